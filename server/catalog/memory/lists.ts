import type { CategorySlug } from "../../../core/categories.ts";
import type { Sort } from "../../../core/catalog.ts";
import { grow } from "./arrays.ts";
import { CATEGORY_BY_SLUG, type SlotStore } from "./slots.ts";
import type { FilterMasks } from "./types.ts";

// Lists and pagination: the date and name orders of every slot, a category's slots in each order,
// and filtered lists, from which a page is cut without walking to it. The orders are kept from one
// change to the next by merging what was added and dropping what left, not by sorting again.

// Filtered lists (and facet counts) kept between two changes of the catalogue: the common ones are
// asked again and again; any combination can be asked, so no more than this many.
const FILTERED_KEPT = 64;

/** Keeps a made list in a bounded map, the oldest made dropped first. */
export function keep<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= FILTERED_KEPT) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * Where a page of a list ends: the last tool's sort key (its date, or its name as held) and id. The
 * next page starts right after it, found by a binary search of the order, whether or not the tool
 * is still held.
 */
export interface ListPosition {
  key: number | string;
  id: string;
}

export class Lists {
  private readonly slots: SlotStore;

  constructor(slots: SlotStore) {
    this.slots = slots;
  }

  private recency: Int32Array = new Int32Array(0); // newest first, id descending on ties
  private byName: Int32Array = new Int32Array(0); // name, then id, ascending
  private unordered: number[] = []; // slots added since the orders were last brought up to date
  private ordersDirty = false;
  private views = new Map<string, Int32Array>(); // a category's slots in one order, made on demand
  // Filtered lists, made on demand; as many as FILTERED_KEPT.
  private filtered = new Map<string, Int32Array>();
  /** Moves each time the orders are brought up to date: what is made from them is made again. */
  generation = 0;

  /** The generation with the orders brought up to date: what is made from them keys on it. */
  generationNow(): number {
    this.bringOrdersUpToDate();
    return this.generation;
  }

  /** A slot was taken: it joins the orders when they are next read. */
  added(slot: number): void {
    this.unordered.push(slot);
    this.ordersDirty = true;
  }

  /** A slot was retired: it leaves the orders when they are next read. */
  removed(): void {
    this.ordersDirty = true;
  }

  /**
   * One page of public tools (of one category, or all) in a sort order, leaving out `exclude`
   * (the featured column browse shows apart), with how many there are in all.
   */
  list(options: {
    category: CategorySlug | null;
    sort: Sort;
    from: number;
    count: number;
    /** Start right after this position instead of at `from`. */
    after?: ListPosition;
    exclude?: ReadonlySet<string>;
    filters?: FilterMasks;
  }): {
    ids: string[];
    total: number;
    /** Where this page ends, when more tools follow it. */
    next: ListPosition | null;
  } {
    const { slots } = this;
    const order = options.sort === "name" || options.sort === "name-desc" ? "name" : "recency";
    const view = this.filteredView(options.category, order, options.filters);
    const reversed = options.sort === "oldest" || options.sort === "name-desc";
    const at = (i: number) => view[reversed ? view.length - 1 - i : i]!;
    // Where the left-out tools stand in this order, so a page of the rest is found without walking to it.
    const before = order === "name" ? slots.nameBefore : slots.newerFirst;
    const skipped = [...(options.exclude ?? [])]
      .map((id) => slots.slotOf.get(id))
      .filter((slot): slot is number => slot !== undefined)
      .map((slot) => positionIn(view, slot, before, reversed))
      .filter((position) => position >= 0)
      .sort((a, b) => a - b);
    const total = view.length - skipped.length;
    let position: number;
    if (options.after) {
      position = startAfter(view, options.after, order === "name" ? compareName(slots) : compareDate(slots), reversed);
    } else {
      position = options.from;
      for (const p of skipped) if (p <= position) position++;
    }
    const ids: string[] = [];
    let last = -1;
    let next = skipped.findIndex((p) => p >= position);
    while (ids.length < options.count && position < view.length) {
      if (next !== -1 && skipped[next] === position) {
        next = next + 1 < skipped.length ? next + 1 : -1;
      } else {
        last = at(position);
        ids.push(slots.ids[last]!);
      }
      position++;
    }
    const more = position < view.length && ids.length > 0;
    return {
      ids,
      total,
      next: more ? { key: order === "name" ? slots.names[last]! : slots.createdAt[last]!, id: slots.ids[last]! } : null,
    };
  }

  /** The newest public tools of a category (or all), leaving out one. */
  newest(category: CategorySlug | null, limit: number, except?: string): string[] {
    return this.list({
      category,
      sort: "recent",
      from: 0,
      count: limit,
      exclude: except ? new Set([except]) : undefined,
      filters: { pricing: 0, platforms: 0 },
    }).ids;
  }

