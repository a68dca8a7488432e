// The site's addresses in one table: each page with its route module (app/routes.ts hands them to
// React Router) and what the server does with its requests, and the paths Express answers before
// React Router does. The server reads every per-path rule from here (server/platform/http/routes.ts):
// metrics labels, which pages the page cache may keep, which are private, which take uploads,
// which count tool views, website clicks and searches, which addresses carry a secret the logs leave out. A new page is one line here and its module under app/routes.

/** What the server does with the requests of a route. A layout's policy holds for its children unless they say otherwise. */
export interface RoutePolicy {
  /**
   * The metrics label of its requests: a route pattern, never a URL, so no tool or search becomes
   * a time series of its own. Defaults to `/` and the route's path.
   */
  label?: string;
  /** false: never kept by the page cache (personal, or different per visit). Public pages are kept. */
  cache?: boolean;
  /**
   * true: the admin area's. Sent `private, no-store` whatever answered (an error page included),
   * and never kept by the page cache.
   */
  private?: boolean;
  /** "upload": its form carries a file (a logo) and is read as it streams; any other page's body is small and read whole. */
  body?: "page" | "upload";
  /** A tool page: the parameter holding the tool's key. A GET answered 200 counts a view for its owner. */
  views?: string;
  /** The way out to a tool's website: the parameter holding the tool's key. A GET answered 302 counts a click. */
  clicks?: string;
  /** The search page: the parameter holding the term. Each page 1 served is counted in the term's record. */
  search?: string;
  /**
   * Its address carries a secret — whoever has the link can act with it: in its path after the
   * literal part ("path": `/owner/<token>`) or in its query ("query": `?confirm=`). The logs
   * leave it out (server/platform/http/logged-url.ts).
   */
  secret?: AddressSecret;
}

/** Where a route's address carries a secret: in its path after the literal part (and then its query too), or in its query. */
export type AddressSecret = "path" | "query";

/** One route: React Router's config entry (path, module file, id, children) with its policy. */
export interface RouteEntry extends RoutePolicy {
  path?: string;
  index?: boolean;
  /** The route module, relative to app/; absent for the paths Express answers. */
  file?: string;
  id?: string;
  children?: RouteEntry[];
}

/** The label of requests no route of ours answers (the not-found page): scanners' probes, typos. */
export const OTHER_LABEL = "other";

/** A page at `path` rendered by `file` (relative to app/), as React Router's `route()`. */
export function route(
  path: string,
  file: string,
  policy: RoutePolicy & { id?: string } = {},
  children?: RouteEntry[],
): RouteEntry {
  return { ...policy, path, file, ...(children ? { children } : {}) };
}

/** The page at its parent's path, as React Router's `index()`. */
export function index(file: string, policy: RoutePolicy = {}): RouteEntry {
  return { ...policy, index: true, file };
}

/** A module wrapping its children without a path of its own, as React Router's `layout()`. */
export function layout(file: string, policy: RoutePolicy, children: RouteEntry[]): RouteEntry {
  return { ...policy, file, children };
}

/** A path Express answers before React Router: a policy, no module. */
function served(path: string, policy: RoutePolicy = {}): RouteEntry {
  return { ...policy, path };
}

const ADMIN: RoutePolicy = { private: true, label: "/admin" };

