// `node scripts/bench/explain.ts sqlite <file.db>` or `node scripts/bench/explain.ts postgres <url>`:
// renders what each public page reads once against an existing catalogue, and prints every SQL
// statement with the engine's plan (EXPLAIN QUERY PLAN / EXPLAIN ANALYZE) and the time taken. It
// exits 1 when a statement of a page reads a catalogue table whole (a full scan, or on PostgreSQL
// more than SCAN_ROWS rows from one): what is O(catalogue) must be kept in memory or on write.
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type LogEvent } from "kysely";
import pg from "pg";
import { createCatalogFreshness } from "../../server/catalog/freshness.ts";
import { createPublicCatalog } from "../../server/catalog/public.ts";
import { findTool } from "../../server/catalog/queries.ts";

// The settings' defaults: what the plans are read under matters, not their values.
const BENCH_THRESHOLDS = { staleDays: 365, unreachableAfter: 3 };
import type { Database } from "../../server/platform/db/index.ts";
import type { DB } from "../../server/platform/db/types.ts";
import { createLogger } from "../../server/platform/logger.ts";

const [engine, target] = process.argv.slice(2);
if ((engine !== "sqlite" && engine !== "postgres") || !target) {
  console.error("usage: node scripts/bench/explain.ts sqlite <file.db> | postgres <url>");
  process.exit(2);
}

/** Tables that grow with the catalogue: a page must not read any of them whole. */
const CATALOGUE_TABLES = [
  "tools",
  "tool_categories",
  "tool_tags",
  "tool_search",
  "tool_search_gone",
  "likes",
  "orders",
];
/** On PostgreSQL, rows one plan node may read from such a table before it counts as a scan. */
const SCAN_ROWS = 1000;

const captured: CompiledQuery[] = [];
const log = (event: LogEvent) => {
  if (event.level === "query") captured.push(event.query);
};
let db: Kysely<DB>;
let plan: (text: string, params: readonly unknown[]) => Promise<string[]>;
let close: () => Promise<void>;
if (engine === "sqlite") {
  const sqlite = new SQLite(target, { readonly: true });
  db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log });
  plan = async (text, params) =>
    (sqlite.prepare(`explain query plan ${text}`).all(...params) as { detail: string }[]).map((r) => r.detail);
  close = () => db.destroy();
} else {
  const pool = new pg.Pool({ connectionString: target, max: 2 });
  db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  plan = async (text, params) =>
    (await pool.query(`explain analyze ${text}`, params as unknown[])).rows.map(
      (r: Record<string, string>) => r["QUERY PLAN"]!,
    );
  close = () => db.destroy();
}

/** Why a plan line reads a catalogue table whole, or null. */
function scanIn(line: string): string | null {
  const tables = CATALOGUE_TABLES.join("|");
  if (engine === "sqlite") {
    // "SCAN t" reads every row; "SCAN t USING [COVERING] INDEX" walks an index, which a LIMIT stops early.
    const scan = new RegExp(`^SCAN (${tables})\\b(?! USING)`).exec(line);
    return scan ? `full scan of ${scan[1]}` : null;
  }
  const node = new RegExp(
    `(Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan)(?: Backward)?(?: using \\w+)? on (${tables})\\b.*actual time=[\\d.]+\\.\\.[\\d.]+ rows=(\\d+) loops=(\\d+)`,
  ).exec(line);
  if (!node) return null;
  const rows = Number(node[3]) * Number(node[4]);
  return rows > SCAN_ROWS ? `${node[1]} on ${node[2]} read ${rows} rows` : null;
}

const database = { db, engine } as Database;
const logger = createLogger("silent");
const freshness = createCatalogFreshness(database, Date.now, logger);
const catalog = createPublicCatalog(database, freshness, logger, BENCH_THRESHOLDS);
const now = Date.now();
const loadStarted = performance.now();
await catalog.warm(now);
console.log(
  `catalogue loaded into memory: ${catalog.stats().tools} public tools in ${(performance.now() - loadStarted).toFixed(0)} ms (${captured.length} statements, at start only)`,
);

const newest = (await catalog.latest(now, 1))[0];
const smallest =
  [...(await catalog.categoryCounts(now))].filter(([, n]) => n > 0).sort((a, b) => a[1] - b[1])[0]?.[0] ?? "ai";
const cases: [string, () => Promise<unknown>][] = [
  ["home: featured", () => catalog.featured(now, { limit: 6 })],
  ["home: latest", () => catalog.latest(now, 8)],
  [
    "browse all, latest, page 1",
    () => catalog.list(now, { category: null, sort: "recent", page: 1, pageSize: 24, excludeIds: [] }),
  ],
  [
    "browse all, oldest, page 2000",
    () => catalog.list(now, { category: null, sort: "oldest", page: 2000, pageSize: 24, excludeIds: [] }),
  ],
  [
    "browse ai, name, page 30",
    () => catalog.list(now, { category: "ai", sort: "name", page: 30, pageSize: 24, excludeIds: [] }),
  ],
  ["browse: featured in ai", () => catalog.featured(now, { limit: 8, category: "ai" })],
  ["browse: category counts", () => catalog.categoryCounts(now)],
  ["tool page: the tool by slug", () => findTool(database, newest?.slug ?? "", now, BENCH_THRESHOLDS)],
  [
    "tool page: related, closest",
    () => catalog.related(now, { id: newest?.id ?? "", categories: newest?.categories ?? ["ai"], tags: [] }, 3),
  ],
  ["search: 'ai tools'", () => catalog.search("ai tools", now, { page: 1, pageSize: 20 })],
  ["search: community favourites", () => catalog.mostLiked(now, 5)],
  ["search: related in ai, most liked", () => catalog.mostLikedAlike(now, { id: "none", categories: ["ai"] }, 6)],
  [
    `search: related in ${smallest} (smallest), most liked`,
    () => catalog.mostLikedAlike(now, { id: "none", categories: [smallest] }, 6),
  ],
  ["feature dialog: candidates 'no'", () => catalog.featureCandidates(now, { text: "no" }, 20)],
  ["sitemap: 1,000 tool URLs", () => catalog.urls(now, { offset: 0, limit: 1000 })],
];

const scans: string[] = [];
for (const [name, run] of cases) {
  captured.length = 0;
  const started = performance.now();
  await run();
  console.log(`\n== ${name}: ${(performance.now() - started).toFixed(1)} ms, ${captured.length} statement(s)`);
  for (const query of captured) {
    console.log(`  ${query.sql.replace(/\s+/g, " ").slice(0, 160)}…`);
    for (const line of await plan(query.sql, query.parameters)) {
      const scan = scanIn(line.trim());
      console.log(`    ${line}${scan ? "   <-- " + scan : ""}`);
      if (scan) scans.push(`${name}: ${scan}`);
    }
  }
}
await close();
if (scans.length > 0) {
  console.log(`\n${scans.length} statement(s) read a catalogue table whole:\n  ${scans.join("\n  ")}`);
  process.exit(1);
}
console.log(`\nno public read scans the catalogue (${cases.length} reads checked on ${engine})`);
