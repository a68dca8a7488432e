import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BUILD_ENTRY,
  BUILD_STARTED_FILE,
  buildFreshness,
  newestSource,
  NODE_ENTRY,
  SERVER_ARGS,
} from "./build-freshness.ts";

const T0 = Date.UTC(2026, 0, 1) / 1000;
let root: string;

/** Writes a file under the temp root with the given mtime (seconds after T0); folders get it too. */
function write(relative: string, at: number, content = "x"): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  setTime(relative, at);
}

/** Sets the mtime of a file and of every folder above it (up to the root) to T0 + `at` seconds. */
function setTime(relative: string, at: number): void {
  let current = relative;
  while (current !== ".") {
    fs.utimesSync(path.join(root, current), T0 + at, T0 + at);
    current = path.dirname(current);
  }
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "toolshelf-build-freshness-"));
  write("app/root.tsx", 0);
  write("core/tool.ts", 0);
  write("server/catalog/queries.ts", 0);
  write("vite.config.ts", 0);
  write("package-lock.json", 0);
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** Both halves of a build, written at `t`. */
function writeBuild(t: number) {
  write(BUILD_ENTRY, t);
  write(NODE_ENTRY, t);
}

describe("buildFreshness", () => {
  it("is missing without build/server/index.js", () => {
    expect(buildFreshness(root)).toEqual({ state: "missing" });
  });

  it("is missing without the compiled server, build/node/main.js", () => {
    write(BUILD_ENTRY, 10);
    expect(buildFreshness(root)).toEqual({ state: "missing" });
    write(NODE_ENTRY, 10);
    expect(buildFreshness(root)).toEqual({ state: "fresh" });
  });

  it("is fresh when the build is newer than every source", () => {
    writeBuild(10);
    expect(buildFreshness(root)).toEqual({ state: "fresh" });
  });

  it("is stale when a source under app/, core/ or server/ changed after the build", () => {
    writeBuild(10);
    write("server/catalog/queries.ts", 20);
    expect(buildFreshness(root)).toEqual({ state: "stale", newer: "server/catalog/queries.ts" });
  });

  it("is stale when a config file or the lock file changed after the build", () => {
    writeBuild(10);
    write("package-lock.json", 20);
    expect(buildFreshness(root)).toEqual({ state: "stale", newer: "package-lock.json" });
    writeBuild(30);
    write("vite.config.ts", 40);
    expect(buildFreshness(root)).toEqual({ state: "stale", newer: "vite.config.ts" });
  });

  it("is stale when a source was removed after the build (its folder changed)", () => {
    write("core/old.ts", 0);
    writeBuild(10);
    fs.rmSync(path.join(root, "core/old.ts"));
    setTime("core", 20);
    expect(buildFreshness(root)).toEqual({ state: "stale", newer: "core/" });
  });

  it("ignores tests: editing one needs no rebuild", () => {
    write("server/catalog/catalog.int.test.ts", 0);
    write("app/lib/x.test.ts", 0);
    writeBuild(10);
    fs.writeFileSync(path.join(root, "server/catalog/catalog.int.test.ts"), "edited");
    fs.utimesSync(path.join(root, "server/catalog/catalog.int.test.ts"), T0 + 20, T0 + 20);
    fs.utimesSync(path.join(root, "app/lib/x.test.ts"), T0 + 20, T0 + 20);
    expect(buildFreshness(root)).toEqual({ state: "fresh" });
  });

  it("dates the build by when it started, when scripts/build.ts recorded it", () => {
    // A source saved during the build (after it started, before it finished) may not be in it.
    writeBuild(30);
    write(BUILD_STARTED_FILE, 30, `${(T0 + 10) * 1000}\n`);
    write("app/root.tsx", 20);
    expect(buildFreshness(root)).toEqual({ state: "stale", newer: "app/root.tsx" });
    write("app/root.tsx", 5);
    expect(buildFreshness(root)).toEqual({ state: "fresh" });
  });
});

describe("newestSource", () => {
  it("names the newest file or folder among the sources, and only those", () => {
    write("docs/design.md", 50);
    write("app/routes/home.tsx", 40);
    setTime("app/routes", 0);
    expect(newestSource(root)).toEqual({ path: "app/routes/home.tsx", mtimeMs: (T0 + 40) * 1000 });
  });
});

describe("SERVER_ARGS", () => {
  it("are the arguments `npm start` runs the server with", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", "package.json"), "utf8")) as {
      scripts: { start: string };
    };
    expect(manifest.scripts.start).toContain(`node --env-file-if-exists=.env ${SERVER_ARGS.join(" ")}`);
  });
});
