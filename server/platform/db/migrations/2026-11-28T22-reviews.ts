import { sql, type Kysely } from "kysely";

// Frozen once landed. Reviews of tools (docs/decisions/051): a visitor's rating and text, kept
// unconfirmed until the link mailed to them is used, then waiting for an admin; the owner's one
// reply under it, moderated too. The tool row keeps the published count (`comments_count`, which
// nothing used before) and the sum of their ratings, so lists and answers need no aggregate.

const STATUSES = ["unconfirmed", "pending", "published", "rejected"];
const REPLY_STATUSES = ["pending", "published", "rejected"];

const list = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  // Of the writer only a keyed hash of their mailbox (the canonical form of their address) is
  // kept: enough for one review per mailbox and tool, never an address to show or mail.
  await db.schema
    .createTable("reviews")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("mailbox_hash", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("pros", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cons", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("display_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in (${list(STATUSES)})`))
    .addColumn("reject_reason", "text")
    .addColumn("confirm_token_hash", "text")
    .addColumn("confirm_expires_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("confirmed_at", "bigint")
    .addColumn("decided_at", "bigint")
    .addColumn("reply_text", "text")
    .addColumn("reply_status", "text", (c) => c.check(sql`reply_status in (${list(REPLY_STATUSES)})`))
    .addColumn("reply_reason", "text")
    .addColumn("reply_claim_id", "text")
    .addColumn("reply_created_at", "bigint")
    .addColumn("reply_decided_at", "bigint")
    .addColumn("helpful_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // One confirmed review per mailbox and tool, and one waiting for its link: a newer one replaces each.
  await db.schema
    .createIndex("reviews_one_per_mailbox")
    .on("reviews")
    .columns(["tool_id", "mailbox_hash"])
    .unique()
    .where(sql.ref("status"), "<>", "unconfirmed")
    .execute();
  await db.schema
    .createIndex("reviews_one_unconfirmed")
    .on("reviews")
    .columns(["tool_id", "mailbox_hash"])
    .unique()
    .where(sql.ref("status"), "=", "unconfirmed")
    .execute();
  await db.schema.createIndex("reviews_confirm_token").on("reviews").column("confirm_token_hash").unique().execute();
  await db.schema.createIndex("reviews_tool_status").on("reviews").columns(["tool_id", "status", "decided_at"]).execute();
  await db.schema.createIndex("reviews_status").on("reviews").columns(["status", "confirmed_at"]).execute();
  // Trending reads the reviews published lately.
  await db.schema.createIndex("reviews_published").on("reviews").columns(["status", "decided_at"]).execute();
  await db.schema.createIndex("reviews_reply_status").on("reviews").column("reply_status").execute();

  // "Helpful" votes: one per visitor and review, the visitor kept only as a keyed hash of their
  // visitor cookie or network, as reports keep them.
  await db.schema
    .createTable("review_votes")
    .addColumn("review_id", "text", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
    .addColumn("visitor_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("review_votes_pk", ["review_id", "visitor_hash"])
    .execute();

  await db.schema
    .alterTable("tools")
    .addColumn("rating_sum", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Counts from elsewhere (an import of the original data) are no reviews of ours.
  await sql`update tools set comments_count = 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tools").dropColumn("rating_sum").execute();
  await db.schema.dropTable("review_votes").execute();
  await db.schema.dropTable("reviews").execute();
}
