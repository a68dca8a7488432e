// `npm run bench:lighthouse -- [--tools 10000] [--runs 1] [--keep] [--root <checkout>] [--quiet-wait 10]`
//
// Lighthouse (the npm package, mobile defaults: a mid-range phone, simulated slow 4G and a 4x slower
// CPU) on the public pages people land on — `/`, `/browse/all`, `/search/design`, a tool page, its
// alternatives, its comparison with the closest of them, the page of its first tag, and the
// developers', API reference and ranking pages, the list of collections and a collection's page —
// of the production server (built first when older than the code, started as `npm start` starts it),
// once with the demo catalogue and once with `--tools` synthetic tools on SQLite. It drives the
// system Chromium (CHROMIUM_PATH, else /usr/bin/chromium) with the project's flags
// (docs/design.md#stack), headless, over its DevTools port.
//
// Per page it prints the four category scores, the largest contentful paint (simulated) and the
// JavaScript the page runs before any interaction: script files and inline scripts, each gzipped
// (docs/decisions/024). Targets (ADR 024): performance ≥ 98; accessibility, best practices and SEO
// 100 (the search page keeps `noindex` on purpose: its crawlability audit is the one allowed to
// fail); LCP ≤ 1.2 s; JavaScript ≤ 30 KB. Unlike the other benchmarks it exits non-zero when any
// page misses a target, as well as when something could not be measured: CI runs it (.ci/run).
// With --runs N each page is measured N times and the median of each figure is judged. A page whose
// median misses on a timing figure (performance, LCP) is measured again up to 5 runs in all, the
// number Lighthouse's guide on variability recommends, and judged on the median of them all: one
// busy moment of a shared host should not fail CI, a slow page still does (it misses in most runs).
// A shared host can stay slow for minutes, though: a page still missing on timing alone is measured
// again (5 runs) once the dataset's other pages are done, and passes when that second pass meets the
// targets. The "host" column is Lighthouse's benchmark index of the machine at the runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { alternativesPath, comparePath, tagPath } from "../../core/catalog.ts";
import { collectionPath } from "../../core/collections.ts";
import { createAdmin } from "../../server/admin/accounts.ts";
import { addToolToCollection, createCollection, setCollectionStatus } from "../../server/collections/service.ts";
import { openDatabase } from "../../server/platform/db/index.ts";
import { CHROMIUM_BASE_ARGS } from "../../server/screenshots/chromium.ts";
import {
  type Dataset,
  ensureBuild,
  fail,
  get,
  HOST,
  lpad,
  median,
  num,
  PAGE_HEADERS,
  pad,
  prepareDataset,
  printFooter,
  problem,
  root,
  runPinned,
  setQuietWait,
  setRoot,
  start,
  startApp,
  stop,
  waitForQuiet,
} from "./lib.ts";

const { values } = parseArgs({
  options: {
    tools: { type: "string", default: "10000" },
    runs: { type: "string", default: "1" },
    keep: { type: "boolean", default: false },
    root: { type: "string" },
    "quiet-wait": { type: "string", default: "10" },
  },
});
const tools = Number(values.tools);
const runs = Number(values.runs);
if (!Number.isInteger(tools) || tools < 100 || tools > 1_000_000)
  fail("--tools must be a whole number from 100 to 1000000");
if (!Number.isInteger(runs) || runs < 1 || runs > 9) fail("--runs must be a whole number from 1 to 9");
setQuietWait(values["quiet-wait"]);
if (values.root) setRoot(values.root);

/** Runs in all for a page whose median misses on a timing figure (see the top of this file). */
const CONFIRM_RUNS = 5;
const TARGETS = { performance: 0.98, accessibility: 1, bestPractices: 1, seo: 1, lcpMs: 1200, jsKb: 30 } as const;
/** The search page asks not to be indexed (app/routes/search.tsx): this SEO audit fails there on purpose. */
const ALLOWED_SEO_FAILURES: Record<string, string[]> = { search: ["is-crawlable"] };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The project's flags, with Chromium's current headless mode.
const CHROMIUM_FLAGS = ["--headless=new", ...CHROMIUM_BASE_ARGS.filter((flag) => flag !== "--headless")];

