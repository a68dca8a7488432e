import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { insertTools } from "../../server/catalog/write.ts";
import { openDatabase } from "../../server/db/index.ts";
import { newId } from "../../server/db/ids.ts";
import { startServerProcess } from "../support/server-process.ts";
import { HOSTILE_TOOL } from "./fixture-tools.ts";

/**
 * Starts the production server (`node server/main.ts`, the build from `npm run build`) on an
 * ephemeral port with a fresh SQLite database and the demo catalogue, and hands its URL to the
 * tests through E2E_BASE_URL (and its data directory through E2E_DATA_DIR).
 */
export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolshelf-e2e-"));
  const admin = { username: "e2e-admin", password: "e2e admin password, long enough" };
  const { child, port } = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "true",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    // Journeys that post many forms speak from their own (forwarded) address, as separate
    // visitors would, so one journey's posts do not spend another's rate limits.
    TRUST_PROXY: "loopback",
  });
  process.env.E2E_ADMIN_USERNAME = admin.username;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  // For journeys that need the server's database to fail for real (the like button's revert).
  process.env.E2E_DATA_DIR = dataDir;

  // Tools no form can add yet, written as another instance would: the server sees them within
  // its freshness poll.
  const database = openDatabase({ engine: "sqlite", file: path.join(dataDir, "toolshelf.db") });
  try {
    const createdAt = Date.now() - 2 * 365 * 24 * 60 * 60 * 1000;
    await database.db.transaction().execute((trx) =>
      insertTools(trx, [{ ...HOSTILE_TOOL, id: newId(), createdAt, updatedAt: createdAt }], Date.now()),
    );
  } finally {
    await database.close();
  }
  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
