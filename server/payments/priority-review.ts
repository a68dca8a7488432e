import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";

/** What a pending submission's pages show of priority review: its price, and its deadline once paid. */
export interface PriorityReviewState {
  /** The price in cents. */
  priceCents: number;
  /** When the paid review is due (epoch ms); null while it is not paid for. */
  dueAt: number | null;
}

/**
 * Priority review as a pending submission's own pages offer it: null when the site does not sell
 * it (payments off, or no price) and none was paid for; otherwise its price and, once paid, when
 * the review is due.
 */
export async function priorityReviewState(
  deps: { database: Database; config: Pick<Config, "payments" | "priorityReview"> },
  toolId: string,
): Promise<PriorityReviewState | null> {
  const paid = await deps.database.db
    .selectFrom("orders")
    .select("review_due_at")
    .where("tool_id", "=", toolId)
    .where("kind", "=", "priority-review")
    .where("status", "=", "paid")
    .executeTakeFirst();
  const dueAt = paid?.review_due_at == null ? null : Number(paid.review_due_at);
  const { priceCents } = deps.config.priorityReview;
  if (dueAt === null && (deps.config.payments.mode === "off" || priceCents === 0)) return null;
  return { priceCents, dueAt };
}

/** A pending submission whose paid priority review is past its deadline. */
export interface OverdueReview {
  toolId: string;
  name: string;
  dueAt: number;
}

/** The pending submissions whose paid priority review is overdue at `now`, longest overdue first. */
export async function overdueReviews(database: Database, now: number, limit = 20): Promise<OverdueReview[]> {
  const rows = await database.db
    .selectFrom("orders")
    .innerJoin("tools", "tools.id", "orders.tool_id")
    .select(["tools.id", "tools.name", "orders.review_due_at"])
    .where("orders.kind", "=", "priority-review")
    .where("orders.status", "=", "paid")
    .where("orders.review_due_at", "<", now)
    .where("tools.status", "=", "pending")
    .orderBy("orders.review_due_at", "asc")
    .orderBy("tools.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ toolId: r.id, name: r.name, dueAt: Number(r.review_due_at) }));
}
