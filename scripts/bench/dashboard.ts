// `npm run bench:dashboard -- [--tools 100000] [--engine sqlite|postgres|both] [--iterations 50]
//   [--opens 10] [--view-tools 2000] [--likes 250000] [--search-terms 50000] [--flush-ms 100]
//   [--flush-keys 500] [--keep] [--memory <MiB>]`
//
// The admin dashboard's data work at scale (docs/decisions/055, 056), per engine: what its loader
// reads and draws — dashboardStats beside dashboardCharts for 30, 90 and 365 days and every chart
// drawn as SVG (drawChart, 520 × 220), as loadCharts in app/routes/admin/dashboard.tsx does — on a
// synthetic catalogue (scripts/seed-synthetic.ts) with a year of rows added here in bulk:
// - a tenth of the tools turned into free submissions received over the year;
// - per day: site_days (views, clicks, impressions, likes: the sums of the tools' rows) and
//   search_days; per tool and day: tool_views (`--view-tools` tools every day), tool_clicks (half of
//   them, the days with a click), tool_impressions (the featured few), tool_like_days (from
//   `--likes` likes, which are rows of `likes` too); the charts read the site's rows, the tables
//   are full so that their size is what a year leaves;
// - audit_log (~20 approvals and rejections a day, and other actions), orders (paid through stripe
//   and through the test checkout, expired ones), `--search-terms` search terms (a fifth found
//   nothing); on PostgreSQL the tables are then VACUUM ANALYZEd, as autovacuum would soon do.
// Measured in a process of its own on core 0 (in the memory cgroup of `--memory`), this one on core 1:
// - uncached: the first call after opening the database (`--opens` times per range; on PostgreSQL
//   the pool's connections are opened before, and timed apart);
// - warm: `--iterations` calls one after another on one open database;
// - both again "under writes": page views counted through the real counter (createToolCounts,
//   tool_views per day and site "views") for `--flush-keys` draws of tools, written (flush) every
//   `--flush-ms`, in the same process and on the same database as the dashboard, as the server's
//   counts job does;
// p50/p95/max of the whole (stats and charts at once, as the loader does) against the target (p95
// under 100 ms), with the p50 of its parts; and each statement alone (warm, median of 20) with the
// plans of the slowest. Exits non-zero only when something could not be measured, never for a
// missed target (marked MISSED).
import { parseArgs } from "node:util";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery, type LogEvent } from "kysely";
import pg from "pg";
import { DAY_MS, startOfDay } from "../../core/dates.ts";
import { TEST_PROVIDER } from "../../core/featuring.ts";
import { CHART_RANGES, type ChartRange } from "../../core/insights.ts";
import { overdueReviews } from "../../server/payments/priority-review.ts";
import { dashboardStats } from "../../server/admin/stats.ts";
import { dashboardCharts } from "../../server/insights/charts.ts";
import { drawChart } from "../../server/insights/draw.ts";
import { createToolCounts } from "../../server/insights/tool-counts.ts";
import type { DatabaseTarget } from "../../server/platform/config.ts";
import { openDatabase, type Database, type DB } from "../../server/platform/db/index.ts";
import { seededRandom } from "../../server/seed/synthetic.ts";
import {
  against,
  COMMON_OPTIONS,
  commonSettings,
  exited,
  fail,
  inMemoryGroup,
  latencies,
  lpad,
  median,
  noiseNote,
  num,
  pad,
  prepareDataset,
  printFooter,
  problem,
  root,
  runPinned,
  setQuietWait,
  shuffle,
  sleep,
  start,
  waitForQuiet,
  watchNoise,
  type Engine,
  type Noise,
} from "./lib.ts";

const { values } = parseArgs({
  options: {
    ...COMMON_OPTIONS,
    iterations: { type: "string", default: "50" },
    opens: { type: "string", default: "10" },
    "view-tools": { type: "string", default: "2000" },
    likes: { type: "string", default: "250000" },
    "search-terms": { type: "string", default: "50000" },
    "flush-ms": { type: "string", default: "100" },
    "flush-keys": { type: "string", default: "500" },
    /** Internal: the measuring process, given its plan as JSON. */
    measure: { type: "string" },
  },
});

