import { CATEGORIES, isValidCategoryLabel } from "../../core/categories.ts";
import {
  browsePath,
  LIMITS,
  pageCount,
  parseBrowseFilter,
  parsePage,
  parseSort,
  type Sort,
} from "../../core/catalog.ts";
import { filterQuery, parseFilters, type ListFilters } from "../../core/filters.ts";
import type { Facets, PublicCatalog } from "./public.ts";
import type { ToolCard } from "./queries.ts";

/** What the browse page shows: one page of a category (or all tools), its featured column and the category list. */
export interface BrowsePage {
  filter: { slug: string; name: string } | null;
  sort: Sort;
  page: number;
  pages: number;
  tools: ToolCard[];
  /** Every public tool of the filter: the featured column's and the list's (what the category list counts too). */
  total: number;
  featured: ToolCard[];
  /** The categories with tools (under the filters chosen), each with how many. */
  categories: { slug: string; name: string; count: number }[];
  /** Every public tool the filters give, the count beside "All tools". */
  allCount: number;
  /** Whether any tool is featured anywhere (the empty Featured column then does not invite a first one). */
  anyFeatured: boolean;
  /** The page's one address (category slug, sort, filters, page). */
  canonical: string;
  /** The pricing models and platforms the list is narrowed to (none: every tool of the filter). */
  filters: ListFilters;
  /** How many tools each filter option would give here. */
  facets: Facets;
}

export type BrowseOutcome =
  | { kind: "page"; page: BrowsePage }
  /** Another spelling of a page that has one canonical address (a `?sort=` of the no-JavaScript form, page 1, an old category name). */
  | { kind: "moved"; to: string }
  | { kind: "not-found"; message: string };

/**
 * `/browse/{filter?}/{sort?}?page=`: the page, or where its canonical address is, or why there is
 * none. The featured column comes first; every other public tool, featured beyond the column's
 * places included, is in the main list, so no tool drops out of browse.
 */
export async function browsePage(
  deps: { catalog: PublicCatalog; now: () => number },
  request: { filter: string | undefined; sort: string | undefined; query: URLSearchParams },
): Promise<BrowseOutcome> {
  const filter = parseBrowseFilter(request.filter);
  if (!filter) return { kind: "not-found", message: "Category not found" };
  // Without JavaScript the sort dropdown submits ?sort=…: the URL is rebuilt from it.
  const sort = parseSort(request.query.get("sort") ?? request.sort);
  const page = parsePage(request.query.get("page"));
  const { filters } = parseFilters(request.query);
  const canonical = browsePath(filter, sort, page ?? 1, filters);
  if (page === null || request.query.has("sort") || request.query.get("page") === "1")
    return { kind: "moved", to: canonical };
  // Filters written another way (repeated, in another order or case, with unknown options) have one address.
  if (!sameFilters(request.query, filterQuery(filters))) return { kind: "moved", to: canonical };
  // Old or alternative category spellings (the hyphenated name) lead to the one canonical URL.
  if (request.filter !== undefined && filter.kind === "category" && request.filter !== filter.category.slug)
    return { kind: "moved", to: canonical };

  const { catalog } = deps;
  const at = deps.now();
  const category = filter.kind === "category" ? filter.category.slug : null;
  const [featured, counts, allCount, facets, anyFeatured] = await Promise.all([
    catalog.featured(at, { limit: LIMITS.browseFeatured, category, filters }),
    // The category list counts what each category would give with the filters chosen.
    catalog.categoryCounts(at, filters),
    catalog.count(at, filters),
    catalog.facets(at, { category, filters }),
    catalog.featured(at, { limit: 1 }).then((some) => some.length > 0),
  ]);
  const list = await catalog.list(at, {
    category,
    sort,
    page,
    pageSize: LIMITS.browsePageSize,
    excludeIds: featured.map((t) => t.id),
    filters,
  });
  const pages = pageCount(list.total, LIMITS.browsePageSize);
  if (page > pages) return { kind: "not-found", message: "There is no such page." };
  return {
    kind: "page",
    page: {
      filter: filter.kind === "all" ? null : { slug: filter.category.slug, name: filter.category.name },
      sort,
      page,
      pages,
      tools: list.items,
      // The list leaves out the featured column's tools; the page counts them all, as the category list does.
      total: list.total + featured.length,
      featured,
      // A category the filters leave empty stays listed while it is the one shown.
      categories: CATEGORIES.filter(
        (c) => isValidCategoryLabel(c.name) && ((counts.get(c.slug) ?? 0) > 0 || c.slug === category),
      ).map((c) => ({
        slug: c.slug,
        name: c.name,
        count: counts.get(c.slug) ?? 0,
      })),
      allCount,
      anyFeatured,
      canonical,
      filters,
      facets,
    },
  };
}

/** Whether the query's filter parameters are written exactly as `canonical` (filterQuery's form) writes them. */
function sameFilters(query: URLSearchParams, canonical: string): boolean {
  const written = ["pricing", "platform", "include"].flatMap((name) =>
    query.getAll(name).map((value) => `${name}=${value}`),
  );
  return written.join("&") === canonical;
}
