import { createHmac } from "node:crypto";
import { sql } from "kysely";
import {
  REPORT_REASON_KEYS,
  RESOLUTION_SENTENCES,
  type ReportInput,
  type ReportReason,
  type ReportResolution,
} from "../../core/reports.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import type { Admin } from "../admin/session.ts";
import { recordAudit } from "../audit/audit.ts";
import { setToolLifecycle, type LifecycleDeps } from "../catalog/lifecycle.ts";
import { visitorCookies } from "../likes/visitor.ts";
import type { Config } from "../platform/config.ts";
import { servesHttps } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";
import type { Logger } from "../platform/logger.ts";
import { joinHtml, mailHtml, mailLine } from "../platform/mail/html.ts";
import type { Mailer } from "../platform/mail/mailer.ts";
import type { RateLimiter } from "../platform/ratelimit/index.ts";
import { startOfDay } from "../../core/dates.ts";

// Reports of a problem with a listing (docs/decisions/049): a visitor says what is wrong with a
// public tool's page; an admin resolves all of a tool's open reports at once, and whoever left an
// address is told how. Of the visitor only a keyed hash of who they were that day is kept, enough
// to take one report per visitor, tool and day; the address is emptied once the mail has gone.

export interface ReportDeps {
  database: Database;
  now: () => number;
  log: Logger;
  config: Pick<Config, "siteName" | "siteUrl">;
  signingKey: () => Promise<string>;
  mailer: Pick<Mailer, "send">;
  limiters: { reportAddress: RateLimiter; reportTool: RateLimiter };
}

/** A public tool a report may be about. */
export interface ReportableTool {
  id: string;
  name: string;
}

