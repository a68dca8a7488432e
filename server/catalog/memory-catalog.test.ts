import { describe, expect, it } from "vitest";
import { CATEGORIES, type CategorySlug } from "../../core/categories.ts";
import { SORTS, type Sort } from "../../core/catalog.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import {
  compareRanked,
  normalizeQuery,
  scoreTool,
  SEARCH_WEIGHTS,
  wordStartsAt,
  type RankedTool,
} from "../../core/search.ts";
import { seededRandom } from "../seed/synthetic.ts";
import { platformMask, pricingMask } from "../../core/filters.ts";
import { PLATFORMS } from "../../core/platforms.ts";
import { PRICING_MODELS, type PricingModel } from "../../core/pricing.ts";
import {
  MemoryCatalog,
  type FilterMasks,
  type HeldPayment,
  type HeldTool,
  type ListPosition,
  type SearchPosition,
} from "./memory-catalog.ts";

// The catalogue in memory against its oracles, computed by brute force from the same tools: search
// scores every tool with core/search.ts and sorts with compareRanked; the lists filter and sort
// every held tool by the orders they promise. Reproduce a failure with the seed in its message.

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);

type Rng = () => number;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const some = <T>(rng: Rng, items: readonly T[], min: number, max: number): T[] => {
  const pool = [...items];
  const out: T[] = [];
  for (let n = Math.min(int(rng, min, max), pool.length); n > 0; n--)
    out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]!);
  return out;
};
/** Code-unit order, as the catalogue compares ids and names. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const make = (id: string, fields: Partial<HeldTool> = {}): HeldTool => ({
  id,
  createdAt: NOW,
  name: id,
  tagline: "",
  description: "",
  categories: "",
  tags: "",
  pricingModel: null,
  platforms: [],
  ...fields,
});

// ---------------------------------------------------------------------------------------------
// Search.

// Words inside other words (note/keynote, app/apps/whatsapp, ai/email/mail), words that start
// after punctuation (ai-powered, node.js, asp.net) or begin with it (.net, -powered), punctuation,
// non-ASCII letters, letters and symbols outside the BMP, and characters a regular expression or
// a search syntax would treat specially. Field text is lower-cased, as tool_search holds it.
const WORDS = [
  "a",
  "ai",
  "x",
  "go",
  "an",
  "note",
  "notes",
  "keynote",
  "app",
  "apps",
  "whatsapp",
  "map",
  "email",
  "mail",
  "aider",
  "openai",
  "ai-powered",
  "-powered",
  "design",
  "designers",
  "re-design",
  "sign",
  "code",
  "decode",
  "team",
  "steam",
  "data",
  "database",
  "base",
  "asp.net",
  ".net",
  "net",
  "c++",
  "node.js",
  "js",
  "e-mail",
  "to-do",
  "(beta)",
  "50%",
  "snake_case",
  "it's",
  '"quoted"',
  "café",
  "naïve",
  "ſtar",
  "οδος",
  "𝒳yz",
  "yz",
  "🚀ai",
  "😀",
  "*",
  "\\",
  "near(",
];
// Whitespace the query normalisation folds but a field keeps: phrases must not match across it.
const SEPARATORS = [" ", " ", " ", " ", "  ", "\u00a0", "\t", "\u3000", " \n", ", ", "-", "/"];
const ABSENT = ["zebra", "qq", "xylophone", "%%"];

function text(rng: Rng, min: number, max: number): string {
  let out = pick(rng, WORDS);
  for (let n = int(rng, min, max); n > 1; n--) out += pick(rng, SEPARATORS) + pick(rng, WORDS);
  return out;
}

function textList(rng: Rng, max: number): string {
  return Array.from({ length: int(rng, 0, max) }, () => text(rng, 1, 2)).join("\n");
}

function tool(rng: Rng, id: string): HeldTool {
  return {
    id,
    // Few distinct dates, so ties fall through to the id.
    createdAt: NOW - int(rng, 0, 4) * DAY,
    name: text(rng, 1, 3),
    tagline: text(rng, 2, 6),
    description: rng() < 0.1 ? "" : `${text(rng, 3, 12)}.\n\n${text(rng, 2, 8)}`,
    categories: textList(rng, 3),
    tags: textList(rng, 4),
    pricingModel: null,
    platforms: [],
  };
}

function query(rng: Rng, tools: readonly HeldTool[]): string {
  const kind = int(rng, 0, 9);
  if (kind <= 2) {
    // Consecutive words of a real field: phrase matches.
    const source = pick(rng, tools)[pick(rng, ["name", "tagline", "description"] as const)];
    const words = source.split(/\s+/u).filter(Boolean);
    const start = int(rng, 0, Math.max(0, words.length - 1));
    return words.slice(start, start + int(rng, 1, 3)).join(" ");
  }
  if (kind === 3) return `${pick(rng, ABSENT)} ${pick(rng, WORDS)}`;
  if (kind === 4) return `${pick(rng, WORDS)} ${pick(rng, WORDS)}`.toUpperCase();
  return Array.from({ length: int(rng, 1, 3) }, () => pick(rng, WORDS)).join(pick(rng, [" ", "  ", "\t", "\u00a0"]));
}

function payments(rng: Rng, tools: readonly HeldTool[]): HeldPayment[] {
  return tools.flatMap((t) =>
    rng() < 0.2
      ? Array.from({ length: int(rng, 1, 2) }, () => ({
          toolId: t.id,
          // Few prices, so equal weights fall through to the date; some years have ended.
          amountCents: pick(rng, [1900, 4900, 4900, 9900]),
          paidAt: NOW - int(rng, 1, 500) * DAY,
        }))
      : [],
  );
}

/** What a payment adds to its tool's featured weight at `now`: it counts for a year from when it was paid. */
const inForce = (p: HeldPayment, now: number) => p.paidAt > now - FEATURED_DURATION_MS;

