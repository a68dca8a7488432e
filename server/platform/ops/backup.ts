// Backup and restore of the one-machine setup: the SQLite file and the uploads folder on local
// disk, in one .tar.gz (docs/decisions/027). PostgreSQL and S3 have their own, better tools; this
// module points to them rather than wrapping them.
import fs from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import * as tar from "tar";
import { z } from "zod";
import type { Config } from "../config.ts";
import { MIGRATION_NAMES } from "../db/migrate.ts";
import { CodedError } from "../errors.ts";
import { PROJECT_ROOT } from "../paths.ts";
import { makePrivateDir, PRIVATE_UMASK } from "../private-files.ts";
import { isProcessAlive } from "./pid.ts";

/** What an archive says it is, in its manifest. */
export const ARCHIVE_FORMAT = "toolshelf-backup";
/** The layout of the archive; a restore refuses one newer than it knows. */
export const ARCHIVE_FORMAT_VERSION = 1;
/** The archive's entries: the manifest, the database copy and the uploads folder. */
export const MANIFEST_ENTRY = "manifest.json";
export const DATABASE_ENTRY = "toolshelf.db";
export const UPLOADS_ENTRY = "uploads";

const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  appVersion: z.string(),
  /** The last schema migration applied to the database copy; null for a database never migrated. */
  migration: z.string().nullable(),
  database: z.literal(DATABASE_ENTRY),
  uploads: z.number().int().min(0),
});

/** The archive's manifest.json. */
export type BackupManifest = z.infer<typeof ManifestSchema>;

export type BackupErrorCode =
  "unsupported-setup" | "target-exists" | "not-found" | "copy-failed" | "target-not-empty" | "invalid-archive";

/** A backup or restore that cannot go ahead; the message says why and what to do, for the operator. */
export class BackupError extends CodedError<BackupErrorCode> {}

/**
 * Why this setup is not one `npm run backup`/`restore` serves, with what to use instead; null when
 * it is (an SQLite file and uploads on local disk).
 */
export function unsupportedSetup(
  config: Pick<Config, "database" | "storage">,
  action: "backup" | "restore",
): string | null {
  const problems: string[] = [];
  if (config.database.engine === "postgres") {
    problems.push(
      action === "backup"
        ? "The database is PostgreSQL (DATABASE_URL): back it up with PostgreSQL's own tools, e.g. `pg_dump --format=custom --file=toolshelf.dump \"$DATABASE_URL\"`, or your provider's snapshots and point-in-time recovery."
        : 'The database is PostgreSQL (DATABASE_URL): restore a pg_dump archive with `pg_restore --no-owner --dbname="$DATABASE_URL" toolshelf.dump` into an empty database, or use your provider\'s point-in-time recovery.',
    );
  }
  if (config.storage.kind === "s3") {
    problems.push(
      `Uploads are stored in the bucket "${config.storage.bucket}" (S3_BUCKET): protect them with the provider's object versioning and replication, or copy them with \`aws s3 sync s3://${config.storage.bucket} <folder>\` or \`rclone sync\` (and back the same way to restore).`,
    );
  }
  if (problems.length === 0) return null;
  return `${problems.join("\n")}\nnpm run ${action} handles the one-machine setup only: an SQLite database and uploads on local disk (DATA_DIR).`;
}

