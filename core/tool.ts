import type { CategorySlug } from "./categories.ts";
import type { Platform } from "./platforms.ts";
import type { PricingModel } from "./pricing.ts";

/** A tool's moderation state. Public lists show `approved` and `verified` only. */
export const TOOL_STATUSES = ["pending", "approved", "verified", "rejected"] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];
export const PUBLIC_STATUSES: readonly ToolStatus[] = ["approved", "verified"];
/** Every other state: not shown in public lists. */
export const HIDDEN_STATUSES: readonly ToolStatus[] = TOOL_STATUSES.filter(
  (status) => !PUBLIC_STATUSES.includes(status),
);

/**
 * What a tool id can look like (ours are 20 characters of [0-9a-z]); anything else names no tool
 * and is not looked up (a NUL, or 8 KB of text, has no business in a query or a limiter's key).
 */
export function isToolId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

/** Where a tool came from. */
export const TOOL_SOURCES = ["free_submission", "product_hunt_import", "admin", "demo"] as const;
export type ToolSource = (typeof TOOL_SOURCES)[number];

/** The editable content of a tool, as forms, imports and seeds provide it. */
export interface ToolContent {
  name: string;
  tagline: string;
  websiteUrl: string;
  description: string;
  categories: CategorySlug[];
  tags: string[];
  platforms: Platform[];
  pricingModel: PricingModel | null;
  pricingDetails: string;
  features: string[];
  useCases: string[];
  integrations: string[];
  targetAudience: string[];
}

/**
 * A tool's content with nothing in it: empty text and lists, no pricing model. What a form leaves
 * out, an import cannot read, or a fixture does not care about; callers spread it and set the rest.
 */
export function emptyToolContent(): ToolContent {
  return {
    name: "",
    tagline: "",
    websiteUrl: "",
    description: "",
    categories: [],
    tags: [],
    platforms: [],
    pricingModel: null,
    pricingDetails: "",
    features: [],
    useCases: [],
    integrations: [],
    targetAudience: [],
  };
}
