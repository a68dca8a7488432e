import { beforeAll, describe, expect, it, vi } from "vitest";
import { CATEGORIES, type CategorySlug } from "../../core/categories.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { compareRanked, normalizeQuery, scoreTool, type RankedTool } from "../../core/search.ts";
import { PUBLIC_STATUSES, type ToolStatus } from "../../core/tool.ts";
import { addPaidOrder, addTools, addToolsFromAnotherInstance, DAY_MS, makeTool } from "../../tests/support/catalog.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { descriptionText } from "../catalog/description.ts";
import { markCatalogChanged } from "../catalog/freshness.ts";
import { changeCatalog } from "../catalog/change.ts";
import { insertPaidOrder, type NewTool } from "../catalog/write.ts";
import { reindexTools } from "./indexer.ts";

// Search against its oracle: for random catalogues and queries, the in-memory index loaded from
// either engine must give exactly what scoring every public tool with core/search.ts's rules and
// sorting with compareRanked gives.
//
// Reproduce a failure with the seed from its message:
//   SEARCH_PROPERTY_SEED=<seed> SEARCH_PROPERTY_RUNS=1 npx vitest run --project 'integration-*' server/search/synced-index.property.int.test.ts

const BASE_SEED = Number(process.env.SEARCH_PROPERTY_SEED ?? 20_261_122);
const RUNS = Number(process.env.SEARCH_PROPERTY_RUNS ?? 25);
const QUERIES_PER_CATALOGUE = 30;
const HOUR_MS = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 5, 1);
const CATEGORY_NAMES = new Map<string, string>(CATEGORIES.map((c) => [c.slug, c.name]));

