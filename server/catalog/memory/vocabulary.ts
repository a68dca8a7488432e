import { isWordCharacter } from "../../../core/search.ts";
import { grow } from "./arrays.ts";
import type { Scratch } from "./scratch.ts";

// The search index's vocabulary: every distinct token of the fields held, numbered, and the table
// a query word is looked up in. A query word matches a token where a word of it starts (a token's
// start, or after or at a character that is no letter or digit inside it): each token lists those
// "boundary suffixes" in one sorted table, so the tokens a word matches are a prefix range of it.

/** The positions a word of a token may start at: its start, after and at each character that is no letter or digit. */
export function boundaryStarts(token: string): number[] {
  const starts = [0];
  for (let i = 1; i < token.length; i++) {
    if (!isWordCharacter(token, i) || !isWordCharacter(token, i - 1)) starts.push(i);
  }
  return starts;
}

export class Vocabulary {
  private tokenIds = new Map<string, number>();
  /** Each token by id. */
  tokens: string[] = [];
  private suffixes: string[] = [];
  private suffixToken = new Int32Array(0);
  // Suffixes of tokens added since the table was last merged: sorted into it when next read.
  private pendingSuffixes: [string, number][] = [];

  get size(): number {
    return this.tokens.length;
  }

  /** The id of a token, numbering it if it is new. */
  id(token: string): number {
    let id = this.tokenIds.get(token);
    if (id !== undefined) return id;
    id = this.tokens.length;
    this.tokenIds.set(token, id);
    this.tokens.push(token);
    for (const start of boundaryStarts(token)) this.pendingSuffixes.push([token.slice(start), id]);
    return id;
  }

  /** Ids of the tokens the query word matches (a prefix of one of their boundary suffixes), each once. */
  matching(word: string, scratch: Scratch): number[] {
    this.mergeSuffixes();
    scratch.tokenStamp = grow(scratch.tokenStamp, this.tokens.length);
    const { suffixes } = this;
    let lo = 0;
    let hi = suffixes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (suffixes[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    const stamp = scratch.nextStamp("word");
    const { tokenStamp } = scratch;
    const found: number[] = [];
    for (let i = lo; i < suffixes.length && suffixes[i]!.startsWith(word); i++) {
      const token = this.suffixToken[i]!;
      if (tokenStamp[token] !== stamp) {
        tokenStamp[token] = stamp;
        found.push(token);
      }
    }
    return found;
  }

  /** Sorts the suffixes of tokens added since the last time into the lookup table (a merge). */
  mergeSuffixes(): void {
    if (this.pendingSuffixes.length === 0) return;
    const byText = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]);
    const added = this.pendingSuffixes.sort(byText);
    this.pendingSuffixes = [];
    const total = this.suffixes.length + added.length;
    const suffixes: string[] = new Array<string>(total);
    const owners = new Int32Array(total);
    let i = 0;
    let j = 0;
    for (let n = 0; n < total; n++) {
      if (
        j >= added.length ||
        (i < this.suffixes.length && byText([this.suffixes[i]!, this.suffixToken[i]!], added[j]!) <= 0)
      ) {
        suffixes[n] = this.suffixes[i]!;
        owners[n] = this.suffixToken[i++]!;
      } else {
        suffixes[n] = added[j]![0];
        owners[n] = added[j++]![1];
      }
    }
    this.suffixes = suffixes;
    this.suffixToken = owners;
  }
}