/** The dashboard's target: data and drawing within 100 ms at p95, warm and uncached. */
const TARGET_P95 = 100;
const SIZE = { width: 520, height: 220 };
/** The pool size openDatabase gives PostgreSQL (server/platform/db/index.ts). */
const PG_POOL = 10;
/** Bound parameters per INSERT (SQLite allows 32,766). */
const MAX_PARAMS = 30_000;
const MODES = ["idle", "writes"] as const;
type Mode = (typeof MODES)[number];

// ---------------------------------------------------------------------------------------------
// A year of rows, added to a seeded catalogue in bulk (chunks inside one transaction per table).

interface YearPlan {
  now: number;
  viewTools: number;
  likes: number;
  searchTerms: number;
}

/** Rows into `table`, as many per INSERT as the parameters allow, in one transaction. */
async function insertAll(database: Database, table: keyof DB, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const per = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(rows[0]!).length));
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += per)
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + per) as never)
        .execute();
  });
}

/** A fixed-width serial number for the ids of the rows added. */
const serial = (x: number) => String(x).padStart(18, "0");

/** Adds the year; returns each table's row count. */
async function addYear(database: Database, plan: YearPlan): Promise<Record<string, number>> {
  const rng = seededRandom(56);
  const today = startOfDay(plan.now);
  const first = today - 364 * DAY_MS;
  const days = Array.from({ length: 365 }, (_, i) => first + i * DAY_MS);
  /** Interest grows over the year (from 60 % to 100 %) and drops at weekends. */
  const dayFactor = (day: number, i: number) =>
    (0.6 + (0.4 * i) / 364) * ([0, 6].includes(new Date(day).getUTCDay()) ? 0.75 : 1);
  const { db } = database;

  const all = await db.selectFrom("tools").select(["id", "name", "status"]).orderBy("id").execute();
  const publicTools = shuffle(
    all.filter((t) => t.status === "approved" || t.status === "verified"),
    rng,
  );
  const name = new Map(all.map((t) => [t.id, t.name]));

  // A tenth of the tools: free submissions received over the year (the submissions chart).
  const submitted = all
    .filter((_, i) => i % 10 === 0)
    .map((t) => ({ id: t.id, at: first + Math.floor(rng() * 365 * DAY_MS) }));
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < submitted.length; i += 1000) {
      const chunk = submitted.slice(i, i + 1000);
      const rows = sql.join(chunk.map((t) => sql`(${t.id}, cast(${t.at} as bigint))`));
      await sql`with v(id, created_at) as (values ${rows})
        update tools set source = 'free_submission', created_at = (select v.created_at from v where v.id = tools.id)
        where id in (select id from v)`.execute(trx);
    }
  });

  const site = {
    views: new Map<number, number>(),
    clicks: new Map<number, number>(),
    impressions: new Map<number, number>(),
    likes: new Map<number, number>(),
  };
  const add = (map: Map<number, number>, day: number, n: number) => map.set(day, (map.get(day) ?? 0) + n);

  // Views: every day for `viewTools` tools, most for the first; clicks: half of them, days with one.
  const viewTools = publicTools.slice(0, plan.viewTools);
  const views: { tool_id: string; day: number; count: number }[] = [];
  const clicks: typeof views = [];
  viewTools.forEach((tool, t) => {
    const popularity = 200 / Math.pow(1 + t, 0.7);
    days.forEach((day, i) => {
      const count = Math.max(1, Math.round(popularity * dayFactor(day, i) * (0.5 + rng())));
      views.push({ tool_id: tool.id, day, count });
      add(site.views, day, count);
      const clicked = t < plan.viewTools / 2 ? Math.round(count * 0.08 * (0.5 + rng())) : 0;
      if (clicked > 0) {
        clicks.push({ tool_id: tool.id, day, count: clicked });
        add(site.clicks, day, clicked);
      }
    });
  });
  await insertAll(database, "tool_views", views);
  await insertAll(database, "tool_clicks", clicks);

  // Impressions: the featured few (the tools of the paid orders), every day.
  const featured = publicTools.slice(0, Math.min(300, publicTools.length));
  const impressions = featured.flatMap((tool) =>
    days.map((day, i) => {
      const count = Math.round((50 + 200 * rng()) * dayFactor(day, i));
      add(site.impressions, day, count);
      return { tool_id: tool.id, day, count };
    }),
  );
  await insertAll(database, "tool_impressions", impressions);

  // Likes: one row each (a visitor each), on 5,000 tools, most on the first; and their days.
  const likeTools = publicTools.slice(0, Math.min(5000, publicTools.length));
  const likes: { tool_id: string; visitor_id: string; created_at: number }[] = [];
  const likeDays = new Map<string, number>();
  for (let i = 0; i < plan.likes; i++) {
    const tool = likeTools[Math.floor(likeTools.length * Math.pow(rng(), 3))]!;
    const at = first + Math.floor(Math.sqrt(rng()) * 365 * DAY_MS);
    likes.push({ tool_id: tool.id, visitor_id: `v_dash${serial(i)}`, created_at: at });
    const key = `${startOfDay(at)} ${tool.id}`;
    likeDays.set(key, (likeDays.get(key) ?? 0) + 1);
    add(site.likes, startOfDay(at), 1);
  }
  await insertAll(database, "likes", likes);
  // Written as the like service would: the dashboard reads the running total, not the rows.
  await database.db
    .updateTable("catalog_state")
    .set({ likes_total: sql<number>`likes_total + ${likes.length}` })
    .where("id", "=", 1)
    .execute();
  await insertAll(
    database,
    "tool_like_days",
    [...likeDays].map(([key, count]) => {
      const [day, tool_id] = key.split(" ") as [string, string];
      return { tool_id, day: Number(day), count };
    }),
  );

  await insertAll(
    database,
    "site_days",
    Object.entries(site).flatMap(([kind, byDay]) => [...byDay].map(([day, count]) => ({ kind, day, count }))),
  );
  await insertAll(
    database,
    "search_days",
    days.map((day, i) => {
      const searches = Math.round(3000 * dayFactor(day, i) * (0.8 + 0.4 * rng()));
      return { day, searches, no_results: Math.round(searches * (0.05 + 0.05 * rng())) };
    }),
  );

  // The admin's decisions (~20 a day, 4 in 5 approvals) on the submissions, and other actions.
  const received = submitted.map((s) => s.id);
  const audit: Record<string, unknown>[] = [];
  for (const day of days) {
    const decided = 15 + Math.floor(rng() * 11);
    const other = 5 + Math.floor(rng() * 10);
    for (let k = 0; k < decided + other; k++) {
      const tool = received[Math.floor(rng() * received.length)]!;
      const action = k < decided ? (rng() < 0.8 ? "approve" : "reject") : rng() < 0.5 ? "edit" : "login";
      audit.push({
        id: `a_dash${serial(audit.length)}`,
        admin_user_id: null,
        admin_username: "admin",
        action,
        tool_id: action === "login" ? null : tool,
        tool_name: action === "login" ? "" : (name.get(tool) ?? ""),
        detail: action === "reject" ? JSON.stringify({ reason: "Not a tool" }) : "",
        ip: action === "login" ? "10.0.0.1" : null,
        created_at: day + Math.floor(rng() * DAY_MS),
      });
    }
  }
  await insertAll(database, "audit_log", audit);

  // Orders: 400 paid through stripe, 100 through the test checkout, 150 that expired unpaid; the
  // paid ones featured from their payment (a few from an approval days later).
  const orders: Record<string, unknown>[] = [];
  const order = (provider: string, status: "paid" | "expired") => {
    const i = orders.length;
    const tool = featured[i % featured.length]!;
    const created = first + Math.floor(rng() * 365 * DAY_MS);
    const paid = status === "paid" ? Math.min(plan.now, created + Math.floor(rng() * 600_000)) : null;
    orders.push({
      id: `o_dash${serial(i)}`,
      tool_id: tool.id,
      tool_name: tool.name,
      amount_cents: 1900 + 100 * Math.floor(rng() * rng() * 2000),
      provider,
      provider_session_id: `cs_dash${serial(i)}`,
      provider_payment_id: paid === null ? null : `pi_dash${serial(i)}`,
      status,
      created_at: created,
      updated_at: paid ?? created + DAY_MS,
      paid_at: paid,
      featured_from:
        paid === null ? null : Math.min(plan.now, paid + (rng() < 0.1 ? Math.floor(rng() * 5 * DAY_MS) : 0)),
    });
  };
  for (let i = 0; i < 400; i++) order("stripe", "paid");
  for (let i = 0; i < 100; i++) order(TEST_PROVIDER, "paid");
  for (let i = 0; i < 150; i++) order("stripe", "expired");
  await insertAll(database, "orders", orders);

  // Search terms: recent ones more often; one-off terms only within 30 days (older are pruned).
  const words = ["ai", "notes", "design", "video", "crm", "email", "code", "chat", "pdf", "seo", "logo", "api"];
  const terms = Array.from({ length: plan.searchTerms }, (_, i) => {
    const last = plan.now - Math.floor(Math.pow(rng(), 2) * 365 * DAY_MS);
    const count = Math.min(100_000, Math.ceil(Math.pow(rng(), -1.2)));
    const homepage = rng() < 0.2;
    const found = rng();
    return {
      term: `${words[i % words.length]} ${words[Math.floor(rng() * words.length)]} ${i.toString(36)}`,
      search_count: last < plan.now - 30 * DAY_MS ? Math.max(2, count) : count,
      last_searched: last,
      created_at: last - Math.floor(rng() * 200 * DAY_MS),
      source: homepage ? "homepage" : null,
      result_count: found < 0.2 ? 0 : found < 0.25 ? null : 1 + Math.floor(rng() * 300),
    };
  });
  await insertAll(database, "search_terms", terms);

  const tables = [
    "tools",
    "tool_views",
    "tool_clicks",
    "tool_impressions",
    "tool_like_days",
    "likes",
    "site_days",
    "search_days",
    "audit_log",
    "orders",
    "search_terms",
  ] as const;
  if (database.engine === "postgres") {
    for (const table of tables) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  } else {
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
  const sizes: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    sizes[table] = Number(row.n);
  }
  return sizes;
}

