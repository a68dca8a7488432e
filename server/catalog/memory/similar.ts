import { CATEGORIES } from "../../../core/categories.ts";
import { PLATFORMS } from "../../../core/platforms.ts";
import { PRICING_MODELS } from "../../../core/pricing.ts";
import { bitCount, BITS_IN_BYTE, SCORE_CEILING as CEILING } from "./arrays.ts";
import type { Lists } from "./lists.ts";
import type { Scratch } from "./scratch.ts";
import { CATEGORY_BY_SLUG, type SlotStore } from "./slots.ts";
import type { Tags } from "./tags.ts";
import type { Shares } from "./types.ts";

// Module constants of this file's own: V8 folds them into the loops below (run once per match),
// where it would load an imported binding each time.
const SCORE_CEILING = CEILING;

// Similar tools: the alternatives to a tool (docs/decisions/029) and a tool page's related tools,
// scored from the slots' category masks and the tag index in one pass over the slots.

export class Similar {
  private readonly slots: SlotStore;
  private readonly lists: Lists;
  private readonly tags: Tags;
  private readonly scratch: Scratch;

  constructor(parts: { slots: SlotStore; lists: Lists; tags: Tags; scratch: Scratch }) {
    this.slots = parts.slots;
    this.lists = parts.lists;
    this.tags = parts.tags;
    this.scratch = parts.scratch;
  }

  /**
   * The public tools most like a held one (docs/decisions/029): those sharing a category or a tag
   * with it, scored 4 per shared category, 2 per shared tag, 1 per shared platform and 1 for the
   * same pricing model, highest first, then newest, then by id as the date order has it; one page of
   * them with what each shares, and how many there are. Null when the tool is not held.
   */
  similar(
    id: string,
    options: { from: number; count: number },
  ): { hits: { id: string; shares: Shares }[]; total: number } | null {
    const source = this.slots.slotOf.get(id);
    if (source === undefined) return null;
    this.scratch.ensure(this.slots.length);
    const { tagFrom, tagList } = this.tags;
    const { score, touched, tagPoints } = this.scratch;
    const { alive, categoryMask, platformsOf, pricingOf, inactive } = this.slots;
    const platforms = platformsOf[source]!;
    const pricing = pricingOf[source]!;

    // One pass in slot order (the per-slot arrays read front to back, which the memory prefetches;
    // the categories' lists would jump about): 2 a shared tag, added beforehand along the tags'
    // lists (slot order too) into `tagPoints` (zero between calls: the pass clears what it reads);
    // 4 a shared category, from the masks; then, for those that share either, platforms and pricing.
    const { slots: tagged, from: taggedFrom } = this.tags.index();
    for (let t = tagFrom[source]!; t < tagFrom[source + 1]!; t++) {
      const tag = tagList[t]!;
      for (let i = taggedFrom[tag]!; i < taggedFrom[tag + 1]!; i++) tagPoints[tagged[i]!]! += 2;
    }
    const categories = categoryMask[source]!;
    const perScore = new Int32Array(SCORE_CEILING + 1);
    let total = 0;
    for (let slot = 0, slots = this.slots.length; slot < slots; slot++) {
      let points = tagPoints[slot]!;
      if (points !== 0) tagPoints[slot] = 0;
      const shared = categoryMask[slot]! & categories;
      if (shared !== 0 && alive[slot] === 1) points += 4 * bitCount(shared);
      // An unreachable or discontinued tool is no alternative to recommend.
      if (points === 0 || slot === source || inactive[slot] === 1) continue;
      points += BITS_IN_BYTE[platformsOf[slot]! & platforms]! + (pricing !== 0 && pricingOf[slot] === pricing ? 1 : 0);
      const s = Math.min(SCORE_CEILING, points);
      score[slot] = s;
      perScore[s]!++;
      touched[total++] = slot;
    }

    // How many of each score come before the page, and how many of each are on it.
    const skip = new Int32Array(SCORE_CEILING + 1);
    const take = new Int32Array(SCORE_CEILING + 1);
    const start = new Int32Array(SCORE_CEILING + 1);
    let above = 0;
    let wanted = 0;
    const end = options.from + options.count;
    for (let s = SCORE_CEILING; s > 0 && above < end; s--) {
      const first = Math.max(options.from, above);
      const last = Math.min(end, above + perScore[s]!);
      if (last > first) {
        skip[s] = first - above;
        take[s] = last - first;
        start[s] = first - options.from;
        wanted += last - first;
      }
      above += perScore[s]!;
    }
    // Equal scores newest first: the page's scores are marked by date rank in a bitmap (small
    // enough to stay in cache), which is then read in date order until the page is full.
    const view = this.lists.view(null, "recency");
    const rank = this.lists.recencyRanks();
    const onPage = new Uint32Array((view.length >>> 5) + 1);
    if (wanted > 0) {
      for (let i = 0; i < total; i++) {
        const slot = touched[i]!;
        if (take[score[slot]!] !== 0) onPage[rank[slot]! >>> 5]! |= 1 << (rank[slot]! & 31);
      }
    }
    const slots = new Array<number>(wanted);
    const seen = new Int32Array(SCORE_CEILING + 1);
    for (let word = 0; word < onPage.length && wanted > 0; word++) {
      for (let bits = onPage[word]!; bits !== 0 && wanted > 0; bits &= bits - 1) {
        const slot = view[word * 32 + (31 - Math.clz32(bits & -bits))]!;
        const s = score[slot]!;
        const k = seen[s]!++ - skip[s]!;
        if (k >= 0 && k < take[s]!) {
          slots[start[s]! + k] = slot;
          wanted--;
        }
      }
    }
    return { hits: slots.map((slot) => ({ id: this.slots.ids[slot]!, shares: this.sharesOf(source, slot) })), total };
  }