/** mulberry32: small, fast, and the same sequence for a seed on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    const n = Math.min(int(min, max), pool.length);
    while (out.length < n) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, chance, some };
}
type Rng = ReturnType<typeof prng>;

// A small vocabulary, so words collide often: short words, words inside other words
// (note/notes/keynote, map/mapper, sign/design, code/decode/codec, base/database), mixed case,
// punctuation, SQL and FTS specials, words that are also inside category names ("ai",
// "design", "learning", "management", "media"), and a few non-ASCII letters.
const WORDS = [
  "ai", "AI", "ui", "UI", "x", "X", "go", "an", "a",
  "note", "notes", "Note", "NOTES", "keynote", "KeyNote", "notion", "Notion",
  "app", "apps", "map", "mapper", "Maps", "data", "database", "DataBase", "base",
  "design", "Designer", "sign", "code", "decode", "codec", "Code",
  "chat", "GPT", "chatgpt", "team", "steam", "teams", "cloud", "loud",
  "edit", "editor", "credit", "pro", "proto", "Prototype",
  "learning", "machine", "management", "project", "media", "social", "content", "support",
  "C++", "node.js", "e-mail", "mail", "to-do", "todo", "(beta)", "v2.0", "50%", "snake_case",
  "it's", "\"quoted\"", "a&b", "Café", "café", "naïve",
] as const;
// Query words that no catalogue contains.
const ABSENT = ["zebra", "qq", "quux", "xylophone", "z", "%%", "__", "nope"];
const STATUSES: ToolStatus[] = ["approved", "approved", "approved", "verified", "verified", "pending", "rejected"];
const SEPARATORS = [" ", " ", " ", " - ", ": ", ", ", "  ", "/", " & "];

function phrase(rng: Rng, min: number, max: number): string {
  const n = rng.int(min, max);
  let text = rng.pick(WORDS) as string;
  for (let i = 1; i < n; i++) text += rng.pick(SEPARATORS) + rng.pick(WORDS);
  return text;
}

function description(rng: Rng): string {
  const text = () => phrase(rng, 3, 12);
  switch (rng.int(0, 9)) {
    case 0:
      return `<p>${text()} <strong>${rng.pick(WORDS)}</strong> ${text()}</p><ul><li>${text()}</li><li>${rng.pick(WORDS)}</li></ul>`;
    case 1:
      // Markup and script text must never match: only what a reader sees is searched.
      return `<p>${text()}</p><script>keynote("${rng.pick(WORDS)}")</script><a href="https://notion.example/${rng.pick(["ai", "data", "code"])}">${text()}</a>`;
    case 2:
      return `<div>${rng.pick(WORDS)}</div><div>${rng.pick(WORDS)}</div> &amp; ${text()} &lt;tag&gt;`;
    case 3:
      return `${text()}\n\n${text()}\t${text()}`;
    case 4:
      return "";
    default:
      return `${text()}. ${text()}.`;
  }
}

interface Generated {
  tool: NewTool;
  orders: { amountUsd: number; paidAt: number }[];
}

function catalogue(rng: Rng, seed: number, now: number): Generated[] {
  const count = rng.int(30, 80);
  return Array.from({ length: count }, (_, i) => {
    const name = phrase(rng, 1, 3);
    const tagline = rng.chance(0.1) ? `${rng.pick(WORDS)}\u00a0${rng.pick(WORDS)}  ${phrase(rng, 1, 3)}` : phrase(rng, 2, 6);
    // Tags are distinct strings (the table's key), though "AI" and "ai" may both be there.
    const tags = rng.some(WORDS, 0, 4) as string[];
    const categories = rng.some(CATEGORIES.map((c) => c.slug), 1, 3) as CategorySlug[];
    const tool = makeTool({
      name,
      slug: `p${seed}-${i}`,
      tagline,
      description: description(rng),
      categories,
      tags,
      status: rng.pick(STATUSES),
      upvotesCount: rng.int(0, 50),
      // Few distinct times, so equal scores often fall through to the id.
      createdAt: BASE + rng.int(0, 5) * HOUR_MS,
    });
    const orders: Generated["orders"] = [];
    if (rng.chance(0.25)) {
      for (let n = rng.int(1, 2); n > 0; n--) {
        const running = rng.chance(0.65);
        orders.push({
          // Few distinct prices, so equal weights fall through to the date.
          amountUsd: rng.pick([19, 49, 49, 99]),
          paidAt: running ? now - rng.int(1, 360) * DAY_MS - rng.int(0, 1000) : now - rng.int(367, 700) * DAY_MS,
        });
      }
    }
    return { tool, orders };
  });
}

function query(rng: Rng, tools: Generated[]): string {
  const kind = rng.int(0, 9);
  let q: string;
  if (kind <= 1) {
    // Part of a real name or tagline: whole-query (phrase) matches.
    const t = rng.pick(tools).tool;
    const source = rng.chance(0.5) ? t.name : t.tagline;
    const words = source.split(/\s+/).filter(Boolean);
    const start = rng.int(0, Math.max(0, words.length - 1));
    q = words.slice(start, start + rng.int(1, 2)).join(" ");
  } else if (kind === 2) {
    q = rng.pick(ABSENT) + (rng.chance(0.5) ? ` ${rng.pick(WORDS)}` : "");
  } else if (kind === 3) {
    q = rng.pick(["ai", "ui", "x", "a", "go", "an", "AI", "X", "z", "%", "_", "&", "."]);
  } else {
    q = Array.from({ length: rng.int(1, 3) }, () => rng.pick(WORDS)).join(rng.pick([" ", "  ", " \t ", "\u00a0"]));
  }
  if (rng.chance(0.2)) q = q.toUpperCase();
  if (rng.chance(0.2)) q = `  ${q} `;
  return q;
}

interface Expected {
  id: string;
  score: number;
}

/** What search must answer, by brute force over every public tool with the core rules. */
function oracle(generated: Generated[], normalized: string, now: number): Expected[] {
  const ranked: RankedTool[] = [];
  for (const { tool, orders } of generated) {
    if (!(PUBLIC_STATUSES as readonly string[]).includes(tool.status)) continue;
    const score = scoreTool(
      {
        name: tool.name,
        tagline: tool.tagline,
        description: descriptionText(tool.description),
        categories: tool.categories.map((slug) => CATEGORY_NAMES.get(slug)!),
        tags: tool.tags,
      },
      normalized,
    );
    if (score <= 0) continue;
    const running = orders.filter((o) => o.paidAt > now - FEATURED_DURATION_MS && o.paidAt <= now);
    ranked.push({
      score,
      featured: running.length > 0,
      featuredPriceCents: running.reduce((sum, o) => sum + o.amountUsd * 100, 0),
      createdAt: tool.createdAt,
      id: tool.id,
    });
  }
  return ranked.sort(compareRanked).map((r) => ({ id: r.id, score: r.score }));
}

