import type { CategorySlug } from "../../../core/categories.ts";
import type { TrendingWindow } from "../../../core/trending.ts";
import { keep, type ListPosition, type Lists } from "./lists.ts";
import { CATEGORY_BY_SLUG, type SlotStore } from "./slots.ts";
import type { FilterMasks } from "./types.ts";

// Trending (docs/decisions/052): the scores the scheduled job stored, as this instance last loaded
// them, and the orders made from them — the tools with a score, best first (the newest first among
// equals), and for the browse sort those followed by every other tool, newest first. An order is
// made once per version of the scores and of the lists, then pages are cut from it.

/** The trending scores as stored: their version, when they were worked out, and each tool's. */
export interface HeldTrending {
  version: number;
  computedAt: number;
  scores: readonly { toolId: string; week: number; today: number }[];
}

export class Trending {
  private readonly slots: SlotStore;
  private readonly lists: Lists;
  /** The version of the scores held; -1 before the first load. */
  version = -1;
  computedAt = 0;
  private scores: Record<TrendingWindow, Map<string, number>> = { week: new Map(), today: new Map() };
  private orders = new Map<string, Int32Array>();
  private madeAt = { version: -1, generation: -1 };

  constructor(slots: SlotStore, lists: Lists) {
    this.slots = slots;
    this.lists = lists;
  }

  set(held: HeldTrending): void {
    this.version = held.version;
    this.computedAt = held.computedAt;
    const week = new Map<string, number>();
    const today = new Map<string, number>();
    for (const { toolId, week: w, today: t } of held.scores) {
      if (w > 0) week.set(toolId, w);
      if (t > 0) today.set(toolId, t);
    }
    this.scores = { week, today };
  }

  /** A tool's score in a window as worked out (0 without one). */
  score(id: string, window: TrendingWindow): number {
    return this.scores[window].get(id) ?? 0;
  }

  /** The slots with a score in the window, of a category (or all) and passing the filters, best first. */
  scored(window: TrendingWindow, category: CategorySlug | null, filters: FilterMasks | undefined): Int32Array {
    return this.cached(`scored ${window} ${category} ${filterKey(filters)}`, () => {
      const { slots } = this;
      const bit = category === null ? 0 : 1 << (CATEGORY_BY_SLUG.get(category) ?? 31);
      const ranks = this.lists.recencyRanks();
      const scores = this.scores[window];
      const found: number[] = [];
      for (const id of scores.keys()) {
        const slot = slots.slotOf.get(id);
        if (slot === undefined || slots.alive[slot] !== 1) continue;
        if (bit !== 0 && (slots.categoryMask[slot]! & bit) === 0) continue;
        if (!slots.passes(slot, filters)) continue;
        found.push(slot);
      }
      found.sort((a, b) => scores.get(slots.ids[b]!)! - scores.get(slots.ids[a]!)! || ranks[a]! - ranks[b]!);
      return Int32Array.from(found);
    });
  }

  /** The browse order: the tools trending this week, best first, then every other one, newest first. */
  private browseOrder(category: CategorySlug | null, filters: FilterMasks | undefined): Int32Array {
    return this.cached(`browse ${category} ${filterKey(filters)}`, () => {
      const top = this.scored("week", category, filters);
      const rest = this.lists.filteredView(category, "recency", filters);
      const inTop = new Uint8Array(this.slots.length);
      for (const slot of top) inTop[slot] = 1;
      const order = new Int32Array(rest.length);
      order.set(top);
      let n = top.length;
      for (const slot of rest) if (inTop[slot] === 0) order[n++] = slot;
      return order.subarray(0, n);
    });
  }

  /**
   * One page of an order (the browse order, or a window's scored tools), leaving out `exclude`. A
   * page's end is its last tool and its place: the next page starts after that tool where it now
   * stands, or at that place when it left the order.
   */
  list(options: {
    order: { browse: true } | { window: TrendingWindow };
    category: CategorySlug | null;
    from: number;
    count: number;
    after?: ListPosition;
    exclude?: ReadonlySet<string>;
    filters?: FilterMasks;
  }): { ids: string[]; total: number; next: ListPosition | null } {
    const { slots } = this;
    const order =
      "browse" in options.order
        ? this.browseOrder(options.category, options.filters)
        : this.scored(options.order.window, options.category, options.filters);
    const excluded = (slot: number) => options.exclude?.has(slots.ids[slot]!) === true;
    let skipped = 0;
    if (options.exclude) for (const id of options.exclude) if (this.holds(order, id)) skipped++;
    let position = 0;
    if (options.after) {
      const at = slots.slotOf.get(options.after.id);
      const index = at === undefined ? -1 : order.indexOf(at);
      position = index >= 0 ? index + 1 : typeof options.after.key === "number" ? options.after.key + 1 : 0;
    } else {
      for (let passed = 0; position < order.length && passed < options.from; position++)
        if (!excluded(order[position]!)) passed++;
    }
    const ids: string[] = [];
    let last = -1;
    while (ids.length < options.count && position < order.length) {
      const slot = order[position]!;
      if (!excluded(slot)) {
        ids.push(slots.ids[slot]!);
        last = position;
      }
      position++;
    }
    const more = position < order.length && ids.length > 0;
    return {
      ids,
      total: order.length - skipped,
      next: more ? { key: last, id: slots.ids[order[last]!]! } : null,
    };
  }

  private holds(order: Int32Array, id: string): boolean {
    const slot = this.slots.slotOf.get(id);
    return slot !== undefined && order.includes(slot);
  }

  /** An order made once per version of the scores and of the lists. */
  private cached(key: string, make: () => Int32Array): Int32Array {
    const generation = this.lists.generationNow();
    if (this.madeAt.version !== this.version || this.madeAt.generation !== generation) {
      this.orders.clear();
      this.madeAt = { version: this.version, generation };
    }
    let order = this.orders.get(key);
    if (!order) {
      order = make();
      keep(this.orders, key, order);
    }
    return order;
  }
}

function filterKey(filters: FilterMasks | undefined): string {
  return filters ? `${filters.pricing} ${filters.platforms} ${filters.inactive === true}` : "-";
}
