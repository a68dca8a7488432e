// `node scripts/bench/pages.ts [--duration 10] [--rounds 3]`: requests per second of the main
// pages of the production build against 10,000 synthetic tools, as a ratio of a ceiling (a plain
// node:http server answering the tool page's bytes from memory), and the gzip size of the
// JavaScript a tool page loads. See docs/design.md#measuring-speed: the servers run
// on core 0, this process (the load generator) on core 1, app and ceiling runs alternate
// (A B A B …) and medians are reported. Only 127.0.0.1 is contacted.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { pad, fail, type Fetched, get, HOST, kb, lpad, median, root, run, runPinned, start, startApp, USER_AGENT } from "./lib.ts";

const TOOL_COUNT = 10_000;
const CONNECTIONS = 20;
const JS_TARGET_KB = 90;
const PAGE_HEADERS = { "user-agent": USER_AGENT, accept: "text/html" };
/** The ceiling answers these exact bytes for every request (written to the temp dir as ceiling.mjs). */
const CEILING_SOURCE = `import fs from "node:fs";
import http from "node:http";
const body = fs.readFileSync(process.argv[2]);
const headers = { "content-type": process.argv[3], "content-length": body.length };
const server = http.createServer((_req, res) => { res.writeHead(200, headers); res.end(body); });
server.listen(0, "${HOST}", () => console.log(JSON.stringify({ port: server.address().port })));
`;

// ---------------------------------------------------------------------------------------------
// autocannon ships no types: the part of its API used here.

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}
interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

// ---------------------------------------------------------------------------------------------
// Arguments.

const { values } = parseArgs({
  options: { duration: { type: "string", default: "10" }, rounds: { type: "string", default: "3" } },
});
const duration = Number(values.duration);
const rounds = Number(values.rounds);
if (!Number.isInteger(duration) || duration < 1 || duration > 600) fail("--duration must be whole seconds from 1 to 600");
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) fail("--rounds must be a whole number from 1 to 20");

// ---------------------------------------------------------------------------------------------
// The ceiling server.

