import { sql, type Kysely } from "kysely";

// Frozen once landed. The dashboard shows every like there is; counting the likes table for it
// reads every row (hundreds of thousands on a large site). The total is kept beside the catalogue
// version instead, moved by the transactions that add, take back or delete likes, and started
// here from the rows as they are.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("catalog_state").addColumn("likes_total", "bigint", (c) => c.notNull().defaultTo(0)).execute();
  await sql`update catalog_state set likes_total = (select count(*) from likes)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("catalog_state").dropColumn("likes_total").execute();
}
