import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../config.ts";
import { BackupError, entryProblem, occupiedTarget, restoreBackup, unsupportedSetup } from "./backup.ts";

// The checks a restore makes before it puts anything in place. Archives here are real .tar.gz
// files built in a temporary folder; none gets as far as a database.

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "toolshelf-restore-checks-"));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

let folders = 0;
/** A new folder under the work folder, with `files` (path → content) written in it. */
function folder(files: Record<string, string> = {}): string {
  const dir = path.join(work, `f${++folders}`);
  fs.mkdirSync(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** The local setup's configuration for a data folder. */
function localConfig(dataDir: string): Pick<Config, "database" | "storage" | "dataDir"> {
  return {
    dataDir,
    database: { engine: "sqlite", file: path.join(dataDir, "toolshelf.db") },
    storage: { kind: "disk", root: path.join(dataDir, "uploads") },
  };
}

const MANIFEST = JSON.stringify({
  format: "toolshelf-backup",
  formatVersion: 1,
  createdAt: "2026-11-26T07:00:00.000Z",
  appVersion: "0.1.0",
  migration: null,
  database: "toolshelf.db",
  uploads: 0,
});

/** A .tar.gz of `entries` (paths relative to `cwd`), kept as given (`..` included). */
async function archiveOf(cwd: string, entries: string[]): Promise<string> {
  const file = path.join(work, `a${++folders}.tar.gz`);
  await tar.c({ file, cwd, gzip: true, portable: true, preservePaths: true }, entries);
  return file;
}

async function refusal(promise: Promise<unknown>): Promise<BackupError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return error as BackupError;
}

describe("entryProblem", () => {
  it.each([
    ["manifest.json", "File"],
    ["toolshelf.db", "File"],
    ["uploads/", "Directory"],
    ["uploads/logos/", "Directory"],
    ["uploads/logos/tool_1_logo-abc1234.webp", "File"],
    ["uploads/screenshots/a..b.webp", "File"],
  ])("accepts %s (%s)", (entryPath, type) => {
    expect(entryProblem({ path: entryPath, type })).toBeNull();
  });

  it.each([
    ["../toolshelf.db", "File", "leads out"],
    ["uploads/../../etc/cron.d/x", "File", "leads out"],
    ["uploads/./logos/x.webp", "File", "leads out"],
    ["uploads//x.webp", "File", "leads out"],
    ["/etc/passwd", "File", "not a relative path"],
    ["C:/Windows/x", "File", "not a relative path"],
    ["uploads\\..\\..\\x", "File", "not a relative path"],
    ["uploads/logo.webp", "SymbolicLink", "only files and folders"],
    ["uploads/logo.webp", "Link", "only files and folders"],
    ["uploads/fifo", "FIFO", "only files and folders"],
    ["uploads/dev", "CharacterDevice", "only files and folders"],
    ["toolshelf.db", "Directory", "must be a file"],
    ["uploads", "File", "must be a folder"],
    [".env", "File", "not part of a toolshelf backup"],
    ["toolshelf.db-wal", "File", "not part of a toolshelf backup"],
  ])("refuses %s (%s)", (entryPath, type, why) => {
    expect(entryProblem({ path: entryPath, type })).toContain(why);
  });
});

describe("restoreBackup refuses before putting anything in place", () => {
  it("an archive with an entry that climbs out of the target, writing nothing anywhere", async () => {
    const source = folder({ "inside/manifest.json": MANIFEST, "inside/toolshelf.db": "x", "escaped.txt": "owned" });
    const archive = await archiveOf(path.join(source, "inside"), ["manifest.json", "toolshelf.db", "../escaped.txt"]);
    const dataDir = path.join(folder(), "data");
    const error = await refusal(restoreBackup(localConfig(dataDir), archive));
    expect(error.code).toBe("invalid-archive");
    expect(error.message).toContain('"../escaped.txt" leads out of its folder');
    expect(error.message).toContain("nothing was restored");
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "..", "escaped.txt"))).toBe(false);
  });

  it("an archive with a symbolic link (it could point a later file outside the target)", async () => {
    const source = folder({ "manifest.json": MANIFEST, "toolshelf.db": "x" });
    fs.mkdirSync(path.join(source, "uploads"));
    fs.symlinkSync("/etc", path.join(source, "uploads", "logos"));
    const archive = await archiveOf(source, ["manifest.json", "toolshelf.db", "uploads"]);
    const dataDir = path.join(folder(), "data");
    const error = await refusal(restoreBackup(localConfig(dataDir), archive));
    expect(error.message).toContain('"uploads/logos" is a SymbolicLink entry');
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("an archive with a hard link", async () => {
    const source = folder({ "manifest.json": MANIFEST, "toolshelf.db": "x", "uploads/a.webp": "image" });
    fs.linkSync(path.join(source, "uploads", "a.webp"), path.join(source, "uploads", "b.webp"));
    // Written synchronously: tar's asynchronous packer can finish a hard link's entry after it has
    // ended the gzip stream, which then fails on its own (an unhandled error after the test).
    const archive = path.join(work, `a${++folders}.tar.gz`);
    tar.c({ file: archive, cwd: source, gzip: true, portable: true, sync: true }, [
      "manifest.json",
      "toolshelf.db",
      "uploads",
    ]);
    const error = await refusal(restoreBackup(localConfig(path.join(folder(), "data")), archive));
    expect(error.message).toMatch(/"uploads\/[ab]\.webp" is a Link entry/);
  });

  it("an archive without a manifest, and a file that is no archive", async () => {
    const source = folder({ "toolshelf.db": "x" });
    const noManifest = await archiveOf(source, ["toolshelf.db"]);
    expect((await refusal(restoreBackup(localConfig(path.join(folder(), "data")), noManifest))).message).toContain(
      "has no manifest.json",
    );
    const notAnArchive = path.join(folder({ "backup.tar.gz": "plain text" }), "backup.tar.gz");
    expect((await refusal(restoreBackup(localConfig(path.join(folder(), "data")), notAnArchive))).message).toContain(
      "is not a readable backup archive",
    );
  });

  it("a data folder that holds a database or uploads; an empty uploads folder is fine", async () => {
    const archive = await archiveOf(folder({ "manifest.json": MANIFEST }), ["manifest.json"]);
    const withDatabase = folder({ "toolshelf.db": "existing" });
    const error = await refusal(restoreBackup(localConfig(withDatabase), archive));
    expect(error.code).toBe("target-not-empty");
    expect(error.message).toContain(path.join(withDatabase, "toolshelf.db"));
    expect(fs.readFileSync(path.join(withDatabase, "toolshelf.db"), "utf8")).toBe("existing");

    expect(await occupiedTarget(localConfig(folder({ "toolshelf.db-wal": "" })))).toHaveLength(1);
    const withUploads = folder({ "uploads/logos/a.webp": "image" });
    expect(await occupiedTarget(localConfig(withUploads))).toEqual([path.join(withUploads, "uploads")]);
    expect((await refusal(restoreBackup(localConfig(withUploads), archive))).code).toBe("target-not-empty");

    const emptyUploads = folder();
    fs.mkdirSync(path.join(emptyUploads, "uploads"));
    expect(await occupiedTarget(localConfig(emptyUploads))).toEqual([]);
    // Past the target check, this archive fails for what it lacks.
    expect((await refusal(restoreBackup(localConfig(emptyUploads), archive))).message).toContain("has no toolshelf.db");
  });
});