function assertLocalSetup(
  config: Pick<Config, "database" | "storage">,
  action: "backup" | "restore",
): { databaseFile: string; uploadsRoot: string } {
  const problem = unsupportedSetup(config, action);
  if (problem || config.database.engine !== "sqlite" || config.storage.kind !== "disk")
    throw new BackupError("unsupported-setup", problem ?? "");
  return { databaseFile: config.database.file, uploadsRoot: config.storage.root };
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/**
 * Writes a consistent copy of the SQLite database and the uploads folder to `target` (.tar.gz),
 * while the site goes on serving and writing. The archive appears under its name only once it is
 * complete; an existing file is replaced only with `force`.
 */
export async function createBackup(
  config: Pick<Config, "database" | "storage" | "dataDir">,
  target: string,
  options: { force?: boolean; now?: () => number } = {},
): Promise<BackupResult> {
  const { databaseFile, uploadsRoot } = assertLocalSetup(config, "backup");
  const file = path.resolve(target);
  const existing = await fs.stat(file).catch(() => null);
  if (existing?.isDirectory())
    throw new BackupError(
      "target-exists",
      `${file} is a folder: give the name of the archive to write, e.g. ${path.join(file, "toolshelf.tar.gz")}`,
    );
  if (existing && !options.force)
    throw new BackupError("target-exists", `${file} exists already: choose another name, or add --force to replace it`);
  if (!(await fs.stat(path.dirname(file)).catch(() => null))?.isDirectory()) {
    throw new BackupError("not-found", `The folder ${path.dirname(file)} does not exist: create it first`);
  }
  if (!(await fs.stat(databaseFile).catch(() => null))?.isFile()) {
    throw new BackupError(
      "not-found",
      `No database at ${databaseFile}: nothing to back up (check DATA_DIR and DATABASE_URL)`,
    );
  }

  // Staged inside DATA_DIR, so the uploads can be hard-linked rather than copied (same file system).
  await makePrivateDir(config.dataDir);
  await removeAbandoned(config.dataDir, ".backup-");
  const staging = await fs.mkdtemp(path.join(config.dataDir, `.backup-${process.pid}-`));
  const partial = `${file}.${process.pid}-${Date.now()}.partial`;
  try {
    const stagedUploads = path.join(staging, UPLOADS_ENTRY);
    await fs.mkdir(stagedUploads);
    // The uploads are taken before and after the database (the union of both): every file the copy
    // names is then in the archive, since a file is written before the row naming it commits and
    // deleted only after a commit that stops naming it (server/submissions, server/admin).
    await captureFiles(uploadsRoot, stagedUploads);
    const stagedDatabase = path.join(staging, DATABASE_ENTRY);
    snapshotDatabase(databaseFile, stagedDatabase);
    await captureFiles(uploadsRoot, stagedUploads);
    const migration = checkDatabase(stagedDatabase, "backup");

    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: new Date((options.now ?? Date.now)()).toISOString(),
      appVersion: await appVersion(),
      migration,
      database: DATABASE_ENTRY,
      uploads: await countFiles(stagedUploads),
    };
    await fs.writeFile(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);

    await tar.c(
      // portable: no owner names or ids, so the archive restores the same on any machine. Readable
      // by its owner only: it holds password hashes, the generated secrets and submitters' e-mails.
      { file: partial, mode: 0o600, cwd: staging, gzip: true, portable: true, linkCache: new ForgetfulLinkCache() },
      [MANIFEST_ENTRY, DATABASE_ENTRY, UPLOADS_ENTRY],
    );
    await syncFile(partial);
    // Checked again: another backup may have written the name meanwhile.
    if (!options.force && (await fs.stat(file).catch(() => null))) {
      throw new BackupError(
        "target-exists",
        `${file} exists already: choose another name, or add --force to replace it`,
      );
    }
    await fs.rename(partial, file);
    await syncDirectory(path.dirname(file));
    return { file, bytes: (await fs.stat(file)).size, manifest };
  } finally {
    await fs.rm(partial, { force: true });
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Copies the live database to `copy` with VACUUM INTO: one read transaction, so the copy is the
 * database as of one commit, however many other connections write meanwhile (WAL lets them go on
 * undisturbed). The online backup API (better-sqlite3's `backup()`) copies in steps and starts
 * over whenever another process writes between two of them: under a steady stream of likes it may
 * never finish.
 */
function snapshotDatabase(file: string, copy: string): void {
  let source: SQLite.Database | undefined;
  try {
    source = new SQLite(file, { fileMustExist: true });
    // The server may hold the write lock for a moment when the read transaction begins.
    source.pragma("busy_timeout = 5000");
    source.prepare("VACUUM INTO ?").run(copy);
  } catch (error) {
    // Locked for longer than the timeout, a full disk, a file that is no database: said, not thrown as a trace.
    throw new BackupError(
      "copy-failed",
      `The database ${file} could not be copied (${error instanceof Error ? error.message : String(error)}); nothing was written`,
    );
  } finally {
    source?.close();
  }
}

/**
 * Checks a database copy (backup: the one just taken; restore: the one from the archive) and
 * returns the last migration applied to it. The copy is made one self-contained file (rollback
 * journal, not WAL; the server switches it back when it opens it).
 */
function checkDatabase(file: string, action: "backup" | "restore"): string | null {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true });
    db.pragma("journal_mode = DELETE");
    const problems = (db.pragma("integrity_check(5)") as { integrity_check: string }[]).map(
      (row) => row.integrity_check,
    );
    if (problems.join() !== "ok") throw new Error(problems.join("; "));
    const hasRecord = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasRecord) return null;
    const row = db.prepare("select name from kysely_migration order by name desc limit 1").get() as
      { name: string } | undefined;
    return row?.name ?? null;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new BackupError(
      "invalid-archive",
      action === "backup"
        ? `The copy of the database failed its integrity check (${why}): the database itself may be damaged; nothing was written`
        : `The archive's database failed its integrity check (${why}): nothing was restored`,
    );
  } finally {
    db?.close();
  }
}

