import { sql } from "kysely";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { HOUR_MS, TRENDING_WINDOWS, trendingScore, viewTime, type TrendingEvent } from "../../core/trending.ts";
import { changeCatalog } from "../catalog/change.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import type { ScheduledJob } from "../platform/jobs/scheduler.ts";

// Trending scores (docs/decisions/052), worked out by a scheduled job on one instance at a time and
// stored with a version; every instance loads them into its catalogue in memory when the version
// moves (server/catalog/catalog-load.ts). A request never reads the events.

/** Tools kept per window, best first: the trending order goes this deep, then the newest follow. */
export const TRENDING_KEPT = 5000;
const DAY_MS = 24 * HOUR_MS;
const INSERT_CHUNK = 500;

export interface TrendingDeps {
  config: Pick<Config, "trending">;
  database: Database;
  freshness?: Pick<CatalogFreshness, "changed">;
  now: () => number;
}

/** What a run reports: the events it read (likes, and day counts of views), and the tools given a score. */
export type TrendingSummary = { likes: number; views: number; tools: number };

/** The trending scores as a scheduled job, every ten minutes on one instance. */
export function trendingJob(deps: TrendingDeps): ScheduledJob<TrendingSummary> {
  return {
    name: "trending",
    schedule: { pattern: deps.config.trending.schedule, timezone: "UTC" },
    enabled: true,
    setting: null,
    leaseMs: 5 * 60_000,
    run: () => computeTrending(deps),
  };
}

/**
 * Reads the events of the longest window — public tools' likes in hour buckets, and their views per
 * day, each already counted once per visitor — scores each tool for each window, and replaces the
 * stored scores with the best TRENDING_KEPT of each, as one catalogue change.
 */
export async function computeTrending(deps: TrendingDeps): Promise<TrendingSummary> {
  const { database } = deps;
  const now = deps.now();
  const halfLifeMs = deps.config.trending.halfLifeMs;
  const from = now - TRENDING_WINDOWS.week.ms;
  const events = new Map<string, TrendingEvent[]>();
  const add = (toolId: string, event: TrendingEvent) => {
    const list = events.get(toolId);
    if (list) list.push(event);
    else events.set(toolId, [event]);
  };

  // Grouped by the hour in the database: a busy week is many likes but few (tool, hour) rows.
  const likes = await database.db
    .selectFrom("likes as l")
    .innerJoin("tools as t", "t.id", "l.tool_id")
    .select(["l.tool_id as toolId", sql<number>`l.created_at / ${sql.lit(HOUR_MS)}`.as("hour")])
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("l.created_at", ">=", from)
    .where("l.created_at", "<=", now)
    .where("t.status", "in", PUBLIC_STATUSES)
    .groupBy(["l.tool_id", sql`l.created_at / ${sql.lit(HOUR_MS)}`])
    .execute();
  let likeCount = 0;
  for (const row of likes) {
    const n = Number(row.n);
    likeCount += n;
    // The middle of the hour, as a day's views are taken at the middle of the day.
    add(row.toolId, { kind: "like", at: Math.min(Number(row.hour) * HOUR_MS + HOUR_MS / 2, now), count: n });
  }

  const views = await database.db
    .selectFrom("tool_views as v")
    .innerJoin("tools as t", "t.id", "v.tool_id")
    .select(["v.tool_id as toolId", "v.day", "v.count"])
    // A day that began before the window may be taken to be in it (its views count at its middle).
    .where("v.day", ">", from - DAY_MS)
    .where("v.day", "<=", now)
    .where("t.status", "in", PUBLIC_STATUSES)
    .execute();
  let viewCount = 0;
  for (const row of views) {
    const day = Number(row.day);
    viewCount += Number(row.count);
    add(row.toolId, { kind: "view", at: viewTime(day, now), count: Number(row.count) });
  }

  const scored: { toolId: string; week: number; today: number }[] = [];
  for (const [toolId, list] of events) {
    const week = trendingScore(list, now, "week", halfLifeMs);
    const today = trendingScore(list, now, "today", halfLifeMs);
    if (week > 0 || today > 0) scored.push({ toolId, week, today });
  }
  const kept = new Set([...best(scored, "week").map((s) => s.toolId), ...best(scored, "today").map((s) => s.toolId)]);
  const rows = scored.filter((s) => kept.has(s.toolId));

  await changeCatalog({ database, freshness: deps.freshness, now: () => now }, async (write) => {
    await write.db.deleteFrom("trending_scores").execute();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await write.db
        .insertInto("trending_scores")
        .values(rows.slice(i, i + INSERT_CHUNK).map((r) => ({ tool_id: r.toolId, week: r.week, today: r.today })))
        .execute();
    }
    await write.db
      .updateTable("trending_state")
      .set({ version: sql<number>`version + 1`, computed_at: now })
      .where("id", "=", 1)
      .execute();
    write.changed("trending");
  });
  return { likes: likeCount, views: viewCount, tools: rows.length };
}

/** The TRENDING_KEPT best of a window (those with a score in it). */
function best<T extends { week: number; today: number }>(scored: T[], window: "week" | "today"): T[] {
  return scored
    .filter((s) => s[window] > 0)
    .sort((a, b) => b[window] - a[window])
    .slice(0, TRENDING_KEPT);
}
