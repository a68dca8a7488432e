// `node scripts/bench/search.ts [--engine sqlite|postgres|both] [--tools 100000] [--queries 1000]`:
// search latency against a synthetic catalogue, per engine, in-process (the search index's `find`) and over
// HTTP (`/api/v1/search` of the production server), against the target "p95 < 25 ms at 100,000
// tools"; and the bytes of a search answer against the bytes of the whole public catalogue (what a
// client-side search would download). See docs/design.md#measuring-speed: the app
// server runs on core 0, this process on core 1. Queries are sent one at a time (latency, not
// throughput). Only 127.0.0.1 is contacted.
//
// Per engine: a fresh database (SQLite: a temp DATA_DIR; PostgreSQL: a fresh schema in
// postgres://postgres@127.0.0.1:5432/test, dropped at the end), seeded with
// scripts/seed-synthetic.ts and ANALYZEd; queries built deterministically from the catalogue's own
// text (seeded PRNG), so both engines get the same queries.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { sql } from "kysely";
import pg from "pg";
import { normalizeQuery } from "../../core/search.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase, type Database } from "../../server/db/index.ts";
import { createCatalogFreshness } from "../../server/catalog/freshness.ts";
import { createLogger } from "../../server/logger.ts";
import { createToolSearch } from "../../server/search/synced-index.ts";
import { seededRandom } from "../../server/seed/synthetic.ts";
import { pad, fail, get, HOST, kb, lpad, root, run, runPinned, startApp, stop, USER_AGENT } from "./lib.ts";

type Engine = "sqlite" | "postgres";

/** The database the PostgreSQL runs use; each run works in a fresh schema of it. */
const POSTGRES_URL = `postgres://postgres@${HOST}:5432/test`;
const TARGET_P95_MS = 25;
const TARGET_TOOLS = 100_000;
const WARMUP_QUERIES = 50;
const PAGE_SIZE = 20;
/** The seed of the query generator: the same catalogue gives the same queries. */
const QUERY_SEED = 20_261_122;
const API_HEADERS = { "user-agent": USER_AGENT, accept: "application/json" };
const PAGE_HEADERS = { "user-agent": USER_AGENT, accept: "text/html" };
/** Two-letter searches people type; those found in the catalogue's text are added to these. */
const TWO_LETTER_WORDS = ["ai", "ui", "ux", "js", "hr", "ar"];

// ---------------------------------------------------------------------------------------------
// Arguments.

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "both" },
    tools: { type: "string", default: String(TARGET_TOOLS) },
    queries: { type: "string", default: "1000" },
  },
});
const engines: Engine[] =
  values.engine === "both" ? ["sqlite", "postgres"] : values.engine === "sqlite" || values.engine === "postgres" ? [values.engine] : [];
const toolCount = Number(values.tools);
const queryCount = Number(values.queries);
if (engines.length === 0) fail("--engine must be sqlite, postgres or both");
if (!Number.isInteger(toolCount) || toolCount < 100 || toolCount > 2_000_000) fail("--tools must be a whole number from 100 to 2000000");
if (!Number.isInteger(queryCount) || queryCount < 10 || queryCount > 100_000) fail("--queries must be a whole number from 10 to 100000");

// ---------------------------------------------------------------------------------------------
// What must be undone on every way out: open database handles and PostgreSQL schemas (the child
// processes and the temp dir are lib.ts's).

const openDatabases = new Set<Database>();
const schemas = new Set<string>();

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function closeDatabase(database: Database): Promise<void> {
  if (!openDatabases.delete(database)) return;
  await database.close();
}

async function dropSchema(schema: string): Promise<void> {
  if (!schemas.has(schema)) return;
  await adminQuery(`drop schema if exists "${schema}" cascade`);
  schemas.delete(schema);
  console.log(`dropped schema ${schema}`);
}

