// `npm run seed:synthetic -- --count 100000`: adds synthetic tools to the configured database, for
// benchmarks. Each run adds new tools after the ones already there.
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { changeCatalog } from "../server/catalog/change.ts";
import { insertTools } from "../server/catalog/write.ts";
import { loadConfig } from "../server/platform/config.ts";
import { openDatabase } from "../server/platform/db/index.ts";
import { migrateToLatest } from "../server/platform/db/migrate.ts";
import { keepFilesPrivate } from "../server/platform/private-files.ts";
import { syntheticTools } from "../server/seed/synthetic.ts";

// What it writes under DATA_DIR (the database, uploads, a restore) is the running user's alone.
keepFilesPrivate();

const { values } = parseArgs({
  options: { count: { type: "string", default: "10000" }, seed: { type: "string", default: "1" } },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error("--count must be a whole number from 1 to 2000000");
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase(config.database);
const started = Date.now();
try {
  await migrateToLatest(database.db);
  const { n } = await database.db
    .selectFrom("tools")
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  const CHUNK = 10_000;
  for (let done = 0; done < count; done += CHUNK) {
    const tools = syntheticTools(Math.min(CHUNK, count - done), {
      offset: n + done,
      now: Date.now(),
      seed: Number(values.seed) * 1_000_003 + n + done,
    });
    // A script serves no pages: running servers see the new catalogue version within a second.
    await changeCatalog({ database, now: Date.now }, (write) => insertTools(write, tools));
    process.stdout.write(`\r${done + tools.length} / ${count}`);
  }
  console.log(
    `\nadded ${count} synthetic tools to ${database.engine} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
