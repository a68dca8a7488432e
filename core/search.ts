/**
 * Search scoring (docs/design.md#rule-13): points for the whole query and for each distinct word,
 * per field, where the field has it at the start of a word, case-insensitively.
 */

/** Points per field for containing the whole query (`phrase`) and for each distinct query word (`word`). */
export const SEARCH_WEIGHTS = {
  name: { phrase: 5, word: 3 },
  tagline: { phrase: 3, word: 2 },
  description: { phrase: 2, word: 1 },
  categories: { phrase: 3, word: 2 },
  tags: { phrase: 2, word: 1 },
} as const;

/** The orders search results can be listed in, as the URL names them, with what they are called. */
export const SEARCH_ORDERS = { relevance: "Best match", recent: "Latest", name: "Name A-Z" } as const;
export type SearchOrder = keyof typeof SEARCH_ORDERS;
export const DEFAULT_SEARCH_ORDER: SearchOrder = "relevance";

/** The order a `sort` parameter names: the default when absent, null when it names none. */
export function parseSearchOrder(value: string | null): SearchOrder | null {
  if (value === null) return DEFAULT_SEARCH_ORDER;
  return Object.hasOwn(SEARCH_ORDERS, value) ? (value as SearchOrder) : null;
}

/** The longest search query the product accepts, in characters. */
export const MAX_QUERY_LENGTH = 200;
/** The shortest normalised query that is recorded as a search term, in characters. */
export const MIN_TRACKED_LENGTH = 2;

/**
 * The query as the visitor typed it, for showing back: trimmed, every run of Unicode whitespace
 * collapsed to one space, its case kept.
 */
export function displayQuery(raw: string): string {
  return raw.trim().replace(/\s+/gu, " ");
}

/** The query trimmed, lowercased, with every run of Unicode whitespace collapsed to one space: what is matched. */
export function normalizeQuery(raw: string): string {
  // toLowerCase, not toLocaleLowerCase: the server's locale must not change what a query matches.
  return displayQuery(raw).toLowerCase();
}

/** The distinct space-separated words of a normalised query, in the order they first appear. */
export function queryWords(normalized: string): string[] {
  // The filter drops the empty parts that stray spaces would leave, so "" has no words.
  return [...new Set(normalized.split(" ").filter((word) => word !== ""))];
}

/** The text of a tool that search looks at. */
export interface SearchableTool {
  name: string;
  tagline: string;
  /** Plain text, not HTML, so markup never matches a query. */
  description: string;
  /** Category display names, e.g. "AI & Machine Learning", not slugs. */
  categories: string[];
  tags: string[];
}

type Weights = { readonly phrase: number; readonly word: number };

const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;

/** Whether the character at `index` of `text` is part of a word (a letter, a digit, or a mark on one). */
export function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  // The second half of a character outside the BMP: the character is the pair.
  if (code >= 0xdc00 && code <= 0xdfff && index > 0) return WORD_CHARACTER.test(text.slice(index - 1, index + 1));
  if (code >= 0xd800 && code <= 0xdbff) return WORD_CHARACTER.test(text.slice(index, index + 2));
  return WORD_CHARACTER.test(text[index] ?? "");
}

/**
 * Whether `needle` occurs in `text` where a word starts: at the start, after a character that is
 * no letter or digit, or anywhere when the needle itself begins with such a character (".net"
 * in "asp.net"). So "ai" is in "AI", "AI-powered" and "aider", not in "mail"; "design" in "designers".
 */
export function wordStartsAt(text: string, needle: string): boolean {
  if (needle === "") return false;
  const anywhere = !isWordCharacter(needle, 0);
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) {
    if (anywhere || i === 0 || !isWordCharacter(text, i - 1)) return true;
  }
  return false;
}

// One list for plain and list fields alike: a plain field is a list of one item, and "some item
// has it" then reads as "the field has it", so each field is scored the same way.
function scoreItems(items: readonly string[], phrase: string, words: readonly string[], weights: Weights): number {
  // Fields are lowercased but their whitespace is left alone: the field is matched as it is
  // written, only the query is collapsed (normalizeQuery).
  const lowered = items.map((item) => item.toLowerCase());
  const contains = (needle: string) => lowered.some((item) => wordStartsAt(item, needle));
  let score = contains(phrase) ? weights.phrase : 0;
  for (const word of words) {
    if (contains(word)) score += weights.word;
  }
  return score;
}

/** A field search looks at, as SEARCH_WEIGHTS names it. */
export type SearchField = keyof typeof SEARCH_WEIGHTS;

