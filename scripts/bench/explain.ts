// `node scripts/bench/explain.ts sqlite <file.db>` or `node scripts/bench/explain.ts postgres <url>`:
// runs the public catalogue's queries once against an existing database and prints each SQL
// statement with the engine's plan (EXPLAIN QUERY PLAN / EXPLAIN ANALYZE) and the time taken.
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type LogEvent } from "kysely";
import pg from "pg";
import * as catalog from "../../server/catalog/queries.ts";
import type { Database } from "../../server/db/index.ts";
import type { DB } from "../../server/db/types.ts";

const [engine, target] = process.argv.slice(2);
if ((engine !== "sqlite" && engine !== "postgres") || !target) {
  console.error("usage: node scripts/bench/explain.ts sqlite <file.db> | postgres <url>");
  process.exit(2);
}

const captured: CompiledQuery[] = [];
const log = (event: LogEvent) => {
  if (event.level === "query") captured.push(event.query);
};
let db: Kysely<DB>;
let plan: (text: string, params: readonly unknown[]) => Promise<string[]>;
if (engine === "sqlite") {
  const sqlite = new SQLite(target, { readonly: true });
  db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log });
  plan = async (text, params) =>
    (sqlite.prepare(`explain query plan ${text}`).all(...params) as { detail: string }[]).map((r) => r.detail);
} else {
  const pool = new pg.Pool({ connectionString: target, max: 1 });
  db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  plan = async (text, params) =>
    (await pool.query(`explain analyze ${text}`, params as unknown[])).rows.map((r: Record<string, string>) => r["QUERY PLAN"]!);
}

const database = { db, engine } as Database;
const now = Date.now();
const { slug } = (await db.selectFrom("tools").select("slug").orderBy("created_at", "desc").executeTakeFirst()) ?? { slug: "" };
const cases: [string, () => Promise<unknown>][] = [
  ["browse all, latest, page 1", () => catalog.listPublicTools(database, now, { category: null, sort: "recent", page: 1, pageSize: 24, excludeIds: [] })],
  ["browse ai, name, page 3", () => catalog.listPublicTools(database, now, { category: "ai", sort: "name", page: 3, pageSize: 24, excludeIds: [] })],
  ["featured in ai", () => catalog.listFeaturedTools(database, now, { limit: 8, category: "ai" })],
  ["latest 8", () => catalog.listLatestPublicTools(database, now, 8)],
  ["category counts", () => catalog.countPublicToolsByCategory(database)],
  ["tool by slug", () => catalog.findTool(database, slug, now)],
  ["related", () => catalog.listRelatedTools(database, { id: "none", categories: ["ai"] }, now, 3)],
];
for (const [name, run] of cases) {
  captured.length = 0;
  const started = performance.now();
  await run();
  console.log(`\n== ${name}: ${(performance.now() - started).toFixed(1)} ms`);
  for (const query of captured) {
    console.log(`  ${query.sql.replace(/\s+/g, " ").slice(0, 160)}…`);
    for (const line of await plan(query.sql, query.parameters)) console.log(`    ${line}`);
  }
}
await db.destroy();