/** Every tool scored by the core rules, in the core order. */
function oracle(tools: readonly HeldTool[], pays: readonly HeldPayment[], raw: string, now: number) {
  const normalized = normalizeQuery(raw);
  const ranked: RankedTool[] = [];
  for (const t of tools) {
    const score = scoreTool({ ...t, categories: t.categories.split("\n"), tags: t.tags.split("\n") }, normalized);
    if (score <= 0) continue;
    const cents = pays.filter((p) => p.toolId === t.id && inForce(p, now)).reduce((sum, p) => sum + p.amountCents, 0);
    ranked.push({ score, featured: cents > 0, featuredPriceCents: cents, createdAt: t.createdAt, id: t.id });
  }
  return ranked.sort(compareRanked).map((r) => ({ id: r.id, score: r.score }));
}

function expectSameAsOracle(
  catalog: MemoryCatalog,
  tools: HeldTool[],
  pays: HeldPayment[],
  raw: string,
  now: number,
  where: string,
) {
  const expected = oracle(tools, pays, raw, now);
  const normalized = normalizeQuery(raw);
  const all = catalog.search(normalized, now, { page: 1, pageSize: 100_000 });
  expect(all.hits, `${where}: every match, in order, with its score`).toEqual(expected);
  expect(all.total, `${where}: total`).toBe(expected.length);
  // Small pages: scores below the page may be left unfinished, those on it never are.
  for (const [page, pageSize] of [
    [1, 1],
    [1, 20],
    [2, 7],
    [3, 5],
    [1 + Math.floor(expected.length / 3), 3],
  ] as const) {
    const from = (page - 1) * pageSize;
    const got = catalog.search(normalized, now, { page, pageSize });
    expect(got.hits, `${where}: page ${page} of ${pageSize}`).toEqual(expected.slice(from, from + pageSize));
    expect(got.total, `${where}: total on page ${page} of ${pageSize}`).toBe(expected.length);
  }
  // Page after page, each starting after where the last ended: every match once, in order.
  const pageSize = Math.max(7, Math.ceil(expected.length / 20));
  const walked: { id: string; score: number }[] = [];
  let after: SearchPosition | undefined;
  for (let pages = 0; pages <= expected.length; pages++) {
    const got = catalog.search(normalized, now, { page: 1, pageSize, after });
    expect(got.total, `${where}: total after ${pages} pages`).toBe(expected.length);
    walked.push(...got.hits);
    if (!got.next) break;
    after = got.next;
  }
  expect(walked, `${where}: walked ${pageSize} at a time`).toEqual(expected);
}

describe("MemoryCatalog searches as the core rules do (property)", () => {
  const seeds = Array.from({ length: 30 }, (_, i) => 7_000 + i);
  it.each(seeds)("catalogue with seed %i", (seed) => {
    const rng = seededRandom(seed);
    const tools = Array.from({ length: int(rng, 20, 120) }, (_, i) =>
      tool(rng, `t${seed}-${String(i).padStart(3, "0")}`),
    );
    const pays = payments(rng, tools);
    // Both ways of finding a page: sorting the matches, and walking the rank order.
    const sorting = new MemoryCatalog();
    const walking = new MemoryCatalog({ sortLimit: 0 });
    for (const catalog of [sorting, walking]) {
      for (const t of tools) catalog.upsert(t);
      catalog.setPayments(pays);
    }
    for (let q = 0; q < 25; q++) {
      const raw = query(rng, tools);
      expectSameAsOracle(sorting, tools, pays, raw, NOW, `seed ${seed}, query ${JSON.stringify(raw)}, sorting`);
      expectSameAsOracle(walking, tools, pays, raw, NOW, `seed ${seed}, query ${JSON.stringify(raw)}, rank walk`);
    }
  });

  it("agrees past the sort limit, where pages come from the rank walk", { timeout: 30_000 }, () => {
    const rng = seededRandom(42);
    const tools = Array.from({ length: 6000 }, (_, i) => tool(rng, `big-${String(i).padStart(5, "0")}`));
    const pays = payments(rng, tools);
    const catalog = new MemoryCatalog();
    for (const t of tools) catalog.upsert(t);
    catalog.setPayments(pays);
    for (const raw of ["a", "app", "note", "ai team", "design app team", "c++ code", "ai-powered", ".net"]) {
      expect(oracle(tools, pays, raw, NOW).length, raw).toBeGreaterThan(0);
      expectSameAsOracle(catalog, tools, pays, raw, NOW, `6000 tools, query ${JSON.stringify(raw)}`);
    }
  });
});

describe("MemoryCatalog matches where a word starts (docs/design.md rule 13)", () => {
  const catalog = new MemoryCatalog();
  const tools = [
    make("upper", { name: "ai" }),
    make("hyphen", { name: "ai-powered notes" }),
    make("prefix", { name: "aider" }),
    make("inside", { name: "mail" }),
    make("inside-tagline", { name: "relay", tagline: "the openai api, by e-mail" }),
    make("phrase", { name: "ai notes" }),
    make("phrase-inside", { name: "mail notes" }),
    make("dotted", { name: "node.js", tags: "asp.net\ndesigners" }),
    make("accented", { name: "naïve café" }),
  ].map((t, i) => ({ ...t, createdAt: NOW - i * DAY }));
  for (const t of tools) catalog.upsert(t);
  const found = (raw: string) => catalog.search(normalizeQuery(raw), NOW, { page: 1, pageSize: 100 }).hits;
  const ids = (raw: string) => found(raw).map((h) => h.id);
  const name = SEARCH_WEIGHTS.name;

  it('finds "ai" in "AI", "ai-powered" and "aider", not in "mail", "email" or "openai"', () => {
    expect(ids("ai").sort()).toEqual(["hyphen", "phrase", "prefix", "upper"]);
    expect(ids("AI").sort()).toEqual(["hyphen", "phrase", "prefix", "upper"]);
    // "e-mail": "mail" starts a word after the hyphen.
    expect(ids("mail").sort()).toEqual(["inside", "inside-tagline", "phrase-inside"]);
    expect(ids("ail")).toEqual([]);
    expect(ids("penai")).toEqual([]);
    expect(ids("owered")).toEqual([]);
  });

  it("finds a word after punctuation inside a token, and a word that itself begins with punctuation anywhere", () => {
    expect(ids("powered")).toEqual(["hyphen"]);
    expect(ids("-powered")).toEqual(["hyphen"]);
    expect(ids("js")).toEqual(["dotted"]);
    expect(ids(".js")).toEqual(["dotted"]);
    expect(ids("net")).toEqual(["dotted"]);
    expect(ids(".net")).toEqual(["dotted"]);
    expect(ids("design")).toEqual(["dotted"]);
    expect(ids("signers")).toEqual([]);
    expect(ids("café")).toEqual(["accented"]);
    expect(ids("ïve")).toEqual([]);
    expect(ids("afé")).toEqual([]);
  });

  it("scores the whole query only where it starts a word", () => {
    // "ai notes" is in "ai notes" (phrase and both words), only inside "mail notes" (one word).
    expect(found("ai notes").slice(0, 2)).toEqual([
      { id: "phrase", score: 2 * name.word + name.phrase },
      { id: "hyphen", score: 2 * name.word },
    ]);
    expect(found("ai notes").find((h) => h.id === "phrase-inside")).toEqual({ id: "phrase-inside", score: name.word });
    expect(
      found("ai notes")
        .map((h) => h.id)
        .sort(),
    ).toEqual(["hyphen", "phrase", "phrase-inside", "prefix", "upper"]);
  });

  it("agrees with scoreTool on every tool for these queries", () => {
    for (const raw of [
      "ai",
      "mail",
      "ai notes",
      "il",
      "powered",
      "-powered",
      ".net",
      "net",
      "js",
      "node",
      "design",
      "e-mail",
      "a",
    ]) {
      expect(found(raw), raw).toEqual(oracle(tools, [], raw, NOW));
    }
  });
});

