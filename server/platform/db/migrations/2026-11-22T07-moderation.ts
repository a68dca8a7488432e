import { sql, type Kysely } from "kysely";

// Frozen once landed. Moderation (ADR 014): why a tool was rejected, the submitter's private link
// to their submission's state (only the SHA-256 of its token is kept, so a leaked table does not
// leak links), and a log of what admins did to tools.
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite adds one column per statement.
  await db.schema.alterTable("tools").addColumn("rejection_reason", "text").execute();
  await db.schema.alterTable("tools").addColumn("status_token_hash", "text").execute();
  await db.schema.createIndex("tools_status_token_hash").on("tools").column("status_token_hash").execute();
  // The moderation queue (pending, oldest first) and the admin list's status filter (newest first).
  await db.schema.createIndex("tools_status_created").on("tools").columns(["status", "created_at", "id"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The admin's account may go one day; the name written at the time stays.
    .addColumn("admin_user_id", "text", (c) => c.references("admin_users.id").onDelete("set null"))
    .addColumn("admin_username", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('approve', 'reject', 'edit', 'delete')`))
    // No foreign key: the entry outlives a deleted tool, which is what its name is kept for.
    .addColumn("tool_id", "text")
    .addColumn("tool_name", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_at").on("audit_log").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropIndex("tools_status_created").execute();
  await db.schema.dropIndex("tools_status_token_hash").execute();
  await db.schema.alterTable("tools").dropColumn("status_token_hash").execute();
  await db.schema.alterTable("tools").dropColumn("rejection_reason").execute();
}
