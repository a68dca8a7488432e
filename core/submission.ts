import { wholeNumber, z } from "./zod.ts";
import { emailFormat } from "./email.ts";
import { CATEGORY_SLUGS, type CategorySlug } from "./categories.ts";
import { FEATURE_MAX_USD, FEATURE_MIN_USD, SUBMIT_FEATURE_DEFAULT_USD } from "./featuring.ts";
import { PLATFORMS } from "./platforms.ts";
import { PRICING_MODELS } from "./pricing.ts";
import { slugify } from "./slug.ts";
import { isOneLine, oneLineMessage } from "./text.ts";
import { LOGO_LIMITS } from "./uploads.ts";

/** Limits of the submission form, shared by the form's hints and the schema. */
export const SUBMISSION_LIMITS = {
  name: 80,
  tagline: 160,
  websiteUrl: 2048,
  description: 5000,
  categories: 5,
  tags: 10,
  tag: 30,
  pricingDetails: 500,
  /** Each comma-separated list: features, use cases, integrations, target audience. */
  listItems: 20,
  listItem: 150,
  email: 254,
} as const;

/** What a submission's status link or confirmation address answers when its token is nobody's. */
export const SUBMISSION_NOT_FOUND = "No submission found for this link.";

/** What a submission's status-link token looks like (32 random bytes, base64url); anything else is not looked up. */
export const STATUS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The texts users see (docs/design.md#validation, docs/design.md#errors). */
export const SUBMISSION_MESSAGES = {
  noCategory: "Please select at least one category.",
  emptyName: "Tool name cannot be empty.",
  noLogo: "Please upload a logo file.",
  logoTooLarge: logoFailedMessage("The file is larger than 5 MB"),
  success: "Tool submitted successfully! We'll review it shortly.",
  featureAmount: `The feature amount must be a whole number of dollars from $${FEATURE_MIN_USD} to $${FEATURE_MAX_USD.toLocaleString("en-US")}.`,
} as const;

/** 'Error submitting tool: {message}' (docs/design.md#errors). */
export function submitFailedMessage(message: string): string {
  return `Error submitting tool: ${message}`;
}

/** 'Logo upload failed: {message}. Please try again.' (docs/design.md#errors); `message` may end in a full stop. */
export function logoFailedMessage(message: string): string {
  return `Logo upload failed: ${message.trim().replace(/\.+$/, "")}. Please try again.`;
}

/** The name of the hidden field people never fill in and form-filling bots do. */
export const SUBMIT_HONEYPOT_FIELD = "company_url";

const fmt = (n: number) => n.toLocaleString("en-US");

// Every required field is one line (name, tagline, website); the optional ones are text areas.
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${fmt(max)} characters.`)
    .refine(isOneLine, oneLineMessage(label));

/** An optional one-line text (empty when absent): what an import may leave out that the form requires. */
export const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${fmt(max)} characters.`)
    .refine(isOneLine, oneLineMessage(label))
    .optional()
    .transform((value) => value ?? "");

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${fmt(max)} characters.`)
    .optional()
    .transform((value) => value ?? "");

/** Splits a comma-separated list: items trimmed, empty ones dropped, repeats (ignoring case) once. */
export function splitList(text: string): string[] {
  return distinctItems(text.split(","));
}

/** List items trimmed (inner spaces collapsed), empty ones dropped, repeats (ignoring case) once. */
export function distinctItems(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of list) {
    const item = raw.trim().replace(/\s+/g, " ");
    const key = item.toLowerCase();
    if (item === "" || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/** A list of one-line items (tags, features…) already split: at most `maxItems`, each at most `maxItem` characters. */
export const itemList = (label: string, maxItems: number, maxItem: number) =>
  z
    .array(
      z
        .string()
        .max(maxItem, `Each item of ${label} must be at most ${fmt(maxItem)} characters.`)
        .refine(isOneLine, oneLineMessage(`Each item of ${label}`)),
    )
    .max(maxItems, `${label[0]!.toUpperCase()}${label.slice(1)}: at most ${maxItems} items.`);

const commaList = (label: string, maxItems: number, maxItem: number) =>
  z
    .string()
    .optional()
    .transform((text) => splitList(text ?? ""))
    .pipe(itemList(label, maxItems, maxItem));

/** An http(s) address, as the submitter typed it (trimmed). */
export const websiteUrlSchema = requiredText("Website URL", SUBMISSION_LIMITS.websiteUrl).refine((text) => {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}, "Please enter the full website address, starting with https://.");

/**
 * The free submission form (docs/design.md#screens, docs/design.md#validation), one schema for the browser and the server. The logo is
 * checked here for presence and size only; its content is checked on the server.
 */
export const submissionSchema = z.object({
  name: requiredText("Name", SUBMISSION_LIMITS.name).refine(
    (name) => slugify(name).replace(/-/g, "") !== "",
    SUBMISSION_MESSAGES.emptyName,
  ),
  tagline: requiredText("Tagline", SUBMISSION_LIMITS.tagline),
  websiteUrl: websiteUrlSchema,
  description: optionalText("Description", SUBMISSION_LIMITS.description),
  categories: z
    .array(
      z.enum(CATEGORY_SLUGS as [CategorySlug, ...CategorySlug[]], { error: "Please choose categories from the list." }),
      {
        error: SUBMISSION_MESSAGES.noCategory,
      },
    )
    .min(1, SUBMISSION_MESSAGES.noCategory)
    .max(SUBMISSION_LIMITS.categories, `Please choose at most ${SUBMISSION_LIMITS.categories} categories.`)
    .transform((slugs) => [...new Set(slugs)]),
  tags: commaList("tags", SUBMISSION_LIMITS.tags, SUBMISSION_LIMITS.tag),
  platforms: z
    .array(z.enum(PLATFORMS, { error: "Please choose platforms from the list." }))
    .optional()
    .transform((platforms) => [...new Set(platforms ?? [])]),
  pricingModel: z
    .enum(PRICING_MODELS, { error: "Please choose a pricing model from the list." })
    .optional()
    .transform((model) => model ?? null),
  pricingDetails: optionalText("Pricing details", SUBMISSION_LIMITS.pricingDetails),
  features: commaList("features", SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
  useCases: commaList("use cases", SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
  integrations: commaList("integrations", SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
  targetAudience: commaList("target audience", SUBMISSION_LIMITS.listItems, SUBMISSION_LIMITS.listItem),
  submitterEmail: z
    .string()
    .trim()
    .max(SUBMISSION_LIMITS.email, "Email is too long.")
    .pipe(emailFormat("Please enter a valid email address, or leave it empty."))
    .optional()
    .transform((email) => email ?? null),
  logo: z
    .file({ error: SUBMISSION_MESSAGES.noLogo })
    .min(1, logoFailedMessage("The file is empty"))
    .max(LOGO_LIMITS.maxBytes, SUBMISSION_MESSAGES.logoTooLarge),
  /** The optional paid path: "on" when the submitter wants the tool featured after submitting. */
  feature: z.literal("on", { error: "Please tick the box or leave it empty." }).optional(),
  /** Whole dollars for the paid path; read even when `feature` is off (then unused). */
  featureAmount: wholeNumber(SUBMISSION_MESSAGES.featureAmount, { min: FEATURE_MIN_USD, max: FEATURE_MAX_USD }).default(
    SUBMIT_FEATURE_DEFAULT_USD,
  ),
});

/** What "Fill from website" needs of the form: the website's address (a hydrated form checks it before asking). */
export const fillSchema = z.object({ websiteUrl: websiteUrlSchema });

export type SubmissionInput = z.infer<typeof submissionSchema>;

/**
 * The submission without its file and its paid-path choice: what the server stores as the tool's
 * content. The feature choice is the page's business (it leads to checkout), never stored with the tool.
 */
export type SubmissionContent = Omit<SubmissionInput, "logo" | "feature" | "featureAmount">;

/**
 * What makes two website addresses the same listing: the host without "www." and the path without
 * a trailing slash, lower-cased; scheme, port, query (referral tags) and fragment ignored.
 */
export function websiteKey(websiteUrl: string): string {
  try {
    const url = new URL(websiteUrl);
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    const path = url.pathname.toLowerCase().replace(/\/+$/, "");
    return `${host}${path}`;
  } catch {
    return websiteUrl.trim().toLowerCase();
  }
}
