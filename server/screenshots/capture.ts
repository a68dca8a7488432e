import { spawn } from "node:child_process";
import type dns from "node:dns";
import { access, constants } from "node:fs/promises";
import path from "node:path";
import { CodedError } from "../platform/errors.ts";
import { loadSharp } from "../platform/lazy-imports.ts";
import { PROJECT_ROOT } from "../platform/paths.ts";
import { CHROMIUM_BASE_ARGS } from "./chromium.ts";
import {
  chromiumEnv,
  findLauncher,
  makeCaptureDir,
  NOBODY,
  removeLeftovers,
  workerEnv,
  type CaptureDir,
  type Launcher,
  type RunAs,
} from "./isolation.ts";
import {
  gone,
  killTree,
  listProcesses,
  memoryOf,
  processTree,
  readStat,
  stillRunning,
  type ProcessInfo,
} from "./processes.ts";
import { startEgressProxy, type EgressProxy } from "./proxy.ts";
import type { CaptureJob, WorkerReport } from "./worker.ts";

/** Why a screenshot was not taken. */
export type ScreenshotErrorCode = "unavailable" | "forbidden-address" | "bad-url" | "timeout" | "failed";

/** A screenshot that could not be taken; the message is fit to show an admin. */
export class ScreenshotError extends CodedError<ScreenshotErrorCode> {}

export interface ScreenshotCapturerOptions {
  /** The Chromium executable (the system's); a browser is never downloaded. */
  chromiumPath: string;
  /** `host:port` pairs reachable whatever they resolve to (tests' fakes on 127.0.0.1): OUTBOUND_ALLOW. */
  allow?: readonly string[];
  /** For a whole capture, from the moment it has its turn: launch, lookup, load, settle, screenshot. */
  timeoutMs?: number;
  /** Captures at once; more wait for their turn. */
  concurrency?: number;
  /** The most memory one capture's processes may use together, in MB (1024 unless told). */
  memoryLimitMb?: number;
  /** When the server can switch users (as root, or with the capabilities to), the user Chromium runs as (nobody, 65534, unless told). */
  runAs?: RunAs;
  /** The DNS lookup; the system's unless a test gives its own. */
  lookup?: typeof dns.lookup;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}

export interface ScreenshotCapturer {
  /** "available" when the Chromium executable is there to be run (and, as root, can be run as another user). */
  status(): Promise<"available" | "unavailable">;
  /** A 1280×800 WebP of the page at `url`, as a visitor's browser would first show it. */
  capture(url: string): Promise<Buffer>;
  /** Kills the captures under way and closes the proxy; captures after this are refused. */
  close(): Promise<void>;
  /**
   * How many times a capture has found out how Chromium runs here (with its sandbox or not): once,
   * unless a browser failed to start. Every capture has a browser of its own (docs/decisions/016).
   */
  readonly launches: number;
}

const WIDTH = 1280;
const HEIGHT = 800;
// After "load": time for late scripts, web fonts and first animations to paint.
const SETTLE_MS = 500;
// After the time is up, for the worker to say so and close its browser before it is killed; also
// how long a worker that has answered gets to close its browser.
const KILL_GRACE_MS = 1000;
// How often a capture's memory is measured.
const SAMPLE_MS = 250;
// Run from its source in a process of its own, also when the server runs from its build.
const WORKER = path.join(PROJECT_ROOT, "server/screenshots/worker.ts");

