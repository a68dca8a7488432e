import { sql, type ExpressionBuilder } from "kysely";
import { clampPage, pageCount } from "../../core/catalog.ts";
import type { Database } from "../platform/db/index.ts";
import type { DB } from "../platform/db/types.ts";
import type { OrderKind } from "../../core/priority-review.ts";
import {
  ABANDONED_AFTER_MS,
  isOrderDisplayStatus,
  ORDER_DISPLAY_STATUSES,
  orderDisplayStatus,
  type OrderDisplayStatus,
} from "../../core/orders.ts";

/** Orders per page of the admin's list. */
export const ORDERS_PAGE_SIZE = 50;

/** An order as the admin's list shows it. */
export interface AdminOrder {
  id: string;
  toolName: string;
  /** The tool's slug while it exists and has a page (not deleted, not rejected). */
  toolSlug: string | null;
  amountCents: number;
  /** What it bought: a year of featuring, or a priority review. */
  kind: OrderKind;
  currency: string;
  provider: string;
  status: OrderDisplayStatus | string;
  createdAt: number;
  paidAt: number | null;
  refundedAt: number | null;
}

export interface OrderPage {
  orders: AdminOrder[];
  page: number;
  pages: number;
  /** Orders matching the filter. */
  total: number;
  /** How many orders are in each state (all orders, whatever the filter). */
  counts: Record<OrderDisplayStatus, number>;
}

function whereDisplayStatus(status: OrderDisplayStatus, now: number) {
  const cutoff = now - ABANDONED_AFTER_MS;
  return (eb: ExpressionBuilder<DB, "orders">) => {
    if (status === "created")
      return eb.and([eb("orders.status", "=", "created"), eb("orders.created_at", ">", cutoff)]);
    if (status === "abandoned")
      return eb.and([eb("orders.status", "=", "created"), eb("orders.created_at", "<=", cutoff)]);
    if (status === "credit")
      return eb.and([eb("orders.status", "=", "refunded"), eb("orders.settled_as", "=", "credit")]);
    if (status === "refunded")
      return eb.and([
        eb("orders.status", "=", "refunded"),
        eb.or([eb("orders.settled_as", "is", null), eb("orders.settled_as", "!=", "credit")]),
      ]);
    return eb("orders.status", "=", status);
  };
}

/** One page of orders, newest first, optionally only those in one state. */
export async function listOrders(
  database: Database,
  options: { status: OrderDisplayStatus | null; page: number; now: number; pageSize?: number },
): Promise<OrderPage> {
  const { db } = database;
  const { now, status } = options;
  const pageSize = options.pageSize ?? ORDERS_PAGE_SIZE;
  const cutoff = now - ABANDONED_AFTER_MS;
  const grouped = await db
    .selectFrom("orders")
    .select([
      "status",
      "settled_as",
      sql<number>`count(*)`.as("n"),
      sql<number>`sum(case when created_at <= ${cutoff} then 1 else 0 end)`.as("old"),
    ])
    .groupBy(["status", "settled_as"])
    .execute();
  const counts = Object.fromEntries(ORDER_DISPLAY_STATUSES.map((s) => [s, 0])) as Record<OrderDisplayStatus, number>;
  for (const row of grouped) {
    const n = Number(row.n);
    if (row.status === "created") {
      counts.abandoned += Number(row.old ?? 0);
      counts.created += n - Number(row.old ?? 0);
    } else if (row.status === "refunded" && row.settled_as === "credit") {
      counts.credit += n;
    } else if (isOrderDisplayStatus(row.status)) {
      counts[row.status] += n;
    }
  }
  const total = status ? counts[status] : grouped.reduce((sum, row) => sum + Number(row.n), 0);
  const pages = pageCount(total, pageSize);
  const page = clampPage(options.page, pages);

  let query = db
    .selectFrom("orders")
    .leftJoin("tools", (join) => join.onRef("tools.id", "=", "orders.tool_id").on("tools.status", "!=", "rejected"))
    .select([
      "orders.id",
      "orders.tool_name",
      "tools.slug as tool_slug",
      "orders.amount_cents",
      "orders.kind",
      "orders.currency",
      "orders.provider",
      "orders.status",
      "orders.settled_as",
      "orders.created_at",
      "orders.paid_at",
      "orders.refunded_at",
    ]);
  if (status) query = query.where(whereDisplayStatus(status, now));
  const rows = await query
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    orders: rows.map((row) => ({
      id: row.id,
      toolName: row.tool_name,
      toolSlug: row.tool_slug ?? null,
      amountCents: Number(row.amount_cents),
      kind: row.kind,
      currency: row.currency,
      provider: row.provider,
      status: orderDisplayStatus(row.status, Number(row.created_at), now, row.settled_as),
      createdAt: Number(row.created_at),
      paidAt: row.paid_at === null ? null : Number(row.paid_at),
      refundedAt: row.refunded_at === null ? null : Number(row.refunded_at),
    })),
    page,
    pages,
    total,
    counts,
  };
}
