// `npm run db:migrate`: brings the configured database's schema up to date and says what it did.
import { loadConfig } from "../server/platform/config.ts";
import { openDatabase } from "../server/platform/db/index.ts";
import { keepFilesPrivate } from "../server/platform/private-files.ts";
import { migrateToLatest } from "../server/platform/db/migrate.ts";

// What it writes under DATA_DIR (the database, uploads, a restore) is the running user's alone.
keepFilesPrivate();

const config = loadConfig();
const database = openDatabase(config.database);
try {
  const { results = [] } = await migrateToLatest(database.db);
  if (results.length === 0) console.log(`${database.engine}: schema already up to date`);
  for (const r of results) console.log(`${database.engine}: ${r.migrationName} ${r.status}`);
} finally {
  await database.close();
}
