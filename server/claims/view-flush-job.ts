import type { ScheduledJob } from "../platform/jobs/scheduler.ts";
import type { ViewCounter } from "./views.ts";

/** What a flush reports: the (tool, day) counts it wrote. */
export type ViewFlushSummary = { written: number };

/**
 * Writes the tool page views each instance has counted in memory (./views.ts), every minute: a
 * job every instance runs for its own counts, so a view waits at most a minute or so to be
 * written. A failed write keeps the counts for the next run; the server also writes what is left
 * as it stops (server/main.ts).
 */
export function viewFlushJob(views: Pick<ViewCounter, "flush">): ScheduledJob<ViewFlushSummary> {
  return {
    name: "view-flush",
    schedule: { pattern: "* * * * *", timezone: "UTC" },
    enabled: true,
    setting: null,
    leaseMs: 60_000,
    everyInstance: true,
    run: async () => ({ written: await views.flush() }),
  };
}
