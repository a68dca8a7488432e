import type { CategorySlug } from "../../core/categories.ts";
import type { Sort } from "../../core/catalog.ts";
import { NO_FILTERS, platformMask, pricingMask, type ListFilters } from "../../core/filters.ts";
import { PLATFORMS, type Platform } from "../../core/platforms.ts";
import { PRICING_MODELS, type PricingModel } from "../../core/pricing.ts";
import type { Database } from "../platform/db/index.ts";
import type { Logger } from "../platform/logger.ts";
import type { CatalogFreshness } from "./freshness.ts";
import {
  likeCounts,
  listToolCards,
  mostLikedIds,
  mostLikedIdsIn,
  toolUrls,
  type ToolCard,
  type ToolUrl,
} from "./queries.ts";
import type { SearchOrder } from "../../core/search.ts";
import { scoreAt, type TrendingWindow } from "../../core/trending.ts";
import type { LifecycleThresholds } from "../../core/lifecycle.ts";
import type { FacetCounts, ListPosition, SearchPosition, Shares } from "./memory-catalog.ts";
import { createSyncedCatalog } from "./synced-catalog.ts";

// What public pages list, answered without reading the catalogue (docs/decisions/023): the
// catalogue in memory decides which tools a list shows and in what order, and how many there are;
// their cards are then read by id. Like counts are the one thing ordered in the database (they
// change too often to follow in memory): along an index, from the top.

/** One page of a list, and how many tools the list has in all. */
export interface ListPage {
  items: ToolCard[];
  total: number;
}

/** A page of a list asked for with `list`: where it ends, when more tools follow. */
export interface ListedPage extends ListPage {
  next: ListPosition | null;
}

/** One page of the tools trending in a window, each with its score now. */
export interface TrendingPage extends ListPage {
  items: (ToolCard & { score: number })[];
  /** When the scores were worked out (0: never yet). */
  computedAt: number;
}

/** One page of search results in result order, each with its score, and the total. */
export interface SearchPage {
  items: (ToolCard & { score: number })[];
  total: number;
  /** Where this page ends (the relevance order), when more matches follow. */
  next: SearchPosition | null;
  /** How many matches each filter option would give, when asked for. */
  facets?: Facets;
}

/** One page of the tools most like another (docs/decisions/029), each with what it shares with it. */
export interface AlternativesPage {
  items: (ToolCard & { shares: Shares })[];
  total: number;
}

/** A tool the feature dialog offers: any public tool; one featured now is topped up by paying again. */
export interface FeatureCandidate {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  logoUrl: string | null;
  /** The sum of its payments in force (cents), 0 when it is not featured. */
  featuredCents: number;
}

/** The featured ranking now, best first: each featured tool's weight in cents. */
export type FeaturedRanking = { id: string; cents: number }[];

export interface ListOptions {
  category: CategorySlug | null;
  sort: Sort;
  page: number;
  pageSize: number;
  /** Start right after this position (a page's `next`) instead of at `page`. */
  after?: ListPosition;
  /** Tools to leave out: those browse already shows in its featured column. */
  excludeIds: readonly string[];
  /** Pricing models and platforms to narrow to; none given, none narrow. */
  filters?: ListFilters;
}

/** How many tools of a list each filter option would give, counted under the other filter. */
export interface Facets {
  pricing: { model: PricingModel; count: number }[];
  platforms: { platform: Platform; count: number }[];
}

