import { isWordCharacter } from "../../../core/search.ts";
import { grow } from "./arrays.ts";
import { FIELDS, type HeldTool } from "./types.ts";
import { BlockStore, OFFSET_MASK, readVarint, readVarints, VarintWriter, varintEnd } from "./varint.ts";
import type { Vocabulary } from "./vocabulary.ts";

// The tokenizer and the fields as held: no text is kept but names. Fields are cut into whitespace
// tokens, and each field is kept as its tokens' ids, each with whether exactly one plain space
// follows it (id << 1 | joined), as varints: about a fifth of the text's size. A slot's fields lie
// together in one block: at slotAt[s] (block << 20 | offset), the five fields' byte lengths, then
// the fields. Postings are made from these (server/catalog/memory/postings.ts), and a phrase is
// checked against them.

const WHITESPACE_CHARACTER = /\s/u;

/** Whether a UTF-16 code unit is whitespace as `\s` has it (no surrogate is). */
function isWhitespace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  return code >= 0x80 && WHITESPACE_CHARACTER.test(String.fromCharCode(code));
}

export class FieldStore {
  private readonly vocabulary: Vocabulary;

  constructor(vocabulary: Vocabulary) {
    this.vocabulary = vocabulary;
  }

  private forward = new BlockStore();
  private slotAt = new Uint32Array(0);
  private encoder = new VarintWriter();
  private headerWriter = new VarintWriter();
  // While a slot's tokens are gathered: the pass that last saw each token, and the fields it was in.
  private seenIn = new Int32Array(0);
  /** The fields each token of the last `tokensOf` is in (a mask, bit f for FIELDS[f]). */
  seenMask = new Uint8Array(0);
  private seenStamp = 0;
  private fieldScratch: Int32Array = new Int32Array(64);
  private fieldStarts = new Int32Array(FIELDS.length + 1);
  private lengthScratch = new Int32Array(FIELDS.length);

  /** Cuts a tool's fields into tokens and stores them, encoded, in one piece for its slot. */
  add(slot: number, tool: HeldTool): void {
    const encoder = this.encoder;
    encoder.length = 0;
    const lengths: number[] = [];
    for (const field of FIELDS) {
      const start = encoder.length;
      // Whitespace-separated tokens, found by hand: a bulk load cuts millions of them.
      const text = tool[field];
      let at = 0;
      while (at < text.length && isWhitespace(text.charCodeAt(at))) at++;
      while (at < text.length) {
        let end = at + 1;
        while (end < text.length && !isWhitespace(text.charCodeAt(end))) end++;
        let next = end;
        while (next < text.length && isWhitespace(text.charCodeAt(next))) next++;
        // A phrase runs on from this token only over exactly one plain space.
        const joined = next < text.length && next === end + 1 && text.charCodeAt(end) === 0x20;
        encoder.push(this.vocabulary.id(text.slice(at, end)) * 2 + (joined ? 1 : 0));
        at = next;
      }
      lengths.push(encoder.length - start);
    }
    const header = this.headerWriter;
    header.length = 0;
    for (const length of lengths) header.push(length);
    const { block, at } = this.forward.store([header, encoder]);
    this.slotAt = grow(this.slotAt, slot + 1);
    this.slotAt[slot] = block * (OFFSET_MASK + 1) + at;
  }

  /** Gives back the unused end of the last block. */
  trim(): void {
    this.forward.trim();
  }

  /** The distinct tokens of a slot's fields, each with the fields it is in (in `seenMask`). */
  tokensOf(slot: number): number[] {
    const tokens = this.vocabulary.size;
    if (this.seenIn.length < tokens) {
      this.seenIn = grow(this.seenIn, tokens);
      this.seenMask = grow(this.seenMask, tokens);
    }
    if (++this.seenStamp >= 0x7fffffff) {
      this.seenIn.fill(0);
      this.seenStamp = 1;
    }
    const stamp = this.seenStamp;
    const { seenIn, seenMask } = this;
    const seen: number[] = [];
    const { bytes, starts } = this.fieldsOf(slot);
    for (let f = 0; f < FIELDS.length; f++) {
      const end = starts[f + 1]!;
      for (let at = starts[f]!; at < end; at = varintEnd) {
        const id = readVarint(bytes, at) >>> 1;
        if (seenIn[id] !== stamp) {
          seenIn[id] = stamp;
          seenMask[id] = 0;
          seen.push(id);
        }
        seenMask[id]! |= 1 << f;
      }
    }
    return seen;
  }

  /**
   * Whether field `f` of a slot has the phrase (its words `parts`, two or more) where a word
   * starts: the first word ends a token at a word start, the middle ones are whole tokens, the last
   * begins one, each joined to the next by exactly one plain space — as core/search.ts's
   * wordStartsAt finds it in the text the tokens came from.
   */
  hasPhrase(slot: number, f: number, parts: readonly string[]): boolean {
    const { tokens } = this.vocabulary;
    const { bytes, starts } = this.fieldsOf(slot);
    const entries = readVarints(bytes, starts[f]!, starts[f + 1]!, this.fieldScratch);
    this.fieldScratch = entries.values;
    const n = parts.length;
    const first = parts[0]!;
    for (let i = 0; i + n <= entries.length; i++) {
      const token = tokens[entries.values[i]! >>> 1]!;
      const start = token.length - first.length;
      if (start < 0 || !(entries.values[i]! & 1) || !token.endsWith(first)) continue;
      if (start > 0 && isWordCharacter(token, start) && isWordCharacter(token, start - 1)) continue;
      let k = 1;
      for (; k < n - 1; k++) {
        const entry = entries.values[i + k]!;
        if (!(entry & 1) || tokens[entry >>> 1] !== parts[k]) break;
      }
      if (k === n - 1 && tokens[entries.values[i + k]! >>> 1]!.startsWith(parts[k]!)) return true;
    }
    return false;
  }

  /** The block holding a slot's fields, and where each field starts in it (`starts[5]`: where the last ends). */
  private fieldsOf(slot: number): { bytes: Uint8Array; starts: Int32Array } {
    const where = this.slotAt[slot]!;
    const bytes = this.forward.blocks[Math.floor(where / (OFFSET_MASK + 1))]!;
    let at = where & OFFSET_MASK;
    const lengths = readVarints(bytes, at, at, this.lengthScratch, FIELDS.length);
    at = lengths.end;
    const starts = this.fieldStarts;
    for (let f = 0; f < FIELDS.length; f++) {
      starts[f] = at;
      at += lengths.values[f]!;
    }
    starts[FIELDS.length] = at;
    return { bytes, starts };
  }
}
