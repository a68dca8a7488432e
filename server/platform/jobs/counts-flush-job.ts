import type { BatchedCounts } from "../batched-counts.ts";
import type { ScheduledJob } from "./scheduler.ts";

/** What a flush reports: per kind of count, the rows it wrote. */
export type CountsFlushSummary<K extends string> = Record<K, number>;

/**
 * Writes what each instance has counted in memory (../batched-counts.ts: tool page views, likes
 * for trending), every minute: a job every instance runs for its own counts, so a count waits at
 * most a minute or so to be written. A failed write keeps its counts for the next run (the run
 * fails after trying the others); the server also writes what is left as it stops (server/main.ts).
 */
export function countsFlushJob<K extends string>(
  counts: Record<K, Pick<BatchedCounts, "flush">>,
): ScheduledJob<CountsFlushSummary<K>> {
  return {
    name: "counts-flush",
    schedule: { pattern: "* * * * *", timezone: "UTC" },
    enabled: true,
    setting: null,
    leaseMs: 60_000,
    everyInstance: true,
    run: async () => {
      const kinds = Object.keys(counts) as K[];
      const results = await Promise.allSettled(kinds.map((kind) => counts[kind].flush()));
      const failed = results.find((r) => r.status === "rejected");
      if (failed) throw failed.reason;
      return Object.fromEntries(
        kinds.map((kind, i) => [kind, (results[i] as PromiseFulfilledResult<number>).value]),
      ) as CountsFlushSummary<K>;
    },
  };
}
