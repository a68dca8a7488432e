import { sql, type Kysely } from "kysely";

// Frozen once landed. The audit log's actions for what visitors and admins build together: the
// moderation of reviews and owners' replies to them, and the admin's collections. Named here at
// once, so each of those features adds its tables without building the audit log again.

/** Every action the audit log records: as before, and those of reviews and collections. */
const ACTIONS = [
  "approve", "reject", "edit", "delete", "add", "import",
  "message-delete",
  "login", "login-failed", "login-locked", "logout", "password-set",
  "claim-request", "claim-verify", "claim-verify-failed", "claim-revoke", "owner-link",
  "owner-edit", "owner-edit-approve", "owner-edit-reject",
  "report-resolve",
  "review-approve", "review-reject", "review-delete", "review-reply-approve", "review-reply-reject",
  "collection-add", "collection-edit", "collection-publish", "collection-unpublish", "collection-delete",
];

const list = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  // A CHECK cannot be changed in place on SQLite: the audit log is built again with the wider list.
  await db.schema
    .createTable("audit_log_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_user_id", "text", (c) => c.references("admin_users.id").onDelete("set null"))
    .addColumn("admin_username", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in (${list(ACTIONS)})`))
    .addColumn("tool_id", "text")
    .addColumn("tool_name", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ip", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into audit_log_next (id, admin_user_id, admin_username, action, tool_id, tool_name, detail, ip, created_at)
    select id, admin_user_id, admin_username, action, tool_id, tool_name, detail, ip, created_at from audit_log`.execute(db);
  await db.schema.dropTable("audit_log").execute();
  await db.schema.alterTable("audit_log_next").renameTo("audit_log").execute();
  await db.schema.createIndex("audit_log_created_at").on("audit_log").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom("audit_log")
    .where("action", "in", ACTIONS.slice(ACTIONS.indexOf("review-approve")))
    .execute();
}
