// `npm run bench:search -- [--tools 100000] [--engine sqlite|postgres|both] [--queries 200]
//   [--duration 10] [--rounds 3] [--keep] [--root <checkout>] [--memory <MiB>]`
//
// Search on the production server against a synthetic catalogue, per engine (see README#speed for
// the targets, docs/design.md#measuring-speed for the method):
// - uncached: `--queries` distinct queries for the search page (/search/<query>) and as many other
//   ones for GET /api/v1/search?q=…, one request at a time, page and API in turn, each from its own
//   address. No query is sent twice (nor told apart only by case, spaces or a page number), so no
//   cache can answer one; p50/p95/p99, overall and per kind of query.
// - repeated: the most repeated search there is, a chip of the search page, as the page and as the
//   API, in requests per second with 20 connections (autocannon), as a ratio of a ceiling serving
//   that answer's own bytes (a plain node:http server), alternated, medians.
// The query mix comes from the catalogue's own words (lib.ts, QueryMix): the six chips of the search
// page, single words, two-letter words, two-word queries, prefixes as typed so far, and words no tool
// has. The server runs on core 0, this process on core 1. Resident memory is printed after the start
// and after the measurements. Exits non-zero only when something could not be measured. Only
// 127.0.0.1 is contacted.
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { seededRandom } from "../../server/seed/synthetic.ts";
import {
  against,
  alternate,
  API_HEADERS,
  clientAddresses,
  COMMON_OPTIONS,
  commonSettings,
  CONNECTIONS,
  ensureBuild,
  type Engine,
  fail,
  get,
  HOST,
  latencies,
  type Latencies,
  type LoadResult,
  loadTest,
  lpad,
  printFooter,
  problem,
  medianOf,
  type Noise,
  noiseNote,
  num,
  pad,
  PAGE_HEADERS,
  popularSearches,
  prepareDataset,
  printStartup,
  type Probe,
  type Probed,
  probeOneByOne,
  QUERY_KINDS,
  QueryMix,
  type QueryKind,
  readCatalogue,
  rssMb,
  runPinned,
  START_TARGETS,
  startCeiling,
  startMeasured,
  type Startup,
  stop,
  waitForQuiet,
  watchNoise,
} from "./lib.ts";

const { values } = parseArgs({ options: { ...COMMON_OPTIONS, queries: { type: "string", default: "200" } } });
const settings = commonSettings(values);
const queryCount = Number(values.queries);
if (!Number.isInteger(queryCount) || queryCount < 20 || queryCount > 5000)
  fail("--queries must be a whole number from 20 to 5000");

/** The same seed gives the same queries for the same catalogue: both engines get the same ones. */
const QUERY_SEED = 20_261_122;
const TARGETS = { uncachedP95: 20, repeatedRatio: 0.5 } as const;
// Uncounted queries per endpoint first, on other queries: the search and render code compiled for
// speed, as in a server that has been up a minute (bench:pages' UNCACHED_WARMUP says why).
const WARMUP = 40;

type Endpoint = "page" | "api";
const pathOf: Record<Endpoint, (text: string) => string> = {
  page: (text) => `/search/${encodeURIComponent(text)}`,
  api: (text) => `/api/v1/search?q=${encodeURIComponent(text)}`,
};

interface Asked extends Probe<QueryKind> {
  endpoint: Endpoint;
  text: string;
}

interface Repeated {
  path: string;
  app: LoadResult;
  ceiling: LoadResult;
}

interface EngineReport {
  engine: Engine;
  describe: string;
  publicTools: number;
  startup: Startup;
  rssAfter: number;
  uncached: Record<Endpoint, Latencies>;
  uncachedNoise: Noise;
  repeated: Repeated[];
}

/** The matches an API answer counts (-1 when it is not a search answer). */
function matches(r: Probed<QueryKind>): number {
  if (r.status !== 200) return -1;
  try {
    return (JSON.parse(r.body.toString("utf8")) as { total: number }).total;
  } catch {
    return -1;
  }
}

