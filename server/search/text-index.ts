import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { queryWords, SEARCH_WEIGHTS } from "../../core/search.ts";

// An in-memory inverted index that answers the product's search rule (core/search.ts) exactly,
// in time that follows the matches rather than the catalogue (docs/decisions/007-search-in-memory.md).
//
// Why it is exact: a normalised query word has no whitespace, so wherever it occurs in a field it
// lies inside one whitespace-separated token of that field. "The field contains the word" is thus
// "some token of the field contains the word". Tokens are few next to documents, and each token
// has 1-, 2- and 3-character substrings indexed, so the tokens containing a word are found without
// reading them all; their postings (document, fields) then give every document the word is in.
// A multi-word phrase is in a field only if all its words are, so only those fields are read.

/** The five fields search reads, in this order; categories and tags are items joined by "\n". */
export const FIELDS = ["name", "tagline", "description", "categories", "tags"] as const;
export type Field = (typeof FIELDS)[number];

/** A public tool as the index holds it: the lower-cased text of tool_search, and what orders ties. */
export interface IndexedTool {
  id: string;
  createdAt: number;
  name: string;
  tagline: string;
  description: string;
  categories: string;
  tags: string;
}

/** A paid order in force or not: featured weight is the sum of those paid within the last year. */
export interface IndexedPayment {
  toolId: string;
  amountCents: number;
  paidAt: number;
}

/** One page of matches in result order, and how many there are in all. */
export interface IndexPage {
  hits: { id: string; score: number }[];
  total: number;
}

// Postings pack (slot, field mask) into one int: 5 bits of mask, so up to 2^26 slots.
const MASK_BITS = 5;
const MASK = (1 << MASK_BITS) - 1;
const MAX_SLOTS = 2 ** 26;
// Sort keys pack (score, rank): scores stay below 2^10 (15 + 9 per word, at most 100 words in 200
// characters), ranks below 2^26; the key stays an exact integer in a double.
const SCORE_CEILING = 1023;
const RANK_SPAN = 2 ** 26;
const GRAM = 3;
const WHITESPACE = /\s+/u;
// Below this many matches sorting them is cheaper than walking the whole rank order.
const SORT_LIMIT = 4096;

export interface TextIndexOptions {
  /** Up to this many matches a page is found by sorting them, above by walking the rank order. */
  sortLimit?: number;
}

/** Points a word (or the phrase) earns for each combination of fields that contain it. */
function pointsByMask(kind: "word" | "phrase"): Int32Array {
  const points = new Int32Array(1 << FIELDS.length);
  for (let mask = 0; mask < points.length; mask++) {
    FIELDS.forEach((field, f) => {
      if (mask & (1 << f)) points[mask]! += SEARCH_WEIGHTS[field][kind];
    });
  }
  return points;
}
const WORD_POINTS = pointsByMask("word");
const PHRASE_POINTS = pointsByMask("phrase");

/** The n-th best score among those counted (0 when fewer than n are). */
function nthBest(countByScore: Int32Array, n: number): number {
  let seen = 0;
  for (let s = countByScore.length - 1; s > 0; s--) {
    seen += countByScore[s]!;
    if (seen >= n) return s;
  }
  return 0;
}

/** An Int32/Uint32/Uint8 array grown by doubling. */
function grow<T extends Int32Array | Uint32Array | Uint8Array | Float64Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  let length = Math.max(16, array.length);
  while (length < size) length *= 2;
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/**
 * The search index. Tools live in slots; replacing or removing one retires its slot (its postings
 * are skipped from then on), so the owner rebuilds the index once retired slots pile up.
 */
export class TextIndex {
  private readonly sortLimit: number;
  // Per slot. A retired slot keeps its postings but has alive = 0 and no id in `slotOf`.
  private ids: string[] = [];
  private texts: string[] = []; // FIELDS.length strings per slot
  private createdAt = new Float64Array(0);
  private alive = new Uint8Array(0);
  private slotOf = new Map<string, number>();
  private live = 0;