describe("MemoryCatalog search keeps in step with changes", () => {
  it("replaces a tool's text on upsert and forgets it on remove", () => {
    const catalog = new MemoryCatalog();
    catalog.upsert(make("one", { name: "quokka keeper" }));
    catalog.upsert(make("two", { name: "wombat", createdAt: NOW - DAY }));
    expect(catalog.search("quokka", NOW, { page: 1, pageSize: 10 }).hits.map((h) => h.id)).toEqual(["one"]);

    catalog.upsert(make("one", { name: "wombat walker" }));
    expect(catalog.size).toBe(2);
    expect(catalog.search("quokka", NOW, { page: 1, pageSize: 10 })).toEqual({ hits: [], total: 0, next: null });
    expect(catalog.search("wombat", NOW, { page: 1, pageSize: 10 }).hits.map((h) => h.id)).toEqual(["one", "two"]);

    catalog.remove("one");
    catalog.remove("absent");
    expect(catalog.size).toBe(1);
    expect(catalog.has("one")).toBe(false);
    expect([...catalog.toolIds()]).toEqual(["two"]);
    expect(catalog.search("wombat", NOW, { page: 1, pageSize: 10 }).hits.map((h) => h.id)).toEqual(["two"]);
    expect(catalog.search("walker", NOW, { page: 1, pageSize: 10 }).total).toBe(0);
  });

  it("answers as the core rules do after every tool was rewritten and a third removed", () => {
    const rng = seededRandom(99);
    const tools = Array.from({ length: 60 }, (_, i) => tool(rng, `c${i}`));
    const catalog = new MemoryCatalog();
    for (const t of tools) catalog.upsert(t);
    const current = tools.map((t, i) => ({ ...tool(rng, t.id), createdAt: t.createdAt + i }));
    for (const t of current) catalog.upsert(t);
    const kept = current.filter((_, i) => i % 3 !== 0);
    for (const t of current) if (!kept.includes(t)) catalog.remove(t.id);
    const pays = payments(rng, kept);
    catalog.setPayments(pays);
    expect({ size: catalog.size, slots: catalog.slots }).toEqual({ size: kept.length, slots: 120 });
    for (let q = 0; q < 20; q++) {
      const raw = query(rng, kept);
      expectSameAsOracle(catalog, kept, pays, raw, NOW, `after rewrites, ${JSON.stringify(raw)}`);
    }
    // Giving back the room postings grew into changes nothing found.
    catalog.compact();
    for (let q = 0; q < 5; q++) {
      const raw = query(rng, kept);
      expectSameAsOracle(catalog, kept, pays, raw, NOW, `after trim, ${JSON.stringify(raw)}`);
    }
  });

  it("orders featured tools first while their year runs, and not after it ends", () => {
    const catalog = new MemoryCatalog();
    catalog.upsert(make("old-paid", { name: "notes", createdAt: NOW - 10 * DAY }));
    catalog.upsert(make("new", { name: "notes", createdAt: NOW }));
    const paidAt = NOW - 100 * DAY;
    catalog.setPayments([{ toolId: "old-paid", amountCents: 4900, paidAt }]);
    const order = (now: number) => catalog.search("notes", now, { page: 1, pageSize: 10 }).hits.map((h) => h.id);
    expect(order(NOW)).toEqual(["old-paid", "new"]);
    expect(order(paidAt + FEATURED_DURATION_MS - 1)).toEqual(["old-paid", "new"]);
    expect(order(paidAt + FEATURED_DURATION_MS)).toEqual(["new", "old-paid"]);
    // A clock moved back brings the running year back.
    expect(order(NOW)).toEqual(["old-paid", "new"]);
  });

  it("re-ranks when the payments change, also after being given the same ones in another order", () => {
    const catalog = new MemoryCatalog();
    catalog.upsert(make("a", { name: "notes", createdAt: NOW - 2 * DAY }));
    catalog.upsert(make("b", { name: "notes", createdAt: NOW - DAY }));
    catalog.upsert(make("c", { name: "notes", createdAt: NOW }));
    const order = () => catalog.search("notes", NOW, { page: 1, pageSize: 10 }).hits.map((h) => h.id);
    const pays = [
      { toolId: "a", amountCents: 1900, paidAt: NOW - DAY },
      { toolId: "b", amountCents: 4900, paidAt: NOW - DAY },
    ];
    catalog.setPayments(pays);
    expect(order()).toEqual(["b", "a", "c"]);
    catalog.setPayments([...pays].reverse());
    expect(order()).toEqual(["b", "a", "c"]);
    catalog.setPayments([...pays, { toolId: "a", amountCents: 4900, paidAt: NOW - 2 * DAY }]);
    expect(order()).toEqual(["a", "b", "c"]);
    catalog.setPayments([]);
    expect(order()).toEqual(["c", "b", "a"]);
  });

  it("ignores payments for tools it does not hold", () => {
    const catalog = new MemoryCatalog();
    catalog.upsert(make("held", { name: "notes" }));
    catalog.setPayments([{ toolId: "elsewhere", amountCents: 9900, paidAt: NOW - DAY }]);
    expect(catalog.search("notes", NOW, { page: 1, pageSize: 10 })).toEqual({
      hits: [{ id: "held", score: 8 }],
      total: 1,
      next: null,
    });
    expect(catalog.featured(NOW, { category: null, limit: 10 })).toEqual([]);
  });

  it("answers nothing for an empty query and for pages past the end", () => {
    const catalog = new MemoryCatalog();
    catalog.upsert(make("one", { name: "notes" }));
    expect(catalog.search("", NOW, { page: 1, pageSize: 10 })).toEqual({ hits: [], total: 0, next: null });
    expect(catalog.search("notes", NOW, { page: 2, pageSize: 10 })).toEqual({ hits: [], total: 1, next: null });
  });
});

