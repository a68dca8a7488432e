import { wholeNumber, z } from "./zod.ts";
import { categoryBySlug } from "./categories.ts";
import { DEFAULT_SORT, LIMITS, parsePage, SORTS, type Sort } from "./catalog.ts";
import { FEATURE_MAX_USD, FEATURE_MIN_USD } from "./featuring.ts";
import { INCLUDE_INACTIVE, parseFilters, PLATFORM_SLUGS, PRICING_SLUGS } from "./filters.ts";
import { PRIORITY_REVIEW_PRODUCT } from "./priority-review.ts";
import { MAX_QUERY_LENGTH, normalizeQuery } from "./search.ts";
import { STATUS_TOKEN_PATTERN } from "./submission.ts";
import { isOneLine, oneLineMessage } from "./text.ts";
import { isToolId } from "./tool.ts";

// Kept apart from catalog.ts so pages that only need sorts and limits do not ship Zod to browsers.

const PAGE_MESSAGE = "page must be a whole number from 1.";
const CURSOR_MESSAGE =
  "cursor is not one this API gave out: use the nextCursor of an answer as it is, or start again without a cursor.";
const PAGE_OR_CURSOR = "Give page or cursor, not both.";

/** A page number, 1 when not given. */
const pageField = () =>
  wholeNumber(PAGE_MESSAGE, { min: 1, max: 1_000_000 })
    .optional()
    .meta({ description: "The page, from 1 (default 1)." });

/** A page number as the search and alternatives pages read it (parsePage): empty is page 1. */
const pageTextField = () =>
  z
    .string({ error: PAGE_MESSAGE })
    .regex(/^([1-9]\d{0,6})?$/, PAGE_MESSAGE)
    .transform((text) => parsePage(text)!)
    .optional()
    .meta({ description: "The page, from 1 (default 1)." });

/** The text of a cursor: base64url of JSON, as `encodeCursor` makes it. */
export function encodeCursor(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** What a cursor holds, or undefined when the text is no cursor at all. */
function decodeCursor(text: string): unknown {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
  } catch {
    return undefined;
  }
}

/** A `cursor` parameter: opaque to clients, read back into the position `shape` describes. */
function cursorField<T>(shape: z.ZodType<T>, description: string) {
  return z
    .string()
    .max(400, CURSOR_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, CURSOR_MESSAGE)
    .transform((text, ctx) => {
      const parsed = shape.safeParse(decodeCursor(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: CURSOR_MESSAGE });
      return z.NEVER;
    })
    .optional()
    .meta({ description });
}

const positionId = z.string().refine(isToolId);
const sortNames = Object.keys(SORTS) as [Sort, ...Sort[]];

/** Where a page of `GET /api/v1/tools` ends: the sort, the last tool's sort key (date or name as held) and id. */
const listCursor = z
  .tuple([z.enum(sortNames), z.union([z.number().finite(), z.string().max(300)]), positionId])
  // A name order's key is a name, a date order's a time.
  .refine(([sort, key]) => (sort === "name" || sort === "name-desc") === (typeof key === "string"))
  .transform(([sort, key, id]) => ({ sort, key, id }));

/** A list position as a cursor's text. */
export function listCursorText(sort: Sort, position: { key: number | string; id: string }): string {
  return encodeCursor([sort, position.key, position.id]);
}

/** Where a page of `GET /api/v1/search` ends: the last result's score, featured cents, date and id. */
const searchCursor = z
  .tuple([z.number().int().min(0), z.number().int().min(0), z.number().finite(), positionId])
  .transform(([score, cents, createdAt, id]) => ({ score, cents, createdAt, id }));

/** A search position as a cursor's text. */
export function searchCursorText(position: { score: number; cents: number; createdAt: number; id: string }): string {
  return encodeCursor([position.score, position.cents, position.createdAt, position.id]);
}

const NEXT_CURSOR = "The nextCursor of the previous answer: the page right after it. Not with page.";

/** Query of `GET /api/v1/tools`. */
export const toolListQuerySchema = z
  .object({
    category: z
      .string()
      .optional()
      .refine((v) => v === undefined || v === "all" || categoryBySlug(v) !== undefined, "Unknown category.")
      .meta({ description: "`all` (the default) or a category's slug, as /api/v1/categories gives them." }),
    sort: z.enum(sortNames, { error: "Unknown sort." }).default(DEFAULT_SORT).meta({
      description:
        "recent (newest first, the default), oldest, name (A-Z), name-desc, or trending (the tools trending this week first, by their score from recent likes and page views, then the rest newest first).",
    }),
    page: pageField(),
    cursor: cursorField(listCursor, NEXT_CURSOR),
    pageSize: wholeNumber(`pageSize must be a whole number from 1 to ${LIMITS.apiMaxPageSize}.`, {
      min: 1,
      max: LIMITS.apiMaxPageSize,
    })
      .default(LIMITS.apiDefaultPageSize)
      .meta({ description: `Tools per page, 1 to ${LIMITS.apiMaxPageSize} (default ${LIMITS.apiDefaultPageSize}).` }),
    pricing: filterField("pricing", Object.values(PRICING_SLUGS)),
    platform: filterField("platform", Object.values(PLATFORM_SLUGS)),
    include: includeField(),
  })
  .refine((q) => q.page === undefined || q.cursor === undefined, { message: PAGE_OR_CURSOR, path: ["cursor"] })
  .refine((q) => q.cursor === undefined || q.cursor.sort === q.sort, {
    message: "cursor belongs to another sort: give the sort it was made for, or start again without it.",
    path: ["cursor"],
  });

