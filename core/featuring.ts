/** Smallest feature payment in whole US dollars; also the fallback for empty input (docs/design.md#constants). */
export const FEATURE_MIN_USD = 19;
/** Largest feature payment accepted from the input, in whole US dollars. */
export const FEATURE_MAX_USD = 5000;
/** The amount pre-filled on the feature page. */
export const FEATURE_DEFAULT_USD = 19;
/** The amount pre-filled when featuring is chosen while submitting a tool. */
export const SUBMIT_FEATURE_DEFAULT_USD = 100;
/** How long a paid feature lasts, in days. */
export const FEATURED_DAYS = 365;
/** How long a paid feature lasts, in milliseconds; calendar days, not calendar years. */
export const FEATURED_DURATION_MS = FEATURED_DAYS * 24 * 60 * 60 * 1000;

/**
 * The one tier scale, everywhere an amount is chosen or shown (the dialog, the submit form, the
 * checkout): each tier from its amount up to the next one's.
 */
export const FEATURE_TIERS = [
  { name: "Standard", fromUsd: FEATURE_MIN_USD },
  { name: "Medium", fromUsd: 100 },
  { name: "High", fromUsd: 500 },
  { name: "Premium", fromUsd: 1000 },
] as const;
export type FeatureTier = (typeof FEATURE_TIERS)[number]["name"];

/** The tier a feature payment buys: under 100 Standard, from 100 Medium, from 500 High, from 1000 Premium. */
export function featureTier(amountUsd: number): FeatureTier {
  let tier: FeatureTier = FEATURE_TIERS[0].name;
  for (const { name, fromUsd } of FEATURE_TIERS) if (amountUsd >= fromUsd) tier = name;
  return tier;
}

/** The scale in one line: "Standard under $100 · Medium from $100 · High from $500 · Premium from $1,000". */
export const FEATURE_TIERS_TEXT = FEATURE_TIERS.map(({ name, fromUsd }, i) =>
  i === 0 ? `${name} under $${FEATURE_TIERS[1].fromUsd}` : `${name} from $${fromUsd.toLocaleString("en-US")}`,
).join(" · ");

/** What assistive technology reads for an amount slider: "$150, Medium tier". */
export function featureAmountText(amountUsd: number): string {
  return `$${amountUsd.toLocaleString("en-US")}, ${featureTier(amountUsd)} tier`;
}

/**
 * The amounts an amount slider stops at, evenly spaced along its track: close together where
 * people buy (tens of dollars to a few hundred), further apart towards the top, so $19–$500 takes
 * most of the track instead of its first tenth. A typed amount between two stops is kept as typed.
 */
export const FEATURE_SLIDER_STOPS_USD = [
  19, 25, 30, 40, 50, 60, 75, 100, 125, 150, 200, 250, 300, 400, 500, 600, 750, 1000, 1500, 2000, 3000, 4000, 5000,
] as const;

/** The preset amounts offered as buttons beside the slider. */
export const FEATURE_PRESETS_USD = [19, 50, 100, 250, 500, 1000] as const;

/** The slider position (an index into FEATURE_SLIDER_STOPS_USD) for an amount: the last stop at or below it. */
export function sliderPosition(amountUsd: number): number {
  let position = 0;
  FEATURE_SLIDER_STOPS_USD.forEach((stop, i) => {
    if (amountUsd >= stop) position = i;
  });
  return position;
}

/** The amount at a slider position; positions outside the track are taken to its ends. */
export function sliderAmount(position: number): number {
  const last = FEATURE_SLIDER_STOPS_USD.length - 1;
  const index = Number.isFinite(position) ? Math.min(last, Math.max(0, Math.round(position))) : 0;
  return FEATURE_SLIDER_STOPS_USD[index]!;
}

/**
 * Where a tool would stand among the featured tools right after paying `addCents` more, from the
 * featured ranking now (each featured tool's weight in force, core of docs/design.md#rule-3): its
 * weight is what it has in force plus the new payment, and a tie goes to it, the latest payment.
 */
