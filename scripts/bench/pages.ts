// `npm run bench:pages -- [--tools 100000] [--engine sqlite|postgres|both] [--mode warm|uncached|writes|all]
//   [--duration 10] [--rounds 3] [--samples 100] [--keep] [--root <checkout>] [--memory <MiB>]`
//
// The public pages of the production server against a synthetic catalogue, per engine, in three modes
// (see README#speed for the targets, docs/design.md#measuring-speed for the method):
// - warm: requests per second of each page with 20 connections (autocannon), as a ratio of a ceiling
//   that serves that page's own bytes (a plain node:http server answering its body and content type,
//   one per page, on the same core), app and ceiling runs alternating, medians; p99 latency too.
// - uncached: renders that no cache can answer, one request at a time: distinct URLs (tool pages,
//   alternatives pages and comparisons of many tools, browse pages of every sort and many categories,
//   deep pages, searches never sent before, the home page with a query string no one sent before),
//   each checked not to be a page-cache hit;
//   p50/p95/p99 per kind of page.
// - writes: the warm throughput again while a writer likes 5 tools a second (each like from its own
//   address and a fresh visitor, each tool once) and an admin approves a pending tool every 10 s, as
//   a ratio of the same page without writes (alternated with it); the like's answer checked to be exact;
//   how long each like takes to show on the tool's page (cached before the like, polled after it).
// The server runs on core 0, this process (the load) on core 1; both engines get the same plan.
// Resident memory is printed after the start and after the measurements, with the time to the first
// 200 (`--memory`: in a memory cgroup of that size, as on such a machine). Exits non-zero only when
// something could not be measured (a request failed or answered wrongly), never for a missed
// target: those are marked MISSED. Only 127.0.0.1 is contacted.
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { comparePath, LIMITS, SORTS } from "../../core/catalog.ts";
import { seededRandom } from "../../server/seed/synthetic.ts";
import {
  against,
  alternate,
  API_HEADERS,
  type Catalogue,
  type CatalogueTool,
  clientAddresses,
  COMMON_OPTIONS,
  commonSettings,
  CONNECTIONS,
  ensureBuild,
  type Engine,
  fail,
  get,
  HOST,
  kb,
  latencies,
  type Latencies,
  type LoadResult,
  loadTest,
  lpad,
  printFooter,
  problem,
  median,
  medianOf,
  type Noise,
  noiseNote,
  num,
  pad,
  PAGE_HEADERS,
  percentile,
  prepareDataset,
  printStartup,
  type Probe,
  probeOneByOne,
  QueryMix,
  readCatalogue,
  request,
  rssMb,
  runPinned,
  shuffle,
  sleep,
  START_TARGETS,
  startCeiling,
  startMeasured,
  type Startup,
  stop,
  USER_AGENT,
  waitForQuiet,
  watchNoise,
} from "./lib.ts";

const { values } = parseArgs({
  options: { ...COMMON_OPTIONS, mode: { type: "string", default: "all" }, samples: { type: "string", default: "100" } },
});
const settings = commonSettings(values);
const MODES = ["warm", "uncached", "writes"] as const;
type Mode = (typeof MODES)[number];
const modes = new Set<Mode>(
  values.mode === "all" ? MODES : (MODES as readonly string[]).includes(values.mode) ? [values.mode as Mode] : [],
);
if (modes.size === 0) fail("--mode must be warm, uncached, writes or all");
const samples = Number(values.samples);
if (!Number.isInteger(samples) || samples < 5 || samples > 5000)
  fail("--samples must be a whole number from 5 to 5000");

/** The plan (tools, queries, URLs) comes from this seed, so both engines and every run get the same one. */
const PLAN_SEED = 17;
const TARGETS = {
  /** Uncached renders, p95 (ms): pages, and the search page and API. */
  uncachedPage: 20,
  uncachedSearch: 20,
  /** Warm throughput under writes as a share of the same page without writes. */
  underWrites: 0.8,
  /** How long a like may take to show on the tool's (cached) page. */
  stalenessMs: 5000,
  /** JavaScript a tool page loads, gzip. */
  toolPageJsKb: 90,
} as const;
const LIKES_PER_SECOND = 5;
const APPROVAL_EVERY_MS = 10_000;
/** A like not shown on its page after this long is counted as never shown (and ends its polling). */
const STALENESS_LIMIT_MS = 15_000;
const ADMIN_USERNAME = "bench";
/**
 * Uncounted renders per kind before the uncached measurement, on URLs not measured: V8 compiles a
 * function for speed only after it has run many times, so the first few dozen renders of a kind
 * take up to twice as long (a server that has been up a minute is past that).
 */
const UNCACHED_WARMUP = 40;

