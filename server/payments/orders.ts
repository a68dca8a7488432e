import { sql, type Kysely } from "kysely";
import { reviewDueAt, type OrderKind } from "../../core/priority-review.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import type { CatalogWrite } from "../catalog/change.ts";
import { newId } from "../platform/db/ids.ts";
import type { DB } from "../platform/db/types.ts";

/** An order as payments see it. */
export interface Order {
  id: string;
  toolId: string | null;
  toolName: string;
  amountCents: number;
  provider: string;
  sessionId: string | null;
  status: string;
  paidAt: number | null;
  /** When its featured year starts (null until paid, and while its tool waits for review). */
  featuredFrom: number | null;
  /** The admin's note when the payment of a rejected tool was refunded or kept as credit. */
  settledNote: string | null;
  /** What became of a paid order that left "paid" by a decision here: given back, or kept as credit. */
  settledAs: "refund" | "credit" | null;
  /** What it buys: a year of featuring, or a priority review. */
  kind: OrderKind;
  /** A paid priority review's deadline (epoch ms); null otherwise. */
  reviewDueAt: number | null;
}

function toOrder(row: {
  id: string;
  tool_id: string | null;
  tool_name: string;
  amount_cents: number;
  provider: string;
  provider_session_id: string | null;
  status: string;
  paid_at: number | null;
  featured_from: number | null;
  settled_note: string | null;
  settled_as: "refund" | "credit" | null;
  kind: OrderKind;
  review_due_at: number | null;
}): Order {
  return {
    id: row.id,
    toolId: row.tool_id,
    toolName: row.tool_name,
    amountCents: row.amount_cents,
    provider: row.provider,
    sessionId: row.provider_session_id,
    status: row.status,
    paidAt: row.paid_at,
    featuredFrom: row.featured_from,
    settledNote: row.settled_note,
    settledAs: row.settled_as,
    kind: row.kind,
    reviewDueAt: row.review_due_at === null ? null : Number(row.review_due_at),
  };
}

const COLUMNS = [
  "id",
  "tool_id",
  "tool_name",
  "amount_cents",
  "provider",
  "provider_session_id",
  "status",
  "paid_at",
  "featured_from",
  "settled_note",
  "settled_as",
  "kind",
  "review_due_at",
] as const;

/** Records an order before the provider is asked for a checkout session. */
export async function createOrder(
  db: Kysely<DB>,
  order: {
    toolId: string;
    toolName: string;
    amountCents: number;
    provider: string;
    kind?: OrderKind;
    receiptEmail?: string | null;
  },
  now: number,
): Promise<string> {
  const id = newId();
  await db
    .insertInto("orders")
    .values({
      id,
      tool_id: order.toolId,
      tool_name: order.toolName,
      amount_cents: order.amountCents,
      provider: order.provider,
      provider_session_id: null,
      status: "created",
      created_at: now,
      updated_at: now,
      paid_at: null,
      refunded_at: null,
      kind: order.kind ?? "featuring",
      receipt_email: order.receiptEmail ?? null,
    })
    .execute();
  return id;
}

/** Notes the provider's checkout session of an order, or that none could be made. */
export async function attachSession(
  db: Kysely<DB>,
  orderId: string,
  sessionId: string | null,
  now: number,
): Promise<void> {
  await db
    .updateTable("orders")
    .set(sessionId ? { provider_session_id: sessionId, updated_at: now } : { status: "failed", updated_at: now })
    .where("id", "=", orderId)
    .execute();
}

export async function findOrder(db: Kysely<DB>, by: { id: string } | { sessionId: string }): Promise<Order | null> {
  const query = db.selectFrom("orders").select(COLUMNS);
  const row = await (
    "id" in by ? query.where("id", "=", by.id) : query.where("provider_session_id", "=", by.sessionId)
  ).executeTakeFirst();
  return row ? toOrder(row) : null;
}

