import { CATEGORIES, type CategorySlug } from "../../core/categories.ts";
import { tagSlug, type Sort } from "../../core/catalog.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { platformMask } from "../../core/filters.ts";
import { PLATFORMS, type Platform } from "../../core/platforms.ts";
import { PRICING_MODELS, type PricingModel } from "../../core/pricing.ts";
import { isWordCharacter, queryWords, SEARCH_WEIGHTS, wordStartsAt, type SearchOrder } from "../../core/search.ts";

// Every public tool, held compactly in each instance's memory (docs/decisions/023): what the
// public lists need to be answered without reading the catalogue — the orders (newest, name), the
// counts per category, the paid placement in force — and a search index that answers the
// product's search rule (core/search.ts) exactly, in time that follows the matches.
//
// Search: a query word matches a field where a word of it starts with the query word. Fields are
// cut into whitespace tokens; a word starts a token, or follows a character that is no letter or
// digit inside it (so "ai" is found in "ai-powered", "js" in "node.js", not "ai" in "mail"). Each
// distinct token lists its "boundary suffixes" (from its start, after or at each such
// character) in one sorted table, so the tokens a query word matches are a prefix range of that
// table; their postings (slot, fields) then give every tool the word is in. A phrase (the whole
// query) is checked against each field's sequence of tokens, for the tools that could still reach
// the page asked for.
//
// Compact: no text is held but names. Postings are one byte stream of varints (gap to the
// previous slot, and the fields), and each field is kept as its tokens' ids (with whether one
// plain space follows), also as varints: about a fifth of the text's size.

/** The five fields search reads, in this order; categories and tags are items joined by "\n". */
export const FIELDS = ["name", "tagline", "description", "categories", "tags"] as const;
export type Field = (typeof FIELDS)[number];

/**
 * A public tool as the catalogue holds it: the lower-cased text of tool_search, when it was added,
 * and what the lists filter by (its pricing model and platforms, as the tool row has them).
 */
export interface HeldTool {
  id: string;
  createdAt: number;
  name: string;
  tagline: string;
  description: string;
  categories: string;
  tags: string;
  pricingModel: string | null;
  platforms: readonly string[];
}

/** What a list is narrowed to: masks of pricing models and platforms (core/filters.ts), 0 for any. */
export interface FilterMasks {
  pricing: number;
  platforms: number;
}

/** What a tool has in common with another: the categories, tags (lower-cased), platforms and pricing model both have. */
export interface Shares {
  categories: CategorySlug[];
  tags: string[];
  platforms: Platform[];
  pricingModel: PricingModel | null;
}

/** How many tools of a list have each pricing model and each platform, each counted under the other filter. */
export interface FacetCounts {
  pricing: Int32Array;
  platforms: Int32Array;
}

/** A paid order: featured weight is the sum of those paid within the last year. */
export interface HeldPayment {
  toolId: string;
  amountCents: number;
  paidAt: number;
}

/** One page of matches in result order, and how many there are in all. */
export interface SearchHits {
  hits: { id: string; score: number }[];
  total: number;
  /** How many matches each filter option would give (as `facets` counts a list's), when asked for. */
  facets?: FacetCounts;
}


/** A tool's running featured placement: the weight (sum of payments in force) and its last payment. */
export interface RunningFeaturing {
  cents: number;
  lastPaidAt: number;
}

// Postings pack (slot, field mask) into one int: 5 bits of mask, so up to 2^26 slots.
const MASK_BITS = 5;
const MASK = (1 << MASK_BITS) - 1;
const MAX_SLOTS = 2 ** 26;
// Sort keys pack (score, rank): scores stay below 2^10, ranks below 2^26; exact in a double.
const SCORE_CEILING = 1023;
const RANK_SPAN = 2 ** 26;
const WHITESPACE = /\s+/u;
const WHITESPACE_CHARACTER = /\s/u;

/** Whether a UTF-16 code unit is whitespace as `\s` has it (no surrogate is). */
function isWhitespace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  return code >= 0x80 && WHITESPACE_CHARACTER.test(String.fromCharCode(code));
}
// Below this many matches sorting them is cheaper than walking the whole rank order (tests set
// another limit to exercise both ways).
const SORT_LIMIT = 4096;

const CATEGORY_INDEX = new Map<string, number>(CATEGORIES.map((c, i) => [c.name.toLowerCase(), i]));
const CATEGORY_BY_SLUG = new Map<string, number>(CATEGORIES.map((c, i) => [c.slug, i]));

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

// Filtered lists (and facet counts) kept between two changes of the catalogue: the common ones are
// asked again and again; any combination can be asked, so no more than this many.
const FILTERED_KEPT = 64;

/** Keeps a made list in a bounded map, the oldest made dropped first. */
function keep<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= FILTERED_KEPT) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** The set bits of each byte (platform masks are one byte). */
const BITS_IN_BYTE = Uint8Array.from({ length: 256 }, (_, n) => bitCount(n));

