import { setImmediate as yieldToEvents } from "node:timers/promises";
import { sql } from "kysely";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { DAY_MS, HOUR_MS } from "../../core/dates.ts";
import { eventScore, sameTrendingOrder, TRENDING_WINDOWS, viewTime, type TrendingEvent } from "../../core/trending.ts";
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
const INSERT_CHUNK = 500;
/** View counts read per statement (a day's, in tool order). */
const VIEW_PAGE = 2000;

export interface TrendingDeps {
  config: Pick<Config, "trending">;
  database: Database;
  freshness?: Pick<CatalogFreshness, "changed">;
  now: () => number;
}

/** What a run reports: the events it read (likes, published reviews, views), and the tools given a score. */
export type TrendingSummary = { likes: number; reviews: number; views: number; tools: number };

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
 * Reads the events of the longest window — public tools' likes an hour at a time (as counted in
 * trending_likes), their published reviews, and their views a day at a time, each counted once per
 * visitor — adds what each adds to its tool's score in each window, and replaces the stored scores
 * with the best TRENDING_KEPT of each, as one catalogue change. Like counts older than the window
 * are dropped. The reads are small and the run yields between them: on SQLite a query blocks the
 * process, so no single one may take long.
 */
export async function computeTrending(deps: TrendingDeps): Promise<TrendingSummary> {
  const { database } = deps;
  const now = deps.now();
  const halfLifeMs = deps.config.trending.halfLifeMs;
  const from = now - TRENDING_WINDOWS.week.ms;
  const scores = new Map<string, { week: number; today: number }>();
  const add = (toolId: string, event: TrendingEvent) => {
    const week = eventScore(event, now, "week", halfLifeMs);
    const today = eventScore(event, now, "today", halfLifeMs);
    if (week === 0 && today === 0) return;
    const held = scores.get(toolId);
    if (held) {
      held.week += week;
      held.today += today;
    } else scores.set(toolId, { week, today });
  };

  let likeCount = 0;
  for (let hour = Math.floor(from / HOUR_MS) * HOUR_MS; hour <= now; hour += HOUR_MS) {
    // An hour's counts by the key (hour, tool); whether a tool is public is asked once, at the end.
    const rows = await database.db
      .selectFrom("trending_likes")
      .select(["tool_id as toolId", "count"])
      .where("hour", "=", hour)
      .where("count", ">", 0)
      .execute();
    // The middle of the hour, as a day's views are taken at the middle of the day; the first hour
    // of the window counts only if that falls in it.
    const at = Math.min(hour + HOUR_MS / 2, now);
    for (const row of rows) {
      const n = Number(row.count);
      likeCount += n;
      add(row.toolId, { kind: "like", at, count: n });
    }
    await yieldToEvents();
  }

  await database.db
    .deleteFrom("trending_likes")
    .where("hour", "<", Math.floor(from / HOUR_MS) * HOUR_MS)
    .execute();

  // Published reviews: few beside likes and views, read at once by the time they were published.
  const reviews = await database.db
    .selectFrom("reviews")
    .select(["tool_id as toolId", "decided_at as at"])
    .where("status", "=", "published")
    .where("decided_at", ">=", from)
    .where("decided_at", "<=", now)
    .execute();
  for (const review of reviews) add(review.toolId, { kind: "review", at: Number(review.at), count: 1 });

  let viewCount = 0;
  // A day that began before the window may be taken to be in it (its views count at its middle).
  for (let day = Math.floor((from - DAY_MS) / DAY_MS) * DAY_MS + DAY_MS; day <= now; day += DAY_MS) {
    let after = "";
    for (;;) {
      const rows = await database.db
        .selectFrom("tool_views")
        .select(["tool_id as toolId", "count"])
        .where("day", "=", day)
        .where("tool_id", ">", after)
        .orderBy("tool_id")
        .limit(VIEW_PAGE)
        .execute();
      for (const row of rows) {
        viewCount += Number(row.count);
        add(row.toolId, { kind: "view", at: viewTime(day, now), count: Number(row.count) });
      }
      await yieldToEvents();
      if (rows.length < VIEW_PAGE) break;
      after = rows[rows.length - 1]!.toolId;
    }
  }

  const listed = await publicOf(database, [...scores.keys()]);
  const scored = [...scores].filter(([toolId]) => listed.has(toolId)).map(([toolId, s]) => ({ toolId, ...s }));
  const kept = new Set([...best(scored, "week").map((s) => s.toolId), ...best(scored, "today").map((s) => s.toolId)]);
  const rows = scored.filter((s) => kept.has(s.toolId));
  const stored = await database.db.selectFrom("trending_scores").select(["tool_id", "week", "today"]).execute();
  // A quiet site: nothing scored now nor before, so nothing to store, and no page cache to empty.
  if (rows.length === 0 && stored.length === 0)
    return { likes: likeCount, reviews: reviews.length, views: viewCount, tools: 0 };

  // Pages show the order alone: when it stands, the cached pages stay, and every instance keeps the
  // scores it holds (they decay alike) until the catalogue's next change brings these in.
  const reordered = !sameTrendingOrder(
    stored.map((r) => ({ toolId: r.tool_id, week: Number(r.week), today: Number(r.today) })),
    rows,
  );
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
    if (reordered) write.changed("trending");
  });
  return { likes: likeCount, reviews: reviews.length, views: viewCount, tools: rows.length };
}

/** Which of these tools are public, asked a few hundred at a time. */
async function publicOf(database: Database, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await database.db
      .selectFrom("tools")
      .select("id")
      .where("id", "in", ids.slice(i, i + 500))
      .where("status", "in", PUBLIC_STATUSES)
      .execute();
    for (const row of rows) found.add(row.id);
    await yieldToEvents();
  }
  return found;
}

/** The TRENDING_KEPT best of a window (those with a score in it). */
function best<T extends { week: number; today: number }>(scored: T[], window: "week" | "today"): T[] {
  return scored
    .filter((s) => s[window] > 0)
    .sort((a, b) => b[window] - a[window])
    .slice(0, TRENDING_KEPT);
}
