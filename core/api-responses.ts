import { z } from "./zod.ts";
import { CATEGORIES, type CategorySlug } from "./categories.ts";

// What the public JSON API answers, as schemas: the server builds its answers to these types, the
// OpenAPI description and the MCP tools' structured output are made from them, and tests check
// every answer against them. Kept apart from api.ts (queries and bodies), which pages import.

const categorySlugs = CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];

/** A tool as a list shows it. */
export const toolSummarySchema = z
  .object({
    id: z.string().describe("The tool's id: never changes."),
    slug: z.string().describe("The tool's address on this site: /tool/{slug}. May change when it is renamed."),
    name: z.string(),
    tagline: z.string().describe("One line on what it does."),
    websiteUrl: z.string().describe("The tool's own website."),
    logoUrl: z.string().nullable().describe("An absolute URL, or null when it has no logo."),
    url: z.string().describe("The tool's page on this site (absolute)."),
    categories: z.array(z.enum(categorySlugs)),
    pricingModel: z.string().nullable().describe("Free, Freemium, Paid, … or null when not known."),
    upvotesCount: z.number().int().min(0).describe("Likes by visitors. Likes cannot be bought."),
    isFeatured: z.boolean().describe("Featured: a paid placement, shown first (same as sponsored)."),
    sponsored: z
      .boolean()
      .describe("True when this placement is paid for (featured). Organic order and search scores ignore it."),
    featuredPrice: z
      .number()
      .min(0)
      .describe("What was paid for the featured year, in US dollars; 0 when not featured."),
    featuredUntil: z.string().nullable().describe("When the featured year ends (ISO 8601), or null."),
    createdAt: z.string().describe("When it was listed (ISO 8601)."),
  })
  .meta({ id: "ToolSummary" });

/** Everything public about one tool, as its page shows it. */
export const toolDetailSchema = toolSummarySchema
  .extend({
    description: z.string().describe("Plain text, paragraphs separated by blank lines."),
    screenshotUrl: z.string().nullable(),
    tags: z.array(z.string()),
    platforms: z.array(z.string()),
    pricingDetails: z.string(),
    features: z.array(z.string()),
    useCases: z.array(z.string()),
    integrations: z.array(z.string()),
    targetAudience: z.array(z.string()),
    updatedAt: z.string().describe("When its listing last changed (ISO 8601)."),
  })
  .meta({ id: "ToolDetail" });

/** A category with its number of public tools. */
export const categorySchema = z
  .object({ slug: z.enum(categorySlugs), name: z.string(), count: z.number().int().min(0) })
  .meta({ id: "Category" });

/** The body of every error answer. */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().describe("A stable code: invalid-argument, not-found, resource-exhausted, …"),
      message: z.string().describe("What went wrong, in words meant for people."),
    }),
  })
  .meta({ id: "Error" });

export type ToolSummaryJson = z.infer<typeof toolSummarySchema>;
export type ToolDetailJson = z.infer<typeof toolDetailSchema>;
