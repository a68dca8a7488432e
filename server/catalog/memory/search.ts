import { queryWords, SEARCH_WEIGHTS, wordStartsAt, type SearchOrder } from "../../../core/search.ts";
import { SCORE_CEILING as CEILING } from "./arrays.ts";
import { countFacets } from "./facets.ts";
import type { FieldStore } from "./fields.ts";
import type { Lists } from "./lists.ts";
import { MASK as ALL_FIELDS, type Postings } from "./postings.ts";
import type { ResultOrder } from "./rank.ts";
import type { Scratch } from "./scratch.ts";
import type { SlotStore } from "./slots.ts";
import { FIELDS, type FacetCounts, type FilterMasks, type SearchHits, type SearchPosition } from "./types.ts";
import type { Vocabulary } from "./vocabulary.ts";

/** What a search asks of the catalogue in memory besides the query: the page, and how to narrow and order it. */
export interface SearchOptions {
  page: number;
  pageSize: number;
  filters?: FilterMasks;
  order?: SearchOrder;
  facets?: boolean;
  /** Start right after this position (a page's `next`, in the relevance order) instead of at the page. */
  after?: SearchPosition;
}

// Module constants of this file's own: V8 folds them into the loops below (run once per match),
// where it would load an imported binding each time.
const SCORE_CEILING = CEILING;
const MASK = ALL_FIELDS;

// Search: answers the product's search rule (core/search.ts) exactly, in time that follows the
// matches. Each query word's tokens (server/catalog/memory/vocabulary.ts) give, through their
// postings, every tool the word is in and the fields; scores are added up per slot in scratch
// arrays. A phrase (the whole query) is then checked against each field's sequence of tokens,
// only for the tools that could still reach the page asked for.

const WHITESPACE = /\s+/u;

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

export interface SearchParts {
  slots: SlotStore;
  lists: Lists;
  vocabulary: Vocabulary;
  fields: FieldStore;
  postings: Postings;
  order: ResultOrder;
  scratch: Scratch;
  /** Below this many matches a page is found by sorting them, above by walking the rank order. */
  sortLimit: number;
}

export class SearchIndex {
  private readonly parts: SearchParts;
  private words: string[] | null = null;

  constructor(parts: SearchParts) {
    this.parts = parts;
  }

  /** The tools held changed: the vocabulary of names and tags is counted again when next asked. */
  changed(): void {
    this.words = null;
  }

