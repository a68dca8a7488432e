import { describe, expect, it } from "vitest";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { compareRanked, normalizeQuery, scoreTool, type RankedTool } from "../../core/search.ts";
import { seededRandom } from "../seed/synthetic.ts";
import { TextIndex, type IndexedPayment, type IndexedTool } from "./text-index.ts";

// The index against its oracle: brute-force scoring of every tool with core/search.ts and sorting
// with compareRanked. Reproduce a failure with the seed in its message.

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);

// Words inside other words (note/keynote, app/apps/whatsapp, ai/email), punctuation, non-ASCII
// letters, and characters a regular expression or a search syntax would treat specially.
const WORDS = [
  "a", "ai", "x", "go", "an", "note", "notes", "keynote", "app", "apps", "whatsapp", "map",
  "email", "design", "sign", "code", "decode", "team", "steam", "data", "database", "base",
  "c++", "node.js", "e-mail", "to-do", "(beta)", "50%", "snake_case", "it's", "\"quoted\"",
  "café", "naïve", "ſtar", "οδος", "*", "\\", "near(",
];
// Whitespace the query normalisation folds but a field keeps: phrases must not match across it.
const SEPARATORS = [" ", " ", " ", " ", "  ", "\u00a0", "\t", ", ", "-", "/"];
const ABSENT = ["zebra", "qq", "xylophone", "%%"];

type Rng = () => number;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

function text(rng: Rng, min: number, max: number): string {
  let out = pick(rng, WORDS);
  for (let n = int(rng, min, max); n > 1; n--) out += pick(rng, SEPARATORS) + pick(rng, WORDS);
  return out;
}

function list(rng: Rng, max: number): string {
  return Array.from({ length: int(rng, 0, max) }, () => text(rng, 1, 2)).join("\n");
}

function tool(rng: Rng, id: string): IndexedTool {
  return {
    id,
    // Few distinct dates, so ties fall through to the id.
    createdAt: NOW - int(rng, 0, 4) * DAY,
    name: text(rng, 1, 3),
    tagline: text(rng, 2, 6),
    description: rng() < 0.1 ? "" : `${text(rng, 3, 12)}.\n\n${text(rng, 2, 8)}`,
    categories: list(rng, 3),
    tags: list(rng, 4),
  };
}

