import { sql, type Kysely } from "kysely";

// Frozen once landed. Security events in the audit log, and ADMIN_PASSWORD applied once (ADR 018).

/** Every action the audit log records: changes to tools, messages, and sign-ins. */
const ACTIONS = [
  "approve", "reject", "edit", "delete", "add", "import",
  "message-delete",
  "login", "login-failed", "login-locked", "logout", "password-set",
];

export async function up(db: Kysely<any>): Promise<void> {
  // A CHECK cannot be changed in place on SQLite: the table is built again with the wider list,
  // and with the client address that security events carry.
  await db.schema
    .createTable("audit_log_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_user_id", "text", (c) => c.references("admin_users.id").onDelete("set null"))
    .addColumn("admin_username", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in (${sql.join(ACTIONS.map((a) => sql.lit(a)))})`))
    .addColumn("tool_id", "text")
    .addColumn("tool_name", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ip", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into audit_log_next (id, admin_user_id, admin_username, action, tool_id, tool_name, detail, created_at)
    select id, admin_user_id, admin_username, action, tool_id, tool_name, detail, created_at from audit_log`.execute(db);
  await db.schema.dropTable("audit_log").execute();
  await db.schema.alterTable("audit_log_next").renameTo("audit_log").execute();
  await db.schema.createIndex("audit_log_created_at").on("audit_log").columns(["created_at", "id"]).execute();

  // A hash of the ADMIN_PASSWORD last applied to this account: the variable is applied again only
  // when it changes, so a reset with `npm run admin` survives a restart.
  await db.schema.alterTable("admin_users").addColumn("env_password_hash", "text").execute();

  // One-off search terms older than 30 days are pruned by their count and age.
  await db.schema.createIndex("search_terms_count_last").on("search_terms").columns(["search_count", "last_searched"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("search_terms_count_last").execute();
  await db.schema.alterTable("admin_users").dropColumn("env_password_hash").execute();
  await db.deleteFrom("audit_log").where("action", "not in", ["approve", "reject", "edit", "delete"]).execute();
  await db.schema.alterTable("audit_log").dropColumn("ip").execute();
}