  /**
   * The public tools sharing a category or a tag with a tool (held or not), scored 2 per shared
   * category and 1 per shared tag (what a tool page calls related): the best `limit`, and every
   * other one with the score of the last of them, as the caller breaks those ties (by likes, which
   * are not held here). Best first, newest first among equals; at most `cap` in all; never `except`.
   */
  closest(
    tool: { categories: readonly string[]; tags: readonly string[]; except: string },
    limit: number,
    cap: number,
  ): { id: string; points: number }[] {
    // Typed arrays and one walk in date order, not a map and a sort: in a large category most of
    // the catalogue shares something with the tool, and a tool page must not sort it all.
    const { ids, alive, categoryMask } = this.slots;
    const points = new Uint16Array(ids.length);
    const { slots: tagged, from: taggedFrom } = this.tags.index();
    const tags = new Set(tool.tags.map((t) => t.toLowerCase()));
    for (const tag of tags) {
      const t = this.tags.idOf(tag);
      if (t !== undefined) for (let i = taggedFrom[t]!; i < taggedFrom[t + 1]!; i++) points[tagged[i]!]!++;
    }
    let categories = 0;
    for (const slug of tool.categories) {
      const index = CATEGORY_BY_SLUG.get(slug);
      if (index !== undefined) categories |= 1 << index;
    }
    if (categories !== 0) {
      for (let slot = 0; slot < ids.length; slot++) {
        const shared = categoryMask[slot]! & categories;
        if (shared !== 0 && alive[slot] === 1) points[slot]! += 2 * bitCount(shared);
      }
    }
    const except = this.slots.slotOf.get(tool.except);
    if (except !== undefined) points[except] = 0;
    if (this.slots.inactiveLive > 0) {
      const { inactive } = this.slots;
      for (let slot = 0; slot < points.length; slot++) if (inactive[slot] === 1) points[slot] = 0;
    }
    // The score of the `limit`-th best: every tool above it is kept, and those equal to it too.
    const best = 2 * bitCount(categories) + tags.size;
    const perScore = new Int32Array(best + 1);
    for (let slot = 0; slot < points.length; slot++) if (points[slot]! > 0) perScore[points[slot]!]!++;
    let cut = 1;
    for (let p = best, above = 0; p > 0; p--) {
      above += perScore[p]!;
      if (above >= limit) {
        cut = p;
        break;
      }
    }
    const byScore = Array.from({ length: best + 1 }, () => [] as number[]);
    for (const slot of this.lists.view(null, "recency"))
      if (points[slot]! >= cut && byScore[points[slot]!]!.length < cap) byScore[points[slot]!]!.push(slot);
    const closest: { id: string; points: number }[] = [];
    for (let p = best; p >= cut && closest.length < cap; p--) {
      for (const slot of byScore[p]!) {
        if (closest.length === cap) break;
        closest.push({ id: ids[slot]!, points: p });
      }
    }
    return closest;
  }

  private sharesOf(source: number, slot: number): Shares {
    const { categoryMask, platformsOf, pricingOf } = this.slots;
    const { tagFrom, tagList, names } = this.tags;
    const categories = categoryMask[source]! & categoryMask[slot]!;
    const platforms = platformsOf[source]! & platformsOf[slot]!;
    const pricing = pricingOf[source]!;
    const sourceTags = new Set(tagList.subarray(tagFrom[source]!, tagFrom[source + 1]!));
    const tags: string[] = [];
    for (let t = tagFrom[slot]!; t < tagFrom[slot + 1]!; t++)
      if (sourceTags.has(tagList[t]!)) tags.push(names[tagList[t]!]!);
    return {
      categories: CATEGORIES.filter((_, i) => categories & (1 << i)).map((c) => c.slug),
      tags,
      platforms: PLATFORMS.filter((_, i) => platforms & (1 << i)),
      pricingModel: pricing !== 0 && pricingOf[slot] === pricing ? PRICING_MODELS[pricing - 1]! : null,
    };
  }
}