export interface PublicCatalog {
  /** One page of public tools (of a category, or all) in a sort order, with the total. */
  list(now: number, options: ListOptions): Promise<ListedPage>;
  /** Public tools featured at `now`, highest weight first, then the latest payment (optionally of one category, as filtered). */
  featured(
    now: number,
    options: { limit: number; category?: CategorySlug | null; filters?: ListFilters },
  ): Promise<ToolCard[]>;
  /** The filter options' counts for a category (or all) under the filters chosen. */
  facets(now: number, options: { category: CategorySlug | null; filters: ListFilters }): Promise<Facets>;
  /** The newest public tools, featured or not. */
  latest(now: number, limit: number): Promise<ToolCard[]>;
  /**
   * A tool page's related tools: public tools sharing categories and tags with it, the most shared
   * first (a category counts as two tags), then the most liked, then the newest; never itself.
   */
  related(
    now: number,
    tool: Pick<ToolCard, "id" | "categories"> & { tags: readonly string[] },
    limit: number,
  ): Promise<ToolCard[]>;
  /** Public tools sharing the tool's first category, most liked first, the tool itself left out (search). */
  mostLikedAlike(now: number, tool: Pick<ToolCard, "id" | "categories">, limit: number): Promise<ToolCard[]>;
  /** One page of the public tools carrying a tag (by its address, core/catalog.ts), newest first; null when none does. */
  tagged(
    now: number,
    slug: string,
    options: { page: number; pageSize: number; filters?: ListFilters },
  ): Promise<(ListPage & { tag: string }) | null>;
  /** The addresses of the tags public tools carry (the sitemap's tag pages). */
  tagSlugs(now: number): Promise<string[]>;
  /** The most liked public tools ("community favourites"), then the newest. */
  mostLiked(now: number, limit: number): Promise<ToolCard[]>;
  /**
   * One page of the public tools trending in a window (docs/decisions/052), best first, each with
   * its score as it stands at `now`, how many have a score, and when the scores were worked out.
   */
  trending(now: number, window: TrendingWindow, options: { page: number; pageSize: number }): Promise<TrendingPage>;
  /** The public tools most like a public tool, one page of them; null when the tool is not public. */
  alternatives(
    now: number,
    toolId: string,
    options: { page: number; pageSize: number },
  ): Promise<AlternativesPage | null>;
  /** How many public tools each category has (of those the filters give; none given, inactive ones left out). */
  categoryCounts(now: number, filters?: ListFilters): Promise<Map<CategorySlug, number>>;
  /** How many tools are public (of those the filters give; none given, inactive ones left out). */
  count(now: number, filters?: ListFilters): Promise<number>;
  /** Public tools scoring for a normalised query, in the product's order (core/search.ts): one page, and the total. */
  search(
    normalizedQuery: string,
    now: number,
    options: {
      page: number;
      pageSize: number;
      filters?: ListFilters;
      order?: SearchOrder;
      facets?: boolean;
      /** Start right after this position (a page's `next`, relevance order only) instead of at `page`. */
      after?: SearchPosition;
    },
  ): Promise<SearchPage>;
  /** Words of public tool names and tags, the most common first: what "did you mean" picks from. */
  vocabulary(now: number): Promise<string[]>;
  /**
   * Public tools whose name has `text` where a word starts (the feature dialog's type-ahead), or
   * the one tool `id` names: up to `limit`, whether there are more, how many could be featured at
   * all (every public tool: a featured one is topped up), and the featured ranking now (what the
   * dialog works out a placement from).
   */
  featureCandidates(
    now: number,
    query: { text: string; id?: string },
    limit: number,
  ): Promise<{ items: FeatureCandidate[]; more: boolean; eligible: number; ranking: FeaturedRanking }>;
  /**
   * Public tools whose name has `text` where a word starts, shortest names first (a name typed into
   * a form); `inactive: false` leaves out those lists leave out (unreachable, discontinued).
   */
  namedLike(now: number, text: string, limit: number, options?: { inactive?: boolean }): Promise<ToolCard[]>;
  /** Slugs and change times of public tools, oldest first (the sitemap's order): `limit` of them from `offset`. */
  urls(now: number, options: { offset: number; limit: number }): Promise<ToolUrl[]>;
  /** Loads the catalogue ahead of the first request (the server calls it at start). */
  warm(now: number): Promise<void>;
  /** Whether the catalogue is in memory (readiness), without waiting or asking the database. */
  loaded(): boolean;
  /** Tools held, and slots used (live or retired). */
  stats(): { tools: number; slots: number };
}

const facetsOf = (counts: FacetCounts): Facets => ({
  pricing: PRICING_MODELS.map((model, i) => ({ model, count: counts.pricing[i]! })),
  platforms: PLATFORMS.map((platform, i) => ({ platform, count: counts.platforms[i]! })),
});

// Lists leave out unreachable and discontinued tools unless asked for them (core/lifecycle.ts):
// no filters given reads as none chosen, not as every tool.
const masks = (filters: ListFilters = NO_FILTERS) => ({
  pricing: pricingMask(filters.pricing),
  platforms: platformMask(filters.platforms),
  inactive: filters.inactive === true,
});