/**
 * tar records a file with several names (hard links, which the staged uploads are) once and the
 * others as links, which a restore refuses. Every name the archive holds is a file of its own.
 */
class ForgetfulLinkCache extends Map<`${number}:${number}`, string> {
  override set(): this {
    return this;
  }
}

/**
 * Adds every regular file under `from` to `to` that `to` lacks, as a hard link (instant, no space:
 * stored files are replaced by rename, never rewritten in place), or a copy across file systems.
 * Files half-written by the storage (*.partial) and anything but files and folders are left out.
 */
async function captureFiles(from: string, to: string): Promise<void> {
  const entries = await fs.readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const copy = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await fs.mkdir(copy, { recursive: true });
      await captureFiles(source, copy);
    } else if (entry.isFile() && !entry.name.endsWith(".partial")) {
      await linkOrCopy(source, copy);
    }
  }
}

async function linkOrCopy(source: string, copy: string): Promise<void> {
  try {
    await fs.link(source, copy);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Already taken by the first pass; or deleted since the folder was read (no row names it any more).
    if (code === "EEXIST" || code === "ENOENT") return;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP" && code !== "EMLINK") throw error;
    await fs.copyFile(source, copy, fs.constants.COPYFILE_EXCL).catch((copyError: NodeJS.ErrnoException) => {
      if (copyError.code !== "ENOENT" && copyError.code !== "EEXIST") throw copyError;
    });
  }
}

async function countFiles(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/** Staging folders (`<prefix><pid>-…`) left by a backup or restore that was killed: their process is gone. */
async function removeAbandoned(dir: string, prefix: string): Promise<void> {
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    const pid = name.startsWith(prefix) ? Number(name.slice(prefix.length).split("-")[0]) : NaN;
    if (Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid))
      await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
}

async function appVersion(): Promise<string> {
  const pkg = JSON.parse(await fs.readFile(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "unknown";
}

async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a rename in `dir` durable; a platform that cannot open folders for it is left as it is. */
async function syncDirectory(dir: string): Promise<void> {
  await syncFile(dir).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Restore

/** An entry of an archive, as listed before anything is extracted. */
export interface ArchiveEntry {
  path: string;
  type: string;
}

/**
 * Why an archive entry may not be restored, or null: only files and folders, only the three names
 * of the layout, and no path that could lead out of the target (absolute, `..`, backslashes).
 */
export function entryProblem(entry: ArchiveEntry): string | null {
  const name = entry.path.replace(/\/+$/, "");
  const shown = JSON.stringify(entry.path);
  if (entry.type !== "File" && entry.type !== "Directory")
    return `${shown} is a ${entry.type} entry: only files and folders are restored`;
  if (name === "" || name.startsWith("/") || /^[a-z]:/i.test(name) || name.includes("\\") || name.includes("\0")) {
    return `${shown} is not a relative path inside the archive`;
  }
  const segments = name.split("/");
  if (segments.some((segment) => segment === ".." || segment === "." || segment === ""))
    return `${shown} leads out of its folder`;
  if (name === MANIFEST_ENTRY || name === DATABASE_ENTRY)
    return entry.type === "File" ? null : `${shown} must be a file`;
  if (name === UPLOADS_ENTRY) return entry.type === "Directory" ? null : `${shown} must be a folder`;
  if (segments[0] === UPLOADS_ENTRY) return null;
  return `${shown} is not part of a toolshelf backup`;
}

/** Every entry of the archive, read without extracting anything; throws BackupError for a file that is no readable .tar.gz. */
export async function listArchive(file: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => void entries.push({ path: entry.path, type: entry.type }),
    });
  } catch (error) {
    throw new BackupError(
      "invalid-archive",
      `${file} is not a readable backup archive (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return entries;
}

/**
 * What the restore target already holds: the database file (or its WAL), and the uploads folder
 * unless it is empty. A restore goes only into a data folder that holds neither.
 */
export async function occupiedTarget(config: Pick<Config, "database" | "storage">): Promise<string[]> {
  const { databaseFile, uploadsRoot } = assertLocalSetup(config, "restore");
  const found: string[] = [];
  for (const file of [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`]) {
    if (await fs.stat(file).catch(() => null)) found.push(file);
  }
  const uploads = await fs.readdir(uploadsRoot).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    if (error.code === "ENOTDIR") return ["(a file)"];
    throw error;
  });
  if (uploads.length > 0) found.push(uploadsRoot);
  return found;
}

export interface RestoreResult {
  manifest: BackupManifest;
  databaseFile: string;
  uploadsRoot: string;
}

/**
 * Restores an archive written by createBackup into the configured, empty data folder. Everything
 * is checked first — the entries (files and folders only, none leading out), the manifest, the
 * database's integrity and schema — in a staging folder; only then are the uploads and, last, the
 * database put in place. Throws BackupError with the reason when anything is amiss.
 */