/** A tool's points for a query, field by field (all 0 for an empty query). */
export function scoreBreakdown(tool: SearchableTool, normalizedQuery: string): Record<SearchField, number> {
  // Normalising is idempotent, so doing it again costs nothing for callers that already did and
  // keeps a raw or whitespace-only query from matching on its stray spaces.
  const phrase = normalizeQuery(normalizedQuery);
  if (phrase === "") return { name: 0, tagline: 0, description: 0, categories: 0, tags: 0 };
  const words = queryWords(phrase);
  return {
    name: scoreItems([tool.name], phrase, words, SEARCH_WEIGHTS.name),
    tagline: scoreItems([tool.tagline], phrase, words, SEARCH_WEIGHTS.tagline),
    description: scoreItems([tool.description], phrase, words, SEARCH_WEIGHTS.description),
    categories: scoreItems(tool.categories, phrase, words, SEARCH_WEIGHTS.categories),
    tags: scoreItems(tool.tags, phrase, words, SEARCH_WEIGHTS.tags),
  };
}

/** A tool's search score for a query (0 for an empty query or no match): its fields' points added up. */
export function scoreTool(tool: SearchableTool, normalizedQuery: string): number {
  const points = scoreBreakdown(tool, normalizedQuery);
  return points.name + points.tagline + points.description + points.categories + points.tags;
}

/** What the order of search results depends on. */
export interface RankedTool {
  score: number;
  /** Paid and not expired at the time of the search. */
  featured: boolean;
  featuredPriceCents: number;
  /** Epoch milliseconds. */
  createdAt: number;
  id: string;
}

/** Search result order: score desc, featured first, featured price desc, newest first, then id asc. */
export function compareRanked(a: RankedTool, b: RankedTool): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  if (a.featuredPriceCents !== b.featuredPriceCents) return b.featuredPriceCents - a.featuredPriceCents;
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  // Code-unit order rather than localeCompare, so the order is the same on every machine.
  if (a.id < b.id) return -1;
  if (a.id > b.id) return 1;
  return 0;
}

/** The key a search is recorded under: the normalised query, or null when shorter than 2 characters. */
export function trackableTerm(raw: string): string | null {
  const term = normalizeQuery(raw);
  return term.length >= MIN_TRACKED_LENGTH ? term : null;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The optimal-string-alignment distance (insert, delete, substitute, swap adjacent) between a and
 * b, or max + 1 as soon as it is known to exceed max.
 */
export function editDistance(a: string, b: string, max: number): number {
  // Code points, so a letter outside the BMP counts as one edit, not two; a string without
  // surrogates is its own code points (suggestCorrection measures against every vocabulary word).
  const s = SURROGATE.test(a) ? Array.from(a) : a;
  const t = SURROGATE.test(b) ? Array.from(b) : b;
  // Each edit changes the length by at most one, so this gap alone already exceeds max.
  if (Math.abs(s.length - t.length) > max) return max + 1;

  // Three rows suffice: the transposition step looks back two rows.
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    // A row's minimum never falls in later rows (a swap is never cheaper than the substitution
    // beside it), so once it is past max the final distance is too.
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  const distance = previous[t.length] ?? 0;
  return distance > max ? max + 1 : distance;
}

// A short word has few near neighbours that are not different words altogether, so it gets less slack.
function allowedDistance(letters: number): number {
  if (letters < 4) return 0;
  return letters <= 5 ? 1 : 2;
}

/** The query with each misspelt word of 4+ letters replaced by its closest vocabulary word, or null if none was. */
export function suggestCorrection(normalizedQuery: string, vocabulary: Iterable<string>): string | null {
  const query = normalizeQuery(normalizedQuery);
  if (query === "") return null;
  // Read once: the vocabulary may be a one-shot iterator, and its order (by popularity) breaks ties.
  const candidates = Array.isArray(vocabulary) ? (vocabulary as readonly string[]) : Array.from(vocabulary);

  let changed = false;
  const corrected = query.split(" ").map((word) => {
    const allowed = allowedDistance(Array.from(word).length);
    if (allowed === 0 || candidates.includes(word)) return word;
    let best: string | null = null;
    let bestDistance = allowed + 1;
    for (const candidate of candidates) {
      // Only a strictly closer word can replace the best so far, so the first of equals wins.
      const distance = editDistance(word, candidate, bestDistance - 1);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
        if (distance <= 1) break; // 0 is impossible (the word is not in the vocabulary), so 1 is unbeatable.
      }
    }
    if (best === null) return word;
    changed = true;
    return best;
  });
  return changed ? corrected.join(" ") : null;
}