// ---------------------------------------------------------------------------------------------
// Chromium, and one Lighthouse run.

interface Browser {
  port: number;
  version: string;
  close(): Promise<void>;
}

/** The system Chromium with a fresh profile, listening for DevTools on a free port of 127.0.0.1. */
async function launchChromium(tmp: string): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(tmp, "chromium-"));
  // This process runs pinned to one core (runPinned); the browser is given them all back, as
  // Lighthouse expects of the machine it simulates a phone on (its CPU throttling is simulated).
  const child = start(
    "taskset",
    [
      "-c",
      `0-${os.cpus().length - 1}`,
      CHROMIUM,
      ...CHROMIUM_FLAGS,
      "--remote-debugging-address=127.0.0.1",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${CHROMIUM} did not open its DevTools port within 30 s`)), 30_000);
    child.once("error", (error) => reject(new Error(`could not start ${CHROMIUM}: ${error.message}`)));
    child.once("exit", (code) =>
      reject(new Error(`${CHROMIUM} exited (${code ?? child.signalCode}) before it listened`)),
    );
    // Read to the end, so Chromium never blocks on a full pipe.
    readline.createInterface({ input: child.stderr! }).on("line", (line) => {
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  const version =
    ((await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: string }).Browser ??
    "Chromium";
  return { port, version, close: () => stop(child) };
}

/** The part of Lighthouse's result read here. */
interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: { url?: string; resourceType?: string; transferSize?: number }[] };
}
interface Category {
  score: number | null;
  auditRefs: { id: string; weight: number }[];
}
interface Result {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  categories: Record<"performance" | "accessibility" | "best-practices" | "seo", Category>;
  audits: Record<string, Audit>;
  environment: { benchmarkIndex: number };
}

interface Measured {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  jsBytes: number;
  /** Audits that failed, per category, for the report: what to look at when a score is short. */
  failed: string[];
  /** SEO audits that failed other than the allowed ones (the SEO target). */
  seoFailures: string[];
  lighthouseVersion: string;
  /** Lighthouse's measure of the host's CPU at the run (higher is faster; its 4× slowdown assumes 1500–2000). */
  benchmarkIndex: number;
}

/** A page's JavaScript before any interaction, gzipped: the script files Lighthouse saw load, and the page's inline scripts. */
async function javascriptBytes(appPort: number, pagePath: string, result: Result): Promise<number> {
  let bytes = 0;
  for (const request of result.audits["network-requests"]?.details?.items ?? []) {
    if (request.resourceType !== "Script" || !request.url) continue;
    const url = new URL(request.url);
    if (url.hostname !== "localhost" && url.hostname !== HOST) {
      bytes += request.transferSize ?? 0;
      continue;
    }
    const file = await get(appPort, `${url.pathname}${url.search}`, {});
    bytes += gzipSync(file.body).length;
  }
  const page = await get(appPort, pagePath, PAGE_HEADERS);
  for (const [, attrs, source] of page.body.toString("utf8").matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=|application\/ld\+json/i.test(attrs ?? "") || !source) continue;
    bytes += gzipSync(source).length;
  }
  return bytes;
}

/**
 * Lighthouse's own failure to record a run (NO_NAVSTART, NO_FCP…: "Please run Lighthouse again"),
 * not a finding about the page: the run is taken again, up to RUNTIME_ERROR_RETRIES times.
 */
class LighthouseRuntimeError extends Error {}
const RUNTIME_ERROR_RETRIES = 2;

/** One Lighthouse run (mobile defaults) of one page. */
async function audit(browser: Browser, appPort: number, page: Page): Promise<Measured> {
  // Through the name the site's canonical links use (SITE_URL is http://localhost:<port>).
  const url = `http://localhost:${appPort}${page.path}`;
  const runner = await lighthouse(url, {
    port: browser.port,
    hostname: "127.0.0.1",
    logLevel: "error",
    output: "json",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    disableFullPageScreenshot: true,
  });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  const result = runner.lhr as unknown as Result;
  if (result.runtimeError)
    throw new LighthouseRuntimeError(
      `Lighthouse could not measure ${url}: ${result.runtimeError.code} ${result.runtimeError.message}`,
    );
  const score = (category: keyof Result["categories"]) => {
    const value = result.categories[category].score;
    if (value === null) throw new Error(`Lighthouse gave ${url} no ${category} score`);
    return value;
  };
  const failing = (category: keyof Result["categories"]) =>
    result.categories[category].auditRefs
      .map((ref) => result.audits[ref.id])
      .filter(
        (a): a is Audit =>
          !!a &&
          a.score !== null &&
          a.score < 1 &&
          (a.scoreDisplayMode === "binary" ||
            a.scoreDisplayMode === "numeric" ||
            a.scoreDisplayMode === "metricSavings"),
      );
  const failed = (["performance", "accessibility", "best-practices", "seo"] as const).flatMap((category) =>
    failing(category)
      .filter(
        (a) =>
          category !== "performance" ||
          result.categories.performance.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0),
      )
      .map((a) => `${category}: ${a.id} (${a.title}, score ${a.score})`),
  );
  const lcp = result.audits["largest-contentful-paint"]?.numericValue;
  if (lcp === undefined) throw new Error(`Lighthouse gave ${url} no largest contentful paint`);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: lcp,
    jsBytes: await javascriptBytes(appPort, page.path, result),
    failed,
    seoFailures: failing("seo")
      .map((a) => a.id)
      .filter((id) => !(ALLOWED_SEO_FAILURES[page.kind] ?? []).includes(id)),
    lighthouseVersion: result.lighthouseVersion,
    benchmarkIndex: result.environment.benchmarkIndex,
  };
}

