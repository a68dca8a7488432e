import { createHash } from "node:crypto";
import { changeCatalog } from "../catalog/change.ts";
import { recordLinkCheck } from "../catalog/write.ts";
import { hiddenFromLists } from "../../core/lifecycle.ts";
import { HIDDEN_STATUSES, PUBLIC_STATUSES } from "../../core/tool.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { pause, type RunContext, type ScheduledJob } from "../platform/jobs/scheduler.ts";
import type { Logger } from "../platform/logger.ts";
import { OutboundError, safeFetch } from "../platform/net/fetch.ts";
import { publicRepository, repositoryActivity } from "./repo-activity.ts";

export interface LinkHealthDeps {
  config: Pick<Config, "linkHealth" | "lifecycle" | "schedules" | "outboundAllow" | "siteUrl">;
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
export async function listBrokenLinks(database: Database, failuresToFlag: number): Promise<BrokenLink[]> {
  const rows = await database.db
    .selectFrom("tools")
    .select(["id", "slug", "name", "website_url", "link_failures", "link_check_result", "link_checked_at"])
    // "Not hidden" rather than "public": SQLite keeps no statistics, and offered an index on the
    // status it reads every public tool (0.15 s at 100,000) instead of the few flagged ones.
    .where("status", "not in", HIDDEN_STATUSES)
    .where("link_failures", ">=", failuresToFlag)
    .orderBy("link_failures", "desc")
    .orderBy("name")
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    websiteUrl: row.website_url,
    failures: row.link_failures,
    lastResult: row.link_check_result,
    checkedAt: row.link_checked_at === null ? null : Number(row.link_checked_at),
  }));
}

/** What a link check reports: websites checked, reachable, failed, and tools newly flagged. */
export type LinkCheckSummary = { checked: number; ok: number; failed: number; flagged: number };

/** The weekly link check as a scheduled job. */
export function linkHealthJob(deps: LinkHealthDeps): ScheduledJob<LinkCheckSummary> {
  const { schedules, linkHealth } = deps.config;
  return {
    name: "link-health",
    schedule: { pattern: schedules.linkHealth.pattern, timezone: schedules.linkHealth.timezone },
    enabled: linkHealth.enabled,
    setting: "LINK_CHECK_ENABLED",
    leaseMs: 5 * 60_000,
    run: (context) => checkLinks(deps, context),
  };
}

/** Answers that mean the site is there but refuses robots, which is not a broken link. */
const ALIVE_REFUSALS = new Set([401, 403, 405, 429]);
const BATCH = 100;

/**
 * One run: checks the website of every public tool not checked since the run began, least
 * recently checked first, one at a time with a pause between them. What a batch found is
 * recorded as one catalogue change when the batch is done or the run stops (pages learn of it
 * then, not at every site), so the next run goes on where this one ended.
 */
export async function checkLinks(
  deps: LinkHealthDeps,
  context: RunContext<LinkCheckSummary>,
): Promise<LinkCheckSummary> {
  const { database, config } = deps;
  const startedAt = deps.now();
  const figures = { checked: 0, ok: 0, failed: 0, flagged: 0 };
  for (;;) {
    const batch = await database.db
      .selectFrom("tools")
      .select(["id", "website_url", "link_failures", "lifecycle"])
      .where("status", "in", PUBLIC_STATUSES)
      .where((eb) => eb.or([eb("link_checked_at", "is", null), eb("link_checked_at", "<", startedAt)]))
      .orderBy("link_checked_at")
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (batch.length === 0) break;
    const found: (Parameters<typeof recordLinkCheck>[2] & { toolId: string })[] = [];
    const limit = config.linkHealth.failuresToFlag;
    try {
      for (const tool of batch) {
        if (figures.checked > 0) await pause(config.linkHealth.spacingMs, context.signal);
        const result = await checkLink(deps, tool.website_url, context.signal);
        const failures = result.ok ? 0 : tool.link_failures + 1;
        // Asked whatever the website answered: the forge's API is another host, and a repository's
        // activity says something even while its page cannot be fetched.
        const repo = publicRepository(tool.website_url);
        const repoActivityAt = repo ? await repositoryActivity(deps, repo, context.signal) : null;
        const relisted =
          hiddenFromLists({ manual: tool.lifecycle, linkFailures: tool.link_failures }, limit) !==
          hiddenFromLists({ manual: tool.lifecycle, linkFailures: failures }, limit);
        found.push({
          toolId: tool.id,
          checkedAt: Math.max(deps.now(), startedAt),
          result: result.detail,
          failures,
          answered: result.ok ? { siteHash: result.siteHash } : undefined,
          repoActivityAt,
          relisted,
        });
        figures.checked++;
        if (result.ok) figures.ok++;
        else {
          figures.failed++;
          if (failures === config.linkHealth.failuresToFlag) figures.flagged++;
        }
      }
    } finally {
      // Also when the run is stopped in the middle of a batch: what was found is kept.
      if (found.length > 0) {
        await changeCatalog(deps, async (write) => {
          for (const { toolId, ...check } of found) await recordLinkCheck(write, toolId, check);
        });
      }
    }
    await context.progress(figures);
  }
  return figures;
}

/**
 * Whether a website answers: redirects followed, time-limited, only the start of the page read.
 * A page that answered is hashed, so that a start that never changes says the site may be stale;
 * an answer that only says the site is there (a refusal) has nothing to hash.
 */
export async function checkLink(
  deps: Pick<LinkHealthDeps, "config">,
  websiteUrl: string,
  signal?: AbortSignal,
): Promise<{ ok: boolean; detail: string; siteHash: string | null }> {
  try {
    const response = await safeFetch(websiteUrl, {
      // A run stopped in the middle of a visit records nothing for that site: it was not a failure.
      signal,
      allow: deps.config.outboundAllow,
      timeoutMs: deps.config.linkHealth.timeoutMs,
      maxBytes: 64 * 1024,
      truncate: true,
      headers: {
        accept: "text/html,*/*",
        "user-agent": `Mozilla/5.0 (compatible; toolshelf link check; +${deps.config.siteUrl})`,
      },
    });
    const ok = response.status < 400 || ALIVE_REFUSALS.has(response.status);
    const siteHash = response.status < 400 ? createHash("sha256").update(response.body).digest("hex") : null;
    return { ok, detail: `HTTP ${response.status}`, siteHash };
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, detail: error.message, siteHash: null };
    throw error;
  }
}
