import { sql, type Kysely } from "kysely";

// Frozen once landed. Paid submissions under review: a paid order's featured year starts when its
// tool is public — at payment for a listed tool, at approval for one still waiting — so
// `featured_from` is what the featured queries count from, not `paid_at`. A paid tool that is
// rejected has its orders refunded or kept as credit (`settled_as`; either way the order leaves
// "paid", so its status is "refunded": the status's check allows no new value without rebuilding
// the table), with the admin's note for the submitter.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("featured_from", "bigint").execute();
  await db.schema.alterTable("orders").addColumn("settled_as", "text", (c) => c.check(sql`settled_as in ('refund', 'credit')`)).execute();
  await db.schema.alterTable("orders").addColumn("settled_note", "text").execute();
  // Orders paid before this: their year ran from payment, and keeps doing so.
  await sql`update orders set featured_from = paid_at where status = 'paid'`.execute(db);
  await db.schema.createIndex("orders_tool_featured").on("orders").columns(["tool_id", "status", "featured_from"]).execute();
  await db.schema.createIndex("orders_status_featured").on("orders").columns(["status", "featured_from", "tool_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_status_featured").execute();
  await db.schema.dropIndex("orders_tool_featured").execute();
  await db.schema.alterTable("orders").dropColumn("settled_note").execute();
  await db.schema.alterTable("orders").dropColumn("settled_as").execute();
  await db.schema.alterTable("orders").dropColumn("featured_from").execute();
}
