import { isoWeekKey } from "../../core/digest.ts";
import type { PublicCatalog } from "../catalog/public.ts";
import type { ToolCard } from "../catalog/queries.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import type { RunContext, ScheduledJob } from "../platform/jobs/scheduler.ts";
import type { Logger } from "../platform/logger.ts";
import { MailError, type Mailer } from "../platform/mail/mailer.ts";
import { renderDigest, type DigestContent, type DigestTool } from "./render.ts";
import { unsubscribeToken, unsubscribeUrl } from "./subscribers.ts";

export interface DigestDeps {
  config: Pick<Config, "siteUrl" | "siteName" | "digest" | "schedules">;
  database: Database;
  catalog: Pick<PublicCatalog, "featured" | "latest">;
  mailer: Mailer;
  log: Logger;
  now: () => number;
  signingKey: () => Promise<string>;
}

/** What a digest run reports: its week, mails sent and failed in this run, and what it did in words. */
export type DigestRunSummary = { week: string; sent: number; failed: number; outcome: string };

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const BATCH = 100;

/** The weekly digest as a scheduled job. */
export function digestJob(deps: DigestDeps): ScheduledJob<DigestRunSummary> {
  const { schedules, digest } = deps.config;
  return {
    name: "weekly-digest",
    schedule: { pattern: schedules.digest.pattern, timezone: schedules.digest.timezone },
    enabled: digest.enabled,
    setting: "DIGEST_ENABLED",
    leaseMs: 5 * 60_000,
    run: (context) => sendWeeklyDigest(deps, context),
  };
}

function digestTool(siteUrl: string, tool: ToolCard): DigestTool {
  return { name: tool.name, tagline: tool.tagline, url: `${siteUrl}/tool/${encodeURIComponent(tool.slug || tool.id)}` };
}

/**
 * What this week's issue lists: the public tools listed in the last 7 days, newest first (the
 * home page's "Latest tools", read the same way), and the tools featured now (the home page's
 * "Featured"); a featured tool is listed once, under Featured.
 */
export async function gatherContent(
  deps: Pick<DigestDeps, "catalog" | "config">,
  now: number,
  week: string,
): Promise<DigestContent> {
  const { digest, siteUrl } = deps.config;
  const featured = await deps.catalog.featured(now, { limit: digest.featuredMax });
  const featuredIds = new Set(featured.map((tool) => tool.id));
  const latest = await deps.catalog.latest(now, digest.newToolsMax + featured.length);
  const newTools = latest
    .filter((tool) => tool.createdAt > now - WEEK_MS && !featuredIds.has(tool.id))
    .slice(0, digest.newToolsMax);
  return {
    week,
    newTools: newTools.map((tool) => digestTool(siteUrl, tool)),
    featured: featured.map((tool) => digestTool(siteUrl, tool)),
  };
}

/** This week's issue: the one made by an earlier run of the week, or a new one; null when there is nothing to send. */
async function issueOfWeek(deps: DigestDeps, week: string, now: number): Promise<DigestContent | null> {
  const stored = await deps.database.db
    .selectFrom("digest_issues")
    .select("content")
    .where("week", "=", week)
    .executeTakeFirst();
  if (stored) return JSON.parse(stored.content) as DigestContent;
  const content = await gatherContent(deps, now, week);
  if (content.newTools.length === 0 && content.featured.length === 0) return null;
  await deps.database.db
    .insertInto("digest_issues")
    .values({
      week,
      content: JSON.stringify(content),
      new_count: content.newTools.length,
      featured_count: content.featured.length,
      created_at: now,
    })
    .onConflict((oc) => oc.column("week").doNothing())
    .execute();
  const saved = await deps.database.db
    .selectFrom("digest_issues")
    .select("content")
    .where("week", "=", week)
    .executeTakeFirstOrThrow();
  return JSON.parse(saved.content) as DigestContent;
}