// ---------------------------------------------------------------------------------------------
// Lists.

const SORT_NAMES = Object.keys(SORTS) as Sort[];
const SLUGS = CATEGORIES.map((c) => c.slug);
const CATEGORY_NAME = new Map<string, string>(CATEGORIES.map((c) => [c.slug, c.name.toLowerCase()]));
// Names that are prefixes of one another, that share words, that sort around punctuation and
// non-ASCII letters; few enough that equal names (ties broken by id) are common.
const NAME_WORDS = [
  "ai",
  "aider",
  "ai-powered",
  "mail",
  "email",
  "note",
  "notes",
  "keynote",
  "note-taker",
  "app",
  "apps",
  "zeta",
  "alpha",
  "beta",
  "(beta)",
  "café",
  "cafe",
  "ſtar",
  "star",
  "node.js",
  "js",
  "10x",
  "design",
  "designers",
  "re-design",
  "writer",
  "writing",
  "tool",
  "tools",
];
// Words of 4+ letters for the vocabulary, and short ones it must leave out.
const TAG_WORDS = [
  "productivity",
  "notes",
  "ai",
  "open-source",
  "no-code",
  "api",
  "crm",
  "seo",
  "email",
  "writing",
  "naïve",
  "v2.0",
];

function listedTool(rng: Rng, id: string): HeldTool {
  const categories = some(rng, SLUGS, 0, 3).map((slug) => CATEGORY_NAME.get(slug)!);
  // A name this instance does not know is no category; the same one twice counts once.
  if (rng() < 0.1) categories.push("not a category");
  if (rng() < 0.1 && categories.length > 0) categories.push(categories[0]!);
  return {
    id,
    // Few distinct dates, so equal dates fall through to the id.
    createdAt: NOW - int(rng, 0, 6) * DAY,
    name: Array.from({ length: int(rng, 1, 2) }, () => pick(rng, NAME_WORDS)).join(pick(rng, [" ", " ", "-", " & "])),
    tagline: `${pick(rng, NAME_WORDS)} for ${pick(rng, NAME_WORDS)}`,
    description: rng() < 0.3 ? "" : `${pick(rng, TAG_WORDS)} ${pick(rng, NAME_WORDS)} manuscript`,
    categories: categories.join("\n"),
    tags: some(rng, TAG_WORDS, 0, 3).join("\n"),
    // Now and then none, or one this instance does not know.
    pricingModel: rng() < 0.1 ? null : rng() < 0.05 ? "Pay what you want" : pick(rng, PRICING_MODELS),
    platforms: rng() < 0.05 ? ["Smart fridge"] : some(rng, PLATFORMS, 0, 3),
  };
}

const inCategory = (t: HeldTool, category: CategorySlug | null) =>
  category === null || t.categories.split("\n").includes(CATEGORY_NAME.get(category)!);

const recentFirst = (a: HeldTool, b: HeldTool) => b.createdAt - a.createdAt || byCodeUnits(b.id, a.id);
const byName = (a: HeldTool, b: HeldTool) =>
  byCodeUnits(a.name.toLowerCase(), b.name.toLowerCase()) || byCodeUnits(a.id, b.id);
const ORDERS: Record<Sort, (a: HeldTool, b: HeldTool) => number> = {
  recent: recentFirst,
  oldest: (a, b) => -recentFirst(a, b),
  name: byName,
  "name-desc": (a, b) => -byName(a, b),
  // No trending scores here: tools without one follow the scored ones newest first.
  trending: recentFirst,
};

/** Whether a tool passes filters: one of the pricing models (if any are chosen) and one of the platforms (likewise). */
function passesOracle(
  t: HeldTool,
  filters: { pricing: readonly PricingModel[]; platforms: readonly string[] },
): boolean {
  return (
    (filters.pricing.length === 0 || filters.pricing.includes(t.pricingModel as PricingModel)) &&
    (filters.platforms.length === 0 || t.platforms.some((p) => filters.platforms.includes(p)))
  );
}

const NO_FILTERS = { pricing: [], platforms: [] };
const masksOf = (filters: { pricing: readonly PricingModel[]; platforms: readonly string[] }): FilterMasks => ({
  pricing: pricingMask(filters.pricing),
  platforms: platformMask(filters.platforms),
});

/** Every held tool of the list, in its order, the left-out ones left out. */
function listOracle(
  held: ReadonlyMap<string, HeldTool>,
  category: CategorySlug | null,
  sort: Sort,
  exclude: ReadonlySet<string>,
  filters: { pricing: readonly PricingModel[]; platforms: readonly string[] } = NO_FILTERS,
): string[] {
  return [...held.values()]
    .filter((t) => inCategory(t, category) && !exclude.has(t.id) && passesOracle(t, filters))
    .sort(ORDERS[sort])
    .map((t) => t.id);
}

