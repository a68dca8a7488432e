import { z } from "zod";
import { FEATURE_MAX_USD, FEATURE_MIN_USD } from "../../core/featuring.ts";
import { PRICING_MODELS } from "../../core/pricing.ts";
import { SUBMISSION_LIMITS, submissionSchema } from "../../core/submission.ts";
import { isOneLine } from "../../core/text.ts";
import demoTools from "./demo-tools.json" with { type: "json" };

// The demo catalogue is data (demo-tools.json: all copy original to it, grouped by primary
// category; five tools carry a live featured payment, one a payment older than a year, four are
// still pending review). It is checked when loaded by the submission form's own field rules, so a
// demo tool is one a visitor could have submitted; demo-tools.test.ts checks the catalogue as a whole.

const shared = submissionSchema.shape;

/** A list field as JSON: short one-line items, as many as the form's comma-separated lists allow. */
const list = (maxItems: number, maxItem: number) =>
  z.array(z.string().trim().min(1).max(maxItem).refine(isOneLine, "one line")).max(maxItems);

/** One tool of the demo catalogue; times are relative to the moment of seeding. */
export const demoToolSchema = z.strictObject({
  name: shared.name,
  tagline: shared.tagline,
  /** The product's real https homepage. */
  websiteUrl: shared.websiteUrl,
  /** Plain text: paragraphs separated by "\n\n", a single "\n" a line break inside one. */
  description: shared.description,
  /** The first is the primary category. */
  categories: shared.categories,
  tags: list(SUBMISSION_LIMITS.tags, SUBMISSION_LIMITS.tag),
  platforms: shared.platforms,
  pricingModel: z.enum(PRICING_MODELS),
  pricingDetails: shared.pricingDetails,
  features: list(SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
  useCases: list(SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
  integrations: list(SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
  targetAudience: list(SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
  upvotes: z.int().min(0),
  addedDaysAgo: z.int().min(0),
  /** Only on the tools still waiting for review. */
  status: z.literal("pending").optional(),
  /** Only on the featured ones (and the one whose year has run out). */
  featured: z
    .strictObject({ amountUsd: z.int().min(FEATURE_MIN_USD).max(FEATURE_MAX_USD), paidDaysAgo: z.int().min(0) })
    .optional(),
});

export type DemoTool = z.output<typeof demoToolSchema>;

/** Parses the demo catalogue; throws naming the tool and field of the first entry that breaks a rule. */
export function parseDemoTools(data: unknown): readonly DemoTool[] {
  return z.array(demoToolSchema).min(1).parse(data);
}

/** The demo catalogue, checked. */
export const DEMO_TOOLS: readonly DemoTool[] = parseDemoTools(demoTools);