/** The pages (docs/design.md#screens), with their route modules. */
export const PAGES: RouteEntry[] = [
  index("routes/home.tsx", { label: "/" }),
  route("browse/:filter?/:sort?", "routes/browse.tsx", { label: "/browse/:category" }),
  route("tool/:key", "routes/tool.tsx", { label: "/tool/:slug", views: "key" }),
  // The page as Markdown: ranked above tool/:key by React Router (a parameter with a suffix).
  route("tool/:key.md", "routes/tool-markdown.ts", { label: "/tool/:slug.md" }),
  // "Visit website": a redirect to the tool's website, counted as a click.
  route("go/:key", "routes/go.ts", { label: "/go/:slug", cache: false, clicks: "key" }),
  route("alternatives/:key", "routes/alternatives.tsx", { label: "/alternatives/:slug" }),
  route("compare/:key?", "routes/compare.tsx", { label: "/compare/:slugs" }),
  route("tag/:slug", "routes/tag.tsx"),
  // Lists of tools the admins curate (docs/decisions/053).
  route("collections", "routes/collections.tsx"),
  route("collections/:slug", "routes/collection.tsx", { label: "/collections/:slug" }),
  route("trending/:window?", "routes/trending.tsx", { label: "/trending" }),
  route("search/:term?", "routes/search.tsx", { label: "/search/:query", search: "term" }),
  route("about", "routes/about.tsx"),
  route("ranking", "routes/ranking.tsx"),
  route("developers", "routes/developers.tsx"),
  route("developers/api", "routes/developers-api.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("contact", "routes/contact.tsx"),
  // The weekly digest: subscribe, confirm (double opt-in), unsubscribe (its POST is server/digest/http.ts).
  route("digest", "routes/digest.tsx"),
  route("digest/confirm/:token", "routes/digest-confirm.tsx", { label: "/digest", secret: "path" }),
  route("digest/unsubscribe/:token", "routes/digest-unsubscribe.tsx", { label: "/digest", secret: "path" }),
  // A review's confirmation link (double opt-in, docs/decisions/051).
  route("review/confirm/:token", "routes/review-confirm.tsx", { label: "/review/confirm", secret: "path" }),
  // The same screen at both addresses (docs/design.md#screens); after a post, the submission's
  // confirmation under them, at its private status token.
  route("submit-tool/:statusToken?", "routes/submit.tsx", {
    id: "submit-tool",
    label: "/submit-tool",
    body: "upload",
    secret: "path",
  }),
  route("submit/:statusToken?", "routes/submit.tsx", {
    id: "submit",
    label: "/submit",
    body: "upload",
    secret: "path",
  }),
  // Personal: a payment's outcome (its query names the checkout session), a test card page (its
  // session id lets anyone pay or cancel the order).
  route("payment-success", "routes/payment-success.tsx", { cache: false, secret: "query" }),
  route("payment-cancel", "routes/payment-cancel.tsx", { cache: false }),
  route("test-checkout/:sessionId", "routes/test-checkout.tsx", {
    label: "/test-checkout/:session",
    cache: false,
    secret: "path",
  }),
  route("admin/login", "routes/admin/login.tsx", ADMIN),
  route("admin/logout", "routes/admin/logout.tsx", ADMIN),
  // Everything else under /admin: signed-in admins only (the layout's middleware).
  layout("routes/admin/layout.tsx", ADMIN, [
    route("admin", "routes/admin/index.tsx"),
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/moderation", "routes/admin/moderation.tsx"),
    route("admin/tools", "routes/admin/tools.tsx"),
    route("admin/tools/:id", "routes/admin/tool-edit.tsx", { body: "upload" }),
    route("admin/add-tool", "routes/admin/add-tool.tsx", { body: "upload" }),
    route("admin/import", "routes/admin/import.tsx"),
    route("admin/import/file", "routes/admin/import-file.tsx", { body: "upload" }),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/orders", "routes/admin/orders.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/jobs", "routes/admin/jobs.tsx"),
    route("admin/digest", "routes/admin/digest.tsx"),
    route("admin/claims", "routes/admin/claims.tsx"),
    route("admin/reports", "routes/admin/reports.tsx"),
    route("admin/collections", "routes/admin/collections.tsx"),
    route("admin/collections/:id", "routes/admin/collection-edit.tsx"),
    route("admin/reviews", "routes/admin/reviews.tsx"),
  ]),
  // A submitter's private link to their submission's state.
  route("submission/:token", "routes/submission-status.tsx", { secret: "path" }),
  // Claiming a listing: the claim page of a public tool (its ?confirm= and ?claim= links carry
  // secrets), and a verified owner's private page (the token is its key).
  route("claim/:key", "routes/claim.tsx", { label: "/claim/:slug", cache: false, secret: "query" }),
  route("owner/:token", "routes/owner.tsx", { cache: false, body: "upload", secret: "path" }),
  route("owner/:token/stats.csv", "routes/owner-stats-csv.ts", { cache: false, secret: "path" }),
  // A featured order's report: its payer's private link (the token is its key), and its figures as CSV.
  route("sponsor/:token", "routes/sponsor.tsx", { cache: false, secret: "path" }),
  route("sponsor/:token/report.csv", "routes/sponsor-csv.ts", { cache: false, secret: "path" }),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemap-part.ts"),
  route("feed.xml", "routes/feed.ts"),
  route("llms.txt", "routes/llms.ts"),
  route("*", "routes/not-found.tsx", { label: OTHER_LABEL }),
];

/**
 * The paths server/app.ts answers on Express before React Router (docs/design.md#paths-served-by-express),
 * and the built files. Matched together with the pages: the more specific pattern wins, as in React Router.
 */
export const SERVER_PATHS: RouteEntry[] = [
  served("healthz", { cache: false }),
  served("readyz", { cache: false }),
  // With METRICS_TOKEN; else an unknown page.
  served("metrics", { cache: false }),
  served("assets/*", { label: "/assets" }),
  served("uploads/*", { label: "/uploads" }),
  served("favicon.svg"),
  // The public API's answers are kept like pages (the search API: docs/decisions/023).
  served("api/v1/tools/*", { label: "/api/v1/tools" }),
  served("api/v1/search/*", { label: "/api/v1/search" }),
  served("api/v1/categories/*", { label: "/api/v1/categories" }),
  // Kept as a file of its own per catalogue generation (server/api/export.ts), not in the page cache.
  served("api/v1/export.jsonl", { label: "/api/v1/export.jsonl", cache: false }),
  served("api/v1/*", { label: "/api/v1" }),
  served("api/admin/*", { ...ADMIN, label: "/api/admin" }),
  // A checkout session's id is what lets anyone pay, or cancel, a test order.
  served("api/checkout-session/*", { label: "/api/checkout-session", secret: "path" }),
  served("api/feature-candidates/*", { label: "/api/feature-candidates" }),
  served("api/*", { label: "/api" }),
  // The MCP endpoint for assistants (server/mcp): JSON-RPC over POST, never kept.
  served("mcp", { cache: false, label: "/mcp" }),
  served("like/*", { label: "/like/:id" }),
  served("webhooks/*", { label: "/webhooks/stripe" }),
  served("og/*", { label: "/og" }),
  served("badge/*", { label: "/badge/:slug" }),
  // Not a page of the admin area, but under it: its not-found answer is private too.
  served("admin/*", ADMIN),
];
