import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject } from "react-router";
import { OTHER_LABEL, PAGES, SERVER_PATHS, type RouteEntry, type RoutePolicy } from "../../../core/route-table.ts";

// What the route table (core/route-table.ts) says about a request path, found as React Router finds
// a page: with its matchRoutes, case-insensitively, the most specific pattern first. Asked several
// times for every request (metrics, privacy, page cache, body limit, view, click and search counting), so
// the answer is kept per path: matching walks and ranks the whole table.

/** What the server does with the requests of one path. */
export interface PathRoute {
  /** The metrics label (of the path as sent: an escaped letter in a literal segment makes it OTHER_LABEL). */
  label: string;
  /** Whether the page cache may keep its answer. */
  cache: boolean;
  /** The admin area's: sent `private, no-store`. */
  private: boolean;
  /** Its form carries a file, read as it streams. */
  upload: boolean;
  /** React Router's data URL of the page (`/tool/x.data`). */
  data: boolean;
  /** A tool page's key as the page reads it (decoded, lower-cased), or null. */
  toolKey: string | null;
  /** The key of the tool whose website the way out leads to (decoded, lower-cased), or null. */
  clickKey: string | null;
  /** A search page's term (decoded), or null. */
  searchTerm: string | null;
}

/** The route of a path no route of ours answers, and of one that is not a path at all. */
const UNROUTED: PathRoute = {
  label: OTHER_LABEL,
  cache: false,
  private: false,
  upload: false,
  data: false,
  toolKey: null,
  clickKey: null,
  searchTerm: null,
};

/** A route's policy with its layouts' merged under it and its defaults filled in: a match's last route says it all. */
type Resolved = Required<Pick<RoutePolicy, "label" | "cache" | "private">> & RoutePolicy;

/** React Router's route objects of the table, each carrying its resolved policy as its `handle`. */
function matchable(entries: readonly RouteEntry[], inherited: RoutePolicy = {}): RouteObject[] {
  return entries.map(({ path, index, file: _file, id: _id, children, ...own }): RouteObject => {
    // A layout's policy, its label included, holds for its children unless they say otherwise.
    const policy = { ...inherited, ...own };
    const handle: Resolved = {
      ...policy,
      label: policy.label ?? (index ? "/" : `/${path ?? ""}`),
      cache: policy.cache !== false && policy.private !== true,
      private: policy.private === true,
    };
    if (index) return { index: true, handle };
    return { path, handle, ...(children ? { children: matchable(children, policy) } : {}) };
  });
}

const policyOf = (route: RouteObject): Resolved => route.handle as Resolved;

export interface RouteLookup {
  /** What the table says about a request URL (`req.url`: path and query; the query is ignored). */
  (url: string): PathRoute;
}

/** A lookup over a table (the site's, or a test's), keeping its last `max` answers by path. */
export function createRouteLookup(
  pages: readonly RouteEntry[],
  serverPaths: readonly RouteEntry[],
  max = 5000,
): RouteLookup {
  const candidates = byFirstSegment([...matchable(pages), ...matchable(serverPaths)]);
  const known = new LRUCache<string, PathRoute>({ max });
  return (url) => {
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    let found = known.get(path);
    if (found === undefined) {
      found = resolve(candidates, path);
      known.set(path, found);
    }
    return found;
  };
}

/** The routes a path may match, by its first segment. */
type Candidates = (firstSegment: string) => RouteObject[];

/**
 * matchRoutes ranks the whole table on every call (some 5 µs a route): a path is matched only
 * against the routes that can match its first segment, and those whose first segment is a
 * parameter or a splat. Each list keeps the table's order, which breaks ties as in the whole table.
 */