async function clearCatalogue(server: TestServer) {
  const { db } = server.services.database;
  await db.deleteFrom("orders").execute();
  // Categories, tags and the search index row go with the tool (ON DELETE CASCADE).
  await db.deleteFrom("tools").execute();
  server.services.freshness.changed();
}

async function load(server: TestServer, generated: Generated[]) {
  await addTools(server.services, generated.map((g) => g.tool));
  for (const { tool, orders } of generated) {
    for (const order of orders) await addPaidOrder(server.services, tool, order.amountUsd, order.paidAt);
  }
}

describe("search agrees with the core scoring rules (property)", () => {
  const testServer = useTestServer();
  let server: TestServer;
  beforeAll(() => {
    server = testServer();
  });

  const seeds = Array.from({ length: RUNS }, (_, i) => BASE_SEED + i);
  it.each(seeds)("catalogue with seed %i", async (seed) => {
    const rng = prng(seed);
    const now = Date.now();
    const generated = catalogue(rng, seed, now);
    await clearCatalogue(server);
    const { db } = server.services.database;
    expect(await db.selectFrom("tool_search").select("tool_id").execute(), `seed ${seed}: the index emptied with the tools`).toEqual([]);
    await load(server, generated);
    const publicCount = generated.filter((g) => (PUBLIC_STATUSES as readonly string[]).includes(g.tool.status)).length;
    const indexed = await db.selectFrom("tool_search").select("tool_id").execute();
    expect(indexed.length, `seed ${seed}: one index row per public tool`).toBe(publicCount);

    for (let i = 0; i < QUERIES_PER_CATALOGUE; i++) {
      const raw = query(rng, generated);
      const normalized = normalizeQuery(raw);
      const where = `seed ${seed}, query #${i} ${JSON.stringify(raw)} (normalised ${JSON.stringify(normalized)})`;
      const expected = oracle(generated, normalized, now);

      const all = await server.services.search.find(normalized, now, { page: 1, pageSize: 1000 });
      expect(
        all.items.map((t) => ({ id: t.id, score: t.score })),
        `${where}: ids, order and scores`,
      ).toEqual(expected);
      expect(all.total, `${where}: total`).toBe(expected.length);

      const second = await server.services.search.find(normalized, now, { page: 2, pageSize: 7 });
      expect(
        second.items.map((t) => ({ id: t.id, score: t.score })),
        `${where}: page 2 of 7`,
      ).toEqual(expected.slice(7, 14));
      expect(second.total, `${where}: total on page 2`).toBe(expected.length);
    }
  });
});

/** A tool's score by the core rules. */
function scoreOf(tool: NewTool, normalized: string): number {
  return oracle([{ tool: { ...tool, status: "approved" }, orders: [] }], normalized, Date.now())[0]?.score ?? 0;
}