function featuringOracle(held: ReadonlyMap<string, HeldTool>, pays: readonly HeldPayment[], now: number) {
  const running = new Map<string, { cents: number; lastPaidAt: number }>();
  for (const p of pays) {
    if (!held.has(p.toolId) || !inForce(p, now)) continue;
    const was = running.get(p.toolId) ?? { cents: 0, lastPaidAt: Number.NEGATIVE_INFINITY };
    running.set(p.toolId, { cents: was.cents + p.amountCents, lastPaidAt: Math.max(was.lastPaidAt, p.paidAt) });
  }
  return running;
}

function featuredOracle(
  held: ReadonlyMap<string, HeldTool>,
  pays: readonly HeldPayment[],
  now: number,
  category: CategorySlug | null,
): string[] {
  const running = featuringOracle(held, pays, now);
  return [...running.keys()]
    .filter((id) => inCategory(held.get(id)!, category))
    .sort((a, b) => {
      const fa = running.get(a)!;
      const fb = running.get(b)!;
      return fb.cents - fa.cents || fb.lastPaidAt - fa.lastPaidAt || byCodeUnits(a, b);
    });
}

/** Words of 4 letters or more in the names and tags of the held tools. */
function vocabularyOracle(held: ReadonlyMap<string, HeldTool>): Set<string> {
  const words = new Set<string>();
  for (const t of held.values()) {
    for (const word of `${t.name}\n${t.tags}`.split(/[^\p{L}]+/u)) if ([...word].length >= 4) words.add(word);
  }
  return words;
}

function namesOracle(
  held: ReadonlyMap<string, HeldTool>,
  text: string,
  limit: number,
  skip: (id: string) => boolean,
): string[] {
  const needle = text.trim().toLowerCase();
  const tools = [...held.values()].filter((t) => !skip(t.id));
  if (needle === "")
    return tools
      .sort(recentFirst)
      .slice(0, limit)
      .map((t) => t.id);
  return tools
    .filter((t) => wordStartsAt(t.name, needle))
    .sort((a, b) => a.name.length - b.name.length || byName(a, b))
    .slice(0, limit)
    .map((t) => t.id);
}

/** The tools most like `source` as docs/decisions/029 describes them, with what each shares. */
function similarOracle(held: ReadonlyMap<string, HeldTool>, sourceId: string) {
  const source = held.get(sourceId)!;
  const categoriesOf = (t: HeldTool) => SLUGS.filter((slug) => inCategory(t, slug));
  const tagsOf = (t: HeldTool) => [...new Set(t.tags.split("\n").filter((tag) => tag !== ""))];
  const knownPricing = (t: HeldTool) => (PRICING_MODELS as readonly string[]).includes(t.pricingModel ?? "");
  return [...held.values()]
    .filter((t) => t.id !== sourceId)
    .map((t) => {
      const categories = categoriesOf(t).filter((c) => categoriesOf(source).includes(c));
      const tags = tagsOf(t).filter((tag) => tagsOf(source).includes(tag));
      const platforms = PLATFORMS.filter((p) => t.platforms.includes(p) && source.platforms.includes(p));
      const pricingModel =
        knownPricing(t) && t.pricingModel === source.pricingModel ? (t.pricingModel as PricingModel) : null;
      const points = 4 * categories.length + 2 * tags.length + platforms.length + (pricingModel ? 1 : 0);
      return { tool: t, points, shares: { categories, tags, platforms, pricingModel } };
    })
    .filter((x) => x.shares.categories.length > 0 || x.shares.tags.length > 0)
    .sort((a, b) => b.points - a.points || recentFirst(a.tool, b.tool))
    .map((x) => ({ id: x.tool.id, shares: x.shares }));
}

