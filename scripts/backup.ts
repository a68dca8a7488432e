// `npm run backup -- <file.tar.gz> [--force]`: a consistent copy of the SQLite database and the
// uploads folder in one archive, taken while the site serves and writes (docs/decisions/027). For
// PostgreSQL or an S3 bucket it says which tools to use instead. Exit codes: 0 written, 1 not
// written (the reason on stderr), 2 wrong arguments.
import { ConfigError, loadConfig } from "../server/platform/config.ts";
import { BackupError, createBackup } from "../server/platform/ops/backup.ts";
import { keepFilesPrivate } from "../server/platform/private-files.ts";
import { failOnOperatorError } from "./ops-errors.ts";

// What it writes under DATA_DIR (the database, uploads, a restore) is the running user's alone.
keepFilesPrivate();

const USAGE = "usage: npm run backup -- <file.tar.gz> [--force]";

const args = process.argv.slice(2);
const force = args.includes("--force");
const files = args.filter((arg) => arg !== "--force");
if (files.length !== 1 || files[0]!.startsWith("-")) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const started = Date.now();
  const { file, bytes, manifest } = await createBackup(loadConfig(), files[0]!, { force });
  console.log(
    `backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB; schema ${manifest.migration ?? "none"}, ${manifest.uploads} uploaded files; ${Date.now() - started} ms)`,
  );
} catch (error) {
  failOnOperatorError(error, "backup", [ConfigError, BackupError]);
}
