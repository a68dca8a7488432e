export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The start (00:00 UTC) of the day `ms` falls in, as days are counted and stored. */
export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

// UTC everywhere so the server-rendered HTML and the hydrated browser render the same date.
const shortFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const fullFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

// 0 counts as missing like null: an epoch-zero "added" date means none was recorded, not 1 Jan 1970.
function isKnownDate(ms: number | null | undefined): ms is number {
  return typeof ms === "number" && ms !== 0 && !Number.isNaN(new Date(ms).getTime());
}

const shortWithYearFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * A tool's added date as short month and day in UTC, e.g. "Mar 5", with the year when it is not
 * `now`'s ("Mar 5, 2024"), or "Recently" when unknown.
 */
export function formatAddedShort(ms: number | null | undefined, now: number): string {
  if (!isKnownDate(ms)) return "Recently";
  return new Date(ms).getUTCFullYear() === new Date(now).getUTCFullYear()
    ? shortFormat.format(ms)
    : shortWithYearFormat.format(ms);
}

/** A tool's added date as long month, day and year in UTC, e.g. "March 5, 2026", or "Recently" when unknown. */
export function formatAddedFull(ms: number | null | undefined): string {
  return isKnownDate(ms) ? fullFormat.format(ms) : "Recently";
}

/** A moment as "2026-03-05 14:07 UTC" (with `seconds`, "2026-03-05 14:07:09 UTC"): the admin's lists and logs. */
export function formatUtcStamp(ms: number, seconds = false): string {
  return `${new Date(ms)
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replace("T", " ")} UTC`;
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A moment in words, e.g. "Mar 5, 2026, 2:07 PM UTC": the admin's orders and messages. */
export function formatUtcDateTime(ms: number): string {
  return `${dateTimeFormat.format(ms)} UTC`;
}
