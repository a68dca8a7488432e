import { tagSlug } from "../../../core/catalog.ts";
import { grow } from "./arrays.ts";
import type { Lists } from "./lists.ts";
import type { SlotStore } from "./slots.ts";
import type { FilterMasks } from "./types.ts";

// The tag index: each slot's tags (lower-cased, each once) as ids into one table of tag names, and
// each tag's live slots, made again after a change — what tag pages, the sitemap and the similar
// tools read.

export class Tags {
  private readonly slots: SlotStore;
  private readonly lists: Lists;

  constructor(slots: SlotStore, lists: Lists) {
    this.slots = slots;
    this.lists = lists;
  }

  // Slot s's tags are tagList[tagFrom[s]..tagFrom[s + 1]).
  private tagIdOf = new Map<string, number>();
  names: string[] = [];
  tagFrom = new Uint32Array(1);
  tagList = new Int32Array(0);
  private tagged: { slots: Int32Array; from: Int32Array } | null = null;
  private tagsBySlug = new Map<string, number[]>();
  private slugsIndexed = 0;

  /** Records the tags of a new slot (the slot after the last one recorded), one per line of `text`. */
  add(slot: number, text: string): void {
    const tags = [...new Set(text.split("\n").filter((tag) => tag !== ""))];
    const tagStart = this.tagFrom[slot]!;
    this.tagList = grow(this.tagList, tagStart + tags.length);
    tags.forEach((tag, i) => (this.tagList[tagStart + i] = this.tagIdOf.get(tag) ?? this.newTag(tag)));
    this.tagFrom = grow(this.tagFrom, slot + 2);
    this.tagFrom[slot + 1] = tagStart + tags.length;
  }

  /** Slots were taken or retired: the index is made again when next read. */
  changed(): void {
    this.tagged = null;
  }

  /** The id of a tag (as held), if any tool ever carried it. */
  idOf(tag: string): number | undefined {
    return this.tagIdOf.get(tag);
  }

  /** The live slots of each tag (tag t's from `from[t]` to `from[t + 1]`), made again after a change. */
  index(): { slots: Int32Array; from: Int32Array } {
    if (!this.tagged) {
      const { tagFrom, tagList } = this;
      const { alive } = this.slots;
      const count = this.slots.length;
      const from = new Int32Array(this.names.length + 1);
      for (let slot = 0; slot < count; slot++) {
        if (alive[slot] === 1) for (let t = tagFrom[slot]!; t < tagFrom[slot + 1]!; t++) from[tagList[t]! + 1]!++;
      }
      for (let t = 0; t < this.names.length; t++) from[t + 1]! += from[t]!;
      const slots = new Int32Array(from[this.names.length]!);
      const cursor = from.slice(0, this.names.length);
      for (let slot = 0; slot < count; slot++) {
        if (alive[slot] === 1)
          for (let t = tagFrom[slot]!; t < tagFrom[slot + 1]!; t++) slots[cursor[tagList[t]!]!++] = slot;
      }
      this.tagged = { slots, from };
    }
    return this.tagged;
  }

  /** The addresses (core/catalog.ts, tagSlug) of the tags public tools carry, each once, in code-unit order. */
  tagSlugs(): string[] {
    const { from } = this.index();
    const slugs = new Set<string>();
    for (let t = 0; t < this.names.length; t++) if (from[t + 1]! > from[t]!) slugs.add(tagSlug(this.names[t]!));
    slugs.delete("");
    return [...slugs].sort();
  }

  /** The tags held whose address (core/catalog.ts, tagSlug) is `slug`, as held (lower-cased). */
  tagsWithSlug(slug: string): string[] {
    // Tags are only ever added: the index is brought up to date with those added since it was made.
    for (let t = this.slugsIndexed; t < this.names.length; t++) {
      const key = tagSlug(this.names[t]!);
      this.tagsBySlug.set(key, [...(this.tagsBySlug.get(key) ?? []), t]);
    }
    this.slugsIndexed = this.names.length;
    const { from } = this.index();
    // A tag no public tool carries any more has no page.
    return (this.tagsBySlug.get(slug) ?? []).filter((t) => from[t + 1]! > from[t]!).map((t) => this.names[t]!);
  }

  /** One page of the public tools carrying any of `tags` (as held), newest first, and how many there are. */
  withTags(
    tags: readonly string[],
    options: { from: number; count: number; filters?: FilterMasks },
  ): { ids: string[]; total: number } {
    const { slots: tagged, from } = this.index();
    const found = new Set<number>();
    for (const tag of tags) {
      const t = this.tagIdOf.get(tag);
      if (t !== undefined)
        for (let i = from[t]!; i < from[t + 1]!; i++)
          if (this.slots.passes(tagged[i]!, options.filters)) found.add(tagged[i]!);
    }
    const rank = this.lists.recencyRanks();
    const ordered = [...found].sort((a, b) => rank[a]! - rank[b]!);
    return {
      ids: ordered.slice(options.from, options.from + options.count).map((slot) => this.slots.ids[slot]!),
      total: ordered.length,
    };
  }

  private newTag(tag: string): number {
    const id = this.names.length;
    this.tagIdOf.set(tag, id);
    this.names.push(tag);
    return id;
  }
}
