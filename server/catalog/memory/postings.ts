import { grow } from "./arrays.ts";
import type { FieldStore } from "./fields.ts";
import type { SlotStore } from "./slots.ts";
import { varintLength, writeVarint } from "./varint.ts";
import type { Vocabulary } from "./vocabulary.ts";

// Postings: for each token, every (slot, fields) it is in. Compacted ones lie in one byte stream
// (token t's from postingFrom[t] to postingFrom[t + 1], varints of slot gap << 5 | fields); those
// added since are (token, slot << 5 | fields) pairs, which searches read through `recentIndex`,
// made when first needed after a change. A bulk load adds none: compact() makes them all at once
// from the fields. Compaction also leaves out retired slots.

// Postings pack (slot, field mask) into one int: 5 bits of mask.
export const MASK_BITS = 5;
export const MASK = (1 << MASK_BITS) - 1;

export class Postings {
  private readonly slots: SlotStore;
  private readonly vocabulary: Vocabulary;
  private readonly fields: FieldStore;
  private readonly bulk: boolean;

  constructor(parts: { slots: SlotStore; vocabulary: Vocabulary; fields: FieldStore; bulk: boolean }) {
    this.slots = parts.slots;
    this.vocabulary = parts.vocabulary;
    this.fields = parts.fields;
    this.bulk = parts.bulk;
  }

  private stale = false;
  private postingBytes = new Uint8Array(0);
  private postingFrom = new Int32Array(1);
  private compactedTokens = 0;
  private recentTokens = new Int32Array(0);
  private recentEntries = new Int32Array(0);
  private recentCount = 0;
  private recentIndex: Map<number, number[]> | null = null;
  /** The fields each token was ever seen in (a mask): what a lookup of names or tags may skip. */
  tokenFields = new Uint8Array(0);

  /** Postings added since the last compaction. */
  get recent(): number {
    return this.recentCount;
  }

  /** Adds the postings of a slot whose fields were just stored (none in a bulk load: compact() makes them). */
  add(slot: number): void {
    if (this.bulk && this.compactedTokens === 0) {
      this.stale = true;
      return;
    }
    const seen = this.fields.tokensOf(slot);
    const { seenMask } = this.fields;
    this.tokenFields = grow(this.tokenFields, this.vocabulary.size);
    this.recentTokens = grow(this.recentTokens, this.recentCount + seen.length);
    this.recentEntries = grow(this.recentEntries, this.recentCount + seen.length);
    for (const id of seen) {
      const mask = seenMask[id]!;
      this.recentTokens[this.recentCount] = id;
      this.recentEntries[this.recentCount++] = slot * (MASK + 1) + mask;
      this.tokenFields[id]! |= mask;
    }
    this.recentIndex = null;
  }

  /** Compacts first if a bulk load left the postings unmade. */
  ready(): void {
    if (this.stale) this.compact();
  }

  /**
   * Makes every posting again from the fields of the tools held, in one stream of exactly the
   * size it needs, leaving out retired slots, and sorts new tokens into the lookup table: after a
   * bulk load, and when many tools were added since (the owner asks; see `recent`).
   */
  compact(): void {
    const tokens = this.vocabulary.size;
    const slots = this.slots.length;
    const { alive } = this.slots;
    const { fields } = this;
    this.tokenFields = grow(this.tokenFields, tokens);
    const { tokenFields } = this;
    // Two passes over the fields: the bytes each token's list needs, then the lists.
    const from = new Int32Array(tokens + 1);
    const last = new Int32Array(tokens);
    for (let slot = 0; slot < slots; slot++) {
      if (alive[slot] === 0) continue;
      const seen = fields.tokensOf(slot);
      const { seenMask } = fields;
      for (const id of seen) {
        from[id + 1]! += varintLength((slot - last[id]!) * (MASK + 1) + seenMask[id]!);
        last[id] = slot;
        tokenFields[id]! |= seenMask[id]!;
      }
    }
    for (let t = 0; t < tokens; t++) from[t + 1]! += from[t]!;
    const bytes = new Uint8Array(from[tokens]!);
    const cursor = from.slice(0, tokens);
    last.fill(0);
    for (let slot = 0; slot < slots; slot++) {
      if (alive[slot] === 0) continue;
      const seen = fields.tokensOf(slot);
      const { seenMask } = fields;
      for (const id of seen) {
        cursor[id] = writeVarint(bytes, cursor[id]!, (slot - last[id]!) * (MASK + 1) + seenMask[id]!);
        last[id] = slot;
      }
    }
    this.postingBytes = bytes;
    this.postingFrom = from;
    this.compactedTokens = tokens;
    this.recentTokens = new Int32Array(0);
    this.recentEntries = new Int32Array(0);
    this.recentCount = 0;
    this.recentIndex = null;
    this.stale = false;
    fields.trim();
    this.vocabulary.mergeSuffixes();
  }

  /** Calls `visit` with each (slot, fields) a token is in, retired slots included, slots ascending. */
  each(token: number, visit: (slot: number, mask: number) => void): void {
    if (this.stale) this.compact();
    this.eachCompacted(token, visit);
    if (this.recentCount === 0) return;
    if (!this.recentIndex) {
      this.recentIndex = new Map();
      for (let i = 0; i < this.recentCount; i++) {
        const list = this.recentIndex.get(this.recentTokens[i]!);
        if (list) list.push(this.recentEntries[i]!);
        else this.recentIndex.set(this.recentTokens[i]!, [this.recentEntries[i]!]);
      }
    }
    const added = this.recentIndex.get(token);
    if (added) for (const entry of added) visit(entry >>> MASK_BITS, entry & MASK);
  }

  private eachCompacted(token: number, visit: (slot: number, mask: number) => void): void {
    if (token < this.compactedTokens) {
      const bytes = this.postingBytes;
      const end = this.postingFrom[token + 1]!;
      let slot = 0;
      // The varint read inline (see varint.ts readVarint): this loop runs over most of the
      // catalogue for a common word, and a local cursor beats the shared one of another module.
      for (let at = this.postingFrom[token]!; at < end;) {
        let value = 0;
        let shift = 0;
        let byte: number;
        do {
          byte = bytes[at++]!;
          value |= (byte & 0x7f) << shift;
          shift += 7;
        } while (byte & 0x80);
        slot += value >>> MASK_BITS;
        visit(slot, value & MASK);
      }
    }
  }
}