// ---------------------------------------------------------------------------------------------
// The measuring process (`--measure <plan>`), on core 0.

interface MeasurePlan {
  engine: Engine;
  target: DatabaseTarget;
  tools: number;
  iterations: number;
  opens: number;
  flushMs: number;
  flushKeys: number;
  quietWait: string;
}

/** One call, in ms: the whole; when the stats and the charts' rows were in; the drawing; this process's CPU time. */
interface Call {
  total: number;
  stats: number;
  query: number;
  draw: number;
  cpu: number;
}

interface Batch {
  calls: Call[];
  noise: Noise;
}

interface Writer {
  flushes: number;
  rows: number;
  flushMs: number[];
}

interface Statement {
  sql: string;
  ms: number;
  plan: string[];
}

interface Measured {
  plotLoadMs: number;
  connectMs: number[];
  check: string;
  batches: { mode: Mode; range: ChartRange; uncached: Batch; warm: Batch }[];
  writers: Writer[];
  statements: Statement[];
}

/** One load of the dashboard's data: stats beside the charts of `range`, each chart drawn. */
async function dashboardOnce(database: Database, range: ChartRange): Promise<Call> {
  const now = Date.now();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const call = { total: 0, stats: 0, query: 0, draw: 0, cpu: 0 };
  await Promise.all([
    // The figures and the overdue priority reviews, as the loader reads them beside the charts.
    Promise.all([dashboardStats(database, now), overdueReviews(database, now)]).then(
      () => (call.stats = performance.now() - started),
    ),
    (async () => {
      const charts = await dashboardCharts(database, now, range);
      const queried = performance.now();
      call.query = queried - started;
      await Promise.all(charts.charts.map((chart) => drawChart(chart, SIZE)));
      call.draw = performance.now() - queried;
    })(),
  ]);
  call.total = performance.now() - started;
  const used = process.cpuUsage(cpu);
  call.cpu = (used.user + used.system) / 1000;
  return call;
}