/** Claims the send of `week` to a reader; false when it is sent, being sent, or claimed by another run. */
async function claim(
  database: Database,
  week: string,
  subscriberId: string,
  retry: boolean,
  now: number,
): Promise<boolean> {
  if (retry) {
    const result = await database.db
      .updateTable("digest_deliveries")
      .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1), updated_at: now }))
      .where("week", "=", week)
      .where("subscriber_id", "=", subscriberId)
      .where("status", "=", "failed")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  const result = await database.db
    .insertInto("digest_deliveries")
    .values({
      week,
      subscriber_id: subscriberId,
      status: "sending",
      attempts: 1,
      last_error: null,
      updated_at: now,
      sent_at: null,
    })
    .onConflict((oc) => oc.columns(["week", "subscriber_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * One run, scheduled or by hand: makes (or reads) this week's issue and sends it to every
 * confirmed reader who has not had it — readers whose send failed in an earlier run of the week
 * included. Each send is claimed in `digest_deliveries` before the mail leaves, so neither a
 * retry nor a second instance sends it twice; a claim left by a run that died is not sent again
 * (at most once). The run stops between two mails when its signal aborts.
 */
export async function sendWeeklyDigest(
  deps: DigestDeps,
  context: RunContext<DigestRunSummary>,
): Promise<DigestRunSummary> {
  const { database, config } = deps;
  const now = deps.now();
  const week = isoWeekKey(now, config.schedules.digest.timezone);
  const content = await issueOfWeek(deps, week, now);
  if (!content)
    return { week, sent: 0, failed: 0, outcome: "Nothing new and nothing featured this week: no digest sent." };

  const site = { name: config.siteName, url: config.siteUrl };
  const figures = { week, sent: 0, failed: 0 };
  let after = "";
  for (;;) {
    const readers = await database.db
      .selectFrom("digest_subscribers as s")
      .leftJoin("digest_deliveries as d", (join) => join.onRef("d.subscriber_id", "=", "s.id").on("d.week", "=", week))
      .select(["s.id", "s.email", "d.status as delivery"])
      .where("s.status", "=", "confirmed")
      .where("s.id", ">", after)
      .where((eb) => eb.or([eb("d.status", "is", null), eb("d.status", "=", "failed")]))
      .orderBy("s.id")
      .limit(BATCH)
      .execute();
    if (readers.length === 0) break;
    for (const reader of readers) {
      after = reader.id;
      if (context.signal.aborted) throw context.signal.reason as Error;
      if (!reader.email || !(await claim(database, week, reader.id, reader.delivery === "failed", deps.now())))
        continue;
      const link = unsubscribeUrl(config.siteUrl, await unsubscribeToken(deps, reader.id));
      const mail = renderDigest(site, content, link);
      try {
        await deps.mailer.send({
          to: reader.email,
          ...mail,
          // RFC 2369 and RFC 8058: mail programs show an unsubscribe button that POSTs to the link.
          headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        });
      } catch (error) {
        const message = error instanceof MailError ? error.message : "Unexpected error (see the server log).";
        if (!(error instanceof MailError))
          deps.log.error({ err: error, subscriber: reader.id }, "digest: mail not sent");
        await database.db
          .updateTable("digest_deliveries")
          .set({ status: "failed", last_error: message.slice(0, 500), updated_at: deps.now() })
          .where("week", "=", week)
          .where("subscriber_id", "=", reader.id)
          .execute();
        figures.failed++;
        context.itemError(`subscriber ${reader.id}`, message);
        continue;
      }
      const sentAt = deps.now();
      await database.db
        .updateTable("digest_deliveries")
        .set({ status: "sent", sent_at: sentAt, updated_at: sentAt, last_error: null })
        .where("week", "=", week)
        .where("subscriber_id", "=", reader.id)
        .execute();
      figures.sent++;
    }
    await context.progress({ ...figures, outcome: "Sending…" });
  }
  const outcome =
    figures.sent === 0 && figures.failed === 0
      ? "Every confirmed reader already has this week's digest."
      : `Sent ${figures.sent}, failed ${figures.failed}${figures.failed > 0 ? " (the next run tries them again)" : ""}.`;
  return { ...figures, outcome };
}

/** One issue as the admin sees it: its week, when it was made, what it listed, and its sends. */
export interface IssueView {
  week: string;
  createdAt: number;
  newCount: number;
  featuredCount: number;
  sent: number;
  failed: number;
  /** Claimed by a run that did not finish: not sent again. */
  unknown: number;
  lastSentAt: number | null;
}

/** The latest issues, newest first, with their send counts. */
export async function recentIssues(database: Database, limit: number): Promise<IssueView[]> {
  const issues = await database.db
    .selectFrom("digest_issues")
    .selectAll()
    .orderBy("week", "desc")
    .limit(limit)
    .execute();
  if (issues.length === 0) return [];
  const counts = await database.db
    .selectFrom("digest_deliveries")
    .select((eb) => ["week", "status", eb.fn.countAll<number>().as("count"), eb.fn.max("sent_at").as("last_sent_at")])
    .where(
      "week",
      "in",
      issues.map((issue) => issue.week),
    )
    .groupBy(["week", "status"])
    .execute();
  return issues.map((issue) => {
    const of = (status: string) => counts.find((c) => c.week === issue.week && c.status === status);
    const lastSent = of("sent")?.last_sent_at;
    return {
      week: issue.week,
      createdAt: Number(issue.created_at),
      newCount: issue.new_count,
      featuredCount: issue.featured_count,
      sent: Number(of("sent")?.count ?? 0),
      failed: Number(of("failed")?.count ?? 0),
      unknown: Number(of("sending")?.count ?? 0),
      lastSentAt: lastSent === null || lastSent === undefined ? null : Number(lastSent),
    };
  });
}
