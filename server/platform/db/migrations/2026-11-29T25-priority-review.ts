import { sql, type Kysely } from "kysely";

// Frozen once landed. An order buys a year of featuring or a priority review of a pending
// submission (docs/decisions/057). A priority review never gets a featured year, so every query of
// placements in force (which reads featured_from) leaves it out as it is; it has a deadline
// instead, set when it is paid, which orders the moderation queue and flags the overdue ones.
// Either kind of order may carry the address its confirmation mail goes to: the submitter's,
// when they paid from their private status link.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("featuring")
        .check(sql`kind in ('featuring', 'priority-review')`),
    )
    .execute();
  await db.schema.alterTable("orders").addColumn("review_due_at", "bigint").execute();
  await db.schema.alterTable("orders").addColumn("receipt_email", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("receipt_email").execute();
  await db.schema.alterTable("orders").dropColumn("review_due_at").execute();
  await db.schema.alterTable("orders").dropColumn("kind").execute();
}
