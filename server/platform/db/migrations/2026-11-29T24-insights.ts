import type { Kysely } from "kysely";

// Frozen once landed. What the admin's charts and the owners' and sponsors' reports read
// (docs/decisions/055), each counted in memory by every instance and added here a batch at a time:
// per tool and day, the times a featured placement was shown to a person and the likes given (less
// those taken back); per day, the site's totals of each count, so that a chart of a year reads 365
// rows and not one per tool and day. Old days go after the retention the config sets, by day.

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["tool_impressions", "tool_like_days"]) {
    await db.schema
      .createTable(table)
      .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
      .addColumn("day", "bigint", (c) => c.notNull())
      .addColumn("count", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ["tool_id", "day"])
      .execute();
  }
  // A day's rows in tool order: for ranking the placements of a day, and for forgetting old days.
  for (const table of ["tool_clicks", "tool_impressions", "tool_like_days"])
    await db.schema.createIndex(`${table}_day`).on(table).columns(["day", "tool_id"]).execute();

  // Submissions received per day, for the charts: the free ones among all tools, by creation.
  await db.schema.createIndex("tools_source_created").on("tools").columns(["source", "created_at"]).execute();

  await db.schema
    .createTable("site_days")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("day", "bigint", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("site_days_pk", ["kind", "day"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_days").execute();
  await db.schema.dropIndex("tools_source_created").execute();
  for (const table of ["tool_clicks", "tool_impressions", "tool_like_days"])
    await db.schema.dropIndex(`${table}_day`).execute();
  await db.schema.dropTable("tool_like_days").execute();
  await db.schema.dropTable("tool_impressions").execute();
}