/** The set bits of a 32-bit mask, without a loop (it runs once per tool in `similar`). */
function bitCount(n: number): number {
  let x = n - ((n >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** A typed array grown by doubling. */
function grow<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  let length = Math.max(16, array.length);
  while (length < size) length *= 2;
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/** The positions a word of a token may start at: its start, after and at each character that is no letter or digit. */
function boundaryStarts(token: string): number[] {
  const starts = [0];
  for (let i = 1; i < token.length; i++) {
    if (!isWordCharacter(token, i) || !isWordCharacter(token, i - 1)) starts.push(i);
  }
  return starts;
}

/**
 * The public catalogue in memory. Tools live in slots; replacing or removing one retires its slot
 * (its postings are skipped from then on), so the owner rebuilds the whole once retired slots pile up.
 */
export class MemoryCatalog {
  private readonly sortLimit: number;

  /**
   * `bulk`: many tools are about to be added; their postings are made once, by compact(), instead
   * of tool by tool (a search or compact() before then makes them).
   */
  constructor(options: { sortLimit?: number; bulk?: boolean } = {}) {
    this.sortLimit = options.sortLimit ?? SORT_LIMIT;
    this.bulk = options.bulk ?? false;
  }

  // Per slot. A retired slot keeps its postings but has alive = 0 and no id in `slotOf`.
  private ids: string[] = [];
  private names: string[] = []; // lower-cased, as the name order and the feature dialog read them
  // Each field as the ids of its tokens (id << 1 | a single space follows), varints. A slot's
  // fields lie together in one block: at slotAt[s] (block << 20 | offset), the five fields' byte
  // lengths, then the fields. Postings are made from these (see compact).
  private forward = new BlockStore();
  private slotAt = new Uint32Array(0);
  private createdAt = new Float64Array(0);
  private categoryMask = new Uint32Array(0);
  // The pricing model's index + 1 (0: none or unknown), and the platforms as a mask (core/filters.ts).
  private pricingOf = new Uint8Array(0);
  private platformsOf = new Uint8Array(0);
  // Each slot's tags (lower-cased, each once) as ids into tagNames: slot s's are tagList[tagFrom[s]..tagFrom[s + 1]).
  private tagIdOf = new Map<string, number>();
  private tagNames: string[] = [];
  private tagFrom = new Uint32Array(1);
  private tagList = new Int32Array(0);
  private alive = new Uint8Array(0);
  private slotOf = new Map<string, number>();
  private live = 0;
  private perCategory = new Int32Array(CATEGORIES.length);

  // Vocabulary: every distinct token with its postings (slot << 5 | fields), and the table of
  // boundary suffixes (sorted, with the token each belongs to) that query words are looked up in.
  private tokenIds = new Map<string, number>();
  private tokens: string[] = [];
  // Postings: compacted ones in one stream (token t's from postingFrom[t] to postingFrom[t + 1],
  // varints of slot gap << 5 | fields), and those added since as (token, slot << 5 | fields)
  // pairs; searches read the pairs through `recentIndex`, made when first needed after a change.
  // A bulk load adds none: compact() makes them all at once from the fields.
  private readonly bulk: boolean;
  private postingsStale = false;
  private postingBytes = new Uint8Array(0);
  private postingFrom = new Int32Array(1);
  private compactedTokens = 0;
  private recentTokens = new Int32Array(0);
  private recentEntries = new Int32Array(0);
  private recentCount = 0;
  private recentIndex: Map<number, number[]> | null = null;
  private tokenFields = new Uint8Array(0);
  // While a tool's tokens are gathered: the pass that last saw each token, and the fields it was in.
  private seenIn = new Int32Array(0);
  private seenMask = new Uint8Array(0);
  private seenStamp = 0;
  private encoder = new VarintWriter();
  private headerWriter = new VarintWriter();
  private suffixes: string[] = [];
  private suffixToken = new Int32Array(0);
  private pendingSuffixes: [string, number][] = [];

  // Orders, kept from one change to the next by merging what was added and dropping what left.
  private recency: Int32Array = new Int32Array(0); // newest first, id descending on ties
  private byName: Int32Array = new Int32Array(0); // name, then id, ascending
  private unordered: number[] = []; // slots added since the orders were last brought up to date
  private ordersDirty = false;
  private views = new Map<string, Int32Array>(); // a category's slots in one order, made on demand
  // Filtered lists and their facet counts, made on demand; as many as FILTERED_KEPT of each.
  private filtered = new Map<string, Int32Array>();
  private facetCounts = new Map<string, FacetCounts>();

  // Paid placement, and the search result order for equal scores as of `rankedAt`, valid until a
  // featured year ends (`rankExpires`).
  private payments: HeldPayment[] = [];
  private running = new Map<string, RunningFeaturing>();
  private runningFrom = Number.NaN;
  private runningUntil = Number.NEGATIVE_INFINITY;
  private runningStale = true;
  private byRank = new Int32Array(0);
  private rankOf = new Int32Array(0);
  private rankDirty = true;

  // Scratch space reused by every search; a search runs to the end without awaiting.
  private score = new Int32Array(0);
  private queryMark = new Uint32Array(0);
  private wordMark = new Uint32Array(0);
  private wordMask = new Uint8Array(0);
  private allMask = new Uint8Array(0);
  private wordsSeen = new Uint8Array(0);
  private touched = new Int32Array(0);
  private tagPoints = new Uint16Array(0);
  private wordList = new Int32Array(0);
  private tokenStamp = new Uint32Array(0);
  private queryStamp = 0;
  private wordStamp = 0;

  /** Public tools held. */
  get size(): number {
    return this.live;
  }

  /** Slots used, live or retired: what a rebuild would give back is `slots - size`. */
  get slots(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  /** The ids of the tools held. */
  toolIds(): IterableIterator<string> {
    return this.slotOf.keys();
  }

  /** Adds a tool, or replaces the one with its id. */
  upsert(tool: HeldTool): void {
    this.remove(tool.id);
    const slot = this.ids.length;
    if (slot >= MAX_SLOTS) throw new Error(`the catalogue holds at most ${MAX_SLOTS} slots`);
    this.ids.push(tool.id);
    this.names.push(tool.name);
    this.createdAt = grow(this.createdAt, slot + 1);
    this.createdAt[slot] = tool.createdAt;
    let categories = 0;
    for (const name of tool.categories.split("\n")) {
      const index = CATEGORY_INDEX.get(name);
      if (index !== undefined) categories |= 1 << index;
    }
    this.categoryMask = grow(this.categoryMask, slot + 1);
    this.categoryMask[slot] = categories;
    this.countCategories(categories, 1);
    this.pricingOf = grow(this.pricingOf, slot + 1);
    this.pricingOf[slot] = PRICING_MODELS.indexOf(tool.pricingModel as (typeof PRICING_MODELS)[number]) + 1;
    this.platformsOf = grow(this.platformsOf, slot + 1);
    this.platformsOf[slot] = platformMask(tool.platforms);
    const tags = [...new Set(tool.tags.split("\n").filter((tag) => tag !== ""))];
    const tagStart = this.tagFrom[slot]!;
    this.tagList = grow(this.tagList, tagStart + tags.length);
    tags.forEach((tag, i) => (this.tagList[tagStart + i] = this.tagIdOf.get(tag) ?? this.newTag(tag)));
    this.tagFrom = grow(this.tagFrom, slot + 2);
    this.tagFrom[slot + 1] = tagStart + tags.length;
    this.alive = grow(this.alive, slot + 1);
    this.alive[slot] = 1;
    this.slotOf.set(tool.id, slot);
    this.live++;
    this.unordered.push(slot);
    this.words = null;
    this.tagged = null;
    this.ordersDirty = true;
    this.rankDirty = true;
    this.runningStale = true;

    // The fields' tokens, encoded, then stored in one piece.
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
        encoder.push(this.tokenId(text.slice(at, end)) * 2 + (joined ? 1 : 0));
        at = next;
      }
      lengths.push(encoder.length - start);
    }
    const header = this.headerWriter;
    header.length = 0;
    for (const length of lengths) header.push(length);
    const { block, at } = this.forward.store([header, encoder]);
    this.slotAt = grow(this.slotAt, slot + 1);
    this.slotAt[slot] = block * (SLOT_OFFSET_MASK + 1) + at;

    if (this.bulk && this.compactedTokens === 0) {
      this.postingsStale = true;
      return;
    }
    const seen = this.tokensOf(slot);
    this.recentTokens = grow(this.recentTokens, this.recentCount + seen.length);
    this.recentEntries = grow(this.recentEntries, this.recentCount + seen.length);
    for (const id of seen) {
      const mask = this.seenMask[id]!;
      this.recentTokens[this.recentCount] = id;
      this.recentEntries[this.recentCount++] = slot * (MASK + 1) + mask;
      this.tokenFields[id]! |= mask;
    }
    this.recentIndex = null;
  }

  /** The distinct tokens of a slot's fields, each with the fields it is in (in `seenMask`). */
  private tokensOf(slot: number): number[] {
    if (++this.seenStamp >= 0x7fffffff) {
      this.seenIn.fill(0);
      this.seenStamp = 1;
    }
    const stamp = this.seenStamp;
    const seen: number[] = [];
    const { bytes, starts } = this.fieldsOf(slot);
    for (let f = 0; f < FIELDS.length; f++) {
      const end = starts[f + 1]!;
      for (let at = starts[f]!; at < end; at = varintEnd) {
        const id = readVarint(bytes, at) >>> 1;
        if (this.seenIn[id] !== stamp) {
          this.seenIn[id] = stamp;
          this.seenMask[id] = 0;
          seen.push(id);
        }
        this.seenMask[id]! |= 1 << f;
      }
    }
    return seen;
  }

  /** Removes a tool if it is held. */
  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.live--;
    this.countCategories(this.categoryMask[slot]!, -1);
    this.words = null;
    this.tagged = null;
    this.ordersDirty = true;
    this.rankDirty = true;
    this.runningStale = true;
    // Its name is not needed any more; the postings and tokens that point here are skipped.
    this.names[slot] = "";
  }

  /**
   * Makes every posting again from the fields of the tools held, in one stream of exactly the
   * size it needs, leaving out retired slots, and sorts new tokens into the lookup table: after a
   * bulk load, and when many tools were added since (the owner asks; see `recentPostings`).
   */
  compact(): void {
    const tokens = this.tokens.length;
    const slots = this.ids.length;
    // Two passes over the fields: the bytes each token's list needs, then the lists.
    const from = new Int32Array(tokens + 1);
    const last = new Int32Array(tokens);
    for (let slot = 0; slot < slots; slot++) {
      if (this.alive[slot] === 0) continue;
      for (const id of this.tokensOf(slot)) {
        from[id + 1]! += varintLength((slot - last[id]!) * (MASK + 1) + this.seenMask[id]!);
        last[id] = slot;
        this.tokenFields[id]! |= this.seenMask[id]!;
      }
    }
    for (let t = 0; t < tokens; t++) from[t + 1]! += from[t]!;
    const bytes = new Uint8Array(from[tokens]!);
    const cursor = from.slice(0, tokens);
    last.fill(0);
    for (let slot = 0; slot < slots; slot++) {
      if (this.alive[slot] === 0) continue;
      for (const id of this.tokensOf(slot)) {
        cursor[id] = writeVarint(bytes, cursor[id]!, (slot - last[id]!) * (MASK + 1) + this.seenMask[id]!);
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
    this.postingsStale = false;
    this.forward.trim();
    this.mergeSuffixes();
  }

  /** Postings added since the last compaction. */
  get recentPostings(): number {
    return this.recentCount;
  }

  /** Replaces the paid orders that decide featured placement (and the search order); redone only if they differ. */
  setPayments(payments: readonly HeldPayment[]): void {
    const key = (p: HeldPayment) => `${p.toolId}\n${p.paidAt}\n${p.amountCents}`;
    const next = [...payments].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    if (next.length === this.payments.length && next.every((p, i) => key(p) === key(this.payments[i]!))) return;
    this.payments = next;
    this.runningStale = true;
    this.rankDirty = true;
  }

  // ---------------------------------------------------------------------------------------------
  // Lists.

  /** How many public tools each category has (among those passing `filters`, when given). */
  categoryCounts(filters?: FilterMasks): Map<CategorySlug, number> {
    if (!filters || (filters.pricing === 0 && filters.platforms === 0)) return new Map(CATEGORIES.map((c, i) => [c.slug, this.perCategory[i]!]));
    const view = this.filteredView(null, "recency", filters);
    const per = new Int32Array(CATEGORIES.length);
    for (let i = 0; i < view.length; i++) {
      for (let mask = this.categoryMask[view[i]!]!, c = 0; mask !== 0; mask >>>= 1, c++) if (mask & 1) per[c]!++;
    }
    return new Map(CATEGORIES.map((c, i) => [c.slug, per[i]!]));
  }

  /** How many public tools pass `filters` (every one without). */
  countPassing(filters?: FilterMasks): number {
    return filters ? this.filteredView(null, "recency", filters).length : this.size;
  }

  /**
   * One page of public tools (of one category, or all) in a sort order, leaving out `exclude`
   * (the featured column browse shows apart), with how many there are in all.
   */
  list(options: {
    category: CategorySlug | null;
    sort: Sort;
    from: number;
    count: number;
    exclude?: ReadonlySet<string>;
    filters?: FilterMasks;
  }): {
    ids: string[];
    total: number;
  } {
    const order = options.sort === "name" || options.sort === "name-desc" ? "name" : "recency";
    const view = this.filteredView(options.category, order, options.filters);
    const reversed = options.sort === "oldest" || options.sort === "name-desc";
    const at = (i: number) => view[reversed ? view.length - 1 - i : i]!;
    // Where the left-out tools stand in this order, so a page of the rest is found without walking to it.
    const before = order === "name" ? this.nameBefore : this.newerFirst;
    const skipped = [...(options.exclude ?? [])]
      .map((id) => this.slotOf.get(id))
      .filter((slot): slot is number => slot !== undefined)
      .map((slot) => this.positionIn(view, slot, before, reversed))
      .filter((position) => position >= 0)
      .sort((a, b) => a - b);
    const total = view.length - skipped.length;
    let position = options.from;
    for (const p of skipped) if (p <= position) position++;
    const ids: string[] = [];
    let next = skipped.findIndex((p) => p >= position);
    while (ids.length < options.count && position < view.length) {
      if (next !== -1 && skipped[next] === position) {
        next = next + 1 < skipped.length ? next + 1 : -1;
      } else {
        ids.push(this.ids[at(position)]!);
      }
      position++;
    }
    return { ids, total };
  }

  /** The newest public tools of a category (or all), leaving out one. */
  newest(category: CategorySlug | null, limit: number, except?: string): string[] {
    return this.list({ category, sort: "recent", from: 0, count: limit, exclude: except ? new Set([except]) : undefined }).ids;
  }

  /** Whether a held tool is in a category. */
  inCategory(id: string, category: CategorySlug): boolean {
    const slot = this.slotOf.get(id);
    const index = CATEGORY_BY_SLUG.get(category);
    return slot !== undefined && index !== undefined && (this.categoryMask[slot]! & (1 << index)) !== 0;
  }

  /**
   * Tools whose name has `text` where a word of it starts (any case), shortest names first, then by
   * name and id; the newest first when `text` is empty. Tools `skip` refuses are passed over.
   */
  namesMatching(text: string, limit: number, skip: (id: string) => boolean): string[] {
    const needle = text.trim().toLowerCase();
    if (needle === "") {
      const view = this.view(null, "recency");
      const ids: string[] = [];
      for (let i = 0; i < view.length && ids.length < limit; i++) if (!skip(this.ids[view[i]!]!)) ids.push(this.ids[view[i]!]!);
      return ids;
    }
    const nameBit = 1 << FIELDS.indexOf("name");
    const first = needle.split(WHITESPACE)[0]!;
    const slots = new Set<number>();
    for (const token of this.tokensMatching(first)) {
      if ((this.tokenFields[token]! & nameBit) === 0) continue;
      this.eachPosting(token, (slot, mask) => {
        if (mask & nameBit && this.alive[slot] === 1) slots.add(slot);
      });
    }
    const name = (slot: number) => this.names[slot]!;
    return [...slots]
      .filter((slot) => wordStartsAt(name(slot), needle) && !skip(this.ids[slot]!))
      .sort((a, b) => name(a).length - name(b).length || this.nameBefore(a, b))
      .slice(0, limit)
      .map((slot) => this.ids[slot]!);
  }

  /** Public tools featured at `now` (of one category, or all, as filtered), highest weight first, then the latest payment, then id. */
  featured(now: number, options: { category: CategorySlug | null; limit: number; filters?: FilterMasks }): string[] {
    const running = this.featuring(now);
    const bit = options.category === null ? 0 : 1 << (CATEGORY_BY_SLUG.get(options.category) ?? 31);
    const ids = [...running.keys()].filter((id) => {
      const slot = this.slotOf.get(id);
      return slot !== undefined && (bit === 0 || (this.categoryMask[slot]! & bit) !== 0) && this.passes(slot, options.filters);
    });
    ids.sort((a, b) => {
      const fa = running.get(a)!;
      const fb = running.get(b)!;
      return fb.cents - fa.cents || fb.lastPaidAt - fa.lastPaidAt || (a < b ? -1 : a > b ? 1 : 0);
    });
    return ids.slice(0, options.limit);
  }

  /**
   * The running featured placement of every public tool that has one at `now`: the sum of its
   * payments of the last year, worked out again only when a payment changes or a year ends.
   */
  featuring(now: number): ReadonlyMap<string, RunningFeaturing> {
    if (this.runningStale || now < this.runningFrom || now >= this.runningUntil) {
      const running = new Map<string, RunningFeaturing>();
      let until = Number.POSITIVE_INFINITY;
      for (const p of this.payments) {
        const ends = p.paidAt + FEATURED_DURATION_MS;
        if (now >= ends || !this.slotOf.has(p.toolId)) continue;
        const held = running.get(p.toolId);
        running.set(p.toolId, { cents: (held?.cents ?? 0) + p.amountCents, lastPaidAt: Math.max(held?.lastPaidAt ?? 0, p.paidAt) });
        until = Math.min(until, ends);
      }
      this.running = running;
      this.runningFrom = now;
      this.runningUntil = until;
      this.runningStale = false;
    }
    return this.running;
  }

  /**
   * How many tools of a category (or all) have each pricing model, among those on the platforms
   * filtered by, and each platform, among those of the pricing models filtered by: what a filter
   * option would give if it were added.
   */
  facets(category: CategorySlug | null, filters: FilterMasks): FacetCounts {
    const view = this.view(category, "recency");
    const key = `${category} ${filters.pricing} ${filters.platforms}`;
    let counts = this.facetCounts.get(key);
    if (!counts) {
      counts = this.countFacets(view, filters);
      keep(this.facetCounts, key, counts);
    }
    return counts;
  }

  /** The facet counts of some slots: pricing among those on the platforms filtered by, platforms among those of the pricing filtered by. */
  private countFacets(slots: Int32Array, filters: FilterMasks): FacetCounts {
    const counts = { pricing: new Int32Array(PRICING_MODELS.length), platforms: new Int32Array(PLATFORMS.length) };
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      const pricing = this.pricingOf[slot]!;
      const platforms = this.platformsOf[slot]!;
      if (pricing > 0 && (filters.platforms === 0 || (platforms & filters.platforms) !== 0)) counts.pricing[pricing - 1]!++;
      if (filters.pricing === 0 || (pricing > 0 && (filters.pricing & (1 << (pricing - 1))) !== 0)) {
        for (let p = 0; p < PLATFORMS.length; p++) if (platforms & (1 << p)) counts.platforms[p]!++;
      }
    }
    return counts;
  }

  /** Whether a slot passes the filters (none: every slot does). */
  private passes(slot: number, filters: FilterMasks | undefined): boolean {
    if (!filters) return true;
    const pricing = this.pricingOf[slot]!;
    if (filters.pricing !== 0 && (pricing === 0 || (filters.pricing & (1 << (pricing - 1))) === 0)) return false;
    return filters.platforms === 0 || (this.platformsOf[slot]! & filters.platforms) !== 0;
  }

  /** A view with only the slots that pass the filters, in the view's order. */
  private filteredView(category: CategorySlug | null, order: "recency" | "name", filters: FilterMasks | undefined): Int32Array {
    const view = this.view(category, order);
    if (!filters || (filters.pricing === 0 && filters.platforms === 0)) return view;
    const key = `${order} ${category} ${filters.pricing} ${filters.platforms}`;
    let out = this.filtered.get(key);
    if (!out) {
      const slots = new Int32Array(view.length);
      let n = 0;
      for (let i = 0; i < view.length; i++) if (this.passes(view[i]!, filters)) slots[n++] = view[i]!;
      out = slots.slice(0, n);
      keep(this.filtered, key, out);
    }
    return out;
  }

  private newTag(tag: string): number {
    const id = this.tagNames.length;
    this.tagIdOf.set(tag, id);
    this.tagNames.push(tag);
    return id;
  }

  /**
   * The public tools most like a held one (docs/decisions/029): those sharing a category or a tag
   * with it, scored 4 per shared category, 2 per shared tag, 1 per shared platform and 1 for the
   * same pricing model, highest first, then newest, then by id as the date order has it; one page of
   * them with what each shares, and how many there are. Null when the tool is not held.
   */
  similar(id: string, options: { from: number; count: number }): { hits: { id: string; shares: Shares }[]; total: number } | null {
    const source = this.slotOf.get(id);
    if (source === undefined) return null;
    this.ensureScratch();
    const { tagFrom, tagList, score, touched, platformsOf, pricingOf } = this;
    const platforms = platformsOf[source]!;
    const pricing = pricingOf[source]!;

    // One pass in slot order (the per-slot arrays read front to back, which the memory prefetches;
    // the categories' lists would jump about): 2 a shared tag, added beforehand along the tags'
    // lists (slot order too) into `tagPoints` (zero between calls: the pass clears what it reads);
    // 4 a shared category, from the masks; then, for those that share either, platforms and pricing.
    const { alive, categoryMask, tagPoints } = this;
    const { slots: tagged, from: taggedFrom } = this.tagIndex();
    for (let t = tagFrom[source]!; t < tagFrom[source + 1]!; t++) {
      const tag = tagList[t]!;
      for (let i = taggedFrom[tag]!; i < taggedFrom[tag + 1]!; i++) tagPoints[tagged[i]!]! += 2;
    }
    const categories = categoryMask[source]!;
    const perScore = new Int32Array(SCORE_CEILING + 1);
    let total = 0;
    for (let slot = 0, slots = this.ids.length; slot < slots; slot++) {
      let points = tagPoints[slot]!;
      if (points !== 0) tagPoints[slot] = 0;
      const shared = categoryMask[slot]! & categories;
      if (shared !== 0 && alive[slot] === 1) points += 4 * bitCount(shared);
      if (points === 0 || slot === source) continue;
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
    const view = this.view(null, "recency");
    const rank = this.recencyRanks();
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
    return { hits: slots.map((slot) => ({ id: this.ids[slot]!, shares: this.sharesOf(source, slot) })), total };
  }

  /**
   * The public tools sharing a category or a tag with a tool (held or not), scored 2 per shared
   * category and 1 per shared tag (what a tool page calls related): the best `limit`, and every
   * other one with the score of the last of them, as the caller breaks those ties (by likes, which
   * are not held here). Best first, newest first among equals; at most `cap` in all; never `except`.
   */
  closest(tool: { categories: readonly string[]; tags: readonly string[]; except: string }, limit: number, cap: number): { id: string; points: number }[] {
    // Typed arrays and one walk in date order, not a map and a sort: in a large category most of
    // the catalogue shares something with the tool, and a tool page must not sort it all.
    const points = new Uint16Array(this.ids.length);
    const { slots: tagged, from: taggedFrom } = this.tagIndex();
    const tags = new Set(tool.tags.map((t) => t.toLowerCase()));
    for (const tag of tags) {
      const t = this.tagIdOf.get(tag);
      if (t !== undefined) for (let i = taggedFrom[t]!; i < taggedFrom[t + 1]!; i++) points[tagged[i]!]!++;
    }
    let categories = 0;
    for (const slug of tool.categories) {
      const index = CATEGORY_BY_SLUG.get(slug);
      if (index !== undefined) categories |= 1 << index;
    }
    if (categories !== 0) {
      for (let slot = 0; slot < this.ids.length; slot++) {
        const shared = this.categoryMask[slot]! & categories;
        if (shared !== 0 && this.alive[slot] === 1) points[slot]! += 2 * bitCount(shared);
      }
    }
    const except = this.slotOf.get(tool.except);
    if (except !== undefined) points[except] = 0;
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
    for (const slot of this.view(null, "recency")) if (points[slot]! >= cut && byScore[points[slot]!]!.length < cap) byScore[points[slot]!]!.push(slot);
    const closest: { id: string; points: number }[] = [];
    for (let p = best; p >= cut && closest.length < cap; p--) {
      for (const slot of byScore[p]!) {
        if (closest.length === cap) break;
        closest.push({ id: this.ids[slot]!, points: p });
      }
    }
    return closest;
  }

  /** The addresses (core/catalog.ts, tagSlug) of the tags public tools carry, each once, in code-unit order. */
  tagSlugs(): string[] {
    const { from } = this.tagIndex();
    const slugs = new Set<string>();
    for (let t = 0; t < this.tagNames.length; t++) if (from[t + 1]! > from[t]!) slugs.add(tagSlug(this.tagNames[t]!));
    slugs.delete("");
    return [...slugs].sort();
  }

  /** The tags held whose address (core/catalog.ts, tagSlug) is `slug`, as held (lower-cased). */
  tagsWithSlug(slug: string): string[] {
    // Tags are only ever added: the index is brought up to date with those added since it was made.
    for (let t = this.slugsIndexed; t < this.tagNames.length; t++) {
      const key = tagSlug(this.tagNames[t]!);
      this.tagsBySlug.set(key, [...(this.tagsBySlug.get(key) ?? []), t]);
    }
    this.slugsIndexed = this.tagNames.length;
    const { from } = this.tagIndex();
    // A tag no public tool carries any more has no page.
    return (this.tagsBySlug.get(slug) ?? []).filter((t) => from[t + 1]! > from[t]!).map((t) => this.tagNames[t]!);
  }

  private tagsBySlug = new Map<string, number[]>();
  private slugsIndexed = 0;

  /** One page of the public tools carrying any of `tags` (as held), newest first, and how many there are. */
  withTags(tags: readonly string[], options: { from: number; count: number }): { ids: string[]; total: number } {
    const { slots: tagged, from } = this.tagIndex();
    const found = new Set<number>();
    for (const tag of tags) {
      const t = this.tagIdOf.get(tag);
      if (t !== undefined) for (let i = from[t]!; i < from[t + 1]!; i++) found.add(tagged[i]!);
    }
    const rank = this.recencyRanks();
    const ordered = [...found].sort((a, b) => rank[a]! - rank[b]!);
    return { ids: ordered.slice(options.from, options.from + options.count).map((slot) => this.ids[slot]!), total: ordered.length };
  }

  /** The live slots of each tag (tag t's from `from[t]` to `from[t + 1]`), made again after a change. */
  private tagIndex(): { slots: Int32Array; from: Int32Array } {
    if (!this.tagged) {
      const { tagFrom, tagList, alive } = this;
      const from = new Int32Array(this.tagNames.length + 1);
      for (let slot = 0; slot < this.ids.length; slot++) {
        if (alive[slot] === 1) for (let t = tagFrom[slot]!; t < tagFrom[slot + 1]!; t++) from[tagList[t]! + 1]!++;
      }
      for (let t = 0; t < this.tagNames.length; t++) from[t + 1]! += from[t]!;
      const slots = new Int32Array(from[this.tagNames.length]!);
      const cursor = from.slice(0, this.tagNames.length);
      for (let slot = 0; slot < this.ids.length; slot++) {
        if (alive[slot] === 1) for (let t = tagFrom[slot]!; t < tagFrom[slot + 1]!; t++) slots[cursor[tagList[t]!]!++] = slot;
      }
      this.tagged = { slots, from };
    }
    return this.tagged;
  }

  private tagged: { slots: Int32Array; from: Int32Array } | null = null;

  /** Each slot's place in the date order (its index in `recency`), made again after the order changes. */
  private recencyRanks(): Int32Array {
    const recency = this.view(null, "recency");
    if (this.ranksOf !== recency) {
      this.recencyRank = grow(this.recencyRank, this.ids.length);
      for (let i = 0; i < recency.length; i++) this.recencyRank[recency[i]!] = i;
      this.ranksOf = recency;
    }
    return this.recencyRank;
  }

  private recencyRank = new Int32Array(0);
  private ranksOf: Int32Array | null = null;

  private sharesOf(source: number, slot: number): Shares {
    const categories = this.categoryMask[source]! & this.categoryMask[slot]!;
    const platforms = this.platformsOf[source]! & this.platformsOf[slot]!;
    const pricing = this.pricingOf[source]!;
    const sourceTags = new Set(this.tagList.subarray(this.tagFrom[source]!, this.tagFrom[source + 1]!));
    const tags: string[] = [];
    for (let t = this.tagFrom[slot]!; t < this.tagFrom[slot + 1]!; t++) if (sourceTags.has(this.tagList[t]!)) tags.push(this.tagNames[this.tagList[t]!]!);
    return {
      categories: CATEGORIES.filter((_, i) => categories & (1 << i)).map((c) => c.slug),
      tags,
      platforms: PLATFORMS.filter((_, i) => platforms & (1 << i)),
      pricingModel: pricing !== 0 && this.pricingOf[slot] === pricing ? PRICING_MODELS[pricing - 1]! : null,
    };
  }

  private countCategories(mask: number, by: 1 | -1): void {
    for (let i = 0; i < CATEGORIES.length; i++) if (mask & (1 << i)) this.perCategory[i]! += by;
  }

  /** Slots of a category (or all) in date order (newest first) or name order (A first). */
  private view(category: CategorySlug | null, order: "recency" | "name"): Int32Array {
    this.bringOrdersUpToDate();
    const all = order === "recency" ? this.recency : this.byName;
    if (category === null) return all;
    const key = `${order} ${category}`;
    let view = this.views.get(key);
    if (!view) {
      const bit = 1 << (CATEGORY_BY_SLUG.get(category) ?? 31);
      const index = CATEGORY_BY_SLUG.get(category);
      const out = new Int32Array(index === undefined ? 0 : this.perCategory[index]!);
      let n = 0;
      for (let i = 0; i < all.length && n < out.length; i++) if (this.categoryMask[all[i]!]! & bit) out[n++] = all[i]!;
      view = out;
      this.views.set(key, view);
    }
    return view;
  }

  /** Where a slot stands in a view (a binary search in the view's order), or -1. */
  private positionIn(view: Int32Array, slot: number, before: (a: number, b: number) => number, reversed: boolean): number {
    let lo = 0;
    let hi = view.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(view[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= view.length || view[lo] !== slot) return -1;
    return reversed ? view.length - 1 - lo : lo;
  }

  private readonly newerFirst = (a: number, b: number): number => {
    const ca = this.createdAt[a]!;
    const cb = this.createdAt[b]!;
    if (ca !== cb) return cb - ca;
    const ia = this.ids[a]!;
    const ib = this.ids[b]!;
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  };

  private readonly nameBefore = (a: number, b: number): number => {
    const na = this.names[a]!;
    const nb = this.names[b]!;
    if (na !== nb) return na < nb ? -1 : 1;
    const ia = this.ids[a]!;
    const ib = this.ids[b]!;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };

  /** Merges tools added since the last time into both orders and drops the retired ones: a merge, not a sort of every tool. */
  private bringOrdersUpToDate(): void {
    if (!this.ordersDirty) return;
    const added = this.unordered.filter((slot) => this.alive[slot] === 1);
    this.recency = this.merge(this.recency, [...added].sort(this.newerFirst), this.newerFirst);
    this.byName = this.merge(this.byName, [...added].sort(this.nameBefore), this.nameBefore);
    this.unordered = [];
    this.views.clear();
    this.filtered.clear();
    this.facetCounts.clear();
    this.ordersDirty = false;
  }

  private merge(order: Int32Array, added: number[], before: (a: number, b: number) => number): Int32Array {
    const merged = new Int32Array(this.live);
    let n = 0;
    let j = 0;
    for (let i = 0; i < order.length; i++) {
      const slot = order[i]!;
      if (this.alive[slot] === 0) continue;
      while (j < added.length && before(added[j]!, slot) < 0) merged[n++] = added[j++]!;
      merged[n++] = slot;
    }
    while (j < added.length) merged[n++] = added[j++]!;
    return merged;
  }

  // ---------------------------------------------------------------------------------------------
  // Search.

  /** Words of public tool names and tags (4 letters or more), the most common first: "did you mean" picks among them. */
  vocabulary(): string[] {
    if (this.words) return this.words;
    if (this.postingsStale) this.compact();
    const nameOrTags = (1 << FIELDS.indexOf("name")) | (1 << FIELDS.indexOf("tags"));
    const counts = new Map<string, number>();
    for (let id = 0; id < this.tokens.length; id++) {
      if ((this.tokenFields[id]! & nameOrTags) === 0) continue;
      // Only tools held now: a word of a removed tool would suggest a search that finds nothing.
      let uses = 0;
      this.eachPosting(id, (slot, mask) => {
        if (mask & nameOrTags && this.alive[slot] === 1) uses++;
      });
      if (uses === 0) continue;
      for (const word of this.tokens[id]!.split(/[^\p{L}]+/u)) {
        if ([...word].length >= 4) counts.set(word, (counts.get(word) ?? 0) + uses);
      }
    }
    this.words = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([word]) => word);
    return this.words;
  }

  /**
   * Public tools that score for a normalised query, in the product's order (score, featured,
   * featured price, newest, id), one page of them and the total.
   */
  search(
    normalizedQuery: string,
    now: number,
    options: { page: number; pageSize: number; filters?: FilterMasks; order?: SearchOrder; facets?: boolean },
  ): SearchHits {
    const words = queryWords(normalizedQuery);
    if (words.length === 0) return { hits: [], total: 0 };
    this.prepare(now);
    const from = (options.page - 1) * options.pageSize;
    const order = options.order ?? "relevance";
    const found = this.scoreAll(normalizedQuery, words, from + options.pageSize, options.filters, options.facets === true);
    const total = found.matched;
    const count = Math.max(0, Math.min(options.pageSize, total - from));
    let slots: number[];
    if (count === 0) slots = [];
    else if (order !== "relevance") {
      // Every match is on hand (touched): sorted by the list orders browse uses.
      slots = Array.from(this.touched.subarray(0, total))
        .sort(order === "name" ? this.nameBefore : this.newerFirst)
        .slice(from, from + count);
    } else slots = total <= this.sortLimit ? this.pageBySort(total, from, count) : this.pageByRankWalk(total, from, count);
    return { hits: slots.map((slot) => ({ id: this.ids[slot]!, score: this.score[slot]! })), total, ...(found.facets ? { facets: found.facets } : {}) };
  }

  private tokenId(token: string): number {
    let id = this.tokenIds.get(token);
    if (id !== undefined) return id;
    id = this.tokens.length;
    this.tokenIds.set(token, id);
    this.tokens.push(token);
    this.tokenFields = grow(this.tokenFields, id + 1);
    this.seenIn = grow(this.seenIn, id + 1);
    this.seenMask = grow(this.seenMask, id + 1);
    for (const start of boundaryStarts(token)) this.pendingSuffixes.push([token.slice(start), id]);
    return id;
  }

  /** Ids of the tokens the query word matches (a prefix of one of their boundary suffixes), each once. */
  private tokensMatching(word: string): number[] {
    if (this.postingsStale) this.compact();
    this.mergeSuffixes();
    this.tokenStamp = grow(this.tokenStamp, this.tokens.length);
    const { suffixes } = this;
    let lo = 0;
    let hi = suffixes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (suffixes[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    const stamp = this.nextStamp("word");
    const found: number[] = [];
    for (let i = lo; i < suffixes.length && suffixes[i]!.startsWith(word); i++) {
      const token = this.suffixToken[i]!;
      if (this.tokenStamp[token] !== stamp) {
        this.tokenStamp[token] = stamp;
        found.push(token);
      }
    }
    return found;
  }

  private mergeSuffixes(): void {
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
      if (j >= added.length || (i < this.suffixes.length && byText([this.suffixes[i]!, this.suffixToken[i]!], added[j]!) <= 0)) {
        suffixes[n] = this.suffixes[i]!;
        owners[n] = this.suffixToken[i++]!;
      } else {
        suffixes[n] = added[j]![0];
        owners[n] = added[j++]![1];
      }
    }
    this.suffixes = suffixes;
    this.suffixToken = owners;
    this.tokenStamp = grow(this.tokenStamp, this.tokens.length);
  }

  private ensureScratch(): void {
    const n = this.ids.length;
    this.tokenStamp = grow(this.tokenStamp, this.tokens.length);
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

  private nextStamp(kind: "query" | "word"): number {
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

  /**
   * Scores every held tool with a match into `score` and lists them in `touched`; returns how many.
   * Scores are exact for the first `exact` results in order; below those a phrase may be left
   * unchecked, which can lower a score but never drops a match (every word already matched).
   */
  private scoreAll(phrase: string, words: string[], exact: number, filters?: FilterMasks, withFacets = false): { matched: number; facets?: FacetCounts } {
    this.ensureScratch();
    const { alive, score, queryMark, wordMark, wordMask, allMask, wordsSeen, touched, wordList } = this;
    const query = this.nextStamp("query");
    // A one-word query is its own phrase: the fields that contain the word contain the phrase.
    const phraseIsWord = words.length === 1 && words[0] === phrase;
    let matched = 0;

    for (let w = 0; w < words.length; w++) {
      const tokens = this.tokensMatching(words[w]!);
      const word = this.nextStamp("word");
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
      for (const token of tokens) this.eachPosting(token, visit);
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
    if (withFacets) facets = this.countFacets(touched.subarray(0, matched), filters ?? { pricing: 0, platforms: 0 });
    if (filters && (filters.pricing !== 0 || filters.platforms !== 0)) {
      let kept = 0;
      for (let i = 0; i < matched; i++) {
        const slot = touched[i]!;
        if (this.passes(slot, filters)) touched[kept++] = slot;
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
    const { score, wordsSeen, allMask, touched } = this;
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
        if (mask & (1 << f) && this.fieldHasPhrase(slot, f, parts)) score[slot]! += SEARCH_WEIGHTS[FIELDS[f]!].phrase;
      }
      known[Math.min(SCORE_CEILING, score[slot]!)]!++;
    }
  }

  /** Calls `visit` with each (slot, fields) a token is in, retired slots included, slots ascending. */
  private eachPosting(token: number, visit: (slot: number, mask: number) => void): void {
    if (this.postingsStale) this.compact();
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
      for (let at = this.postingFrom[token]!; at < end; at = varintEnd) {
        const value = readVarint(bytes, at);
        slot += value >>> MASK_BITS;
        visit(slot, value & MASK);
      }
    }
  }

  /**
   * Whether field `f` of a slot has the phrase (its words `parts`, two or more) where a word
   * starts: the first word ends a token at a word start, the middle ones are whole tokens, the last
   * begins one, each joined to the next by exactly one plain space — as core/search.ts's
   * wordStartsAt finds it in the text the tokens came from.
   */
  private fieldHasPhrase(slot: number, f: number, parts: readonly string[]): boolean {
    const { bytes, starts } = this.fieldsOf(slot);
    const entries = readVarints(bytes, starts[f]!, starts[f + 1]!, this.fieldScratch);
    this.fieldScratch = entries.values;
    const n = parts.length;
    const first = parts[0]!;
    for (let i = 0; i + n <= entries.length; i++) {
      const token = this.tokens[entries.values[i]! >>> 1]!;
      const start = token.length - first.length;
      if (start < 0 || !(entries.values[i]! & 1) || !token.endsWith(first)) continue;
      if (start > 0 && isWordCharacter(token, start) && isWordCharacter(token, start - 1)) continue;
      let k = 1;
      for (; k < n - 1; k++) {
        const entry = entries.values[i + k]!;
        if (!(entry & 1) || this.tokens[entry >>> 1] !== parts[k]) break;
      }
      if (k === n - 1 && this.tokens[entries.values[i + k]! >>> 1]!.startsWith(parts[k]!)) return true;
    }
    return false;
  }

  private fieldScratch: Int32Array = new Int32Array(64);
  private fieldStarts = new Int32Array(FIELDS.length + 1);

  /** The block holding a slot's fields, and where each field starts in it (`starts[5]`: where the last ends). */
  private fieldsOf(slot: number): { bytes: Uint8Array; starts: Int32Array } {
    const where = this.slotAt[slot]!;
    const bytes = this.forward.blocks[Math.floor(where / (SLOT_OFFSET_MASK + 1))]!;
    let at = where & SLOT_OFFSET_MASK;
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

  private lengthScratch = new Int32Array(FIELDS.length);

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

  /**
   * Brings the search's order for equal scores up to date for `now`: featured first, higher weight,
   * then newest, then id ascending (core/search.ts compareRanked). The date order of the lists
   * breaks ties by id descending: runs of equal dates are read backwards.
   */
  private prepare(now: number): void {
    const running = this.featuring(now);
    if (!this.rankDirty && this.rankAt === running) return;
    this.bringOrdersUpToDate();
    const newerThenId = (a: number, b: number) => {
      const d = this.createdAt[b]! - this.createdAt[a]!;
      if (d !== 0) return d;
      return this.ids[a]! < this.ids[b]! ? -1 : this.ids[a]! > this.ids[b]! ? 1 : 0;
    };
    const featured = [...running.keys()].map((id) => this.slotOf.get(id)!);
    featured.sort((a, b) => running.get(this.ids[b]!)!.cents - running.get(this.ids[a]!)!.cents || newerThenId(a, b));
    const isFeatured = new Set(featured);
    const byRank = new Int32Array(this.live);
    featured.forEach((slot, r) => (byRank[r] = slot));
    let r = featured.length;
    const { recency, createdAt } = this;
    for (let i = 0; i < recency.length; ) {
      let j = i + 1;
      while (j < recency.length && createdAt[recency[j]!] === createdAt[recency[i]!]) j++;
      for (let k = j - 1; k >= i; k--) if (!isFeatured.has(recency[k]!)) byRank[r++] = recency[k]!;
      i = j;
    }
    this.byRank = byRank;
    this.rankOf = grow(this.rankOf, this.ids.length);
    byRank.forEach((slot, rank) => (this.rankOf[slot] = rank));
    this.rankAt = running;
    this.rankDirty = false;
  }

  private rankAt: ReadonlyMap<string, RunningFeaturing> | null = null;
  private words: string[] | null = null;
}

// Where the last readVarint stopped: a module variable rather than a returned pair, so the loops
// over postings (a common word's run over most of the catalogue) allocate nothing.
let varintEnd = 0;

/** The unsigned varint (7 bits a byte, below 2^31) starting at byte `at`; it ends before `varintEnd`. */
function readVarint(bytes: Uint8Array, at: number): number {
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
function writeVarint(bytes: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    bytes[at++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  bytes[at++] = value;
  return at;
}

/** Bytes a value takes as a varint (7 bits a byte). */
function varintLength(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;
}

/**
 * Decodes the varints from byte `from` to byte `to` (or `count` of them, when given) into `into`
 * (or a bigger array when it is too small); `end` is where decoding stopped.
 */
function readVarints(
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
class VarintWriter {
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
// Where a slot's fields are: the block's number times 2^20, plus the offset in it.
const SLOT_OFFSET_MASK = BLOCK_BYTES - 1;

/** Byte strings stored in blocks, each string whole in one block. */
class BlockStore {
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