describe("unsupportedSetup", () => {
  const disk = { kind: "disk" as const, root: "/data/uploads" };
  const sqlite = { engine: "sqlite" as const, file: "/data/toolshelf.db" };
  const s3 = {
    kind: "s3" as const,
    bucket: "toolshelf-files",
    endpoint: undefined,
    region: "us-east-1",
    accessKeyId: undefined,
    secretAccessKey: undefined,
    publicUrl: "https://files.example.com",
    forcePathStyle: false,
  };

  it("accepts the one-machine setup", () => {
    expect(unsupportedSetup({ database: sqlite, storage: disk }, "backup")).toBeNull();
  });

  it("names PostgreSQL's tools for PostgreSQL, and the bucket's for S3", () => {
    const postgres = { engine: "postgres" as const, url: "postgres://db/toolshelf" };
    expect(unsupportedSetup({ database: postgres, storage: disk }, "backup")).toContain("pg_dump");
    expect(unsupportedSetup({ database: postgres, storage: disk }, "restore")).toContain("pg_restore");
    const both = unsupportedSetup({ database: postgres, storage: s3 }, "backup")!;
    expect(both).toContain("pg_dump");
    expect(both).toContain("aws s3 sync s3://toolshelf-files");
    expect(unsupportedSetup({ database: sqlite, storage: s3 }, "restore")).toContain("rclone");
  });
});
