import type { AddressSecret, RouteEntry } from "../../../core/route-table.ts";

// What the logs write of a request's URL (docs/decisions/019). Routes whose address carries a
// secret — whoever has the link can act with it — say so in the route table (`secret`,
// core/route-table.ts), pages and the paths Express answers alike. Of any other URL the log keeps
// the path and only the query parameters known to be harmless.

/** A route pattern (`/owner/:token`) and where its address carries a secret. */
export interface SecretRoute {
  path: string;
  secret: AddressSecret;
}

/** What stands in the log for what was left out. */
export const REDACTED = "[redacted]";

/**
 * Query parameters the log keeps with their values: they help read a log, and none holds a
 * secret or more than what a page shows. Every other parameter is left out.
 */
const HARMLESS_PARAMS = new Set([
  // Lists and searches.
  "page",
  "sort",
  "category",
  "limit",
  "q",
  "from",
  "src",
  "a",
  "b",
  "c",
  // Pages' own switches, and a campaign marker on a tool page's link.
  "featured",
  "sent",
  "added",
  "feature",
  "tool_id",
  "ref",
  "theme",
  "v",
  // React Router's data requests.
  "_routes",
  "index",
]);

/**
 * The routes of a route table whose address carries a secret, with their full patterns: a layout's
 * path before its children's, and its `secret` holding for them unless they say otherwise.
 */
export function secretRoutesOf(entries: readonly RouteEntry[], parent = "", inherited?: AddressSecret): SecretRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const secret = entry.secret ?? inherited;
    const own = secret && (entry.path || entry.index) ? [{ path: path || "/", secret }] : [];
    return [...own, ...secretRoutesOf(entry.children ?? [], path, secret)];
  });
}

/** A pattern's part before its first parameter or splat, lower-cased: `/digest/confirm` of `/digest/confirm/:token`. */
function literalPrefix(pattern: string): string {
  const segments = pattern.split("/").filter(Boolean);
  const dynamic = segments.findIndex((segment) => segment.startsWith(":") || segment === "*");
  return `/${(dynamic === -1 ? segments : segments.slice(0, dynamic)).join("/")}`.toLowerCase();
}

/** The query's harmless parameters as they came, and a mark where others were left out. */
function harmlessQuery(query: string): string {
  if (query === "") return "";
  const kept: string[] = [];
  let dropped = false;
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (HARMLESS_PARAMS.has(name)) kept.push(pair);
    else dropped = true;
  }
  if (dropped) kept.push(REDACTED);
  return kept.length === 0 ? "" : `?${kept.join("&")}`;
}

/**
 * Turns a request's URL (path and query, as `req.url` has it) into what the log writes: for a
 * secret route, its literal path and, where the secret is in the path, `[redacted]` for the rest
 * (React Router's `.data` twin kept), never its query; for any other URL, the path and its
 * harmless query parameters. Matched as React Router matches routes: case-insensitively.
 */
export function urlRedactor(routes: readonly SecretRoute[]): (url: string) => string {
  // The longest first: a route nested under another's literal part is its own.
  const prefixes = routes
    .map((route) => ({ prefix: literalPrefix(route.path), secret: route.secret }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return (url) => {
    const queryAt = url.search(/[?#]/);
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? "" : url.slice(queryAt + 1);
    const data = path.endsWith(".data") ? ".data" : "";
    const page = path.slice(0, path.length - data.length);
    const lower = page.toLowerCase();
    for (const { prefix, secret } of prefixes) {
      if (lower !== prefix && !lower.startsWith(`${prefix}/`)) continue;
      const rest = page.slice(prefix.length).replace(/^\/+|\/+$/g, "");
      const shown = secret === "path" ? `${prefix}${rest ? `/${REDACTED}` : ""}` : page;
      return `${shown}${data}${query ? `?${REDACTED}` : ""}`;
    }
    return `${path}${harmlessQuery(query)}`;
  };
}
