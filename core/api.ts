import { wholeNumber, z } from "./zod.ts";
import { categoryBySlug } from "./categories.ts";
import { DEFAULT_SORT, LIMITS, SORTS, type Sort } from "./catalog.ts";
import { FEATURE_MAX_USD, FEATURE_MIN_USD } from "./featuring.ts";
import { parseFilters, PLATFORM_SLUGS, PRICING_SLUGS } from "./filters.ts";
import { MAX_QUERY_LENGTH, normalizeQuery } from "./search.ts";
import { STATUS_TOKEN_PATTERN } from "./submission.ts";
import { isOneLine, oneLineMessage } from "./text.ts";
import { isToolId } from "./tool.ts";

// Kept apart from catalog.ts so pages that only need sorts and limits do not ship Zod to browsers.

/** Query of `GET /api/v1/tools`. */
export const toolListQuerySchema = z.object({
  category: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "all" || categoryBySlug(v) !== undefined, "Unknown category."),
  sort: z.enum(Object.keys(SORTS) as [Sort, ...Sort[]], { error: "Unknown sort." }).default(DEFAULT_SORT),
  page: wholeNumber("page must be a whole number from 1.", { min: 1, max: 1_000_000 }).default(1),
  pageSize: wholeNumber(`pageSize must be a whole number from 1 to ${LIMITS.apiMaxPageSize}.`, {
    min: 1,
    max: LIMITS.apiMaxPageSize,
  }).default(LIMITS.apiDefaultPageSize),
  pricing: filterField("pricing", Object.values(PRICING_SLUGS)),
  platform: filterField("platform", Object.values(PLATFORM_SLUGS)),
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
    );
}

export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

const SUGGEST_REQUIRED = "q is required: the start of a tool's or a category's name.";

/** Query of `GET /api/v1/suggest`: what has been typed into a search box so far, normalised as search matches it. */
export const suggestQuerySchema = z.object({
  q: z
    .string({ error: SUGGEST_REQUIRED })
    .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters.`)
    .refine(isOneLine, oneLineMessage("q"))
    .transform(normalizeQuery)
    .refine((q) => q !== "", SUGGEST_REQUIRED),
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