/** Page views counted and written as the server does, every `flushMs`, until stopped. */
function startWriter(
  database: Database,
  slugs: string[],
  plan: MeasurePlan,
  seed: number,
): { stop(): Promise<Writer> } {
  const rng = seededRandom(seed);
  const counts = createToolCounts(database, { table: "tool_views", per: "day", site: "views" });
  const writer: Writer = { flushes: 0, rows: 0, flushMs: [] };
  let running = true;
  const loop = (async () => {
    while (running) {
      for (let i = 0; i < plan.flushKeys; i++)
        counts.add(slugs[Math.floor(slugs.length * Math.pow(rng(), 2))]!, Date.now(), 1 + Math.floor(rng() * 3));
      const started = performance.now();
      writer.rows += await counts.flush();
      writer.flushMs.push(performance.now() - started);
      writer.flushes++;
      await sleep(plan.flushMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return writer;
    },
  };
}

/** Opens the database as the server does; on PostgreSQL with the pool's connections opened (timed). */
async function open(plan: MeasurePlan): Promise<{ database: Database; connectMs: number }> {
  const database = openDatabase(plan.target);
  const started = performance.now();
  if (plan.engine === "postgres")
    await Promise.all(Array.from({ length: PG_POOL }, () => sql`select 1`.execute(database.db)));
  return { database, connectMs: performance.now() - started };
}

/** Each statement of the dashboard (stats, and the charts of a year) alone: median of 20 warm runs, with its plan. */
async function statements(plan: MeasurePlan): Promise<Statement[]> {
  const captured: CompiledQuery[] = [];
  let capturing = true;
  const log = (event: LogEvent) => {
    if (capturing && event.level === "query") captured.push(event.query);
  };
  let db: Kysely<DB>;
  let explain: (query: CompiledQuery) => Promise<string[]>;
  if (plan.target.engine === "sqlite") {
    const sqlite = new SQLite(plan.target.file, { readonly: true });
    db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log });
    explain = async (query) =>
      (sqlite.prepare(`explain query plan ${query.sql}`).all(...query.parameters) as { detail: string }[]).map(
        (r) => r.detail,
      );
  } else {
    const pool = new pg.Pool({ connectionString: plan.target.url, max: 1 });
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
    explain = async (query) =>
      (await pool.query(`explain analyze ${query.sql}`, query.parameters as unknown[])).rows.map(
        (r: Record<string, string>) => r["QUERY PLAN"]!,
      );
  }
  try {
    const database = { db, engine: plan.engine } as Database;
    const now = Date.now();
    await dashboardStats(database, now);
    await dashboardCharts(database, now, 365);
    capturing = false;
    const out: Statement[] = [];
    for (const query of captured) {
      const ms: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await db.executeQuery(query);
        ms.push(performance.now() - started);
      }
      out.push({ sql: query.sql.replace(/\s+/g, " "), ms: median(ms), plan: await explain(query) });
    }
    return out.sort((a, b) => b.ms - a.ms);
  } finally {
    await db.destroy();
  }
}

