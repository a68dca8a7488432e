import SQLite from "better-sqlite3";
import type { AppServices } from "../../server/services.ts";

/**
 * Runs `during` while the database takes no write: on PostgreSQL every pool connection is held (so
 * nothing gets one within the pool's wait), on SQLite another connection holds the write lock (so a
 * write waits out the busy timeout; reads go on, as WAL lets them).
 */
export async function whileDatabaseBusy<T>(
  { database, config }: Pick<AppServices, "database" | "config">,
  during: () => Promise<T>,
): Promise<T> {
  if (database.pgPool) {
    const pool = database.pgPool;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      return await during();
    } finally {
      for (const client of held) client.release();
    }
  }
  if (config.database.engine !== "sqlite") throw new Error(`no way to make ${config.database.engine} busy`);
  const other = new SQLite(config.database.file);
  other.exec("BEGIN IMMEDIATE");
  try {
    return await during();
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }
}
