import type { Kysely } from "kysely";

// Frozen once landed. One row counting changes to what public pages show, so every instance can
// tell when its cached pages are stale (docs/decisions/004-page-cache.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("catalog_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .addColumn("changed_at", "bigint", (c) => c.notNull())
    .execute();
  await db.insertInto("catalog_state").values({ id: 1, version: 1, changed_at: Date.now() }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("catalog_state").execute();
}
