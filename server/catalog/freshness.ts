import { sql, type Kysely } from "kysely";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import type { Database } from "../db/index.ts";
import type { DB } from "../db/types.ts";
import type { Logger } from "../logger.ts";
import type { CatalogChange } from "./change.ts";

/**
 * Tells cached public pages when they are stale. The generation changes when this instance
 * writes to the catalogue (at once), when any instance did (seen through `catalog_state` within
 * `pollMs`), and when a featured year ends (pages change with no write at all).
 */
export interface CatalogFreshness {
  /** The current generation; pages cached under another one are stale. */
  generation(): Promise<number>;
  /** The generation when it is known without asking the database (checked within `pollMs`), else null. */
  peek(): number | null;
  /** Told after a catalogue change commits (server/catalog/change.ts): what it changed. */
  changed(change?: CatalogChange): void;
}

/**
 * Records, inside the writing transaction, that public pages have changed; returns the new
 * catalogue version. On PostgreSQL the row stays locked until the transaction ends, so writers
 * take versions in the order they commit.
 */
export async function markCatalogChanged(db: Kysely<DB>, now: number): Promise<number> {
  const row = await db
    .updateTable("catalog_state")
    .set({ version: sql<number>`version + 1`, changed_at: now })
    .where("id", "=", 1)
    .returning("version")
    .executeTakeFirstOrThrow();
  return row.version;
}

export function createCatalogFreshness(
  database: Database,
  now: () => number,
  log: Logger,
  pollMs = 1000,
): CatalogFreshness {
  let generation = 0;
  let seenVersion: number | null = null;
  let nextExpiry = Number.POSITIVE_INFINITY;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | null = null;

  async function check(): Promise<void> {
    const at = now();
    try {
      const [state, running] = await Promise.all([
        database.db.selectFrom("catalog_state").select("version").where("id", "=", 1).executeTakeFirst(),
        database.db
          .selectFrom("orders")
          .select(sql<number | null>`min(paid_at)`.as("first"))
          .where("status", "=", "paid")
          .where("paid_at", ">", at - FEATURED_DURATION_MS)
          .executeTakeFirst(),
      ]);
      const version = state?.version ?? 0;
      if (version !== seenVersion) {
        seenVersion = version;
        generation++;
      }
      const first = running?.first ?? null;
      nextExpiry = first === null ? Number.POSITIVE_INFINITY : first + FEATURED_DURATION_MS;
    } catch (error) {
      // With the database away, cached pages are the best answer we have: keep serving them.
      log.warn({ err: error }, "catalogue freshness check failed");
    } finally {
      checkedAt = Date.now();
    }
  }

  return {
    async generation() {
      if (now() >= nextExpiry) {
        nextExpiry = Number.POSITIVE_INFINITY;
        checkedAt = Number.NEGATIVE_INFINITY;
        generation++;
      }
      if (Date.now() - checkedAt >= pollMs) {
        checking ??= check().finally(() => {
          checking = null;
        });
        await checking;
      }
      return generation;
    },
    peek() {
      return Date.now() - checkedAt < pollMs && now() < nextExpiry ? generation : null;
    },
    changed() {
      generation++;
      checkedAt = Number.NEGATIVE_INFINITY;
    },
  };
}
