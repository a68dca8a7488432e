import { emailFormat } from "./email.ts";
import { z } from "./zod.ts";

// The weekly digest's rules that browser and server share: the subscribe form's schema, how an
// address is stored, what an issue is keyed by, and the words of the pages.

/** The longest address the form takes (RFC 5321's path limit). */
export const DIGEST_EMAIL_MAX = 254;

/** The name of the hidden field people never fill in and form-filling bots do. */
export const DIGEST_HONEYPOT_FIELD = "digest_website";

/**
 * An address as stored: trimmed, its domain lower-cased (domains are case-insensitive; the part
 * before the @ is, strictly, the mailbox's own business and is kept as typed).
 */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf("@");
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

/** The subscribe form: one address, normalised. */
export const digestSubscribeSchema = z.object({
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(DIGEST_EMAIL_MAX, "Email is too long.")
    .pipe(emailFormat("Please enter a valid email address."))
    .transform(normalizeEmail),
});

export type DigestSubscribeInput = z.infer<typeof digestSubscribeSchema>;

/** What the site says after a subscribe post, whatever the address's state (never whether it was known). */
export const DIGEST_CHECK_INBOX = "Check your inbox to confirm";

/**
 * The ISO week (`2026-W48`) a moment falls in, in a time zone: the key of one digest issue, so
 * every run in the same week (retries, a run by hand) belongs to the same issue.
 */
export function isoWeekKey(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const date = new Date(Date.UTC(part("year"), part("month") - 1, part("day")));
  // The Thursday of the date's week decides the week's year (ISO 8601).
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}