function expectListsAsOracle(
  catalog: MemoryCatalog,
  held: ReadonlyMap<string, HeldTool>,
  pays: readonly HeldPayment[],
  rng: Rng,
  where: string,
) {
  const ids = [...held.keys()];
  const categories: (CategorySlug | null)[] = [null, ...some(rng, SLUGS, 5, 5)];
  // A category nobody is in, when there is one.
  const empty = SLUGS.find((slug) => ![...held.values()].some((t) => inCategory(t, slug)));
  if (empty) categories.push(empty);

  expect(catalog.size, `${where}: size`).toBe(held.size);
  expect(new Set(catalog.toolIds()), `${where}: ids`).toEqual(new Set(ids));
  expect(catalog.categoryCounts(), `${where}: category counts`).toEqual(
    new Map(SLUGS.map((slug) => [slug, [...held.values()].filter((t) => inCategory(t, slug)).length])),
  );
  for (const id of some(rng, ids, 0, 10)) {
    for (const slug of SLUGS)
      expect(catalog.inCategory(id, slug), `${where}: ${id} in ${slug}`).toBe(inCategory(held.get(id)!, slug));
  }
  expect(catalog.inCategory("absent", "ai"), `${where}: an absent tool is in no category`).toBe(false);

  for (const category of categories) {
    const excludes: Set<string>[] = [
      new Set(),
      // Tools in the list and out of it, and ids the catalogue never held.
      new Set([...some(rng, ids, 0, 8), "absent", "zzz"]),
      new Set(some(rng, listOracle(held, category, "recent", new Set()), 0, 3)),
    ];
    for (const sort of SORT_NAMES) {
      for (const exclude of excludes) {
        const expected = listOracle(held, category, sort, exclude);
        const total = expected.length;
        const pages: [number, number][] = [
          [0, 24],
          [0, 1],
          [0, 0],
          [0, 100_000],
          [int(rng, 0, total), int(rng, 1, 10)],
          [Math.max(0, total - 1), 5],
          [total, 5],
          [total + 10, 3],
          [3, 7],
          [10, 7],
        ];
        for (const [from, count] of pages) {
          const at = `${where}: list ${JSON.stringify({ category, sort, exclude: [...exclude], from, count })}`;
          expect(catalog.list({ category, sort, from, count, exclude }), at).toMatchObject({
            ids: expected.slice(from, from + count),
            total,
          });
        }
        // Page by page, each starting after where the last ended: every tool once, in order.
        const walked: string[] = [];
        let after: ListPosition | undefined;
        for (let pages = 0; pages <= total; pages++) {
          const page = catalog.list({ category, sort, from: 0, count: 7, exclude, after });
          walked.push(...page.ids);
          if (!page.next) break;
          after = page.next;
        }
        expect(walked, `${where}: walk ${JSON.stringify({ category, sort, exclude: [...exclude] })}`).toEqual(expected);
      }
    }
    // Filtered: by pricing, by platform, by both (a platform no tool has among them), with the
    // featured left out; and the facet counts, each option counted under the other filter.
    const filterSets = [
      { pricing: some(rng, PRICING_MODELS, 1, 2), platforms: [] },
      { pricing: [], platforms: some(rng, PLATFORMS, 1, 3) },
      { pricing: some(rng, PRICING_MODELS, 1, 3), platforms: some(rng, PLATFORMS, 1, 2) },
    ];
    for (const filters of [NO_FILTERS, ...filterSets]) {
      for (const sort of SORT_NAMES) {
        for (const exclude of excludes) {
          const expected = listOracle(held, category, sort, exclude, filters);
          for (const [from, count] of [
            [0, 24],
            [int(rng, 0, expected.length), 5],
            [expected.length, 3],
          ] as const) {
            const at = `${where}: filtered list ${JSON.stringify({ category, sort, filters, exclude: [...exclude], from, count })}`;
            expect(catalog.list({ category, sort, from, count, exclude, filters: masksOf(filters) }), at).toMatchObject(
              {
                ids: expected.slice(from, from + count),
                total: expected.length,
              },
            );
          }
        }
      }
      const inCategoryHeld = [...held.values()].filter((t) => inCategory(t, category));
      const facets = catalog.facets(category, masksOf(filters));
      expect([...facets.pricing], `${where}: pricing facets ${JSON.stringify({ category, filters })}`).toEqual(
        PRICING_MODELS.map((m) => inCategoryHeld.filter((t) => passesOracle(t, { ...filters, pricing: [m] })).length),
      );
      expect([...facets.platforms], `${where}: platform facets ${JSON.stringify({ category, filters })}`).toEqual(
        PLATFORMS.map((p) => inCategoryHeld.filter((t) => passesOracle(t, { ...filters, platforms: [p] })).length),
      );
    }
    // Without an exclude set at all.
    expect(
      catalog.list({ category, sort: "recent", from: 2, count: 5 }),
      `${where}: list of ${category} with no exclude`,
    ).toMatchObject({
      ids: listOracle(held, category, "recent", new Set()).slice(2, 7),
      total: listOracle(held, category, "recent", new Set()).length,
    });

    const inList = listOracle(held, category, "recent", new Set());
    for (const except of [undefined, "", "absent", pick(rng, ids), ...(inList.length > 0 ? [pick(rng, inList)] : [])]) {
      for (const limit of [0, 1, 3, 1000]) {
        const expected = inList.filter((id) => id !== except).slice(0, limit);
        expect(
          catalog.newest(category, limit, except),
          `${where}: newest ${JSON.stringify({ category, limit, except })}`,
        ).toEqual(expected);
      }
    }
  }

  // Featured: now, as years end, at the end of one year exactly, and back again.
  const ends = pays.map((p) => p.paidAt + FEATURED_DURATION_MS).filter((end) => end > NOW);
  const times = [NOW, NOW + 100 * DAY, NOW + 300 * DAY, ...some(rng, ends, 0, 2).flatMap((end) => [end - 1, end]), NOW];
  for (const now of times) {
    const running = featuringOracle(held, pays, now);
    expect(new Map(catalog.featuring(now)), `${where}: featuring at ${now}`).toEqual(running);
    for (const category of categories) {
      const expected = featuredOracle(held, pays, now, category);
      for (const limit of [0, 1, 3, 1000]) {
        expect(
          catalog.featured(now, { category, limit }),
          `${where}: featured ${JSON.stringify({ now, category, limit })}`,
        ).toEqual(expected.slice(0, limit));
      }
      const filters = { pricing: some(rng, PRICING_MODELS, 1, 3), platforms: some(rng, PLATFORMS, 0, 2) };
      expect(
        catalog.featured(now, { category, limit: 1000, filters: masksOf(filters) }),
        `${where}: featured ${JSON.stringify({ now, category, filters })}`,
      ).toEqual(expected.filter((id) => passesOracle(held.get(id)!, filters)));
    }
  }

  for (const id of [...some(rng, ids, 0, 4), "absent"]) {
    const expected = held.has(id) ? similarOracle(held, id) : null;
    for (const [from, count] of [
      [0, 24],
      [0, 3],
      [int(rng, 0, 10), 5],
      [1000, 24],
    ] as const) {
      const at = `${where}: similar to ${id} ${JSON.stringify({ from, count })}`;
      expect(catalog.similar(id, { from, count }), at).toEqual(
        expected && { hits: expected.slice(from, from + count), total: expected.length },
      );
    }
  }

  expect(new Set(catalog.vocabulary()), `${where}: vocabulary`).toEqual(vocabularyOracle(held));
  expect(catalog.vocabulary().length, `${where}: each word once`).toBe(vocabularyOracle(held).size);

  const skipped = new Set(some(rng, ids, 0, Math.ceil(ids.length / 4)));
  const skips: [string, (id: string) => boolean][] = [
    ["nothing", () => false],
    ["a quarter", (id) => skipped.has(id)],
  ];
  const texts = [
    "",
    "  ",
    "a",
    "ai",
    "AI",
    " ai ",
    "ail",
    "mail",
    "no",
    "note",
    "notes",
    "taker",
    "-taker",
    "note-t",
    "powered",
    "js",
    ".js",
    "(beta",
    "beta",
    "eta",
    "caf",
    "café",
    "ſ",
    "s",
    "des",
    "signers",
    "10",
    "x",
    "ai n",
    "notes app",
    "zzz",
    pick(rng, NAME_WORDS),
    pick(rng, NAME_WORDS).slice(0, 2),
    // A whole name held, and the start of one.
    ...some(rng, [...held.values()], 0, 1).flatMap((t) => [t.name, t.name.slice(0, int(rng, 1, t.name.length))]),
  ];
  for (const text of texts) {
    for (const [label, skip] of skips) {
      for (const limit of [0, 1, 5, 1000]) {
        expect(
          catalog.namesMatching(text, limit, skip),
          `${where}: namesMatching ${JSON.stringify({ text, limit, skip: label })}`,
        ).toEqual(namesOracle(held, text, limit, skip));
      }
    }
  }
}