// ---------------------------------------------------------------------------------------------
// Pages, datasets, the table.

interface Page {
  kind:
    | "home"
    | "browse"
    | "search"
    | "tool"
    | "alternatives"
    | "compare"
    | "tag"
    | "developers"
    | "api-reference"
    | "ranking"
    | "collections"
    | "collection"
    | "trending";
  path: string;
}

interface Row {
  page: Page;
  /** Medians over the runs. */
  measured?: Measured;
  /** How many runs the medians are of (more than --runs when a page was measured again). */
  runs?: number;
  /** Whether a second pass, after the dataset's other pages, met the targets (it then stands) or missed too. */
  secondPass?: "met" | "missed";
  error?: string;
}

/** The API's answer to a GET, parsed; an error names the address when it does not answer 200. */
async function apiData<T>(appPort: number, pathname: string): Promise<T> {
  const answer = await get(appPort, pathname, { accept: "application/json" });
  if (answer.status !== 200) throw new Error(`GET ${pathname} answered ${answer.status}`);
  return (JSON.parse(answer.body.toString("utf8")) as { data: T }).data;
}

/**
 * The pages: the tool page is the newest public tool's (as the API lists it); its alternatives
 * page; the comparison of it with its closest alternative; the page of its first tag that has one;
 * the developers' pages (connecting an assistant, the API reference); the ranking and trending
 * pages; and the list of collections with the first collection's page (the one addBenchCollection made).
 */
async function pagesOf(appPort: number): Promise<Page[]> {
  const tool = (await apiData<{ id: string; slug: string }[]>(appPort, "/api/v1/tools?pageSize=1"))[0];
  if (!tool) throw new Error("GET /api/v1/tools answered no tool");
  const slug = tool.slug;
  // A list's cards carry no tags; the tool's own answer does.
  const { tags } = await apiData<{ tags: string[] }>(appPort, `/api/v1/tools/${encodeURIComponent(slug)}`);
  const closest = (
    await apiData<{ id: string; slug: string }[]>(appPort, `/api/v1/tools/${encodeURIComponent(slug)}/alternatives`)
  )[0];
  if (!closest) throw new Error(`the tool ${slug} has no alternatives to compare it with`);
  const collections = await apiData<{ slug: string }[]>(appPort, "/api/v1/collections").catch(() => []);
  return [
    { kind: "home", path: "/" },
    { kind: "browse", path: "/browse/all" },
    { kind: "search", path: "/search/design" },
    { kind: "tool", path: `/tool/${encodeURIComponent(slug)}` },
    { kind: "alternatives", path: alternativesPath(slug) },
    { kind: "compare", path: comparePath([tool, closest]) },
    ...tags
      .flatMap((tag) => tagPath(tag) ?? [])
      .slice(0, 1)
      .map((path) => ({ kind: "tag" as const, path })),
    { kind: "developers", path: "/developers" },
    { kind: "api-reference", path: "/developers/api" },
    { kind: "ranking", path: "/ranking" },
    { kind: "collections", path: "/collections" },
    ...collections.slice(0, 1).map((c) => ({ kind: "collection" as const, path: collectionPath(c.slug) })),
    { kind: "trending", path: "/trending" },
  ];
}

