import { OTHER_LABEL } from "../../../core/route-table.ts";
import { lookupRoute } from "../http/routes.ts";

// What the request metrics label a request with: the route pattern it reached, never its URL (a
// label value per URL would make a time series per tool, per search and per scanner's guess). Each
// route declares its label in the route table (core/route-table.ts).

/** The route label of anything not listed: unknown paths, scanners' probes, encoded segments. */
export const OTHER_ROUTE = OTHER_LABEL;

/**
 * The route pattern a request URL (`req.url`: path and query) belongs to, e.g. `/tool/:slug` for
 * `/tool/notion?x=1` or `/tool/notion.data`; OTHER_ROUTE for paths the site has no route for.
 */
export function routeOf(url: string): string {
  return lookupRoute(url).label;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method label: the usual methods by name, anything else Node's parser lets through as "OTHER". */
export function methodOf(method: string | undefined): string {
  return method !== undefined && METHODS.has(method) ? method : "OTHER";
}