const UNCACHED_KINDS = {
  home: { about: "/?bench=<n>: the home page under a query string never sent before", target: TARGETS.uncachedPage },
  browse: { about: "/browse/all/<sort>?page=<1-40>", target: TARGETS.uncachedPage },
  category: { about: "/browse/<category>/<sort>?page=<1-10>, every category", target: TARGETS.uncachedPage },
  deep: {
    about: "the last tenth of the pages of all tools and of each category, any sort",
    target: TARGETS.uncachedPage,
  },
  tool: { about: "/tool/<slug> of distinct tools", target: TARGETS.uncachedPage },
  alternatives: { about: "/alternatives/<slug> of distinct tools", target: TARGETS.uncachedPage },
  compare: { about: "/compare/<a>-vs-<b> of distinct pairs of tools", target: TARGETS.uncachedPage },
  search: {
    about: "/search/<query>, queries never sent before (the mix of bench:search)",
    target: TARGETS.uncachedSearch,
  },
  "api-search": { about: "/api/v1/search?q=<query>, other queries never sent before", target: TARGETS.uncachedSearch },
} as const;
type Kind = keyof typeof UNCACHED_KINDS;

// ---------------------------------------------------------------------------------------------
// What one engine's run found.

interface PageRow {
  path: string;
  /** The uncached kind this page is one of (for the table). */
  kind: Kind;
  status: number;
  bytes: number;
  app?: LoadResult;
  ceiling?: LoadResult;
  /** The app without writes, in the runs alternated with the writes runs. */
  calm?: LoadResult;
  writes?: LoadResult;
}

interface LikeRecord {
  status: number;
  /** The answer's count is the count before plus one, and it says liked. */
  exact: boolean;
  answer: string;
  ms: number;
  /** The count in the database, and the one its page showed just before the like (null: not found). */
  count: number;
  shownBefore: number | null;
  /** From the like's answer to the first request for its page that showed it; null: not within the limit. */
  staleMs: number | null;
}

interface WriteReport {
  seconds: number;
  likes: LikeRecord[];
  skippedTicks: number;
  approvals: { status: number; ok: boolean; ms: number }[];
}

interface EngineReport {
  engine: Engine;
  describe: string;
  publicTools: number;
  startup: Startup;
  rssAfter: number;
  pages: PageRow[];
  uncached: Map<Kind, Latencies & { hits: number; failed: number }>;
  uncachedNoise: Noise | null;
  writes: WriteReport | null;
  js: { files: number; gzip: number } | null;
}

// ---------------------------------------------------------------------------------------------
// Reading pages.

/** The count a page shows on the like button of one tool (its own form posts to /like/<id>). */
function shownLikes(html: string, toolId: string): number | null {
  const at = html.indexOf(`/like/${encodeURIComponent(toolId)}"`);
  if (at < 0) return null;
  const m = /data-like-count[^>]*>([\d,]+)</.exec(html.slice(at, at + 3000));
  return m ? Number(m[1]!.replaceAll(",", "")) : null;
}

