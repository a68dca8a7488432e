import { sql } from "kysely";
import { createBatchedCounts } from "../platform/batched-counts.ts";
import type { Database } from "../platform/db/index.ts";
import { startOfDay } from "../../core/dates.ts";

// Searches per day, and how many of them found nothing, for the admin's charts: counted in memory
// as a search is counted in its term's record, and written a batch at a time by the counts-flush
// job into search_days (day, searches, no_results), adding to what other instances wrote.

export interface SearchDays {
  /** One search counted at `at`; `found`: whether it had any result. */
  record(at: number, found: boolean): void;
  /** Writes the counts held; how many days it wrote. A failed write keeps them, and throws. */
  flush(): Promise<number>;
}

export function createSearchDays(database: Database): SearchDays {
  const counts = createBatchedCounts({
    // Two entries a day: a guard only.
    maxEntries: 1000,
    write: async (batch) => {
      const days = new Map<number, { searches: number; no_results: number }>();
      for (const [entry, n] of batch) {
        const [day, kind] = entry.split(" ") as [string, "all" | "none"];
        const row = days.get(Number(day)) ?? { searches: 0, no_results: 0 };
        if (kind === "all") row.searches += n;
        else row.no_results += n;
        days.set(Number(day), row);
      }
      const values = [...days].map(([day, row]) => ({ day, ...row }));
      if (values.length === 0) return 0;
      await database.db
        .insertInto("search_days")
        .values(values)
        .onConflict((oc) =>
          oc.column("day").doUpdateSet({
            searches: sql<number>`search_days.searches + excluded.searches`,
            no_results: sql<number>`search_days.no_results + excluded.no_results`,
          }),
        )
        .execute();
      return values.length;
    },
  });
  return {
    record(at, found) {
      const day = startOfDay(at);
      counts.add(`${day} all`, 1);
      if (!found) counts.add(`${day} none`, 1);
    },
    flush: () => counts.flush(),
  };
}
