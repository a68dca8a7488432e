import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { DAY_MS, startOfDay } from "../../core/dates.ts";
import { FEATURED_DURATION_MS, featuredUntil } from "../../core/featuring.ts";
import type { Chart } from "../../core/insights.ts";
import type { Database } from "../platform/db/index.ts";

// What a listing's owner and a featured placement's payer see of it over time (docs/decisions/055):
// its counts per day, read from the per-tool daily tables by their (tool, day) keys.

/** Days the owner page shows. */
export const OWNER_DAYS = 90;

type DailyTable = "tool_views" | "tool_clicks" | "tool_impressions" | "tool_like_days";

/** A tool's counts per day from `from` to `to` (day starts, both included), per table. */
async function toolDays(
  database: Database,
  toolId: string,
  tables: readonly DailyTable[],
  from: number,
  to: number,
): Promise<Map<DailyTable, Map<number, number>>> {
  const read = await Promise.all(
    tables.map((table) =>
      database.db
        .selectFrom(table)
        .select(["day", "count"])
        .where("tool_id", "=", toolId)
        .where("day", ">=", from)
        .where("day", "<=", to)
        .execute(),
    ),
  );
  return new Map(tables.map((table, i) => [table, new Map(read[i]!.map((r) => [Number(r.day), Number(r.count)]))]));
}

const daysFrom = (from: number, to: number) =>
  Array.from({ length: Math.max(0, Math.round((to - from) / DAY_MS) + 1) }, (_, i) => from + i * DAY_MS);

/** The owner page's chart: page views, website clicks and likes per day for the last 90 days. */
export async function ownerChart(database: Database, toolId: string, now: number): Promise<Chart> {
  const to = startOfDay(now);
  const from = to - (OWNER_DAYS - 1) * DAY_MS;
  const counts = await toolDays(database, toolId, ["tool_views", "tool_clicks", "tool_like_days"], from, to);
  const series = [
    { key: "views", label: "Page views", table: "tool_views" },
    { key: "clicks", label: "Website clicks", table: "tool_clicks" },
    { key: "likes", label: "Likes", table: "tool_like_days" },
  ] as const;
  return {
    id: "owner",
    title: `The last ${OWNER_DAYS} days`,
    period: "day",
    unit: "count",
    summary: "total",
    series: series.map(({ key, label }) => ({ key, label })),
    rows: daysFrom(from, to).map((at) => ({ at, values: series.map((s) => counts.get(s.table)!.get(at) ?? 0) })),
  };
}

// A featured order's report is reached by a link only its payer is given (and verified owners):
// the order's id signed with the site's key, so nothing more is stored.
const SPONSOR_TOKEN = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

function signature(key: string, orderId: string): string {
  return createHmac("sha256", key).update(`sponsor-report:${orderId}`).digest("base64url");
}

/** The private link's token of a featured order's report. */
export async function sponsorToken(signingKey: () => Promise<string>, orderId: string): Promise<string> {
  return `${orderId}.${signature(await signingKey(), orderId)}`;
}