function query(rng: Rng, tools: readonly IndexedTool[]): string {
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

function payments(rng: Rng, tools: readonly IndexedTool[]): IndexedPayment[] {
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

/** Every tool scored by the core rules, in the core order. */
function oracle(tools: readonly IndexedTool[], pays: readonly IndexedPayment[], raw: string, now: number) {
  const normalized = normalizeQuery(raw);
  const ranked: RankedTool[] = [];
  for (const t of tools) {
    const score = scoreTool({ ...t, categories: t.categories.split("\n"), tags: t.tags.split("\n") }, normalized);
    if (score <= 0) continue;
    const cents = pays.filter((p) => p.toolId === t.id && p.paidAt > now - FEATURED_DURATION_MS).reduce((sum, p) => sum + p.amountCents, 0);
    ranked.push({ score, featured: cents > 0, featuredPriceCents: cents, createdAt: t.createdAt, id: t.id });
  }
  return ranked.sort(compareRanked).map((r) => ({ id: r.id, score: r.score }));
}

function expectSameAsOracle(index: TextIndex, tools: IndexedTool[], pays: IndexedPayment[], raw: string, now: number, where: string) {
  const expected = oracle(tools, pays, raw, now);
  const normalized = normalizeQuery(raw);
  const all = index.search(normalized, now, { page: 1, pageSize: 100_000 });
  expect(all.hits, `${where}: every match, in order, with its score`).toEqual(expected);
  expect(all.total, `${where}: total`).toBe(expected.length);
  // Small pages: scores below the page may be left unfinished, those on it never are.
  for (const [page, pageSize] of [[1, 1], [1, 20], [2, 7], [3, 5], [1 + Math.floor(expected.length / 3), 3]] as const) {
    const from = (page - 1) * pageSize;
    const got = index.search(normalized, now, { page, pageSize });
    expect(got.hits, `${where}: page ${page} of ${pageSize}`).toEqual(expected.slice(from, from + pageSize));
    expect(got.total, `${where}: total on page ${page} of ${pageSize}`).toBe(expected.length);
  }
}

describe("TextIndex answers as the core rules do (property)", () => {
  const seeds = Array.from({ length: 30 }, (_, i) => 7_000 + i);
  it.each(seeds)("catalogue with seed %i", (seed) => {
    const rng = seededRandom(seed);
    const tools = Array.from({ length: int(rng, 20, 120) }, (_, i) => tool(rng, `t${seed}-${String(i).padStart(3, "0")}`));
    const pays = payments(rng, tools);
    // Both ways of finding a page: sorting the matches, and walking the rank order.
    const sorting = new TextIndex();
    const walking = new TextIndex({ sortLimit: 0 });
    for (const index of [sorting, walking]) {
      for (const t of tools) index.upsert(t);
      index.setPayments(pays);
    }
    for (let q = 0; q < 25; q++) {
      const raw = query(rng, tools);
      expectSameAsOracle(sorting, tools, pays, raw, NOW, `seed ${seed}, query ${JSON.stringify(raw)}, sorting`);
      expectSameAsOracle(walking, tools, pays, raw, NOW, `seed ${seed}, query ${JSON.stringify(raw)}, rank walk`);
    }
  });

  it("agrees past the sort limit, where pages come from the rank walk", () => {
    const rng = seededRandom(42);
    const tools = Array.from({ length: 6000 }, (_, i) => tool(rng, `big-${String(i).padStart(5, "0")}`));
    const pays = payments(rng, tools);
    const index = new TextIndex();
    for (const t of tools) index.upsert(t);
    index.setPayments(pays);
    for (const raw of ["a", "app", "note", "ai team", "design app team", "c++ code"]) {
      expect(oracle(tools, pays, raw, NOW).length, raw).toBeGreaterThan(0);
      expectSameAsOracle(index, tools, pays, raw, NOW, `6000 tools, query ${JSON.stringify(raw)}`);
    }
  });
});

describe("TextIndex keeps in step with changes", () => {
  const make = (id: string, fields: Partial<IndexedTool> = {}): IndexedTool => ({
    id,
    createdAt: NOW,
    name: id,
    tagline: "",
    description: "",
    categories: "",
    tags: "",
    ...fields,
  });

  it("replaces a tool's text on upsert and forgets it on remove", () => {
    const index = new TextIndex();
    index.upsert(make("one", { name: "quokka keeper" }));
    index.upsert(make("two", { name: "wombat", createdAt: NOW - DAY }));
    expect(index.search("quokka", NOW, { page: 1, pageSize: 10 }).hits.map((h) => h.id)).toEqual(["one"]);

    index.upsert(make("one", { name: "wombat walker" }));
    expect(index.size).toBe(2);
    expect(index.search("quokka", NOW, { page: 1, pageSize: 10 })).toEqual({ hits: [], total: 0 });
    expect(index.search("wombat", NOW, { page: 1, pageSize: 10 }).hits.map((h) => h.id)).toEqual(["one", "two"]);

    index.remove("one");
    index.remove("absent");
    expect(index.size).toBe(1);
    expect(index.has("one")).toBe(false);
    expect(index.search("wombat", NOW, { page: 1, pageSize: 10 }).hits.map((h) => h.id)).toEqual(["two"]);
    expect(index.search("walker", NOW, { page: 1, pageSize: 10 }).total).toBe(0);
  });

  it("answers as the core rules do after every tool was rewritten and a third removed", () => {
    const rng = seededRandom(99);
    const tools = Array.from({ length: 60 }, (_, i) => tool(rng, `c${i}`));
    const index = new TextIndex();
    for (const t of tools) index.upsert(t);
    const current = tools.map((t, i) => ({ ...tool(rng, t.id), createdAt: t.createdAt + i }));
    for (const t of current) index.upsert(t);
    const kept = current.filter((_, i) => i % 3 !== 0);
    for (const t of current) if (!kept.includes(t)) index.remove(t.id);
    const pays = payments(rng, kept);
    index.setPayments(pays);
    expect({ size: index.size, slots: index.slots }).toEqual({ size: kept.length, slots: 120 });
    for (let q = 0; q < 20; q++) {
      const raw = query(rng, kept);
      expectSameAsOracle(index, kept, pays, raw, NOW, `after rewrites, ${JSON.stringify(raw)}`);
    }
  });

  it("orders featured tools first while their year runs, and not after it ends", () => {
    const index = new TextIndex();
    index.upsert(make("old-paid", { name: "notes", createdAt: NOW - 10 * DAY }));
    index.upsert(make("new", { name: "notes", createdAt: NOW }));
    const paidAt = NOW - 100 * DAY;
    index.setPayments([{ toolId: "old-paid", amountCents: 4900, paidAt }]);
    const order = (now: number) => index.search("notes", now, { page: 1, pageSize: 10 }).hits.map((h) => h.id);
    expect(order(NOW)).toEqual(["old-paid", "new"]);
    expect(order(paidAt + FEATURED_DURATION_MS - 1)).toEqual(["old-paid", "new"]);
    expect(order(paidAt + FEATURED_DURATION_MS)).toEqual(["new", "old-paid"]);
    // A clock moved back brings the running year back.
    expect(order(NOW)).toEqual(["old-paid", "new"]);
  });

  it("re-ranks when the payments change, also after being given the same ones in another order", () => {
    const index = new TextIndex();
    index.upsert(make("a", { name: "notes", createdAt: NOW - 2 * DAY }));
    index.upsert(make("b", { name: "notes", createdAt: NOW - DAY }));
    index.upsert(make("c", { name: "notes", createdAt: NOW }));
    const order = () => index.search("notes", NOW, { page: 1, pageSize: 10 }).hits.map((h) => h.id);
    const pays = [
      { toolId: "a", amountCents: 1900, paidAt: NOW - DAY },
      { toolId: "b", amountCents: 4900, paidAt: NOW - DAY },
    ];
    index.setPayments(pays);
    expect(order()).toEqual(["b", "a", "c"]);
    index.setPayments([...pays].reverse());
    expect(order()).toEqual(["b", "a", "c"]);
    index.setPayments([...pays, { toolId: "a", amountCents: 4900, paidAt: NOW - 2 * DAY }]);
    expect(order()).toEqual(["a", "b", "c"]);
    index.setPayments([]);
    expect(order()).toEqual(["c", "b", "a"]);
  });

  it("ignores payments for tools it does not hold", () => {
    const index = new TextIndex();
    index.upsert(make("held", { name: "notes" }));
    index.setPayments([{ toolId: "elsewhere", amountCents: 9900, paidAt: NOW - DAY }]);
    expect(index.search("notes", NOW, { page: 1, pageSize: 10 })).toEqual({ hits: [{ id: "held", score: 8 }], total: 1 });
  });

  it("answers nothing for an empty query and for pages past the end", () => {
    const index = new TextIndex();
    index.upsert(make("one", { name: "notes" }));
    expect(index.search("", NOW, { page: 1, pageSize: 10 })).toEqual({ hits: [], total: 0 });
    expect(index.search("notes", NOW, { page: 2, pageSize: 10 })).toEqual({ hits: [], total: 1 });
  });
});
