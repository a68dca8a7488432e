import { z } from "zod";
import { categoryBySlug } from "./categories.ts";
import { DEFAULT_SORT, LIMITS, SORTS, type Sort } from "./catalog.ts";
import { FEATURE_MAX_USD, FEATURE_MIN_USD } from "./featuring.ts";

// Kept apart from catalog.ts so pages that only need sorts and limits do not ship Zod to browsers.

/** Query of `GET /api/v1/tools`. */
export const toolListQuerySchema = z.object({
  category: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "all" || categoryBySlug(v) !== undefined, "Unknown category."),
  sort: z.enum(Object.keys(SORTS) as [Sort, ...Sort[]], { error: "Unknown sort." }).default(DEFAULT_SORT),
  page: z.coerce
    .number({ error: "page must be a whole number from 1." })
    .int("page must be a whole number from 1.")
    .min(1, "page must be a whole number from 1.")
    .max(1_000_000, "page is too large.")
    .default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a whole number from 1 to 100." })
    .int("pageSize must be a whole number from 1 to 100.")
    .min(1, "pageSize must be a whole number from 1 to 100.")
    .max(LIMITS.apiMaxPageSize, "pageSize must be a whole number from 1 to 100.")
    .default(LIMITS.apiDefaultPageSize),
});

export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

/** Body of `POST /api/admin/take-screenshot` (spec §7 takeScreenshot: url, toolId → screenshotUrl). */
export const takeScreenshotSchema = z.object({
  url: z
    .string({ error: "url is required." })
    .trim()
    .min(1, "url is required.")
    .max(2048, "url is too long.")
    .refine((text) => /^https?:\/\//i.test(text), "url must be an http(s) address."),
  toolId: z.string({ error: "toolId is required." }).trim().min(1, "toolId is required.").max(100, "toolId is too long."),
});

const AMOUNT_MESSAGE = `amount must be a whole number of dollars from ${FEATURE_MIN_USD} to ${FEATURE_MAX_USD}.`;

/** Body of `POST /api/checkout-session` (spec §7 createCheckoutSession: toolId, amount in whole dollars). */
export const checkoutRequestSchema = z.object({
  toolId: z.string({ error: "toolId is required." }).trim().min(1, "toolId is required.").max(100, "toolId is too long."),
  // A form post sends text; a script sends a number. Either way: whole dollars in range, nothing else.
  amount: z
    .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, AMOUNT_MESSAGE).transform(Number)], { error: AMOUNT_MESSAGE })
    .pipe(z.number().int(AMOUNT_MESSAGE).min(FEATURE_MIN_USD, AMOUNT_MESSAGE).max(FEATURE_MAX_USD, AMOUNT_MESSAGE)),
});

/** The admin login form (DESIGN rule 1: 'Admin Login', both fields required). */
export const adminLoginSchema = z.object({
  username: z.string({ error: "Username is required." }).trim().min(1, "Username is required.").max(64, "Username is too long."),
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(200, "Password is too long."),
  redirectTo: z.string().optional(),
});

/** The banner of a failed login: the same for an unknown user and a wrong password. */
export const ADMIN_LOGIN_FAILED = "Invalid username or password!";
