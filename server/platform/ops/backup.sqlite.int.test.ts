import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseUrlOf, type TestDatabase } from "../../../tests/support/database.ts";
import { runScript } from "../../../tests/support/run-script.ts";
import { startServerProcess } from "../../../tests/support/server-process.ts";
import {
  countMismatches,
  errorLines,
  missingWrites,
  seedForWriteStream,
  startWriteStream,
  WRITE_STREAM_SERVER_ENV,
  type AckedWrite,
  type EditState,
} from "../../../tests/support/write-stream.ts";
import { openDatabase } from "../db/index.ts";
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION } from "./backup.ts";

// `npm run backup` and `npm run restore` as an operator runs them: the real scripts in their own
// processes, against the production server in its own, while it serves a stream of writes. SQLite
// only (*.sqlite.int.test.ts): PostgreSQL and S3 have their own tools, which the scripts name.

const NO_STACK = /\n\s+at /;
const until = async (what: string, test: () => boolean, ms = 20_000) => {
  for (const start = Date.now(); !test();) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const stopped = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve),
  );

describe("backup while the site writes, restore into an empty folder", () => {
  let testDb: TestDatabase;
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  let work: string;
  let archive: string;
  let restoredDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    work = fs.mkdtempSync(path.join(os.tmpdir(), "toolshelf-backup-"));
    dirs.push(work);
    archive = path.join(work, "site.tar.gz");
    restoredDir = path.join(work, "restored");
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await Promise.all(children.map(stopped));
    await testDb?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const siteEnv = () => ({
    ...WRITE_STREAM_SERVER_ENV,
    DATA_DIR: testDb.dataDir,
    DATABASE_URL: databaseUrlOf(testDb.target),
  });

  it("takes a consistent archive mid-stream that restores every write acknowledged before it began, logos included", async () => {
    const seeded = await seedForWriteStream(testDb.database);
    const site = await startServerProcess(siteEnv());
    children.push(site.child);
    const url = `http://127.0.0.1:${site.port}`;
    const editState: EditState = new Map();
    const stream = startWriteStream(url, { ...seeded, editState, label: "backup", likeWorkers: 4, submitWorkers: 2 });
    const count = (kind: AckedWrite["kind"]) => stream.acked.filter((write) => write.kind === kind).length;
    await until("writes of every kind", () => count("like") >= 40 && count("submission") >= 4 && count("edit") >= 4);

    // Everything acknowledged up to here must be in the archive; the stream goes on meanwhile.
    const before = [...stream.acked];
    const backup = await runScript("backup", [archive], siteEnv());
    const duringBackup = stream.acked.length - before.length;
    await until("writes after the backup", () => stream.acked.length > before.length + duringBackup + 10);
    await stream.stop();
    site.child.kill("SIGTERM");
    await stopped(site.child);

    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^backup written: .*site\.tar\.gz/);
    expect(stream.unexpected).toEqual([]);
    expect(errorLines(site.lines)).toEqual([]);
    // The site kept answering writes while the backup ran: it was taken online.
    expect(duringBackup).toBeGreaterThan(0);
    console.log(
      `backup: ${backup.ms} ms, ${fs.statSync(archive).size} bytes; ${before.length} writes acknowledged before it, ${duringBackup} while it ran, ${stream.acked.length} in all`,
    );

    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => void entries.push(entry.path) });
    expect(entries.slice(0, 2)).toEqual(["manifest.json", "toolshelf.db"]);
    expect(entries).toContain("uploads/");
    expect(entries.some((entry) => /^uploads\/logos\/crash-backup-\d+_.*\.webp$/.test(entry))).toBe(true);

    const restore = await runScript("restore", [archive], { DATA_DIR: restoredDir, DATABASE_URL: "" });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^restored the backup of \d{4}-\d\d-\d\dT/);
    // The restoring user's alone, as the server writes them: folders 700, files 600.
    const open: string[] = [];
    const visit = (at: string) => {
      const stat = fs.statSync(at);
      if ((stat.mode & 0o777) !== (stat.isDirectory() ? 0o700 : 0o600))
        open.push(`${path.relative(restoredDir, at) || "."} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) for (const name of fs.readdirSync(at)) visit(path.join(at, name));
    };
    visit(restoredDir);
    expect(open).toEqual([]);

    const databaseFile = path.join(restoredDir, "toolshelf.db");
    const raw = new SQLite(databaseFile, { readonly: true });
    expect(raw.pragma("integrity_check", { simple: true })).toBe("ok");
    raw.close();
    const submitted = before.flatMap((write) => (write.kind === "submission" ? [write.slug] : []));
    const restored = openDatabase({ engine: "sqlite", file: databaseFile });
    let logos: { slug: string; logo_url: string | null }[];
    try {
      expect(await missingWrites(restored, before, path.join(restoredDir, "uploads"), editState)).toEqual([]);
      expect(await countMismatches(restored)).toEqual([]);
      // The archive is the database of one moment: likes acknowledged after the backup ended are not in it.
      const later = stream.acked.slice(before.length + duringBackup).filter((write) => write.kind === "like");
      expect(later.length).toBeGreaterThan(0);
      expect(await missingWrites(restored, later, path.join(restoredDir, "uploads"))).toHaveLength(later.length);
      logos = await restored.db
        .selectFrom("tools")
        .select(["slug", "logo_url"])
        .where("slug", "in", submitted)
        .execute();
    } finally {
      await restored.close();
    }
    expect(logos.map((row) => row.slug).sort()).toEqual([...submitted].sort());

    // A server on the restored folder starts cleanly and serves the restored tools and logos.
    const again = await startServerProcess({ ...WRITE_STREAM_SERVER_ENV, DATA_DIR: restoredDir, DATABASE_URL: "" });
    children.push(again.child);
    const againUrl = `http://127.0.0.1:${again.port}`;
    for (const { slug, logo_url: logo } of logos) {
      const page = await fetch(`${againUrl}/tool/${slug}`);
      expect(page.status, slug).toBe(200);
      await page.arrayBuffer();
      expect(logo, slug).toMatch(/^\/uploads\/logos\/crash-backup-\d+_.*\.webp$/);
      const image = await fetch(`${againUrl}${logo}`);
      expect(image.status, logo!).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      await image.arrayBuffer();
    }
    again.child.kill("SIGTERM");
    await stopped(again.child);
    expect(errorLines(again.lines)).toEqual([]);
  });

  it("writes the manifest the restore checks, into an archive only its owner may read", async () => {
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const dir = path.join(work, "listing");
    fs.mkdirSync(dir);
    await tar.x({ file: archive, cwd: dir, filter: (entryPath) => entryPath === "manifest.json" });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(manifest).toMatchObject({
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: pkg.version,
      database: "toolshelf.db",
    });
    expect(manifest.migration).toMatch(/^\d{4}-\d\d-\d\dT\d\d-/);
    expect(manifest.uploads).toBeGreaterThanOrEqual(4);
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 120_000);
  });

  it("refuses to overwrite an archive unless --force, and leaves no partial file behind", async () => {
    const before = fs.statSync(archive);
    const refused = await runScript("backup", [archive], siteEnv());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("exists already");
    expect(refused.stderr).toContain("--force");
    expect(refused.stderr).not.toMatch(NO_STACK);
    expect(fs.statSync(archive).mtimeMs).toBe(before.mtimeMs);

    const forced = await runScript("backup", [archive, "--force"], siteEnv());
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    expect(fs.statSync(archive).mtimeMs).toBeGreaterThan(before.mtimeMs);
    expect(fs.readdirSync(work).filter((name) => name.endsWith(".partial"))).toEqual([]);
    expect(fs.readdirSync(testDb.dataDir).filter((name) => name.startsWith(".backup-"))).toEqual([]);

    const usage = await runScript("backup", [], siteEnv());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("usage: npm run backup -- <file.tar.gz>");
  });

  it("refuses to restore into a data folder that holds a database, and changes nothing there", async () => {
    const databaseFile = path.join(restoredDir, "toolshelf.db");
    const before = fs.statSync(databaseFile).mtimeMs;
    const refused = await runScript("restore", [archive], { DATA_DIR: restoredDir, DATABASE_URL: "" });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("not empty");
    expect(refused.stderr).toContain(databaseFile);
    expect(refused.stderr).not.toMatch(NO_STACK);
    expect(fs.statSync(databaseFile).mtimeMs).toBe(before);
  });

  it("refuses an archive whose database fails its integrity check, putting nothing in place", async () => {
    const staging = path.join(work, "damaged");
    fs.mkdirSync(path.join(staging, "uploads", "logos"), { recursive: true });
    fs.writeFileSync(path.join(staging, "uploads", "logos", "a.webp"), "not really");
    const manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      appVersion: "0.1.0",
      migration: null,
      database: "toolshelf.db",
      uploads: 1,
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), JSON.stringify(manifest));
    // A database file cut short: its header page and then garbage.
    const good = fs.readFileSync(databaseUrlOf(testDb.target));
    fs.writeFileSync(
      path.join(staging, "toolshelf.db"),
      Buffer.concat([good.subarray(0, 4096), Buffer.alloc(8192, 0x5a)]),
    );
    const damaged = path.join(work, "damaged.tar.gz");
    await tar.c({ file: damaged, cwd: staging, gzip: true, portable: true }, [
      "manifest.json",
      "toolshelf.db",
      "uploads",
    ]);

    const target = path.join(work, "never-filled");
    const refused = await runScript("restore", [damaged], { DATA_DIR: target, DATABASE_URL: "" });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/integrity check/);
    expect(refused.stderr).toContain("nothing was restored");
    expect(refused.stderr).not.toMatch(NO_STACK);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it("points PostgreSQL and S3 setups to their own tools instead", async () => {
    const postgres = { DATABASE_URL: "postgres://toolshelf@127.0.0.1:1/toolshelf", DATA_DIR: path.join(work, "pg") };
    const pgBackup = await runScript("backup", [path.join(work, "pg.tar.gz")], postgres);
    expect(pgBackup.code).toBe(1);
    expect(pgBackup.stderr).toContain("pg_dump");
    expect(pgBackup.stderr).not.toMatch(NO_STACK);
    const pgRestore = await runScript("restore", [archive], postgres);
    expect(pgRestore.code).toBe(1);
    expect(pgRestore.stderr).toContain("pg_restore");

    const s3 = {
      S3_BUCKET: "toolshelf-files",
      S3_PUBLIC_URL: "https://files.example.com",
      DATA_DIR: path.join(work, "s3"),
      DATABASE_URL: "",
    };
    const s3Backup = await runScript("backup", [path.join(work, "s3.tar.gz")], s3);
    expect(s3Backup.code).toBe(1);
    expect(s3Backup.stderr).toContain("aws s3 sync s3://toolshelf-files");
    expect(s3Backup.stderr).toContain("rclone");
    expect(s3Backup.stderr).not.toMatch(NO_STACK);
    expect(fs.existsSync(path.join(work, "pg.tar.gz")) || fs.existsSync(path.join(work, "s3.tar.gz"))).toBe(false);
  });
});
