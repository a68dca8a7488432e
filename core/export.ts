import { z } from "./zod.ts";
import { toolDetailSchema } from "./api-responses.ts";
import { TOOL_STATUSES } from "./tool.ts";

// The catalogue as files. The public export is JSON Lines of ToolDetail (core/api-responses.ts);
// the admin export adds what only admins see, as JSON Lines or CSV. Never an e-mail address or a
// secret (a status-link token's hash): an export is a file that travels.

/** One tool of the admin export: everything public about it, and its private state. */
export const adminToolRecordSchema = toolDetailSchema.extend({
  status: z.enum(TOOL_STATUSES),
  rejectionReason: z.string().nullable().describe("Why an admin rejected it, as its submitter was told."),
  source: z.string().describe("free_submission, product_hunt_import, admin or demo."),
  sourceUrl: z.string().nullable().describe("The Product Hunt launch it was imported from."),
  websiteKey: z.string().nullable().describe("What makes two websites the same listing."),
  linkCheckedAt: z.string().nullable().describe("When the weekly link check last ran on it (ISO 8601)."),
  linkCheckResult: z.string().nullable().describe('What that check found: "200", or why it failed.'),
  linkFailures: z.number().int().min(0).describe("Failed link checks in a row."),
  paidOrders: z.number().int().min(0).describe("Paid featuring orders, past years included (refunded ones not)."),
  paidUsd: z.number().min(0).describe("What those orders paid, in US dollars."),
  lastPaidAt: z.string().nullable().describe("When the last of them was paid (ISO 8601)."),
});

export type AdminToolRecord = z.infer<typeof adminToolRecordSchema>;

type Cell = string | number | boolean | null | readonly string[];

/**
 * The admin CSV's columns, in order: first those the CSV import reads, under the same names, then
 * the rest. The header row is these names (README: "Exporting the catalogue").
 */
export const ADMIN_CSV_COLUMNS: readonly (readonly [string, (r: AdminToolRecord) => Cell])[] = [
  ["name", (r) => r.name],
  ["website_url", (r) => r.websiteUrl],
  ["tagline", (r) => r.tagline],
  ["description", (r) => r.description],
  ["categories", (r) => r.categories],
  ["pricing_model", (r) => r.pricingModel],
  ["platforms", (r) => r.platforms],
  ["tags", (r) => r.tags],
  ["id", (r) => r.id],
  ["slug", (r) => r.slug],
  ["status", (r) => r.status],
  ["url", (r) => r.url],
  ["logo_url", (r) => r.logoUrl],
  ["screenshot_url", (r) => r.screenshotUrl],
  ["pricing_details", (r) => r.pricingDetails],
  ["features", (r) => r.features],
  ["use_cases", (r) => r.useCases],
  ["integrations", (r) => r.integrations],
  ["target_audience", (r) => r.targetAudience],
  ["upvotes_count", (r) => r.upvotesCount],
  ["is_featured", (r) => r.isFeatured],
  ["featured_price", (r) => r.featuredPrice],
  ["featured_until", (r) => r.featuredUntil],
  ["paid_orders", (r) => r.paidOrders],
  ["paid_usd", (r) => r.paidUsd],
  ["last_paid_at", (r) => r.lastPaidAt],
  ["created_at", (r) => r.createdAt],
  ["updated_at", (r) => r.updatedAt],
  ["source", (r) => r.source],
  ["source_url", (r) => r.sourceUrl],
  ["rejection_reason", (r) => r.rejectionReason],
  ["website_key", (r) => r.websiteKey],
  ["link_checked_at", (r) => r.linkCheckedAt],
  ["link_check_result", (r) => r.linkCheckResult],
  ["link_failures", (r) => r.linkFailures],
  ["comments_count", (r) => r.commentsCount],
  ["rating_average", (r) => r.rating.average],
];

/** The admin CSV's header row. */
export const ADMIN_CSV_HEADER: readonly string[] = ADMIN_CSV_COLUMNS.map(([name]) => name);

/** What joins a list's items in one CSV cell. */
export const CSV_LIST_SEPARATOR = ";";

/**
 * A text a spreadsheet could read as a formula (OWASP, CSV injection): one beginning with =, +, -
 * or @, or with a tab or carriage return (which some programs skip before reading one). Prefixed
 * with a single quote, which spreadsheets take as "this is text"; anything else is left as it is.
 */
export function escapeCsvCell(text: string): string {
  // A text that already begins with the quote gets one more, so reading it back (unescapeCsvCell)
  // takes off exactly the one added here.
  return /^[=+\-@\t\r']/.test(text) ? `'${text}` : text;
}

/** A cell's text as it was before escapeCsvCell: what the CSV import reads from our own export. */
export function unescapeCsvCell(text: string): string {
  return /^'[=+\-@\t\r']/.test(text) ? text.slice(1) : text;
}

/**
 * A cell's text: nothing for null, true/false, numbers in figures, a list's items joined by ";".
 * Each item is escaped: a spreadsheet set to split on ";" would make every item a cell of its own.
 */
export function csvCell(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "string") return escapeCsvCell(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // The first item's escape also guards the cell's start.
  return value.map(escapeCsvCell).join(CSV_LIST_SEPARATOR);
}

/** One tool as a row of the admin CSV, in ADMIN_CSV_HEADER's order. */
export function adminCsvRow(record: AdminToolRecord): string[] {
  return ADMIN_CSV_COLUMNS.map(([, read]) => csvCell(read(record)));
}

/** The name an export's file is saved under: the site's name and the day (UTC) it was made. */
export function exportFileName(now: number, extension: "jsonl" | "csv"): string {
  return `toolshelf-catalogue-${new Date(now).toISOString().slice(0, 10)}.${extension}`;
}