describe("the search index stays in step with the catalogue", () => {
  const testServer = useTestServer();
  let server: TestServer;
  beforeAll(() => {
    server = testServer();
  });

  const search = (q: string) =>
    server.services.search.find(normalizeQuery(q), server.services.now(), { page: 1, pageSize: 100 });
  const ids = async (q: string) => (await search(q)).items.map((t) => t.id);

  it("forgets a deleted tool (the index row cascades), and its words do not find the tool stored after it", async () => {
    const keep = makeTool({ name: "Quokka Keeper", tagline: "Keeps the quokka", tags: ["wombat"], createdAt: BASE });
    const gone = makeTool({ name: "Quokka Goner", tagline: "Wombat tracker", tags: ["platypus"], createdAt: BASE + HOUR_MS });
    await addTools(server.services, [keep, gone]);
    // The keeper also has the word in its tagline, so it ranks first.
    expect(await ids("quokka")).toEqual([keep.id, gone.id]);
    expect(await ids("platypus")).toEqual([gone.id]);

    const { db } = server.services.database;
    await db.deleteFrom("tools").where("id", "=", gone.id).execute();
    server.services.freshness.changed();
    expect(await db.selectFrom("tool_search").select("tool_id").where("tool_id", "=", gone.id).execute()).toEqual([]);
    expect(await ids("quokka")).toEqual([keep.id]);
    expect(await ids("platypus")).toEqual([]);
    expect((await search("platypus")).total).toBe(0);
    expect((await search("wombat")).items.map((t) => ({ id: t.id, score: t.score }))).toEqual([{ id: keep.id, score: scoreOf(keep, "wombat") }]);

    // The deleted tool's place in the index is retired, not handed on: the tool stored after it
    // must not inherit its words.
    const next = makeTool({ name: "Echidna", tagline: "Spiny", tags: ["monotreme"], createdAt: BASE + 2 * HOUR_MS });
    await addTools(server.services, [next]);
    expect(await ids("platypus")).toEqual([]);
    expect(await ids("goner")).toEqual([]);
    expect(await ids("echidna")).toEqual([next.id]);
  });

  // As every catalogue write does: reindex in the write, then tell this instance's freshness.
  const reindex = async (id: string) => {
    await reindexTools(server.services.database.db, [id], server.services.now());
    server.services.freshness.changed();
  };

  it("shows a pending tool made public only once reindexTools runs: the indexer is the one way in", async () => {
    const pending = makeTool({ name: "Narwhal Notes", tagline: "Tusk-grade notes", description: "Notes for the Arctic.", status: "pending", createdAt: BASE });
    await addTools(server.services, [pending]);
    expect(await ids("narwhal")).toEqual([]);

    const { db } = server.services.database;
    await db.updateTable("tools").set({ status: "approved" }).where("id", "=", pending.id).execute();
    server.services.freshness.changed();
    // Public now, but not yet indexed: search does not see it.
    expect(await ids("narwhal")).toEqual([]);

    await reindex(pending.id);
    const found = await search("narwhal");
    expect(found.items.map((t) => ({ id: t.id, score: t.score }))).toEqual([{ id: pending.id, score: scoreOf(pending, "narwhal") }]);
    expect(found.total).toBe(1);

    // The indexer also takes the current text, and takes a tool out once it is no longer public.
    await db.updateTable("tools").set({ name: "Beluga Notes" }).where("id", "=", pending.id).execute();
    await reindex(pending.id);
    expect(await ids("narwhal")).toEqual([]);
    expect(await ids("beluga")).toEqual([pending.id]);
    await db.updateTable("tools").set({ status: "rejected" }).where("id", "=", pending.id).execute();
    await reindex(pending.id);
    expect(await ids("beluga")).toEqual([]);
    expect((await search("beluga")).total).toBe(0);
  });
});

describe("search returns only tools that score", () => {
  const testServer = useTestServer();
  let server: TestServer;
  // JavaScript's toLowerCase leaves "ſ" (long s) alone and lowercases a final capital sigma to
  // "ς"; an index that folds characters otherwise (SQLite's trigram tokenizer folds "ſ" → "s" and
  // "ς" → "σ") would find more than the substring test the score is made of.
  const star = makeTool({ name: "Star Tracker", tagline: "Follows stars", description: "Sky charts.", tags: ["astronomy"] });
  const greek = makeTool({ name: "ΟΔΟΣ Maps", tagline: "Street maps", description: "Greek roads.", tags: ["travel"] });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [star, greek]);
  });

  it.each(["ſtar", "ſtar tracker", "οδοσ", "ΟΔΟΣ", "οδος"])("answers %j exactly as the core rules score it", async (raw) => {
    const normalized = normalizeQuery(raw);
    const expected = oracle([{ tool: star, orders: [] }, { tool: greek, orders: [] }], normalized, Date.now());
    const result = await server.services.search.find(normalized, server.services.now(), { page: 1, pageSize: 100 });
    expect(result.items.map((t) => ({ id: t.id, score: t.score })), `query ${JSON.stringify(raw)}`).toEqual(expected);
    expect(result.total, `query ${JSON.stringify(raw)}: total`).toBe(expected.length);
  });
});