function byFirstSegment(routes: RouteObject[]): Candidates {
  const segments = new Set<string>();
  const collect = (list: RouteObject[]) => {
    for (const route of list) {
      const first = route.path === undefined ? null : literalFirstSegment(route.path);
      if (first !== null) segments.add(first);
      else if (route.path === undefined) collect(route.children ?? []);
    }
  };
  collect(routes);
  /** The routes (layouts keeping only the children that may) that can match a path whose first segment is `segment`. */
  const under = (list: RouteObject[], segment: string | null): RouteObject[] =>
    list.flatMap((route) => {
      if (route.path === undefined && !route.index) {
        const children = under(route.children ?? [], segment);
        return children.length > 0 ? [{ ...route, children }] : [];
      }
      const first = route.path === undefined ? null : literalFirstSegment(route.path);
      return first === null || first === segment ? [route] : [];
    });
  const lists = new Map([...segments].map((segment) => [segment, under(routes, segment)]));
  const others = under(routes, null);
  return (segment) => lists.get(segment.toLowerCase()) ?? others;
}

/** A pattern's first segment when it is literal, lower-cased; null when it is a parameter, a splat or optional. */
function literalFirstSegment(pattern: string): string | null {
  const first = pattern.replace(/^\/+/, "").split("/", 1)[0]!;
  return first === "" || first.startsWith(":") || first.includes("*") || first.endsWith("?")
    ? null
    : first.toLowerCase();
}

function resolve(candidates: Candidates, path: string): PathRoute {
  if (path.charCodeAt(0) !== 47 /* / */) return UNROUTED;
  // The home page's data URL is `/_root.data`; any other page's is its path and `.data`.
  const data = path.endsWith(".data");
  const page = path === "/_root.data" ? "/" : data ? path.slice(0, -5) : path;
  // An empty first segment (`//tool/x`) is no page, though React Router would read past it.
  if (page.startsWith("//")) return UNROUTED;
  const slash = page.indexOf("/", 1);
  const first = page.slice(1, slash === -1 ? undefined : slash);
  const decodedFirst = decoded(first);
  // React Router decodes the path before matching: the route that answers. The label is that of the
  // path as sent, as the metrics have always labelled it: where an escape stands in a literal part
  // of the route (`/%74ool/x`), the path is matched again with its `%` escaped, so matchRoutes
  // leaves it be.
  const answering = decodedFirst !== null && decoded(page) !== null ? lastMatch(candidates(decodedFirst), page) : null;
  const asSent =
    answering && !escapesLiteral(answering.route.path ?? "", page)
      ? answering
      : lastMatch(candidates(first), page.replaceAll("%", "%25"));
  const label = (asSent ? policyOf(asSent.route).label : undefined) ?? OTHER_LABEL;
  if (!answering) return { ...UNROUTED, label, data };
  const policy = policyOf(answering.route);
  const param = (name: string | undefined) => (name === undefined ? undefined : answering.params[name]);
  const toolKey = param(policy.views);
  const clickKey = param(policy.clicks);
  const searchTerm = param(policy.search);
  return {
    label,
    cache: policy.cache,
    private: policy.private,
    upload: policy.body === "upload",
    data,
    toolKey: toolKey ? toolKey.toLowerCase() : null,
    clickKey: clickKey ? clickKey.toLowerCase() : null,
    searchTerm: searchTerm || null,
  };
}

function lastMatch(routes: RouteObject[], path: string) {
  const matches = matchRoutes(routes, path);
  return matches ? matches[matches.length - 1]! : null;
}

/** Whether a path has a percent-escape in a segment that a literal part of the route's pattern matched. */
function escapesLiteral(pattern: string, page: string): boolean {
  if (!page.includes("%")) return false;
  const literals = pattern.split("/");
  const sent = page.slice(1).split("/");
  for (let i = 0; i < sent.length; i++) {
    const literal = literals[i];
    if (literal === undefined || literal === "*") return false;
    if (sent[i]!.includes("%") && !literal.startsWith(":")) return true;
  }
  return false;
}

/** A path or segment percent-decoded, or null when its escapes are not UTF-8. */
function decoded(text: string): string | null {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The site's route table, looked up per request path. */
export const lookupRoute: RouteLookup = createRouteLookup(PAGES, SERVER_PATHS);
