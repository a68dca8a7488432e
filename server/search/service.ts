import { MAX_QUERY_LENGTH, normalizeQuery, suggestCorrection, type SearchOrder } from "../../core/search.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { filterQuery, NO_FILTERS, type ListFilters } from "../../core/filters.ts";
import type { Facets, PublicCatalog, SearchPage } from "../catalog/public.ts";
import type { SearchPosition } from "../catalog/memory-catalog.ts";
import type { ToolCard } from "../catalog/queries.ts";
import type { Metrics } from "../platform/metrics/index.ts";

// C0 and C1 controls other than the whitespace the query normalisation folds.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/** Search limits (docs/design.md#constants). */
export const SEARCH_LIMITS = { pageSize: 20, featured: 4, favourites: 5, related: 6 } as const;

export type SearchOutcome =
  | { kind: "prompt" }
  | { kind: "too-long"; maxLength: number }
  | {
      kind: "results";
      query: string;
      page: number;
      pages: number;
      total: number;
      items: SearchPage["items"];
      /** Where this page ends, when more results follow (the relevance order only). */
      next: SearchPage["next"];
      featured: ToolCard[];
      favourites: ToolCard[];
      related: ToolCard[];
      /** "Did you mean": a corrected query, offered when nothing matched. */
      suggestion: string | null;
      /** The filters and order asked for, and how many matches each filter option would give. */
      filters: ListFilters;
      order: SearchOrder;
      facets: Facets;
    };

/** What a search is narrowed to and sorted by: none and the product's order unless asked. */
export interface SearchView {
  sidebars: boolean;
  filters?: ListFilters;
  order?: SearchOrder;
  /** The results right after this position (a page's `next`) instead of the page: the relevance order only. */
  after?: SearchPosition;
}

export interface SearchService {
  /**
   * What the search page (`sidebars: true`) or the search API shows for a raw query and page.
   * Without sidebars the featured, favourites and related lists are left empty.
   */
  search(raw: string, page: number, options?: SearchView): Promise<SearchOutcome>;
}

// Answers kept: each holds a page of cards (a few kilobytes), so this bounds them to a few megabytes.
const KEPT_ANSWERS = 1000;

/**
 * Search with memory (docs/decisions/023): an answer is kept per normalised query, page and
 * sidebars, and so are the sidebars themselves, until the catalogue changes or, for like counts,
 * until a like is older than the lag counts may have (CatalogFreshness.countsCutoff).
 */