/** Waits for the first stdout line of the ceiling server, `{"port":…}`, for at most 10 s. */
function ceilingPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the ceiling server did not start within 10 s")), 10_000);
    child.once("exit", (code) => reject(new Error(`the ceiling server exited (${code}) before it listened`)));
    readline.createInterface({ input: child.stdout! }).once("line", (line) => {
      clearTimeout(timer);
      const { port } = JSON.parse(line) as { port: number };
      resolve(port);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Measurements.

interface RunResult {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
}

async function load(port: number, pathname: string): Promise<RunResult> {
  const r = await autocannon({
    url: `http://${HOST}:${port}${pathname}`,
    connections: CONNECTIONS,
    duration,
    headers: PAGE_HEADERS,
  });
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
  // autocannon's errors include its timeouts.
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, statuses };
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

interface ScriptSize {
  path: string;
  status: number;
  bytes: number;
  gzip: number;
}

async function scriptSizes(port: number, html: string): Promise<ScriptSize[]> {
  const sizes: ScriptSize[] = [];
  for (const p of scriptPaths(html)) {
    const r = await get(port, p, { "user-agent": USER_AGENT, accept: "*/*" });
    sizes.push({ path: p, status: r.status, bytes: r.body.length, gzip: zlib.gzipSync(r.body, { level: 9 }).length });
  }
  return sizes;
}

// ---------------------------------------------------------------------------------------------
// The benchmark.

async function main(tmp: string): Promise<void> {
  const node = process.execPath;

  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.log("no production build: running scripts/build.ts");
    await run(node, ["scripts/build.ts"], process.env);
  }

  // Only DATA_DIR chooses the database: an inherited DATABASE_URL must not point elsewhere.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: tmp };

  console.log(`seeding ${TOOL_COUNT} synthetic tools into ${tmp}`);
  await run(node, ["scripts/seed-synthetic.ts", "--count", String(TOOL_COUNT)], env);

  const db = new Database(path.join(tmp, "toolshelf.db"), { readonly: true, fileMustExist: true });
  const row = db
    .prepare("select slug from tools where status in ('approved','verified') order by created_at desc limit 1")
    .get() as { slug: string } | undefined;
  db.close();
  if (!row) throw new Error("no public tool in the seeded database");
  const pages = ["/", "/browse/all", "/browse/ai/name?page=3", `/tool/${row.slug}`];
  const toolPage = pages[3]!;

  // The app server on core 0. LOG_LEVEL=warn keeps the per-request log line (info) out of the
  // measurement, so the port is chosen here rather than read from the "listening" log line.
  const { app, port: appPort, logs: appLog } = await startApp(env);
  console.log(`app server on http://${HOST}:${appPort} (core 0, pid ${app.pid})`);

  // Warm-up: one GET per page.
  console.log("\nwarm-up");
  const warm = new Map<string, Fetched>();
  for (const p of pages) {
    const r = await get(appPort, p, PAGE_HEADERS);
    warm.set(p, r);
    const flag = r.status === 200 ? "" : `   <-- WARNING: status ${r.status}, not 200`;
    console.log(`  ${pad(p, 40)} ${r.status}  ${lpad(String(r.body.length), 8)} bytes${flag}`);
  }
  const tool = warm.get(toolPage)!;

  const scripts = await scriptSizes(appPort, tool.body.toString("utf8"));

  // The ceiling on the same core, answering the tool page's bytes.
  const bodyFile = path.join(tmp, "ceiling-body");
  const ceilingScript = path.join(tmp, "ceiling.mjs");
  fs.writeFileSync(bodyFile, tool.body);
  fs.writeFileSync(ceilingScript, CEILING_SOURCE);
  const ceiling = start("taskset", ["-c", "0", node, ceilingScript, bodyFile, tool.contentType], {
    cwd: tmp,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ceilPort = await ceilingPort(ceiling);
  const check = await get(ceilPort, "/", PAGE_HEADERS);
  if (!check.body.equals(tool.body)) throw new Error("the ceiling does not answer the tool page's bytes");
  console.log(`ceiling server on http://${HOST}:${ceilPort} (core 0, pid ${ceiling.pid}), ${tool.body.length} bytes`);

  // Load: A B A B … per page.
  console.log(`\nload: ${CONNECTIONS} connections, ${duration} s per run, ${rounds} round(s) per page, from core 1`);
  interface Row {
    page: string;
    status: number;
    rps: number;
    p99: number;
    ceiling: number;
    non2xx: number;
    errors: number;
    statuses: Record<string, number>;
  }
  const rows: Row[] = [];
  for (const p of pages) {
    const appRuns: RunResult[] = [];
    const ceilRuns: RunResult[] = [];
    for (let round = 1; round <= rounds; round++) {
      const a = await load(appPort, p);
      const c = await load(ceilPort, "/");
      appRuns.push(a);
      ceilRuns.push(c);
      const bad = a.non2xx + a.errors > 0 ? `  non-2xx ${a.non2xx}, errors ${a.errors}` : "";
      console.log(
        `  ${pad(p, 40)} round ${round}/${rounds}: app ${a.rps.toFixed(0)} req/s, p99 ${a.p99} ms | ceiling ${c.rps.toFixed(0)} req/s${bad}`,
      );
      if (c.non2xx + c.errors > 0) console.log(`    <-- WARNING: the ceiling had non-2xx ${c.non2xx}, errors ${c.errors}`);
    }
    const statuses: Record<string, number> = {};
    for (const r of appRuns) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
    rows.push({
      page: p,
      status: warm.get(p)!.status,
      rps: median(appRuns.map((r) => r.rps)),
      p99: median(appRuns.map((r) => r.p99)),
      ceiling: median(ceilRuns.map((r) => r.rps)),
      non2xx: appRuns.reduce((n, r) => n + r.non2xx, 0),
      errors: appRuns.reduce((n, r) => n + r.errors, 0),
      statuses,
    });
  }

  // Report.
  const W = 40;
  console.log(`\n${"=".repeat(100)}`);
  console.log(
    `${pad("page", W)} ${lpad("req/s", 8)} ${lpad("p99 ms", 8)} ${lpad("ceiling req/s", 14)} ${lpad("ratio", 7)} ${lpad("non-2xx", 8)} ${lpad("errors", 7)}`,
  );
  for (const r of rows) {
    const ratio = r.ceiling > 0 ? `${((100 * r.rps) / r.ceiling).toFixed(1)}%` : "n/a";
    const flagged = r.non2xx + r.errors > 0 || r.status !== 200;
    console.log(
      `${pad(r.page, W)} ${lpad(r.rps.toFixed(0), 8)} ${lpad(r.p99.toFixed(0), 8)} ${lpad(r.ceiling.toFixed(0), 14)} ${lpad(ratio, 7)} ${lpad(String(r.non2xx), 8)} ${lpad(String(r.errors), 7)}${flagged ? "  <-- FLAGGED" : ""}`,
    );
  }
  for (const r of rows.filter((r) => r.non2xx + r.errors > 0 || r.status !== 200)) {
    const codes = Object.entries(r.statuses)
      .map(([code, n]) => `${code}: ${n}`)
      .join(", ");
    console.log(`FLAGGED ${r.page}: warm-up status ${r.status}; under load ${codes || "no responses"}; errors ${r.errors}`);
  }

  const total = scripts.reduce((n, s) => n + s.gzip, 0);
  console.log(`\nJavaScript loaded by the tool page ${toolPage} (status ${tool.status}), gzip level 9:`);
  for (const s of scripts) {
    const bad = s.status === 200 ? "" : `  <-- status ${s.status}`;
    console.log(`  ${pad(s.path, 50)} ${lpad(kb(s.bytes), 7)} KB raw ${lpad(kb(s.gzip), 6)} KB gzip${bad}`);
  }
  if (scripts.length === 0) console.log("  (no /assets/*.js found in the page)");
  console.log(
    `  ${pad(`total (${scripts.length} files)`, 50)} ${lpad("", 14)} ${lpad(kb(total), 6)} KB gzip   target ≤ ${JS_TARGET_KB} KB gzip: ${total <= JS_TARGET_KB * 1024 ? "ok" : "OVER"}`,
  );

  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log(`\nnode ${process.version}, ${cpu}, ${os.cpus().length} cores, ${new Date().toISOString()}`);
  console.log(`${TOOL_COUNT} synthetic tools (SQLite), ${CONNECTIONS} connections, ${duration} s x ${rounds} round(s)`);
  const suppressed = appLog.reduce((n, l) => n + l.suppressed(), 0);
  if (suppressed > 0) console.log(`(${suppressed} more app server log lines were not shown)`);
}

// ---------------------------------------------------------------------------------------------
// Entry: re-exec pinned to core 1, then run with cleanup on every way out (lib.ts).

await runPinned({ script: import.meta.url, main });