function listPayments(rng: Rng, ids: readonly string[]): HeldPayment[] {
  const pays: HeldPayment[] = [];
  for (const id of ids) {
    if (rng() >= 0.3) continue;
    for (let n = int(rng, 1, 3); n > 0; n--) {
      // Few prices and days, so equal weights fall through to the latest payment, and equal ones of those to the id.
      pays.push({ toolId: id, amountCents: pick(rng, [1900, 4900, 4900, 9900]), paidAt: NOW - int(rng, 0, 500) * DAY });
    }
  }
  // A year that ends exactly now, and one that ends a millisecond later.
  if (ids.length > 1) {
    pays.push({ toolId: ids[0]!, amountCents: 1900, paidAt: NOW - FEATURED_DURATION_MS });
    pays.push({ toolId: ids[1]!, amountCents: 1900, paidAt: NOW - FEATURED_DURATION_MS + 1 });
  }
  pays.push({ toolId: "never-held", amountCents: 9900, paidAt: NOW - DAY });
  return pays;
}

describe("MemoryCatalog lists as brute force over its tools does (property)", () => {
  const seeds = Array.from({ length: 20 }, (_, i) => 9_100 + i);
  it.each(seeds)("catalogue with seed %i, through rounds of changes", (seed) => {
    const rng = seededRandom(seed);
    const catalog = new MemoryCatalog();
    const held = new Map<string, HeldTool>();
    let next = 0;
    const newId = () => `l${seed}-${String(next++).padStart(3, "0")}`;
    const put = (t: HeldTool) => {
      catalog.upsert(t);
      held.set(t.id, t);
    };
    for (let n = int(rng, 0, 120); n > 0; n--) put(listedTool(rng, newId()));
    const everSeen = () => Array.from({ length: next }, (_, i) => `l${seed}-${String(i).padStart(3, "0")}`);
    let pays = listPayments(rng, everSeen());
    catalog.setPayments(pays);
    expectListsAsOracle(catalog, held, pays, rng, `seed ${seed}, loaded`);

    for (let round = 1; round <= 4; round++) {
      // Replace some (new name, date and categories), remove some, bring some back, add some.
      for (const id of some(rng, [...held.keys()], 0, Math.ceil(held.size / 5))) put({ ...listedTool(rng, id) });
      for (const id of some(rng, [...held.keys()], 0, Math.ceil(held.size / 6))) {
        catalog.remove(id);
        held.delete(id);
      }
      const gone = everSeen().filter((id) => !held.has(id));
      for (const id of some(rng, gone, 0, 5)) put(listedTool(rng, id));
      for (let n = int(rng, 0, 15); n > 0; n--) put(listedTool(rng, newId()));
      // The same tool twice in one round: only the second counts.
      if (held.size > 0) {
        const twice = pick(rng, [...held.keys()]);
        put(listedTool(rng, twice));
        put(listedTool(rng, twice));
      }
      if (rng() < 0.5) {
        pays = listPayments(rng, everSeen());
        catalog.setPayments(pays);
      }
      expectListsAsOracle(catalog, held, pays, rng, `seed ${seed}, round ${round}`);
    }
  });
});

