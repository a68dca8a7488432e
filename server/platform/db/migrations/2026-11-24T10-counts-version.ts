import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen once landed. Like counts change apart from the rest of the catalogue (ADR 023): a like
// moves `counts_version`, not `version`, so it does not make every cached page stale. Indexes for
// the public lists' remaining reads, and tombstones for the catalogue each instance holds.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("catalog_state").addColumn("counts_version", "bigint", (c) => c.notNull().defaultTo(0)).execute();
  // The public lists are ordered in memory now (server/catalog/public.ts): these orders are not read.
  await db.schema.dropIndex("tools_public_recent").execute();
  await db.schema.dropIndex("tools_public_name").execute();
  // The running payments of one tool (its page, its card) without reading every paid order.
  await db.schema.createIndex("orders_tool_paid").on("orders").columns(["tool_id", "status", "paid_at"]).execute();
  // Each instance loads the catalogue a page at a time in (revision, tool_id) order, and learns
  // which tools left it from their tombstones (no foreign key: they outlive deleted tools).
  await db.schema.dropIndex("tool_search_revision").execute();
  await db.schema.createIndex("tool_search_revision").on("tool_search").columns(["revision", "tool_id"]).execute();
  await db.schema
    .createTable("tool_search_gone")
    .addColumn("tool_id", "text", (c) => c.primaryKey())
    .addColumn("revision", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tool_search_gone_revision").on("tool_search_gone").column("revision").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tool_search_gone").execute();
  await db.schema.dropIndex("tool_search_revision").execute();
  await db.schema.createIndex("tool_search_revision").on("tool_search").column("revision").execute();
  await db.schema.dropIndex("orders_tool_paid").execute();
  await sql`create index tools_public_recent on tools (created_at, id) where status in ('approved', 'verified')`.execute(db);
  await (db.getExecutor().adapter instanceof PostgresAdapter
    ? sql`create index tools_public_name on tools ((lower(name) collate "C"), id) where status in ('approved', 'verified')`
    : sql`create index tools_public_name on tools (lower(name), id) where status in ('approved', 'verified')`
  ).execute(db);
  await db.schema.alterTable("catalog_state").dropColumn("counts_version").execute();
}
