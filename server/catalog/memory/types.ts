import type { CategorySlug } from "../../../core/categories.ts";
import type { Platform } from "../../../core/platforms.ts";
import type { PricingModel } from "../../../core/pricing.ts";

// What the catalogue in memory takes in and gives back (server/catalog/memory-catalog.ts), shared
// by its parts.

/** The five fields search reads, in this order; categories and tags are items joined by "\n". */
export const FIELDS = ["name", "tagline", "description", "categories", "tags"] as const;
export type Field = (typeof FIELDS)[number];

/**
 * A public tool as the catalogue holds it: the lower-cased text of tool_search, when it was added,
 * and what the lists filter by (its pricing model and platforms, as the tool row has them).
 */
export interface HeldTool {
  id: string;
  createdAt: number;
  name: string;
  tagline: string;
  description: string;
  categories: string;
  tags: string;
  pricingModel: string | null;
  platforms: readonly string[];
  /** Left out of lists unless they ask for every tool: unreachable or discontinued (core/lifecycle.ts hiddenFromLists). */
  inactive?: boolean;
}

/**
 * What a list is narrowed to: masks of pricing models and platforms (core/filters.ts), 0 for any;
 * inactive tools are left out unless `inactive` is true. No masks at all: every tool.
 */
export interface FilterMasks {
  pricing: number;
  platforms: number;
  inactive?: boolean;
}

/** What a tool has in common with another: the categories, tags (lower-cased), platforms and pricing model both have. */
export interface Shares {
  categories: CategorySlug[];
  tags: string[];
  platforms: Platform[];
  pricingModel: PricingModel | null;
}

/** How many tools of a list have each pricing model and each platform, each counted under the other filter. */
export interface FacetCounts {
  pricing: Int32Array;
  platforms: Int32Array;
}

/** A paid order: featured weight is the sum of those paid within the last year. */
export interface HeldPayment {
  toolId: string;
  amountCents: number;
  paidAt: number;
}

/**
 * Where a page of search results ends: the last match's place in the result order (score, then
 * featured weight in cents — 0 when not featured —, then date, newest first, then id). The next
 * page is the matches past it, whether or not that tool is still held.
 */
export interface SearchPosition {
  score: number;
  cents: number;
  createdAt: number;
  id: string;
}

/** One page of matches in result order, and how many there are in all. */
export interface SearchHits {
  hits: { id: string; score: number }[];
  total: number;
  /** Where this page ends, when more matches follow it. */
  next: SearchPosition | null;
  /** How many matches each filter option would give (as `facets` counts a list's), when asked for. */
  facets?: FacetCounts;
}

/** A tool's running featured placement: the weight (sum of payments in force) and its last payment. */
export interface RunningFeaturing {
  cents: number;
  lastPaidAt: number;
}
