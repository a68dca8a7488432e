import type dns from "node:dns";
import { access, constants } from "node:fs/promises";
import { chromium, errors, type Browser, type BrowserContext } from "playwright-core";
import sharp from "sharp";
import { CHROMIUM_BASE_ARGS } from "./chromium.ts";
import { startEgressProxy, type EgressProxy } from "./proxy.ts";

/** Why a screenshot was not taken. */
export type ScreenshotErrorCode = "unavailable" | "forbidden-address" | "bad-url" | "timeout" | "failed";

/** A screenshot that could not be taken; the message is fit to show an admin. */
export class ScreenshotError extends Error {
  readonly code: ScreenshotErrorCode;
  constructor(code: ScreenshotErrorCode, message: string) {
    super(message);
    this.name = "ScreenshotError";
    this.code = code;
  }
}

export interface ScreenshotCapturerOptions {
  /** The Chromium executable (the system's); a browser is never downloaded. */
  chromiumPath: string;
  /** `host:port` pairs reachable whatever they resolve to (tests' fakes on 127.0.0.1): OUTBOUND_ALLOW. */
  allow?: readonly string[];
  /** For a whole capture, from the moment it has its turn: launch, lookup, load, settle, screenshot. */
  timeoutMs?: number;
  /** Captures at once; more wait for their turn. */
  concurrency?: number;
  /** The DNS lookup; the system's unless a test gives its own. */
  lookup?: typeof dns.lookup;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}

export interface ScreenshotCapturer {
  /** "available" when the Chromium executable is there to be run. */
  status(): Promise<"available" | "unavailable">;
  /** A 1280×800 WebP of the page at `url`, as a visitor's browser would first show it. */
  capture(url: string): Promise<Buffer>;
  /** Closes the browser and the proxy; captures after this are refused. */
  close(): Promise<void>;
  /** How many times the browser has been launched (once, unless it crashed). */
  readonly launches: number;
}

const WIDTH = 1280;
const HEIGHT = 800;
// After "load": time for late scripts, web fonts and first animations to paint.
const SETTLE_MS = 500;

const CHROMIUM_ARGS = [
  ...CHROMIUM_BASE_ARGS,
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

/** Takes screenshots of users' sites with the system Chromium, every request of which goes through the checking proxy. */
export function createScreenshotCapturer(options: ScreenshotCapturerOptions): ScreenshotCapturer {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const turns = semaphore(Math.max(1, Math.floor(options.concurrency ?? 2) || 1));
  let proxy: Promise<EgressProxy> | null = null;
  let browser: Promise<Browser> | null = null;
  let launches = 0;
  let closed = false;

  const executable = () =>
    access(options.chromiumPath, constants.X_OK).then(
      () => true,
      () => false,
    );

  const shutDown = () => new ScreenshotError("unavailable", "The screenshot service has been shut down.");

  function egress(): Promise<EgressProxy> {
    if (closed) throw shutDown();
    proxy ??= startEgressProxy({ allow: options.allow, lookup: options.lookup });
    return proxy;
  }

  // One browser for every capture, launched on first use and again if it has gone away.
  function launch(via: EgressProxy): Promise<Browser> {
    if (closed) throw shutDown();
    if (browser) return browser;
    launches++;
    const launching: Promise<Browser> = chromium
      .launch({
        executablePath: options.chromiumPath,
        args: [...CHROMIUM_ARGS, `--proxy-server=${via.url}`],
        timeout: timeoutMs,
        // The server's own shutdown calls close(); Playwright's handlers would race it.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      })
      .then(
        (started) => {
          options.log?.info?.({ launches }, "screenshot browser started");
          started.on("disconnected", () => {
            if (browser === launching) browser = null;
            if (!closed) options.log?.warn({}, "screenshot browser went away; the next capture starts another");
          });
          return started;
        },
        (error: unknown) => {
          if (browser === launching) browser = null;
          options.log?.warn({ err: String(error) }, "screenshot browser did not start");
          throw new ScreenshotError("unavailable", "The browser for screenshots could not be started.");
        },
      );
    browser = launching;
    return launching;
  }

  /** One capture within the time limit; its browser context is closed however it ends. */
  async function shoot(url: URL): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    const tooSlow = () => new ScreenshotError("timeout", `${url.host} did not load within ${timeoutMs / 1000} s.`);
    const state: { context?: BrowserContext; over?: boolean } = {};
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(tooSlow()), timeoutMs);
    });
    const work = (async () => {
      const via = await egress();
      await vet(via, url);
      const context = await (await launch(via)).newContext({
        viewport: { width: WIDTH, height: HEIGHT },
        acceptDownloads: false,
        serviceWorkers: "block",
        javaScriptEnabled: true,
      });
      if (state.over) {
        // The time ran out while it opened: nobody else will close it.
        await context.close();
        throw tooSlow();
      }
      state.context = context;
      return visit(context, url, via, () => Math.max(1, deadline - Date.now()));
    })();

    try {
      return await Promise.race([work, expired]);
    } catch (error) {
      throw explain(error, url, timeoutMs, options.log);
    } finally {
      state.over = true;
      clearTimeout(timer);
      // Once the race is over, a late failure of the abandoned work is of no interest.
      work.catch(() => {});
      // Closing the context also stops whatever the abandoned work was still waiting for.
      await state.context?.close().catch(() => {});
    }
  }

  return {
    get launches() {
      return launches;
    },
    async status() {
      return !closed && (await executable()) ? "available" : "unavailable";
    },
    async capture(input) {
      const url = parseTarget(input);
      if (closed) throw shutDown();
      if (!(await executable())) throw new ScreenshotError("unavailable", "Chromium is not installed where the server looks for it.");
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
      const [started, via] = [browser, proxy];
      browser = proxy = null;
      await started?.then((b) => b.close()).catch(() => {});
      await via?.then((p) => p.close()).catch(() => {});
    },
  };
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

