import { sql, type Kysely } from "kysely";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { COUNTS_LAG_MS } from "../../core/likes.ts";
import type { Database } from "../platform/db/index.ts";
import type { DB } from "../platform/db/types.ts";
import type { Logger } from "../platform/logger.ts";
import type { CatalogChange } from "./change.ts";

/**
 * Tells cached public pages when they are stale (docs/decisions/023). The generation changes when
 * this instance writes to the catalogue (at once), when any instance did (seen through
 * `catalog_state` within `pollMs`), and when a featured year ends (pages change with no write at
 * all) — except for like counts: a like leaves the generation alone, and what was made before it
 * may still be served for a few seconds (`countsCutoff`), so a stream of likes never empties the
 * caches while no count shown is more than a few seconds behind.
 */
export interface CatalogFreshness {
  /** The current generation; pages cached under another one are stale. */
  generation(): Promise<number>;
  /** The generation when it is known without asking the database (checked within `pollMs`), else null. */
  peek(): number | null;
  /** Told after a catalogue change commits (server/catalog/change.ts): what it changed. */
  changed(change?: CatalogChange): void;
  /**
   * What was made (started rendering, by the app's clock) before this moment may show a like
   * count that changed more than `countsLagMs` ago: it is stale. Made at or after it, it is as
   * fresh as counts need to be.
   */
  countsCutoff(): number;
  /** Whether a like on this instance changed one of these tools' counts at or after `since` (by the app's clock). */
  countsChangedSince(toolIds: readonly string[], since: number): boolean;
}

/** Whether a change touched like counts alone (then pages may show it a few seconds late). */
export function countsOnly(change: CatalogChange | undefined): boolean {
  return change !== undefined && change.kinds.size > 0 && [...change.kinds].every((kind) => kind === "counts");
}

/**
 * Records, inside the writing transaction, that public pages have changed — like counts alone
 * (`counts`) or anything else — and returns the new version of that kind. On PostgreSQL the row
 * stays locked until the transaction ends, so writers take versions in the order they commit.
 */
export async function markCatalogChanged(
  db: Kysely<DB>,
  now: number,
  what: "listing" | "counts" = "listing",
): Promise<number> {
  if (what === "counts") {
    const row = await db
      .updateTable("catalog_state")
      .set({ counts_version: sql<number>`counts_version + 1` })
      .where("id", "=", 1)
      .returning("counts_version")
      .executeTakeFirstOrThrow();
    return Number(row.counts_version);
  }
  const row = await db
    .updateTable("catalog_state")
    .set({ version: sql<number>`version + 1`, changed_at: now })
    .where("id", "=", 1)
    .returning("version")
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export function createCatalogFreshness(
  database: Database,
  now: () => number,
  log: Logger,
  options: { pollMs: number; countsLagMs: number } = { pollMs: 1000, countsLagMs: COUNTS_LAG_MS },
): CatalogFreshness {
  const { pollMs, countsLagMs } = options;
  let generation = 0;
  let seenVersion: number | null = null;
  let seenCounts: number | null = null;
  // When like counts changed lately (by the app's clock, as the caches date what they make; oldest
  // first), and the last change older than the allowed lag: what was made before that one is stale.
  // The database poll keeps to the process's own time: a clock set back or held still would stop it.
  const countChanges: number[] = [];
  let staleBefore = Number.NEGATIVE_INFINITY;
  // When this instance last changed each tool's count (pruned, once past the lag, at the next
  // like), and the last of those times.
  const likedHere = new Map<string, number>();
  let lastLikedHere = Number.NEGATIVE_INFINITY;
  const countsChanged = () => {
    const at = now();
    // Changes close together make one: the cutoff only needs to be right to a tenth of a second.
    if (countChanges.length === 0 || at - countChanges[countChanges.length - 1]! >= 100) countChanges.push(at);
  };
  let nextExpiry = Number.POSITIVE_INFINITY;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | null = null;

  async function check(): Promise<void> {
    const at = now();
    try {
      const [state, running] = await Promise.all([
        database.db
          .selectFrom("catalog_state")
          .select(["version", "counts_version"])
          .where("id", "=", 1)
          .executeTakeFirst(),
        database.db
          .selectFrom("orders")
          .select(sql<number | null>`min(featured_from)`.as("first"))
          .where("status", "=", "paid")
          .where("featured_from", ">", at - FEATURED_DURATION_MS)
          .executeTakeFirst(),
      ]);
      const version = Number(state?.version ?? 0);
      if (version !== seenVersion) {
        seenVersion = version;
        generation++;
      }
      const counts = Number(state?.counts_version ?? 0);
      if (seenCounts !== null && counts !== seenCounts) countsChanged();
      seenCounts = counts;
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
    changed(change) {
      if (countsOnly(change)) {
        countsChanged();
        const at = now();
        // Older than the lag, the cutoff covers them: pruned here, on a write, not on every read.
        for (const [id, likedAt] of likedHere) if (likedAt <= at - countsLagMs) likedHere.delete(id);
        for (const id of change!.toolIds) likedHere.set(id, at);
        lastLikedHere = at;
        return;
      }
      generation++;
      checkedAt = Number.NEGATIVE_INFINITY;
    },
    countsCutoff() {
      const oldest = now() - countsLagMs;
      while (countChanges.length > 0 && countChanges[0]! <= oldest) staleBefore = countChanges.shift()!;
      return staleBefore;
    },
    countsChangedSince(toolIds, since) {
      if (lastLikedHere < since) return false;
      return toolIds.some((id) => (likedHere.get(id) ?? Number.NEGATIVE_INFINITY) >= since);
    },
  };
}