  // Vocabulary: every distinct token, its postings, and its short substrings.
  private tokenIds = new Map<string, number>();
  private tokens: string[] = [];
  private postings: number[][] = [];
  private grams = new Map<string, number[]>();

  // Result order for equal scores, as of `rankedAt`, valid until `rankExpires` (a featured year ends).
  private payments: IndexedPayment[] = [];
  private recency = new Int32Array(0); // slots newest first (retired ones dropped at the next ranking)
  private unranked: number[] = []; // slots added since the last ranking
  private byRank = new Int32Array(0);
  private rankOf = new Int32Array(0);
  private rankedAt = Number.NaN;
  private rankExpires = Number.NEGATIVE_INFINITY;
  private rankDirty = true;

  // Scratch space reused by every search; a search runs to the end without awaiting, so no two
  // ever share it. Stamps tell this search's (and this word's) marks from older ones.
  private score = new Int32Array(0);
  private queryMark = new Uint32Array(0);
  private wordMark = new Uint32Array(0);
  private wordMask = new Uint8Array(0);
  private allMask = new Uint8Array(0);
  private wordsSeen = new Uint8Array(0);
  private touched = new Int32Array(0);
  private wordList = new Int32Array(0);
  private queryStamp = 0;
  private wordStamp = 0;

  constructor(options: TextIndexOptions = {}) {
    this.sortLimit = options.sortLimit ?? SORT_LIMIT;
  }

  /** Public tools held. */
  get size(): number {
    return this.live;
  }

  /** Slots used, live or retired: what a rebuild would give back is `slots - size`. */
  get slots(): number {
    return this.ids.length;
  }

  /** Whether the tool is held. */
  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  /** The ids of the tools held. */
  toolIds(): IterableIterator<string> {
    return this.slotOf.keys();
  }

  /** Adds a tool, or replaces the one with its id. */
  upsert(tool: IndexedTool): void {
    this.remove(tool.id);
    const slot = this.ids.length;
    if (slot >= MAX_SLOTS) throw new Error(`the search index holds at most ${MAX_SLOTS} slots`);
    this.ids.push(tool.id);
    for (const field of FIELDS) this.texts.push(tool[field]);
    this.createdAt = grow(this.createdAt, slot + 1);
    this.createdAt[slot] = tool.createdAt;
    this.alive = grow(this.alive, slot + 1);
    this.alive[slot] = 1;
    this.slotOf.set(tool.id, slot);
    this.live++;
    this.unranked.push(slot);
    this.rankDirty = true;

    const masks = new Map<string, number>();
    FIELDS.forEach((field, f) => {
      for (const token of tool[field].split(WHITESPACE)) {
        if (token !== "") masks.set(token, (masks.get(token) ?? 0) | (1 << f));
      }
    });
    for (const [token, mask] of masks) this.postings[this.tokenId(token)]!.push(slot * (MASK + 1) + mask);
  }

