// `node scripts/bench/trending.ts [--tools 100000] [--events 1000000] [--engine sqlite|postgres|both]
//   [--samples 100] [--likes 200] [--duration 10] [--keep] [--memory <MiB>]`
//
// Trending at scale (docs/decisions/052), on the production server (core 0) with this process on
// core 1 (docs/design.md#measuring-speed), per engine:
// - a synthetic catalogue (scripts/seed-synthetic.ts) and `--events` recorded events of the last
//   week, half likes (one row each, a visitor each) and half page views (day counts per tool), on a
//   few popular tools more than on the rest, as interest goes;
// - the scheduled job's run over them (in a process of its own, as an instance runs it), timed;
// - uncached: distinct /trending, /trending/today and /browse/all/trending pages one at a time, each
//   checked not to be a page-cache hit, p50/p95/p99 against the site's page target (20 ms p95);
//   and the first render after new scores were stored (the order is made again then);
// - warm: /trending with 20 connections (autocannon), requests per second and p99;
// - a like's cost: likes one at a time (each its own address, visitor and tool), idle and while the
//   job runs. A like writes what it wrote before trending (the like and its tool's count; trending
//   counts it in memory, written by the counts-flush job), so its one addition is that count's
//   update, timed here on its own in this process.
import { parseArgs } from "node:util";
import path from "node:path";
import { sql } from "kysely";
import { seededRandom } from "../../server/seed/synthetic.ts";
import { openDatabase, type Database } from "../../server/platform/db/index.ts";
import type { TrendingSummary } from "../../server/trending/job.ts";
import { createLikeCounts } from "../../server/trending/like-counts.ts";
import type { DatabaseTarget } from "../../server/platform/config.ts";
import {
  against,
  API_HEADERS,
  COMMON_OPTIONS,
  commonSettings,
  clientAddresses,
  ensureBuild,
  exited,
  fail,
  get,
  HOST,
  latencies,
  loadTest,
  lpad,
  noiseNote,
  num,
  PAGE_HEADERS,
  prepareDataset,
  probeOneByOne,
  request,
  root,
  rssMb,
  runPinned,
  sleep,
  start,
  startApp,
  stop,
  waitForQuiet,
  watchNoise,
  type Engine,
  type Latencies,
} from "./lib.ts";

const { values } = parseArgs({
  options: {
    ...COMMON_OPTIONS,
    engine: { type: "string", default: "sqlite" },
    events: { type: "string", default: "1000000" },
    samples: { type: "string", default: "100" },
    likes: { type: "string", default: "200" },
  },
});
const { engines, tools, duration } = commonSettings(values);
const events = Number(values.events);
const samples = Number(values.samples);
const likeCount = Number(values.likes);
if (!Number.isInteger(tools) || tools < 1000) fail("--tools must be a whole number from 1000");
if (!Number.isInteger(events) || events < 1000) fail("--events must be a whole number from 1000");
if (!Number.isInteger(samples) || samples < 5) fail("--samples must be a whole number from 5");

const DAY = 24 * 60 * 60 * 1000;
const HALF_LIFE = 24 * 60 * 60 * 1000;
const PAGE_TARGET_P95 = 20;
const WARMUP = 40;

/** Writes `events` events of the last week: half likes, half views (as day counts), skewed to popular tools. */
async function recordEvents(database: Database, ids: string[], now: number): Promise<{ likes: number; views: number }> {
  const rng = seededRandom(35);
  // A cube of a uniform draw: the first tools of the (shuffled) list get most of the interest.
  const pick = () => ids[Math.floor(ids.length * Math.pow(rng(), 3))]!;
  const likes = Math.floor(events / 2);
  const views = events - likes;
  const CHUNK = 500;
  // Each like as the like path leaves it: its row, and its count for trending (written as the
  // counts-flush job writes them).
  const counted = createLikeCounts(database);
  let batch: { tool_id: string; visitor_id: string; created_at: number }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await database.db.insertInto("likes").values(batch).execute();
    batch = [];
  };
  for (let i = 0; i < likes; i++) {
    const like = {
      tool_id: pick(),
      visitor_id: `v_bench${String(i).padStart(17, "0")}`,
      created_at: Math.floor(now - rng() * 7 * DAY),
    };
    batch.push(like);
    counted.record(like.tool_id, like.created_at, 1);
    if (batch.length === CHUNK) await flush();
    if (i % 50_000 === 49_999) await counted.flush();
  }
  await flush();
  await counted.flush();
  const days = new Map<string, number>();
  const today = Math.floor(now / DAY) * DAY;
  for (let i = 0; i < views; i++) {
    const key = `${pick()} ${today - Math.floor(rng() * 7) * DAY}`;
    days.set(key, (days.get(key) ?? 0) + 1);
  }
  const rows = [...days].map(([key, count]) => {
    const [tool_id, day] = key.split(" ") as [string, string];
    return { tool_id, day: Number(day), count };
  });
  for (let i = 0; i < rows.length; i += CHUNK)
    await database.db
      .insertInto("tool_views")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  return { likes, views };
}