async function measure(plan: MeasurePlan): Promise<void> {
  setQuietWait(plan.quietWait);
  const say = (text: string) => console.error(`  [measure] ${text}`);
  const result: Measured = { plotLoadMs: 0, connectMs: [], check: "", batches: [], writers: [], statements: [] };

  // Plot and its DOM load once per process, with the first chart drawn: not part of the figures.
  const loading = performance.now();
  await drawChart(
    {
      id: "x",
      title: "x",
      period: "day",
      unit: "count",
      summary: "total",
      series: [{ key: "x", label: "x" }],
      rows: [{ at: Date.now(), values: [1] }],
    },
    SIZE,
  );
  result.plotLoadMs = performance.now() - loading;

  const { database: first } = await open(plan);
  const slugs = (
    await first.db.selectFrom("tools").select("slug").where("status", "in", ["approved", "verified"]).execute()
  ).map((t) => t.slug.toLowerCase());
  const stats = await dashboardStats(first, Date.now());
  const year = await dashboardCharts(first, Date.now(), 365);
  const total = (id: string) =>
    year.charts.find((c) => c.id === id)!.rows.reduce((sum, r) => sum + r.values.reduce((a, b) => a + b, 0), 0);
  result.check =
    `read back: ${stats.totalTools} tools, ${stats.likes} likes, ${stats.paidOrders} paid orders (${stats.testOrders} test), ` +
    `${stats.featuredTools} featured; a year: ${total("submissions")} submissions and decisions, ${total("traffic")} views and clicks, ` +
    `${total("likes")} likes, ${total("searches")} searches, ${year.noResultTerms.length} no-result terms shown`;
  if (stats.totalTools !== plan.tools || total("traffic") === 0 || total("submissions") === 0 || stats.paidOrders === 0)
    result.check += "  <-- the dashboard does not read the rows added";
  await first.close();

  let seed = 1;
  for (const mode of MODES) {
    for (const range of CHART_RANGES) {
      say(`${mode}, ${range} days: uncached`);
      await waitForQuiet();
      let watch = watchNoise();
      const uncached: Call[] = [];
      for (let i = 0; i < plan.opens; i++) {
        const { database, connectMs } = await open(plan);
        result.connectMs.push(connectMs);
        const writer = mode === "writes" ? startWriter(database, slugs, plan, seed++) : null;
        try {
          uncached.push(await dashboardOnce(database, range));
        } finally {
          if (writer) result.writers.push(await writer.stop());
          await database.close();
        }
      }
      const uncachedNoise = watch.stop();

      say(`${mode}, ${range} days: warm`);
      const { database } = await open(plan);
      const writer = mode === "writes" ? startWriter(database, slugs, plan, seed++) : null;
      const warm: Call[] = [];
      try {
        for (let i = 0; i < 3; i++) await dashboardOnce(database, range);
        await waitForQuiet();
        watch = watchNoise();
        for (let i = 0; i < plan.iterations; i++) warm.push(await dashboardOnce(database, range));
      } finally {
        if (writer) result.writers.push(await writer.stop());
        await database.close();
      }
      result.batches.push({
        mode,
        range,
        uncached: { calls: uncached, noise: uncachedNoise },
        warm: { calls: warm, noise: watch.stop() },
      });
    }
  }
  say("statements one at a time");
  result.statements = await statements(plan);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

// ---------------------------------------------------------------------------------------------
// The run: datasets, the year added, the measuring process, the report.

async function runMeasure(plan: MeasurePlan): Promise<Measured> {
  const [file, ...argv] = inMemoryGroup([
    "taskset",
    "-c",
    "0",
    process.execPath,
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    "--measure",
    JSON.stringify(plan),
  ]);
  const child = start(file!, argv, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const code = await exited(child);
  if (code !== 0) throw new Error(`the measuring process exited with ${code ?? child.signalCode}`);
  return JSON.parse(output.trim().split("\n").at(-1)!) as Measured;
}

const ENGINE_NAME: Record<Engine, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };
const PART_HEADER = `${lpad("stats", 7)} ${lpad("charts", 7)} ${lpad("draw", 7)} ${lpad("cpu", 7)}`;

function line(label: string, batch: Batch, engine: Engine): string {
  const l = latencies(batch.calls.map((c) => c.total));
  const part = (pick: (c: Call) => number) => lpad(num(median(batch.calls.map(pick)), 1), 7);
  return (
    `${pad(label, 26)} ${lpad(String(l.n), 3)} ${lpad(num(l.p50, 1), 7)} ${lpad(against(l.p95, { max: TARGET_P95 }, 1), 14)} ` +
    `${lpad(num(l.max, 1), 7)}   ${part((c) => c.stats)} ${part((c) => c.query)} ${part((c) => c.draw)} ${part((c) => c.cpu)}${noiseNote(batch.noise, engine)}`
  );
}

interface EngineReport {
  engine: Engine;
  measured: Measured;
}

function report(engine: Engine, describe: string, sizes: Record<string, number>, generateMs: number, m: Measured) {
  console.log(`\n${describe}`);
  console.log(
    `rows: ${Object.entries(sizes)
      .map(([table, n]) => `${table} ${n.toLocaleString("en-US")}`)
      .join(", ")} (the year added in ${num(generateMs / 1000, 1)} s)`,
  );
  console.log(m.check);
  console.log(
    `Plot and its DOM loaded with the first chart in ${num(m.plotLoadMs)} ms (once per process, not in the figures)` +
      (engine === "postgres"
        ? `; opening the pool's ${PG_POOL} connections: p50 ${num(median(m.connectMs), 1)} ms (before each uncached call, not in it)`
        : ""),
  );
  console.log(
    "parts, p50 in ms: stats and charts = read after (at once, as the loader does), draw = drawing the charts after, " +
      `cpu = this process's CPU time (${engine === "sqlite" ? "SQLite's work included" : "PostgreSQL's not"})`,
  );
  console.log(
    `${"ms (dashboard data + drawing)".padEnd(26)} ${lpad("n", 3)} ${lpad("p50", 7)} ${lpad("p95", 14)} ${lpad("max", 7)}   ${PART_HEADER}`,
  );
  for (const b of m.batches) {
    console.log(line(`${b.mode} ${b.range} d, uncached`, b.uncached, engine));
    console.log(line(`${b.mode} ${b.range} d, warm`, b.warm, engine));
  }
  const flushes = m.writers.flatMap((w) => w.flushMs);
  const rows = m.writers.reduce((n, w) => n + w.rows, 0);
  const count = m.writers.reduce((n, w) => n + w.flushes, 0);
  console.log(
    `under writes: ${count} flushes of tool_views and site_days (${num(rows / Math.max(1, count))} tool-days each on average), ` +
      `flush p50 ${num(median(flushes), 1)} ms, p95 ${num(latencies(flushes).p95, 1)} ms, max ${num(latencies(flushes).max, 1)} ms`,
  );
  console.log(`each statement alone (a year's charts and the stats; warm, median of 20), slowest first:`);
  for (const s of m.statements) console.log(`  ${lpad(num(s.ms, 2), 7)} ms  ${s.sql.slice(0, 150)}`);
  for (const s of m.statements.slice(0, 3)) {
    console.log(`plan of (${num(s.ms, 2)} ms) ${s.sql.slice(0, 100)}…`);
    for (const p of s.plan) console.log(`    ${p}`);
  }
}

function summary(reports: EngineReport[]): void {
  console.log(
    `\nsummary: p95 in ms of the dashboard's data and drawing (target < ${TARGET_P95} ms, warm and uncached)`,
  );
  const heads = MODES.flatMap((mode) => [`${mode} uncached`, `${mode} warm`]);
  console.log(`${pad("", 22)}${heads.map((h) => lpad(h, 16)).join("")}`);
  for (const { engine, measured } of reports)
    for (const range of CHART_RANGES) {
      const cells = MODES.flatMap((mode) => {
        const b = measured.batches.find((x) => x.mode === mode && x.range === range)!;
        return [b.uncached, b.warm].map((batch) =>
          lpad(against(latencies(batch.calls.map((c) => c.total)).p95, { max: TARGET_P95 }, 1), 16),
        );
      });
      console.log(`${pad(`${ENGINE_NAME[engine]} ${range} days`, 22)}${cells.join("")}`);
    }
}

if (values.measure !== undefined) {
  await measure(JSON.parse(values.measure) as MeasurePlan);
} else {
  const { engines, tools, keep } = commonSettings(values);
  if (values.root) fail("--root does not apply: the dashboard's code of this checkout is measured in-process");
  const whole = (name: keyof typeof values, min: number, max: number) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max) fail(`--${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  const iterations = whole("iterations", 5, 10_000);
  const opens = whole("opens", 1, 1000);
  const viewTools = whole("view-tools", 10, 100_000);
  const likes = whole("likes", 0, 10_000_000);
  const searchTerms = whole("search-terms", 10, 2_000_000);
  const flushMs = whole("flush-ms", 1, 60_000);
  const flushKeys = whole("flush-keys", 1, 100_000);
  if (tools < 10 * viewTools) fail("--tools must be at least 10 times --view-tools");

  await runPinned({
    script: import.meta.url,
    main: async (tmp) => {
      const reports: EngineReport[] = [];
      for (const engine of engines) {
        // A kept PostgreSQL schema is used in place by the other benchmarks: the year is not added to it.
        if (keep && engine === "postgres") console.log("--keep: PostgreSQL is seeded afresh (a kept schema is shared)");
        const dataset = await prepareDataset(engine, tools, {
          tmp,
          keep: keep && engine === "sqlite",
          label: "dashboard",
        });
        try {
          const target: DatabaseTarget =
            engine === "sqlite"
              ? { engine, file: path.join(dataset.env.DATA_DIR!, "toolshelf.db") }
              : { engine, url: dataset.env.DATABASE_URL! };
          const database = openDatabase(target);
          const started = performance.now();
          let sizes: Record<string, number>;
          try {
            console.log(`adding a year of rows (${engine})`);
            sizes = await addYear(database, { now: Date.now(), viewTools, likes, searchTerms });
          } finally {
            await database.close();
          }
          const generateMs = performance.now() - started;
          const measured = await runMeasure({
            engine,
            target,
            tools,
            iterations,
            opens,
            flushMs,
            flushKeys,
            quietWait: values["quiet-wait"],
          });
          if (measured.check.includes("<--")) problem(`${engine}: ${measured.check}`);
          report(engine, dataset.describe, sizes, generateMs, measured);
          reports.push({ engine, measured });
        } finally {
          await dataset.release();
        }
      }
      summary(reports);
      printFooter();
    },
  });
}
