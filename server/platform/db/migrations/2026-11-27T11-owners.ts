import { sql, type Kysely } from "kysely";

// Frozen once landed. Claiming a listing (ADR 032): claims and the owner links they give, owners'
// edits waiting for an admin, page views counted per tool and day, and the audit log's new actions.

/** Every action the audit log records: admins' changes, sign-ins, and claims with owners' edits. */
const ACTIONS = [
  "approve", "reject", "edit", "delete", "add", "import",
  "message-delete",
  "login", "login-failed", "login-locked", "logout", "password-set",
  "claim-request", "claim-verify", "claim-verify-failed", "claim-revoke", "owner-link",
  "owner-edit", "owner-edit-approve", "owner-edit-reject",
];

export async function up(db: Kysely<any>): Promise<void> {
  // A claim: by e-mail (a one-time link to an address at the website's domain) or by the website
  // (a code in a meta tag or a well-known file). Only hashes of the secrets are kept: the e-mail
  // link's or the claimant's (`secret_hash`), and the owner link's once verified.
  await db.schema
    .createTable("tool_claims")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("method", "text", (c) => c.notNull().check(sql`method in ('email', 'website')`))
    .addColumn("email", "text")
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("site_code", "text")
    .addColumn("secret_hash", "text")
    .addColumn("owner_token_hash", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'verified', 'revoked')`))
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("verified_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("tool_claims_secret_hash").on("tool_claims").column("secret_hash").unique().execute();
  await db.schema.createIndex("tool_claims_owner_token_hash").on("tool_claims").column("owner_token_hash").unique().execute();
  await db.schema.createIndex("tool_claims_tool").on("tool_claims").columns(["tool_id", "status"]).execute();
  await db.schema.createIndex("tool_claims_created").on("tool_claims").columns(["created_at", "id"]).execute();

  // An owner's edit of a listing, waiting for an admin (at most one pending per tool).
  await db.schema
    .createTable("owner_edits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("claim_id", "text", (c) => c.notNull().references("tool_claims.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected', 'replaced', 'withdrawn')`))
    // JSON: the owner's content (core/claims.ts OwnerContent).
    .addColumn("content", "text", (c) => c.notNull())
    // A new logo, already checked and re-encoded, stored until the edit is decided.
    .addColumn("logo_key", "text")
    .addColumn("logo_url", "text")
    .addColumn("reason", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("decided_at", "bigint")
    .execute();
  await sql`create unique index owner_edits_one_pending on owner_edits (tool_id) where status = 'pending'`.execute(db);
  await db.schema.createIndex("owner_edits_claim").on("owner_edits").columns(["claim_id", "created_at"]).execute();
  await db.schema.createIndex("owner_edits_status").on("owner_edits").columns(["status", "created_at"]).execute();

  // Page views of tools by UTC day (`day`: the day's first millisecond), added up in memory and
  // written a batch at a time, never per request.
  await db.schema
    .createTable("tool_views")
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("day", "bigint", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("tool_views_pk", ["tool_id", "day"])
    .execute();

  // A CHECK cannot be changed in place on SQLite: the audit log is built again with the wider list.
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
  await sql`insert into audit_log_next (id, admin_user_id, admin_username, action, tool_id, tool_name, detail, ip, created_at)
    select id, admin_user_id, admin_username, action, tool_id, tool_name, detail, ip, created_at from audit_log`.execute(db);
  await db.schema.dropTable("audit_log").execute();
  await db.schema.alterTable("audit_log_next").renameTo("audit_log").execute();
  await db.schema.createIndex("audit_log_created_at").on("audit_log").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("audit_log").where("action", "in", ACTIONS.slice(12)).execute();
  await db.schema.dropTable("tool_views").execute();
  await db.schema.dropTable("owner_edits").execute();
  await db.schema.dropTable("tool_claims").execute();
}
