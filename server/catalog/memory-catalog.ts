import type { CategorySlug } from "../../core/categories.ts";
import type { Sort } from "../../core/catalog.ts";
import { Facets } from "./memory/facets.ts";
import { Featuring } from "./memory/featuring.ts";
import { FieldStore } from "./memory/fields.ts";
import { Lists, type ListPosition } from "./memory/lists.ts";
import { Postings } from "./memory/postings.ts";
import { ResultOrder } from "./memory/rank.ts";
import { Scratch } from "./memory/scratch.ts";
import { SearchIndex, type SearchOptions } from "./memory/search.ts";
import { Similar } from "./memory/similar.ts";
import { CATEGORY_BY_SLUG, SlotStore } from "./memory/slots.ts";
import { Tags } from "./memory/tags.ts";
import { Trending, type HeldTrending } from "./memory/trending.ts";
import type { TrendingWindow } from "../../core/trending.ts";
import type {
  FacetCounts,
  FilterMasks,
  HeldPayment,
  HeldTool,
  RunningFeaturing,
  SearchHits,
  Shares,
} from "./memory/types.ts";
import { Vocabulary } from "./memory/vocabulary.ts";

export type { ListPosition } from "./memory/lists.ts";
export type { HeldTrending } from "./memory/trending.ts";
export {
  FIELDS,
  type SearchPosition,
  type FacetCounts,
  type Field,
  type FilterMasks,
  type HeldPayment,
  type HeldTool,
  type RunningFeaturing,
  type SearchHits,
  type Shares,
} from "./memory/types.ts";

// Every public tool, held compactly in each instance's memory (docs/decisions/023): what the
// public lists need to be answered without reading the catalogue — the orders (newest, name), the
// counts per category, the paid placement in force — and a search index that answers the
// product's search rule (core/search.ts) exactly, in time that follows the matches.
//
// This class only routes: each job is a part under server/catalog/memory/ (docs/decisions/039),
// all keyed by slot — the slot store (slots.ts), lists and pagination (lists.ts), facets and
// counts (facets.ts), featuring (featuring.ts), the tag index (tags.ts), similar tools
// (similar.ts), and the search index: vocabulary.ts, fields.ts, postings.ts, rank.ts, search.ts.

// Below this many matches sorting them is cheaper than walking the whole rank order (tests set
// another limit to exercise both ways).
const SORT_LIMIT = 4096;

/**
 * The public catalogue in memory. Tools live in slots; replacing or removing one retires its slot
 * (its postings are skipped from then on), so the owner rebuilds the whole once retired slots pile up.
 */
export class MemoryCatalog {
  private readonly slotStore = new SlotStore();
  private readonly lists = new Lists(this.slotStore);
  private readonly facetCounts = new Facets(this.slotStore, this.lists);
  private readonly featurings = new Featuring(this.slotStore);
  private readonly tags = new Tags(this.slotStore, this.lists);
  private readonly trend = new Trending(this.slotStore, this.lists);
  private readonly scratch = new Scratch();
  private readonly similarTools = new Similar({
    slots: this.slotStore,
    lists: this.lists,
    tags: this.tags,
    scratch: this.scratch,
  });
  private readonly vocabularyOf = new Vocabulary();
  private readonly fields = new FieldStore(this.vocabularyOf);
  private readonly postings: Postings;
  private readonly order: ResultOrder;
  private readonly index: SearchIndex;

  /**
   * `bulk`: many tools are about to be added; their postings are made once, by compact(), instead
   * of tool by tool (a search or compact() before then makes them).
   */
  constructor(options: { sortLimit?: number; bulk?: boolean } = {}) {
    const { slotStore: slots, lists, scratch, vocabularyOf: vocabulary, fields } = this;
    this.postings = new Postings({ slots, vocabulary, fields, bulk: options.bulk ?? false });
    this.order = new ResultOrder({ slots, lists, featuring: this.featurings, scratch });
    this.index = new SearchIndex({
      slots,
      lists,
      vocabulary,
      fields,
      postings: this.postings,
      order: this.order,
      scratch,
      sortLimit: options.sortLimit ?? SORT_LIMIT,
    });
  }

  /** Public tools held. */
  get size(): number {
    return this.slotStore.live;
  }

  /** Slots used, live or retired: what a rebuild would give back is `slots - size`. */
  get slots(): number {
    return this.slotStore.length;
  }

  has(id: string): boolean {
    return this.slotStore.slotOf.has(id);
  }

  /** The ids of the tools held. */
  toolIds(): IterableIterator<string> {
    return this.slotStore.slotOf.keys();
  }

  /** Adds a tool, or replaces the one with its id. */
  upsert(tool: HeldTool): void {
    this.remove(tool.id);
    const slot = this.slotStore.add(tool);
    this.tags.add(slot, tool.tags);
    this.lists.added(slot);
    this.fields.add(slot, tool);
    this.postings.add(slot);
    this.changed();
  }

  /** Removes a tool if it is held. */
  remove(id: string): void {
    if (this.slotStore.retire(id) === undefined) return;
    this.lists.removed();
    this.changed();
  }

  /** What is made from the tools held is made again when next read. */
  private changed(): void {
    this.index.changed();
    this.tags.changed();
    this.order.changed();
    this.featurings.changed();
  }

  /**
   * Makes every posting again from the fields of the tools held, leaving out retired slots, and
   * sorts new tokens into the lookup table: after a bulk load, and when many tools were added since
   * (the owner asks; see `recentPostings`).
   */
  compact(): void {
    this.postings.compact();
  }

  /** Postings added since the last compaction. */
  get recentPostings(): number {
    return this.postings.recent;
  }

