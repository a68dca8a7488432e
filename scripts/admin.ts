// `npm run admin -- create <username> | reset-password <username> | list`: admin accounts for
// operators, on the configured database. The password is read from ADMIN_NEW_PASSWORD when set
// (scripts, at least 12 characters); otherwise one is generated and printed once.
import { createAdmin, listAdmins, setAdminPassword } from "../server/admin/accounts.ts";
import { generatePassword } from "../server/admin/passwords.ts";
import { ConfigError, loadConfig } from "../server/platform/config.ts";
import { openDatabase } from "../server/platform/db/index.ts";
import { keepFilesPrivate } from "../server/platform/private-files.ts";
import { migrateToLatest } from "../server/platform/db/migrate.ts";

// What it writes under DATA_DIR (the database, uploads, a restore) is the running user's alone.
keepFilesPrivate();

const USAGE = "usage: npm run admin -- create <username> | reset-password <username> | list";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const [command, username] = process.argv.slice(2);
if (command !== "list" && (!username || !["create", "reset-password"].includes(command ?? ""))) fail(USAGE);
if (username && (username.trim().length === 0 || username.trim().length > 64))
  fail("the username must have 1 to 64 characters");
const given = process.env.ADMIN_NEW_PASSWORD;
if (given !== undefined && given.length < 12) fail("ADMIN_NEW_PASSWORD must be at least 12 characters");

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  if (command === "list") {
    const admins = await listAdmins(database);
    if (admins.length === 0) console.log("no admins");
    for (const a of admins) console.log(`${a.username}\tcreated ${new Date(a.createdAt).toISOString()}`);
  } else {
    const password = given ?? generatePassword();
    if (command === "create") {
      const exists = (await listAdmins(database)).some((a) => a.username === username!.trim());
      if (exists) fail(`an admin named ${username!.trim()} exists already: use reset-password`);
      await createAdmin(database, username!, password, Date.now());
      console.log(`created admin ${username!.trim()}`);
    } else {
      if (!(await setAdminPassword(database, username!, password, Date.now())))
        fail(`no admin named ${username!.trim()}`);
      console.log(`password of ${username!.trim()} reset; their sessions have ended`);
    }
    if (given === undefined) console.log(`password: ${password}\n(shown once: store it now)`);
  }
} finally {
  await database.close();
}
