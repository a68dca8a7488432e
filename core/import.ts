import { z } from "./zod.ts";
import { hyphenate, type CategorySlug } from "./categories.ts";
import { formatUtcStamp } from "./dates.ts";
import { slugify } from "./slug.ts";
import { isOneLine } from "./text.ts";

/** The texts users see around the Product Hunt import. */
export const IMPORT_MESSAGES = {
  urlRequired: "Please enter a Product Hunt URL!",
  urlInvalid: "Please enter a valid Product Hunt URL!",
  nameNotFound: "Tool name not found",
  slugFailed: "Could not generate slug from tool name",
} as const;

export function importSucceededMessage(name: string): string {
  return `${name} successfully imported and saved!`;
}

export function importFailedMessage(message: string): string {
  return `Import failed: ${message}`;
}

export function scrapeFailedMessage(message: string): string {
  return `Product Hunt scraping failed: ${message}`;
}

/** A manual run refused because one is going (here or on another instance), started at `startedAt` when known. */
export function scrapeBusyMessage(startedAt: number | null): string {
  const since = startedAt === null ? "" : ` (started ${formatUtcStamp(startedAt)})`;
  return `An import is already running${since}. Try again when it has finished.`;
}

export function allProxiesFailedMessage(message: string): string {
  return `All proxy services failed. Last error: ${message}`;
}

const URL_MAX_LENGTH = 2048;

// Product Hunt slugs are lower-case letters, digits and hyphens; underscores and capitals are let
// through (and capitals lowered) so a hand-typed address is not refused over them. Two patterns
// that cannot backtrack, not one with a letter between two runs: slugs come from fetched pages
// and feeds too, and that one was quadratic in a long slug (2 s for 32,000 characters).
const SLUG_CHARACTERS = /^[a-z0-9_-]+$/i;
const SLUG_LETTER = /[a-z0-9]/i;

type LaunchKind = "products" | "posts";

/** The kind and lower-cased slug of a parsed URL's path /products/{slug} or /posts/{slug}, extra segments allowed. */
function launchPath(url: URL): { kind: LaunchKind; slug: string } | null {
  const [, kind, slug] = url.pathname.split("/");
  if (
    (kind !== "products" && kind !== "posts") ||
    slug === undefined ||
    !SLUG_CHARACTERS.test(slug) ||
    !SLUG_LETTER.test(slug)
  )
    return null;
  return { kind, slug: slug.toLowerCase() };
}

function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The normalised launch URL for what someone typed, or null when it is not one of Product Hunt's launch pages. */
function normalizeLaunchUrl(text: string, baseUrl: string): string | null {
  const base = parseUrl(trimBase(baseUrl));
  if (base === null) return null;
  // People paste "www.producthunt.com/products/x" from the address bar, which hides the scheme.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  const url = parseUrl(withScheme);
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  // Credentials make a URL that reads as Product Hunt's at a glance; no real launch link has them.
  if (url.username !== "" || url.password !== "") return null;
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, "");
  if (bare(url.hostname) !== bare(base.hostname) || url.port !== base.port) return null;
  const path = launchPath(url);
  if (path === null) return null;
  return `${trimBase(baseUrl)}/${path.kind}/${path.slug}`;
}

/**
 * The import box: a Product Hunt launch URL, normalised to `${baseUrl}/products/{slug}` or
 * `${baseUrl}/posts/{slug}` without query or fragment. One schema for the browser and the server.
 */
export function productHuntUrlSchema(baseUrl: string): z.ZodType<string, string> {
  return z
    .string({ error: IMPORT_MESSAGES.urlRequired })
    .trim()
    .min(1, IMPORT_MESSAGES.urlRequired)
    .max(URL_MAX_LENGTH, IMPORT_MESSAGES.urlInvalid)
    .transform((text, ctx) => {
      // The URL parser would drop a line break or a tab inside the address; what was typed was no link.
      const normalized = isOneLine(text) ? normalizeLaunchUrl(text, baseUrl) : null;
      if (normalized === null) {
        ctx.addIssue({ code: "custom", message: IMPORT_MESSAGES.urlInvalid });
        return z.NEVER;
      }
      return normalized;
    });
}

/** The launch's slug from a launch URL (/products/{slug} or /posts/{slug}), lower-cased; null otherwise. Does not check the host. */
export function launchSlug(url: string): string | null {
  const parsed = parseUrl(url.trim());
  return parsed === null ? null : (launchPath(parsed)?.slug ?? null);
}

