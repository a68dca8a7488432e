import type { RouteConfig, RouteConfigEntry } from "@react-router/dev/routes";
import { PAGES, type RouteEntry } from "../core/route-table.ts";

// The product's pages are listed in core/route-table.ts, each with what the server does with its
// requests (cache, privacy, uploads, metrics label, view and search counting): one line there and a
// module under app/routes/ make a new page. React Router gets the table's pages as its route config.

/** React Router's config entry of a page of the table, its policy left out. */
function configOf({ path, index, file, id, children }: RouteEntry): RouteConfigEntry {
  if (file === undefined) throw new Error(`The page at ${path ?? "(index)"} names no route module.`);
  return {
    file,
    ...(path !== undefined ? { path } : {}),
    ...(index ? { index } : {}),
    ...(id !== undefined ? { id } : {}),
    ...(children ? { children: children.map(configOf) } : {}),
  };
}

export default PAGES.map(configOf) satisfies RouteConfig;
