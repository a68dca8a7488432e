import type { Kysely } from "kysely";

// Frozen once landed. A paid order remembers the provider's payment (Stripe's payment intent), so
// a refund, which names the payment and not the checkout session, finds its order.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("provider_payment_id", "text").execute();
  await db.schema.createIndex("orders_provider_payment_id").on("orders").column("provider_payment_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_provider_payment_id").execute();
  await db.schema.alterTable("orders").dropColumn("provider_payment_id").execute();
}
