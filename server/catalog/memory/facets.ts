import { CATEGORIES, type CategorySlug } from "../../../core/categories.ts";
import { PLATFORMS } from "../../../core/platforms.ts";
import { PRICING_MODELS } from "../../../core/pricing.ts";
import { keep, type Lists } from "./lists.ts";
import type { SlotStore } from "./slots.ts";
import type { FacetCounts, FilterMasks } from "./types.ts";

// Facets and counts: how many tools each category has, how many pass the filters, and how many
// each filter option would give — counted from the slots' masks, over the lists' views.

export class Facets {
  private readonly slots: SlotStore;
  private readonly lists: Lists;

  constructor(slots: SlotStore, lists: Lists) {
    this.slots = slots;
    this.lists = lists;
  }

  // Facet counts made on demand, as many as the lists keep filtered lists, for one generation of the orders.
  private facetCounts = new Map<string, FacetCounts>();
  private countedAt = -1;

  /** How many public tools each category has (among those passing `filters`, when given). */
  categoryCounts(filters?: FilterMasks): Map<CategorySlug, number> {
    const { perCategory, categoryMask, inactivePerCategory } = this.slots;
    if (!filters || !this.slots.narrows(filters)) return new Map(CATEGORIES.map((c, i) => [c.slug, perCategory[i]!]));
    // Only the inactive left out: counted as tools are added and removed.
    if (filters.pricing === 0 && filters.platforms === 0)
      return new Map(CATEGORIES.map((c, i) => [c.slug, perCategory[i]! - inactivePerCategory[i]!]));
    const view = this.lists.filteredView(null, "recency", filters);
    const per = new Int32Array(CATEGORIES.length);
    for (let i = 0; i < view.length; i++) {
      for (let mask = categoryMask[view[i]!]!, c = 0; mask !== 0; mask >>>= 1, c++) if (mask & 1) per[c]!++;
    }
    return new Map(CATEGORIES.map((c, i) => [c.slug, per[i]!]));
  }

  /** How many public tools pass `filters` (every one without). */
  countPassing(filters?: FilterMasks): number {
    if (!filters) return this.slots.live;
    if (filters.pricing === 0 && filters.platforms === 0)
      return this.slots.live - (filters.inactive ? 0 : this.slots.inactiveLive);
    return this.lists.filteredView(null, "recency", filters).length;
  }

  /**
   * How many tools of a category (or all) have each pricing model, among those on the platforms
   * filtered by, and each platform, among those of the pricing models filtered by: what a filter
   * option would give if it were added.
   */
  facets(category: CategorySlug | null, filters: FilterMasks): FacetCounts {
    const view = this.lists.view(category, "recency");
    if (this.countedAt !== this.lists.generation) {
      this.facetCounts.clear();
      this.countedAt = this.lists.generation;
    }
    const key = `${category} ${filters.pricing} ${filters.platforms} ${filters.inactive === true}`;
    let counts = this.facetCounts.get(key);
    if (!counts) {
      counts = countFacets(this.slots, view, filters);
      keep(this.facetCounts, key, counts);
    }
    return counts;
  }
}

/** The facet counts of some slots: pricing among those on the platforms filtered by, platforms among those of the pricing filtered by. */
export function countFacets(store: SlotStore, slots: Int32Array, filters: FilterMasks): FacetCounts {
  const { pricingOf, platformsOf, inactive } = store;
  const counts = { pricing: new Int32Array(PRICING_MODELS.length), platforms: new Int32Array(PLATFORMS.length) };
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    if (!filters.inactive && inactive[slot] === 1) continue;
    const pricing = pricingOf[slot]!;
    const platforms = platformsOf[slot]!;
    if (pricing > 0 && (filters.platforms === 0 || (platforms & filters.platforms) !== 0))
      counts.pricing[pricing - 1]!++;
    if (filters.pricing === 0 || (pricing > 0 && (filters.pricing & (1 << (pricing - 1))) !== 0)) {
      for (let p = 0; p < PLATFORMS.length; p++) if (platforms & (1 << p)) counts.platforms[p]!++;
    }
  }
  return counts;
}
