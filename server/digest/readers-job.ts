import type { Database } from "../platform/db/index.ts";
import type { ScheduledJob } from "../platform/jobs/scheduler.ts";
import { forgetUnconfirmed } from "./subscribers.ts";

/** What a clean-up reports: the unconfirmed addresses it forgot. */
export type UnconfirmedReadersSummary = { forgotten: number };

/**
 * Forgets, every hour, the addresses that asked for the digest and never confirmed once their
 * confirmation link expired (./subscribers.ts, forgetUnconfirmed): an address nobody confirmed is
 * not kept, whether or not the digest itself is on.
 */
export function unconfirmedReadersJob(deps: {
  database: Database;
  now: () => number;
}): ScheduledJob<UnconfirmedReadersSummary> {
  return {
    name: "unconfirmed-readers-prune",
    schedule: { pattern: "35 * * * *", timezone: "Europe/Amsterdam" },
    enabled: true,
    setting: null,
    leaseMs: 5 * 60_000,
    run: async () => ({ forgotten: await forgetUnconfirmed(deps.database, deps.now()) }),
  };
}