/** `/assets/*.js` the page loads: module scripts, modulepreload links, imports in inline module scripts. */
function scriptPaths(html: string): string[] {
  const found = new Set<string>();
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, "i").exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (/\stype\s*=\s*["']?module\b/i.test(tag)) {
      const src = attr(tag, "src");
      if (src) found.add(src);
    }
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\srel\s*=\s*["']?modulepreload\b/i.test(tag)) {
      const href = attr(tag, "href");
      if (href) found.add(href);
    }
  }
  for (const [, open, code] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    if (!/\stype\s*=\s*["']?module\b/i.test(open!) || /\ssrc\s*=/i.test(open!)) continue;
    // import("…"), import "…" and import … from "…"
    for (const m of code!.matchAll(/\bimport\s*\(\s*["']([^"']+)["']|\b(?:import|from)\s*["']([^"']+)["']/g)) {
      const spec = m[1] ?? m[2];
      if (spec) found.add(spec);
    }
  }
  return [...found].filter((p) => /^\/assets\/[^?#]+\.js$/.test(p));
}

/** The JavaScript a page loads, gzip level 9. */
async function pageScripts(port: number, html: string): Promise<{ files: number; gzip: number }> {
  let gzip = 0;
  const paths = scriptPaths(html);
  for (const p of paths) {
    const r = await get(port, p, { "user-agent": USER_AGENT, accept: "*/*" });
    if (r.status !== 200) problem(`${p} answered ${r.status}`);
    gzip += zlib.gzipSync(r.body, { level: 9 }).length;
  }
  return { files: paths.length, gzip };
}

// ---------------------------------------------------------------------------------------------
// The plan: which pages, tools and queries, from the catalogue and the plan's seed.

interface Plan {
  warmTool: CatalogueTool;
  /** The tool the warm compare page sets beside warmTool. */
  warmOther: CatalogueTool;
  category: string;
  /** Tools whose pages are rendered uncached, and tools to like (each once). */
  uncachedTools: CatalogueTool[];
  likeTargets: CatalogueTool[];
  pending: CatalogueTool[];
  mix: QueryMix;
  /** The search that tells the search index is loaded (sent once, at the start). */
  readySearch: string;
  lastPage: (count: number) => number;
  rng: () => number;
}

function makePlan(catalogue: Catalogue): Plan {
  const rng = seededRandom(PLAN_SEED);
  const tools = shuffle([...catalogue.publicTools], rng);
  if (tools.length < 2 * samples + 100)
    throw new Error(`too few public tools (${tools.length}) for --samples ${samples}`);
  const mix = new QueryMix(catalogue.publicTools, PLAN_SEED);
  // The warm pages' searches are never among the uncached ones.
  mix.reserve("design");
  mix.reserve("ai tools");
  const readySearch = mix.take("word")!.text;
  const uncachedCount = samples + UNCACHED_WARMUP;
  return {
    warmTool: tools[0]!,
    warmOther: tools[tools.length - 1]!,
    category: catalogue.categories.some((c) => c.slug === "ai") ? "ai" : catalogue.categories[0]!.slug,
    uncachedTools: tools.slice(1, 1 + uncachedCount),
    likeTargets: tools.slice(1 + uncachedCount),
    pending: shuffle([...catalogue.pending], rng),
    mix,
    readySearch,
    lastPage: (count) => Math.max(1, Math.ceil(count / LIMITS.browsePageSize)),
    rng,
  };
}

function warmPages(plan: Plan, lastAll: number): { path: string; kind: Kind }[] {
  return [
    { path: "/", kind: "home" },
    { path: "/browse/all", kind: "browse" },
    { path: "/browse/all/name", kind: "browse" },
    { path: "/browse/all/oldest", kind: "browse" },
    { path: `/browse/all?page=${lastAll}`, kind: "deep" },
    { path: `/browse/${plan.category}`, kind: "category" },
    { path: `/browse/${plan.category}/name?page=3`, kind: "category" },
    { path: `/tool/${plan.warmTool.slug}`, kind: "tool" },
    { path: `/alternatives/${plan.warmTool.slug}`, kind: "alternatives" },
    { path: comparePathOf([plan.warmTool, plan.warmOther]), kind: "compare" },
    { path: "/search/design", kind: "search" },
    { path: "/search/ai%20tools", kind: "search" },
  ];
}

/** The canonical address of a comparison: the slugs in code-unit order. */
const comparePathOf = (tools: CatalogueTool[]) => comparePath(tools);

const browsePath = (filter: string, sort: string, page: number) =>
  `/browse/${filter}/${sort}${page > 1 ? `?page=${page}` : ""}`;

/** `count` distinct uncached probes of each kind, plus a few to warm up with; none of them a warm page. */
function uncachedProbes(
  plan: Plan,
  catalogue: Catalogue,
  warm: Set<string>,
): { warmup: Probe<Kind>[]; measured: Probe<Kind>[] } {
  const per = samples + UNCACHED_WARMUP;
  const { rng } = plan;
  const address = clientAddresses();
  const sorts = Object.keys(SORTS);
  const pick = (paths: string[]) =>
    shuffle(
      paths.filter((p) => !warm.has(p)),
      rng,
    ).slice(0, per);
  const paths: Record<Kind, string[]> = {
    home: Array.from({ length: per }, (_, i) => `/?bench=${crypto.randomBytes(4).toString("hex")}${i}`),
    browse: pick(sorts.flatMap((sort) => Array.from({ length: 40 }, (_, i) => browsePath("all", sort, i + 1)))),
    category: pick(
      catalogue.categories.flatMap((c) =>
        sorts.flatMap((sort) =>
          Array.from({ length: Math.min(10, plan.lastPage(c.count)) }, (_, i) => browsePath(c.slug, sort, i + 1)),
        ),
      ),
    ),
    deep: pick(
      [{ slug: "all", count: catalogue.publicTools.length }, ...catalogue.categories].flatMap((c) => {
        const last = plan.lastPage(c.count);
        const from = Math.max(2, Math.floor(last * 0.9));
        return sorts.flatMap((sort) =>
          Array.from({ length: Math.max(0, last - from + 1) }, (_, i) => browsePath(c.slug, sort, from + i)),
        );
      }),
    ),
    tool: plan.uncachedTools.map((t) => `/tool/${t.slug}`),
    alternatives: plan.uncachedTools.map((t) => `/alternatives/${t.slug}`),
    compare: plan.uncachedTools.map((t, i) =>
      comparePathOf([t, plan.uncachedTools[(i + 1) % plan.uncachedTools.length]!]),
    ),
    search: [],
    "api-search": [],
  };
  const [pageQueries, apiQueries] = plan.mix.batches(per, 2, rng);
  paths.search = pageQueries!.map((q) => `/search/${encodeURIComponent(q.text)}`);
  paths["api-search"] = apiQueries!.map((q) => `/api/v1/search?q=${encodeURIComponent(q.text)}`);

  const warmup: Probe<Kind>[] = [];
  const measured: Probe<Kind>[] = [];
  for (const kind of Object.keys(UNCACHED_KINDS) as Kind[]) {
    if (paths[kind].length < per)
      console.log(`  (only ${paths[kind].length} distinct ${kind} URLs for ${per} requests)`);
    paths[kind].forEach((path, i) => {
      const headers = { ...(kind === "api-search" ? API_HEADERS : PAGE_HEADERS), "x-forwarded-for": address() };
      (i < UNCACHED_WARMUP ? warmup : measured).push({ kind, path, headers });
    });
  }
  return { warmup: shuffle(warmup, rng), measured: shuffle(measured, rng) };
}

// ---------------------------------------------------------------------------------------------
// The writer: likes and approvals at a steady rate while a load runs.

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Signs the admin in (POST /admin/login from this site's page) and returns the cookies to send. */
async function signIn(port: number, password: string): Promise<string> {
  const r = await request(
    port,
    "POST",
    "/admin/login",
    {
      ...PAGE_HEADERS,
      origin: `http://${HOST}:${port}`,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": "10.255.255.254",
    },
    form({ username: ADMIN_USERNAME, password, redirectTo: "/admin/moderation" }),
  );
  const cookies = (r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).filter(Boolean);
  if (r.status < 300 || r.status >= 400 || cookies.length === 0) {
    throw new Error(
      `admin sign-in answered ${r.status} with ${cookies.length} cookies: ${r.body.toString("utf8").slice(0, 200)}`,
    );
  }
  return cookies.join("; ");
}

class Writer {
  private next = 0;
  private nextPending = 0;
  private readonly address = clientAddresses();
  private readonly port: number;
  private readonly plan: Plan;
  private readonly adminCookie: string;
  readonly report: WriteReport = { seconds: 0, likes: [], skippedTicks: 0, approvals: [] };

  constructor(port: number, plan: Plan, adminCookie: string) {
    this.port = port;
    this.plan = plan;
    this.adminCookie = adminCookie;
  }

  /**
   * Runs `measure` while the writes go on: the pages of the tools to be liked are requested first
   * (so they are cached when liked; a tool not among them would be liked with its page unknown),
   * then, once other processes are quiet, likes at LIKES_PER_SECOND and an approval every
   * APPROVAL_EVERY_MS (the first after half of that, or half of the run) until `measure` ends;
   * waits for the likes' polling to end after.
   */
  async during(seconds: number, measure: () => Promise<LoadResult>): Promise<LoadResult> {
    const targets = this.plan.likeTargets.slice(
      this.next,
      this.next + Math.ceil(seconds * LIKES_PER_SECOND * 1.5) + 10,
    );
    const before = new Map<string, number | null>();
    for (const tool of targets) {
      const page = await get(this.port, `/tool/${tool.slug}`, PAGE_HEADERS);
      before.set(tool.id, page.status === 200 ? shownLikes(page.body.toString("utf8"), tool.id) : null);
    }
    await waitForQuiet();
    const chains = new Set<Promise<void>>();
    const track = (p: Promise<void>) => {
      chains.add(p);
      void p.finally(() => chains.delete(p));
    };
    const started = performance.now();
    const likes = setInterval(() => {
      if (chains.size >= 100) {
        this.report.skippedTicks++;
        return;
      }
      const tool = this.plan.likeTargets[this.next++];
      if (!tool) return;
      track(this.like(tool, before.get(tool.id) ?? null));
    }, 1000 / LIKES_PER_SECOND);
    let approvalTimer: NodeJS.Timeout | undefined;
    const approveLater = (ms: number) => {
      approvalTimer = setTimeout(() => {
        const tool = this.plan.pending[this.nextPending++];
        if (tool) track(this.approve(tool));
        approveLater(APPROVAL_EVERY_MS);
      }, ms);
    };
    // The first one half-way through a short run, so that every run has one.
    approveLater(Math.min(APPROVAL_EVERY_MS / 2, seconds * 500));
    try {
      return await measure();
    } finally {
      clearInterval(likes);
      clearTimeout(approvalTimer);
      this.report.seconds += (performance.now() - started) / 1000;
      await Promise.all([...chains]);
    }
  }

  private async like(tool: CatalogueTool, shownBefore: number | null): Promise<void> {
    const record: LikeRecord = {
      status: 0,
      exact: false,
      answer: "",
      ms: NaN,
      count: tool.likes,
      shownBefore,
      staleMs: null,
    };
    this.report.likes.push(record);
    try {
      const r = await request(
        this.port,
        "POST",
        `/like/${encodeURIComponent(tool.id)}`,
        {
          ...API_HEADERS,
          origin: `http://${HOST}:${this.port}`,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": this.address(),
        },
        form({ intent: "like" }),
      );
      const likedAt = performance.now();
      record.status = r.status;
      record.ms = r.ms;
      record.answer = r.body.toString("utf8").slice(0, 200);
      if (r.status !== 200) return;
      const answer = JSON.parse(record.answer) as { liked?: boolean; count?: number };
      record.exact = answer.liked === true && answer.count === tool.likes + 1;
      // Its page, until it shows the new count: every 100 ms for 2 s, then every 500 ms.
      for (;;) {
        const sent = performance.now();
        const page = await get(this.port, `/tool/${tool.slug}`, PAGE_HEADERS);
        const shown = page.status === 200 ? shownLikes(page.body.toString("utf8"), tool.id) : null;
        if (shown !== null && shown >= tool.likes + 1) {
          record.staleMs = Math.max(0, sent - likedAt);
          return;
        }
        if (performance.now() - likedAt > STALENESS_LIMIT_MS) return;
        await sleep(performance.now() - likedAt < 2000 ? 100 : 500);
      }
    } catch (error) {
      record.answer = error instanceof Error ? error.message : String(error);
    }
  }

  private async approve(tool: CatalogueTool): Promise<void> {
    try {
      const r = await request(
        this.port,
        "POST",
        "/admin/moderation",
        {
          ...PAGE_HEADERS,
          origin: `http://${HOST}:${this.port}`,
          cookie: this.adminCookie,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": "10.255.255.254",
        },
        form({ intent: "approve", ids: tool.id, formKey: "bulk" }),
      );
      this.report.approvals.push({
        status: r.status,
        ok: r.status === 200 && r.body.includes("Approved 1 tool"),
        ms: r.ms,
      });
    } catch {
      this.report.approvals.push({ status: 0, ok: false, ms: NaN });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// One engine.

/** The last page of /browse/all: from the count and the page size, checked (200, and 404 after it). */
async function lastBrowsePage(port: number, plan: Plan, publicCount: number): Promise<number> {
  const status = async (page: number) => (await get(port, `/browse/all?page=${page}`, PAGE_HEADERS, 120_000)).status;
  const estimate = plan.lastPage(publicCount);
  if ((await status(estimate)) === 200 && (await status(estimate + 1)) === 404) return estimate;
  console.log(`  (page ${estimate} is not the last page of /browse/all: looking for it)`);
  let [lo, hi] = [1, publicCount + 1];
  while (lo + 1 < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await status(mid)) === 200) lo = mid;
    else hi = mid;
  }
  return lo;
}

async function benchEngine(engine: Engine, tmp: string): Promise<EngineReport> {
  console.log(`\n${"#".repeat(110)}\n# ${engine}\n${"#".repeat(110)}`);
  const dataset = await prepareDataset(engine, settings.tools, { tmp, keep: settings.keep, label: "pages" });
  const catalogue = await readCatalogue(dataset);
  const plan = makePlan(catalogue);
  console.log(
    `${dataset.describe}: ${catalogue.tools.length} tools, ${catalogue.publicTools.length} public, ${catalogue.pending.length} pending, ` +
      `${catalogue.categories.length} categories`,
  );

  const password = crypto.randomBytes(18).toString("base64url");
  const startup = await startMeasured(
    { ...dataset.env, TRUST_PROXY: "loopback", ADMIN_USERNAME, ADMIN_PASSWORD: password },
    `/api/v1/search?q=${encodeURIComponent(plan.readySearch)}`,
  );
  const { app, port } = startup;
  console.log(`app server on http://${HOST}:${port} (core 0, pid ${app.pid})`);
  printStartup(startup);

  const lastAll = await lastBrowsePage(port, plan, catalogue.publicTools.length);
  const pages: PageRow[] = warmPages(plan, lastAll).map((p) => ({ ...p, status: 0, bytes: 0 }));
  const uncached = new Map<Kind, Latencies & { hits: number; failed: number }>();
  let uncachedNoise: Noise | null = null;

  if (modes.has("uncached")) {
    const { warmup, measured } = uncachedProbes(plan, catalogue, new Set(pages.map((p) => p.path)));
    console.log(
      `\nuncached: ${measured.length} distinct URLs one at a time (after ${warmup.length} others to warm up), each from its own address`,
    );
    await probeOneByOne(port, warmup);
    await waitForQuiet();
    const noise = watchNoise();
    const results = await probeOneByOne(port, measured);
    uncachedNoise = noise.stop();
    console.log(
      `  ${pad("kind", 11)} ${lpad("n", 4)} ${lpad("p50", 7)} ${lpad("p95", 7)} ${lpad("p99", 7)} ${lpad("max", 7)}  ms   target p95   what`,
    );
    for (const kind of Object.keys(UNCACHED_KINDS) as Kind[]) {
      const of = results.filter((r) => r.kind === kind);
      const failed = of.filter((r) => r.status !== 200);
      const hits = of.filter((r) => r.hit).length;
      const l = { ...latencies(of.map((r) => r.ms)), hits, failed: failed.length };
      uncached.set(kind, l);
      const { target, about } = UNCACHED_KINDS[kind];
      console.log(
        `  ${pad(kind, 11)} ${lpad(String(l.n), 4)} ${lpad(num(l.p50, 1), 7)} ${lpad(against(l.p95, { max: target }, 1), 7)} ${lpad(num(l.p99, 1), 7)} ${lpad(num(l.max, 1), 7)}` +
          `      ≤ ${target}   ${about}`,
      );
      if (hits > 0)
        problem(`${hits} uncached ${kind} requests were answered from the page cache (X-Cache: HIT): not renders`);
      if (failed.length > 0)
        problem(
          `${failed.length} uncached ${kind} requests did not answer 200, e.g. ${failed[0]!.status} for ${failed[0]!.path}`,
        );
    }
    const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `  slowest: ${slowest.map((r) => `${r.path} ${num(r.ms)} ms`).join(", ")}${noiseNote(uncachedNoise ?? undefined, engine)}`,
    );
  }

  let writer: Writer | null = null;
  if (modes.has("warm") || modes.has("writes")) {
    if (modes.has("writes")) writer = new Writer(port, plan, await signIn(port, password));
    // With the warm runs, the app's runs are also the ones without writes.
    const runs = modes.has("warm")
      ? `app, ceiling${writer ? ", app with writes" : ""}`
      : "app without writes, app with writes";
    console.log(
      `\nwarm: ${CONNECTIONS} connections, ${settings.duration} s per run, ${settings.rounds} round(s) of (${runs}) per page, from core 1`,
    );
    if (writer)
      console.log(
        `  writes: ${LIKES_PER_SECOND} likes/s (distinct tools, addresses and visitors), an approval every ${APPROVAL_EVERY_MS / 1000} s`,
      );
    for (const row of pages) {
      const first = await get(port, row.path, PAGE_HEADERS, 120_000);
      row.status = first.status;
      row.bytes = first.body.length;
      if (first.status !== 200) {
        problem(`${row.path} answered ${first.status}: not measured`);
        continue;
      }
      const ceiling = modes.has("warm") ? await startCeiling(tmp, first) : null;
      try {
        const contenders: Record<string, () => Promise<LoadResult>> = {};
        if (modes.has("warm")) contenders.app = () => loadTest(port, row.path, PAGE_HEADERS, settings.duration);
        if (ceiling) contenders.ceiling = () => loadTest(ceiling.port, "/", PAGE_HEADERS, settings.duration);
        if (writer && !modes.has("warm"))
          contenders.calm = () => loadTest(port, row.path, PAGE_HEADERS, settings.duration);
        if (writer)
          contenders.writes = () =>
            writer!.during(settings.duration, () => loadTest(port, row.path, PAGE_HEADERS, settings.duration));
        const results = await alternate(settings.rounds, contenders, (round, r) => {
          const part = (label: string, x: LoadResult | undefined) =>
            x
              ? `${label} ${num(x.rps)} req/s p99 ${x.p99} ms${x.non2xx + x.errors > 0 ? ` (non-2xx ${x.non2xx}, errors ${x.errors})` : ""}${noiseNote(x.noise, engine)}`
              : "";
          const parts = [
            part("app", r.app),
            part("ceiling", r.ceiling),
            part("calm", r.calm),
            part("under writes", r.writes),
          ].filter(Boolean);
          console.log(`  ${pad(row.path, 34)} round ${round}/${settings.rounds}: ${parts.join(" | ")}`);
        });
        if (results.app) row.app = medianOf(results.app);
        if (results.ceiling) row.ceiling = medianOf(results.ceiling);
        if (results.writes) row.writes = medianOf(results.writes);
        if (writer) row.calm = results.calm ? medianOf(results.calm) : row.app;
        for (const [label, r] of [
          ["app", row.app],
          ["under writes", row.writes],
          ["ceiling", row.ceiling],
        ] as const) {
          if (r && r.non2xx + r.errors > 0) {
            const codes = Object.entries(r.statuses)
              .map(([code, n]) => `${code}: ${n}`)
              .join(", ");
            problem(`${row.path} (${label}): non-2xx ${r.non2xx}, errors ${r.errors} (${codes})`);
          }
        }
      } finally {
        await ceiling?.stop();
      }
    }
  }

  const toolPage = await get(port, `/tool/${plan.warmTool.slug}`, PAGE_HEADERS);
  const js = toolPage.status === 200 ? await pageScripts(port, toolPage.body.toString("utf8")) : null;
  const rssAfter = rssMb(app.pid);
  await stop(app);
  const suppressed = startup.logs.reduce((n, l) => n + l.suppressed(), 0);
  if (suppressed > 0) console.log(`(${suppressed} more app server log lines were not shown)`);
  await dataset.release();

  if (writer) {
    const { likes, approvals } = writer.report;
    const failedLikes = likes.filter((l) => l.status !== 200);
    if (failedLikes.length > 0)
      problem(
        `${failedLikes.length} of ${likes.length} likes did not answer 200, e.g. ${failedLikes[0]!.status} ${failedLikes[0]!.answer}`,
      );
    const failedApprovals = approvals.filter((a) => !a.ok);
    if (failedApprovals.length > 0)
      problem(
        `${failedApprovals.length} of ${approvals.length} approvals did not go through (status ${failedApprovals[0]!.status})`,
      );
    if (likes.length > 0 && likes.every((l) => l.shownBefore === null)) {
      problem(
        "the like count could not be read from the tool pages (data-like-count after the form posting to /like/<id>)",
      );
    }
  }
  return {
    engine,
    describe: dataset.describe,
    publicTools: catalogue.publicTools.length,
    startup,
    rssAfter,
    pages,
    uncached,
    uncachedNoise,
    writes: writer?.report ?? null,
    js,
  };
}

// ---------------------------------------------------------------------------------------------
// The report: one table per engine, the figures side by side.

function printReport(r: EngineReport): void {
  console.log(`\n${r.engine}: ${r.describe}; ${r.publicTools} public tools`);
  const head =
    `${pad("page", 34)} ${pad("kind", 10)} | ${lpad("app/s", 7)} ${lpad("ceil/s", 7)} ${lpad("ratio", 6)} ${lpad("p99", 5)} ` +
    `| ${lpad("calm/s", 7)} ${lpad("write/s", 7)} ${lpad("ratio", 12)} | ${lpad("uncached p50", 12)} ${lpad("p95", 11)} ${lpad("p99", 6)}`;
  console.log(head);
  console.log(
    `${pad("", 34)} ${pad("", 10)} | ${pad("warm, autocannon medians", 28)} | ${pad(`under writes, ≥ ${TARGETS.underWrites}`, 28)} | ` +
      `one at a time, ms (≤ ${TARGETS.uncachedPage}, search ≤ ${TARGETS.uncachedSearch})`,
  );
  console.log("-".repeat(head.length));
  const uncachedCells = (kind: Kind) => {
    const u = r.uncached.get(kind);
    if (!u) return `${lpad("", 12)} ${lpad("", 11)} ${lpad("", 6)}`;
    return `${lpad(num(u.p50, 1), 12)} ${lpad(against(u.p95, { max: UNCACHED_KINDS[kind].target }, 1), 11)} ${lpad(num(u.p99, 1), 6)}`;
  };
  const shownKinds = new Set<Kind>();
  for (const p of r.pages) {
    shownKinds.add(p.kind);
    const ratio = p.app && p.ceiling ? p.app.rps / p.ceiling.rps : NaN;
    const writeRatio = p.writes && p.calm ? p.writes.rps / p.calm.rps : NaN;
    // 0: not requested in the modes run (uncached only measures other URLs of each kind).
    const status = p.status === 200 || p.status === 0 ? "" : `  status ${p.status}`;
    const noisy = [p.app, p.ceiling, p.calm, p.writes].some((x) => x && noiseNote(x.noise, r.engine) !== "")
      ? "  (noisy)"
      : "";
    console.log(
      `${pad(p.path, 34)} ${pad(p.kind, 10)} | ${lpad(num(p.app?.rps ?? NaN), 7)} ${lpad(num(p.ceiling?.rps ?? NaN), 7)} ${lpad(num(ratio, 2), 6)} ${lpad(num(p.app?.p99 ?? NaN), 5)} ` +
        `| ${lpad(num(p.calm?.rps ?? NaN), 7)} ${lpad(num(p.writes?.rps ?? NaN), 7)} ${lpad(against(writeRatio, { min: TARGETS.underWrites }, 2), 12)} | ${uncachedCells(p.kind)}${status}${noisy}`,
    );
  }
  for (const kind of Object.keys(UNCACHED_KINDS) as Kind[]) {
    if (shownKinds.has(kind) || !r.uncached.has(kind)) continue;
    const label = kind === "api-search" ? "GET /api/v1/search?q=…" : kind;
    console.log(`${pad(label, 34)} ${pad(kind, 10)} | ${lpad("", 28)} | ${lpad("", 28)} | ${uncachedCells(kind)}`);
  }
  const uncachedNoise = noiseNote(r.uncachedNoise ?? undefined, r.engine);
  if (uncachedNoise) console.log(`uncached figures${uncachedNoise}`);
  const s = r.startup;
  console.log(
    `start: first 200 after ${against(s.firstOkMs, { max: START_TARGETS.firstOkMs })} ms (≤ ${START_TARGETS.firstOkMs}); ` +
      `RSS ${against(s.rssStarted, { max: START_TARGETS.rssStartedMb })} MB started (≤ ${START_TARGETS.rssStartedMb}), ` +
      `${against(r.rssAfter, { max: START_TARGETS.rssAfterMb })} MB after the measurements (≤ ${START_TARGETS.rssAfterMb})`,
  );
  if (r.writes) {
    const { likes, approvals, seconds, skippedTicks } = r.writes;
    const shown = likes.filter((l) => l.staleMs !== null).map((l) => l.staleMs!);
    const never = likes.filter((l) => l.status === 200 && l.staleMs === null).length;
    const worst = never > 0 ? Infinity : Math.max(...shown);
    const staleness =
      never > 0
        ? `> ${STALENESS_LIMIT_MS} MISSED (${never} never shown)`
        : against(worst, { max: TARGETS.stalenessMs });
    const exact = likes.filter((l) => l.exact).length;
    console.log(
      `writes: ${likes.length} likes in ${num(seconds)} s (${num(likes.length / Math.max(1, seconds), 1)}/s${skippedTicks ? `, ${skippedTicks} ticks skipped: 100 in flight` : ""}), ` +
        `answer exact ${exact}/${likes.length}${exact < likes.length ? " MISSED" : ""}, answered in p50 ${num(
          percentile(
            likes.map((l) => l.ms),
            50,
          ),
          1,
        )} ms / ` +
        `p95 ${num(
          percentile(
            likes.map((l) => l.ms),
            95,
          ),
          1,
        )} ms; pages showing the database's count before the like ${likes.filter((l) => l.shownBefore === l.count).length}/${likes.length}`,
    );
    console.log(
      `        shown on its page after p95 ${num(percentile(shown, 95))} ms, max ${staleness} ms (≤ ${TARGETS.stalenessMs}); ` +
        `${approvals.filter((a) => a.ok).length}/${approvals.length} approvals, median ${num(median(approvals.map((a) => a.ms)))} ms`,
    );
  }
  if (r.js) {
    const fetched = r.pages.filter((p) => p.status !== 0);
    console.log(
      `tool page JavaScript: ${r.js.files} files, ${against(r.js.gzip / 1024, { max: TARGETS.toolPageJsKb }, 1)} KB gzip (≤ ${TARGETS.toolPageJsKb})` +
        (fetched.length > 0 ? `; page bytes: ${fetched.map((p) => `${p.path} ${kb(p.bytes)} KB`).join(", ")}` : ""),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The benchmark.

async function main(tmp: string): Promise<void> {
  await ensureBuild();
  const reports: EngineReport[] = [];
  for (const engine of settings.engines) {
    const report = await benchEngine(engine, tmp);
    printReport(report);
    reports.push(report);
  }
  console.log(`\n${"=".repeat(110)}`);
  console.log(
    `bench:pages, ${settings.tools} synthetic tools, modes ${[...modes].join(", ")}, ${settings.duration} s x ${settings.rounds} round(s), ` +
      `${samples} uncached requests per kind`,
  );
  for (const report of reports) printReport(report);
  console.log(
    `\nMISSED marks a figure past its target; ratios are medians of alternated runs (docs/design.md#measuring-speed).`,
  );
  printFooter();
}

// Entry: re-exec pinned to core 1, then run with cleanup on every way out (lib.ts).
await runPinned({ script: import.meta.url, main });