  /** Replaces the paid orders that decide featured placement (and the search order); redone only if they differ. */
  setPayments(payments: readonly HeldPayment[]): void {
    if (this.featurings.setPayments(payments)) this.order.changed();
  }

  // Lists, facets and counts.

  /** How many public tools each category has (among those passing `filters`, when given). */
  categoryCounts(filters?: FilterMasks): Map<CategorySlug, number> {
    return this.facetCounts.categoryCounts(filters);
  }

  /** How many public tools pass `filters` (every one without). */
  countPassing(filters?: FilterMasks): number {
    return this.facetCounts.countPassing(filters);
  }

  /** One page of public tools (of one category, or all) in a sort order, leaving out `exclude`, with how many there are in all. */
  list(options: {
    category: CategorySlug | null;
    sort: Sort;
    from: number;
    count: number;
    /** Start right after this position (a page's `next`) instead of at `from`. */
    after?: ListPosition;
    exclude?: ReadonlySet<string>;
    filters?: FilterMasks;
  }): {
    ids: string[];
    total: number;
    /** Where this page ends, when more tools follow it. */
    next: ListPosition | null;
  } {
    if (options.sort === "trending") return this.trend.list({ ...options, order: { browse: true } });
    return this.lists.list(options);
  }

  // Trending.

  /** The version of the trending scores held (-1 before the first load). */
  get trendingVersion(): number {
    return this.trend.version;
  }

  /** Replaces the trending scores (server/catalog/catalog-load.ts loads them when their version moves). */
  setTrending(held: HeldTrending): void {
    this.trend.set(held);
  }

  /**
   * One page of the public tools with a score in a trending window (of a category, or all, as
   * filtered), best first, each with its score as worked out at `computedAt`, and how many there are.
   */
  trending(
    window: TrendingWindow,
    options: { category: CategorySlug | null; from: number; count: number; filters?: FilterMasks },
  ): { hits: { id: string; score: number }[]; total: number; computedAt: number } {
    const { ids, total } = this.trend.list({ ...options, order: { window } });
    return {
      hits: ids.map((id) => ({ id, score: this.trend.score(id, window) })),
      total,
      computedAt: this.trend.computedAt,
    };
  }

  /** The newest public tools of a category (or all), leaving out one (and inactive ones, as lists do). */
  newest(category: CategorySlug | null, limit: number, except?: string): string[] {
    return this.lists.newest(category, limit, except);
  }

  /** Whether a held tool is one lists leave out unless asked for every tool (unreachable, discontinued). */
  isInactive(id: string): boolean {
    const slot = this.slotStore.slotOf.get(id);
    return slot !== undefined && this.slotStore.inactive[slot] === 1;
  }

  /** How many held tools lists leave out unless asked for every tool. */
  get inactiveCount(): number {
    return this.slotStore.inactiveLive;
  }

  /** Whether a held tool is in a category. */
  inCategory(id: string, category: CategorySlug): boolean {
    const slot = this.slotStore.slotOf.get(id);
    const index = CATEGORY_BY_SLUG.get(category);
    return slot !== undefined && index !== undefined && (this.slotStore.categoryMask[slot]! & (1 << index)) !== 0;
  }

  /** How many tools of a category (or all) have each pricing model and each platform, each counted under the other filter. */
  facets(category: CategorySlug | null, filters: FilterMasks): FacetCounts {
    return this.facetCounts.facets(category, filters);
  }

  // Featuring.

  /** Public tools featured at `now` (of one category, or all, as filtered), highest weight first, then the latest payment, then id. */
  featured(now: number, options: { category: CategorySlug | null; limit: number; filters?: FilterMasks }): string[] {
    return this.featurings.featured(now, options);
  }

  /** The running featured placement of every public tool that has one at `now`. */
  featuring(now: number): ReadonlyMap<string, RunningFeaturing> {
    return this.featurings.featuring(now);
  }

  // Similar tools and tags.

  /** The public tools most like a held one (docs/decisions/029), one page of them with what each shares; null when it is not held. */
  similar(
    id: string,
    options: { from: number; count: number },
  ): { hits: { id: string; shares: Shares }[]; total: number } | null {
    return this.similarTools.similar(id, options);
  }

  /** The public tools sharing a category or a tag with a tool (a tool page's related tools), best first. */
  closest(
    tool: { categories: readonly string[]; tags: readonly string[]; except: string },
    limit: number,
    cap: number,
  ): { id: string; points: number }[] {
    return this.similarTools.closest(tool, limit, cap);
  }

  /** The addresses (core/catalog.ts, tagSlug) of the tags public tools carry, each once, in code-unit order. */
  tagSlugs(): string[] {
    return this.tags.tagSlugs();
  }

  /** The tags held whose address (core/catalog.ts, tagSlug) is `slug`, as held (lower-cased). */
  tagsWithSlug(slug: string): string[] {
    return this.tags.tagsWithSlug(slug);
  }

  /** One page of the public tools carrying any of `tags` (as held), newest first, and how many there are. */
  withTags(
    tags: readonly string[],
    options: { from: number; count: number; filters?: FilterMasks },
  ): { ids: string[]; total: number } {
    return this.tags.withTags(tags, options);
  }

  // Search.

  /** Words of public tool names and tags (4 letters or more), the most common first: "did you mean" picks among them. */
  vocabulary(): string[] {
    return this.index.vocabulary();
  }

  /** Tools whose name has `text` where a word of it starts, shortest names first; the newest first when `text` is empty. */
  namesMatching(text: string, limit: number, skip: (id: string) => boolean): string[] {
    return this.index.namesMatching(text, limit, skip);
  }

  /** Public tools that score for a normalised query, in the product's order, one page of them and the total. */
  search(normalizedQuery: string, now: number, options: SearchOptions): SearchHits {
    return this.index.search(normalizedQuery, now, options);
  }
}