/**
 * A published collection of the newest public tools, written beside the running server as another
 * instance would (the datasets have none): the collection pages then have cards to show. When the
 * measured code has no collections, only that is said.
 */
async function addBenchCollection(env: NodeJS.ProcessEnv, appPort: number): Promise<void> {
  if (env.DATABASE_URL) throw new Error("the Lighthouse datasets are SQLite");
  const tools = await apiData<{ slug: string }[]>(appPort, "/api/v1/tools?pageSize=12");
  const database = openDatabase({ engine: "sqlite", file: path.join(env.DATA_DIR!, "toolshelf.db") });
  try {
    const now = Date.now();
    const admin = await createAdmin(database, `lighthouse-${now}`, `lighthouse password ${now}`, now);
    const deps = { database, now: Date.now };
    const made = await createCollection(deps, admin, {
      title: "Tools to start with",
      slug: `start-here-${now}`,
      intro:
        "A short list of tools we would try first, in the order we would try them.\n\nEach comes with a word on why it is here.",
    });
    if (made.kind !== "created") throw new Error(`the collection was not created (${made.kind})`);
    for (const tool of tools) await addToolToCollection(deps, admin, made.id, tool.slug);
    await setCollectionStatus(deps, admin, made.id, "published");
  } catch (error) {
    console.log(`  no collection to measure: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await database.close();
  }
}

function medianOf(all: Measured[]): Measured {
  const pick = (f: (m: Measured) => number) => median(all.map(f));
  // The failures of the run closest to the median score say what held it back.
  const byPerformance = [...all].sort((a, b) => a.performance - b.performance)[Math.floor(all.length / 2)]!;
  return {
    performance: pick((m) => m.performance),
    accessibility: pick((m) => m.accessibility),
    bestPractices: pick((m) => m.bestPractices),
    seo: pick((m) => m.seo),
    lcpMs: pick((m) => m.lcpMs),
    jsBytes: pick((m) => m.jsBytes),
    failed: byPerformance.failed,
    seoFailures: [...new Set(all.flatMap((m) => m.seoFailures))],
    lighthouseVersion: all[0]!.lighthouseVersion,
    benchmarkIndex: pick((m) => m.benchmarkIndex),
  };
}

/** Whether the figures that follow the machine's load of the moment miss (more runs are taken). */
function missesOnTiming(m: Measured): boolean {
  return m.performance < TARGETS.performance || m.lcpMs > TARGETS.lcpMs;
}

/** What in a row misses its target, in words; empty when it meets them all. */
function misses(row: Row): string[] {
  const m = row.measured;
  if (!m) return [`not measured: ${row.error ?? "unknown error"}`];
  const out: string[] = [];
  if (m.performance < TARGETS.performance)
    out.push(`performance ${num(m.performance * 100)} < ${TARGETS.performance * 100}`);
  if (m.accessibility < TARGETS.accessibility) out.push(`accessibility ${num(m.accessibility * 100)} < 100`);
  if (m.bestPractices < TARGETS.bestPractices) out.push(`best practices ${num(m.bestPractices * 100)} < 100`);
  if (m.seoFailures.length > 0) out.push(`SEO audits failed: ${m.seoFailures.join(", ")}`);
  if (m.lcpMs > TARGETS.lcpMs) out.push(`LCP ${num(m.lcpMs)} ms > ${TARGETS.lcpMs}`);
  if (m.jsBytes > TARGETS.jsKb * 1024) out.push(`JavaScript ${(m.jsBytes / 1024).toFixed(1)} KB > ${TARGETS.jsKb}`);
  return out;
}

function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log(
    `${pad("page", 34)}${lpad("perf", 6)}${lpad("a11y", 6)}${lpad("bp", 6)}${lpad("seo", 6)}${lpad("LCP ms", 9)}${lpad("JS KB gz", 10)}${lpad("host", 6)}  verdict`,
  );
  for (const row of rows) {
    const m = row.measured;
    const score = (x: number | undefined) => lpad(x === undefined ? "n/a" : num(x * 100), 6);
    const seoNote = m && m.seo < 1 && m.seoFailures.length === 0 ? "*" : "";
    const missed = misses(row);
    console.log(
      `${pad(row.page.path.length > 33 ? `${row.page.path.slice(0, 30)}...` : row.page.path, 34)}${score(m?.performance)}${score(m?.accessibility)}${score(m?.bestPractices)}` +
        `${lpad(`${m ? num(m.seo * 100) : "n/a"}${seoNote}`, 6)}${lpad(m ? num(m.lcpMs) : "n/a", 9)}${lpad(m ? (m.jsBytes / 1024).toFixed(1) : "n/a", 10)}${lpad(m ? num(m.benchmarkIndex) : "n/a", 6)}  ` +
        (missed.length === 0 ? "ok" : `MISSED: ${missed.join("; ")}`) +
        (row.runs !== undefined && row.runs > runs ? ` (medians of ${row.runs} runs)` : "") +
        (row.secondPass === "met" ? " (a second pass, after the other pages)" : "") +
        (row.secondPass === "missed" ? " (missed in a second pass too)" : ""),
    );
    if (m && missed.length > 0) for (const failure of m.failed) console.log(`${" ".repeat(36)}${failure}`);
  }
  console.log(
    "host: Lighthouse's benchmark index of the machine at the runs (median; its 4× CPU slowdown assumes 1500–2000)",
  );
  if (rows.some((row) => row.measured && row.measured.seo < 1 && row.measured.seoFailures.length === 0)) {
    console.log(
      `* SEO below 100 only by ${ALLOWED_SEO_FAILURES.search!.join(", ")}: the search page's noindex, on purpose.`,
    );
  }
}

