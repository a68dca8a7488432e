import { sql, type Kysely } from "kysely";

// Frozen once landed. The weekly digest (ADR 032): its readers, its issues, and one
// record per issue and reader so no reader gets an issue twice.
export async function up(db: Kysely<any>): Promise<void> {
  // A reader: pending until the address's owner confirms, then confirmed; unsubscribed keeps the
  // row for the counts and the send records but not the address (email null).
  await db.schema
    .createTable("digest_subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
    // SHA-256 (hex) of the confirmation link's token; the token itself is only in the mail.
    .addColumn("confirm_token_hash", "text")
    .addColumn("confirm_expires_at", "bigint")
    .addColumn("confirm_sent_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("confirmed_at", "bigint")
    .addColumn("unsubscribed_at", "bigint")
    .execute();
  await db.schema.createIndex("digest_subscribers_token").on("digest_subscribers").column("confirm_token_hash").execute();
  await db.schema.createIndex("digest_subscribers_status").on("digest_subscribers").columns(["status", "id"]).execute();

  // One issue per ISO week: what it lists, fixed by the run that made it, so a retry later that
  // week sends the same issue.
  await db.schema
    .createTable("digest_issues")
    .addColumn("week", "text", (c) => c.primaryKey())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("new_count", "integer", (c) => c.notNull())
    .addColumn("featured_count", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  // A send of an issue to a reader: claimed ('sending') before the mail leaves, 'sent' after,
  // 'failed' when the mailer gave up (the next run tries again). A claim left 'sending' by a run
  // that died is never sent again: at most once, rather than twice.
  await db.schema
    .createTable("digest_deliveries")
    .addColumn("week", "text", (c) => c.notNull())
    .addColumn("subscriber_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('sending', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("last_error", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .addPrimaryKeyConstraint("digest_deliveries_pk", ["week", "subscriber_id"])
    .execute();
  await db.schema.createIndex("digest_deliveries_subscriber").on("digest_deliveries").columns(["subscriber_id", "week"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("digest_deliveries").execute();
  await db.schema.dropTable("digest_issues").execute();
  await db.schema.dropTable("digest_subscribers").execute();
}
