import { sql } from "kysely";
import { HOUR_MS } from "../../core/dates.ts";
import { createBatchedCounts } from "../platform/batched-counts.ts";
import type { Database } from "../platform/db/index.ts";

// What trending reads of likes (docs/decisions/052): per tool and hour, the likes made then and
// still held. A like or unlike adds to a count in memory; the counts-flush job writes them a batch
// at a time into trending_likes, so a like's request writes nothing more than the like itself.

/** Distinct (hour, tool) counts held between writes: a guard, not a limit normal traffic meets. */
const MAX_ENTRIES = 100_000;
const UPSERT_CHUNK = 300;

export interface LikeCounts {
  /** A like of the tool, made at `likedAt`, added (1) or taken back (-1). */
  record(toolId: string, likedAt: number, n: 1 | -1): void;
  /** Writes the counts held; how many (hour, tool) rows it wrote. A failed write keeps them, and throws. */
  flush(): Promise<number>;
}

export function createLikeCounts(database: Database): LikeCounts {
  const counts = createBatchedCounts({
    maxEntries: MAX_ENTRIES,
    write: async (batch) => {
      const byTool = new Map<string, { hour: number; count: number }[]>();
      for (const [entry, count] of batch) {
        if (count === 0) continue;
        const space = entry.indexOf(" ");
        const toolId = entry.slice(space + 1);
        const list = byTool.get(toolId) ?? [];
        list.push({ hour: Number(entry.slice(0, space)), count });
        byTool.set(toolId, list);
      }
      const values: { hour: number; tool_id: string; count: number }[] = [];
      const ids = [...byTool.keys()];
      // A tool deleted since is no longer there to count for (and a retry after a write that met
      // one asks again).
      for (let i = 0; i < ids.length; i += UPSERT_CHUNK) {
        const rows = await database.db
          .selectFrom("tools")
          .select("id")
          .where("id", "in", ids.slice(i, i + UPSERT_CHUNK))
          .execute();
        for (const { id } of rows)
          for (const { hour, count } of byTool.get(id)!) values.push({ hour, tool_id: id, count });
      }
      if (values.length === 0) return 0;
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < values.length; i += UPSERT_CHUNK) {
          await trx
            .insertInto("trending_likes")
            .values(values.slice(i, i + UPSERT_CHUNK))
            .onConflict((oc) =>
              oc
                .columns(["hour", "tool_id"])
                .doUpdateSet({ count: sql<number>`trending_likes.count + excluded.count` }),
            )
            .execute();
        }
      });
      return values.length;
    },
  });
  return {
    record(toolId, likedAt, n) {
      counts.add(`${Math.floor(likedAt / HOUR_MS) * HOUR_MS} ${toolId}`, n);
    },
    flush: () => counts.flush(),
  };
}