async function cleanup(): Promise<void> {
  for (const database of [...openDatabases]) await closeDatabase(database).catch(() => {});
  for (const schema of [...schemas]) {
    await dropSchema(schema).catch((error: unknown) =>
      console.error(`could not drop schema ${schema}: ${error instanceof Error ? error.message : error}`),
    );
  }
}

/** On an exit that cannot wait: psql, if there is one, drops what is left. */
function lastResort(): void {
  for (const schema of schemas) {
    spawnSync("psql", [POSTGRES_URL, "-qc", `drop schema if exists "${schema}" cascade`], { stdio: "ignore", timeout: 10_000 });
  }
}

// ---------------------------------------------------------------------------------------------
// The catalogue's text and the queries built from it.

interface SearchRow {
  name: string;
  tagline: string;
  description: string;
  categories: string;
  tags: string;
}

/** The text search looks at (tool_search: one row per public tool, lower-cased), in a stable order. */
async function catalogueText(database: Database): Promise<SearchRow[]> {
  const rows = await database.db
    .selectFrom("tool_search")
    .select(["name", "tagline", "description", "categories", "tags"])
    .execute();
  // Names end in the tool's number, so they are distinct; code-unit order is the same on both engines.
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const TOKEN = /[\p{L}\p{N}]+/gu;
const LETTERS = /^\p{L}+$/u;

interface Vocabulary {
  /** Letter-only words of 3+ letters, most frequent first. */
  words: string[];
  /** Running totals of the words' occurrences, for drawing a word as often as the text uses it. */
  cumulative: number[];
  /** In how many tools each token (any length, letters or digits) appears. */
  documents: Map<string, number>;
  /** Words found in under 1 % of the tools. */
  rare: string[];
  twoLetter: string[];
}

function vocabulary(rows: SearchRow[]): Vocabulary {
  const occurrences = new Map<string, number>();
  const documents = new Map<string, number>();
  for (const row of rows) {
    const seen = new Set<string>();
    for (const field of [row.name, row.tagline, row.description, row.categories, row.tags]) {
      for (const [token] of field.matchAll(TOKEN)) {
        occurrences.set(token, (occurrences.get(token) ?? 0) + 1);
        seen.add(token);
      }
    }
    for (const token of seen) documents.set(token, (documents.get(token) ?? 0) + 1);
  }
  const byCount = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const entries = [...occurrences].filter(([w]) => LETTERS.test(w) && [...w].length >= 3).sort(byCount);
  let total = 0;
  const cumulative = entries.map(([, n]) => (total += n));
  const rare = entries.filter(([w]) => (documents.get(w) ?? 0) < rows.length / 100).map(([w]) => w);
  const found = [...occurrences].filter(([w]) => LETTERS.test(w) && [...w].length === 2).sort(byCount).map(([w]) => w);
  return {
    words: entries.map(([w]) => w),
    cumulative,
    documents,
    rare: rare.sort(),
    twoLetter: [...new Set([...TWO_LETTER_WORDS, ...found])],
  };
}

const KINDS = {
  common: { share: 0.5, about: "1-3 words drawn as often as the catalogue uses them" },
  phrase: { share: 0.1, about: "2-3 consecutive words of a tool's tagline" },
  rare: { share: 0.15, about: "a word in < 1 % of tools (mostly name parts), 30 % with a common word" },
  name: { share: 0.05, about: "a tool's whole name (two words and its number)" },
  typo: { share: 0.1, about: "a common word of 5+ letters with two letters swapped or one dropped, 30 % + a word" },
  "two-letter": { share: 0.05, about: "a two-letter word (ai, ui, ux…), 40 % with a common word" },
  nonsense: { share: 0.05, about: "made-up letters that are no word of the catalogue" },
} as const;
type Kind = keyof typeof KINDS;

interface Query {
  kind: Kind;
  text: string;
}

function buildQueries(rows: SearchRow[], vocab: Vocabulary, count: number, warmup: number): { queries: Query[]; warmup: Query[] } {
  const rng = seededRandom(QUERY_SEED);
  const index = (n: number) => Math.floor(rng() * n);
  const total = vocab.cumulative[vocab.cumulative.length - 1] ?? 0;
  if (vocab.words.length === 0 || rows.length === 0) throw new Error("the catalogue has no words to search for");

  /** A word drawn in proportion to its occurrences (binary search over the running totals). */
  function common(): string {
    const x = rng() * total;
    let lo = 0;
    let hi = vocab.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (vocab.cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return vocab.words[lo]!;
  }
  function commonWords(n: number): string[] {
    const out = new Set<string>();
    for (let attempt = 0; out.size < n && attempt < 50; attempt++) out.add(common());
    return [...out];
  }
  const known = (word: string) => vocab.documents.has(word);

  const makers: Record<Kind, () => string> = {
    common() {
      const r = rng();
      return commonWords(r < 0.55 ? 1 : r < 0.85 ? 2 : 3).join(" ");
    },
    phrase() {
      for (let attempt = 0; attempt < 20; attempt++) {
        const words = [...rows[index(rows.length)]!.tagline.matchAll(TOKEN)].map(([w]) => w);
        const length = rng() < 0.6 ? 2 : 3;
        if (words.length < length) continue;
        const from = index(words.length - length + 1);
        return words.slice(from, from + length).join(" ");
      }
      return commonWords(2).join(" ");
    },
    rare() {
      const word = vocab.rare.length > 0 ? vocab.rare[index(vocab.rare.length)]! : vocab.words[vocab.words.length - 1]!;
      return rng() < 0.3 ? `${word} ${common()}` : word;
    },
    name() {
      return rows[index(rows.length)]!.name;
    },
    typo() {
      let typo = "";
      for (let attempt = 0; attempt < 20; attempt++) {
        const word = common();
        const letters = [...word];
        if (letters.length < 5) continue;
        const at = 1 + index(letters.length - 2);
        if (rng() < 0.5) [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
        else letters.splice(at, 1);
        typo = letters.join("");
        if (typo !== word && !known(typo)) break;
      }
      if (typo === "") typo = "managment";
      return rng() < 0.3 ? `${typo} ${common()}` : typo;
    },
    "two-letter"() {
      const word = vocab.twoLetter[index(vocab.twoLetter.length)]!;
      return rng() < 0.4 ? `${word} ${common()}` : word;
    },
    nonsense() {
      const consonants = "bcdfghjklmnpqrstvwxz";
      const vowels = "aeiouy";
      let word = "";
      for (let attempt = 0; attempt < 20; attempt++) {
        word = "";
        const syllables = 2 + index(3);
        for (let s = 0; s < syllables; s++) word += consonants[index(consonants.length)]! + vowels[index(vowels.length)]!;
        if (rng() < 0.5) word += consonants[index(consonants.length)]!;
        if (!known(word)) break;
      }
      return word;
    },
  };

  /** Exactly each kind's share of `n` (the rounding goes to "common"), shuffled. */
  function batch(n: number): Query[] {
    const kinds: Kind[] = [];
    for (const kind of Object.keys(KINDS) as Kind[]) {
      if (kind === "common") continue;
      for (let i = 0; i < Math.round(KINDS[kind].share * n); i++) kinds.push(kind);
    }
    while (kinds.length < n) kinds.push("common");
    kinds.length = n;
    for (let i = kinds.length - 1; i > 0; i--) {
      const j = index(i + 1);
      [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
    }
    return kinds.map((kind) => ({ kind, text: makers[kind]() }));
  }
  const queries = batch(count);
  return { queries, warmup: batch(warmup) };
}

function printMix(queries: Query[], warmup: number, vocab: Vocabulary, tools: number): void {
  const fingerprint = crypto.createHash("sha256").update(queries.map((q) => q.text).join("\n")).digest("hex").slice(0, 12);
  console.log(`\nqueries: ${queries.length} (seed ${QUERY_SEED}, fingerprint ${fingerprint}), plus ${warmup} others to warm up`);
  const df = (w: string) => `${((100 * (vocab.documents.get(w) ?? 0)) / tools).toFixed(0)}%`;
  console.log(`  most used words (share of tools containing them): ${vocab.words.slice(0, 8).map((w) => `${w} ${df(w)}`).join(", ")}`);
  console.log(`  rare words: ${vocab.rare.length} words in < 1 % of tools, e.g. ${vocab.rare.slice(0, 5).join(", ")}`);
  console.log(`  ${pad("kind", 11)} ${lpad("count", 5)} ${lpad("share", 6)}  ${pad("words 1/2/3+", 13)} examples`);
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const of = queries.filter((q) => q.kind === kind);
    const words = [1, 2, 3].map((n) => of.filter((q) => (n < 3 ? q.text.split(" ").length === n : q.text.split(" ").length >= 3)).length);
    const examples = [...new Set(of.map((q) => q.text))].slice(0, 4).map((t) => `"${t}"`).join(", ");
    console.log(
      `  ${pad(kind, 11)} ${lpad(String(of.length), 5)} ${lpad(`${((100 * of.length) / queries.length).toFixed(1)}%`, 6)}  ${pad(words.join("/"), 13)} ${examples}`,
    );
    console.log(`  ${pad("", 11)} ${"".padEnd(5)} ${"".padEnd(6)}  ${pad("", 13)} (${KINDS[kind].about})`);
  }
  console.log(`  distinct queries: ${new Set(queries.map((q) => q.text)).size} of ${queries.length}`);
}

// ---------------------------------------------------------------------------------------------
// Statistics.

interface Timed {
  query: Query;
  ms: number;
  /** Matching tools in all. */
  total: number;
  /** Tools on the first page. */
  items: number;
  status?: number;
}

interface Summary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summarise(results: Timed[]): Summary {
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "n/a");
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Latencies of all results; matches of those that answered (HTTP errors have total -1). */
function printSummary(label: string, results: Timed[]): void {
  const s = summarise(results);
  const answered = results.filter((r) => r.total >= 0);
  const zero = answered.filter((r) => r.total === 0).length;
  console.log(
    `${label}: p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, p99 ${ms(s.p99)} ms, max ${ms(s.max)} ms; ` +
      `mean ${mean(answered.map((r) => r.total)).toFixed(0)} matching tools (${mean(answered.map((r) => r.items)).toFixed(1)} on page 1), ` +
      `${zero} queries with none`,
  );
}

function printByKind(results: Timed[]): void {
  console.log(`  ${pad("kind", 11)} ${lpad("n", 5)} ${lpad("p50", 8)} ${lpad("p95", 8)} ${lpad("max", 8)} ${lpad("mean matches", 13)}`);
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const of = results.filter((r) => r.query.kind === kind);
    if (of.length === 0) continue;
    const s = summarise(of);
    const matches = mean(of.filter((r) => r.total >= 0).map((r) => r.total));
    console.log(
      `  ${pad(kind, 11)} ${lpad(String(of.length), 5)} ${lpad(ms(s.p50), 8)} ${lpad(ms(s.p95), 8)} ${lpad(ms(s.max), 8)} ${lpad(matches.toFixed(0), 13)}`,
    );
  }
}

function printSlowest(label: string, results: Timed[], n = 10): void {
  console.log(`  slowest ${n} (${label}):`);
  console.log(`    ${lpad("ms", 8)} ${lpad("matches", 8)}  ${pad("kind", 11)} query`);
  for (const r of [...results].sort((a, b) => b.ms - a.ms).slice(0, n)) {
    console.log(`    ${lpad(ms(r.ms), 8)} ${lpad(String(r.total), 8)}  ${pad(r.query.kind, 11)} "${r.query.text}"`);
  }
}

// ---------------------------------------------------------------------------------------------
// One engine.

interface EngineResult {
  engine: Engine;
  tools: number;
  inProcess: Summary;
  http: Summary;
  non200: number;
}

const gzip = (body: Buffer | string) => zlib.gzipSync(body).length;

async function benchEngine(engine: Engine, tmp: string): Promise<EngineResult> {
  const node = process.execPath;
  console.log(`\n${"#".repeat(100)}\n# ${engine}\n${"#".repeat(100)}`);
  const dataDir = path.join(tmp, engine);
  fs.mkdirSync(dataDir, { recursive: true });
  // Only what is set here chooses the database: an inherited DATABASE_URL must not point elsewhere.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = { ...inherited, DATA_DIR: dataDir };
  let schema: string | null = null;
  if (engine === "postgres") {
    schema = `bench_search_${crypto.randomBytes(6).toString("hex")}`;
    schemas.add(schema);
    await adminQuery(`create schema "${schema}"`);
    env.DATABASE_URL = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    console.log(`schema ${schema} in ${POSTGRES_URL}`);
  }

  // 1. Seed and ANALYZE.
  console.log(`seeding ${toolCount} synthetic tools (${engine})`);
  await run(node, ["scripts/seed-synthetic.ts", "--count", String(toolCount)], env);
  const database = openDatabase(loadConfig(env).database);
  openDatabases.add(database);
  let started = performance.now();
  if (engine === "sqlite") {
    await sql`analyze`.execute(database.db);
  } else {
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(
      database.db,
    );
    for (const { name } of rows) await sql`analyze ${sql.id(name)}`.execute(database.db);
  }
  console.log(`ANALYZE: ${(performance.now() - started).toFixed(0)} ms`);

  // 2. Queries from the catalogue's own text.
  started = performance.now();
  const rows = await catalogueText(database);
  const vocab = vocabulary(rows);
  const { queries, warmup } = buildQueries(rows, vocab, queryCount, WARMUP_QUERIES);
  console.log(`${rows.length} public tools in the search index; queries built in ${(performance.now() - started).toFixed(0)} ms`);
  printMix(queries, warmup.length, vocab, rows.length);
  // The most used word is the "typical" search of step 5.
  const typicalWord = vocab.words[0]!;

  // What a client-side search would need besides the API's summaries: the text search looks at.
  const searchableJson = JSON.stringify(rows);
  const searchableBytes = Buffer.byteLength(searchableJson);
  const searchableGzip = gzip(searchableJson);

  // 3. In-process: the index as the server holds it, loaded from this database.
  const log = createLogger("warn");
  const search = createToolSearch(database, createCatalogFreshness(database, Date.now, log), log);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  started = performance.now();
  await search.warm(Date.now());
  const loadMs = performance.now() - started;
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  console.log(
    `\nsearch index loaded from ${engine} in ${(loadMs / 1000).toFixed(1)} s; heap +${heapMb.toFixed(0)} MB` +
      `${global.gc ? "" : " (without --expose-gc: includes garbage)"}`,
  );
  console.log(`in-process: find(…, { page: 1, pageSize: ${PAGE_SIZE} }), one query at a time, after ${warmup.length} warm-up queries`);
  for (const q of warmup) await search.find(normalizeQuery(q.text), Date.now(), { page: 1, pageSize: PAGE_SIZE });
  const inProcess: Timed[] = [];
  started = performance.now();
  for (const query of queries) {
    const t0 = performance.now();
    const r = await search.find(normalizeQuery(query.text), Date.now(), { page: 1, pageSize: PAGE_SIZE });
    inProcess.push({ query, ms: performance.now() - t0, total: r.total, items: r.items.length });
  }
  console.log(`  ${queries.length} queries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  printSummary("  in-process", inProcess);
  printByKind(inProcess);
  await closeDatabase(database);

  // 4. Over HTTP: the production server on core 0.
  const { app, port, logs: appLog } = await startApp(env);
  console.log(`\nHTTP: app server on http://${HOST}:${port} (core 0, pid ${app.pid}); GET /api/v1/search?q=… one at a time from core 1`);
  const searchPath = (text: string) => `/api/v1/search?q=${encodeURIComponent(text)}`;
  let warmupFailures = 0;
  for (const q of warmup) if ((await get(port, searchPath(q.text), API_HEADERS)).status !== 200) warmupFailures++;
  const http: Timed[] = [];
  const statuses = new Map<number, number>();
  let mismatches = 0;
  started = performance.now();
  for (const [i, query] of queries.entries()) {
    const t0 = performance.now();
    const r = await get(port, searchPath(query.text), API_HEADERS);
    const elapsed = performance.now() - t0;
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    let total = -1;
    let items = 0;
    if (r.status === 200) {
      const body = JSON.parse(r.body.toString("utf8")) as { total: number; data: unknown[] };
      total = body.total;
      items = body.data.length;
      if (total !== inProcess[i]!.total) mismatches++;
    }
    http.push({ query, ms: elapsed, total, items, status: r.status });
  }
  console.log(`  ${queries.length} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  printSummary("  HTTP", http);
  printByKind(http);
  const non200 = queries.length - (statuses.get(200) ?? 0);
  const statusText = [...statuses].map(([code, n]) => `${code}: ${n}`).join(", ");
  console.log(
    `  statuses ${statusText}${non200 > 0 ? "   <-- FLAGGED: not every response was 200" : " (all 200)"}` +
      `${warmupFailures > 0 ? `; ${warmupFailures} warm-up requests were not 200` : ""}`,
  );
  console.log(`  totals equal to the in-process ones: ${queries.length - mismatches - non200} of ${queries.length - non200}`);

  const summaries = { inProcess: summarise(inProcess), http: summarise(http) };
  if (summaries.inProcess.p95 >= TARGET_P95_MS || summaries.http.p95 >= TARGET_P95_MS) {
    console.log(`\n  p95 target of ${TARGET_P95_MS} ms missed:`);
  } else {
    console.log("");
  }
  printSlowest("in-process", inProcess);
  printSlowest("HTTP", http);

  // 5. Bytes: one typical search answer against the whole public catalogue.
  console.log(`\nbytes: a typical search ("${typicalWord}", the most used word) against the whole public catalogue`);
  const api = await get(port, searchPath(typicalWord), API_HEADERS);
  const page = await get(port, `/search/${encodeURIComponent(typicalWord)}`, PAGE_HEADERS);
  const bytesLine = (label: string, raw: number, zipped: number, note = "") =>
    console.log(`  ${pad(label, 58)} ${lpad(kb(raw), 9)} KB ${lpad(kb(zipped), 8)} KB gzip${note}`);
  const flag = (status: number) => (status === 200 ? "" : `   <-- status ${status}`);
  bytesLine(`GET ${searchPath(typicalWord)}`, api.body.length, gzip(api.body), flag(api.status));
  bytesLine(`GET /search/${encodeURIComponent(typicalWord)} (HTML)`, page.body.length, gzip(page.body), flag(page.status));
  // Every page of the public list, as a client-side search would have to download it.
  started = performance.now();
  let listBytes = 0;
  let listGzip = 0;
  let listed = 0;
  let listFailures = 0;
  let totalPages = 1;
  for (let p = 1; p <= totalPages && p <= 100_000; p++) {
    const r = await get(port, `/api/v1/tools?pageSize=100&page=${p}`, API_HEADERS);
    if (r.status !== 200) {
      listFailures++;
      break;
    }
    const body = JSON.parse(r.body.toString("utf8")) as { data: unknown[]; totalPages: number };
    if (p === 1) totalPages = body.totalPages;
    listBytes += r.body.length;
    listGzip += gzip(r.body);
    listed += body.data.length;
  }
  const listSeconds = (performance.now() - started) / 1000;
  bytesLine(
    `all ${totalPages} pages of /api/v1/tools?pageSize=100 (${listed} tools)`,
    listBytes,
    listGzip,
    `${listFailures > 0 ? "   <-- a page was not 200" : ""}`,
  );
  console.log(`  ${pad("", 58)} (fetched over HTTP in ${listSeconds.toFixed(1)} s; gzip per page, level 6)`);
  bytesLine(`+ the searched text (tool_search rows as JSON, in-process)`, listBytes + searchableBytes, listGzip + searchableGzip);
  console.log(
    `  ${pad("", 58)} (the list lacks description and tags, which search reads: ${kb(searchableBytes)} KB, ${kb(searchableGzip)} KB gzip more)`,
  );
  const ratio = listGzip / Math.max(1, gzip(api.body));
  console.log(`  a client-side search downloads ~${ratio.toFixed(0)}x (list only, gzip) the bytes of one search answer`);

  await stop(app);
  const suppressed = appLog.reduce((n, l) => n + l.suppressed(), 0);
  if (suppressed > 0) console.log(`(${suppressed} more app server log lines were not shown)`);
  if (schema) await dropSchema(schema);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { engine, tools: rows.length, ...summaries, non200 };
}

// ---------------------------------------------------------------------------------------------
// The benchmark.

/** Set on SIGINT/SIGTERM: lib.ts then closes everything under the running benchmark, which fails. */
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => (interrupted = true));

async function main(tmp: string): Promise<void> {
  try {
    await benchmark(tmp);
  } catch (error) {
    // Interrupted: the error is only the cleanup pulling the database away; lib.ts exits.
    if (interrupted) await new Promise(() => {});
    throw error;
  }
}

async function benchmark(tmp: string): Promise<void> {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.log("no production build: running scripts/build.ts");
    await run(process.execPath, ["scripts/build.ts"], process.env);
  }
  const results: EngineResult[] = [];
  for (const engine of engines) results.push(await benchEngine(engine, tmp));

  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log(`\n${"=".repeat(100)}`);
  console.log(
    `search latency, ${queryCount} queries one at a time, ${toolCount} synthetic tools seeded; target p95 < ${TARGET_P95_MS} ms at ${TARGET_TOOLS.toLocaleString("en")} tools`,
  );
  if (toolCount !== TARGET_TOOLS) console.log(`(this run seeded ${toolCount} tools, not ${TARGET_TOOLS}: the target is for ${TARGET_TOOLS})`);
  const head = (s: string) => lpad(s, 8);
  console.log(
    `${pad("engine", 9)} ${lpad("public", 7)} | ${pad("in-process ms", 26)} | ${pad("HTTP /api/v1/search ms", 26)} | ${lpad("non-200", 7)} | target p95 < ${TARGET_P95_MS} ms`,
  );
  console.log(`${pad("", 9)} ${lpad("tools", 7)} | ${head("p50")} ${head("p95")} ${head("p99")} | ${head("p50")} ${head("p95")} ${head("p99")} | ${lpad("", 7)} | in-process / HTTP`);
  for (const r of results) {
    const verdict = (s: Summary) => (s.p95 < TARGET_P95_MS ? "met" : "MISSED");
    console.log(
      `${pad(r.engine, 9)} ${lpad(String(r.tools), 7)} | ${head(ms(r.inProcess.p50))} ${head(ms(r.inProcess.p95))} ${head(ms(r.inProcess.p99))} | ` +
        `${head(ms(r.http.p50))} ${head(ms(r.http.p95))} ${head(ms(r.http.p99))} | ${lpad(String(r.non200), 7)} | ${verdict(r.inProcess)} / ${verdict(r.http)}`,
    );
  }
  console.log(`\nnode ${process.version}, ${cpu}, ${os.cpus().length} cores, ${new Date().toISOString()}`);
}

// ---------------------------------------------------------------------------------------------
// Entry: re-exec pinned to core 1, then run with cleanup on every way out (lib.ts).

await runPinned({ script: import.meta.url, main, cleanup, lastResort });
