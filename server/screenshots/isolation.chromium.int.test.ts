import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocal, type LocalServer } from "../../tests/support/listen.ts";
import {
  createScreenshotCapturer,
  ScreenshotError,
  type ScreenshotCapturer,
  type ScreenshotCapturerOptions,
} from "./capture.ts";

// How a capture runs (docs/decisions/016), seen from outside through /proc while the real system
// Chromium loads pages of a site on 127.0.0.1: in a worker process with none of the app's
// environment, Chromium as a user other than root and with its sandbox, a fresh profile each
// time, and nothing of it left once the capture is over, also when its time or memory ran out.

const CHROMIUM = "/usr/bin/chromium";
const ROOT = process.getuid?.() === 0;
/** A capability set with nothing in it, as /proc shows it. */
const NO_CAPS = "0000000000000000";
/** What a capturer says at its first capture when Chromium runs as the server's own user. */
const AS_IS_WARNING =
  "screenshots: Chromium runs as the server's own user, so a page that took it over could read what the server can (docs/deploy.md says how to give it a user of its own)";

/** Whether Chromium can have its sandbox here: user namespaces for the user it runs as. */
function sandboxWorksHere(): boolean {
  const probe = ROOT
    ? spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "--", "unshare", "--user", "true"])
    : spawnSync("unshare", ["--user", "true"]);
  return probe.status === 0;
}

// ——— The processes of this test's captures, as /proc shows them ———

interface Seen {
  pid: number;
  /** With the pid, tells this process from a later one that got the same number. */
  start: string;
  uid: number;
  /**
   * Its permitted, effective and ambient capability sets as /proc shows them (hex), or "in its own
   * user namespace" for a process whose capabilities count only there (Chromium's sandbox gives its
   * zygote CAP_SYS_ADMIN over nothing but its own namespaces).
   */
  caps: string[] | "in its own user namespace";
  cmdline: string;
  /** null when it could not be read. */
  environ: string[] | null;
}

const read = (file: string) => {
  try {
    return readFileSync(file, "latin1");
  } catch {
    return null;
  }
};

/** The user namespace a process is in ("" when it cannot be told). */
function userNamespace(pid: number | "self"): string {
  try {
    return readlinkSync(`/proc/${pid}/ns/user`);
  } catch {
    return "";
  }
}
const OWN_USER_NAMESPACE = userNamespace("self");

/** pid → [ppid, start time, state] of every process. */
function processes(): Map<number, { ppid: number; start: string; state: string }> {
  const all = new Map<number, { ppid: number; start: string; state: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    all.set(Number(entry), { state: fields[0]!, ppid: Number(fields[1]), start: fields[19]! });
  }
  return all;
}

/**
 * The processes of this test process's captures: its descendants, and whatever names the
 * directory of one of its captures (the worker's HOME) in its command line.
 */
function captureProcesses(): { pid: number; start: string }[] {
  const all = processes();
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of all) if (!mine.has(pid) && mine.has(ppid)) grew = Boolean(mine.add(pid));
  }
  mine.delete(process.pid);
  const dirs = [...mine]
    .map((pid) =>
      read(`/proc/${pid}/environ`)
        ?.split("\0")
        .find((entry) => entry.startsWith("HOME=") && entry.includes("toolshelf-capture-")),
    )
    .filter((home): home is string => Boolean(home))
    .map((home) => path.dirname(home.slice("HOME=".length)));
  if (dirs.length > 0) {
    for (const pid of all.keys()) {
      const cmdline = read(`/proc/${pid}/cmdline`) ?? "";
      if (dirs.some((dir) => cmdline.includes(dir))) mine.add(pid);
    }
  }
  return [...mine].filter((pid) => all.get(pid)!.state !== "Z").map((pid) => ({ pid, start: all.get(pid)!.start }));
}

