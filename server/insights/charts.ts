import { sql } from "kysely";
import { DAY_MS, startOfDay } from "../../core/dates.ts";
import { FEATURED_DURATION_MS, TEST_PROVIDER } from "../../core/featuring.ts";
import type { Chart, ChartRange } from "../../core/insights.ts";
import type { Database } from "../platform/db/index.ts";

// The dashboard's charts (docs/decisions/055): what happened per day over the last 30, 90 or 365
// days, and revenue per month. Every figure is read from rows kept per day or from small tables:
// a year of any count is at most 365 rows, whatever the size of the catalogue.

export interface DashboardCharts {
  range: ChartRange;
  charts: Chart[];
  /** Terms searched most that found nothing, for the submit page. */
  noResultTerms: { term: string; count: number }[];
}

/** The charts of the `range` days up to and including today (`now`'s UTC day). */
export async function dashboardCharts(database: Database, now: number, range: ChartRange): Promise<DashboardCharts> {
  const { db } = database;
  const today = startOfDay(now);
  const from = today - (range - 1) * DAY_MS;
  const days = Array.from({ length: range }, (_, i) => from + i * DAY_MS);
  const dayOf = (column: string) => sql<number>`${sql.ref(column)} - (${sql.ref(column)} % ${DAY_MS})`;
  const count = sql<number>`count(*)`;

  const [received, decided, site, searches, orders, placements, noResult] = await Promise.all([
    db
      .selectFrom("tools")
      .select([dayOf("created_at").as("day"), count.as("n")])
      .where("source", "=", "free_submission")
      .where("created_at", ">=", from)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom("audit_log")
      .select([dayOf("created_at").as("day"), "action", count.as("n")])
      .where("created_at", ">=", from)
      .where("action", "in", ["approve", "reject"])
      .groupBy([sql`1`, "action"])
      .execute(),
    db.selectFrom("site_days").select(["kind", "day", "count"]).where("day", ">=", from).execute(),
    db.selectFrom("search_days").select(["day", "searches", "no_results"]).where("day", ">=", from).execute(),
    db
      .selectFrom("orders")
      .select(["paid_at", "amount_cents"])
      .where("status", "=", "paid")
      .where("provider", "!=", TEST_PROVIDER)
      .where("paid_at", ">=", monthStart(from))
      .execute(),
    db
      .selectFrom("orders")
      .select("featured_from")
      .where("status", "=", "paid")
      .where("featured_from", ">", from - FEATURED_DURATION_MS)
      .execute(),
    db
      .selectFrom("search_terms")
      .select(["term", "search_count"])
      .where("result_count", "=", 0)
      .where("last_searched", ">=", from)
      .orderBy("search_count", "desc")
      .orderBy("term")
      .limit(10)
      .execute(),
  ]);

  const perDay = (entries: Iterable<[number, number]>) => {
    const map = new Map<number, number>();
    for (const [day, n] of entries) map.set(Number(day), (map.get(Number(day)) ?? 0) + Number(n));
    return map;
  };
  const siteKind = (kind: string) => perDay(site.filter((r) => r.kind === kind).map((r) => [r.day, r.count]));
  const dailyChart = (
    id: string,
    title: string,
    series: { key: string; label: string; by: Map<number, number> }[],
    summary: Chart["summary"] = "total",
  ): Chart => ({
    id,
    title,
    period: "day",
    unit: "count",
    summary,
    series: series.map(({ key, label }) => ({ key, label })),
    rows: days.map((at) => ({ at, values: series.map((s) => s.by.get(at) ?? 0) })),
  });

  const featuredFrom = placements.map((p) => Number(p.featured_from));
  const inForce = new Map(
    days.map((day) => [
      day,
      // In force at some moment of the day: started before its end, not ended before its start.
      featuredFrom.filter((start) => start < day + DAY_MS && start + FEATURED_DURATION_MS > day).length,
    ]),
  );

  const months: number[] = [];
  for (let at = monthStart(from); at <= today; at = nextMonth(at)) months.push(at);
  const revenue = perDay(orders.map((o) => [monthStart(Number(o.paid_at)), o.amount_cents]));

  return {
    range,
    charts: [
      dailyChart("submissions", "Submissions", [
        { key: "received", label: "Received", by: perDay(received.map((r) => [r.day, r.n])) },
        {
          key: "approved",
          label: "Approved",
          by: perDay(decided.filter((r) => r.action === "approve").map((r) => [r.day, r.n])),
        },
        {
          key: "rejected",
          label: "Rejected",
          by: perDay(decided.filter((r) => r.action === "reject").map((r) => [r.day, r.n])),
        },
      ]),
      dailyChart("likes", "Likes", [{ key: "likes", label: "Likes (less those taken back)", by: siteKind("likes") }]),
      dailyChart("traffic", "Page views and website clicks", [
        { key: "views", label: "Tool page views", by: siteKind("views") },
        { key: "clicks", label: "Website clicks", by: siteKind("clicks") },
      ]),
      dailyChart("searches", "Searches", [
        { key: "searches", label: "Searches", by: perDay(searches.map((r) => [r.day, r.searches])) },
        { key: "noResults", label: "With no result", by: perDay(searches.map((r) => [r.day, r.no_results])) },
      ]),
      dailyChart(
        "placements",
        "Featured placements in force",
        [{ key: "placements", label: "Placements", by: inForce }],
        "latest",
      ),
      {
        id: "revenue",
        title: "Revenue by month",
        period: "month",
        unit: "cents",
        summary: "total",
        series: [{ key: "revenue", label: "Paid orders (test orders never count)" }],
        rows: months.map((at) => ({ at, values: [revenue.get(at) ?? 0] })),
      },
    ],
    noResultTerms: noResult.map((r) => ({ term: r.term, count: Number(r.search_count) })),
  };
}

function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function nextMonth(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}
