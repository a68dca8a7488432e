// Shared plumbing of the benchmarks in scripts/bench/: child processes that are always stopped,
// plain HTTP GETs to 127.0.0.1, and the entry that re-executes a benchmark pinned to core 1 and
// cleans up on every way out. See docs/design.md#measuring-speed.
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
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
  body: Buffer;
}

/** GET without Accept-Encoding, so the body is the bytes autocannon receives. */
export function get(port: number, pathname: string, headers: Record<string, string>, timeoutMs = 30_000): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: HOST, port, path: pathname, headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers["content-type"] ?? "application/octet-stream",
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${pathname}: no answer in ${timeoutMs} ms`)));
    req.on("error", reject);
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

/** Polls /healthz every 100 ms until it answers 200, for at most 30 s or until the server exits. */
export async function waitForHealth(port: number, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the app server exited (${server.exitCode ?? server.signalCode}) before it listened`);
    }
    const ok = await get(port, "/healthz", {}, 1000).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error("the app server did not answer /healthz within 30 s");
}

/**
 * The production server (`server/main.ts`) pinned to core 0 on a free port, once it answers
 * /healthz: NODE_ENV=production, no demo catalogue, LOG_LEVEL=warn (the per-request info line
 * stays out of the measurement), then `env`. Its output is relayed with an [app] prefix; `logs`
 * tell how many lines were held back.
 */
export async function startApp(env: NodeJS.ProcessEnv): Promise<{ app: ChildProcess; port: number; logs: { suppressed: () => number }[] }> {
  const port = await freePort();
  const app = start("taskset", ["-c", "0", process.execPath, "server/main.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", HOST, SEED_DEMO: "false", LOG_LEVEL: "warn", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs = [relay(app.stdout, "[app]"), relay(app.stderr, "[app:stderr]")];
  await waitForHealth(port, app);
  return { app, port, logs };
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

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const pad = (s: string, n: number) => s.padEnd(n);
export const lpad = (s: string, n: number) => s.padStart(n);

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
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    })());
  // Last resort when the process exits some other way: no waiting possible here.
  process.on("exit", () => {
    for (const child of children) child.kill("SIGKILL");
    options.lastResort?.();
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
