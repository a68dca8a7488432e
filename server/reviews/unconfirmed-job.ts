import type { Database } from "../platform/db/index.ts";
import type { ScheduledJob } from "../platform/jobs/scheduler.ts";
import { forgetUnconfirmedReviews } from "./service.ts";

/** What a clean-up reports: the unconfirmed reviews it forgot. */
export type UnconfirmedReviewsSummary = { forgotten: number };

/**
 * Forgets, every hour, the reviews whose writer never used the confirmation link once it expired
 * (./service.ts, forgetUnconfirmedReviews): a review nobody confirmed is not kept.
 */
export function unconfirmedReviewsJob(deps: {
  database: Database;
  now: () => number;
}): ScheduledJob<UnconfirmedReviewsSummary> {
  return {
    name: "unconfirmed-reviews-prune",
    schedule: { pattern: "40 * * * *", timezone: "Europe/Amsterdam" },
    enabled: true,
    setting: null,
    leaseMs: 5 * 60_000,
    run: async () => ({ forgotten: await forgetUnconfirmedReviews(deps.database, deps.now()) }),
  };
}
