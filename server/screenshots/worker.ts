import { chromium, errors, type BrowserContext } from "playwright-core";

// One capture, in a process of its own (docs/decisions/016): the app starts this script with an
// environment of its own making (none of the app's secrets) and sends it one CaptureJob; it
// launches Chromium with a profile made for this capture, loads the page, and sends back the PNG
// or what went wrong, then closes the browser and ends. The app decides what the outcome means
// (it alone knows which addresses its proxy refuses) and kills everything here if the time or
// the memory runs out, or if it goes away itself.
//
// Run by plain Node (type stripping): only Node's own modules and playwright-core.

export interface CaptureJob {
  url: string;
  /** Chromium, or the script that starts it as another user. */
  executablePath: string;
  /** Chromium's switches; the sandbox is decided by `sandbox`. */
  args: string[];
  /** Chromium's whole environment. */
  env: Record<string, string>;
  /** An empty directory Chromium can write to: the capture's profile. */
  profileDir: string;
  /** "auto": with the sandbox, and without it if Chromium cannot have one here. */
  sandbox: "on" | "off" | "auto";
  /** When the capture's time is up (ms since the epoch). */
  deadline: number;
  /** After "load", for late scripts, fonts and first animations. */
  settleMs: number;
  viewport: { width: number; height: number };
}

export type WorkerReport =
  /** Chromium is up: whether with its sandbox, and if not, why. */
  | { kind: "launched"; sandbox: boolean; sandboxError?: string }
  | { kind: "shot"; png: Uint8Array }
  /** The page answered with an HTTP error; `url` is where the last hop went. */
  | { kind: "status"; status: number; url: string }
  /** The page did not load; `lastHop` is where the main document was last asked for. */
  | { kind: "navigation-failed"; timeout: boolean; message: string; lastHop: string }
  | { kind: "launch-failed"; message: string }
  | { kind: "error"; timeout: boolean; message: string };

// What Chromium says when it cannot sandbox itself: no user namespaces (and no setuid helper),
// or run as root.
const NO_SANDBOX = /No usable sandbox|without --no-sandbox/;

function send(report: WorkerReport): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(report, undefined, {}, () => resolve());
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function launch(job: CaptureJob, left: () => number) {
  const start = (sandbox: boolean) =>
    chromium.launchPersistentContext(job.profileDir, {
      executablePath: job.executablePath,
      args: job.args,
      env: job.env,
      // Without this Playwright adds --no-sandbox.
      chromiumSandbox: sandbox,
      timeout: left(),
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      viewport: job.viewport,
      acceptDownloads: false,
      serviceWorkers: "block",
      javaScriptEnabled: true,
    });
  if (job.sandbox !== "auto") {
    const sandbox = job.sandbox === "on";
    return { context: await start(sandbox), sandbox };
  }
  try {
    return { context: await start(true), sandbox: true };
  } catch (error) {
    const message = messageOf(error);
    const line = message.split("\n").find((text) => NO_SANDBOX.test(text));
    if (!line) throw error;
    return { context: await start(false), sandbox: false, sandboxError: line.replace(/^.*?\]\s*/, "").slice(0, 300) };
  }
}

async function visit(context: BrowserContext, job: CaptureJob, left: () => number): Promise<WorkerReport> {
  const page = context.pages()[0] ?? (await context.newPage());
  let lastHop = job.url;
  page.on("request", (request) => {
    try {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) lastHop = request.url();
    } catch {
      // A service worker's request has no frame (and service workers are blocked anyway).
    }
  });
  let response;
  try {
    response = await page.goto(job.url, { waitUntil: "load", timeout: left() });
  } catch (error) {
    return {
      kind: "navigation-failed",
      timeout: error instanceof errors.TimeoutError,
      message: messageOf(error),
      lastHop,
    };
  }
  if (response && response.status() >= 400) return { kind: "status", status: response.status(), url: response.url() };
  await page.waitForTimeout(Math.min(job.settleMs, left()));
  return { kind: "shot", png: await page.screenshot({ type: "png", timeout: left() }) };
}

async function run(job: CaptureJob): Promise<void> {
  const left = () => Math.max(1, job.deadline - Date.now());
  let context: BrowserContext | undefined;
  try {
    let launched: Awaited<ReturnType<typeof launch>>;
    try {
      launched = await launch(job, left);
    } catch (error) {
      // Out of time while it started (a slow machine): the capture's time is up, not the browser broken.
      if (error instanceof errors.TimeoutError) await send({ kind: "error", timeout: true, message: messageOf(error) });
      else await send({ kind: "launch-failed", message: messageOf(error) });
      return;
    }
    context = launched.context;
    await send({ kind: "launched", sandbox: launched.sandbox, sandboxError: launched.sandboxError });
    await send(await visit(context, job, left));
  } catch (error) {
    await send({ kind: "error", timeout: error instanceof errors.TimeoutError, message: messageOf(error) });
  } finally {
    // Closing lets Chromium end its own processes (and collect them) before this one ends.
    await context?.close().catch(() => {});
    process.exit(0);
  }
}

// The app gone (or done with this capture): nothing here is of use any more.
process.once("disconnect", () => process.exit(0));
process.once("message", (job: CaptureJob) => void run(job));
