import { sql, type Kysely } from "kysely";

// Frozen once landed. An order buys a year of featuring or a priority review of a pending
// submission (docs/decisions/057). A priority review never gets a featured year, so every query of
// placements in force (which reads featured_from) leaves it out as it is; it has a deadline
// instead, set when it is paid, which orders the moderation queue and flags the overdue ones.

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
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("review_due_at").execute();
  await db.schema.alterTable("orders").dropColumn("kind").execute();
}
