import { sql } from "kysely";
import type { Database } from "../db/index.ts";
import type { ScheduledJob } from "../jobs/scheduler.ts";

// The rows of `rate_limits` (the PostgreSQL limiter's counters, and on both engines the login
// queues of ./queue.ts) outlive their window: the limiter runs without its own clean-up timer
// (one per limiter and instance), and nothing else deleted them. A row past its `expire` counts
// nothing (the next consume starts it afresh), so deleting it changes no limit.

/** Expired this long before a row is deleted: instances' clocks may differ a little, and a counter is never deleted while any of them still counts it. */
export const EXPIRED_GRACE_MS = 60 * 60 * 1000;

/** Deletes the counters and queues that expired over EXPIRED_GRACE_MS before `now`; how many. */
export async function pruneExpiredRateLimits(database: Database, now: number): Promise<number> {
  // The table is the limiter library's, outside the schema's types (as in ./queue.ts).
  const result =
    await sql`delete from rate_limits where expire is not null and expire < ${now - EXPIRED_GRACE_MS}`.execute(
      database.db,
    );
  return Number(result.numAffectedRows ?? 0);
}

/** What a clean-up reports: the expired rows it deleted. */
export type RateLimitsPruneSummary = { deleted: number };

/** Deletes expired rate-limit rows every hour. */
export function rateLimitsPruneJob(deps: {
  database: Database;
  now: () => number;
}): ScheduledJob<RateLimitsPruneSummary> {
  return {
    name: "rate-limits-prune",
    schedule: { pattern: "25 * * * *", timezone: "Europe/Amsterdam" },
    enabled: true,
    setting: null,
    leaseMs: 5 * 60_000,
    run: async () => ({ deleted: await pruneExpiredRateLimits(deps.database, deps.now()) }),
  };
}
