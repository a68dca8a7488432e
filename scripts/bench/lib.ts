// Shared plumbing of the benchmarks in scripts/bench/: child processes that are always stopped,
// plain HTTP requests to 127.0.0.1, the production server started and timed, the ceiling server,
// autocannon, seeded datasets on both engines (kept between runs on request), the search query
// mix, percentiles and resident memory, and the entry that re-executes a benchmark pinned to core 1
// and cleans up on every way out. See docs/design.md#measuring-speed.
import JSON5 from "json5";
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import { seededRandom } from "../../server/seed/synthetic.ts";

/**
 * The checkout whose server is measured: this one, or another one (`--root`, e.g. a worktree of an
 * older commit with its own build), which then also seeds and migrates with its own scripts.
 */
export let root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function setRoot(dir: string): void {
  const resolved = path.resolve(dir);
  if (!fs.existsSync(path.join(resolved, "server/main.ts"))) fail(`--root ${dir}: no server/main.ts there`);
  root = resolved;
}
export const HOST = "127.0.0.1";
/** Without a browser User-Agent React Router treats the request as a bot and renders differently. */
export const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Child processes, all of them stopped on exit, exception or signal.

export const children = new Set<ChildProcess>();

export function start(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options);
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", reject);
  });
}

/** SIGTERM, then SIGKILL when it has not exited after 5 s. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child).catch(() => null);
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await done;
  clearTimeout(timer);
}

/** Runs a command to its end with inherited output; throws unless it exits 0. */
export async function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = start(command, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  const code = await exited(child);
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code ?? child.signalCode}`);
}

/** Copies a child's output lines to stderr with a prefix; after `max` lines only counts them. */
export function relay(stream: NodeJS.ReadableStream | null, prefix: string, max = 20): { suppressed: () => number } {
  let lines = 0;
  if (stream) {
    readline.createInterface({ input: stream }).on("line", (line) => {
      lines++;
      if (lines <= max) console.error(`${prefix} ${line}`);
    });
  }
  return { suppressed: () => Math.max(0, lines - max) };
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers (127.0.0.1 only).

export interface Fetched {
  status: number;
  contentType: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** From sending the request to the last byte of the answer. */
  ms: number;
}

/** GET without Accept-Encoding, so the body is the bytes autocannon receives. */
export function get(
  port: number,
  pathname: string,
  headers: Record<string, string>,
  timeoutMs = 30_000,
): Promise<Fetched> {
  return request(port, "GET", pathname, headers, undefined, timeoutMs);
}

/** One request to 127.0.0.1 (keep-alive, the global agent); resolves with the whole answer and its time. */
export function request(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
  timeoutMs = 30_000,
): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const sent = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    const req = http.request({ host: HOST, port, method, path: pathname, headers: sent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers["content-type"] ?? "application/octet-stream",
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${pathname}: no answer in ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls /healthz every 10 ms until it answers 200, for at most 60 s or until the server exits. */
export async function waitForHealth(port: number, server: ChildProcess): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the app server exited (${server.exitCode ?? server.signalCode}) before it listened`);
    }
    const ok = await get(port, "/healthz", {}, 1000).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(10);
  }
  throw new Error("the app server did not answer /healthz within 60 s");
}

export interface StartedApp {
  app: ChildProcess;
  port: number;
  logs: { suppressed: () => number }[];
  /** From spawning the process to its first 200 (/healthz, polled every 10 ms). */
  firstOkMs: number;
  /** performance.now() when the process was spawned. */
  spawnedAt: number;
}

/**
 * The production server of `root`, started as `npm start` starts it (startCommand), pinned to
 * core 0 on a free port, once it answers /healthz: NODE_ENV=production, no demo catalogue,
 * LOG_LEVEL=warn (the per-request info line stays out of the measurement), no scheduled Product
 * Hunt import or link check (they would reach out and run in the middle of a measurement), then
 * `env`. Its output is relayed with an [app] prefix; `logs` tell how many lines were held back.
 */
