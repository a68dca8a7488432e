// `npm run build`: the production bundle (React Router: server build + hashed browser assets), and
// the Node server compiled to one JavaScript module (build/node/main.js: no type stripping at run
// time, which costs the running server some 26 MB; docs/decisions/023).
// With --if-missing (used by `npm start`) it only builds when there is no build yet; with
// --if-stale (used by the tests' global setups) only when there is none or it is older than the
// code (scripts/build-freshness.ts). One build at a time per checkout: a second waits for the
// first (several people share one tree), then builds only if it still needs to.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";
import { isProcessAlive } from "../server/platform/ops/pid.ts";
import { BUILD_ENTRY, BUILD_STARTED_FILE, buildFreshness, NODE_ENTRY } from "./build-freshness.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LOCK = path.join(root, "node_modules/.cache/toolshelf-build.lock");

const needed = () =>
  process.argv.includes("--if-missing")
    ? !fs.existsSync(path.join(root, BUILD_ENTRY)) || !fs.existsSync(path.join(root, NODE_ENTRY))
    : process.argv.includes("--if-stale")
      ? buildFreshness(root).state !== "fresh"
      : true;

/** Takes the build lock (a folder holding the owner's pid), waiting while a live process holds it. */
function lock(): void {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  let waited = false;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, "pid"), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = lockOwner();
    const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    // Left behind by a build that was killed: the owner is gone (or never wrote its pid in 10 s).
    if (Number.isInteger(owner) ? !isProcessAlive(owner) : age > 10_000) {
      fs.rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (!waited) console.log(`another build is running (pid ${owner}): waiting for it…`);
    waited = true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
}

/** The pid in the lock, or NaN while its owner has not written it yet (or the lock just went). */
function lockOwner(): number {
  try {
    return Number(fs.readFileSync(path.join(LOCK, "pid"), "utf8") || NaN);
  } catch {
    return NaN;
  }
}

if (!needed()) process.exit(0);
lock();
try {
  // The build that held the lock may have made this one needless.
  if (needed()) {
    const started = Date.now();
    const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) process.exitCode = result.status ?? 1;
    else {
      await buildNodeServer();
      fs.writeFileSync(path.join(root, BUILD_STARTED_FILE), `${started}\n`);
      console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
} finally {
  fs.rmSync(LOCK, { recursive: true, force: true });
}

/** server/main.ts and what it imports from the project, in one module; packages stay imports. */
async function buildNodeServer(): Promise<void> {
  const bundle = await rolldown({
    input: path.join(root, "server/main.ts"),
    platform: "node",
    // Packages are loaded from node_modules as usual (some only when first needed: server/platform/lazy-imports.ts).
    external: (id) => !id.startsWith(".") && !path.isAbsolute(id) && !id.startsWith("\0"),
    logLevel: "warn",
  });
  try {
    await bundle.write({ file: path.join(root, NODE_ENTRY), format: "esm", sourcemap: true });
  } finally {
    await bundle.close();
  }
  // The tool images' font, read beside the module that draws them (server/og/render.ts): beside the bundle too.
  fs.cpSync(path.join(root, "server/og/fonts"), path.join(root, path.dirname(NODE_ENTRY), "fonts"), {
    recursive: true,
  });
}
