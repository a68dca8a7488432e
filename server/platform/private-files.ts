import fs from "node:fs";

// What the server writes is its user's alone (docs/decisions/016): DATA_DIR holds the database
// (password hashes, the generated cookie key, subscribers' addresses), the outbox (owner links)
// and the uploads. The server and every script that writes there start with a umask that keeps
// group and others out, and each place that creates a file or folder there says its mode too, so
// that a process started another way (the tests' servers) makes them the same.

/** The umask of the server and its scripts: nothing they create is readable by anyone else. */
export const PRIVATE_UMASK = 0o077;
/** The mode of a folder the server makes (DATA_DIR, uploads, outbox). */
export const PRIVATE_DIR_MODE = 0o700;
/** The mode of a file the server writes (the database, an upload, a mail, a backup). */
export const PRIVATE_FILE_MODE = 0o600;

/** Makes every file and folder this process creates from now on its user's alone. The first step of the server and of each script. */
export function keepFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/** Creates `dir` and the folders missing above it, for this user only; one that exists keeps its mode. */
export function makePrivateDir(dir: string): Promise<string | undefined> {
  return fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** makePrivateDir, at once (opening the database, before anything else runs). */
export function makePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** A file or folder that users other than its owner may read or enter, with its mode (e.g. "0755"). */
export interface OpenToOthers {
  path: string;
  mode: string;
}

/** Which of these paths exist and let their group or anyone else in (any permission bit beyond the owner's). */
export function openToOthers(paths: readonly string[]): OpenToOthers[] {
  const open: OpenToOthers[] = [];
  for (const path of paths) {
    let mode: number;
    try {
      mode = fs.statSync(path).mode & 0o777;
    } catch {
      continue; // not there: nothing to read
    }
    if ((mode & 0o077) !== 0) open.push({ path, mode: `0${mode.toString(8).padStart(3, "0")}` });
  }
  return open;
}