/** Runs `work`, noting every process of the captures under way meanwhile (every 40 ms). */
async function watch<T>(work: () => Promise<T>): Promise<{ outcome: T | ScreenshotError; ms: number; seen: Seen[] }> {
  const seen = new Map<string, Seen>();
  const look = () => {
    for (const { pid, start } of captureProcesses()) {
      const cmdline = read(`/proc/${pid}/cmdline`)?.replaceAll("\0", " ");
      const status = read(`/proc/${pid}/status`) ?? "";
      const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
      if (uid === undefined || cmdline === undefined) continue; // gone meanwhile
      const nested = userNamespace(pid) !== OWN_USER_NAMESPACE;
      const caps = nested
        ? "in its own user namespace"
        : ["CapPrm", "CapEff", "CapAmb"].map((name) => new RegExp(`^${name}:\\s+(\\w+)`, "m").exec(status)?.[1] ?? "?");
      // A process is noted again when it runs another program (the browser process starts as
      // the script that switches users, then Chromium's launcher script, then Chromium).
      const key = `${pid}/${start}/${uid}/${cmdline.slice(0, 200)}`;
      if (seen.has(key)) continue;
      const environ = read(`/proc/${pid}/environ`);
      seen.set(key, {
        pid,
        start,
        uid: Number(uid),
        caps,
        cmdline,
        environ: environ === null ? null : environ.split("\0").filter(Boolean),
      });
    }
  };
  const timer = setInterval(look, 40);
  const started = Date.now();
  try {
    const outcome = await work().catch((error: unknown) => {
      if (error instanceof ScreenshotError) return error;
      throw error;
    });
    return { outcome, ms: Date.now() - started, seen: [...seen.values()] };
  } finally {
    clearInterval(timer);
  }
}

/** The processes that are still running (neither gone nor ended and waiting to be collected). */
function stillRunning(seen: readonly Seen[]): Seen[] {
  return seen.filter(({ pid, start }) => {
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) return false;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] === start && fields[0] !== "Z";
  });
}

const isWorker = (p: Seen) => p.cmdline.includes("screenshots/worker.ts");
const isChromium = (p: Seen) =>
  /chromium|chrome/.test(p.cmdline.split(" ")[0]!) && !p.cmdline.includes("chrome_crashpad_handler");
/** The browser process itself: the one Playwright started, whose children have a --type. */
const isBrowser = (p: Seen) =>
  isChromium(p) && p.cmdline.includes("--remote-debugging-pipe") && !p.cmdline.includes("--type=");
const profileOf = (p: Seen | undefined) => /--user-data-dir=(\S+)/.exec(p?.cmdline ?? "")?.[1];

// ——— The site ———

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0;background:#2a7">${body}</body></html>`;

