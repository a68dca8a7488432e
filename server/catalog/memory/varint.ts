import { grow } from "./arrays.ts";

// The byte encodings of the search index: unsigned varints (7 bits a byte, below 2^31), in which
// the fields' tokens and the postings are held, and the blocks the fields are stored in.

// Where the last readVarint stopped: a module variable rather than a returned pair, so the loops
// over postings (a common word's run over most of the catalogue) allocate nothing.
export let varintEnd = 0;

/** The unsigned varint starting at byte `at`; it ends before `varintEnd`. */
export function readVarint(bytes: Uint8Array, at: number): number {
  let value = 0;
  let shift = 0;
  let byte: number;
  do {
    byte = bytes[at++]!;
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  varintEnd = at;
  return value;
}

/** Writes `value` as a varint at byte `at` (room for it is the caller's to make); returns where it ends. */
export function writeVarint(bytes: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    bytes[at++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  bytes[at++] = value;
  return at;
}

/** Bytes a value takes as a varint (7 bits a byte). */
export function varintLength(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;
}

/**
 * Decodes the varints from byte `from` to byte `to` (or `count` of them, when given) into `into`
 * (or a bigger array when it is too small); `end` is where decoding stopped.
 */
export function readVarints(
  bytes: Uint8Array,
  from: number,
  to: number,
  into: Int32Array,
  count?: number,
): { values: Int32Array; length: number; end: number } {
  const values = count !== undefined || into.length >= to - from ? into : new Int32Array(to - from);
  let n = 0;
  let at = from;
  while (count !== undefined ? n < count : at < to) {
    values[n++] = readVarint(bytes, at);
    at = varintEnd;
  }
  return { values, length: n, end: at };
}

/** Unsigned varints (below 2^31) written into a growable buffer, reused from one tool to the next. */
export class VarintWriter {
  bytes = new Uint8Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length + 5 > this.bytes.length) this.bytes = grow(this.bytes, this.length + 5);
    this.length = writeVarint(this.bytes, this.length, value);
  }
}

// Blocks of a megabyte: filled one after another and never moved, so holding the catalogue's
// fields takes no copying as it grows (and leaves no freed copies behind in the process's memory).
const BLOCK_BYTES = 1 << 20;
// Where a string is: the block's number times 2^20, plus the offset in it.
export const OFFSET_MASK = BLOCK_BYTES - 1;

/** Byte strings stored in blocks, each string whole in one block. */
export class BlockStore {
  blocks: Uint8Array[] = [];
  private used = 0;

  /** Stores what the writers hold, one after the other; returns the block and where in it they start. */
  store(parts: readonly VarintWriter[]): { block: number; at: number } {
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    let block = this.blocks.length - 1;
    if (block < 0 || this.used + length > this.blocks[block]!.length) {
      // A tool's fields take some kilobytes at most (the forms' limits): one always fits a block.
      if (length > BLOCK_BYTES) throw new Error(`a tool's fields take ${length} bytes, more than a block`);
      this.blocks.push(new Uint8Array(BLOCK_BYTES));
      block++;
      this.used = 0;
    }
    const at = this.used;
    for (const part of parts) {
      this.blocks[block]!.set(part.bytes.subarray(0, part.length), this.used);
      this.used += part.length;
    }
    return { block, at };
  }

  /** Gives back the unused end of the last block (the next string starts a new one). */
  trim(): void {
    const last = this.blocks.length - 1;
    if (last >= 0 && this.used < this.blocks[last]!.length) {
      this.blocks[last] = this.blocks[last]!.slice(0, this.used);
    }
  }
}
