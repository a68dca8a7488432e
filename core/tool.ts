import type { CategorySlug } from "./categories.ts";
import type { Platform } from "./platforms.ts";
import type { PricingModel } from "./pricing.ts";

/** A tool's moderation state. Public lists show `approved` and `verified` only. */
export const TOOL_STATUSES = ["pending", "approved", "verified", "rejected"] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];
export const PUBLIC_STATUSES: readonly ToolStatus[] = ["approved", "verified"];

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