/** `${baseUrl}/products/${slug}` (a trailing slash of baseUrl is dropped). */
export function launchUrl(baseUrl: string, slug: string): string {
  return `${trimBase(baseUrl)}/products/${slug}`;
}

// Product Hunt's topic and category names, lower-cased. Their slugs are the names' hyphenated forms
// ("Health & Fitness" → "health-fitness"), so the table below gets both from this one list.
const CATEGORY_NAMES: ReadonlyArray<readonly [string, CategorySlug]> = [
  ["artificial intelligence", "ai"],
  ["ai", "ai"],
  ["machine learning", "ai"],
  ["ai writing tools", "ai"],
  ["ai chatbots", "ai"],
  ["chatbots", "ai"],
  ["ai agents", "ai"],
  ["llms", "ai"],
  ["ai generative media", "ai"],
  ["ai image generators", "ai"],
  ["ai voice agents", "ai"],
  ["ai coding agents", "development"],
  ["ai code assistants", "development"],
  ["developer tools", "development"],
  ["developer", "development"],
  ["software engineering", "development"],
  ["github", "development"],
  ["api", "development"],
  ["apis", "development"],
  ["open source", "development"],
  ["no-code", "development"],
  ["low-code", "development"],
  ["website builder", "development"],
  ["website builders", "development"],
  ["databases", "development"],
  ["devops", "development"],
  ["code editors", "development"],
  ["testing and qa", "development"],
  ["design tools", "design"],
  ["design", "design"],
  ["user experience", "design"],
  ["ux design", "design"],
  ["graphic design", "design"],
  ["prototyping", "design"],
  ["icons", "design"],
  ["figma", "design"],
  ["fonts", "design"],
  ["illustration", "design"],
  ["3d modeling", "design"],
  ["photo editing", "design"],
  ["productivity", "productivity"],
  ["calendar", "productivity"],
  ["calendar apps", "productivity"],
  ["notes", "productivity"],
  ["note and writing apps", "productivity"],
  ["to-do lists", "productivity"],
  ["time tracking", "productivity"],
  ["workflow automation", "productivity"],
  ["automation", "productivity"],
  ["knowledge base software", "productivity"],
  ["spreadsheets", "productivity"],
  ["remote work", "productivity"],
  ["hiring", "productivity"],
  ["human resources", "productivity"],
  ["task management", "project-management"],
  ["project management", "project-management"],
  ["team collaboration", "project-management"],
  ["marketing", "marketing"],
  ["seo", "marketing"],
  ["growth hacking", "marketing"],
  ["advertising", "marketing"],
  ["email marketing", "marketing"],
  ["social media marketing", "marketing"],
  ["landing page builders", "marketing"],
  ["sales", "marketing"],
  ["crm", "marketing"],
  ["lead generation", "marketing"],
  ["analytics", "analytics"],
  ["data and analytics", "analytics"],
  ["data visualization", "analytics"],
  ["business intelligence", "analytics"],
  ["web analytics", "analytics"],
  ["data science", "analytics"],
  ["email", "communication"],
  ["email clients", "communication"],
  ["messaging", "communication"],
  ["slack", "communication"],
  ["video conferencing", "communication"],
  ["meetings", "communication"],
  ["team communication", "communication"],
  ["fintech", "finance"],
  ["finance", "finance"],
  ["personal finance", "finance"],
  ["investing", "finance"],
  ["crypto", "finance"],
  ["web3", "finance"],
  ["payments", "finance"],
  ["accounting", "finance"],
  ["banking", "finance"],
  ["invoicing", "finance"],
  ["e-commerce", "ecommerce"],
  ["ecommerce", "ecommerce"],
  ["shopify", "ecommerce"],
  ["marketplace", "ecommerce"],
  ["retail", "ecommerce"],
  ["education", "education"],
  ["online learning", "education"],
  ["languages", "education"],
  ["language learning", "education"],
  ["books", "education"],
  ["kids and parenting", "education"],
  ["health and fitness", "health"],
  ["health", "health"],
  ["fitness", "health"],
  ["meditation", "health"],
  ["mental health", "health"],
  ["sleep", "health"],
  ["medical", "health"],
  ["games", "entertainment"],
  ["gaming", "entertainment"],
  ["music", "entertainment"],
  ["movies", "entertainment"],
  ["entertainment", "entertainment"],
  ["sports", "entertainment"],
  ["privacy", "security"],
  ["security", "security"],
  ["cybersecurity", "security"],
  ["vpn", "security"],
  ["password managers", "security"],
  ["social media", "social"],
  ["social networking", "social"],
  ["community", "social"],
  ["dating", "social"],
  ["twitter", "social"],
  ["linkedin", "social"],
  ["instagram", "social"],
  ["writing", "content"],
  ["content creation", "content"],
  ["video", "content"],
  ["video editing", "content"],
  ["photography", "content"],
  ["blogging", "content"],
  ["newsletters", "content"],
  ["podcasting", "content"],
  ["youtube", "content"],
  ["news", "content"],
  ["customer success", "support"],
  ["customer support", "support"],
  ["customer service", "support"],
  ["help desk", "support"],
  ["live chat", "support"],
  ["saas", "utilities"],
  ["chrome extensions", "utilities"],
  ["browser extensions", "utilities"],
  ["utilities", "utilities"],
  ["menu bar apps", "utilities"],
  ["file storage", "utilities"],
];