export async function restoreBackup(
  config: Pick<Config, "database" | "storage" | "dataDir">,
  archive: string,
): Promise<RestoreResult> {
  const { databaseFile, uploadsRoot } = assertLocalSetup(config, "restore");
  const file = path.resolve(archive);
  if (!(await fs.stat(file).catch(() => null))?.isFile()) throw new BackupError("not-found", `No archive at ${file}`);
  const occupied = await occupiedTarget(config);
  if (occupied.length > 0) {
    throw new BackupError(
      "target-not-empty",
      `The data folder is not empty: ${occupied.join(", ")} exist${occupied.length === 1 ? "s" : ""}. A restore goes into an empty data folder only: stop the site and point DATA_DIR at a new folder (or move these away) first`,
    );
  }

  const entries = await listArchive(file);
  const problems = entries.map(entryProblem).filter((problem): problem is string => problem !== null);
  if (problems.length > 0) {
    throw new BackupError(
      "invalid-archive",
      `${file} is not a toolshelf backup that can be restored safely; nothing was restored:\n  ${problems.slice(0, 10).join("\n  ")}`,
    );
  }
  for (const required of [MANIFEST_ENTRY, DATABASE_ENTRY]) {
    if (!entries.some((entry) => entry.path === required))
      throw new BackupError("invalid-archive", `${file} has no ${required}: it is not a toolshelf backup`);
  }

  await makePrivateDir(config.dataDir);
  await removeAbandoned(config.dataDir, ".restore-");
  const staging = await fs.mkdtemp(path.join(config.dataDir, `.restore-${process.pid}-`));
  try {
    try {
      await tar.x({
        file,
        cwd: staging,
        strict: true,
        // The files become the restoring user's (run the restore as the service's user), whoever made the archive.
        preserveOwner: false,
        // And theirs alone, whatever modes the archive gives them (docs/decisions/016).
        umask: PRIVATE_UMASK,
        // Listed and checked above; checked again here, entry by entry, should the file have changed since.
        filter: (entryPath, entry) => "type" in entry && entryProblem({ path: entryPath, type: entry.type }) === null,
      });
    } catch (error) {
      throw new BackupError(
        "invalid-archive",
        `${file} could not be extracted (${error instanceof Error ? error.message : String(error)}); nothing was restored`,
      );
    }
    const manifest = await readManifest(path.join(staging, MANIFEST_ENTRY));
    const stagedDatabase = path.join(staging, DATABASE_ENTRY);
    const migration = checkDatabase(stagedDatabase, "restore");
    if (migration !== null && !MIGRATION_NAMES.includes(migration)) {
      throw new BackupError(
        "invalid-archive",
        `The archive's database has schema ${migration}, newer than this version of toolshelf knows (${MIGRATION_NAMES.at(-1)}): restore it with toolshelf ${manifest.appVersion} or later`,
      );
    }
    const stagedUploads = path.join(staging, UPLOADS_ENTRY);
    await makePrivateDir(stagedUploads);

    // Uploads first, the database last: a restore cut short leaves no database that names missing files.
    await fs.rmdir(uploadsRoot).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT")
        throw new BackupError(
          "target-not-empty",
          `${uploadsRoot} could not be replaced (${error.code}): is the site running on this folder?`,
        );
    });
    await makePrivateDir(path.dirname(uploadsRoot));
    await move(stagedUploads, uploadsRoot);
    await syncFile(stagedDatabase);
    await makePrivateDir(path.dirname(databaseFile));
    await move(stagedDatabase, databaseFile);
    await syncDirectory(path.dirname(databaseFile));
    return { manifest, databaseFile, uploadsRoot };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(file: string): Promise<BackupManifest> {
  let json: unknown;
  try {
    json = JSON.parse(await fs.readFile(file, "utf8"));
  } catch {
    throw new BackupError(
      "invalid-archive",
      `The archive's ${MANIFEST_ENTRY} cannot be read: it is not a toolshelf backup`,
    );
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupError("invalid-archive", `The archive's ${MANIFEST_ENTRY} is not a toolshelf backup manifest`);
  if (parsed.data.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new BackupError(
      "invalid-archive",
      `The archive has format version ${parsed.data.formatVersion}, made by toolshelf ${parsed.data.appVersion}; this version reads up to ${ARCHIVE_FORMAT_VERSION}: restore it with toolshelf ${parsed.data.appVersion} or later`,
    );
  }
  return parsed.data;
}

/** Renames `from` to `to`, or copies and removes it where they are on different file systems. */
async function move(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await fs.cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await fs.rm(from, { recursive: true, force: true });
  }
}