export function placementAfter(
  ranking: readonly { id: string; cents: number }[],
  toolId: string,
  addCents: number,
): { rank: number; of: number } {
  const weight = (ranking.find((r) => r.id === toolId)?.cents ?? 0) + addCents;
  const others = ranking.filter((r) => r.id !== toolId);
  return { rank: others.filter((r) => r.cents > weight).length + 1, of: others.length + 1 };
}

/** "This places you #2 of 7 featured tools now." */
export function placementText({ rank, of }: { rank: number; of: number }): string {
  return `This places you #${rank} of ${of} featured ${of === 1 ? "tool" : "tools"} now.`;
}

/** The whole-dollar feature amount for raw form input, floored and clamped into [19, 5000]. */
export function normalizeFeatureAmount(input: string | number | null | undefined): number {
  if (input === null || input === undefined) return FEATURE_MIN_USD;
  // Number("") and Number("  ") are 0, which would read as a real (too small) amount rather than "empty".
  if (typeof input === "string" && input.trim() === "") return FEATURE_MIN_USD;
  const value = Number(input);
  if (Number.isNaN(value)) return FEATURE_MIN_USD;
  return Math.min(FEATURE_MAX_USD, Math.max(FEATURE_MIN_USD, Math.floor(value)));
}

/** When a feature paid at `paidAtMs` ends (exclusive), in epoch milliseconds. */
export function featuredUntil(paidAtMs: number): number {
  return paidAtMs + FEATURED_DURATION_MS;
}

/** Whether a tool featured until `featuredUntilMs` is still featured at `nowMs`. */
export function isFeaturedAt(featuredUntilMs: number | null, nowMs: number): boolean {
  return featuredUntilMs !== null && nowMs < featuredUntilMs;
}

