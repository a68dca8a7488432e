import { grow } from "./arrays.ts";

// Scratch space per slot (and per token) reused by every search and every similar-tools call: a
// call runs to the end without awaiting, so one set serves them all, and none is allocated per call.
export class Scratch {
  score = new Int32Array(0);
  queryMark = new Uint32Array(0);
  wordMark = new Uint32Array(0);
  wordMask = new Uint8Array(0);
  allMask = new Uint8Array(0);
  wordsSeen = new Uint8Array(0);
  touched = new Int32Array(0);
  // Zero between calls: `similar` clears what it reads.
  tagPoints = new Uint16Array(0);
  wordList = new Int32Array(0);
  tokenStamp = new Uint32Array(0);
  queryStamp = 0;
  wordStamp = 0;

  /** Room for `n` slots (token stamps grow with the vocabulary: see Vocabulary.matching). */
  ensure(n: number): void {
    if (this.score.length >= n) return;
    this.score = grow(this.score, n);
    this.queryMark = grow(this.queryMark, n);
    this.wordMark = grow(this.wordMark, n);
    this.wordMask = grow(this.wordMask, n);
    this.allMask = grow(this.allMask, n);
    this.wordsSeen = grow(this.wordsSeen, n);
    this.touched = grow(this.touched, n);
    this.tagPoints = grow(this.tagPoints, n);
    this.wordList = grow(this.wordList, n);
  }

  nextStamp(kind: "query" | "word"): number {
    // On wrap-around old marks could pass for new ones: clear them once every 4 billion stamps.
    if (this.queryStamp >= 0xfffffffe || this.wordStamp >= 0xfffffffe) {
      this.queryMark.fill(0);
      this.wordMark.fill(0);
      this.tokenStamp.fill(0);
      this.queryStamp = 0;
      this.wordStamp = 0;
    }
    return kind === "query" ? ++this.queryStamp : ++this.wordStamp;
  }
}
