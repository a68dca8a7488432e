import type { Kysely } from "kysely";

// Frozen once landed. Clicks on a tool's "Visit website" by people, per tool and day, as each
// instance counted them in memory (server/claims/views.ts), beside the page views of tool_views;
// and searches per day with those that found nothing (server/search/daily.ts).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tool_clicks")
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("day", "bigint", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("tool_clicks_pk", ["tool_id", "day"])
    .execute();
  await db.schema
    .createTable("search_days")
    .addColumn("day", "bigint", (c) => c.primaryKey())
    .addColumn("searches", "bigint", (c) => c.notNull())
    .addColumn("no_results", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("search_days").execute();
  await db.schema.dropTable("tool_clicks").execute();
}