/** The order a report token was made for, or null when this site did not make it. */
export async function orderOfSponsorToken(signingKey: () => Promise<string>, token: string): Promise<string | null> {
  const match = SPONSOR_TOKEN.exec(token);
  if (!match) return null;
  const [, id, given] = match;
  const expected = Buffer.from(signature(await signingKey(), id!));
  const actual = Buffer.from(given!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? id! : null;
}

export const sponsorReportPath = (token: string) => `/sponsor/${token}`;

export interface SponsorReport {
  order: {
    toolName: string;
    toolSlug: string | null;
    amountCents: number;
    status: string;
    /** When the placement started (null: it starts when the tool is approved), and ends. */
    from: number | null;
    until: number | null;
  };
  /** Impressions and clicks per day since the placement started (until today or its end). */
  chart: Chart | null;
  totals: { impressions: number; clicks: number; views: number };
  /** The same number of days just before it started. */
  before: { impressions: number; clicks: number; views: number; days: number } | null;
  /** Its place by clicks among the placements in force in those days (1 is most). */
  rank: { position: number; of: number } | null;
}

/** A featured order's report at `now`, or null when there is no such paid or refunded order. */
export async function sponsorReport(database: Database, orderId: string, now: number): Promise<SponsorReport | null> {
  const { db } = database;
  const order = await db
    .selectFrom("orders")
    .leftJoin("tools", "tools.id", "orders.tool_id")
    .select([
      "orders.tool_id",
      "orders.tool_name",
      "orders.amount_cents",
      "orders.status",
      "orders.featured_from",
      "tools.slug",
      "tools.name",
    ])
    .where("orders.id", "=", orderId)
    .where("orders.kind", "=", "featuring")
    .where("orders.status", "in", ["paid", "refunded"])
    .executeTakeFirst();
  if (!order) return null;
  const start = order.featured_from === null ? null : Number(order.featured_from);
  const about = {
    toolName: order.name ?? order.tool_name,
    toolSlug: order.slug,
    amountCents: Number(order.amount_cents),
    status: order.status,
    from: start,
    until: start === null ? null : featuredUntil(start),
  };
  const empty = { impressions: 0, clicks: 0, views: 0 };
  if (start === null || order.tool_id === null || start > now)
    return { order: about, chart: null, totals: empty, before: null, rank: null };

  const from = startOfDay(start);
  const to = startOfDay(Math.min(now, featuredUntil(start)));
  const days = daysFrom(from, to);
  const previousFrom = from - days.length * DAY_MS;
  const tables = ["tool_impressions", "tool_clicks", "tool_views"] as const;
  const [during, previous] = await Promise.all([
    toolDays(database, order.tool_id, tables, from, to),
    toolDays(database, order.tool_id, tables, previousFrom, from - DAY_MS),
  ]);
  const sum = (counts: Map<DailyTable, Map<number, number>>, table: DailyTable) =>
    [...counts.get(table)!.values()].reduce((a, b) => a + b, 0);
  const totalsOf = (counts: Map<DailyTable, Map<number, number>>) => ({
    impressions: sum(counts, "tool_impressions"),
    clicks: sum(counts, "tool_clicks"),
    views: sum(counts, "tool_views"),
  });

  // The placements in force at some moment of these days, ranked by their tools' clicks in them.
  const placed = await db
    .selectFrom("orders")
    .select("tool_id")
    .distinct()
    .where("status", "=", "paid")
    .where("tool_id", "is not", null)
    .where("featured_from", "<", to + DAY_MS)
    .where("featured_from", ">", from - FEATURED_DURATION_MS)
    .execute();
  const placedIds = placed.map((p) => p.tool_id!);
  if (!placedIds.includes(order.tool_id)) placedIds.push(order.tool_id);
  const clicksOf = new Map<string, number>();
  for (let i = 0; i < placedIds.length; i += 300) {
    const rows = await db
      .selectFrom("tool_clicks")
      .select(["tool_id", sql<number>`sum(count)`.as("n")])
      .where("tool_id", "in", placedIds.slice(i, i + 300))
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("tool_id")
      .execute();
    for (const row of rows) clicksOf.set(row.tool_id, Number(row.n));
  }
  const mine = clicksOf.get(order.tool_id) ?? 0;
  const position = 1 + placedIds.filter((id) => id !== order.tool_id && (clicksOf.get(id) ?? 0) > mine).length;

  return {
    order: about,
    chart: {
      id: "sponsor",
      title: "Impressions and clicks",
      period: "day",
      unit: "count",
      summary: "total",
      series: [
        { key: "impressions", label: "Impressions" },
        { key: "clicks", label: "Website clicks" },
      ],
      rows: days.map((at) => ({
        at,
        values: [during.get("tool_impressions")!.get(at) ?? 0, during.get("tool_clicks")!.get(at) ?? 0],
      })),
    },
    totals: totalsOf(during),
    before: { ...totalsOf(previous), days: days.length },
    rank: { position, of: placedIds.length },
  };
}