async function benchEngine(engine: Engine, tmp: string): Promise<EngineReport> {
  console.log(`\n${"#".repeat(110)}\n# ${engine}\n${"#".repeat(110)}`);
  const dataset = await prepareDataset(engine, settings.tools, { tmp, keep: settings.keep, label: "search" });
  const catalogue = await readCatalogue(dataset);
  console.log(`${dataset.describe}: ${catalogue.tools.length} tools, ${catalogue.publicTools.length} public`);

  const rng = seededRandom(QUERY_SEED);
  const mix = new QueryMix(catalogue.publicTools, QUERY_SEED);
  const ready = mix.take("word")!.text;
  const [warmPage, warmApi] = mix.batches(WARMUP, 2, rng);
  const [pageQueries, apiQueries] = mix.batches(queryCount, 2, rng);
  const address = clientAddresses();
  const ask =
    (endpoint: Endpoint) =>
    (q: { kind: QueryKind; text: string }): Asked => ({
      endpoint,
      kind: q.kind,
      text: q.text,
      path: pathOf[endpoint](q.text),
      headers: { ...(endpoint === "page" ? PAGE_HEADERS : API_HEADERS), "x-forwarded-for": address() },
    });
  // Page and API in turn, so drift falls on both alike.
  const interleave = (a: Asked[], b: Asked[]) => a.flatMap((x, i) => (b[i] ? [x, b[i]] : [x]));
  const warmup = interleave(warmPage!.map(ask("page")), warmApi!.map(ask("api")));
  const measured = interleave(pageQueries!.map(ask("page")), apiQueries!.map(ask("api")));

  console.log(
    `\nqueries: ${pageQueries!.length} for the page and ${apiQueries!.length} others for the API (seed ${QUERY_SEED}), after ${warmup.length} to warm up`,
  );
  console.log(`  ${pad("kind", 11)} ${lpad("page", 5)} ${lpad("api", 5)}  examples  (what)`);
  for (const kind of Object.keys(QUERY_KINDS) as QueryKind[]) {
    const of = measured.filter((q) => q.kind === kind);
    const examples = of
      .slice(0, 4)
      .map((q) => `"${q.text}"`)
      .join(", ");
    console.log(
      `  ${pad(kind, 11)} ${lpad(String(of.filter((q) => q.endpoint === "page").length), 5)} ${lpad(String(of.filter((q) => q.endpoint === "api").length), 5)}  ${examples}  (${QUERY_KINDS[kind]})`,
    );
  }

  // An admin of its own, so the server does not create one and log its generated password.
  const admin = { ADMIN_USERNAME: "bench", ADMIN_PASSWORD: crypto.randomBytes(18).toString("base64url") };
  const startup = await startMeasured({ ...dataset.env, TRUST_PROXY: "loopback", ...admin }, pathOf.api(ready));
  const { app, port } = startup;
  console.log(`\napp server on http://${HOST}:${port} (core 0, pid ${app.pid})`);
  printStartup(startup);

  // Uncached.
  await probeOneByOne(port, warmup);
  await waitForQuiet();
  const watch = watchNoise();
  const results = (await probeOneByOne(port, measured)) as (Probed<QueryKind> & Asked)[];
  const uncachedNoise = watch.stop();
  const failed = results.filter((r) => r.status !== 200);
  if (failed.length > 0)
    problem(`${failed.length} searches did not answer 200, e.g. ${failed[0]!.status} for ${failed[0]!.path}`);
  const hits = results.filter((r) => r.hit).length;
  if (hits > 0) problem(`${hits} searches were answered from the page cache (X-Cache: HIT): not uncached`);
  const of = (endpoint: Endpoint, kind?: QueryKind) =>
    results.filter((r) => r.endpoint === endpoint && (!kind || r.kind === kind));
  const uncached = { page: latencies(of("page").map((r) => r.ms)), api: latencies(of("api").map((r) => r.ms)) };

  console.log(`\nuncached, one at a time, ms (target p95 ≤ ${TARGETS.uncachedP95}):`);
  console.log(
    `  ${pad("kind", 11)} | ${pad("/search/<query>", 30)} | ${pad("/api/v1/search?q=<query>", 30)} | ${lpad("matches", 8)} ${lpad("none", 5)}`,
  );
  console.log(
    `  ${pad("", 11)} | ${["n", "p50", "p95", "p99", "max"].map((h, i) => lpad(h, i === 0 ? 4 : 6)).join(" ")} | ${["n", "p50", "p95", "p99", "max"].map((h, i) => lpad(h, i === 0 ? 4 : 6)).join(" ")} | ${lpad("mean", 8)} ${lpad("(api)", 5)}`,
  );
  const cells = (l: Latencies) =>
    `${lpad(String(l.n), 4)} ${lpad(num(l.p50, 1), 6)} ${lpad(num(l.p95, 1), 6)} ${lpad(num(l.p99, 1), 6)} ${lpad(num(l.max, 1), 6)}`;
  for (const kind of Object.keys(QUERY_KINDS) as QueryKind[]) {
    const api = of("api", kind);
    const totals = api.map(matches).filter((n) => n >= 0);
    const mean = totals.length ? totals.reduce((a, b) => a + b, 0) / totals.length : NaN;
    console.log(
      `  ${pad(kind, 11)} | ${cells(latencies(of("page", kind).map((r) => r.ms)))} | ${cells(latencies(api.map((r) => r.ms)))} | ${lpad(num(mean), 8)} ${lpad(String(totals.filter((n) => n === 0).length), 5)}`,
    );
  }
  console.log(`  ${pad("all", 11)} | ${cells(uncached.page)} | ${cells(uncached.api)} |`);
  for (const endpoint of ["page", "api"] as const) {
    const slowest = [...of(endpoint)].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(`  slowest (${endpoint}): ${slowest.map((r) => `"${r.text}" (${r.kind}) ${num(r.ms)} ms`).join(", ")}`);
  }
  if (noiseNote(uncachedNoise, engine)) console.log(`  uncached figures${noiseNote(uncachedNoise, engine)}`);

  // Repeated: a chip of the search page, page and API, against their own bytes.
  const chip = popularSearches()[0] ?? "AI tools";
  console.log(
    `\nrepeated "${chip}": ${CONNECTIONS} connections, ${settings.duration} s per run, ${settings.rounds} round(s) of (app, ceiling), from core 1`,
  );
  const repeated: Repeated[] = [];
  for (const [path, headers] of [
    [pathOf.page(chip), PAGE_HEADERS],
    [pathOf.api(chip), API_HEADERS],
  ] as const) {
    const first = await get(port, path, headers);
    if (first.status !== 200) {
      problem(`${path} answered ${first.status}: not measured`);
      continue;
    }
    const ceiling = await startCeiling(tmp, first);
    try {
      const runs = await alternate(
        settings.rounds,
        {
          app: () => loadTest(port, path, headers, settings.duration),
          ceiling: () => loadTest(ceiling.port, "/", headers, settings.duration),
        },
        (round, r) =>
          console.log(
            `  ${pad(path, 34)} round ${round}/${settings.rounds}: app ${num(r.app!.rps)} req/s p99 ${r.app!.p99} ms${noiseNote(r.app!.noise, engine)} ` +
              `| ceiling ${num(r.ceiling!.rps)} req/s${noiseNote(r.ceiling!.noise, engine)}`,
          ),
      );
      const row = { path, app: medianOf(runs.app), ceiling: medianOf(runs.ceiling) };
      if (row.app.non2xx + row.app.errors > 0) problem(`${path}: non-2xx ${row.app.non2xx}, errors ${row.app.errors}`);
      repeated.push(row);
    } finally {
      await ceiling.stop();
    }
  }

  const rssAfter = rssMb(app.pid);
  await stop(app);
  const suppressed = startup.logs.reduce((n, l) => n + l.suppressed(), 0);
  if (suppressed > 0) console.log(`(${suppressed} more app server log lines were not shown)`);
  await dataset.release();
  return {
    engine,
    describe: dataset.describe,
    publicTools: catalogue.publicTools.length,
    startup,
    rssAfter,
    uncached,
    uncachedNoise,
    repeated,
  };
}

