// `npm run restore -- <file.tar.gz>`: puts an archive of `npm run backup` back into an empty data
// folder (DATA_DIR, or DATABASE_URL's SQLite file and DATA_DIR/uploads), after checking it: its
// entries, manifest, database integrity and schema (docs/decisions/027). Exit codes: 0 restored,
// 1 not restored (the reason on stderr; nothing was put in place), 2 wrong arguments.
import { ConfigError, loadConfig } from "../server/platform/config.ts";
import { BackupError, restoreBackup } from "../server/platform/ops/backup.ts";
import { keepFilesPrivate } from "../server/platform/private-files.ts";
import { failOnOperatorError } from "./ops-errors.ts";

// What it writes under DATA_DIR (the database, uploads, a restore) is the running user's alone.
keepFilesPrivate();

const USAGE = "usage: npm run restore -- <file.tar.gz>";

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith("-")) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const { manifest, databaseFile, uploadsRoot } = await restoreBackup(loadConfig(), args[0]!);
  console.log(
    `restored the backup of ${manifest.createdAt} (toolshelf ${manifest.appVersion}, schema ${manifest.migration ?? "none"}): ` +
      `database ${databaseFile}, ${manifest.uploads} uploaded files in ${uploadsRoot}. Start the site to use it.`,
  );
} catch (error) {
  failOnOperatorError(error, "restore", [ConfigError, BackupError]);
}
