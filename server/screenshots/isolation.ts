import { access, chmod, chown, constants, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

// Where and as whom a capture's Chromium runs (docs/decisions/016): a directory of its own under
// the system's temporary directory, and, when the app runs as root, another user (nobody unless
// told otherwise), switched to by setpriv(1) from util-linux.

/** A user and group by number: they need not have a name. */
export interface RunAs {
  uid: number;
  gid: number;
}

export const NOBODY: RunAs = { uid: 65534, gid: 65534 };

/** How Chromium is started here. */
export type Launcher =
  /** As the app's own user (which is not root). */
  | { kind: "as-is"; uid: number }
  /** The app is root: through setpriv, as `runAs`. */
  | { kind: "setpriv"; setpriv: string; runAs: RunAs }
  /** The app is root and nothing can switch users: Chromium is not run at all. */
  | { kind: "refused"; reason: string };

const SETPRIV_PLACES = ["/usr/bin/setpriv", "/bin/setpriv", "/usr/sbin/setpriv", "/sbin/setpriv"];

/** How Chromium can be started on this machine. */
export async function findLauncher(runAs: RunAs = NOBODY): Promise<Launcher> {
  const uid = process.getuid?.() ?? -1;
  if (uid !== 0) return { kind: "as-is", uid };
  for (const place of SETPRIV_PLACES) {
    if (await access(place, constants.X_OK).then(() => true, () => false)) return { kind: "setpriv", setpriv: place, runAs };
  }
  return { kind: "refused", reason: "the server runs as root and setpriv (util-linux) is not installed to run Chromium as another user" };
}

/** One capture's directory, removed with everything in it when the capture is over. */
export interface CaptureDir {
  root: string;
  /** The worker's home and temporary directory (the app's user only). */
  worker: string;
  /** Chromium's home and temporary directory, which holds its profile; owned by Chromium's user. */
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
  const remove = () => rm(root, { recursive: true, force: true, maxRetries: 2 });
  try {
    // The root stays the app's; the other user may only pass through it to its home.
    await chmod(root, 0o711);
    const dir = { root, worker: path.join(root, "worker"), home: path.join(root, "home"), remove };
    const profile = path.join(dir.home, "profile");
    await mkdir(dir.worker, { mode: 0o700 });
    await mkdir(dir.home, { mode: 0o700 });
    await mkdir(profile, { mode: 0o700 });
    let executable = chromiumPath;
    if (launcher.kind === "setpriv") {
      const { uid, gid } = launcher.runAs;
      await chown(dir.home, uid, gid);
      await chown(profile, uid, gid);
      // Outside what that user can write to: this script runs as root. Playwright talks to Chromium
      // over inherited pipes (fds 3 and 4), which both execs keep.
      executable = path.join(root, "chromium");
      await writeFile(
        executable,
        `#!/bin/sh\nexec ${quote(launcher.setpriv)} --reuid=${uid} --regid=${gid} --clear-groups --no-new-privs -- ${quote(chromiumPath)} "$@"\n`,
        { mode: 0o700 },
      );
    }
    return { ...dir, profile, executable };
  } catch (error) {
    await remove().catch(() => {});
    throw error;
  }
}

/** Removes the capture directories that processes which are no longer running left behind (killed mid-capture). */
export async function removeLeftovers(): Promise<void> {
  const names = await readdir(os.tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    await rm(path.join(os.tmpdir(), name), { recursive: true, force: true }).catch(() => {});
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

const PATH = "/usr/local/bin:/usr/bin:/bin";

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
