import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/index.ts";
import type { ScheduledJob } from "../jobs/schedule.ts";
import type { Logger } from "../logger.ts";

export interface LinkHealthDeps {
  config: Pick<Config, "linkHealth" | "schedules" | "outboundAllow" | "siteUrl">;
  database: Database;
  freshness: CatalogFreshness;
  log: Logger;
  now: () => number;
}

/** A public tool whose website failed the last checks in a row ("link may be broken"). */
export interface BrokenLink {
  id: string;
  slug: string;
  name: string;
  websiteUrl: string;
  /** Failed checks in a row. */
  failures: number;
  /** What the last check found ("HTTP 500", "No answer from … within 10000 ms.", …). */
  lastResult: string | null;
  checkedAt: number | null;
}

/** Public tools flagged by the link check (failuresToFlag or more failures in a row), most failures first. */
export async function listBrokenLinks(_database: Database, _failuresToFlag: number): Promise<BrokenLink[]> {
  return [];
}

/** The weekly link check as a scheduled job. */
export function linkHealthJob(deps: LinkHealthDeps): ScheduledJob {
  const { schedules, linkHealth } = deps.config;
  return {
    name: "link-health",
    title: "Link check",
    description: "Visits every public tool's website; three failures in a row flag the tool for admins.",
    when: "Every Monday at 04:00, Amsterdam time",
    pattern: schedules.linkHealth.pattern,
    timezone: schedules.linkHealth.timezone,
    enabled: linkHealth.enabled,
    leaseMs: 5 * 60_000,
    run: async () => ({ checked: 0 }),
  };
}
