import type { Kysely } from "kysely";
import type { CatalogWrite } from "../catalog/change.ts";
import { lockedToolStatus } from "../catalog/write.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import type { DB } from "../platform/db/types.ts";
import type { PaidOrder } from "./settlement.ts";

/** A tool's paid priority review (there is at most one that stays paid), other than `except`. */
export async function paidReviewOf(
  db: Kysely<DB>,
  toolId: string,
  except?: string,
): Promise<{ id: string; dueAt: number | null } | null> {
  let query = db
    .selectFrom("orders")
    .select(["id", "review_due_at"])
    .where("tool_id", "=", toolId)
    .where("kind", "=", "priority-review")
    .where("status", "=", "paid");
  if (except !== undefined) query = query.where("id", "!=", except);
  const row = await query.orderBy("paid_at").orderBy("id").executeTakeFirst();
  return row ? { id: row.id, dueAt: row.review_due_at === null ? null : Number(row.review_due_at) } : null;
}

/** A paid priority review to give back, and why: its submission was decided, or one was paid already. */
export interface UnwantedReview {
  order: PaidOrder;
  why: "decided" | "paid";
}

/**
 * A priority review just paid that nobody will deliver, to be refunded: its submission was decided
 * (or deleted) before the money came, or another review of it was paid first — two checkouts
 * opened before either was paid both end in a payment, and the second must not be kept. Null when
 * the order is not a priority review or the review is owed. Run in the transaction that fulfilled it.
 */
export async function unwantedReview(write: CatalogWrite, orderId: string): Promise<UnwantedReview | null> {
  const order = await write.db
    .selectFrom("orders")
    .select(["id", "tool_id", "amount_cents", "provider", "provider_payment_id", "kind"])
    .where("id", "=", orderId)
    .where("status", "=", "paid")
    .executeTakeFirst();
  if (!order || order.kind !== "priority-review") return null;
  const unwanted = {
    id: order.id,
    toolId: order.tool_id ?? "",
    amountCents: Number(order.amount_cents),
    provider: order.provider,
    paymentId: order.provider_payment_id,
    kind: order.kind,
  };
  if (order.tool_id === null) return { order: unwanted, why: "decided" };
  // Two payments of one submission that settle at once are judged one after the other, the second
  // seeing the first.
  if ((await lockedToolStatus(write, order.tool_id)) !== "pending") return { order: unwanted, why: "decided" };
  return (await paidReviewOf(write.db, order.tool_id, order.id)) ? { order: unwanted, why: "paid" } : null;
}

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
  const dueAt = (await paidReviewOf(deps.database.db, toolId))?.dueAt ?? null;
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