describe("the search index follows other instances' writes", () => {
  // Polling on every look, so another instance's write shows at the next search.
  const testServer = useTestServer({ configure: (config) => (config.cache.pollMs = 0) });
  let server: TestServer;
  beforeAll(() => {
    server = testServer();
  });

  const search = (q: string) => server.services.search.find(normalizeQuery(q), server.services.now(), { page: 1, pageSize: 100 });
  const ids = async (q: string) => (await search(q)).items.map((t) => t.id);
  it("sees an insert, a rename, a payment and a deletion made elsewhere", async () => {
    const { db } = server.services.database;
    const first = makeTool({ name: "Axolotl Atlas", tagline: "Maps of lakes", createdAt: BASE });
    const second = makeTool({ name: "Axolotl Almanac", tagline: "Lake dates", createdAt: BASE + HOUR_MS });
    await addToolsFromAnotherInstance(server.services, [first, second]);
    expect(await ids("axolotl")).toEqual([second.id, first.id]);

    await db.transaction().execute(async (trx) => {
      await trx.updateTable("tools").set({ name: "Salamander Atlas", description: "Maps." }).where("id", "=", first.id).execute();
      await reindexTools(trx, [first.id], server.services.now());
    });
    expect(await ids("axolotl")).toEqual([second.id]);
    expect(await ids("salamander")).toEqual([first.id]);

    // Equal scores: the newer first, until the older one is paid for.
    expect(await ids("lake")).toEqual([second.id, first.id]);
    // As another instance would: without telling this one.
    await changeCatalog({ database: server.services.database, now: server.services.now }, (write) =>
      insertPaidOrder(write, { toolId: first.id, toolName: first.name, amountCents: 4900, provider: "test", sessionId: `s_${first.id}`, paidAt: server.services.now() - DAY_MS }),
    );
    expect(await ids("lake")).toEqual([first.id, second.id]);

    // A deletion leaves no row to read: the row count tells.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("orders").where("tool_id", "=", first.id).execute();
      await trx.deleteFrom("tools").where("id", "=", first.id).execute();
      await markCatalogChanged(trx, server.services.now());
    });
    expect(await ids("lake")).toEqual([second.id]);
    expect((await search("salamander")).total).toBe(0);
    expect(server.services.search.stats().tools).toBe(1);
  });

  it("rebuilds once replaced entries outnumber live ones, and answers the same", async () => {
    const { db } = server.services.database;
    const tools = Array.from({ length: 400 }, (_, i) =>
      makeTool({ name: `Gecko ${i}`, tagline: i % 2 ? "climbs walls" : "eats flies", createdAt: BASE + i * HOUR_MS }),
    );
    await addTools(server.services, tools);
    const before = await search("gecko walls");
    expect(before.total).toBe(400);
    const { tools: live, slots: start } = server.services.search.stats();

    // Every tool stored again, three times, by another instance: 1,200 replaced entries.
    for (let round = 1; round <= 3; round++) {
      await db.transaction().execute((trx) => reindexTools(trx, tools.map((t) => t.id), server.services.now()));
      const during = await search("gecko walls");
      expect(during.items.map((t) => [t.id, t.score]), `round ${round}`).toEqual(before.items.map((t) => [t.id, t.score]));
      if (round < 3) expect(server.services.search.stats(), `round ${round}`).toEqual({ tools: live, slots: start + 400 * round });
    }
    // The third sync left 1,200 retired slots for ~400 live tools: a rebuild runs in the background.
    await vi.waitFor(() => expect(server.services.search.stats()).toEqual({ tools: live, slots: live }), { timeout: 10_000 });
    const after = await search("gecko walls");
    expect(after.items.map((t) => [t.id, t.score])).toEqual(before.items.map((t) => [t.id, t.score]));
    expect(after.total).toBe(before.total);
  });
});
