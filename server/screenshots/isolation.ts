import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { access, chmod, constants, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// Where and as whom a capture's Chromium runs (docs/decisions/016): a directory of its own under
// the system's temporary directory, and another user (nobody unless told otherwise), switched to
// by setpriv(1) from util-linux — when the app runs as root, or holds the capabilities to switch
// users (CAP_SETUID and CAP_SETGID, inheritable to what it starts, and CAP_KILL to stop the
// browser's processes): the Docker image and the systemd unit give it those, and nothing else.

/** A user and group by number: they need not have a name. */
export interface RunAs {
  uid: number;
  gid: number;
}

export const NOBODY: RunAs = { uid: 65534, gid: 65534 };

/** How Chromium is started here. */
export type Launcher =
  /** As the app's own user, which is not root and cannot switch users: `reason` says why. */
  | { kind: "as-is"; uid: number; reason: string }
  /** Through setpriv, as `runAs`: the app is root, or holds the capabilities to switch users. */
  | { kind: "setpriv"; setpriv: string; runAs: RunAs; via: "root" | "capabilities" }
  /** The app is root and nothing can switch users: Chromium is not run at all. */
  | { kind: "refused"; reason: string };

/** Linux capabilities by bit (capability.h). */
const CAP_KILL = 5;
const CAP_SETGID = 6;
const CAP_SETUID = 7;
const bit = (cap: number) => 1n << BigInt(cap);
/** What switching users needs inherited by setpriv (ambient: kept across the execs on the way), and what stopping the browser's processes needs here. */
const SWITCH = bit(CAP_SETUID) | bit(CAP_SETGID);
const SWITCH_AND_KILL = SWITCH | bit(CAP_KILL);

/** This process's effective and ambient capability sets (/proc/self/status), or null where they cannot be read. */
export function ownCapabilities(): { effective: bigint; ambient: bigint } | null {
  try {
    const status = readFileSync("/proc/self/status", "latin1");
    const set = (name: string) => BigInt(`0x${new RegExp(`^${name}:\\s*([0-9a-f]+)$`, "m").exec(status)![1]}`);
    return { effective: set("CapEff"), ambient: set("CapAmb") };
  } catch {
    return null;
  }
}

/** What decides how Chromium is started: who the app runs as, what it may do, and where setpriv is. */
export interface LaunchFacts {
  uid: number;
  capabilities: { effective: bigint; ambient: bigint } | null;
  /** setpriv's path, or null when it is not installed. */
  setpriv: string | null;
}

/**
 * How Chromium is started, given the facts: as `runAs` through setpriv when the app is root or
 * may switch users (CAP_SETUID, CAP_SETGID and CAP_KILL effective, the first two ambient so that
 * setpriv, started through the worker and a shell, still has them); as the app's own user
 * otherwise, saying why; never as root.
 */
export function chooseLauncher(facts: LaunchFacts, runAs: RunAs = NOBODY): Launcher {
  if (facts.uid === 0) {
    if (facts.setpriv) return { kind: "setpriv", setpriv: facts.setpriv, runAs, via: "root" };
    return {
      kind: "refused",
      reason: "the server runs as root and setpriv (util-linux) is not installed to run Chromium as another user",
    };
  }
  if (facts.uid === runAs.uid)
    return { kind: "as-is", uid: facts.uid, reason: `the server itself runs as the capture user (uid ${runAs.uid})` };
  const caps = facts.capabilities;
  const capable =
    caps !== null && (caps.effective & SWITCH_AND_KILL) === SWITCH_AND_KILL && (caps.ambient & SWITCH) === SWITCH;
  if (!capable)
    return {
      kind: "as-is",
      uid: facts.uid,
      reason: `the server runs as uid ${facts.uid} without the capabilities to switch users (CAP_SETUID, CAP_SETGID and CAP_KILL, the first two ambient)`,
    };
  if (!facts.setpriv)
    return {
      kind: "as-is",
      uid: facts.uid,
      reason: "setpriv (util-linux) is not installed to run Chromium as another user",
    };
  return { kind: "setpriv", setpriv: facts.setpriv, runAs, via: "capabilities" };
}

const SETPRIV_PLACES = ["/usr/bin/setpriv", "/bin/setpriv", "/usr/sbin/setpriv", "/sbin/setpriv"];

/** How Chromium can be started on this machine. */
export async function findLauncher(runAs: RunAs = NOBODY): Promise<Launcher> {
  let setpriv: string | null = null;
  for (const place of SETPRIV_PLACES) {
    if (
      await access(place, constants.X_OK).then(
        () => true,
        () => false,
      )
    ) {
      setpriv = place;
      break;
    }
  }
  return chooseLauncher({ uid: process.getuid?.() ?? -1, capabilities: ownCapabilities(), setpriv }, runAs);
}

/**
 * setpriv's switches to become `runAs` with no capability at all: the groups cleared, the
 * inheritable and ambient sets emptied (a user switch from one non-root user to another keeps
 * them, and Chromium would start with CAP_SETUID), and no way to gain privileges again.
 */
function switchTo(launcher: Extract<Launcher, { kind: "setpriv" }>, gid = launcher.runAs.gid): string[] {
  return [
    `--reuid=${launcher.runAs.uid}`,
    `--regid=${gid}`,
    "--clear-groups",
    "--inh-caps=-all",
    "--ambient-caps=-all",
    "--no-new-privs",
    "--",
  ];
}

const run = promisify(execFile);
const PATH = "/usr/local/bin:/usr/bin:/bin";

/** Runs a command as Chromium's user (making and emptying its home: what the app's user may not do in it). */
async function asChromiumUser(
  launcher: Extract<Launcher, { kind: "setpriv" }>,
  command: string[],
  gid?: number,
): Promise<void> {
  await run(launcher.setpriv, [...switchTo(launcher, gid), ...command], { timeout: 10_000, env: { PATH } });
}

/** One capture's directory, removed with everything in it when the capture is over. */
export interface CaptureDir {
  root: string;
  /** The worker's home and temporary directory (the app's user only). */
  worker: string;
  /** Chromium's home and temporary directory, which holds its profile; Chromium's user's (only passed through by others). */
  home: string;
  profile: string;
  /** What the worker gives Playwright to start: Chromium, or the script that switches users first. */
  executable: string;
  remove(): Promise<void>;
}

// Named after the app's process, so that what a process that died left behind can be told apart.
const PREFIX = "toolshelf-capture-";

/** Makes a capture's directory, for Chromium started by `launcher`. */
export async function makeCaptureDir(launcher: Launcher, chromiumPath: string): Promise<CaptureDir> {
  const root = await mkdtemp(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
  const remove = () => removeCaptureDir(root, launcher);
  try {
    const dir = { root, worker: path.join(root, "worker"), home: path.join(root, "home"), remove };
    const profile = path.join(dir.home, "profile");
    await mkdir(dir.worker, { mode: 0o700 });
    let executable = chromiumPath;
    if (launcher.kind === "setpriv") {
      // Outside what that user can write to: this script runs as the app's user. Playwright
      // talks to Chromium over inherited pipes (fds 3 and 4), which both execs keep.
      executable = path.join(root, "chromium");
      await writeFile(
        executable,
        `#!/bin/sh\nexec ${[launcher.setpriv, ...switchTo(launcher), chromiumPath].map(quote).join(" ")} "$@"\n`,
        { mode: 0o700 },
      );
      // Chromium's user makes its own home: it is theirs without a chown, which only root may do.
      // Meanwhile the root lets in the app's group (whose id that command runs with), then only
      // passes the other user through to it.
      // The home lets the worker pass through to the profile (Playwright makes sure it exists) and
      // no further.
      await chmod(root, 0o730);
      await asChromiumUser(launcher, ["mkdir", "-m", "711", dir.home], process.getgid?.());
      await chmod(root, 0o711);
      await asChromiumUser(launcher, ["mkdir", "-m", "700", profile]);
    } else {
      await chmod(root, 0o711);
      await mkdir(dir.home, { mode: 0o700 });
      await mkdir(profile, { mode: 0o700 });
    }
    return { ...dir, profile, executable };
  } catch (error) {
    await remove().catch(() => {});
    throw error;
  }
}

/**
 * Removes a capture's directory: what Chromium's user left in its home is removed as that user
 * (the app's user may not, unless it is root), then the rest.
 */
async function removeCaptureDir(root: string, launcher: Launcher): Promise<void> {
  const home = path.join(root, "home");
  const owner = await stat(home).then(
    (info) => info.uid,
    () => null,
  );
  try {
    if (launcher.kind === "setpriv" && owner === launcher.runAs.uid && owner !== process.getuid?.()) {
      // That user passes through the root only while it is 0711 (a capture may have failed before).
      await chmod(root, 0o711);
      await asChromiumUser(launcher, ["find", home, "-mindepth", "1", "-delete"]);
    }
  } finally {
    await rm(root, { recursive: true, force: true, maxRetries: 2 });
  }
}

/** Removes the capture directories that processes which are no longer running left behind (killed mid-capture). */
export async function removeLeftovers(launcher: Launcher): Promise<void> {
  const names = await readdir(os.tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    await removeCaptureDir(path.join(os.tmpdir(), name), launcher).catch(() => {});
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // someone else's, and running
  }
}

/** Harmless settings of the app's environment that pages may notice (language, time zone). */
function locale(): Record<string, string> {
  const kept: Record<string, string> = { LANG: process.env.LANG || "C.UTF-8" };
  for (const name of ["LC_ALL", "TZ"]) {
    const value = process.env[name];
    if (value) kept[name] = value;
  }
  return kept;
}

/** The worker's whole environment: nothing of the app's but its locale. */
export function workerEnv(dir: CaptureDir): Record<string, string> {
  return { PATH, HOME: dir.worker, TMPDIR: dir.worker, ...locale() };
}

/** Chromium's whole environment: its home (and temporary files) in the capture's directory. */
export function chromiumEnv(dir: CaptureDir): Record<string, string> {
  return {
    PATH,
    HOME: dir.home,
    TMPDIR: dir.home,
    XDG_CONFIG_HOME: path.join(dir.home, ".config"),
    XDG_CACHE_HOME: path.join(dir.home, ".cache"),
    ...locale(),
  };
}

/** `text` as one shell word. */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