// Below this many tools a category's most liked are read through its own index; above, the most
// liked of all are read from the top until enough of them are in the category.
const SMALL_CATEGORY = 2000;

// A related list's candidates read for their likes at most: those sharing the most, and the ties
// at the list's end (a popular category ties hundreds; past this many the newest of them).
const RELATED_CANDIDATES = 200;

export function createPublicCatalog(
  database: Database,
  freshness: CatalogFreshness,
  log: Logger,
  thresholds: LifecycleThresholds,
  /** An event's half-life in trending (core/trending.ts): scores are shown as they stand now. */
  trendingHalfLifeMs: number = 24 * 60 * 60 * 1000,
): PublicCatalog {
  const synced = createSyncedCatalog(database, freshness, log, thresholds);
  const cards = (now: number, ids: readonly string[]) => listToolCards(database, now, ids, thresholds);
  /** The cards of the catalogue's hits in their order, each with what its hit adds. */
  async function cardsOf<H extends { id: string }, T>(
    now: number,
    hits: readonly H[],
    extra: (hit: H) => T,
  ): Promise<(ToolCard & T)[]> {
    const found = new Map(
      (
        await cards(
          now,
          hits.map((h) => h.id),
        )
      ).map((card) => [card.id, card]),
    );
    // A tool that stopped being public since the catalogue last synced has no card: it is left out.
    return hits.flatMap((hit) => {
      const card = found.get(hit.id);
      return card ? [{ ...card, ...extra(hit) }] : [];
    });
  }

  /** Ids of a category's most liked public tools, the tool `except` left out. */
  async function mostLikedInCategory(
    now: number,
    category: CategorySlug,
    limit: number,
    except: string,
  ): Promise<string[]> {
    const catalog = await synced.ready(now);
    const size = catalog.categoryCounts().get(category) ?? 0;
    if (size <= SMALL_CATEGORY) {
      return (await mostLikedIdsIn(database, category, limit + 1 + catalog.inactiveCount))
        .filter((id) => id !== except && !catalog.isInactive(id))
        .slice(0, limit);
    }
    // A category this large is at least one in every `share` tools: read that many per place, twice over.
    const share = Math.ceil(catalog.size / size);
    const batch = Math.min(catalog.size, 2 * share * (limit + 1));
    const found: string[] = [];
    for (let offset = 0; found.length < limit && offset < catalog.size; offset += batch) {
      const ids = await mostLikedIds(database, { limit: batch, offset });
      for (const id of ids)
        if (id !== except && catalog.inCategory(id, category) && !catalog.isInactive(id) && found.length < limit)
          found.push(id);
      if (ids.length < batch) break;
    }
    return found;
  }

  return {
    async list(now, options) {
      const catalog = await synced.ready(now);
      const { ids, total, next } = catalog.list({
        category: options.category,
        sort: options.sort,
        from: (options.page - 1) * options.pageSize,
        count: options.pageSize,
        after: options.after,
        exclude: new Set(options.excludeIds),
        filters: masks(options.filters),
      });
      return { items: await cards(now, ids), total, next };
    },
    async featured(now, options) {
      const catalog = await synced.ready(now);
      return cards(
        now,
        catalog.featured(now, {
          category: options.category ?? null,
          limit: options.limit,
          filters: masks(options.filters),
        }),
      );
    },
    async facets(now, options) {
      return facetsOf((await synced.ready(now)).facets(options.category, masks(options.filters)));
    },
    async latest(now, limit) {
      return cards(now, (await synced.ready(now)).newest(null, limit));
    },
    async related(now, tool, limit) {
      const catalog = await synced.ready(now);
      const candidates = catalog.closest(
        { categories: tool.categories, tags: tool.tags, except: tool.id },
        limit,
        RELATED_CANDIDATES,
      );
      // Ties on what is shared go to the most liked; the sort is stable, so then the newest.
      const likes = await likeCounts(
        database,
        candidates.map((c) => c.id),
      );
      const ranked = candidates
        .filter((c) => likes.has(c.id))
        .sort((a, b) => b.points - a.points || likes.get(b.id)! - likes.get(a.id)!)
        .slice(0, limit);
      return cards(
        now,
        ranked.map((c) => c.id),
      );
    },
    async tagSlugs(now) {
      return (await synced.ready(now)).tagSlugs();
    },
    async mostLikedAlike(now, tool, limit) {
      const first = tool.categories[0];
      return first ? cards(now, await mostLikedInCategory(now, first, limit, tool.id)) : [];
    },
    async tagged(now, slug, options) {
      const catalog = await synced.ready(now);
      const tags = catalog.tagsWithSlug(slug);
      if (tags.length === 0) return null;
      const { ids, total } = catalog.withTags(tags, {
        from: (options.page - 1) * options.pageSize,
        count: options.pageSize,
        filters: masks(options.filters),
      });
      return { tag: tags[0]!, items: await cards(now, ids), total };
    },
    async mostLiked(now, limit) {
      // Read from the database by likes; the tools lists leave out are skipped here too (a few, as a rule).
      const catalog = await synced.ready(now);
      const ids = await mostLikedIds(database, { limit: limit + Math.min(catalog.inactiveCount, 1000) });
      return cards(now, ids.filter((id) => !catalog.isInactive(id)).slice(0, limit));
    },
    async trending(now, window, options) {
      const catalog = await synced.ready(now);
      const { hits, total, computedAt } = catalog.trending(window, {
        category: null,
        from: (options.page - 1) * options.pageSize,
        count: options.pageSize,
        filters: masks(),
      });
      const items = await cardsOf(now, hits, (hit) => ({
        score: scoreAt(hit.score, computedAt, now, trendingHalfLifeMs),
      }));
      return { items, total, computedAt };
    },
    async alternatives(now, toolId, options) {
      const similar = (await synced.ready(now)).similar(toolId, {
        from: (options.page - 1) * options.pageSize,
        count: options.pageSize,
      });
      if (!similar) return null;
      return { items: await cardsOf(now, similar.hits, (hit) => ({ shares: hit.shares })), total: similar.total };
    },
    async categoryCounts(now, filters) {
      return (await synced.ready(now)).categoryCounts(masks(filters));
    },
    async count(now, filters) {
      return (await synced.ready(now)).countPassing(masks(filters));
    },
    async search(normalizedQuery, now, options) {
      const { hits, total, next, facets } = (await synced.ready(now)).search(normalizedQuery, now, {
        ...options,
        filters: masks(options.filters),
      });
      return {
        items: await cardsOf(now, hits, (hit) => ({ score: hit.score })),
        total,
        next,
        ...(facets ? { facets: facetsOf(facets) } : {}),
      };
    },
    async vocabulary(now) {
      return (await synced.ready(now)).vocabulary();
    },
    async featureCandidates(now, query, limit) {
      const catalog = await synced.ready(now);
      const featuring = catalog.featuring(now);
      // One more than shown says whether the list was cut.
      const ids =
        query.id !== undefined
          ? catalog.has(query.id)
            ? [query.id]
            : []
          : catalog.namesMatching(query.text, limit + 1, () => false);
      const found = await cards(now, ids.slice(0, limit));
      const ranking = catalog
        .featured(now, { category: null, limit: featuring.size })
        .map((id) => ({ id, cents: featuring.get(id)!.cents }));
      return {
        items: found.map(({ id, slug, name, tagline, logoUrl }) => ({
          id,
          slug,
          name,
          tagline,
          logoUrl,
          featuredCents: featuring.get(id)?.cents ?? 0,
        })),
        more: ids.length > limit,
        eligible: catalog.size,
        ranking,
      };
    },
    async namedLike(now, text, limit, options) {
      const catalog = await synced.ready(now);
      const skip = options?.inactive === false ? (id: string) => catalog.isInactive(id) : () => false;
      return cards(now, catalog.namesMatching(text, limit, skip));
    },
    async urls(now, options) {
      const { ids } = (await synced.ready(now)).list({
        category: null,
        sort: "oldest",
        from: options.offset,
        count: options.limit,
      });
      return toolUrls(database, ids);
    },
    async warm(now) {
      // One search readies what every search shares (the result order, scratch space, compiled code).
      (await synced.ready(now)).search("a", now, { page: 1, pageSize: 1 });
    },
    loaded: synced.loaded,
    stats: synced.stats,
  };
}
