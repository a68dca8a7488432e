import type { Database } from "../platform/db/index.ts";
import type { ScheduledJob } from "../platform/jobs/scheduler.ts";
import { pruneOneOffTerms } from "./tracking.ts";

/** What a clean-up reports: the one-off terms it forgot. */
export type SearchTermsPruneSummary = { forgotten: number };

/** Forgets one-off search terms (./tracking.ts, pruneOneOffTerms) once a day, at night. */
export function searchTermsPruneJob(deps: {
  database: Database;
  now: () => number;
}): ScheduledJob<SearchTermsPruneSummary> {
  return {
    name: "search-terms-prune",
    schedule: { pattern: "40 3 * * *", timezone: "Europe/Amsterdam" },
    enabled: true,
    setting: null,
    leaseMs: 5 * 60_000,
    run: async () => ({ forgotten: await pruneOneOffTerms(deps.database, deps.now()) }),
  };
}