/** A filter parameter: options of the filter, comma-separated; anything else is refused by name. */
function filterField(name: "pricing" | "platform", options: readonly string[]) {
  return z
    .string()
    .max(500, `${name} is too long.`)
    .optional()
    .refine(
      (value) => value === undefined || parseFilters(new URLSearchParams([[name, value]])).unknown[name].length === 0,
      `one or more of ${options.join(", ")}, comma-separated.`,
    )
    .meta({ description: `Any of ${options.join(", ")}, comma-separated: tools with any of them.` });
}

/** `include=inactive`: lists and search also give unreachable and discontinued tools (core/lifecycle.ts). */
function includeField() {
  return z
    .enum([INCLUDE_INACTIVE], { error: `include must be ${INCLUDE_INACTIVE}.` })
    .optional()
    .meta({
      description:
        "`inactive`: also tools whose website failed the link check several times in a row (unreachable) and discontinued ones, which are left out otherwise.",
    });
}

export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

const SEARCH_REQUIRED = "q is required: the words to search for.";

/** Query of `GET /api/v1/search`. The words' length is the search's to refuse (it counts them normalised). */
export const searchQuerySchema = z
  .object({
    q: z
      .string({ error: SEARCH_REQUIRED })
      .meta({ description: `The words to search for, at most ${MAX_QUERY_LENGTH} characters.` }),
    page: pageTextField(),
    cursor: cursorField(searchCursor, NEXT_CURSOR),
    include: includeField(),
  })
  .refine((q) => q.page === undefined || q.cursor === undefined, { message: PAGE_OR_CURSOR, path: ["cursor"] });

export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Query of `GET /api/v1/tools/{key}/alternatives`. */
export const alternativesQuerySchema = z.object({ page: pageTextField() });

const SUGGEST_REQUIRED = "q is required: the start of a tool's or a category's name.";

/** Query of `GET /api/v1/suggest`: what has been typed into a search box so far, normalised as search matches it. */
export const suggestQuerySchema = z.object({
  q: z
    .string({ error: SUGGEST_REQUIRED })
    .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters.`)
    .refine(isOneLine, oneLineMessage("q"))
    .transform(normalizeQuery)
    .refine((q) => q !== "", SUGGEST_REQUIRED)
    .meta({ description: `What has been typed so far: one line, at most ${MAX_QUERY_LENGTH} characters.` }),
});

const toolIdField = z
  .string({ error: "toolId is required." })
  .trim()
  .min(1, "toolId is required.")
  .max(100, "toolId is too long.")
  .refine(isToolId, "toolId is not a tool's id.");

/** Body of `POST /api/admin/take-screenshot` (docs/design.md#json-api, take screenshot: url, toolId → screenshotUrl). */
export const takeScreenshotSchema = z.object({
  url: z
    .string({ error: "url is required." })
    .trim()
    .min(1, "url is required.")
    .max(2048, "url is too long.")
    .refine((text) => /^https?:\/\//i.test(text), "url must be an http(s) address.")
    .refine(isOneLine, oneLineMessage("url")),
  toolId: toolIdField,
});

const AMOUNT_MESSAGE = `amount must be a whole number of dollars from ${FEATURE_MIN_USD} to ${FEATURE_MAX_USD}.`;

/** Body of `POST /api/checkout-session` (docs/design.md#json-api, create checkout session: toolId, amount in whole dollars). */
export const checkoutRequestSchema = z.object({
  toolId: toolIdField,
  // A form post sends text; a script sends a number. Either way: whole dollars in range, nothing else.
  amount: wholeNumber(AMOUNT_MESSAGE, { min: FEATURE_MIN_USD, max: FEATURE_MAX_USD }),
  // A submitter's private status token (the submit page's paid path), handed back on the success page.
  statusToken: z.string().regex(STATUS_TOKEN_PATTERN, "statusToken is not a status link's token.").optional(),
});

/**
 * Body of `POST /api/checkout-session` with `product=priority-review`: a priority review of a
 * pending submission, at the site's fixed price, bought by its submitter (their status token).
 */
export const priorityReviewRequestSchema = z.object({
  product: z.literal(PRIORITY_REVIEW_PRODUCT, {
    error: "product must be priority-review, or left out to feature a tool.",
  }),
  toolId: toolIdField,
  statusToken: z
    .string({ error: "statusToken is required: a priority review is bought from the submission's status link." })
    .regex(STATUS_TOKEN_PATTERN, "statusToken is not a status link's token."),
});

/**
 * Query of `GET /api/feature-candidates` (the feature dialog): `q`, a name as typed (cut at 100
 * characters), or `tool`, the id of the one tool to offer (a link that names it).
 */
export const featureCandidatesQuerySchema = z.object({
  // Anything but one text (none, or `q[]=…`) reads as no name typed.
  q: z.preprocess((value) => (typeof value === "string" ? value.slice(0, 100) : ""), z.string()),
  tool: toolIdField.optional(),
});

/** The admin login form (docs/design.md#rule-1: 'Admin Login', both fields required). */
export const adminLoginSchema = z.object({
  username: z
    .string({ error: "Username is required." })
    .trim()
    .min(1, "Username is required.")
    .max(64, "Username is too long.")
    .refine(isOneLine, oneLineMessage("Username")),
  password: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(200, "Password is too long."),
  redirectTo: z.string().optional(),
});

/** What an address that cannot be read (not UTF-8 once decoded, or with a NUL in it) is answered with. */
export const UNREADABLE_ADDRESS =
  "This address could not be read: it contains characters that are not valid in a link. Please check the link.";

/** The banner of a failed login: the same for an unknown user and a wrong password. */
export const ADMIN_LOGIN_FAILED = "Invalid username or password!";