describe("MemoryCatalog lists, by example", () => {
  it("orders names by their lower-cased text, then id, and dates newest first, then id descending", () => {
    const catalog = new MemoryCatalog();
    catalog.upsert(make("b", { name: "notes", createdAt: NOW }));
    catalog.upsert(make("a", { name: "notes", createdAt: NOW }));
    catalog.upsert(make("c", { name: "alpha", createdAt: NOW - DAY }));
    catalog.upsert(make("d", { name: "zeta", createdAt: NOW + DAY }));
    const ids = (sort: Sort) => catalog.list({ category: null, sort, from: 0, count: 10 }).ids;
    expect(ids("recent")).toEqual(["d", "b", "a", "c"]);
    expect(ids("oldest")).toEqual(["c", "a", "b", "d"]);
    expect(ids("name")).toEqual(["c", "a", "b", "d"]);
    expect(ids("name-desc")).toEqual(["d", "b", "a", "c"]);
    // A page of the rest, the left-out tools not counted in the total.
    expect(
      catalog.list({ category: null, sort: "name", from: 1, count: 2, exclude: new Set(["a", "absent"]) }),
    ).toMatchObject({ ids: ["b", "d"], total: 3 });
  });

  it("counts categories through upserts, replacements and removals", () => {
    const catalog = new MemoryCatalog();
    const counts = () => Object.fromEntries([...catalog.categoryCounts()].filter(([, n]) => n > 0));
    catalog.upsert(make("one", { categories: "design\nai & machine learning" }));
    catalog.upsert(make("two", { categories: "design\nunknown\ndesign" }));
    expect(counts()).toEqual({ design: 2, ai: 1 });
    catalog.upsert(make("one", { categories: "productivity" }));
    expect(counts()).toEqual({ design: 1, productivity: 1 });
    catalog.remove("two");
    catalog.remove("two");
    expect(counts()).toEqual({ productivity: 1 });
    expect(catalog.list({ category: "design", sort: "recent", from: 0, count: 10 })).toEqual({
      ids: [],
      total: 0,
      next: null,
    });
    expect(catalog.list({ category: "productivity", sort: "recent", from: 0, count: 10 })).toEqual({
      ids: ["one"],
      total: 1,
      next: null,
    });
  });

  it("orders featured tools by weight, then latest payment, then id, and filters by category", () => {
    const catalog = new MemoryCatalog();
    for (const id of ["a", "b", "c", "d", "e"])
      catalog.upsert(make(id, { categories: id === "e" ? "design" : "productivity" }));
    catalog.setPayments([
      { toolId: "a", amountCents: 1900, paidAt: NOW - 10 * DAY },
      { toolId: "a", amountCents: 1900, paidAt: NOW - 400 * DAY }, // ended: does not count
      { toolId: "b", amountCents: 1900, paidAt: NOW - 5 * DAY },
      { toolId: "c", amountCents: 1900, paidAt: NOW - 5 * DAY },
      { toolId: "d", amountCents: 1900, paidAt: NOW - 300 * DAY },
      { toolId: "d", amountCents: 1900, paidAt: NOW - 200 * DAY },
      { toolId: "e", amountCents: 900, paidAt: NOW - DAY },
    ]);
    expect(catalog.featured(NOW, { category: null, limit: 10 })).toEqual(["d", "b", "c", "a", "e"]);
    expect(catalog.featured(NOW, { category: "design", limit: 10 })).toEqual(["e"]);
    expect(catalog.featured(NOW, { category: "productivity", limit: 2 })).toEqual(["d", "b"]);
    // d's first year ends: one payment left, the oldest of the four.
    expect(catalog.featured(NOW - 300 * DAY + FEATURED_DURATION_MS, { category: null, limit: 10 })).toEqual([
      "b",
      "c",
      "a",
      "d",
      "e",
    ]);
    catalog.remove("b");
    expect(catalog.featured(NOW, { category: null, limit: 10 })).toEqual(["d", "c", "a", "e"]);
  });

  it("forgets a removed or rewritten tool's words in the vocabulary", () => {
    const catalog = new MemoryCatalog();
    catalog.upsert(make("one", { name: "quokka notes", tags: "wombat\nai\nopen-source" }));
    catalog.upsert(make("two", { name: "notes keeper", tagline: "tagline words", description: "description words" }));
    catalog.upsert(make("three", { name: "notes", tags: "wombat" }));
    // The most common first, then in code-unit order; 3 letters or fewer and other fields left out.
    expect(catalog.vocabulary()).toEqual(["notes", "wombat", "keeper", "open", "quokka", "source"]);
    catalog.remove("one");
    expect(catalog.vocabulary()).toEqual(["notes", "keeper", "wombat"]);
    catalog.upsert(make("two", { name: "platypus" }));
    expect(catalog.vocabulary()).toEqual(["notes", "platypus", "wombat"]);
  });

  it("finds names where a word starts, the shortest first, skipping what it is told to", () => {
    const catalog = new MemoryCatalog();
    catalog.upsert(make("mail", { name: "mail", createdAt: NOW - 3 * DAY }));
    catalog.upsert(make("ai-powered", { name: "ai-powered notes", createdAt: NOW - 2 * DAY }));
    catalog.upsert(make("aider", { name: "aider", createdAt: NOW - DAY }));
    catalog.upsert(make("ai", { name: "ai", createdAt: NOW }));
    catalog.upsert(make("notes", { name: "my notes", tagline: "ai" }));
    const none = () => false;
    expect(catalog.namesMatching("AI", 10, none)).toEqual(["ai", "aider", "ai-powered"]);
    expect(catalog.namesMatching("ai", 2, none)).toEqual(["ai", "aider"]);
    expect(catalog.namesMatching("ai", 10, (id) => id === "aider")).toEqual(["ai", "ai-powered"]);
    expect(catalog.namesMatching("il", 10, none)).toEqual([]);
    expect(catalog.namesMatching("powered", 10, none)).toEqual(["ai-powered"]);
    expect(catalog.namesMatching("notes", 10, none)).toEqual(["notes", "ai-powered"]);
    expect(catalog.namesMatching("", 3, (id) => id === "notes")).toEqual(["ai", "aider", "ai-powered"]);
  });
});

describe("MemoryCatalog searches with filters and other orders as brute force does (property)", () => {
  const seeds = Array.from({ length: 12 }, (_, i) => 9_500 + i);
  it.each(seeds)("catalogue with seed %i", (seed) => {
    const rng = seededRandom(seed);
    const tools = Array.from({ length: int(rng, 20, 120) }, (_, i) =>
      listedTool(rng, `s${seed}-${String(i).padStart(3, "0")}`),
    );
    const sorting = new MemoryCatalog();
    const walking = new MemoryCatalog({ sortLimit: 0 });
    for (const catalog of [sorting, walking]) for (const t of tools) catalog.upsert(t);
    const byId = new Map(tools.map((t) => [t.id, t]));
    for (let q = 0; q < 15; q++) {
      const raw = pick(rng, NAME_WORDS).slice(0, int(rng, 2, 5));
      const filters = { pricing: some(rng, PRICING_MODELS, 0, 2), platforms: some(rng, PLATFORMS, 0, 2) };
      const where = `seed ${seed}, ${JSON.stringify(raw)}, ${JSON.stringify(filters)}`;
      const matches = oracle(tools, [], raw, NOW);
      const kept = matches.filter((m) => passesOracle(byId.get(m.id)!, filters));
      for (const catalog of [sorting, walking]) {
        const relevance = catalog.search(normalizeQuery(raw), NOW, {
          page: 1,
          pageSize: 100_000,
          filters: masksOf(filters),
          facets: true,
        });
        expect(relevance.hits, where).toEqual(kept);
        expect(relevance.total, where).toBe(kept.length);
        // A small page is the same slice of the filtered list.
        expect(
          catalog.search(normalizeQuery(raw), NOW, { page: 2, pageSize: 3, filters: masksOf(filters) }).hits,
          where,
        ).toEqual(kept.slice(3, 6));
        // Facets: pricing among the matches on the platforms chosen, platforms among those of the pricing chosen.
        const onPlatforms = matches
          .map((m) => byId.get(m.id)!)
          .filter((t) => passesOracle(t, { pricing: [], platforms: filters.platforms }));
        PRICING_MODELS.forEach((model, i) =>
          expect(relevance.facets!.pricing[i], `${where}: ${model}`).toBe(
            onPlatforms.filter((t) => t.pricingModel === model).length,
          ),
        );
        for (const [order, compare] of [
          ["name", byName],
          ["recent", recentFirst],
        ] as const) {
          const sorted = catalog.search(normalizeQuery(raw), NOW, {
            page: 1,
            pageSize: 100_000,
            filters: masksOf(filters),
            order,
          });
          expect(
            sorted.hits.map((h) => h.id),
            `${where}: ${order}`,
          ).toEqual(
            kept
              .map((m) => byId.get(m.id)!)
              .sort(compare)
              .map((t) => t.id),
          );
        }
      }
    }
  });
});