/** Whole US dollars as integer cents; throws RangeError for fractional, negative or unsafe amounts. */
export function usdToCents(usd: number): number {
  if (!Number.isInteger(usd) || usd < 0) {
    throw new RangeError(`Expected a non-negative whole number of dollars, got ${usd}`);
  }
  const cents = usd * 100;
  // Beyond this, cents lose integer precision and payment amounts would silently drift.
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Dollar amount too large: ${usd}`);
  }
  // `+ 0` turns -0 into 0 so it never prints as "-0".
  return cents + 0;
}

/** Cents as US dollars (possibly fractional). */
export function centsToUsd(cents: number): number {
  return cents / 100;
}

// Marked pure: a page script that imports this module for other reasons does not build them.
const wholeDollars = /* @__PURE__ */ new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const dollarsAndCents = /* @__PURE__ */ new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as a US-dollar label: "$19", "$1,250", "$19.50" (cents shown only when not whole dollars). */
export function formatUsd(cents: number): string {
  return (cents % 100 === 0 ? wholeDollars : dollarsAndCents).format(cents / 100);
}

/** What the submitter's mail and status page say about a rejected tool's payment. */
export function settlementText(
  settlement: { kind: "refund" | "credit"; note: string | null },
  amountCents: number,
): string {
  const amount = formatUsd(amountCents);
  if (settlement.kind === "refund")
    return `Your payment of ${amount} has been refunded; it can take a few days to reach your account.`;
  return `Your payment of ${amount} is kept as credit for a future listing${settlement.note ? `: ${settlement.note}` : "."}`;
}

/** The texts the feature checkout shows (docs/design.md#errors; the provider is not named). */
export const CHECKOUT_MESSAGES = {
  noTool: "Please select a tool to feature",
  noSession: "No session ID received from the payment provider.",
  failed: "Could not initiate payment.",
} as const;

/** The provider name the built-in test checkout's orders carry: no money changed hands for them. */
export const TEST_PROVIDER = "test";

/** The words every paid placement carries on the pages, read by everyone, screen readers included. */
export const SPONSORED_LABEL = "Featured · sponsored";

/** What the site says where featuring would be offered, when payments are off (PAYMENTS_MODE=off). */
export const FEATURING_UNAVAILABLE = "Featured placement is not available on this site yet.";

/** Said wherever a tool still waiting for review is paid for: its year is not spent on the wait. */
export const FEATURED_YEAR_FROM_APPROVAL = `A tool waiting for review is featured from the day it is approved, for ${FEATURED_DAYS} days; if it is rejected, the payment is refunded or kept as credit.`;

/** What every page says while payments run through the built-in test checkout. */
export const TEST_MODE_BANNER =
  "Test mode, no real payments: featured placement is paid through a test checkout that charges nothing.";

/** The same on a phone, on one line, with a link to the whole of it (the about page's "Test mode"). */
export const TEST_MODE_SHORT = "Test mode: no real payments.";

/** 'Payment error: {message}' (docs/design.md#errors). */
export function paymentErrorMessage(message: string): string {
  return `Payment error: ${message}`;
}

/** What the browser does with the answer of `POST /api/checkout-session`. */
export type CheckoutOutcome = { kind: "redirect"; url: string } | { kind: "error"; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * Reads the answer of `POST /api/checkout-session`: `ok` is whether its status was 2xx, `body` its
 * parsed JSON (null when it was none), `base` the page's address, against which a relative checkout
 * URL is resolved. Only an http(s) address is ever followed.
 */
export function checkoutOutcome(ok: boolean, body: unknown, base: string): CheckoutOutcome {
  if (!ok) {
    const error = isRecord(body) ? body.error : undefined;
    const message = isRecord(error) && typeof error.message === "string" ? error.message.trim() : "";
    return { kind: "error", message: message ? paymentErrorMessage(message) : CHECKOUT_MESSAGES.failed };
  }
  const sessionId = isRecord(body) && typeof body.sessionId === "string" ? body.sessionId.trim() : "";
  if (!sessionId) return { kind: "error", message: CHECKOUT_MESSAGES.noSession };
  const url = isRecord(body) && typeof body.url === "string" ? body.url.trim() : "";
  try {
    const target = new URL(url, base);
    if (url && (target.protocol === "https:" || target.protocol === "http:"))
      return { kind: "redirect", url: target.href };
  } catch {
    // Not an address: reported below.
  }
  return { kind: "error", message: CHECKOUT_MESSAGES.failed };
}

/**
 * What the feature dialog's picker says about its list: `shown` tools listed for `query`, `more`
 * when the list stopped at its limit, `eligible` the tools that can be featured at all.
 */
export function candidatesStatus({
  shown,
  more,
  eligible,
  query,
}: {
  shown: number;
  more: boolean;
  eligible: number;
  query: string;
}): string {
  const tools = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "tool" : "tools"}`;
  if (shown === 0) return query ? `No tool matches “${query}”.` : "No tools can be featured right now.";
  if (!query) {
    return more
      ? `Showing the first ${shown} of ${tools(eligible)}. Type a name to search all of them.`
      : `${tools(shown)}.`;
  }
  return more
    ? `Showing the first ${shown} tools matching “${query}”. Type more of the name to narrow the list.`
    : `${tools(shown)} matching “${query}”.`;
}

/** The transaction reference shown after payment: the last 8 characters of the session id, upper case. */
export function transactionReference(sessionId: string): string {
  return sessionId.trim().slice(-8).toUpperCase();
}

/**
 * A feature amount passed in a URL (`?feature=150`): whole dollars from FEATURE_MIN_USD to
 * FEATURE_MAX_USD written plainly, else null. Unlike normalizeFeatureAmount it never guesses.
 */
export function parseFeatureAmountParam(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,6}$/.test(text)) return null;
  const amount = Number(text);
  return amount >= FEATURE_MIN_USD && amount <= FEATURE_MAX_USD ? amount : null;
}