/** The form under which names and slugs that differ only in "&"/"and", spacing, hyphens or case meet. */
function canonicalName(name: string): string {
  return hyphenate(name.replace(/&/g, " and "));
}

function buildCategoryMap(): Readonly<Record<string, CategorySlug>> {
  const map: Record<string, CategorySlug> = {};
  for (const [name, slug] of CATEGORY_NAMES) {
    map[name] = slug;
    map[name.replace(/ and /g, " & ")] = slug;
    // Product Hunt drops "&" from slugs ("health-fitness") where "and" stays.
    map[hyphenate(name.replace(/ and /g, " & "))] = slug;
    map[hyphenate(name)] = slug;
  }
  return Object.freeze(map);
}

/** Product Hunt category/topic names and slugs (lower-cased) → our category. */
export const PRODUCT_HUNT_CATEGORY_MAP: Readonly<Record<string, CategorySlug>> = buildCategoryMap();

// Maps rather than the object for lookups: names like "constructor" must not find Object's own members.
const DIRECT_MAP: ReadonlyMap<string, CategorySlug> = new Map(Object.entries(PRODUCT_HUNT_CATEGORY_MAP));
const CANONICAL_MAP: ReadonlyMap<string, CategorySlug> = new Map(
  Object.entries(PRODUCT_HUNT_CATEGORY_MAP).map(([key, slug]) => [canonicalName(key), slug]),
);

// Words that give a name away when the table does not know it, tried in this order so
// "AI design assistant" is AI before it is design.
const KEYWORDS: ReadonlyArray<readonly [RegExp, CategorySlug]> = [
  [/(^|-)(ai|gpt|llm|llms|artificial-intelligence|machine-learning)(-|$)/, "ai"],
  [/(^|-)(developers?|development|coding|code|programming)(-|$)/, "development"],
  [/(^|-)design(-|$)/, "design"],
  [/(^|-)marketing(-|$)/, "marketing"],
  [/(^|-)(finance|financial|fintech)(-|$)/, "finance"],
];

/** Our category for a category or topic name (or slug), through the synonyms above; null when none fits. */
export function mapCategory(name: string): CategorySlug | null {
  const key = name.trim().toLowerCase().replace(/\s+/g, " ");
  if (key === "") return null;
  const direct = DIRECT_MAP.get(key);
  if (direct !== undefined) return direct;
  const canonical = canonicalName(key);
  const normalized = CANONICAL_MAP.get(canonical);
  if (normalized !== undefined) return normalized;
  return KEYWORDS.find(([pattern]) => pattern.test(canonical))?.[1] ?? null;
}

const MAX_IMPORTED_CATEGORIES = 3;

/**
 * Our categories for Product Hunt's names or slugs: in the order given, repeats once, unknown ones
 * dropped, at most 3; ["utilities"] when none maps, so an imported tool always has one.
 */
export function mapCategories(names: readonly string[]): CategorySlug[] {
  const found: CategorySlug[] = [];
  for (const name of names) {
    const slug = mapCategory(name);
    if (slug !== null && !found.includes(slug)) found.push(slug);
    if (found.length === MAX_IMPORTED_CATEGORIES) break;
  }
  return found.length > 0 ? found : ["utilities"];
}