export async function startApp(env: NodeJS.ProcessEnv): Promise<StartedApp> {
  const port = await freePort();
  const { args, env: startEnv } = startCommand();
  const spawnedAt = performance.now();
  const [file, ...argv] = inMemoryGroup(["taskset", "-c", "0", process.execPath, ...args]);
  const app = start(file!, argv, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      PRODUCT_HUNT_AUTO_IMPORT: "false",
      LINK_CHECK_ENABLED: "false",
      ...startEnv,
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs = [relay(app.stdout, "[app]"), relay(app.stderr, "[app:stderr]")];
  await waitForHealth(port, app);
  return { app, port, logs, firstOkMs: performance.now() - spawnedAt, spawnedAt };
}

/**
 * How `npm start` of `root` runs the server (the last command of its package.json "start":
 * `VAR=value … node [flags] entry`), so the entry and the Node flags measured are the ones deployed; `--env-file…` is left
 * out (only the benchmark chooses the environment). Without such a script: `server/main.ts`.
 */
export function startCommand(): { args: string[]; env: Record<string, string> } {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts?: Record<string, string> }
  ).scripts;
  // A leading guard such as `node scripts/check-node.cjs &&` only checks the Node version: the
  // server is the last command of the chain.
  const words = (scripts?.start ?? "").split("&&").at(-1)!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=\S*$/.test(words[0]!)) {
    const [name, ...value] = words.shift()!.split("=");
    env[name!] = value.join("=");
  }
  if (words.shift() !== "node" || words.length === 0 || words.some((w) => /["'$&|;<>`]/.test(w))) {
    console.log(`(package.json "start" is not \`[VAR=value…] node [flags] entry\`: starting server/main.ts)`);
    return { args: ["server/main.ts"], env: {} };
  }
  return { args: words.filter((w) => !w.startsWith("--env-file")), env };
}

/** Builds the production bundle of `root` when it is missing or older than its sources. */
export async function ensureBuild(): Promise<void> {
  await run(process.execPath, ["scripts/build.ts", "--if-stale"], process.env);
}

/** Resident memory of a process (VmRSS in /proc/<pid>/status), in MB; NaN when it cannot be read. */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const kbytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kbytes ? Number(kbytes) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// Numbers and columns.

export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile of unsorted numbers; NaN for none. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Latencies {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencies(ms: number[]): Latencies {
  return {
    n: ms.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: percentile(ms, 100),
  };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const pad = (s: string, n: number) => s.padEnd(n);
export const lpad = (s: string, n: number) => s.padStart(n);
/** A number for a column: fixed decimals, "n/a" when not measured. */
export const num = (x: number, decimals = 0) => (Number.isFinite(x) ? x.toFixed(decimals) : "n/a");

/**
 * A figure against its target, for the tables: "12.3" when met, "12.3 MISSED" when not (the mark
 * is what to look for), the figure alone when there is no target or no figure.
 */
export function against(x: number, target: { max?: number; min?: number } | null, decimals = 0): string {
  if (!Number.isFinite(x)) return "n/a";
  // Judged as shown: "0.80" never reads as a miss of "≥ 0.80".
  const shown = Number(x.toFixed(decimals));
  const missed =
    target && ((target.max !== undefined && shown > target.max) || (target.min !== undefined && shown < target.min));
  return `${x.toFixed(decimals)}${missed ? " MISSED" : ""}`;
}

/** What could not be measured: any of these makes the exit code 1 (missed targets do not). */
const problems: string[] = [];
export function problem(text: string): void {
  problems.push(text);
  console.log(`  <-- PROBLEM: ${text}`);
}

/**
 * The lines every benchmark ends with: what the marks mean (`noiseLegend: false` for one that marks
 * no figure noisy), the machine, and the problems (exit code 1).
 */
export function printFooter({ noiseLegend = true }: { noiseLegend?: boolean } = {}): void {
  if (noiseLegend)
    console.log(
      `(noisy): other processes took more than ${NOISY * 100}% of a core during one of its runs: the figures are less sure.`,
    );
  console.log(machineLine());
  if (problems.length > 0) {
    console.log(`\n${problems.length} problem(s) — figures that could not be measured as meant:`);
    for (const p of problems) console.log(`  - ${p}`);
    process.exitCode = 1;
  }
}

/** A line of the machine and the run, printed under the figures. */
export function machineLine(): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const memory = memoryGroup
    ? `server in a ${memoryGroup.mb} MiB memory cgroup`
    : `server with the host's ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  return `node ${process.version}, ${cpu}, ${os.cpus().length} cores, ${memory}, ${new Date().toISOString()}, measured tree ${root}`;
}

// ---------------------------------------------------------------------------------------------
// --memory: the server on a machine of a given size. Node derives its heap limit, and V8 the size
// of its young generation, from the memory it may use, so resident memory depends on the host
// (docs/decisions/035): a 24 GiB host lets the server keep ~100 MB more than a 1 GiB VM does.

/** The memory cgroup the server runs in (--memory), or none: the host's memory. */
let memoryGroup: { mb: number; dir: string } | null = null;

/**
 * A command to run in this run's memory cgroup (--memory), or as it is without one. The shell
 * joins the group first and then becomes the command (same pid), so Node sizes its heap from the
 * limit from the start, as on a machine of that size.
 */
export function inMemoryGroup(command: string[]): string[] {
  return memoryGroup
    ? ["sh", "-c", 'echo $$ > "$0" && exec "$@"', path.join(memoryGroup.dir, "cgroup.procs"), ...command]
    : command;
}

/**
 * Sets the memory cgroup `toolshelf-bench` to `value` MiB for the servers of this run (cgroup v1 or
 * v2, as root). One group reused by every run, so none is left behind.
 */
function setMemory(value: string): void {
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < 256 || mb > 1_048_576) fail("--memory must be whole MiB from 256 to 1048576");
  const v1 = "/sys/fs/cgroup/memory";
  const v2 = "/sys/fs/cgroup";
  const isV1 = fs.existsSync(path.join(v1, "memory.limit_in_bytes"));
  if (!isV1 && !fs.existsSync(path.join(v2, "cgroup.controllers")))
    fail("--memory: this machine has no memory cgroup controller under /sys/fs/cgroup");
  const dir = path.join(isV1 ? v1 : v2, "toolshelf-bench");
  try {
    if (!isV1) fs.writeFileSync(path.join(v2, "cgroup.subtree_control"), "+memory");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, isV1 ? "memory.limit_in_bytes" : "memory.max"), String(mb * 2 ** 20));
  } catch (error) {
    fail(`--memory needs root and a writable memory cgroup: ${(error as Error).message}`);
  }
  memoryGroup = { mb, dir };
}

// ---------------------------------------------------------------------------------------------
// Options the page and search benchmarks share.

export type Engine = "sqlite" | "postgres";

/** For parseArgs: what `bench:pages` and `bench:search` both take. */
export const COMMON_OPTIONS = {
  engine: { type: "string", default: "both" },
  tools: { type: "string", default: "100000" },
  duration: { type: "string", default: "10" },
  rounds: { type: "string", default: "3" },
  keep: { type: "boolean", default: false },
  root: { type: "string" },
  "quiet-wait": { type: "string", default: "30" },
  memory: { type: "string" },
} as const;

export interface CommonSettings {
  engines: Engine[];
  tools: number;
  /** Seconds per autocannon run. */
  duration: number;
  /** Runs per contender, alternated (A B A B …); medians are reported. */
  rounds: number;
  /** Keep the seeded dataset for later runs (and reuse one kept before). */
  keep: boolean;
}

/** Checks the shared options; `--root` points the benchmark at another checkout. */
export function commonSettings(values: {
  engine: string;
  tools: string;
  duration: string;
  rounds: string;
  keep: boolean;
  root?: string | undefined;
  "quiet-wait": string;
  memory?: string | undefined;
}): CommonSettings {
  const engines: Engine[] =
    values.engine === "both"
      ? ["sqlite", "postgres"]
      : values.engine === "sqlite" || values.engine === "postgres"
        ? [values.engine]
        : [];
  const tools = Number(values.tools);
  const duration = Number(values.duration);
  const rounds = Number(values.rounds);
  if (engines.length === 0) fail("--engine must be sqlite, postgres or both");
  if (!Number.isInteger(tools) || tools < 100 || tools > 2_000_000)
    fail("--tools must be a whole number from 100 to 2000000");
  if (!Number.isInteger(duration) || duration < 1 || duration > 600)
    fail("--duration must be whole seconds from 1 to 600");
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) fail("--rounds must be a whole number from 1 to 20");
  setQuietWait(values["quiet-wait"]);
  if (values.root) setRoot(values.root);
  if (values.memory !== undefined) setMemory(values.memory);
  return { engines, tools, duration, rounds, keep: values.keep };
}

// ---------------------------------------------------------------------------------------------
// Noise: CPU that other processes took while something was measured (the machine is shared).

/** Clock ticks per second of /proc/<pid>/stat's times. */
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
const POSTGRES_UID = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim()) || -1;

/** CPU used by processes, in cores over the interval: PostgreSQL's, and everyone else's. */
export interface Noise {
  postgres: number;
  others: number;
}

/** CPU ticks (user + system) of every process, by pid, with its owner. */
function processTicks(): Map<number, { ticks: number; uid: number }> {
  const out = new Map<number, { ticks: number; uid: number }>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      // Fields after the command (which may hold spaces) in parentheses; utime and stime are the 14th and 15th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(name), { ticks: Number(fields[11]) + Number(fields[12]), uid: fs.statSync(`/proc/${name}`).uid });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/**
 * Starts watching what other processes take: everything but this benchmark (its launcher, itself
 * and the servers it started), PostgreSQL apart. `stop` gives cores used on average since.
 */
export function watchNoise(): { stop(): Noise } {
  const before = processTicks();
  const started = performance.now();
  return {
    stop() {
      const seconds = (performance.now() - started) / 1000;
      const ours = new Set([process.pid, process.ppid, ...[...children].map((c) => c.pid)]);
      const used = { postgres: 0, others: 0 };
      for (const [pid, now] of processTicks()) {
        if (ours.has(pid)) continue;
        const ticks = now.ticks - (before.get(pid)?.ticks ?? 0);
        if (ticks > 0) used[now.uid === POSTGRES_UID ? "postgres" : "others"] += ticks / CLOCK_TICKS;
      }
      return { postgres: used.postgres / seconds, others: used.others / seconds };
    },
  };
}

/** Other processes' CPU beyond this share of a core makes a run noisy (flagged in the reports). */
export const NOISY = 0.1;

/** How long to wait at most for other processes to calm down before a measurement (--quiet-wait). */
let quietWaitMs = 30_000;

/** Sets --quiet-wait for a benchmark that does not take the common options (commonSettings sets it for those that do). */
export function setQuietWait(seconds: string): void {
  quietWaitMs = Number(seconds) * 1000;
  if (!Number.isInteger(quietWaitMs) || quietWaitMs < 0 || quietWaitMs > 600_000)
    fail("--quiet-wait must be whole seconds from 0 to 600");
}

/**
 * Waits until other processes (not PostgreSQL, which may be serving the app) took at most NOISY of
 * a core for half a second, or `--quiet-wait` seconds have passed; returns how long it waited.
 */
export async function waitForQuiet(): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < quietWaitMs) {
    const watch = watchNoise();
    await sleep(500);
    if (watch.stop().others <= NOISY) break;
  }
  return performance.now() - started;
}

/** " [NOISY: others 35% of a core]" when other processes took more than NOISY, else "". */
export function noiseNote(noise: Noise | undefined, engine?: Engine): string {
  if (!noise) return "";
  const parts = [];
  if (noise.others > NOISY) parts.push(`others ${num(100 * noise.others)}%`);
  // PostgreSQL serves the app on that engine: only its use on SQLite is someone else's.
  if (engine !== "postgres" && noise.postgres > NOISY) parts.push(`PostgreSQL ${num(100 * noise.postgres)}%`);
  return parts.length > 0 ? ` [NOISY: ${parts.join(", ")} of a core]` : "";
}

// ---------------------------------------------------------------------------------------------
// Load: autocannon against the app and against a ceiling serving the same bytes.

export const PAGE_HEADERS = { "user-agent": USER_AGENT, accept: "text/html" };
export const API_HEADERS = { "user-agent": USER_AGENT, accept: "application/json" };
/** Connections autocannon keeps open. */
export const CONNECTIONS = 20;

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  statuses: Record<string, number>;
  /** What other processes took meanwhile (for medians: the most of any run). */
  noise: Noise;
}

/**
 * `duration` seconds of `CONNECTIONS` connections asking for one path as fast as it answers:
 * autocannon in a process of its own (scripts/bench/load-run.ts), on this process's core.
 */
export async function loadTest(
  port: number,
  pathname: string,
  headers: Record<string, string>,
  duration: number,
): Promise<LoadResult> {
  const options = { url: `http://${HOST}:${port}${pathname}`, connections: CONNECTIONS, duration, headers };
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "load-run.ts");
  const noise = watchNoise();
  const child = start(process.execPath, [script, JSON.stringify(options)], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const code = await exited(child);
  if (code !== 0) throw new Error(`the load of ${pathname} exited with ${code ?? child.signalCode}`);
  return { ...(JSON.parse(output) as Omit<LoadResult, "noise">), noise: noise.stop() };
}

/**
 * Runs the contenders in turn, once per round (A B C A B C …), so drift between runs falls on all
 * of them alike, each once other processes are quiet (waitForQuiet); `report` is told each round's
 * results.
 */
export async function alternate<K extends string>(
  rounds: number,
  contenders: Record<K, () => Promise<LoadResult>>,
  report: (round: number, results: Partial<Record<K, LoadResult>>) => void,
): Promise<Record<K, LoadResult[]>> {
  const keys = Object.keys(contenders) as K[];
  const runs = Object.fromEntries(keys.map((k) => [k, [] as LoadResult[]])) as Record<K, LoadResult[]>;
  for (let round = 1; round <= rounds; round++) {
    const results: Partial<Record<K, LoadResult>> = {};
    for (const key of keys) {
      await waitForQuiet();
      const result = await contenders[key]();
      runs[key].push(result);
      results[key] = result;
    }
    report(round, results);
  }
  return runs;
}

/** Medians of runs; non-2xx and errors summed. */
export function medianOf(runs: LoadResult[]): LoadResult {
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    statuses,
    noise: {
      postgres: Math.max(...runs.map((r) => r.noise.postgres)),
      others: Math.max(...runs.map((r) => r.noise.others)),
    },
  };
}

/** The ceiling answers these exact bytes to every request (written to the temp dir as ceiling.mjs). */
const CEILING_SOURCE = `import fs from "node:fs";
import http from "node:http";
const body = fs.readFileSync(process.argv[2]);
const headers = { "content-type": process.argv[3], "content-length": body.length };
const server = http.createServer((_req, res) => { res.writeHead(200, headers); res.end(body); });
server.listen(0, "${HOST}", () => console.log(JSON.stringify({ port: server.address().port })));
`;

export interface Ceiling {
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * The ceiling of one page: a plain node:http server on core 0 answering that page's body with its
 * content type from memory — what serving those bytes costs at the least.
 */
export async function startCeiling(dir: string, page: Fetched): Promise<Ceiling> {
  const script = path.join(dir, "ceiling.mjs");
  if (!fs.existsSync(script)) fs.writeFileSync(script, CEILING_SOURCE);
  const bodyFile = path.join(dir, `ceiling-${crypto.randomBytes(6).toString("hex")}`);
  fs.writeFileSync(bodyFile, page.body);
  const child = start("taskset", ["-c", "0", process.execPath, script, bodyFile, page.contentType], {
    cwd: dir,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the ceiling server did not start within 10 s")), 10_000);
    child.once("exit", (code) => reject(new Error(`the ceiling server exited (${code}) before it listened`)));
    readline.createInterface({ input: child.stdout! }).once("line", (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  const check = await get(port, "/", PAGE_HEADERS);
  if (!check.body.equals(page.body)) throw new Error("the ceiling does not answer the page's bytes");
  return {
    port,
    pid: child.pid,
    async stop() {
      await stop(child);
      fs.rmSync(bodyFile, { force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The app server, timed from its start: first 200, first page, search ready, resident memory.

export interface Startup extends StartedApp {
  /** From spawning to the first answer of `/` (a render). */
  firstPageMs: number;
  /** From spawning to the first search answered (the search index loaded). */
  searchReadyMs: number;
  /** Resident memory at the first 200, and once the search index is loaded. */
  rssAtFirstOk: number;
  rssStarted: number;
}

/** Starts the app server (startApp) and times it until a search (`searchPath`, JSON) is answered. */
export async function startMeasured(env: NodeJS.ProcessEnv, searchPath: string): Promise<Startup> {
  const started = await startApp(env);
  const rssAtFirstOk = rssMb(started.app.pid);
  const home = await get(started.port, "/", PAGE_HEADERS, 120_000);
  const firstPageMs = performance.now() - started.spawnedAt;
  if (home.status !== 200) throw new Error(`GET / answered ${home.status} after the start`);
  const search = await get(started.port, searchPath, API_HEADERS, 120_000);
  const searchReadyMs = performance.now() - started.spawnedAt;
  if (search.status !== 200) throw new Error(`GET ${searchPath} answered ${search.status} after the start`);
  return { ...started, firstPageMs, searchReadyMs, rssAtFirstOk, rssStarted: rssMb(started.app.pid) };
}

/** Targets of a start (README "Speed"): first 200 within 3 s, at most 250 MB once started, 350 MB after the load. */
export const START_TARGETS = { firstOkMs: 3000, rssStartedMb: 250, rssAfterMb: 350 } as const;

export function printStartup(s: Startup): void {
  console.log(
    `start: first 200 after ${against(s.firstOkMs, { max: START_TARGETS.firstOkMs })} ms (target ≤ ${START_TARGETS.firstOkMs}), ` +
      `first page after ${num(s.firstPageMs)} ms, search ready after ${num(s.searchReadyMs)} ms`,
  );
  console.log(
    `RSS: ${num(s.rssAtFirstOk)} MB at the first 200, ${against(s.rssStarted, { max: START_TARGETS.rssStartedMb })} MB ` +
      `with the search index loaded (target ≤ ${START_TARGETS.rssStartedMb} MB)`,
  );
}

/** Distinct client addresses in 10.0.0.0/8 from a random start: each request its own visitor, through the trusted proxy. */
export function clientAddresses(): () => string {
  let next = crypto.randomInt(0, 1 << 23);
  return () => {
    const n = next++ % (1 << 24);
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
}

// ---------------------------------------------------------------------------------------------
// Requests one at a time (latency, no concurrency): renders that no cache answers.

export interface Probe<K extends string = string> {
  kind: K;
  path: string;
  headers: Record<string, string>;
}

export interface Probed<K extends string = string> extends Probe<K> {
  ms: number;
  status: number;
  /** The page cache answered (X-Cache: HIT): not the render this was meant to time. */
  hit: boolean;
  body: Buffer;
}

/** Sends the probes one after another on one keep-alive connection. */
export async function probeOneByOne<K extends string>(port: number, probes: Probe<K>[]): Promise<Probed<K>[]> {
  const results: Probed<K>[] = [];
  for (const probe of probes) {
    const r = await get(port, probe.path, probe.headers, 120_000);
    results.push({ ...probe, ms: r.ms, status: r.status, hit: r.headers["x-cache"] === "HIT", body: r.body });
  }
  return results;
}

/** Shuffles in place with the given generator (Fisher-Yates). */
export function shuffle<T>(xs: T[], rng: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

// ---------------------------------------------------------------------------------------------
// Seeded datasets: SQLite in a temp DATA_DIR, PostgreSQL in a fresh schema of the `test` database.
// With --keep a seeded one is kept (SQLite under os.tmpdir(), copied for each run; PostgreSQL as a
// schema of its own, used in place) and found again by a key of the tool count, the migrations and
// the synthetic catalogue's code.

export const POSTGRES_URL = `postgres://postgres@${HOST}:5432/test`;
const KEPT_DIR = path.join(os.tmpdir(), "toolshelf-bench-cache");
/** Schemas of this run, dropped at the end on every way out (runPinned). */
const schemasToDrop = new Set<string>();

/** DATABASE_URL of a schema: the schema travels as the search path (tests/support/database.ts). */
export function postgresUrlFor(schema: string): string {
  return `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

async function adminQuery(text: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

async function dropSchemas(): Promise<void> {
  for (const schema of [...schemasToDrop]) {
    try {
      await adminQuery(`drop schema if exists "${schema}" cascade`);
      schemasToDrop.delete(schema);
      console.log(`dropped schema ${schema}`);
    } catch (error) {
      console.error(`could not drop schema ${schema}: ${error instanceof Error ? error.message : error}`);
    }
  }
}

function datasetKey(tools: number): string {
  const hash = crypto.createHash("sha256").update(String(tools));
  const migrations = path.join(root, "server/platform/db/migrations");
  for (const name of fs.readdirSync(migrations).sort())
    hash.update(name).update(fs.readFileSync(path.join(migrations, name)));
  for (const file of ["server/seed/synthetic.ts", "scripts/seed-synthetic.ts"])
    hash.update(fs.readFileSync(path.join(root, file)));
  return hash.digest("hex").slice(0, 10);
}

export interface Dataset {
  engine: Engine;
  tools: number;
  /** For the app server: DATA_DIR, and DATABASE_URL (empty for SQLite, so an inherited one is not used). */
  env: NodeJS.ProcessEnv;
  /** Where it is and where it came from, for the report. */
  describe: string;
  /** Plain SQL on its own connection (for reading what to ask for). */
  query<T>(text: string): Promise<T[]>;
  /** Closes the connection and removes the data, unless kept. */
  release(): Promise<void>;
}

/** scripts/seed-synthetic.ts of `root`; its progress (rewritten with \r) is shown only as it ends. */
async function seed(env: NodeJS.ProcessEnv, tools: number): Promise<void> {
  const child = start(process.execPath, ["scripts/seed-synthetic.ts", "--count", String(tools)], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  readline
    .createInterface({ input: child.stdout! })
    .on("line", (line) => console.log(`  ${line.slice(line.lastIndexOf("\r") + 1)}`));
  const code = await exited(child);
  if (code !== 0) throw new Error(`scripts/seed-synthetic.ts exited with ${code ?? child.signalCode}`);
}

/**
 * `tools` synthetic tools (scripts/seed-synthetic.ts of `root`, about 1 in 20 pending) on one
 * engine. PostgreSQL is ANALYZEd after seeding, as autovacuum would soon do; SQLite is left as an
 * install leaves it.
 */
export async function prepareDataset(
  engine: Engine,
  tools: number,
  options: { tmp: string; keep: boolean; label: string },
): Promise<Dataset> {
  const dataDir = path.join(options.tmp, `${options.label}-${engine}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const key = datasetKey(tools);
  if (engine === "sqlite") {
    const env = { ...inherited, DATA_DIR: dataDir, DATABASE_URL: "" };
    const file = path.join(dataDir, "toolshelf.db");
    let describe = `SQLite, seeded in ${dataDir}`;
    if (options.keep) {
      const kept = path.join(KEPT_DIR, `sqlite-${tools}-${key}`);
      if (!fs.existsSync(path.join(kept, "seeded"))) {
        fs.rmSync(kept, { recursive: true, force: true });
        fs.mkdirSync(kept, { recursive: true });
        console.log(`seeding ${tools} synthetic tools into ${kept} (kept for later runs with --keep)`);
        await seed({ ...inherited, DATA_DIR: kept, DATABASE_URL: "" }, tools);
        fs.writeFileSync(path.join(kept, "seeded"), new Date().toISOString());
      }
      for (const suffix of ["", "-wal", "-shm"]) {
        const from = path.join(kept, `toolshelf.db${suffix}`);
        if (fs.existsSync(from)) fs.copyFileSync(from, `${file}${suffix}`);
      }
      describe = `SQLite, a copy of the dataset kept in ${kept} (rm -r it to reseed)`;
    } else {
      console.log(`seeding ${tools} synthetic tools into ${dataDir}`);
      await seed(env, tools);
    }
    const db = new Database(file, { readonly: true, fileMustExist: true });
    return {
      engine,
      tools,
      env,
      describe,
      async query<T>(text: string) {
        return db.prepare(text).all() as T[];
      },
      async release() {
        db.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const seedSchema = async (schema: string, note: string) => {
    await adminQuery(`create schema "${schema}"`);
    console.log(`seeding ${tools} synthetic tools into schema ${schema} of ${POSTGRES_URL}${note}`);
    await seed({ ...inherited, DATA_DIR: dataDir, DATABASE_URL: postgresUrlFor(schema) }, tools);
    await analyze(schema);
  };
  let schema: string;
  let describe: string;
  if (options.keep) {
    schema = `bench_keep_${tools}_${key}`;
    const marker = path.join(KEPT_DIR, `postgres-${schema}.seeded`);
    const exists = (await adminQuery("select 1 from pg_namespace where nspname = $1", [schema])).rowCount === 1;
    if (!exists || !fs.existsSync(marker)) {
      fs.rmSync(marker, { force: true });
      await adminQuery(`drop schema if exists "${schema}" cascade`);
      await seedSchema(schema, " (kept for later runs with --keep)");
      fs.mkdirSync(KEPT_DIR, { recursive: true });
      fs.writeFileSync(marker, new Date().toISOString());
    }
    describe = `PostgreSQL, schema ${schema} kept and used in place (likes and approvals stay in it; drop the schema to reseed)`;
  } else {
    schema = `bench_${options.label}_${crypto.randomBytes(4).toString("hex")}`;
    schemasToDrop.add(schema);
    await seedSchema(schema, "");
    describe = `PostgreSQL, schema ${schema} (dropped at the end)`;
  }
  const env = { ...inherited, DATA_DIR: dataDir, DATABASE_URL: postgresUrlFor(schema) };
  const client = new pg.Client({ connectionString: postgresUrlFor(schema) });
  await client.connect();
  return {
    engine,
    tools,
    env,
    describe,
    async query<T>(text: string) {
      return (await client.query(text)).rows as T[];
    },
    async release() {
      await client.end();
      if (schemasToDrop.has(schema)) {
        await adminQuery(`drop schema if exists "${schema}" cascade`);
        schemasToDrop.delete(schema);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function analyze(schema: string): Promise<void> {
  const started = performance.now();
  const { rows } = await adminQuery("select tablename from pg_tables where schemaname = $1", [schema]);
  for (const { tablename } of rows as { tablename: string }[]) await adminQuery(`analyze "${schema}"."${tablename}"`);
  console.log(`ANALYZE: ${num(performance.now() - started)} ms`);
}

// ---------------------------------------------------------------------------------------------
// What the seeded catalogue holds, read once before the measurements (from the tables, not the app).

export interface CatalogueTool {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  status: string;
  likes: number;
}

export interface Catalogue {
  /** Every tool, by slug (slugs carry the tool's number, so both engines list them alike). */
  tools: CatalogueTool[];
  /** Approved and verified tools, by slug. */
  publicTools: CatalogueTool[];
  pending: CatalogueTool[];
  /** Public tools per category, most first. */
  categories: { slug: string; count: number }[];
}

export async function readCatalogue(dataset: Dataset): Promise<Catalogue> {
  const rows = await dataset.query<{
    id: string;
    slug: string;
    name: string;
    tagline: string;
    status: string;
    upvotes_count: number | string;
  }>("select id, slug, name, tagline, status, upvotes_count from tools");
  const tools = rows
    .map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      tagline: r.tagline,
      status: r.status,
      likes: Number(r.upvotes_count),
    }))
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  const counts = await dataset.query<{ category: string; n: number | string }>(
    "select tc.category as category, count(*) as n from tool_categories tc join tools t on t.id = tc.tool_id " +
      "where t.status in ('approved', 'verified') group by tc.category",
  );
  return {
    tools,
    publicTools: tools.filter((t) => t.status === "approved" || t.status === "verified"),
    pending: tools.filter((t) => t.status === "pending"),
    categories: counts
      .map((c) => ({ slug: c.category, count: Number(c.n) }))
      .sort((a, b) => b.count - a.count || (a.slug < b.slug ? -1 : 1)),
  };
}

// ---------------------------------------------------------------------------------------------
// The search query mix: what people type, drawn from the catalogue's own words.

export const QUERY_KINDS = {
  popular: "a chip of the search page (POPULAR_SEARCHES in app/routes/search.tsx)",
  word: "one word of the catalogue (3-8 letters), drawn as often as tools use it",
  "two-letter": "a two-letter word (ai, ui, go, ux, js…)",
  "two-word": "two words of the catalogue, or two consecutive words of a tagline",
  prefix: "the first 3-4 letters of a common word, as typed so far",
  unseen: "a word no tool contains, nor starts with",
} as const;
export type QueryKind = keyof typeof QUERY_KINDS;

/** Shares of a batch of queries; kinds with few queries (chips, two-letter words) are split evenly between batches. */
const QUERY_SHARES: Record<QueryKind, number> = {
  popular: 0.05,
  "two-letter": 0.05,
  word: 0.3,
  "two-word": 0.3,
  prefix: 0.2,
  unseen: 0.1,
};
const TWO_LETTER_WORDS = [
  "ai",
  "ui",
  "ux",
  "go",
  "js",
  "ml",
  "hr",
  "qa",
  "ar",
  "vr",
  "db",
  "ci",
  "os",
  "bi",
  "pm",
  "cv",
];

export interface SearchQuery {
  kind: QueryKind;
  text: string;
}

/** The chips of the search page, read from app/routes/search.tsx of `root`. */
export function popularSearches(): string[] {
  const source = fs.readFileSync(path.join(root, "app/routes/search.tsx"), "utf8");
  const list = /const POPULAR_SEARCHES\s*=\s*(\[[^\]]*\])/.exec(source)?.[1];
  if (!list) throw new Error("POPULAR_SEARCHES not found in app/routes/search.tsx");
  // A JavaScript array literal (it may end in a comma), not JSON.
  return JSON5.parse(list) as string[];
}

const normalized = (text: string) => text.toLowerCase().trim().replace(/\s+/g, " ");

/**
 * Distinct queries of each kind, in a fixed order for a catalogue and seed. Each query is handed
 * out once, so none of them can have been answered before (no cache can hold it).
 */
export class QueryMix {
  private readonly pools: Record<QueryKind, string[]>;
  private readonly used = new Set<string>();

  constructor(tools: { name: string; tagline: string }[], seed: number) {
    const rng = seededRandom(seed);
    const occurrences = new Map<string, number>();
    const taglines: string[][] = [];
    for (const tool of tools) {
      const words = tool.tagline.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      taglines.push(words);
      for (const word of [...words, ...(tool.name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]) {
        occurrences.set(word, (occurrences.get(word) ?? 0) + 1);
      }
    }
    const letters = (w: string) => /^\p{L}+$/u.test(w);
    // A weighted order without replacement (Efraimidis-Spirakis): common words come early, rare ones late.
    const weighted = (words: string[]) =>
      words
        .map((w) => ({ w, key: Math.pow(rng(), 1 / (occurrences.get(w) ?? 1)) }))
        .sort((a, b) => b.key - a.key)
        .map((x) => x.w);
    const sorted = [...occurrences.keys()].sort();
    const words = weighted(sorted.filter((w) => letters(w) && w.length >= 3 && w.length <= 8));
    const long = words.filter((w) => w.length >= 5);
    const distinct = (make: () => string, count: number) => {
      const out = new Set<string>();
      for (let attempt = 0; out.size < count && attempt < count * 20; attempt++) out.add(make());
      return [...out];
    };
    const pickWord = () => words[Math.floor(Math.pow(rng(), 2) * words.length)]!;
    const twoWords = distinct(() => {
      if (rng() < 0.5) {
        const line = taglines[Math.floor(rng() * taglines.length)] ?? [];
        const at = Math.floor(rng() * Math.max(1, line.length - 1));
        if (line.length >= 2 && line[at] !== line[at + 1]) return `${line[at]} ${line[at + 1]}`;
      }
      const [a, b] = [pickWord(), pickWord()];
      return a === b ? a : `${a} ${b}`;
    }, 5000).filter((q) => q.includes(" "));
    const prefixes = distinct(() => {
      const word = long[Math.floor(Math.pow(rng(), 2) * long.length)] ?? "design";
      return word.slice(0, rng() < 0.5 ? 3 : 4);
    }, 2000);
    const vocabulary = sorted.filter(letters);
    const known = (w: string) => vocabulary.some((word) => word.startsWith(w));
    const unseen = distinct(() => {
      const consonants = "bcdfghjklmnpqrstvwxz";
      const vowels = "aeiouy";
      let word = "";
      for (let s = 2 + Math.floor(rng() * 2); s > 0; s--) {
        word += consonants[Math.floor(rng() * consonants.length)]! + vowels[Math.floor(rng() * vowels.length)]!;
      }
      return word + consonants[Math.floor(rng() * consonants.length)]!;
    }, 3000).filter((w) => !known(w));
    const twoLetter = [...new Set([...TWO_LETTER_WORDS, ...sorted.filter((w) => letters(w) && w.length === 2)])];
    this.pools = {
      popular: shuffle(popularSearches(), rng),
      word: words,
      "two-letter": shuffle(twoLetter, rng),
      "two-word": twoWords,
      prefix: prefixes,
      unseen,
    };
  }

  /** The next query of a kind that was not handed out before (in any form), or null when there is none. */
  take(kind: QueryKind): SearchQuery | null {
    const pool = this.pools[kind];
    while (pool.length > 0) {
      const text = pool.shift()!;
      const key = normalized(text);
      if (this.used.has(key)) continue;
      this.used.add(key);
      return { kind, text };
    }
    return null;
  }

  /** Marks a query as handed out (one the benchmark sends for its own reasons). */
  reserve(text: string): void {
    this.used.add(normalized(text));
  }

  /**
   * `count` batches of `size` distinct queries, none in two batches, each in the shares above
   * (the chips and two-letter words split evenly between the batches; a kind that runs out is
   * made up with two-word queries), each shuffled.
   */
  batches(size: number, count: number, rng: () => number): SearchQuery[][] {
    const out: SearchQuery[][] = Array.from({ length: count }, () => []);
    for (const kind of Object.keys(QUERY_SHARES) as QueryKind[]) {
      const scarce = kind === "popular" || kind === "two-letter";
      const each = Math.min(
        Math.round(QUERY_SHARES[kind] * size),
        scarce ? Math.floor(this.pools[kind].length / count) : Infinity,
      );
      for (let i = 0; i < each; i++) {
        for (const batch of out) {
          const query = this.take(kind);
          if (query) batch.push(query);
        }
      }
    }
    for (const batch of out) {
      while (batch.length < size) {
        const query = this.take("two-word") ?? this.take("word");
        if (!query) break;
        batch.push(query);
      }
      // Rounding may have given a few too many.
      shuffle(batch, rng).length = Math.min(batch.length, size);
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Entry: re-exec pinned to core 1, then run with cleanup on every way out.

export interface PinnedOptions {
  /** `import.meta.url` of the benchmark script, re-executed under `taskset -c 1`. */
  script: string;
  /** The benchmark, given a fresh temp dir that is removed afterwards. */
  main: (tmp: string) => Promise<void>;
  /** More cleanup, after the child processes stopped and before the temp dir is removed. */
  cleanup?: () => Promise<void>;
  /** Synchronous last resort when the process exits some other way (after the children are killed). */
  lastResort?: () => void;
}

/**
 * In the first process: re-executes the script pinned to core 1 and passes signals on. In the
 * pinned one: runs `main`, then stops the children, runs `cleanup` and removes the temp dir, also
 * on SIGINT/SIGTERM and errors.
 */
export async function runPinned(options: PinnedOptions): Promise<void> {
  if (!process.env.BENCH_PINNED) {
    if (os.cpus().length < 2) fail("this benchmark needs 2 cores: the servers on core 0, the load on core 1");
    const self = start(
      "taskset",
      ["-c", "1", process.execPath, ...process.execArgv, fileURLToPath(options.script), ...process.argv.slice(2)],
      { stdio: "inherit", env: { ...process.env, BENCH_PINNED: "1" } },
    );
    // The pinned process cleans up after itself: pass signals on and wait for it.
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => self.kill(signal));
    self.on("error", (error) => {
      console.error(`could not run taskset: ${error.message}`);
      process.exit(1);
    });
    self.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
    return;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "toolshelf-bench-"));
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await Promise.all([...children].map(stop));
      try {
        await options.cleanup?.();
        await dropSchemas();
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    })());
  // Last resort when the process exits some other way: no waiting possible here.
  process.on("exit", () => {
    for (const child of children) child.kill("SIGKILL");
    options.lastResort?.();
    // psql, if there is one, drops the schemas left.
    for (const schema of schemasToDrop) {
      spawnSync("psql", [POSTGRES_URL, "-qc", `drop schema if exists "${schema}" cascade`], {
        stdio: "ignore",
        timeout: 10_000,
      });
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the servers`);
      void cleanup().finally(() => process.exit(code));
    });
  }
  try {
    await options.main(tmp);
    await cleanup();
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await cleanup().catch((e: unknown) => console.error(e instanceof Error ? e.message : e));
    process.exit(1);
  }
}