export function createSearchService(
  catalog: PublicCatalog,
  freshness: CatalogFreshness,
  now: () => number,
  metrics: Pick<Metrics, "searchServed">,
): SearchService {
  const kept = new Map<
    string,
    { generation: number; madeAt: number; value: Promise<unknown>; shows: readonly string[] }
  >();
  /** `shows`: the tools whose like count the answer carries (a like of one on this instance makes it stale at once). */
  function once<T>(
    generation: number,
    key: string,
    compute: () => Promise<T>,
    shows: (value: T) => readonly string[],
  ): Promise<T> {
    const held = kept.get(key);
    if (
      held &&
      held.generation === generation &&
      held.madeAt >= freshness.countsCutoff() &&
      !freshness.countsChangedSince(held.shows, held.madeAt)
    ) {
      // Most recently used last: the first in the map is the one to forget when full.
      kept.delete(key);
      kept.set(key, held);
      return held.value as Promise<T>;
    }
    const value = compute();
    const entry = { generation, madeAt: now(), value: value as Promise<unknown>, shows: [] as readonly string[] };
    kept.delete(key);
    kept.set(key, entry);
    if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
    value.then(
      (answer) => {
        entry.shows = shows(answer);
      },
      () => {
        if (kept.get(key) === entry) kept.delete(key);
      },
    );
    return value;
  }

  /**
   * The most liked tools of the top result's first category, but that one. Kept per category, not
   * per top result: searches whose top results share a category (most of them) share the list.
   */
  async function relatedTo(top: ToolCard, at: number, generation: number): Promise<ToolCard[]> {
    const category = top.categories[0];
    if (!category) return [];
    const { related } = SEARCH_LIMITS;
    // One more than shown, none left out (no tool has the id ""): the top result is dropped below.
    const mostLiked = await once(
      generation,
      `most liked in ${category}`,
      () => catalog.mostLikedAlike(at, { id: "", categories: [category] }, related + 1),
      idsOf,
    );
    return mostLiked.filter((card) => card.id !== top.id).slice(0, related);
  }

  async function results(
    query: string,
    page: number,
    view: Omit<Required<SearchView>, "after"> & Pick<SearchView, "after">,
    generation: number,
  ): Promise<SearchOutcome> {
    const { sidebars, filters, order, after } = view;
    const at = now();
    const narrowed = `${order} ${filterQuery(filters)}${positionKey(after)}`;
    const found = await once(
      generation,
      `found ${page} ${narrowed} ${query}`,
      () => catalog.search(query, at, { page, pageSize: SEARCH_LIMITS.pageSize, filters, order, facets: true, after }),
      (f) => idsOf(f.items),
    );
    const suggestion = found.total === 0 ? suggestCorrection(query, await catalog.vocabulary(at)) : null;
    let featured: ToolCard[] = [];
    let favourites: ToolCard[] = [];
    let related: ToolCard[] = [];
    if (sidebars) {
      const top =
        page === 1
          ? found.items[0]
          : (
              await once(
                generation,
                `found 1 ${query}`,
                () => catalog.search(query, at, { page: 1, pageSize: SEARCH_LIMITS.pageSize }),
                (f) => idsOf(f.items),
              )
            ).items[0];
      [featured, favourites, related] = await Promise.all([
        once(generation, "featured", () => catalog.featured(at, { limit: SEARCH_LIMITS.featured }), idsOf),
        once(generation, "favourites", () => catalog.mostLiked(at, SEARCH_LIMITS.favourites), idsOf),
        top ? relatedTo(top, at, generation) : Promise.resolve([]),
      ]);
    }
    return {
      kind: "results",
      query,
      page,
      pages: Math.max(1, Math.ceil(found.total / SEARCH_LIMITS.pageSize)),
      total: found.total,
      items: found.items,
      next: found.next,
      featured,
      favourites,
      related,
      suggestion,
      filters,
      order,
      facets: found.facets!,
    };
  }

  return {
    async search(input, page, options: SearchView = { sidebars: true }) {
      // Control characters match nothing a person types and some engines refuse them (NUL).
      const raw = input.replace(CONTROL_CHARACTERS, "");
      if (raw.length > MAX_QUERY_LENGTH * 4 || normalizeQuery(raw).length > MAX_QUERY_LENGTH) {
        return { kind: "too-long", maxLength: MAX_QUERY_LENGTH };
      }
      const query = normalizeQuery(raw);
      if (query === "") return { kind: "prompt" };
      const started = performance.now();
      const generation = await freshness.generation();
      const view = {
        sidebars: options.sidebars,
        filters: options.filters ?? NO_FILTERS,
        order: options.order ?? "relevance",
        after: options.after,
      };
      const outcome = await once(
        generation,
        `${options.sidebars ? "page" : "api"} ${page} ${view.order} ${filterQuery(view.filters)}${positionKey(view.after)} ${query}`,
        () => results(query, page, view, generation),
        (answer) =>
          answer.kind === "results"
            ? [answer.items, answer.featured, answer.favourites, answer.related].flatMap(idsOf)
            : [],
      );
      // Kept answers count too: the histogram is what searchers waited, not what was computed.
      metrics.searchServed((performance.now() - started) / 1000);
      return outcome;
    },
  };
}

/** A position's part of a kept answer's key (none for a page asked by number). */
function positionKey(after: SearchPosition | undefined): string {
  return after ? ` after ${after.score} ${after.cents} ${after.createdAt} ${after.id}` : "";
}

function idsOf(cards: readonly { id: string }[]): string[] {
  return cards.map((card) => card.id);
}
