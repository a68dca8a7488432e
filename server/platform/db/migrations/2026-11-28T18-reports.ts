import { sql, type Kysely } from "kysely";

// Frozen once landed. Reports of a problem with a listing (docs/decisions/049): what a visitor
// said about a tool, kept until an admin resolves it, and the audit log's new action.

/** Every action the audit log records: as before, and admins' resolutions of reports. */
const ACTIONS = [
  "approve", "reject", "edit", "delete", "add", "import",
  "message-delete",
  "login", "login-failed", "login-locked", "logout", "password-set",
  "claim-request", "claim-verify", "claim-verify-failed", "claim-revoke", "owner-link",
  "owner-edit", "owner-edit-approve", "owner-edit-reject",
  "report-resolve",
];

const REASONS = ["wrong-category", "wrong-information", "broken-link", "duplicate", "spam-or-harmful", "discontinued", "other"];
const RESOLUTIONS = ["fixed", "discontinued", "rejected", "dismissed"];

const list = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  // Nothing of the visitor but a keyed hash of who they were that day (their visitor cookie or
  // their network), which only says whether two reports of one tool on one day came from one
  // visitor; the reply address is emptied once the reporter has been told the outcome.
  await db.schema
    .createTable("listing_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in (${list(REASONS)})`))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text")
    .addColumn("visitor_hash", "text", (c) => c.notNull())
    .addColumn("day", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('open', 'resolved')`))
    .addColumn("resolution", "text", (c) => c.check(sql`resolution in (${list(RESOLUTIONS)})`))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("resolved_at", "bigint")
    .execute();
  await db.schema
    .createIndex("listing_reports_one_a_day")
    .on("listing_reports")
    .columns(["tool_id", "day", "visitor_hash"])
    .unique()
    .execute();
  await db.schema.createIndex("listing_reports_status").on("listing_reports").columns(["status", "tool_id", "created_at"]).execute();

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
  await db.deleteFrom("audit_log").where("action", "=", "report-resolve").execute();
  await db.schema.dropTable("listing_reports").execute();
}