/**
 * The website URL with `ref=<ref>` in place of any ref parameter (Product Hunt's ref=producthunt).
 * The other parameters are kept as written rather than re-encoded, so links that depend on their
 * exact form keep working. A text that is not a URL comes back unchanged.
 */
export function withRef(websiteUrl: string, ref: string): string {
  const url = parseUrl(websiteUrl.trim());
  if (url === null) return websiteUrl;
  const refPart = `ref=${encodeURIComponent(ref)}`;
  const parts = url.search
    .replace(/^\?/, "")
    .split("&")
    .filter((part) => part !== "");
  const isRef = (part: string) => {
    const key = part.split("=", 1)[0] ?? "";
    try {
      return decodeURIComponent(key.replace(/\+/g, " ")) === "ref";
    } catch {
      return key === "ref";
    }
  };
  const first = parts.findIndex(isRef);
  const kept = parts.filter((part) => !isRef(part));
  if (first === -1) kept.push(refPart);
  // Every part before the first ref is kept, so `first` is still where that ref stood.
  else kept.splice(first, 0, refPart);
  url.search = `?${kept.join("&")}`;
  return url.toString();
}

/** Our site's referral marker: the site name's slug without edge hyphens, or "toolshelf" when that is empty. */
export function siteRef(siteName: string): string {
  return slugify(siteName).replace(/^-+|-+$/g, "") || "toolshelf";
}

const PLACEHOLDER_MARKERS = [
  "placeholder",
  "default-avatar",
  "default_avatar",
  "default-product",
  "default_product",
  "ph-logo",
  "ph-ios-icon",
  "kitty",
];

// Product Hunt serves its own artwork (logos, mascots, stand-ins) from this host, never products' images.
const PRODUCT_HUNT_STATIC_HOST = "ph-static.imgix.net";

/** Whether an image URL is Product Hunt's stand-in rather than the product's own logo. */
export function isPlaceholderImage(url: string): boolean {
  const text = url.trim();
  if (text === "" || /^data:/i.test(text)) return true;
  const parsed = parseUrl(text);
  if (parsed !== null && parsed.hostname.toLowerCase() === PRODUCT_HUNT_STATIC_HOST) return true;
  let path = (parsed?.pathname ?? text).toLowerCase();
  try {
    path = decodeURIComponent(path);
  } catch {
    // A broken escape leaves the path as written, which is still worth looking at.
  }
  return PLACEHOLDER_MARKERS.some((marker) => path.includes(marker));
}

export interface ThumbnailCandidate {
  url: string;
  /** pixels wide when known (srcset "640w", imgix w= param), else null */
  width: number | null;
}

const RESIZE_PARAMS = ["w", "h", "fit", "width", "height", "max-w", "max-h"];

/** How a candidate ranks by size: its width, the imgix w= parameter, the original as largest, or 0 for a resize of unknown width. */
function effectiveWidth(candidate: ThumbnailCandidate): number {
  if (candidate.width !== null && Number.isFinite(candidate.width)) return candidate.width;
  const url = parseUrl(candidate.url.trim());
  if (url === null) return 0;
  const w = Number(url.searchParams.get("w") ?? url.searchParams.get("width"));
  if (url.searchParams.has("w") || url.searchParams.has("width")) return Number.isFinite(w) && w > 0 ? w : 0;
  // An image CDN serves the upload itself when asked for no resize, so it is at least as large as any resize.
  return RESIZE_PARAMS.some((param) => url.searchParams.has(param)) ? 0 : Number.POSITIVE_INFINITY;
}

/** The highest-resolution candidate that is not a placeholder (ties keep the earlier one), or null. */
export function pickThumbnail(candidates: readonly ThumbnailCandidate[]): string | null {
  let best: { url: string; width: number } | null = null;
  for (const candidate of candidates) {
    if (isPlaceholderImage(candidate.url)) continue;
    const width = effectiveWidth(candidate);
    if (best === null || width > best.width) best = { url: candidate.url.trim(), width };
  }
  return best?.url ?? null;
}

/** The favicon-service URL for a website: the template with {domain} as its hostname without "www."; null if it is not a web URL. */
export function faviconUrl(template: string, websiteUrl: string): string | null {
  const url = parseUrl(websiteUrl.trim());
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") return null;
  const domain = url.hostname.toLowerCase().replace(/^www\./, "");
  return template.replaceAll("{domain}", encodeURIComponent(domain));
}
