import { startOfDay } from "../../core/dates.ts";
import type { Database } from "../platform/db/index.ts";
import type { ScheduledJob } from "../platform/jobs/scheduler.ts";

/** What a clean-up reports: the day counts it deleted. */
export type CountsPruneSummary = { deleted: number };

/** The tables of daily counts, each keyed by day (and indexed by it). */
const DAILY_TABLES = [
  "tool_views",
  "tool_clicks",
  "tool_impressions",
  "tool_like_days",
  "site_days",
  "search_days",
] as const;

/**
 * Deletes the daily counts older than the retention (COUNTS_RETENTION_DAYS), once a day at night:
 * the charts and reports read at most the retention back.
 */
export function countsPruneJob(deps: {
  database: Database;
  now: () => number;
  retentionMs: number;
}): ScheduledJob<CountsPruneSummary> {
  return {
    name: "counts-prune",
    schedule: { pattern: "50 3 * * *", timezone: "Europe/Amsterdam" },
    enabled: true,
    setting: null,
    leaseMs: 10 * 60_000,
    run: async () => {
      const before = startOfDay(deps.now() - deps.retentionMs);
      let deleted = 0;
      for (const table of DAILY_TABLES) {
        const result = await deps.database.db.deleteFrom(table).where("day", "<", before).executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return { deleted };
    },
  };
}
