import type { Kysely } from "kysely";

// Frozen once landed. Secrets the application makes for itself when none is configured (the
// cookie-signing key), kept in the database so that every instance and every restart shares them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app_secrets").execute();
}