/** Starts the production server on a dataset, measures the pages, stops it. */
async function measureDataset(label: string, env: NodeJS.ProcessEnv, browser: Browser): Promise<Row[]> {
  const app = await startApp(env);
  const rows: Row[] = [];
  try {
    await addBenchCollection(env, app.port);
    const pages = await pagesOf(app.port);
    for (const page of pages) {
      // The page is rendered once before it is measured: Lighthouse measures the site as visitors
      // find it, from the page cache.
      await get(app.port, page.path, PAGE_HEADERS, 120_000);
      rows.push(await measurePage(label, app.port, page, browser));
    }
    // A shared host can stay slow for minutes, longer than one page's runs: a page that missed on
    // timing alone is measured again once the others are done, and the better of its two passes
    // stands. A slow page misses in both.
    for (const [index, row] of rows.entries()) {
      if (!row.measured || !missesOnTiming(row.measured)) continue;
      // Only timing: what else misses (a score, the JavaScript) does not follow the host's load.
      if (misses({ ...row, measured: { ...row.measured, performance: 1, lcpMs: 0 } }).length > 0) continue;
      const again = await measurePage(label, app.port, row.page, browser, CONFIRM_RUNS);
      console.log(
        `  ${row.page.path}: measured again after the other pages: performance ${again.measured ? num(again.measured.performance * 100) : "n/a"}, ` +
          `LCP ${again.measured ? num(again.measured.lcpMs) : "n/a"} ms (host index ${again.measured ? num(again.measured.benchmarkIndex) : "n/a"})`,
      );
      if (again.measured && !missesOnTiming(again.measured)) rows[index] = { ...again, secondPass: "met" };
      else rows[index] = { ...row, secondPass: "missed" };
    }
  } finally {
    await stop(app.app);
  }
  return rows;
}

