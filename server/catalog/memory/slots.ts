import { CATEGORIES } from "../../../core/categories.ts";
import { platformMask } from "../../../core/filters.ts";
import { PRICING_MODELS } from "../../../core/pricing.ts";
import { grow } from "./arrays.ts";
import type { FilterMasks, HeldTool } from "./types.ts";

// The slot store: each public tool held lives in a slot, numbered in the order tools were added,
// and every other part of the catalogue keeps its own per-slot arrays by that number. Replacing or
// removing a tool retires its slot (alive = 0, no id in `slotOf`); the owner rebuilds the whole
// once retired slots pile up.

// Postings pack (slot, field mask) into one int with 5 bits of mask: up to 2^26 slots.
const MAX_SLOTS = 2 ** 26;

export const CATEGORY_INDEX = new Map<string, number>(CATEGORIES.map((c, i) => [c.name.toLowerCase(), i]));
export const CATEGORY_BY_SLUG = new Map<string, number>(CATEGORIES.map((c, i) => [c.slug, i]));

export class SlotStore {
  // Per slot. A retired slot keeps its place but has alive = 0 and no id in `slotOf`.
  ids: string[] = [];
  names: string[] = []; // lower-cased, as the name order and the feature dialog read them
  createdAt = new Float64Array(0);
  categoryMask = new Uint32Array(0);
  // The pricing model's index + 1 (0: none or unknown), and the platforms as a mask (core/filters.ts).
  pricingOf = new Uint8Array(0);
  platformsOf = new Uint8Array(0);
  alive = new Uint8Array(0);
  // 1: lists leave the tool out unless asked for every tool (HeldTool.inactive).
  inactive = new Uint8Array(0);
  /** Live slots that are inactive, and how many of them each category has. */
  inactiveLive = 0;
  inactivePerCategory = new Int32Array(CATEGORIES.length);
  slotOf = new Map<string, number>();
  live = 0;
  perCategory = new Int32Array(CATEGORIES.length);

  /** Slots used, live or retired. */
  get length(): number {
    return this.ids.length;
  }

  /** Takes a new slot for a tool (whose id is not held) and fills in what the lists read. */
  add(tool: HeldTool): number {
    const slot = this.ids.length;
    if (slot >= MAX_SLOTS) throw new Error(`the catalogue holds at most ${MAX_SLOTS} slots`);
    this.ids.push(tool.id);
    this.names.push(tool.name);
    this.createdAt = grow(this.createdAt, slot + 1);
    this.createdAt[slot] = tool.createdAt;
    let categories = 0;
    for (const name of tool.categories.split("\n")) {
      const index = CATEGORY_INDEX.get(name);
      if (index !== undefined) categories |= 1 << index;
    }
    this.categoryMask = grow(this.categoryMask, slot + 1);
    this.categoryMask[slot] = categories;
    this.countCategories(categories, 1);
    this.pricingOf = grow(this.pricingOf, slot + 1);
    this.pricingOf[slot] = PRICING_MODELS.indexOf(tool.pricingModel as (typeof PRICING_MODELS)[number]) + 1;
    this.platformsOf = grow(this.platformsOf, slot + 1);
    this.platformsOf[slot] = platformMask(tool.platforms);
    this.alive = grow(this.alive, slot + 1);
    this.alive[slot] = 1;
    this.inactive = grow(this.inactive, slot + 1);
    this.inactive[slot] = tool.inactive ? 1 : 0;
    if (tool.inactive) this.countInactive(categories, 1);
    this.slotOf.set(tool.id, slot);
    this.live++;
    return slot;
  }

  /** Retires the slot of a tool if it is held; returns the slot. */
  retire(id: string): number | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.live--;
    this.countCategories(this.categoryMask[slot]!, -1);
    if (this.inactive[slot] === 1) this.countInactive(this.categoryMask[slot]!, -1);
    // Its name is not needed any more; the postings and tokens that point here are skipped.
    this.names[slot] = "";
    return slot;
  }

  /** Whether the filters leave out any live slot that a list of every tool has. */
  narrows(filters: FilterMasks | undefined): boolean {
    if (!filters) return false;
    return filters.pricing !== 0 || filters.platforms !== 0 || (!filters.inactive && this.inactiveLive > 0);
  }

  /** Whether a slot passes the filters (none: every slot does). */
  passes(slot: number, filters: FilterMasks | undefined): boolean {
    if (!filters) return true;
    if (!filters.inactive && this.inactive[slot] === 1) return false;
    const pricing = this.pricingOf[slot]!;
    if (filters.pricing !== 0 && (pricing === 0 || (filters.pricing & (1 << (pricing - 1))) === 0)) return false;
    return filters.platforms === 0 || (this.platformsOf[slot]! & filters.platforms) !== 0;
  }

  /** Date order, newest first, id descending on ties (a comparator of slots). */
  readonly newerFirst = (a: number, b: number): number => {
    const ca = this.createdAt[a]!;
    const cb = this.createdAt[b]!;
    if (ca !== cb) return cb - ca;
    const ia = this.ids[a]!;
    const ib = this.ids[b]!;
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  };

  /** Name order, then id, ascending (a comparator of slots). */
  readonly nameBefore = (a: number, b: number): number => {
    const na = this.names[a]!;
    const nb = this.names[b]!;
    if (na !== nb) return na < nb ? -1 : 1;
    const ia = this.ids[a]!;
    const ib = this.ids[b]!;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };

  private countInactive(mask: number, by: 1 | -1): void {
    this.inactiveLive += by;
    for (let i = 0; i < CATEGORIES.length; i++) if (mask & (1 << i)) this.inactivePerCategory[i]! += by;
  }

  private countCategories(mask: number, by: 1 | -1): void {
    for (let i = 0; i < CATEGORIES.length; i++) if (mask & (1 << i)) this.perCategory[i]! += by;
  }
}