  /** Words of public tool names and tags (4 letters or more), the most common first: "did you mean" picks among them. */
  vocabulary(): string[] {
    if (this.words) return this.words;
    const { postings, vocabulary, slots } = this.parts;
    postings.ready();
    const nameOrTags = (1 << FIELDS.indexOf("name")) | (1 << FIELDS.indexOf("tags"));
    const counts = new Map<string, number>();
    for (let id = 0; id < vocabulary.size; id++) {
      if ((postings.tokenFields[id]! & nameOrTags) === 0) continue;
      // Only tools held now: a word of a removed tool would suggest a search that finds nothing.
      let uses = 0;
      postings.each(id, (slot, mask) => {
        if (mask & nameOrTags && slots.alive[slot] === 1) uses++;
      });
      if (uses === 0) continue;
      for (const word of vocabulary.tokens[id]!.split(/[^\p{L}]+/u)) {
        if ([...word].length >= 4) counts.set(word, (counts.get(word) ?? 0) + uses);
      }
    }
    this.words = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([word]) => word);
    return this.words;
  }

  /**
   * Tools whose name has `text` where a word of it starts (any case), shortest names first, then by
   * name and id; the newest first when `text` is empty. Tools `skip` refuses are passed over.
   */
  namesMatching(text: string, limit: number, skip: (id: string) => boolean): string[] {
    const { slots, lists, postings } = this.parts;
    const needle = text.trim().toLowerCase();
    if (needle === "") {
      const view = lists.view(null, "recency");
      const ids: string[] = [];
      for (let i = 0; i < view.length && ids.length < limit; i++)
        if (!skip(slots.ids[view[i]!]!)) ids.push(slots.ids[view[i]!]!);
      return ids;
    }
    const nameBit = 1 << FIELDS.indexOf("name");
    const first = needle.split(WHITESPACE)[0]!;
    const found = new Set<number>();
    for (const token of this.tokensMatching(first)) {
      if ((postings.tokenFields[token]! & nameBit) === 0) continue;
      postings.each(token, (slot, mask) => {
        if (mask & nameBit && slots.alive[slot] === 1) found.add(slot);
      });
    }
    const name = (slot: number) => slots.names[slot]!;
    return [...found]
      .filter((slot) => wordStartsAt(name(slot), needle) && !skip(slots.ids[slot]!))
      .sort((a, b) => name(a).length - name(b).length || slots.nameBefore(a, b))
      .slice(0, limit)
      .map((slot) => slots.ids[slot]!);
  }

  /**
   * Public tools that score for a normalised query, in the product's order (score, featured,
   * featured price, newest, id), one page of them and the total.
   */
  search(normalizedQuery: string, now: number, options: SearchOptions): SearchHits {
    const words = queryWords(normalizedQuery);
    if (words.length === 0) return { hits: [], total: 0, next: null };
    const { slots, order: results, scratch } = this.parts;
    const { after } = options;
    const order = options.order ?? "relevance";
    if (after && order !== "relevance") throw new Error("a search position is one of the relevance order");
    results.prepare(now);
    const from = after ? 0 : (options.page - 1) * options.pageSize;
    // After a position, every score must be exact: how many matches come before it is not known.
    const found = this.scoreAll(
      normalizedQuery,
      words,
      after ? slots.length : from + options.pageSize,
      options.filters,
      options.facets === true,
    );
    const total = found.matched;
    // The matches past the position, kept in `touched` (and marked) as the filters keep theirs.
    let remaining = total;
    if (after) {
      const { touched, score, queryMark } = scratch;
      remaining = 0;
      for (let i = 0; i < total; i++) {
        const slot = touched[i]!;
        if (results.isAfter(slot, score[slot]!, after)) touched[remaining++] = slot;
        else queryMark[slot] = 0;
      }
    }
    const count = Math.max(0, Math.min(options.pageSize, remaining - from));
    let page: number[];
    if (count === 0) page = [];
    else if (order !== "relevance") {
      // Every match is on hand (touched): sorted by the list orders browse uses.
      page = Array.from(scratch.touched.subarray(0, total))
        .sort(order === "name" ? slots.nameBefore : slots.newerFirst)
        .slice(from, from + count);
    } else
      page =
        remaining <= this.parts.sortLimit
          ? results.pageBySort(remaining, from, count)
          : results.pageByRankWalk(remaining, from, count);
    const last = page.at(-1);
    return {
      hits: page.map((slot) => ({ id: slots.ids[slot]!, score: scratch.score[slot]! })),
      total,
      next:
        order === "relevance" && last !== undefined && from + count < remaining
          ? results.position(last, scratch.score[last]!)
          : null,
      ...(found.facets ? { facets: found.facets } : {}),
    };
  }

  /** Ids of the tokens a query word matches, each once (the postings made first, if a bulk load left them unmade). */
  private tokensMatching(word: string): number[] {
    this.parts.postings.ready();
    return this.parts.vocabulary.matching(word, this.parts.scratch);
  }

  /**
   * Scores every held tool with a match into `score` and lists them in `touched`; returns how many.
   * Scores are exact for the first `exact` results in order; below those a phrase may be left
   * unchecked, which can lower a score but never drops a match (every word already matched).
   */
  private scoreAll(
    phrase: string,
    words: string[],
    exact: number,
    filters?: FilterMasks,
    withFacets = false,
  ): { matched: number; facets?: FacetCounts } {
    const { slots, postings, scratch } = this.parts;
    scratch.ensure(slots.length);
    const { alive } = slots;
    const { score, queryMark, wordMark, wordMask, allMask, wordsSeen, touched, wordList } = scratch;
    const query = scratch.nextStamp("query");
    // A one-word query is its own phrase: the fields that contain the word contain the phrase.
    const phraseIsWord = words.length === 1 && words[0] === phrase;
    let matched = 0;

    for (let w = 0; w < words.length; w++) {
      const tokens = this.tokensMatching(words[w]!);
      const word = scratch.nextStamp("word");
      let listed = 0;
      const visit = (slot: number, mask: number) => {
        if (alive[slot] === 0) return;
        if (wordMark[slot] !== word) {
          wordMark[slot] = word;
          wordMask[slot] = mask;
          wordList[listed++] = slot;
        } else {
          wordMask[slot]! |= mask;
        }
      };
      for (const token of tokens) postings.each(token, visit);
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

    // The facets count every match; the filters then leave out those that fail them, before the
    // phrase is checked, so the first `exact` are those of the filtered list.
    let facets: FacetCounts | undefined;
    if (withFacets)
      facets = countFacets(
        slots,
        touched.subarray(0, matched),
        filters ?? { pricing: 0, platforms: 0, inactive: true },
      );
    if (slots.narrows(filters)) {
      let kept = 0;
      for (let i = 0; i < matched; i++) {
        const slot = touched[i]!;
        if (slots.passes(slot, filters)) touched[kept++] = slot;
        else queryMark[slot] = 0;
      }
      matched = kept;
    }

    if (!phraseIsWord) this.checkPhrase(phrase, words.length, matched, exact);
    return { matched, facets };
  }

  /**
   * Adds the phrase points where the whole query starts a word of a field, checking (by reading the
   * text) only tools that could still reach the first `exact` results.
   */
  private checkPhrase(phrase: string, wordCount: number, matched: number, exact: number): void {
    const { fields, scratch } = this.parts;
    const { score, wordsSeen, allMask, touched } = scratch;
    const parts = phrase.split(" ");
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
      if ((i === 0 || bestOf[i] !== bestOf[i - 1]) && bestOf[i]! < nthBest(known, exact)) return;
      const slot = order[i]!;
      const mask = allMask[slot]!;
      for (let f = 0; f < FIELDS.length; f++) {
        if (mask & (1 << f) && fields.hasPhrase(slot, f, parts)) score[slot]! += SEARCH_WEIGHTS[FIELDS[f]!].phrase;
      }
      known[Math.min(SCORE_CEILING, score[slot]!)]!++;
    }
  }
}
