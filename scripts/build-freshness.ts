// Whether build/ is older than what it is made from. Integration and browser tests run the
// production build; without this check a build older than the code passes or fails for the old
// code, silently.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Folders the build is made from. All of server/, not only what app/ imports: a file the build
 * does not use costs a needless rebuild, a file missed costs a stale build that passes.
 */
export const SOURCE_DIRS = ["app", "core", "server", "public"] as const;
/** Files at the root the build is made from. */
export const SOURCE_FILES = [
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
] as const;
/** The server build: what the tests start. */
export const BUILD_ENTRY = "build/server/index.js";
/** The Node server itself, compiled (what `npm start` runs). */
export const NODE_ENTRY = "build/node/main.js";
/**
 * How `npm start` runs it (package.json says the same; a test holds them together): plain Node,
 * no V8 flags, so tests and benchmarks measure what `npm start` runs. The memory settings an
 * operator may add are in the deployment configuration (docs/deploy.md, docs/decisions/035).
 */
export const SERVER_ARGS = [NODE_ENTRY] as const;
/** Written by scripts/build.ts after a build: when that build started (ms since the epoch). */
export const BUILD_STARTED_FILE = "build/.build-started";

// Tests are not part of the build, so editing one needs no rebuild.
const TEST_FILE = /\.(test|spec)\.tsx?$|\.test-support\.ts$/;

/** How build/ stands against its sources. */
export type BuildFreshness = { state: "missing" } | { state: "stale"; newer: string } | { state: "fresh" };

/**
 * The newest modification under the sources: files, and folders too, since removing or renaming
 * a file changes only its folder. Returns the path (relative to `root`) and its mtime.
 */
export function newestSource(root: string): { path: string; mtimeMs: number } | null {
  let newest: { path: string; mtimeMs: number } | null = null;
  // On a tie a file wins over its folder: it says better what changed.
  const consider = (relative: string, mtimeMs: number, isFile: boolean) => {
    if (!newest || mtimeMs > newest.mtimeMs || (isFile && mtimeMs === newest.mtimeMs))
      newest = { path: relative, mtimeMs };
  };
  const walk = (relative: string) => {
    const stat = fs.statSync(path.join(root, relative), { throwIfNoEntry: false });
    if (!stat) return;
    if (!stat.isDirectory()) {
      if (!TEST_FILE.test(relative)) consider(relative, stat.mtimeMs, true);
      return;
    }
    consider(`${relative}/`, stat.mtimeMs, false);
    for (const entry of fs.readdirSync(path.join(root, relative))) walk(`${relative}/${entry}`);
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  for (const file of SOURCE_FILES) walk(file);
  return newest;
}

/** When the build in `root` was made: the start of the build that wrote it, else its entry's mtime. */
function builtAt(root: string): number | null {
  const entry = fs.statSync(path.join(root, BUILD_ENTRY), { throwIfNoEntry: false });
  if (!entry || !fs.existsSync(path.join(root, NODE_ENTRY))) return null;
  // A source saved while the build ran may or may not be in it: only the start time is safe.
  let started = NaN;
  try {
    started = Number(fs.readFileSync(path.join(root, BUILD_STARTED_FILE), "utf8").trim());
  } catch {
    // A build from before the stamp existed: its entry's mtime is the best there is.
  }
  return Number.isFinite(started) && started > 0 ? started : entry.mtimeMs;
}

/** Whether `root`'s build is missing, older than one of its sources, or fresh. */
export function buildFreshness(root: string): BuildFreshness {
  const built = builtAt(root);
  if (built === null) return { state: "missing" };
  const newest = newestSource(root);
  if (newest && newest.mtimeMs > built) return { state: "stale", newer: newest.path };
  return { state: "fresh" };
}

/**
 * For test global setups: makes sure build/ is the build of the code as it is, by running
 * `scripts/build.ts --if-stale` when it is missing or older than a source; throws when that fails.
 */
export function ensureFreshBuild(root: string): void {
  const freshness = buildFreshness(root);
  if (freshness.state === "fresh") return;
  console.log(
    freshness.state === "missing"
      ? "No build at build/: building it (npm run build)…"
      : `build/ is older than ${freshness.newer}: rebuilding it (npm run build)…`,
  );
  const result = spawnSync(process.execPath, [path.join(root, "scripts/build.ts"), "--if-stale"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    throw new Error(
      "The tests run the production build, and build/ is missing or older than the code; rebuilding it failed. " +
        "Run `npm run build`, fix what it reports, and run the tests again.",
    );
  }
  const after = buildFreshness(root);
  if (after.state !== "fresh") {
    const why = after.state === "stale" ? `${after.newer} changed while it was built` : "it is still missing";
    throw new Error(`build/ was rebuilt but ${why}: run \`npm run build\` and the tests again.`);
  }
}
