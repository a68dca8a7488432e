import { PLATFORMS, type Platform } from "./platforms.ts";
import { PRICING_MODELS, type PricingModel } from "./pricing.ts";

// Filters of the public lists by pricing model and platform (ADR 029): in the URL as
// `?pricing=free,freemium&platform=mac`, in the order the options are listed, each value once.
// Within a filter any option matches (free or freemium); the two filters and the category all
// have to hold.

/** A pricing model as the URL names it. */
export const PRICING_SLUGS: Record<PricingModel, string> = {
  Free: "free",
  Freemium: "freemium",
  Paid: "paid",
  "One-time Purchase": "one-time-purchase",
  Subscription: "subscription",
  "Usage-based": "usage-based",
  "Contact for Pricing": "contact-for-pricing",
};

/** A platform as the URL names it. */
export const PLATFORM_SLUGS: Record<Platform, string> = {
  Web: "web",
  iOS: "ios",
  Android: "android",
  Windows: "windows",
  macOS: "mac",
  Linux: "linux",
  API: "api",
  "Browser Extension": "browser-extension",
};

/**
 * What a list is narrowed to; an empty list means "any". Options are in their listed order.
 * `inactive`: also the tools lists leave out by their lifecycle, unreachable and discontinued
 * ones (core/lifecycle.ts), which the URL asks for as `include=inactive`.
 */
export interface ListFilters {
  pricing: PricingModel[];
  platforms: Platform[];
  inactive?: boolean;
}

export const NO_FILTERS: ListFilters = { pricing: [], platforms: [] };

/** The one value of `include`: lists show unreachable and discontinued tools too. */
export const INCLUDE_INACTIVE = "inactive";

/** The filters as a query read them, and the values it named that are no option. */
export interface ParsedFilters {
  filters: ListFilters;
  unknown: { pricing: string[]; platform: string[]; include: string[] };
}

const PRICING_BY_SLUG = new Map(PRICING_MODELS.map((m) => [PRICING_SLUGS[m], m]));
// "macos" is what people type too.
const PLATFORM_BY_SLUG = new Map<string, Platform>([
  ...PLATFORMS.map((p) => [PLATFORM_SLUGS[p], p] as const),
  ["macos", "macOS"],
]);

/** The values of a filter parameter, given once comma-separated or repeated (an HTML form's checkboxes). */
function values(raw: readonly string[]): string[] {
  return raw
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== "");
}

function pick<T extends string>(
  raw: readonly string[],
  bySlug: ReadonlyMap<string, T>,
  order: readonly T[],
): { chosen: T[]; unknown: string[] } {
  const chosen = new Set<T>();
  const unknown: string[] = [];
  for (const value of values(raw)) {
    const option = bySlug.get(value);
    if (option) chosen.add(option);
    else if (!unknown.includes(value)) unknown.push(value);
  }
  return { chosen: order.filter((option) => chosen.has(option)), unknown };
}

const INCLUDE_BY_SLUG = new Map([[INCLUDE_INACTIVE, INCLUDE_INACTIVE]]);

/** Reads `pricing`, `platform` and `include` from a query: each given once comma-separated, or repeated. */
export function parseFilters(query: URLSearchParams): ParsedFilters {
  const pricing = pick(query.getAll("pricing"), PRICING_BY_SLUG, PRICING_MODELS);
  const platforms = pick(query.getAll("platform"), PLATFORM_BY_SLUG, PLATFORMS);
  const include = pick(query.getAll("include"), INCLUDE_BY_SLUG, [INCLUDE_INACTIVE]);
  return {
    filters: {
      pricing: pricing.chosen,
      platforms: platforms.chosen,
      ...(include.chosen.length > 0 ? { inactive: true } : {}),
    },
    unknown: { pricing: pricing.unknown, platform: platforms.unknown, include: include.unknown },
  };
}

/** Whether any filter narrows the list (showing inactive tools too widens it: not counted). */
export function isFiltered(filters: ListFilters): boolean {
  return filters.pricing.length > 0 || filters.platforms.length > 0;
}

/** The filters' canonical query parameters (pricing, platform, include), without `?`; "" when none. */
export function filterQuery(filters: ListFilters): string {
  const parts: string[] = [];
  if (filters.pricing.length > 0) parts.push(`pricing=${filters.pricing.map((m) => PRICING_SLUGS[m]).join(",")}`);
  if (filters.platforms.length > 0) parts.push(`platform=${filters.platforms.map((p) => PLATFORM_SLUGS[p]).join(",")}`);
  if (filters.inactive) parts.push(`include=${INCLUDE_INACTIVE}`);
  return parts.join("&");
}

/** Bit i set for the i-th pricing model chosen (in PRICING_MODELS order); 0 for any. */
export function pricingMask(models: readonly PricingModel[]): number {
  return models.reduce((mask, model) => mask | (1 << PRICING_MODELS.indexOf(model)), 0);
}

/** Bit i set for the i-th platform chosen (in PLATFORMS order); 0 for any. */
export function platformMask(platforms: readonly string[]): number {
  return platforms.reduce((mask, platform) => {
    const index = PLATFORMS.indexOf(platform as Platform);
    return index === -1 ? mask : mask | (1 << index);
  }, 0);
}

/** A name inside a sentence: words written in lower case but for their capital ("Project Management" → "project management"; "AI" stays). */
function inSentence(name: string): string {
  return name
    .split(" ")
    .map((word) => (/^[A-Z][a-z-]*$/.test(word) ? word.toLowerCase() : word))
    .join(" ");
}

/** "a", "a or b", "a, b or c". */
function either(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)!}`;
}

/**
 * What a filtered list is called, in its heading, breadcrumb and title: "Free design tools",
 * "Free or freemium tools for macOS or Windows". The category's own name ("Design") or "All
 * tools" when nothing is filtered, so unfiltered pages keep their names.
 */
export function listTitle(categoryName: string | null, filters: ListFilters): string {
  if (!isFiltered(filters)) return categoryName ?? "All tools";
  const pricing = filters.pricing.map((model, i) => (i === 0 ? model : inSentence(model)));
  const subject = categoryName ? `${inSentence(categoryName)} tools` : "tools";
  const head =
    pricing.length > 0 ? `${either(pricing)} ${subject}` : subject.charAt(0).toUpperCase() + subject.slice(1);
  return filters.platforms.length > 0 ? `${head} for ${either(filters.platforms)}` : head;
}

/** The same filters without one option: where a chip's remove link goes. */
export function withoutOption(
  filters: ListFilters,
  option: { pricing: PricingModel } | { platform: Platform },
): ListFilters {
  return "pricing" in option
    ? { ...filters, pricing: filters.pricing.filter((m) => m !== option.pricing) }
    : { ...filters, platforms: filters.platforms.filter((p) => p !== option.platform) };
}
