import { z } from "./zod.ts";
import { CATEGORIES, type CategorySlug } from "./categories.ts";
import { LIFECYCLE_STATES } from "./lifecycle.ts";

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
      .describe(
        "True when this placement is paid for (featured). Search scores and sorted lists ignore it; among search results with equal scores, sponsored ones come first (/ranking).",
      ),
    featuredPrice: z
      .number()
      .min(0)
      .describe("What was paid for the featured year, in US dollars; 0 when not featured."),
    featuredUntil: z.string().nullable().describe("When the featured year ends (ISO 8601), or null."),
    createdAt: z.string().describe("When it was listed (ISO 8601)."),
    lifecycle: z
      .enum(LIFECYCLE_STATES)
      .describe(
        "Whether it is still alive: active; stale (its website and repository showed no change for a long time); unreachable (its website failed several link checks in a row); discontinued or acquired (set by hand). Lists leave out unreachable and discontinued tools unless asked with include=inactive.",
      ),
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
    lastCheckedAt: z
      .string()
      .nullable()
      .describe("When the weekly link check last visited its website (ISO 8601), or null."),
    lastUpdatedAt: z
      .string()
      .nullable()
      .describe(
        "When the link check last saw its website change, or its public repository's last activity, whichever is later (ISO 8601); null when not known.",
      ),
    successor: z
      .object({ slug: z.string(), name: z.string(), url: z.string() })
      .nullable()
      .describe("The tool that took over from a discontinued or acquired one, or null."),
    commentsCount: z.number().int().min(0).describe("Published reviews (the same as rating.count)."),
    rating: z
      .object({
        average: z
          .number()
          .min(1)
          .max(5)
          .nullable()
          .describe("The mean of the published reviews' ratings (1 to 5), to one decimal; null without reviews."),
        count: z.number().int().min(0).describe("Published reviews."),
      })
      .describe("Visitors' ratings, published after moderation."),
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

/** How a list is paged: by number, and by cursor. */
const paging = {
  page: z.number().int().min(1).nullable().describe("The page number, or null when the page was asked for by cursor."),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0).describe("How many there are in all."),
  totalPages: z.number().int().min(1),
  nextCursor: z
    .string()
    .nullable()
    .describe("Pass as `cursor` for the page right after this one; null on the last page."),
};

/** A filter option with the number of tools it would give. */
const facetSchema = z.object({
  value: z.string().describe("The option as the filter parameter takes it."),
  label: z.string(),
  count: z.number().int().min(0),
});

/** `GET /api/v1/tools`. */
export const toolListResponseSchema = z
  .object({
    data: z.array(toolSummarySchema),
    ...paging,
    filters: z
      .object({ pricing: z.array(z.string()), platform: z.array(z.string()) })
      .describe("The filter options applied."),
    facets: z
      .object({ pricing: z.array(facetSchema), platform: z.array(facetSchema) })
      .describe("For each filter option, how many tools of the category it would give under the other filter."),
  })
  .meta({ id: "ToolList" });

/** `GET /api/v1/tools/{key}`. */
export const toolResponseSchema = z.object({ data: toolDetailSchema }).meta({ id: "ToolAnswer" });

/** A tool most like another, with what the two have in common. */
export const alternativeSchema = toolSummarySchema
  .extend({
    shares: z.object({
      categories: z.array(z.enum(categorySlugs)),
      tags: z.array(z.string()).describe("Lower-cased."),
      platforms: z.array(z.string()),
      pricingModel: z.string().nullable(),
    }),
  })
  .meta({ id: "Alternative" });

/** `GET /api/v1/tools/{key}/alternatives`. */
export const alternativesResponseSchema = z
  .object({
    tool: z.object({ id: z.string(), slug: z.string(), name: z.string() }).describe("The tool asked about."),
    data: z.array(alternativeSchema),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(1),
  })
  .meta({ id: "AlternativesList" });

/** A search result: a tool with its score. */
export const searchResultSchema = toolSummarySchema
  .extend({ score: z.number().int().min(0).describe("Points for the query: higher is a better match.") })
  .meta({ id: "SearchResult" });

/** `GET /api/v1/search`. */
export const searchResponseSchema = z
  .object({
    query: z.string().describe("The query as matched: trimmed, lower-cased, spaces collapsed."),
    data: z.array(searchResultSchema),
    ...paging,
    suggestion: z.string().nullable().describe('A corrected query ("did you mean"), when nothing matched.'),
  })
  .meta({ id: "SearchResults" });

/** `GET /api/v1/suggest`. */
export const suggestResponseSchema = z
  .object({
    query: z.string(),
    data: z.object({
      tools: z.array(z.object({ slug: z.string(), name: z.string(), tagline: z.string(), path: z.string() })),
      categories: z.array(
        z.object({ slug: z.string(), name: z.string(), count: z.number().int().min(0), path: z.string() }),
      ),
    }),
  })
  .meta({ id: "Suggestions" });

/** `GET /api/v1/categories`. */
export const categoriesResponseSchema = z.object({ data: z.array(categorySchema) }).meta({ id: "CategoryList" });

/** A published collection as the list of collections shows it. */
export const collectionSummarySchema = z
  .object({
    slug: z.string().describe("The collection's address on this site: /collections/{slug}."),
    title: z.string(),
    introduction: z.string().describe("Plain text, on one line: the introduction as its page shows it."),
    url: z.string().describe("The collection's page on this site (absolute)."),
    toolCount: z.number().int().min(0).describe("How many public tools it lists."),
    publishedAt: z.string().describe("When it was published (ISO 8601)."),
    updatedAt: z.string().describe("When it last changed (ISO 8601)."),
  })
  .meta({ id: "CollectionSummary" });

/** `GET /api/v1/collections`. */
export const collectionListResponseSchema = z
  .object({ data: z.array(collectionSummarySchema) })
  .meta({ id: "CollectionList" });

/** `GET /api/v1/collections/{slug}`. */
export const collectionResponseSchema = z
  .object({
    data: collectionSummarySchema.extend({
      tools: z
        .array(
          toolSummarySchema.extend({
            note: z.string().describe("Why the collection lists it, in the curator's words; empty when none."),
          }),
        )
        .describe("Its public tools, in the curator's order."),
    }),
  })
  .meta({ id: "CollectionAnswer" });

export type ToolSummaryJson = z.infer<typeof toolSummarySchema>;
export type ToolDetailJson = z.infer<typeof toolDetailSchema>;
export type ToolJson = z.infer<typeof toolResponseSchema>;
export type ToolListJson = z.infer<typeof toolListResponseSchema>;
export type AlternativesJson = z.infer<typeof alternativesResponseSchema>;
export type SearchJson = z.infer<typeof searchResponseSchema>;
export type SuggestJson = z.infer<typeof suggestResponseSchema>;
export type CategoriesJson = z.infer<typeof categoriesResponseSchema>;
export type CollectionListJson = z.infer<typeof collectionListResponseSchema>;
export type CollectionJson = z.infer<typeof collectionResponseSchema>;