const CHROMIUM_ARGS = [
  // The browser tests' switches, but not --no-sandbox: captures have the sandbox wherever the
  // machine allows it, which the worker finds out (docs/decisions/016).
  ...CHROMIUM_BASE_ARGS.filter((arg) => arg !== "--no-sandbox"),
  // Without it Chromium sends loopback and link-local addresses (localhost, 127.0.0.1,
  // 169.254.169.254…) straight there, around the proxy.
  "--proxy-bypass-list=<-loopback>",
  // WebRTC would otherwise send UDP (and TURN over TCP) to any address it is given, around the
  // proxy. The first is the switch today's Chromium reads, the second its older name.
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  // The browser resolves no name itself (DNS prefetch, preconnect, anything else that might not
  // take the proxy); only the proxy looks names up, and checks what it finds.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

/** How a capture's worker ended. */
type Outcome =
  | { kind: "report"; report: Exclude<WorkerReport, { kind: "launched" }> }
  | { kind: "timeout" }
  | { kind: "memory"; bytes: number }
  | { kind: "exited"; code: number | null; signal: NodeJS.Signals | null; stderr: string }
  | { kind: "shut-down" };

interface Run {
  /** Settles once every process of the capture is gone and its directory removed. */
  done: Promise<Outcome>;
  /** Kills the capture (close()). */
  abort(): void;
}

/**
 * Takes screenshots of users' sites with the system Chromium, every request of which goes through
 * the checking proxy; each capture in a worker process of its own, with its own browser and
 * profile, none of the app's environment, and limits on its time and memory.
 */
export function createScreenshotCapturer(options: ScreenshotCapturerOptions): ScreenshotCapturer {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const memoryLimitMb = options.memoryLimitMb ?? 1024;
  const turns = semaphore(Math.max(1, Math.floor(options.concurrency ?? 2) || 1));
  const running = new Set<Run>();
  let proxy: Promise<EgressProxy> | null = null;
  let launcher: Promise<Launcher> | null = null;
  // Whether Chromium has its sandbox here: null until a capture's browser has started.
  let sandboxed: boolean | null = null;
  let finding: Promise<void> | null = null;
  let told = false;
  let launches = 0;
  let closed = false;

  const executable = () =>
    access(options.chromiumPath, constants.X_OK).then(
      () => true,
      () => false,
    );
  // Found out once; the first time, what captures of a server killed meanwhile left is removed.
  const howToLaunch = () =>
    (launcher ??= findLauncher(options.runAs ?? NOBODY).then(async (found) => {
      await removeLeftovers(found).catch(() => {});
      return found;
    }));

  const shutDown = () => new ScreenshotError("unavailable", "The screenshot service has been shut down.");

  function egress(): Promise<EgressProxy> {
    if (closed) throw shutDown();
    proxy ??= startEgressProxy({ allow: options.allow, lookup: options.lookup });
    return proxy;
  }

  /**
   * "on" or "off" once a capture has found out; until then "auto", for this capture to find out
   * (the first one, and again after a browser failed to start), with what to call when it knows.
   * Called when no other capture is finding out.
   */
  function sandboxChoice(): { sandbox: CaptureJob["sandbox"]; found?: (sandbox: boolean | null) => void } {
    if (sandboxed !== null) return { sandbox: sandboxed ? "on" : "off" };
    launches++;
    let found!: (sandbox: boolean | null) => void;
    const settled = new Promise<void>((resolve) => {
      found = (sandbox) => {
        if (sandbox !== null) sandboxed = sandbox;
        if (finding === settled) finding = null;
        resolve();
      };
    });
    finding = settled;
    return { sandbox: "auto", found };
  }

  /** Says once, at the first capture, how captures run here. */
  function tell(how: Launcher, report: Extract<WorkerReport, { kind: "launched" }>) {
    if (told) return;
    told = true;
    const uid = how.kind === "setpriv" ? how.runAs.uid : how.kind === "as-is" ? how.uid : null;
    if (how.kind === "as-is") {
      options.log?.warn(
        { uid, reason: how.reason },
        "screenshots: Chromium runs as the server's own user, so a page that took it over could read what the server can (docs/deploy.md says how to give it a user of its own)",
      );
    }
    if (report.sandbox) {
      options.log?.info?.(
        { uid, sandbox: true },
        "screenshots: each capture runs in a process of its own, Chromium with its sandbox",
      );
    } else {
      options.log?.warn(
        { uid, sandbox: false, reason: report.sandboxError },
        "screenshots: Chromium cannot have its sandbox on this machine, so captures run with --no-sandbox (docs/decisions/016)",
      );
    }
  }

  /** The worker of one capture, watched until it and every process it started are gone. */
  function start(
    job: CaptureJob,
    dir: CaptureDir,
    onLaunched: (report: Extract<WorkerReport, { kind: "launched" }>) => void,
  ): Run {
    const memoryLimit = memoryLimitMb * 1024 * 1024;
    let outcome: Outcome | null = null;
    let stderr = "";
    const seen = new Map<number, ProcessInfo>();
    const child = spawn(process.execPath, [WORKER], {
      cwd: dir.worker,
      env: workerEnv(dir),
      // A process group of its own: a signal to the app's group does not reach it unasked; it
      // ends by itself when the app goes away (the IPC channel closes).
      detached: true,
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "advanced",
    });
    child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    // What names the capture's directory, started since the worker (or just before, should it be gone already).
    const marker = { text: dir.root, since: (child.pid && readStat(child.pid)?.start) || 0 };

    const end = (result: Outcome) => {
      outcome ??= result;
    };
    /** Every process of the capture now, remembered so that one its parent left behind is found too. */
    const tree = () => {
      const roots = [child.pid ?? -1, ...[...seen.values()].filter(stillRunning).map((info) => info.pid)];
      const members = processTree(roots, listProcesses(), marker);
      for (const info of members) seen.set(info.pid, info);
      return members;
    };
    const kill = () => {
      const roots = [child.pid ?? -1, ...[...seen.values()].filter(stillRunning).map((info) => info.pid)];
      for (const info of killTree(roots, marker)) seen.set(info.pid, info);
    };

    const sampler = setInterval(() => {
      const bytes = memoryOf(tree());
      if (bytes > memoryLimit) {
        end({ kind: "memory", bytes });
        kill();
      }
    }, SAMPLE_MS);
    let hardStop = setTimeout(
      () => {
        end({ kind: "timeout" });
        kill();
      },
      Math.max(0, job.deadline - Date.now()) + KILL_GRACE_MS,
    );

    child.on("message", (report: WorkerReport) => {
      if (report.kind === "launched") return onLaunched(report);
      end({ kind: "report", report });
      // The answer is in: the worker closes its browser and ends, or is ended.
      clearTimeout(hardStop);
      hardStop = setTimeout(kill, KILL_GRACE_MS);
    });
    child.on("error", (error) => {
      stderr += String(error);
      if (child.pid === undefined) child.emit("exit", null, null);
    });

    const done = new Promise<Outcome>((resolve) => {
      child.once("exit", (code: number | null, signal: NodeJS.Signals | null) => {
        clearInterval(sampler);
        clearTimeout(hardStop);
        end({ kind: "exited", code, signal, stderr: stderr.trim() });
        void (async () => {
          // What the worker left running (it was killed, or its browser did not close).
          const left = tree();
          if (left.length > 0) {
            kill();
            await gone(left, 2000);
          }
          if (!(await gone([...seen.values()], 2000))) {
            const pids = [...seen.values()].filter(stillRunning).map((info) => info.pid);
            options.log?.warn({ pids }, "screenshot processes still running after being killed");
          }
          await dir
            .remove()
            .catch((error: unknown) =>
              options.log?.warn({ err: String(error), dir: dir.root }, "screenshot directory not removed"),
            );
          resolve(outcome!);
        })();
      });
    });
    child.send(job);
    return {
      done,
      abort() {
        end({ kind: "shut-down" });
        kill();
      },
    };
  }

  /** One capture, its worker watched until it ends; its outcome as a screenshot or a ScreenshotError. */
  async function shoot(url: URL): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    const tooSlow = () => new ScreenshotError("timeout", `${url.host} did not load within ${timeoutMs / 1000} s.`);
    const how = await howToLaunch();
    if (how.kind === "refused") {
      options.log?.warn({ reason: how.reason }, "screenshots are not taken");
      throw new ScreenshotError("unavailable", "Screenshots cannot be taken safely on this server (see its log).");
    }
    const via = await beforeDeadline(egress(), deadline, tooSlow);
    await beforeDeadline(vet(via, url), deadline, tooSlow);
    // Another capture is finding out whether Chromium has its sandbox here: its answer is near.
    while (sandboxed === null && finding) await beforeDeadline(finding, deadline, tooSlow);
    const { sandbox, found } = sandboxChoice();
    let started = false;
    let outcome: Outcome;
    try {
      const dir = await makeCaptureDir(how, options.chromiumPath);
      if (closed) {
        await dir.remove().catch(() => {});
        throw shutDown();
      }
      const job: CaptureJob = {
        url: url.href,
        executablePath: dir.executable,
        args: [...CHROMIUM_ARGS, `--proxy-server=${via.url}`, `--js-flags=--max-old-space-size=${memoryLimitMb}`],
        env: chromiumEnv(dir),
        profileDir: dir.profile,
        sandbox,
        deadline,
        settleMs: SETTLE_MS,
        viewport: { width: WIDTH, height: HEIGHT },
      };
      const run = start(job, dir, (report) => {
        started = true;
        tell(how, report);
        found?.(report.sandbox);
      });
      running.add(run);
      try {
        outcome = await run.done;
      } finally {
        running.delete(run);
      }
    } finally {
      if (!started) found?.(null);
    }
    if (closed && outcome.kind !== "report") throw shutDown();
    return result(outcome, url, via);
  }

  /** What a capture's outcome means: the screenshot, as WebP, or why there is none. */
  async function result(outcome: Outcome, url: URL, via: EgressProxy): Promise<Buffer> {
    const refused = async (href: string) => {
      try {
        return (await via.verdict(new URL(href))) === "refused";
      } catch {
        return false;
      }
    };
    switch (outcome.kind) {
      case "shut-down":
        throw shutDown();
      case "timeout":
        throw new ScreenshotError("timeout", `${url.host} did not load within ${timeoutMs / 1000} s.`);
      case "memory":
        options.log?.warn({ url: url.href, bytes: outcome.bytes }, "screenshot stopped: too much memory");
        throw new ScreenshotError("failed", `${url.host} used more than ${memoryLimitMb} MB of memory.`);
      case "exited":
        options.log?.warn(
          { url: url.href, code: outcome.code, signal: outcome.signal, stderr: outcome.stderr },
          "screenshot worker ended without an answer",
        );
        throw new ScreenshotError("failed", `The screenshot of ${url.host} could not be taken.`);
    }
    const report = outcome.report;
    switch (report.kind) {
      case "shot": {
        const sharp = await loadSharp();
        return sharp(report.png)
          .resize(WIDTH, HEIGHT, { fit: "cover", position: "top" })
          .webp({ quality: 80 })
          .toBuffer();
      }
      case "launch-failed":
        sandboxed = null; // found out again by the next capture
        options.log?.warn({ err: report.message.slice(0, 2000) }, "screenshot browser did not start");
        throw new ScreenshotError("unavailable", "The browser for screenshots could not be started.");
      case "status":
        // A plain http hop the proxy refused comes back as its 403.
        if (await refused(report.url)) throw forbidden(new URL(report.url));
        throw new ScreenshotError("failed", `${url.host} answered with HTTP ${report.status}.`);
      case "navigation-failed":
        // An https hop the proxy refused ends the navigation with a tunnel error.
        if (!report.timeout && (await refused(report.lastHop))) throw forbidden(new URL(report.lastHop));
        throw explain(report, url, timeoutMs, options.log);
      case "error":
        throw explain(report, url, timeoutMs, options.log);
    }
  }

  return {
    get launches() {
      return launches;
    },
    async status() {
      return !closed && (await executable()) && (await howToLaunch()).kind !== "refused" ? "available" : "unavailable";
    },
    async capture(input) {
      const url = parseTarget(input);
      if (closed) throw shutDown();
      if (!(await executable()))
        throw new ScreenshotError("unavailable", "Chromium is not installed where the server looks for it.");
      await turns.acquire();
      try {
        if (closed) throw shutDown();
        return await shoot(url);
      } finally {
        turns.release();
      }
    },
    async close() {
      closed = true;
      const runs = [...running];
      for (const run of runs) run.abort();
      await Promise.allSettled(runs.map((run) => run.done));
      const via = proxy;
      proxy = null;
      await via?.then((p) => p.close()).catch(() => {});
    },
  };
}

