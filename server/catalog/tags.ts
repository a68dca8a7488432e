import { LIMITS, pageCount, parsePage, tagPath } from "../../core/catalog.ts";
import { INCLUDE_INACTIVE, parseFilters } from "../../core/filters.ts";
import type { ListPage, PublicCatalog } from "./public.ts";

/** What `/tag/{slug}` shows: the tag, one page of the public tools carrying it, and where the page is. */
export interface TagView extends ListPage {
  tag: string;
  page: number;
  pages: number;
  /** The page's one address. */
  canonical: string;
  /** Whether the tools lists leave out by their lifecycle (unreachable, discontinued) are shown too. */
  inactive: boolean;
}

export type TagOutcome =
  | { kind: "page"; view: TagView }
  /** Another spelling of the page (`?page=1`, upper case). */
  | { kind: "moved"; to: string }
  | { kind: "not-found"; message: string };

/**
 * The public tools carrying a tag, newest first, a page of them, without the unreachable and
 * discontinued ones unless asked for (`include=inactive`, as lists take it); a tag no public tool
 * carries has no page (404).
 */
export async function tagPage(
  deps: { catalog: PublicCatalog; now: () => number },
  request: { slug: string; query: URLSearchParams },
): Promise<TagOutcome> {
  const page = parsePage(request.query.get("page"));
  const slug = request.slug.toLowerCase();
  const inactive = parseFilters(request.query).filters.inactive === true;
  const found = await deps.catalog.tagged(deps.now(), slug, {
    page: page ?? 1,
    pageSize: LIMITS.tagPageSize,
    filters: { pricing: [], platforms: [], inactive },
  });
  if (!found) return { kind: "not-found", message: "No public tool has that tag." };
  const canonical = tagPath(found.tag, page ?? 1, inactive)!;
  // `include` written another way (repeated, unknown, in another case) has one address too.
  const include = request.query.getAll("include");
  if (
    page === null ||
    request.query.get("page") === "1" ||
    request.slug !== slug ||
    include.join("&") !== (inactive ? INCLUDE_INACTIVE : "")
  )
    return { kind: "moved", to: canonical };
  const pages = pageCount(found.total, LIMITS.tagPageSize);
  if (page > pages) return { kind: "not-found", message: "There is no such page." };
  return { kind: "page", view: { ...found, page, pages, canonical, inactive } };
}