/**
 * Marks an order paid, once: only an order still waiting (created, or expired by a session
 * timeout that a late payment overtook) changes; any repeat — a replayed webhook, the success
 * page, the other of two events — finds it paid and changes nothing. A public tool is featured
 * from `paidAt`; one still waiting for review from its approval (startFeaturedYears), so the wait
 * does not eat its year (docs/design.md#rule-3: the queries count orders whose year began in the
 * last 365 days). A priority review is never featured: it is due a few business days after
 * `paidAt`. Returns whether this call was the one that changed it. Run inside the transaction
 * that records why.
 */
export async function fulfilOrder(
  write: CatalogWrite,
  orderId: string,
  payment: { paidAt: number; paymentId: string | null },
): Promise<boolean> {
  const row = await write.db
    .updateTable("orders")
    .set({
      status: "paid",
      paid_at: payment.paidAt,
      featured_from: sql<
        number | null
      >`case when ${sql.ref("orders.kind")} = 'featuring' and exists (select 1 from ${sql.table("tools")} where ${sql.ref("tools.id")} = ${sql.ref("orders.tool_id")}
        and ${sql.ref("tools.status")} in (${sql.join(PUBLIC_STATUSES.map((status) => sql.lit(status)))})) then cast(${payment.paidAt} as bigint) else null end`,
      review_due_at: sql<number | null>`case when ${sql.ref("orders.kind")} = 'priority-review'
        then cast(${reviewDueAt(payment.paidAt)} as bigint) else null end`,
      provider_payment_id: payment.paymentId,
      updated_at: payment.paidAt,
    })
    .where("id", "=", orderId)
    .where("status", "in", ["created", "expired"])
    .returning(["tool_id", "kind"])
    .executeTakeFirst();
  if (!row) return false;
  // A paid priority review moves its submission up the moderation queue, which no page caches.
  if (row.kind === "featuring") write.changed("featuring", row.tool_id ? [row.tool_id] : []);
  return true;
}

/**
 * The featured year of a tool paid for while it waited for review starts now, at its approval:
 * its paid orders without a start get one. Run in the approval's catalogue change.
 */
export async function startFeaturedYears(write: CatalogWrite, toolIds: readonly string[]): Promise<void> {
  if (toolIds.length === 0) return;
  const rows = await write.db
    .updateTable("orders")
    .set({ featured_from: write.now, updated_at: write.now })
    .where("tool_id", "in", toolIds)
    .where("kind", "=", "featuring")
    .where("status", "=", "paid")
    .where("featured_from", "is", null)
    .returning("tool_id")
    .execute();
  if (rows.length > 0) write.changed("featuring", [...new Set(rows.flatMap((r) => (r.tool_id ? [r.tool_id] : [])))]);
}

/** A refunded payment no longer weighs: its order leaves the paid orders in force. */
export async function refundOrder(write: CatalogWrite, by: { paymentId: string } | { id: string }): Promise<boolean> {
  const query = write.db
    .updateTable("orders")
    .set({ status: "refunded", refunded_at: write.now, updated_at: write.now })
    .where("status", "=", "paid");
  const row = await ("id" in by ? query.where("id", "=", by.id) : query.where("provider_payment_id", "=", by.paymentId))
    .returning("tool_id")
    .executeTakeFirst();
  if (!row) return false;
  write.changed("featuring", row.tool_id ? [row.tool_id] : []);
  return true;
}

/** A checkout abandoned (the session expired, or the buyer cancelled the test checkout). */
export async function expireOrder(db: Kysely<DB>, orderId: string, now: number): Promise<void> {
  await db
    .updateTable("orders")
    .set({ status: "expired", updated_at: now })
    .where("id", "=", orderId)
    .where("status", "=", "created")
    .execute();
}

/**
 * Records a provider event as handled, in the transaction that acts on it. False when it was
 * handled before (a replay): then the caller does nothing.
 */
export async function recordEvent(db: Kysely<DB>, event: { id: string; type: string }, now: number): Promise<boolean> {
  const result = await db
    .insertInto("payment_events")
    .values({ event_id: event.id, type: event.type, received_at: now })
    .onConflict((oc) => oc.column("event_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