  /** Slots of a category (or all) in date order (newest first) or name order (A first). */
  view(category: CategorySlug | null, order: "recency" | "name"): Int32Array {
    this.bringOrdersUpToDate();
    const all = order === "recency" ? this.recency : this.byName;
    if (category === null) return all;
    const key = `${order} ${category}`;
    let view = this.views.get(key);
    if (!view) {
      const bit = 1 << (CATEGORY_BY_SLUG.get(category) ?? 31);
      const index = CATEGORY_BY_SLUG.get(category);
      const out = new Int32Array(index === undefined ? 0 : this.slots.perCategory[index]!);
      const { categoryMask } = this.slots;
      let n = 0;
      for (let i = 0; i < all.length && n < out.length; i++) if (categoryMask[all[i]!]! & bit) out[n++] = all[i]!;
      view = out;
      this.views.set(key, view);
    }
    return view;
  }

  /** A view with only the slots that pass the filters, in the view's order. */
  filteredView(category: CategorySlug | null, order: "recency" | "name", filters: FilterMasks | undefined): Int32Array {
    const view = this.view(category, order);
    if (!filters || !this.slots.narrows(filters)) return view;
    const key = `${order} ${category} ${filters.pricing} ${filters.platforms} ${filters.inactive === true}`;
    let out = this.filtered.get(key);
    if (!out) {
      const slots = new Int32Array(view.length);
      let n = 0;
      for (let i = 0; i < view.length; i++) if (this.slots.passes(view[i]!, filters)) slots[n++] = view[i]!;
      out = slots.slice(0, n);
      keep(this.filtered, key, out);
    }
    return out;
  }

  /** Each slot's place in the date order (its index in `recency`), made again after the order changes. */
  recencyRanks(): Int32Array {
    const recency = this.view(null, "recency");
    if (this.ranksOf !== recency) {
      this.recencyRank = grow(this.recencyRank, this.slots.length);
      for (let i = 0; i < recency.length; i++) this.recencyRank[recency[i]!] = i;
      this.ranksOf = recency;
    }
    return this.recencyRank;
  }

  private recencyRank = new Int32Array(0);
  private ranksOf: Int32Array | null = null;

  /** Merges tools added since the last time into both orders and drops the retired ones: a merge, not a sort of every tool. */
  private bringOrdersUpToDate(): void {
    if (!this.ordersDirty) return;
    const { slots } = this;
    const added = this.unordered.filter((slot) => slots.alive[slot] === 1);
    this.recency = this.merge(this.recency, [...added].sort(slots.newerFirst), slots.newerFirst);
    this.byName = this.merge(this.byName, [...added].sort(slots.nameBefore), slots.nameBefore);
    this.unordered = [];
    this.views.clear();
    this.filtered.clear();
    this.generation++;
    this.ordersDirty = false;
  }

  private merge(order: Int32Array, added: number[], before: (a: number, b: number) => number): Int32Array {
    const { alive } = this.slots;
    const merged = new Int32Array(this.slots.live);
    let n = 0;
    let j = 0;
    for (let i = 0; i < order.length; i++) {
      const slot = order[i]!;
      if (alive[slot] === 0) continue;
      while (j < added.length && before(added[j]!, slot) < 0) merged[n++] = added[j++]!;
      merged[n++] = slot;
    }
    while (j < added.length) merged[n++] = added[j++]!;
    return merged;
  }
}

/** A slot against a position in the date order: negative when the slot comes first (newest first, id descending). */
function compareDate(slots: SlotStore): (slot: number, at: ListPosition) => number {
  return (slot, at) => {
    const created = slots.createdAt[slot]!;
    if (typeof at.key !== "number") return NaN;
    if (created !== at.key) return at.key - created;
    const id = slots.ids[slot]!;
    return id < at.id ? 1 : id > at.id ? -1 : 0;
  };
}

/** A slot against a position in the name order: negative when the slot comes first (name, then id, ascending). */
function compareName(slots: SlotStore): (slot: number, at: ListPosition) => number {
  return (slot, at) => {
    const name = slots.names[slot]!;
    if (typeof at.key !== "string") return NaN;
    if (name !== at.key) return name < at.key ? -1 : 1;
    const id = slots.ids[slot]!;
    return id < at.id ? -1 : id > at.id ? 1 : 0;
  };
}

/** The place in a view's reading order (reversed or not) of the first slot after `at`: a binary search. */
function startAfter(
  view: Int32Array,
  at: ListPosition,
  compare: (slot: number, at: ListPosition) => number,
  reversed: boolean,
): number {
  // The first index whose slot is past `at` (reading forwards) or not before it (backwards).
  const past = (slot: number) => (reversed ? compare(slot, at) >= 0 : compare(slot, at) > 0);
  let lo = 0;
  let hi = view.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (past(view[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return reversed ? view.length - lo : lo;
}

/** Where a slot stands in a view (a binary search in the view's order), or -1. */
function positionIn(
  view: Int32Array,
  slot: number,
  before: (a: number, b: number) => number,
  reversed: boolean,
): number {
  let lo = 0;
  let hi = view.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(view[mid]!, slot) < 0) lo = mid + 1;
    else hi = mid;
  }
  if (lo >= view.length || view[lo] !== slot) return -1;
  return reversed ? view.length - 1 - lo : lo;
}
