import { z } from "./zod.ts";
import { toolListQuerySchema } from "./api.ts";
import {
  alternativesResponseSchema,
  categoriesResponseSchema,
  collectionListResponseSchema,
  collectionResponseSchema,
  searchResponseSchema,
  toolDetailSchema,
  toolListResponseSchema,
  toolResponseSchema,
} from "./api-responses.ts";
import { CATEGORIES } from "./categories.ts";
import { LIMITS, SORTS } from "./catalog.ts";
import { PLATFORM_SLUGS, PRICING_SLUGS } from "./filters.ts";
import { MAX_QUERY_LENGTH } from "./search.ts";
import { isOneLine, oneLineMessage } from "./text.ts";

// What each MCP tool (core/mcp-tools.ts) takes and answers. The answers are the JSON API's
// (core/api-responses.ts), so a tool found through either door reads the same.

const PAGE_MESSAGE = "page must be a whole number from 1.";
const PAGE_SIZE_MESSAGE = `pageSize must be a whole number from 1 to ${LIMITS.apiMaxPageSize}.`;

/** A page number: JSON's number, unlike the API's query text. */
const page = z
  .number({ error: PAGE_MESSAGE })
  .int(PAGE_MESSAGE)
  .min(1, PAGE_MESSAGE)
  .max(1_000_000, PAGE_MESSAGE)
  .default(1)
  .describe("The page of results, from 1.");

/** A tool named by its slug or id (or, where said, its name). */
function toolKey(label: string, what: string) {
  const required = `${label} is required: ${what}.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(200, `${label} is too long: at most 200 characters.`)
    .refine(isOneLine, oneLineMessage(label))
    .describe(`${what[0]!.toUpperCase()}${what.slice(1)}.`);
}

const SLUG_OR_ID = "the tool's slug (as in its page URL /tool/{slug}) or its id";
const COMPARED_MESSAGE = "Name two or three different tools to compare.";

export const mcpInputs = {
  searchTools: {
    query: z
      .string({ error: "query is required: the words to search for." })
      .max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters.`)
      .refine(isOneLine, oneLineMessage("query"))
      .describe("The words to search for, as a person would type them."),
    page,
  },
  getTool: { tool: toolKey("tool", SLUG_OR_ID) },
  listCategories: {},
  browseTools: {
    category: toolListQuerySchema.shape.category.describe(
      `A category slug (list_categories gives them), or "all" (the default): ${CATEGORIES.map((c) => c.slug).join(", ")}.`,
    ),
    sort: toolListQuerySchema.shape.sort.describe(
      `The order: ${Object.entries(SORTS)
        .map(([value, label]) => `${value} (${label})`)
        .join(", ")}.`,
    ),
    pricing: toolListQuerySchema.shape.pricing.describe(
      `Only these pricing models, comma-separated: ${Object.values(PRICING_SLUGS).join(", ")}.`,
    ),
    platform: toolListQuerySchema.shape.platform.describe(
      `Only tools on one of these platforms, comma-separated: ${Object.values(PLATFORM_SLUGS).join(", ")}.`,
    ),
    page,
    pageSize: z
      .number({ error: PAGE_SIZE_MESSAGE })
      .int(PAGE_SIZE_MESSAGE)
      .min(1, PAGE_SIZE_MESSAGE)
      .max(LIMITS.apiMaxPageSize, PAGE_SIZE_MESSAGE)
      .default(LIMITS.apiDefaultPageSize)
      .describe(`Tools per page, from 1 to ${LIMITS.apiMaxPageSize}.`),
  },
  findAlternatives: { tool: toolKey("tool", SLUG_OR_ID), page },
  compareTools: {
    tools: z
      .array(toolKey("each tool", "a tool's slug, id or name"), { error: COMPARED_MESSAGE })
      .min(2, COMPARED_MESSAGE)
      .max(LIMITS.comparedAtMost, COMPARED_MESSAGE)
      .describe("Two or three tools, each by slug, id or name."),
  },
  listCollections: {},
  getCollection: {
    collection: toolKey("collection", "the collection's slug (as in its page URL /collections/{slug})"),
  },
};

/**
 * An API answer's schema as a tool's output: the same fields, without the answer's own schema name,
 * which would make its JSON Schema a reference where MCP wants an object.
 */
const asOutput = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) => z.object(schema.shape);

export const mcpOutputs = {
  searchTools: asOutput(searchResponseSchema),
  getTool: asOutput(toolResponseSchema),
  listCategories: asOutput(categoriesResponseSchema),
  browseTools: asOutput(toolListResponseSchema),
  findAlternatives: asOutput(alternativesResponseSchema),
  compareTools: z.object({
    data: z.array(toolDetailSchema).describe("The tools, in the comparison page's order."),
    url: z.string().describe("The comparison page on this site (absolute)."),
  }),
  listCollections: asOutput(collectionListResponseSchema),
  getCollection: asOutput(collectionResponseSchema),
};

export type McpToolKey = keyof typeof mcpOutputs;