/** One like, as the button's script sends it, from a new visitor at a new address. */
async function likeOnce(port: number, toolId: string, address: string): Promise<number> {
  const answer = await request(
    port,
    "POST",
    `/like/${toolId}`,
    {
      ...API_HEADERS,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": address,
    },
    "intent=like",
  );
  if (answer.status !== 200) throw new Error(`a like answered ${answer.status}: ${answer.body.toString("utf8")}`);
  return answer.ms;
}

/**
 * One run of the scoring job in a process of its own (as an instance runs it, beside the server),
 * on this process's core; resolves with its time and summary.
 */
async function runJob(target: DatabaseTarget): Promise<{ ms: number; summary: TrendingSummary }> {
  const code = `
    import { openDatabase } from ${JSON.stringify(path.join(root, "server/platform/db/index.ts"))};
    import { computeTrending } from ${JSON.stringify(path.join(root, "server/trending/job.ts"))};
    const database = openDatabase(JSON.parse(process.argv[1]));
    const started = performance.now();
    const summary = await computeTrending({
      config: { trending: { halfLifeMs: ${HALF_LIFE}, schedule: "*/10 * * * *" } }, database, now: Date.now,
    });
    console.log(JSON.stringify({ ms: performance.now() - started, summary }));
    await database.close();`;
  const child = start(process.execPath, ["--input-type=module", "-e", code, JSON.stringify(target)], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exit = await exited(child);
  if (exit !== 0) throw new Error(`the trending job exited with ${exit ?? child.signalCode}`);
  return JSON.parse(output) as { ms: number; summary: TrendingSummary };
}

/** What counting one like for trending costs, in ms: the median of rounds of 100,000 counts in memory. */
function countingCost(database: Database): number {
  const rounds: number[] = [];
  const ids = Array.from({ length: 1000 }, (_, i) => `t_bench${String(i).padStart(18, "0")}`);
  for (let round = 0; round < 5; round++) {
    // A counter never flushed: only the count is timed.
    const counts = createLikeCounts(database);
    const started = performance.now();
    for (let i = 0; i < 100_000; i++) counts.record(ids[i % 1000]!, Date.now(), 1);
    rounds.push((performance.now() - started) / 100_000);
  }
  return rounds.sort((x, y) => x - y)[2]!;
}

const row = (label: string, l: Latencies, extra = "") =>
  `${label.padEnd(44)} ${lpad(num(l.p50, 1), 7)} ${lpad(num(l.p95, 1), 7)} ${lpad(num(l.p99, 1), 7)}  ${extra}`;

async function benchEngine(engine: Engine, tmp: string): Promise<void> {
  const dataset = await prepareDataset(engine, tools, { tmp, keep: values.keep, label: "trending" });
  const target =
    engine === "sqlite"
      ? { engine: "sqlite" as const, file: path.join(dataset.env.DATA_DIR!, "toolshelf.db") }
      : { engine: "postgres" as const, url: dataset.env.DATABASE_URL! };
  const database = openDatabase(target);
  const now = Date.now();
  try {
    const publicIds = (
      await dataset.query<{ id: string }>("select id from tools where status in ('approved', 'verified') order by id")
    ).map((r) => r.id);
    const shuffled = [...publicIds];
    const rng = seededRandom(52);
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const t0 = performance.now();
    const recorded = await recordEvents(database, shuffled, now);
    console.log(
      `recorded ${recorded.likes.toLocaleString("en-US")} likes and ${recorded.views.toLocaleString("en-US")} views in ${num((performance.now() - t0) / 1000, 1)} s`,
    );
    if (engine === "postgres") {
      await sql`analyze likes`.execute(database.db);
      await sql`analyze tool_views`.execute(database.db);
    }
    const { ms: jobMs, summary } = await runJob(target);

    const app = await startApp({ ...dataset.env, TRUST_PROXY: "loopback" });
    const rssStarted = rssMb(app.app.pid);
    try {
      // Uncached: distinct addresses, each asked once.
      const pages = Math.max(1, Math.floor(summary.tools / 24));
      const probe = (kind: string, pathname: string) => ({ kind, path: pathname, headers: PAGE_HEADERS });
      // Page 1 has no `page=` (it would be sent to its one address).
      const paged = (base: string, page: number, tag: string) => `${base}?${page > 1 ? `page=${page}&` : ""}${tag}`;
      const warm = Array.from({ length: WARMUP }, (_, i) =>
        probe("warmup", paged("/trending", 1 + (i % pages), `w=${i}`)),
      );
      await probeOneByOne(app.port, warm);
      const kinds = {
        trending: (i: number) => paged("/trending", 1 + (i % pages), `u=${i}`),
        today: (i: number) => `/trending/today?u=${i}`,
        browse: (i: number) => paged("/browse/all/trending", 1 + (i % 40), `u=${i}`),
        home: (i: number) => `/?u=${i}`,
      } as const;
      const uncached: Record<string, Latencies> = {};
      const noisy: Record<string, string> = {};
      for (const [kind, pathOf] of Object.entries(kinds)) {
        await waitForQuiet();
        const watch = watchNoise();
        const results = await probeOneByOne(
          app.port,
          Array.from({ length: samples }, (_, i) => probe(kind, pathOf(i))),
        );
        const bad = results.filter((r) => r.status !== 200 && r.status !== 404);
        if (bad.length > 0) throw new Error(`${bad[0]!.path} answered ${bad[0]!.status}`);
        if (results.some((r) => r.hit)) throw new Error(`an uncached ${kind} page was a page-cache hit`);
        uncached[kind] = latencies(results.filter((r) => r.status === 200).map((r) => r.ms));
        noisy[kind] = noiseNote(watch.stop(), engine);
      }

      // The first render after new scores: the job stores them; the server reloads within a poll.
      const fresh: number[] = [];
      for (let i = 0; i < 3; i++) {
        await runJob(target);
        await sleep(1500);
        fresh.push((await get(app.port, `/trending?fresh=${i}`, PAGE_HEADERS)).ms);
      }

      // Warm: the page as the cache keeps it.
      await get(app.port, "/trending", PAGE_HEADERS);
      const load = await loadTest(app.port, "/trending", PAGE_HEADERS, duration);

      // A like's cost: one at a time, idle, then while the job runs.
      const address = clientAddresses();
      let next = 0;
      const targets = shuffled.slice(shuffled.length - 2 * likeCount - 20);
      const likes = async (n: number) => {
        const ms: number[] = [];
        for (let i = 0; i < n; i++) ms.push(await likeOnce(app.port, targets[next++]!, address()));
        return ms;
      };
      await likes(20); // warm-up, not counted
      await waitForQuiet();
      const idle = await likes(likeCount);
      let running = true;
      const during: number[] = [];
      const jobRun = runJob(target).finally(() => (running = false));
      while (running && during.length < likeCount) during.push(...(await likes(1)));
      const duringJob = await jobRun;
      const rssAfter = rssMb(app.app.pid);

      console.log(`\n${dataset.describe}`);
      console.log(
        `${tools.toLocaleString("en-US")} tools (${publicIds.length.toLocaleString("en-US")} public), ` +
          `${events.toLocaleString("en-US")} recorded events; job: ${num(jobMs)} ms ` +
          `(${summary.likes.toLocaleString("en-US")} likes, ${summary.views.toLocaleString("en-US")} views read, ${summary.tools} tools kept)`,
      );
      console.log(`${"".padEnd(44)} ${lpad("p50", 7)} ${lpad("p95", 7)} ${lpad("p99", 7)}  ms`);
      for (const [kind, l] of Object.entries(uncached))
        console.log(
          row(
            `uncached ${kind} (${samples} distinct URLs)`,
            l,
            against(l.p95, { max: PAGE_TARGET_P95 }, 1) + noisy[kind],
          ),
        );
      console.log(`${"first /trending after new scores".padEnd(44)} ${fresh.map((ms) => num(ms, 1)).join(", ")} ms`);
      console.log(
        `${"warm /trending, 20 connections".padEnd(44)} ${num(load.rps)} req/s, p50 ${num(load.p50)} ms, p99 ${num(load.p99)} ms, non-2xx ${load.non2xx}`,
      );
      const a = latencies(idle);
      console.log(row(`like, one at a time (${idle.length})`, a));
      console.log(
        row(`like, while the job runs (${during.length})`, latencies(during), `(that run: ${num(duringJob.ms)} ms)`),
      );
      const counting = countingCost(database);
      console.log(
        `${"what trending adds to a like: a count".padEnd(44)} ${num(counting * 1000, 2)} µs (${num((counting / a.p50) * 100, 3)} % of the like's p50)`,
      );
      console.log(`resident memory: ${num(rssStarted)} MB started, ${num(rssAfter)} MB after  (host ${HOST})`);
    } finally {
      await stop(app.app);
    }
  } finally {
    await database.close();
    await dataset.release();
  }
}

await runPinned({
  script: import.meta.url,
  main: async (tmp) => {
    await ensureBuild();
    for (const engine of engines) await benchEngine(engine, tmp);
  },
});