function printReport(reports: EngineReport[]): void {
  const head =
    `${pad("engine", 9)} ${lpad("tools", 7)} | ${pad("uncached page, ms", 26)} | ${pad("uncached API, ms", 26)} | ` +
    `${pad(`repeated: app/ceiling ≥ ${TARGETS.repeatedRatio}`, 28)} | ${pad("start", 8)} ${pad("RSS MB", 18)}`;
  console.log(head);
  console.log(
    `${pad("", 17)} | ${lpad("p50", 6)} ${lpad("p95 ≤ 20", 12)} ${lpad("p99", 6)} | ${lpad("p50", 6)} ${lpad("p95 ≤ 20", 12)} ${lpad("p99", 6)} | ` +
      `${lpad("page", 13)} ${lpad("API", 14)} | ${lpad("ms ≤ 3000", 8)} ${lpad(`≤ ${START_TARGETS.rssStartedMb}`, 8)} ${lpad(`≤ ${START_TARGETS.rssAfterMb}`, 9)}`,
  );
  console.log("-".repeat(head.length + 8));
  for (const r of reports) {
    const lat = (l: Latencies) =>
      `${lpad(num(l.p50, 1), 6)} ${lpad(against(l.p95, { max: TARGETS.uncachedP95 }, 1), 12)} ${lpad(num(l.p99, 1), 6)}`;
    const ratio = (i: number, width: number) => {
      const x = r.repeated[i];
      return lpad(x ? against(x.app.rps / x.ceiling.rps, { min: TARGETS.repeatedRatio }, 2) : "n/a", width);
    };
    console.log(
      `${pad(r.engine, 9)} ${lpad(String(r.publicTools), 7)} | ${lat(r.uncached.page)} | ${lat(r.uncached.api)} | ${ratio(0, 13)} ${ratio(1, 14)} | ` +
        `${lpad(against(r.startup.firstOkMs, { max: START_TARGETS.firstOkMs }), 8)} ${lpad(against(r.startup.rssStarted, { max: START_TARGETS.rssStartedMb }), 8)} ` +
        `${lpad(against(r.rssAfter, { max: START_TARGETS.rssAfterMb }), 9)}`,
    );
    for (const x of r.repeated) {
      const noisy = noiseNote(x.app.noise, r.engine) || noiseNote(x.ceiling.noise, r.engine) ? "  (noisy)" : "";
      console.log(
        `${pad("", 17)}   repeated ${x.path}: app ${num(x.app.rps)} req/s (p99 ${x.app.p99} ms), ceiling ${num(x.ceiling.rps)} req/s${noisy}`,
      );
    }
    if (noiseNote(r.uncachedNoise, r.engine))
      console.log(`${pad("", 17)}   uncached figures (noisy)${noiseNote(r.uncachedNoise, r.engine)}`);
  }
}

async function main(tmp: string): Promise<void> {
  await ensureBuild();
  const reports: EngineReport[] = [];
  for (const engine of settings.engines) reports.push(await benchEngine(engine, tmp));
  console.log(`\n${"=".repeat(110)}`);
  console.log(
    `bench:search, ${settings.tools} synthetic tools, ${queryCount} distinct queries per endpoint, repeated: ${settings.duration} s x ${settings.rounds} round(s)`,
  );
  printReport(reports);
  console.log(`\nMISSED marks a figure past its target (docs/design.md#measuring-speed).`);
  printFooter();
}

// Entry: re-exec pinned to core 1, then run with cleanup on every way out (lib.ts).
await runPinned({ script: import.meta.url, main });
