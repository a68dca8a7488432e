import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  // One row counting changes to what public pages show, so every instance can tell when its
  // cached pages are stale (docs/decisions/004-page-cache.md).
  await db.schema
    .createTable("catalog_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .addColumn("changed_at", "bigint", (c) => c.notNull())
    .execute();
  await db.insertInto("catalog_state").values({ id: 1, version: 1, changed_at: Date.now() }).execute();

  // Public lists read public tools in date or name order and stop after a page: partial indexes
  // in exactly those orders let both engines walk them instead of sorting every public tool.
  // The queries spell the same predicate and expressions (server/catalog/queries.ts).
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`create index tools_public_recent on tools (created_at, id) where status in ('approved', 'verified')`.execute(db);
  await (postgres
    ? sql`create index tools_public_name on tools ((lower(name) collate "C"), id) where status in ('approved', 'verified')`
    : sql`create index tools_public_name on tools (lower(name), id) where status in ('approved', 'verified')`
  ).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tools_public_name").execute();
  await db.schema.dropIndex("tools_public_recent").execute();
  await db.schema.dropTable("catalog_state").execute();
}