/** `work`, unless the deadline comes first. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number, tooSlow: () => ScreenshotError): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow()), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
    work.catch(() => {});
  }
}

/** The URL to capture, if it is a well-formed http(s) address. */
function parseTarget(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new ScreenshotError("bad-url", "That is not a valid URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ScreenshotError("bad-url", `Only http and https pages can be captured, not ${url.protocol}`);
  }
  return url;
}

/** Refuses, before the browser is involved, a URL whose host the proxy would not let through. */
async function vet(via: EgressProxy, url: URL): Promise<void> {
  const verdict = await via.verdict(url);
  if (verdict === "refused") throw forbidden(url);
  if (verdict === "not-found") throw new ScreenshotError("failed", `${url.hostname} could not be found.`);
}

function forbidden(url: URL): ScreenshotError {
  return new ScreenshotError("forbidden-address", `${url.host} is a private or local address, which is not visited.`);
}

/** A failure the worker reported, as a ScreenshotError whose message says what happened without the browser's internals. */
function explain(
  failure: { timeout: boolean; message: string },
  url: URL,
  timeoutMs: number,
  log: ScreenshotCapturerOptions["log"],
): ScreenshotError {
  if (failure.timeout) return new ScreenshotError("timeout", `${url.host} did not load within ${timeoutMs / 1000} s.`);
  const netError = /net::ERR_[A-Z_]+/.exec(failure.message)?.[0];
  if (netError) return new ScreenshotError("failed", `${url.host} could not be loaded (${netError}).`);
  log?.warn({ err: failure.message, url: url.href }, "screenshot failed");
  return new ScreenshotError("failed", `The screenshot of ${url.host} could not be taken.`);
}

/** At most `limit` holders at once; the others wait in turn. */
function semaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (active < limit) {
        active++;
        return;
      }
      // The releasing holder hands its place straight over, so `active` stays as it is.
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else active--;
    },
  };
}
