// What the request metrics label a request with: the route pattern it reached, never its URL (a
// label value per URL would make a time series per tool, per search and per scanner's guess).
// Read from the first path segment (the second and third under /api) with plain string work: this
// runs for every request, the page cache's hot path included.

/** Routes by their first path segment (app/routes.ts, and what server/app.ts mounts before React Router). */
const BY_FIRST_SEGMENT: ReadonlyMap<string, string> = new Map([
  ["", "/"],
  // React Router's data URL of the home page.
  ["_root", "/"],
  ["browse", "/browse/:category"],
  ["tool", "/tool/:slug"],
  ["alternatives", "/alternatives/:slug"],
  ["compare", "/compare/:slugs"],
  ["tag", "/tag/:slug"],
  ["search", "/search/:query"],
  ["about", "/about"],
  ["privacy-policy", "/privacy-policy"],
  ["contact", "/contact"],
  ["digest", "/digest"],
  ["submit", "/submit"],
  ["submit-tool", "/submit-tool"],
  ["payment-success", "/payment-success"],
  ["payment-cancel", "/payment-cancel"],
  ["test-checkout", "/test-checkout/:session"],
  ["admin", "/admin"],
  ["submission", "/submission/:token"],
  ["claim", "/claim/:slug"],
  ["owner", "/owner/:token"],
  ["robots.txt", "/robots.txt"],
  ["sitemap.xml", "/sitemap.xml"],
  ["sitemaps", "/sitemaps/:file"],
  ["feed.xml", "/feed.xml"],
  ["like", "/like/:id"],
  ["og", "/og"],
  ["badge", "/badge/:slug"],
  ["assets", "/assets"],
  ["uploads", "/uploads"],
  ["webhooks", "/webhooks/stripe"],
  ["favicon.svg", "/favicon.svg"],
  ["healthz", "/healthz"],
  ["readyz", "/readyz"],
  ["metrics", "/metrics"],
]);

/** Under /api: by the second segment, and the public API's endpoints by the third. */
const API_ROUTES: ReadonlyMap<string, string> = new Map([
  ["admin", "/api/admin"],
  ["checkout-session", "/api/checkout-session"],
  ["feature-candidates", "/api/feature-candidates"],
]);
const API_V1_ROUTES: ReadonlyMap<string, string> = new Map([
  ["tools", "/api/v1/tools"],
  ["search", "/api/v1/search"],
  ["categories", "/api/v1/categories"],
]);

/** The route label of anything not listed: unknown paths, scanners' probes, encoded segments. */
export const OTHER_ROUTE = "other";

/**
 * The route pattern a request URL (`req.url`: path and query) belongs to, e.g. `/tool/:slug` for
 * `/tool/notion?x=1` or `/tool/notion.data`; OTHER_ROUTE for paths the site has no route for.
 */
export function routeOf(url: string): string {
  if (url.charCodeAt(0) !== 47 /* / */) return OTHER_ROUTE;
  const query = url.indexOf("?");
  const end = query === -1 ? url.length : query;
  const first = segmentEnd(url, 1, end);
  // An empty first segment is the home page only when it is the whole path (not `//x`).
  if (first === 1 && end > 1) return OTHER_ROUTE;
  const name = segmentName(url, 1, first);
  if (name !== "api") return BY_FIRST_SEGMENT.get(name) ?? OTHER_ROUTE;
  const second = segmentEnd(url, first + 1, end);
  const group = segmentName(url, first + 1, second);
  if (group !== "v1") return API_ROUTES.get(group) ?? "/api";
  const third = segmentEnd(url, second + 1, end);
  return API_V1_ROUTES.get(segmentName(url, second + 1, third)) ?? "/api/v1";
}

/** Where the path segment starting at `from` ends: the next slash, or `end`. */
function segmentEnd(url: string, from: number, end: number): number {
  if (from >= end) return end;
  const slash = url.indexOf("/", from);
  return slash === -1 || slash > end ? end : slash;
}

/** A segment as routes match it: lower-cased, without the `.data` of React Router's data requests. */
function segmentName(url: string, from: number, to: number): string {
  if (from >= to) return "";
  const segment = url.slice(from, url.endsWith(".data", to) ? to - 5 : to);
  return segment.toLowerCase();
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method label: the usual methods by name, anything else Node's parser lets through as "OTHER". */
export function methodOf(method: string | undefined): string {
  return method !== undefined && METHODS.has(method) ? method : "OTHER";
}
