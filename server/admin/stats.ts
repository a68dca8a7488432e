import { sql } from "kysely";
import { paidOrdersInForce } from "../catalog/queries.ts";
import type { Database } from "../platform/db/index.ts";
import { TEST_PROVIDER } from "../../core/featuring.ts";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The dashboard's figures (the admin stats of docs/design.md#json-api, and more). */
export interface DashboardStats {
  totalTools: number;
  approvedTools: number;
  pendingTools: number;
  /** Tools with a paid order in force (docs/design.md#rule-3). */
  featuredTools: number;
  likes: number;
  /** Searches of terms last searched in the past 7 days (search terms keep a count, not each search). */
  recentSearches: number;
  topSearchTerms: { term: string; count: number }[];
  /** Paid orders of a real payment provider: the test checkout's are never revenue. */
  paidOrders: number;
  revenueCents: number;
  /** Orders "paid" through the built-in test checkout (no money changed hands). */
  testOrders: number;
}

/** The admin dashboard's figures at `now`. */
export async function dashboardStats(database: Database, now: number): Promise<DashboardStats> {
  const { db } = database;
  const count = sql<number>`count(*)`;
  const [statuses, featured, likes, recent, top, orders] = await Promise.all([
    db
      .selectFrom("tools")
      .select(["status", count.as("n")])
      .groupBy("status")
      .execute(),
    paidOrdersInForce(db, now)
      .select(sql<number>`count(distinct orders.tool_id)`.as("n"))
      .executeTakeFirst(),
    // Kept as it moves: counting the likes themselves reads every row.
    db.selectFrom("catalog_state").select("likes_total as n").where("id", "=", 1).executeTakeFirst(),
    db
      .selectFrom("search_terms")
      .select(sql<number>`coalesce(sum(search_count), 0)`.as("n"))
      .where("last_searched", ">=", now - WEEK_MS)
      .executeTakeFirst(),
    db
      .selectFrom("search_terms")
      .select(["term", "search_count"])
      .orderBy("search_count", "desc")
      .orderBy("term")
      .limit(10)
      .execute(),
    db
      .selectFrom("orders")
      .select(["provider", count.as("n"), sql<number>`coalesce(sum(amount_cents), 0)`.as("cents")])
      .where("status", "=", "paid")
      .groupBy("provider")
      .execute(),
  ]);
  const real = orders.filter((o) => o.provider !== TEST_PROVIDER);
  const byStatus = new Map(statuses.map((s) => [s.status, Number(s.n)]));
  return {
    totalTools: [...byStatus.values()].reduce((a, b) => a + b, 0),
    approvedTools: byStatus.get("approved") ?? 0,
    pendingTools: byStatus.get("pending") ?? 0,
    featuredTools: Number(featured?.n ?? 0),
    likes: Number(likes?.n ?? 0),
    recentSearches: Number(recent?.n ?? 0),
    topSearchTerms: top.map((t) => ({ term: t.term, count: t.search_count })),
    paidOrders: real.reduce((sum, o) => sum + Number(o.n), 0),
    revenueCents: real.reduce((sum, o) => sum + Number(o.cents), 0),
    testOrders: Number(orders.find((o) => o.provider === TEST_PROVIDER)?.n ?? 0),
  };
}