describe("a capture's isolation", { timeout: 30_000 }, () => {
  let site: LocalServer;
  const visits: { cookie: string | undefined; report: Record<string, unknown> | null }[] = [];
  let releaseHold: () => void = () => {};
  let capturer: ScreenshotCapturer;
  const warnings: string[] = [];
  const log: ScreenshotCapturerOptions["log"] = { warn: (_obj, msg) => warnings.push(msg), info: () => {} };

  beforeAll(async () => {
    site = await listenLocal((req, res) => {
      const html = (body: string, headers: Record<string, string> = {}) =>
        res.writeHead(200, { "content-type": "text/html", ...headers }).end(body);
      if (req.url === "/slow") return void setTimeout(() => html(page("slow")), 1200);
      if (req.url === "/never") return; // never answers
      if (req.url === "/remember") {
        // Reports whether the browser brought the cookie, or had anything in localStorage, then
        // leaves both behind for the next visit; /hold.png is answered once the report is in.
        visits.push({ cookie: req.headers.cookie, report: null });
        return html(
          page(`<img src="/hold.png" alt="">
<script>
const stored = localStorage.getItem("visited");
localStorage.setItem("visited", "yes");
fetch("/report", { method: "POST", body: JSON.stringify({ stored, cookie: document.cookie }) });
</script>`),
          { "set-cookie": "visited=yes; Max-Age=3600; Path=/" },
        );
      }
      if (req.url === "/hold.png") {
        const held = new Promise<void>((resolve) => (releaseHold = resolve));
        return void held.then(() => res.writeHead(204).end());
      }
      if (req.url === "/report") {
        let body = "";
        req.on("data", (chunk: Buffer) => (body += chunk.toString()));
        req.on("end", () => {
          visits.at(-1)!.report = JSON.parse(body) as Record<string, unknown>;
          releaseHold();
          res.writeHead(204).end();
        });
        return;
      }
      if (req.url === "/hog") {
        // Memory without end: strings, kept.
        return html(
          page(`<script>const hoard = []; for (;;) hoard.push(Math.random().toString(36).repeat(40));</script>`),
        );
      }
      res.writeHead(404).end();
    });
    capturer = createScreenshotCapturer({
      chromiumPath: CHROMIUM,
      allow: [`127.0.0.1:${site.port}`],
      timeoutMs: 10_000,
      log,
    });
  });
  afterAll(async () => {
    await capturer?.close();
    await site?.close();
  });

  // One capture of a page that takes a while, watched from outside.
  let slow: Awaited<ReturnType<typeof watch>> | null = null;
  const SECRET = `s3cret-${Math.random().toString(36).slice(2)}`;
  async function slowCapture() {
    if (slow) return slow;
    process.env.TOOLSHELF_TEST_SECRET = SECRET;
    try {
      slow = await watch(() => capturer.capture(`http://127.0.0.1:${site.port}/slow`));
    } finally {
      delete process.env.TOOLSHELF_TEST_SECRET;
    }
    expect(slow.outcome).toBeInstanceOf(Buffer);
    return slow;
  }

  it("gives the worker and Chromium none of the app's environment", async () => {
    const { seen } = await slowCapture();
    for (const p of seen) {
      expect(p.environ?.join("\n") ?? "", `environment of ${p.cmdline.slice(0, 80)}`).not.toContain(SECRET);
      expect(p.environ?.join("\n") ?? "").not.toContain("TOOLSHELF_TEST_SECRET");
    }
    const worker = seen.find(isWorker);
    const browser = seen.find(isBrowser);
    expect(worker, "a worker process").toBeDefined();
    expect(browser, "a browser process").toBeDefined();
    // Both environments were read (it was not a matter of not being able to look).
    expect(worker!.environ).toEqual(expect.arrayContaining([expect.stringMatching(/^HOME=/)]));
    expect(browser!.environ).toEqual(expect.arrayContaining([expect.stringMatching(/^HOME=/)]));
    // The worker's is made from nothing: only these names (and Node's IPC channel).
    const names = worker!.environ!.map((entry) => entry.slice(0, entry.indexOf("=")));
    for (const name of names)
      expect([
        "PATH",
        "HOME",
        "TMPDIR",
        "LANG",
        "LC_ALL",
        "TZ",
        "NODE_CHANNEL_FD",
        "NODE_CHANNEL_SERIALIZATION_MODE",
      ]).toContain(name);
  });

  it("runs Chromium as a user other than root, with its sandbox where the machine allows it", async () => {
    const { seen } = await slowCapture();
    const chromium = seen.filter(isChromium);
    expect(
      chromium.some((p) => p.cmdline.includes("--type=renderer")),
      "a renderer was seen",
    ).toBe(true);
    for (const p of chromium) {
      expect(p.uid).not.toBe(0);
      if (ROOT) expect(p.uid).toBe(65534);
      else expect(p.uid).toBe(process.getuid!());
      // Nothing that would let it switch users, or do what root may, outside its sandbox.
      if (p.caps !== "in its own user namespace")
        expect(p.caps, p.cmdline.slice(0, 80)).toEqual([NO_CAPS, NO_CAPS, NO_CAPS]);
    }
    if (sandboxWorksHere()) {
      for (const p of chromium) expect(p.cmdline).not.toContain("--no-sandbox");
    }
  });

  it("gives every capture a fresh profile, removed afterwards", async () => {
    const first = await watch(() => capturer.capture(`http://127.0.0.1:${site.port}/remember`));
    const second = await watch(() => capturer.capture(`http://127.0.0.1:${site.port}/remember`));
    expect(first.outcome).toBeInstanceOf(Buffer);
    expect(second.outcome).toBeInstanceOf(Buffer);
    // The page did leave a cookie and localStorage behind, and the second capture had neither.
    expect(visits).toEqual([
      { cookie: undefined, report: { stored: null, cookie: "visited=yes" } },
      { cookie: undefined, report: { stored: null, cookie: "visited=yes" } },
    ]);
    const [one, two] = [first, second].map((watched) => profileOf(watched.seen.find(isBrowser)));
    expect(one).toBeTruthy();
    expect(two).toBeTruthy();
    expect(one).not.toBe(two);
    expect(existsSync(one!)).toBe(false);
    expect(existsSync(two!)).toBe(false);
  });

  it("stops a capture when its time is up, and leaves none of its processes behind", async () => {
    const quick = createScreenshotCapturer({
      chromiumPath: CHROMIUM,
      allow: [`127.0.0.1:${site.port}`],
      timeoutMs: 2000,
    });
    try {
      const { outcome, ms, seen } = await watch(() => quick.capture(`http://127.0.0.1:${site.port}/never`));
      expect(outcome).toBeInstanceOf(ScreenshotError);
      const error = outcome as ScreenshotError;
      expect([error.code, error.message]).toEqual(["timeout", `127.0.0.1:${site.port} did not load within 2 s.`]);
      expect(ms).toBeLessThan(2000 + 2000);
      expect(seen.filter(isChromium).length).toBeGreaterThan(0);
      expect(stillRunning(seen)).toEqual([]);
    } finally {
      await quick.close();
    }
  });

  it("stops a capture that uses more memory than allowed, and leaves none of its processes behind", async () => {
    const capped = createScreenshotCapturer({
      chromiumPath: CHROMIUM,
      allow: [`127.0.0.1:${site.port}`],
      timeoutMs: 15_000,
      memoryLimitMb: 600,
    });
    try {
      const { outcome, ms, seen } = await watch(() => capped.capture(`http://127.0.0.1:${site.port}/hog`));
      expect(outcome).toBeInstanceOf(ScreenshotError);
      const error = outcome as ScreenshotError;
      expect([error.code, error.message]).toEqual([
        "failed",
        `127.0.0.1:${site.port} used more than 600 MB of memory.`,
      ]);
      expect(ms).toBeLessThan(15_000);
      expect(seen.some((p) => p.cmdline.includes("--type=renderer"))).toBe(true);
      expect(stillRunning(seen)).toEqual([]);
    } finally {
      await capped.close();
    }
  });

  it("kills the captures under way when it is closed", async () => {
    const closing = createScreenshotCapturer({
      chromiumPath: CHROMIUM,
      allow: [`127.0.0.1:${site.port}`],
      timeoutMs: 15_000,
    });
    const { outcome, ms, seen } = await watch(async () => {
      const capture = closing.capture(`http://127.0.0.1:${site.port}/never`);
      // Once the page is being asked for (its browser is up), the server shuts down.
      for (let waited = 0; waited < 8000 && (waited < 1500 || captureProcesses().length === 0); waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await closing.close();
      return capture;
    });
    expect(outcome).toBeInstanceOf(ScreenshotError);
    expect((outcome as ScreenshotError).code).toBe("unavailable");
    expect(ms).toBeLessThan(10_000);
    expect(seen.length).toBeGreaterThan(0);
    expect(stillRunning(seen)).toEqual([]);
  });

  it("captures without the sandbox where Chromium cannot have one, and says so once", async () => {
    // A "Chromium" that, like the real one on a machine without user namespaces, refuses to
    // start with its sandbox.
    const dir = mkdtempSync(path.join(os.tmpdir(), "toolshelf-fake-chromium-"));
    chmodSync(dir, 0o755);
    const fake = path.join(dir, "chromium");
    writeFileSync(
      fake,
      `#!/bin/sh
case " $* " in *" --no-sandbox "*) exec ${CHROMIUM} "$@" ;; esac
echo "[1:1:0101/000000.000000:FATAL:zygote_host_impl_linux.cc(128)] No usable sandbox! If you want to live dangerously and need an immediate workaround, you can try using --no-sandbox." >&2
exit 1
`,
      { mode: 0o755 },
    );
    const said: { msg: string; obj: object }[] = [];
    const unsandboxed = createScreenshotCapturer({
      chromiumPath: fake,
      allow: [`127.0.0.1:${site.port}`],
      log: { warn: (obj, msg) => said.push({ obj, msg }) },
    });
    try {
      const { outcome, seen } = await watch(async () => {
        await unsandboxed.capture(`http://127.0.0.1:${site.port}/slow`);
        return unsandboxed.capture(`http://127.0.0.1:${site.port}/slow`);
      });
      expect(outcome).toBeInstanceOf(Buffer);
      // A browser per capture (told apart by its profile: a child the browser forks shows the
      // browser's command line until it runs its own program).
      expect(new Set(seen.filter(isBrowser).map(profileOf)).size).toBe(2);
      for (const p of seen.filter(isChromium)) expect(p.cmdline).toContain("--no-sandbox");
      expect(said).toEqual([
        {
          msg: "screenshots: Chromium cannot have its sandbox on this machine, so captures run with --no-sandbox (docs/decisions/016)",
          obj: expect.objectContaining({ sandbox: false, reason: expect.stringContaining("No usable sandbox") }),
        },
      ]);
      expect(unsandboxed.launches).toBe(1);
    } finally {
      await unsandboxed.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has said nothing worth a warning about the captures that went well, but that Chromium runs as the server's user where it does", () => {
    expect(warnings).toEqual(ROOT ? [] : [AS_IS_WARNING]);
  });
});

describe.runIf(ROOT)("a capture by a server that is not root but may switch users", { timeout: 60_000 }, () => {
  // The server's side as the Docker image and the systemd unit run it: a user of its own (uid
  // 4242 here) holding CAP_SETUID, CAP_SETGID and CAP_KILL (ambient), and nothing else; made
  // from this root process with setpriv, as the image's command does.
  const UID = 4242;
  let site: LocalServer;
  let dir: string;

  beforeAll(async () => {
    site = await listenLocal((req, res) => {
      if (req.url === "/slow")
        return void setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end(page("slow")), 1200);
      if (req.url === "/never") return; // never answers
      res.writeHead(404).end();
    });
    // Node and a script that captures, where that user can run them (Node may live under /root).
    dir = mkdtempSync(path.join(os.tmpdir(), "toolshelf-capable-"));
    chmodSync(dir, 0o755);
    const node = path.join(dir, "node");
    try {
      linkSync(process.execPath, node);
    } catch {
      copyFileSync(process.execPath, node);
    }
    writeFileSync(
      path.join(dir, "probe.mjs"),
      `import { createScreenshotCapturer } from ${JSON.stringify(path.resolve("server/screenshots/capture.ts"))};
const allow = [process.argv[2]];
const said = [];
const log = { warn: (obj, msg) => said.push(msg), info: () => {} };
const outcome = async (capturer, url) => {
  try {
    return (await capturer.capture(url)).length > 0 ? "shot" : "empty";
  } catch (error) {
    return error.code ?? String(error);
  } finally {
    await capturer.close();
  }
};
const slow = await outcome(createScreenshotCapturer({ chromiumPath: ${JSON.stringify(CHROMIUM)}, allow, timeoutMs: 10000, log }), "http://" + allow[0] + "/slow");
const never = await outcome(createScreenshotCapturer({ chromiumPath: ${JSON.stringify(CHROMIUM)}, allow, timeoutMs: 2000, log }), "http://" + allow[0] + "/never");
console.log(JSON.stringify({ uid: process.getuid(), slow, never, said }));
`,
      { mode: 0o644 },
    );
  });
  afterAll(async () => {
    await site?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("runs Chromium as another user with no capabilities, stops it when its time is up, and leaves nothing behind", async () => {
    let output = "";
    const { outcome, seen } = await watch(
      () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(
            "setpriv",
            [
              `--reuid=${UID}`,
              `--regid=${UID}`,
              "--clear-groups",
              "--inh-caps=-all,+setuid,+setgid,+kill",
              "--ambient-caps=-all,+setuid,+setgid,+kill",
              "--",
              path.join(dir, "node"),
              path.join(dir, "probe.mjs"),
              `127.0.0.1:${site.port}`,
            ],
            { env: { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: dir }, stdio: ["ignore", "pipe", "pipe"] },
          );
          child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.once("exit", (code) =>
            code === 0 ? resolve(output) : reject(new Error(`the probe ended with ${code}:\n${output}`)),
          );
        }),
    );
    expect(typeof outcome).toBe("string");
    const report = JSON.parse((outcome as string).trim().split("\n").at(-1)!) as {
      uid: number;
      slow: string;
      never: string;
      said: string[];
    };
    expect(report).toMatchObject({ uid: UID, slow: "shot", never: "timeout" });
    if (sandboxWorksHere()) expect(report.said).toEqual([]);
    else expect(report.said).not.toContain(AS_IS_WARNING);

    const chromium = seen.filter(isChromium);
    expect(
      chromium.some((p) => p.cmdline.includes("--type=renderer")),
      "a renderer was seen",
    ).toBe(true);
    // The browser process itself is in this namespace: what it holds, it holds over the machine.
    const browsers = chromium.filter(isBrowser);
    expect(browsers.length).toBeGreaterThan(0);
    for (const p of browsers) expect(p.caps).toEqual([NO_CAPS, NO_CAPS, NO_CAPS]);
    for (const p of chromium) {
      expect(p.uid, p.cmdline.slice(0, 80)).toBe(65534);
      if (p.caps !== "in its own user namespace")
        expect(p.caps, p.cmdline.slice(0, 80)).toEqual([NO_CAPS, NO_CAPS, NO_CAPS]);
    }
    // The worker is the server's user, and keeps what the switch needs.
    const workers = seen.filter(isWorker);
    expect(workers.length).toBeGreaterThan(0);
    for (const p of workers) expect(p.uid).toBe(UID);
    // Every process stopped, the one whose time ran out too (which needs CAP_KILL: it is another user's).
    expect(stillRunning(seen)).toEqual([]);
    // And each capture's directory removed, Chromium's home with it.
    const profiles = new Set(seen.filter(isBrowser).map(profileOf));
    expect(profiles.size).toBe(2);
    for (const profile of profiles) expect(existsSync(path.dirname(path.dirname(profile!)))).toBe(false);
  });
});