/** Loads the page and screenshots it, as WebP. */
async function visit(context: BrowserContext, url: URL, via: EgressProxy, left: () => number): Promise<Buffer> {
  const page = await context.newPage();
  // Where the main document was last asked for: a redirect the proxy refused must not pass for a broken site.
  let lastHop = url.href;
  page.on("request", (request) => {
    try {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) lastHop = request.url();
    } catch {
      // A service worker's request has no frame (and service workers are blocked anyway).
    }
  });
  const refused = async (href: string) => {
    try {
      return (await via.verdict(new URL(href))) === "refused";
    } catch {
      return false;
    }
  };
  const response = await page.goto(url.href, { waitUntil: "load", timeout: left() }).catch(async (error: unknown) => {
    // An https hop the proxy refused ends the navigation with a tunnel error.
    if (!(error instanceof errors.TimeoutError) && (await refused(lastHop))) throw forbidden(new URL(lastHop));
    throw error;
  });
  if (response && response.status() >= 400) {
    // A plain http hop the proxy refused comes back as its 403.
    if (await refused(response.url())) throw forbidden(new URL(response.url()));
    throw new ScreenshotError("failed", `${url.host} answered with HTTP ${response.status()}.`);
  }
  await page.waitForTimeout(Math.min(SETTLE_MS, left()));
  const png = await page.screenshot({ type: "png", timeout: left() });
  return sharp(png).resize(WIDTH, HEIGHT, { fit: "cover", position: "top" }).webp({ quality: 80 }).toBuffer();
}

function forbidden(url: URL): ScreenshotError {
  return new ScreenshotError("forbidden-address", `${url.host} is a private or local address, which is not visited.`);
}

/** A failure as a ScreenshotError whose message says what happened without the browser's internals. */
function explain(error: unknown, url: URL, timeoutMs: number, log: ScreenshotCapturerOptions["log"]): ScreenshotError {
  if (error instanceof ScreenshotError) return error;
  if (error instanceof errors.TimeoutError) return new ScreenshotError("timeout", `${url.host} did not load within ${timeoutMs / 1000} s.`);
  const message = error instanceof Error ? error.message : String(error);
  const netError = /net::ERR_[A-Z_]+/.exec(message)?.[0];
  if (netError) return new ScreenshotError("failed", `${url.host} could not be loaded (${netError}).`);
  log?.warn({ err: message, url: url.href }, "screenshot failed");
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
