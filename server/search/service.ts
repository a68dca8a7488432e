import { MAX_QUERY_LENGTH, normalizeQuery, suggestCorrection } from "../../core/search.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { listFeaturedTools, listMostLikedTools, listRelatedTools, type ToolCard } from "../catalog/queries.ts";
import type { Database } from "../db/index.ts";
import type { Logger } from "../logger.ts";
import { createToolSearch, type SearchPage, type ToolSearch } from "./synced-index.ts";

// C0 and C1 controls other than the whitespace the query normalisation folds.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/** Search limits (docs/design.md#constants, and the issue). */
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
      featured: ToolCard[];
      favourites: ToolCard[];
      related: ToolCard[];
      /** "Did you mean": a corrected query, offered when nothing matched. */
      suggestion: string | null;
    };

export interface SearchService {
  /**
   * What the search page (`sidebars: true`) or the search API shows for a raw query and page.
   * Without sidebars the featured, favourites and related lists are left empty.
   */
  search(raw: string, page: number, options?: { sidebars: boolean }): Promise<SearchOutcome>;
  /** The matching tools alone, for a normalised query (no sidebars, no suggestion). */
  find: ToolSearch["find"];
  /** Loads the search index ahead of the first search. */
  warm(): Promise<void>;
  /** What the search index holds (tools, and slots used by live and retired entries). */
  stats: ToolSearch["stats"];
}

/**
 * Search with per-catalogue-generation memory: the "did you mean" vocabulary is built once per
 * generation rather than per query.
 */
export function createSearchService(
  database: Database,
  freshness: CatalogFreshness,
  now: () => number,
  log: Logger,
): SearchService {
  const tools = createToolSearch(database, freshness, log);
  // What does not depend on the query (sidebars, vocabulary) is computed once per generation.
  let memo: { generation: number; values: Map<string, Promise<unknown>> } = { generation: -1, values: new Map() };
  function once<T>(generation: number, key: string, compute: () => Promise<T>): Promise<T> {
    if (memo.generation !== generation) memo = { generation, values: new Map() };
    let value = memo.values.get(key) as Promise<T> | undefined;
    if (!value) {
      value = compute();
      // Bounded: related lists are keyed by category and top result.
      if (memo.values.size > 1000) memo.values.clear();
      memo.values.set(key, value);
      value.catch(() => memo.values.delete(key));
    }
    return value;
  }

  return {
    async search(input, page, options = { sidebars: true }) {
      // Control characters match nothing a person types and some engines refuse them (NUL).
      const raw = input.replace(CONTROL_CHARACTERS, "");
      if (raw.length > MAX_QUERY_LENGTH * 4 || normalizeQuery(raw).length > MAX_QUERY_LENGTH) {
        return { kind: "too-long", maxLength: MAX_QUERY_LENGTH };
      }
      const query = normalizeQuery(raw);
      if (query === "") return { kind: "prompt" };
      const at = now();
      const generation = await freshness.generation();
      const results = await tools.find(query, at, { page, pageSize: SEARCH_LIMITS.pageSize });
      const suggestion =
        results.total === 0
          ? await once(generation, "vocabulary", () => loadVocabulary(database)).then((words) => suggestCorrection(query, words))
          : null;
      let featured: ToolCard[] = [];
      let favourites: ToolCard[] = [];
      let related: ToolCard[] = [];
      if (options.sidebars) {
        const top = page === 1 ? results.items[0] : (await tools.find(query, at, { page: 1, pageSize: 1 })).items[0];
        [featured, favourites, related] = await Promise.all([
          once(generation, "featured", () => listFeaturedTools(database, at, { limit: SEARCH_LIMITS.featured })),
          once(generation, "favourites", () => listMostLikedTools(database, at, SEARCH_LIMITS.favourites)),
          top
            ? once(generation, `related ${top.categories[0]} ${top.id}`, () =>
                listRelatedTools(database, top, at, SEARCH_LIMITS.related, "most-liked"),
              )
            : Promise.resolve([]),
        ]);
      }
      return {
        kind: "results",
        query,
        page,
        pages: Math.max(1, Math.ceil(results.total / SEARCH_LIMITS.pageSize)),
        total: results.total,
        items: results.items,
        featured,
        favourites,
        related,
        suggestion,
      };
    },
    find: tools.find,
    warm: () => tools.warm(now()),
    stats: tools.stats,
  };
}

/** Words of public tool names and tags, most liked tools first, for "did you mean". */
async function loadVocabulary(database: Database): Promise<string[]> {
  const rows = await database.db
    .selectFrom("tool_search as s")
    .innerJoin("tools as t", "t.id", "s.tool_id")
    .select(["s.name", "s.tags"])
    .orderBy("t.upvotes_count", "desc")
    .execute();
  const words = new Set<string>();
  for (const row of rows) {
    for (const word of `${row.name} ${row.tags}`.split(/[^\p{L}]+/u)) {
      if ([...word].length >= 4) words.add(word);
    }
  }
  return [...words];
}
