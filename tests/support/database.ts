import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "../../server/platform/config.ts";
import { openDatabase, type Database } from "../../server/platform/db/index.ts";
import { migrateToLatest } from "../../server/platform/db/migrate.ts";
import { newId } from "../../server/platform/db/ids.ts";

/** The engine this test run is for: the Vitest project sets TEST_ENGINE. */
export function testEngine(): "sqlite" | "postgres" {
  return process.env.TEST_ENGINE === "postgres" ? "postgres" : "sqlite";
}

export interface TestDatabase {
  target: DatabaseTarget;
  database: Database;
  dataDir: string;
  /** Closes the connection and removes the database (file or schema). */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new SQLite file, or a new PostgreSQL schema in
 * TEST_DATABASE_URL's database.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolshelf-test-"));
  let target: DatabaseTarget;
  let dropSchema = async () => {};
  if (testEngine() === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
    const schema = `t_${newId()}`;
    await adminQuery(url, `create schema "${schema}"`);
    target = { engine: "postgres", url, schema };
    dropSchema = () => adminQuery(url, `drop schema "${schema}" cascade`);
  } else {
    target = { engine: "sqlite", file: path.join(dataDir, "toolshelf.db") };
  }
  const database = openDatabase(target);
  await migrateToLatest(database.db);
  return {
    target,
    database,
    dataDir,
    async drop() {
      await database.close();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** DATABASE_URL for a server process on `target` (a PostgreSQL schema travels as the search path). */
export function databaseUrlOf(target: DatabaseTarget): string {
  if (target.engine === "sqlite") return target.file;
  if (!target.schema) return target.url;
  return `${target.url}${target.url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${target.schema}`)}`;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