  /** Removes a tool if it is held. */
  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.live--;
    this.rankDirty = true;
    // The text is not needed any more; the postings that point here are skipped.
    for (let f = 0; f < FIELDS.length; f++) this.texts[slot * FIELDS.length + f] = "";
  }

  /** Replaces the paid orders that decide featured order; the order is redone only if they differ. */
  setPayments(payments: readonly IndexedPayment[]): void {
    const key = (p: IndexedPayment) => `${p.toolId}\n${p.paidAt}\n${p.amountCents}`;
    const next = [...payments].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    if (next.length === this.payments.length && next.every((p, i) => key(p) === key(this.payments[i]!))) return;
    this.payments = next;
    this.rankDirty = true;
  }

  /**
   * Held tools that score for a normalised query, in the product's order (score, featured,
   * featured price, newest, id), one page of them and the total.
   */
  search(normalizedQuery: string, now: number, options: { page: number; pageSize: number }): IndexPage {
    const words = queryWords(normalizedQuery);
    if (words.length === 0) return { hits: [], total: 0 };
    this.prepare(now);
    const from = (options.page - 1) * options.pageSize;
    const total = this.scoreAll(normalizedQuery, words, from + options.pageSize);
    const count = Math.max(0, Math.min(options.pageSize, total - from));
    const slots =
      count === 0 ? [] : total <= this.sortLimit ? this.pageBySort(total, from, count) : this.pageByRankWalk(total, from, count);
    return { hits: slots.map((slot) => ({ id: this.ids[slot]!, score: this.score[slot]! })), total };
  }

  private tokenId(token: string): number {
    let id = this.tokenIds.get(token);
    if (id !== undefined) return id;
    id = this.tokens.length;
    this.tokenIds.set(token, id);
    this.tokens.push(token);
    this.postings.push([]);
    // Code units, as String.includes compares them; each gram once per token keeps lists sorted and distinct.
    const seen = new Set<string>();
    for (let n = 1; n <= GRAM; n++) {
      for (let i = 0; i + n <= token.length; i++) seen.add(token.slice(i, i + n));
    }
    for (const gram of seen) {
      const list = this.grams.get(gram);
      if (list) list.push(id);
      else this.grams.set(gram, [id]);
    }
    return id;
  }

  /** Ids of the tokens that contain the word. */
  private tokensContaining(word: string): readonly number[] {
    if (word.length <= GRAM) return this.grams.get(word) ?? [];
    // Every gram of the word is in a token that contains it: read the rarest gram's tokens only.
    let rarest: number[] | undefined;
    for (let i = 0; i + GRAM <= word.length; i++) {
      const list = this.grams.get(word.slice(i, i + GRAM));
      if (!list) return [];
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    return rarest!.filter((id) => this.tokens[id]!.includes(word));
  }

  private ensureScratch(): void {
    const n = this.ids.length;
    if (this.score.length >= n) return;
    this.score = grow(this.score, n);
    this.queryMark = grow(this.queryMark, n);
    this.wordMark = grow(this.wordMark, n);
    this.wordMask = grow(this.wordMask, n);
    this.allMask = grow(this.allMask, n);
    this.wordsSeen = grow(this.wordsSeen, n);
    this.touched = grow(this.touched, n);
    this.wordList = grow(this.wordList, n);
  }

  private nextStamp(kind: "query" | "word"): number {
    // On wrap-around old marks could pass for new ones: clear them once every 4 billion stamps.
    if (this.queryStamp >= 0xfffffffe || this.wordStamp >= 0xfffffffe) {
      this.queryMark.fill(0);
      this.wordMark.fill(0);
      this.queryStamp = 0;
      this.wordStamp = 0;
    }
    return kind === "query" ? ++this.queryStamp : ++this.wordStamp;
  }

  /**
   * Scores every held tool with a match into `score` and lists them in `touched`; returns how many.
   * Scores are exact for the first `exact` results in order; below those a phrase may be left
   * unchecked, which can lower a score but never drops a match (every word already matched).
   */
  private scoreAll(phrase: string, words: string[], exact: number): number {
    this.ensureScratch();
    const { alive, score, queryMark, wordMark, wordMask, allMask, wordsSeen, touched, wordList, postings } = this;
    const query = this.nextStamp("query");
    // A one-word query is its own phrase: the fields that contain the word contain the phrase.
    const phraseIsWord = words.length === 1 && words[0] === phrase;
    let matched = 0;

    for (let w = 0; w < words.length; w++) {
      const word = this.nextStamp("word");
      let listed = 0;
      for (const token of this.tokensContaining(words[w]!)) {
        for (const entry of postings[token]!) {
          const slot = entry >>> MASK_BITS;
          if (alive[slot] === 0) continue;
          if (wordMark[slot] !== word) {
            wordMark[slot] = word;
            wordMask[slot] = entry & MASK;
            wordList[listed++] = slot;
          } else {
            wordMask[slot]! |= entry & MASK;
          }
        }
      }
      for (let i = 0; i < listed; i++) {
        const slot = wordList[i]!;
        const mask = wordMask[slot]!;
        if (queryMark[slot] !== query) {
          queryMark[slot] = query;
          score[slot] = 0;
          wordsSeen[slot] = 0;
          allMask[slot] = MASK;
          touched[matched++] = slot;
        }
        score[slot]! += WORD_POINTS[mask]! + (phraseIsWord ? PHRASE_POINTS[mask]! : 0);
        // Counts only unbroken runs from the first word: a phrase needs every word.
        if (wordsSeen[slot] === w) {
          wordsSeen[slot] = w + 1;
          allMask[slot]! &= mask;
        }
      }
    }

    if (!phraseIsWord) this.checkPhrase(phrase, words.length, matched, exact);
    return matched;
  }

  /**
   * Adds the phrase points where the whole query is in a field, checking (by reading the text)
   * only tools that could still reach the first `exact` results: those whose score plus every
   * phrase point their fields could earn is at least the `exact`-th best score known for sure.
   */
  private checkPhrase(phrase: string, wordCount: number, matched: number, exact: number): void {
    const { score, wordsSeen, allMask, touched, texts } = this;
    // Scores known for sure, counted by value; candidates (all words in one field) by best possible score.
    const known = new Int32Array(SCORE_CEILING + 1);
    const perBest = new Int32Array(SCORE_CEILING + 1);
    const best = (slot: number) => Math.min(SCORE_CEILING, score[slot]! + PHRASE_POINTS[allMask[slot]!]!);
    let candidates = 0;
    for (let i = 0; i < matched; i++) {
      const slot = touched[i]!;
      if (wordsSeen[slot] === wordCount && allMask[slot] !== 0) {
        perBest[best(slot)]!++;
        candidates++;
      } else {
        known[Math.min(SCORE_CEILING, score[slot]!)]!++;
      }
    }
    if (candidates === 0) return;

    // Candidates in descending order of best possible score (a counting sort), with that score.
    const startAt = new Int32Array(SCORE_CEILING + 1);
    for (let s = SCORE_CEILING, above = 0; s >= 0; s--) {
      startAt[s] = above;
      above += perBest[s]!;
    }
    const order = new Int32Array(candidates);
    const bestOf = new Int32Array(candidates);
    for (let i = 0; i < matched; i++) {
      const slot = touched[i]!;
      if (wordsSeen[slot] !== wordCount || allMask[slot] === 0) continue;
      const b = best(slot);
      bestOf[startAt[b]!] = b;
      order[startAt[b]!++] = slot;
    }

    for (let i = 0; i < candidates; i++) {
      // The threshold only rises as scores become known, so the walk stops at the first candidate
      // that cannot reach it; it is recomputed once per distinct best score.
      if ((i === 0 || bestOf[i] !== bestOf[i - 1]) && bestOf[i]! < nthBest(known, exact)) return;
      const slot = order[i]!;
      const mask = allMask[slot]!;
      for (let f = 0; f < FIELDS.length; f++) {
        if (mask & (1 << f) && texts[slot * FIELDS.length + f]!.includes(phrase)) score[slot]! += SEARCH_WEIGHTS[FIELDS[f]!].phrase;
      }
      known[Math.min(SCORE_CEILING, score[slot]!)]!++;
    }
  }

  private pageBySort(total: number, from: number, count: number): number[] {
    const keys = new Float64Array(total);
    for (let i = 0; i < total; i++) {
      const slot = this.touched[i]!;
      keys[i] = (SCORE_CEILING - Math.min(SCORE_CEILING, this.score[slot]!)) * RANK_SPAN + this.rankOf[slot]!;
    }
    keys.sort();
    const slots: number[] = [];
    for (let i = from; i < from + count; i++) slots.push(this.byRank[keys[i]! % RANK_SPAN]!);
    return slots;
  }

  /**
   * The page found by counting matches per score, then walking tools in rank order and keeping,
   * for each score the page spans, the ones that fall on the page.
   */
  private pageByRankWalk(total: number, from: number, count: number): number[] {
    const { score, queryMark, touched } = this;
    const query = this.queryStamp;
    const perScore = new Int32Array(SCORE_CEILING + 1);
    let top = 0;
    for (let i = 0; i < total; i++) {
      const s = Math.min(SCORE_CEILING, score[touched[i]!]!);
      perScore[s]!++;
      if (s > top) top = s;
    }
    // For each score: how many rank above it, and which of its own fall on the page.
    const skip = new Int32Array(SCORE_CEILING + 1);
    const take = new Int32Array(SCORE_CEILING + 1);
    const start = new Int32Array(SCORE_CEILING + 1);
    let above = 0;
    let wanted = 0;
    for (let s = top; s > 0; s--) {
      const n = perScore[s]!;
      const first = Math.max(from, above);
      const last = Math.min(from + count, above + n);
      if (last > first) {
        skip[s] = first - above;
        take[s] = last - first;
        start[s] = first - from;
        wanted += last - first;
      }
      above += n;
    }
    const slots: number[] = new Array<number>(count);
    const seen = new Int32Array(SCORE_CEILING + 1);
    for (let r = 0; r < this.byRank.length && wanted > 0; r++) {
      const slot = this.byRank[r]!;
      if (queryMark[slot] !== query) continue;
      const s = Math.min(SCORE_CEILING, score[slot]!);
      if (take[s] === 0) continue;
      const k = seen[s]!++ - skip[s]!;
      if (k < 0 || k >= take[s]!) continue;
      slots[start[s]! + k] = slot;
      wanted--;
    }
    return slots;
  }

  /** Brings the rank order up to date for `now`: featured first, higher price, newer, id. */
  private prepare(now: number): void {
    if (!this.rankDirty && now >= this.rankedAt && now < this.rankExpires) return;
    const { createdAt, ids, alive } = this;
    const newerFirst = (a: number, b: number) => {
      const ca = createdAt[a]!;
      const cb = createdAt[b]!;
      if (ca !== cb) return cb - ca;
      const ia = ids[a]!;
      const ib = ids[b]!;
      return ia < ib ? -1 : ia > ib ? 1 : 0;
    };

    // The date order is kept from one call to the next: new tools are sorted and merged in, and
    // retired ones dropped, so a small change costs a merge rather than a sort of every tool.
    const added = this.unranked.filter((slot) => alive[slot] === 1).sort(newerFirst);
    const merged = new Int32Array(this.live);
    let n = 0;
    let j = 0;
    for (let i = 0; i < this.recency.length; i++) {
      const slot = this.recency[i]!;
      if (alive[slot] === 0) continue;
      while (j < added.length && newerFirst(added[j]!, slot) < 0) merged[n++] = added[j++]!;
      merged[n++] = slot;
    }
    while (j < added.length) merged[n++] = added[j++]!;
    this.recency = merged;
    this.unranked = [];

    // Featured tools go first, by weight (the sum of the payments in force), then by date.
    const cents = new Map<string, number>();
    let expires = Number.POSITIVE_INFINITY;
    for (const p of this.payments) {
      const ends = p.paidAt + FEATURED_DURATION_MS;
      if (now >= ends || !this.slotOf.has(p.toolId)) continue;
      cents.set(p.toolId, (cents.get(p.toolId) ?? 0) + p.amountCents);
      expires = Math.min(expires, ends);
    }
    const featured = [...cents.keys()].map((id) => this.slotOf.get(id)!);
    featured.sort((a, b) => cents.get(ids[b]!)! - cents.get(ids[a]!)! || newerFirst(a, b));
    const isFeatured = new Set(featured);
    const byRank = new Int32Array(this.live);
    featured.forEach((slot, r) => (byRank[r] = slot));
    let r = featured.length;
    for (const slot of merged) if (!isFeatured.has(slot)) byRank[r++] = slot;
    this.byRank = byRank;
    this.rankOf = grow(this.rankOf, this.ids.length);
    byRank.forEach((slot, rank) => (this.rankOf[slot] = rank));
    this.rankedAt = now;
    this.rankExpires = expires;
    this.rankDirty = false;
  }
}
