import { categoryBySlug, type Category } from "./categories.ts";
import { filterQuery, NO_FILTERS, type ListFilters } from "./filters.ts";
import { slugify } from "./slug.ts";

/** Browse sorts (docs/design.md#screens): slug → label. `recent` is the default. */
export const SORTS = {
  recent: "Latest",
  oldest: "Oldest",
  name: "Name A-Z",
  "name-desc": "Name Z-A",
  trending: "Trending",
} as const;

export type Sort = keyof typeof SORTS;
export const DEFAULT_SORT: Sort = "recent";

/** The sort named in a URL, or the default for anything else (spec: unknown sorts fall back). */
export function parseSort(value: string | null | undefined): Sort {
  return value && Object.hasOwn(SORTS, value) ? (value as Sort) : DEFAULT_SORT;
}

/** Page sizes and limits of the public lists (docs/design.md#constants). */
export const LIMITS = {
  browsePageSize: 24,
  browseFeatured: 8,
  homeFeatured: 6,
  homeLatest: 8,
  relatedShown: 3,
  alternativesPageSize: 24,
  tagPageSize: 24,
  comparedAtMost: 3,
  compareSuggestions: 10,
  feedEntries: 50,
  apiMaxPageSize: 100,
  apiDefaultPageSize: 24,
  categoriesShown: 2,
  platformsShown: 3,
  tagsShown: 8,
} as const;

/** The browse filter: `all` or a category (the slug table, else the hyphenated name). */
export type BrowseFilter = { kind: "all" } | { kind: "category"; category: Category };

/** Reads a browse filter from the URL; null when it names no category. */
export function parseBrowseFilter(value: string | undefined): BrowseFilter | null {
  if (value === undefined || value === "all") return { kind: "all" };
  const category = categoryBySlug(value);
  return category ? { kind: "category", category } : null;
}

/** The canonical browse URL for a filter, sort and page (default sort and page 1 left out). */
export function browsePath(filter: BrowseFilter, sort: Sort, page = 1, filters: ListFilters = NO_FILTERS): string {
  const slug = filter.kind === "all" ? "all" : filter.category.slug;
  const path = sort === DEFAULT_SORT ? `/browse/${slug}` : `/browse/${slug}/${sort}`;
  const query = [filterQuery(filters), page > 1 ? `page=${page}` : ""].filter((part) => part !== "").join("&");
  return query === "" ? path : `${path}?${query}`;
}

/** The address of a category's browse page (default sort, page 1); all tools' for a slug that names none. */
export function categoryPath(slug: string): string {
  return browsePath(parseBrowseFilter(slug) ?? { kind: "all" }, DEFAULT_SORT);
}

/** A tag's part of its page's address: the tag as a slug is made ("" for a tag with no ASCII word characters). */
export function tagSlug(tag: string): string {
  return slugify(tag.trim()).replace(/^-|-$/g, "");
}

/** The address of a page of the tools carrying a tag; null for a tag with no address. */
export function tagPath(tag: string, page = 1, inactive = false): string | null {
  const slug = tagSlug(tag);
  if (slug === "") return null;
  const query = [...(page > 1 ? [`page=${page}`] : []), ...(inactive ? ["include=inactive"] : [])].join("&");
  return `/tag/${slug}${query ? `?${query}` : ""}`;
}

/** The address of a page of a tool's alternatives. */
export function alternativesPath(slug: string, page = 1): string {
  return `/alternatives/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ""}`;
}

/**
 * The one address of a comparison of tools: their slugs in code-unit order, joined by "-vs-". A
 * tool whose slug has "-vs-" in it is named by its id there, or the address could be read as other
 * tools (css-vs-html and sass, or css, html and sass).
 */
export function comparePath(tools: readonly { slug: string; id: string }[]): string {
  const sorted = [...tools].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return `/compare/${sorted.map((tool) => encodeURIComponent(tool.slug.includes("-vs-") ? tool.id : tool.slug)).join("-vs-")}`;
}

/**
 * The page numbers a pagination shows: the first, the last, and two either side of `page`, with
 * null for each gap of more than one page (a gap of one shows the page itself).
 */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const near = (n: number) => n === 1 || n === pages || Math.abs(n - page) <= 2;
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (near(n) || (near(n - 1) && near(n + 1))) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

/** A page number from the query string: a whole number from 1, or null when malformed. */
export function parsePage(value: string | null): number | null {
  if (value === null || value === "") return 1;
  if (!/^[1-9]\d{0,6}$/.test(value)) return null;
  return Number(value);
}

/** The number of pages for `total` items (at least 1, so an empty list still has its page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * A page number for the lists that forgive a bad `?page=` rather than answer 404 (the admin's
 * orders and messages): anything but a whole number from 1 is page 1. See clampPage for the far end.
 */
export function lenientPage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** `page` within 1 to `pages`: a lenient list shows its last page for a number past it. */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), pages);
}