/** The public tool at a slug (or id), or null: pending, rejected and unknown tools take no reports. */
export async function findReportableTool(database: Database, key: string): Promise<ReportableTool | null> {
  const row = await database.db
    .selectFrom("tools")
    .select(["id", "name"])
    .where((eb) => eb.or([eb("slug", "=", key), eb("id", "=", key)]))
    .where("status", "in", [...PUBLIC_STATUSES])
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Who a visitor is for "one report a day": their visitor cookie (the likes' signed one) when
 * they have a genuine one, else their network (the address key the limits count by); hashed with
 * the day under the site's signing key, so the stored value names no one and links no two days.
 */
async function visitorHash(
  deps: Pick<ReportDeps, "signingKey" | "config">,
  visitor: { cookieHeader: string | undefined; addressKey: string },
  day: number,
): Promise<string> {
  const secret = await deps.signingKey();
  const cookie = visitorCookies(secret, { secure: servesHttps(deps.config) }).read(visitor.cookieHeader);
  const who = cookie ? `cookie:${cookie}` : `address:${visitor.addressKey}`;
  return createHmac("sha256", secret).update(`listing-report\n${who}\n${day}`).digest("base64url");
}

export type ReportResult = { kind: "saved" } | { kind: "duplicate" } | { kind: "limited"; retryAfterSec: number };

/**
 * Stores a visitor's report of `tool` (the post already counted against the address's limit and
 * validated). A second report of the tool from the same visitor the same day is refused without
 * spending the tool's budget; so is a report past the tool's budget for the day.
 */
export async function submitReport(
  deps: ReportDeps,
  tool: ReportableTool,
  input: ReportInput,
  visitor: { cookieHeader: string | undefined; addressKey: string },
): Promise<ReportResult> {
  const now = deps.now();
  const day = startOfDay(now);
  const hash = await visitorHash(deps, visitor, day);
  const existing = await deps.database.db
    .selectFrom("listing_reports")
    .select("id")
    .where("tool_id", "=", tool.id)
    .where("day", "=", day)
    .where("visitor_hash", "=", hash)
    .executeTakeFirst();
  if (existing) return { kind: "duplicate" };
  const limit = await deps.limiters.reportTool.consume(tool.id, { refusedTakesNothing: true });
  if (limit.limited) return { kind: "limited", retryAfterSec: limit.retryAfterSec };
  // Two posts at once both pass the check above; the unique index keeps one.
  const inserted = await deps.database.db
    .insertInto("listing_reports")
    .values({
      id: newId(),
      tool_id: tool.id,
      reason: input.reason,
      note: input.note ?? "",
      email: input.email ?? null,
      visitor_hash: hash,
      day,
      status: "open",
      resolution: null,
      created_at: now,
      resolved_at: null,
    })
    .onConflict((oc) => oc.columns(["tool_id", "day", "visitor_hash"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    await deps.limiters.reportTool.refund(tool.id);
    return { kind: "duplicate" };
  }
  return { kind: "saved" };
}

/** One open report as the admin's queue shows it: never who sent it, only whether they await a reply. */
export interface OpenReport {
  id: string;
  reason: ReportReason;
  note: string;
  wantsReply: boolean;
  createdAt: number;
}

/** A tool's open reports, as one group of the admin's queue. */
export interface ReportGroup {
  toolId: string;
  toolName: string;
  toolSlug: string;
  count: number;
  /** Open reports per reason, in the form's order, reasons with none left out. */
  reasons: { reason: ReportReason; count: number }[];
  newestAt: number;
  /** The newest reports first, at most REPORTS_SHOWN of them. */
  reports: OpenReport[];
}

const GROUPS_SHOWN = 100;
const REPORTS_SHOWN = 20;

/** The admin's queue: tools with open reports, the most recently reported first. */
export async function listReportGroups(database: Database): Promise<{ groups: ReportGroup[]; open: number }> {
  const { db } = database;
  const [heads, total] = await Promise.all([
    db
      .selectFrom("listing_reports")
      .innerJoin("tools", "tools.id", "listing_reports.tool_id")
      .select([
        "listing_reports.tool_id",
        "tools.name",
        "tools.slug",
        sql<number>`count(*)`.as("n"),
        sql<number>`max(listing_reports.created_at)`.as("newest"),
      ])
      .where("listing_reports.status", "=", "open")
      .groupBy(["listing_reports.tool_id", "tools.name", "tools.slug"])
      .orderBy("newest", "desc")
      .orderBy("listing_reports.tool_id")
      .limit(GROUPS_SHOWN)
      .execute(),
    openReportCount(database),
  ]);
  if (heads.length === 0) return { groups: [], open: total };
  const rows = await db
    .selectFrom("listing_reports")
    .select(["id", "tool_id", "reason", "note", "email", "created_at"])
    .where("status", "=", "open")
    .where(
      "tool_id",
      "in",
      heads.map((h) => h.tool_id),
    )
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  const byTool = new Map<string, typeof rows>();
  for (const row of rows) byTool.set(row.tool_id, [...(byTool.get(row.tool_id) ?? []), row]);
  const groups = heads.map((head) => {
    const own = byTool.get(head.tool_id) ?? [];
    const counts = new Map<ReportReason, number>();
    for (const row of own) counts.set(row.reason, (counts.get(row.reason) ?? 0) + 1);
    return {
      toolId: head.tool_id,
      toolName: head.name,
      toolSlug: head.slug,
      count: Number(head.n),
      reasons: REPORT_REASON_KEYS.filter((r) => counts.has(r)).map((reason) => ({
        reason,
        count: counts.get(reason)!,
      })),
      newestAt: Number(head.newest),
      reports: own.slice(0, REPORTS_SHOWN).map((row) => ({
        id: row.id,
        reason: row.reason,
        note: row.note,
        wantsReply: row.email !== null,
        createdAt: Number(row.created_at),
      })),
    };
  });
  return { groups, open: total };
}

/** How many reports wait for an admin, of every tool. */
export async function openReportCount(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom("listing_reports")
    .select(sql<number>`count(*)`.as("n"))
    .where("status", "=", "open")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A tool's open reports as its owner sees them: what and when, never who. */
export async function openReportsOfTool(
  database: Database,
  toolId: string,
): Promise<{ reason: ReportReason; note: string; createdAt: number }[]> {
  const rows = await database.db
    .selectFrom("listing_reports")
    .select(["reason", "note", "created_at"])
    .where("tool_id", "=", toolId)
    .where("status", "=", "open")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(REPORTS_SHOWN)
    .execute();
  return rows.map((row) => ({ reason: row.reason, note: row.note, createdAt: Number(row.created_at) }));
}

export type ResolveResult = { kind: "resolved"; toolName: string; reports: number; mailed: number } | { kind: "none" };

/**
 * Resolves every open report of a tool as `resolution`, with its audit entry in the same
 * transaction, then mails each reporter who left an address what happened (one mail each). The
 * addresses are emptied as the reports are resolved: a mail that fails is logged, not tried again.
 */
export async function resolveReports(
  deps: Pick<ReportDeps, "database" | "now" | "log" | "config" | "mailer">,
  admin: Admin,
  toolId: string,
  resolution: ReportResolution,
): Promise<ResolveResult> {
  const now = deps.now();
  const done = await deps.database.db.transaction().execute(async (trx) => {
    const tool = await trx.selectFrom("tools").select("name").where("id", "=", toolId).executeTakeFirst();
    if (!tool) return null;
    const open = await trx
      .selectFrom("listing_reports")
      .select(["id", "email"])
      .where("tool_id", "=", toolId)
      .where("status", "=", "open")
      .execute();
    if (open.length === 0) return null;
    // Only the reports read above, and only while still open: of two admins acting at once, one
    // resolves each report and mails its reporter.
    const resolved = await trx
      .updateTable("listing_reports")
      .set({ status: "resolved", resolution, resolved_at: now, email: null })
      .where(
        "id",
        "in",
        open.map((r) => r.id),
      )
      .where("status", "=", "open")
      .returning(["id"])
      .execute();
    if (resolved.length === 0) return null;
    const emailOf = new Map(open.map((r) => [r.id, r.email]));
    await recordAudit(
      trx,
      admin,
      [{ action: "report-resolve", toolId, toolName: tool.name, detail: { resolution, reports: resolved.length } }],
      now,
    );
    return {
      toolName: tool.name,
      reports: resolved.length,
      emails: resolved.flatMap((r) => emailOf.get(r.id) ?? []),
    };
  });
  if (!done) return { kind: "none" };
  let mailed = 0;
  for (const email of done.emails) {
    try {
      await deps.mailer.send({ to: email, ...resolutionMail(deps.config, done.toolName, resolution) });
      mailed++;
    } catch (error) {
      deps.log.error({ err: error }, "report resolution mail not sent");
    }
  }
  return { kind: "resolved", toolName: done.toolName, reports: done.reports, mailed };
}

/**
 * Marks a tool discontinued on behalf of its reports: the one place the admin's "Mark
 * discontinued" goes through, so the tool's own lifecycle change joins it here.
 */
export async function markToolDiscontinued(
  deps: Pick<ReportDeps, "database" | "now" | "log" | "config" | "mailer"> & LifecycleDeps,
  admin: Admin,
  toolId: string,
): Promise<ResolveResult> {
  // The tool is marked first: the reporters' mail says it was, so it must be true when they read it.
  const set = await setToolLifecycle(deps, toolId, { state: "discontinued" }, admin);
  if (set.kind !== "set") return { kind: "none" };
  return resolveReports(deps, admin, toolId, "discontinued");
}

function resolutionMail(config: Pick<Config, "siteName" | "siteUrl">, toolName: string, resolution: ReportResolution) {
  const site = config.siteName;
  const sentence = RESOLUTION_SENTENCES[resolution];
  const text = [
    mailLine`Thank you for your report about ${toolName} on ${site}.`,
    "",
    mailLine`${sentence}`,
    "",
    "You receive this mail because you left your address with the report. We have now deleted it.",
  ].join("\n");
  const html = joinHtml(
    [
      mailHtml`<p>Thank you for your report about <strong>${toolName}</strong> on ${site}.</p>`,
      mailHtml`<p>${sentence}</p>`,
      mailHtml`<p>You receive this mail because you left your address with the report. We have now deleted it.</p>`,
    ],
    "\n",
  ).html;
  return { subject: mailLine`Your report about ${toolName} on ${site}`, text, html };
}