/** One pass over a page: `firstRuns` runs, up to CONFIRM_RUNS when their median misses on timing. */
async function measurePage(
  label: string,
  appPort: number,
  page: Page,
  browser: Browser,
  firstRuns: number = runs,
): Promise<Row> {
  const all: Measured[] = [];
  try {
    const measureOnce = async () => {
      for (let attempt = 0; ; attempt++) {
        await waitForQuiet();
        try {
          all.push(await audit(browser, appPort, page));
          return;
        } catch (error) {
          if (!(error instanceof LighthouseRuntimeError) || attempt >= RUNTIME_ERROR_RETRIES) throw error;
          console.log(`  ${page.path}: ${error.message}; measuring again`);
        }
      }
    };
    while (all.length < firstRuns) await measureOnce();
    const first = medianOf(all);
    if (missesOnTiming(first)) {
      while (all.length < CONFIRM_RUNS) await measureOnce();
      if (all.length > firstRuns) {
        console.log(
          `  ${page.path}: median of ${firstRuns} run(s) performance ${num(first.performance * 100)}, LCP ${num(first.lcpMs)} ms; measured ${all.length} times in all`,
        );
      }
    }
    return { page, measured: medianOf(all), runs: all.length };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    problem(`${label} ${page.path}: ${message}`);
    return { page, error: message };
  }
}

async function main(tmp: string): Promise<void> {
  await ensureBuild();
  const browser = await launchChromium(tmp);
  const tables: { title: string; rows: Row[] }[] = [];
  let dataset: Dataset | undefined;
  try {
    const demoDir = path.join(tmp, "demo");
    fs.mkdirSync(demoDir, { recursive: true });
    const { DATABASE_URL: _inherited, ...env } = process.env;
    const demoTitle = "the demo catalogue (SEED_DEMO, SQLite)";
    console.log(`measuring ${demoTitle}`);
    tables.push({
      title: demoTitle,
      rows: await measureDataset("demo", { ...env, DATA_DIR: demoDir, DATABASE_URL: "", SEED_DEMO: "true" }, browser),
    });

    dataset = await prepareDataset("sqlite", tools, { tmp, keep: values.keep, label: "lighthouse" });
    const syntheticTitle = `${tools.toLocaleString("en-US")} synthetic tools (${dataset.describe})`;
    console.log(`measuring ${syntheticTitle}`);
    tables.push({ title: syntheticTitle, rows: await measureDataset("synthetic", dataset.env, browser) });
  } finally {
    await dataset?.release();
    await browser.close();
  }

  const version = tables.flatMap((t) => t.rows).find((r) => r.measured)?.measured?.lighthouseVersion ?? "?";
  console.log(`\n${"=".repeat(100)}`);
  console.log(
    `bench:lighthouse — Lighthouse ${version}, mobile defaults (simulated throttling), ${browser.version}, ` +
      `${runs} run(s) per page${runs > 1 ? " (medians)" : ""}, production build of ${root}`,
  );
  console.log(
    `targets: performance ≥ ${TARGETS.performance * 100}, accessibility / best practices / SEO 100, LCP ≤ ${TARGETS.lcpMs} ms, ` +
      `JavaScript before any interaction ≤ ${TARGETS.jsKb} KB gzip`,
  );
  for (const table of tables) printTable(table.title, table.rows);
  const missed = tables.flatMap((t) =>
    t.rows.filter((row) => row.measured && misses(row).length > 0).map((row) => `${t.title}: ${row.page.path}`),
  );
  // Lighthouse's own Chromium is busy while it measures, so no run is marked noisy: each waits for
  // the machine to go quiet first (--quiet-wait).
  printFooter({ noiseLegend: false });
  if (missed.length > 0) {
    console.log(`\n${missed.length} page(s) outside the targets:`);
    for (const line of missed) console.log(`  - ${line}`);
    process.exitCode = 1;
  } else if (process.exitCode !== 1) {
    console.log("\nevery page within the targets");
  }
}

// Entry: re-exec pinned to core 1 (the server runs on core 0), then run with cleanup on every way out (lib.ts).
await runPinned({ script: import.meta.url, main });
