import { sql, type Kysely } from "kysely";

// Frozen once landed. Product Hunt import, scheduled work and link health (ADR 015).
export async function up(db: Kysely<any>): Promise<void> {
  // Where an imported tool came from (its launch page). One listed tool per launch, enforced here
  // rather than only looked up, so two imports of one launch at the same moment save it once.
  await db.schema.alterTable("tools").addColumn("source_url", "text").execute();
  await db.schema
    .createIndex("tools_source_url")
    .unique()
    .on("tools")
    .column("source_url")
    .where("source_url", "is not", null)
    .where(sql.ref("status"), "<>", "rejected")
    .execute();
  // The weekly link check: when, what it found, and failures in a row (3 flag the tool).
  await db.schema.alterTable("tools").addColumn("link_checked_at", "bigint").execute();
  await db.schema.alterTable("tools").addColumn("link_check_result", "text").execute();
  await db.schema.alterTable("tools").addColumn("link_failures", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("tools_link_checked_at").on("tools").columns(["link_checked_at", "id"]).execute();
  await db.schema.createIndex("tools_link_failures").on("tools").column("link_failures").execute();

  // One holder at a time per name, across instances; a holder that dies lets it expire.
  await db.schema
    .createTable("leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();

  // Every run of a scheduled job (the import, the link check), whoever started it. `slot` is the
  // scheduled time a run was started for: unique per job, so instances woken by the same tick
  // make one run between them.
  await db.schema
    .createTable("scheduled_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("job", "text", (c) => c.notNull())
    .addColumn("trigger", "text", (c) => c.notNull().check(sql`trigger in ('schedule', 'manual')`))
    .addColumn("slot", "bigint")
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('running', 'succeeded', 'failed', 'interrupted')`))
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("finished_at", "bigint")
    .addColumn("summary", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("error", "text")
    .addColumn("item_errors", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.createIndex("scheduled_runs_job_slot").unique().on("scheduled_runs").columns(["job", "slot"]).execute();
  await db.schema.createIndex("scheduled_runs_job_started").on("scheduled_runs").columns(["job", "started_at"]).execute();

  // Launches the automatic import has dealt with, so it fetches each once (failed ones a few times).
  await db.schema
    .createTable("import_launches")
    .addColumn("launch_key", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull().check(sql`outcome in ('saved', 'duplicate', 'failed')`))
    .addColumn("tool_id", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("last_error", "text")
    .addColumn("first_seen_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  // Never written: the runs of every scheduled job live in scheduled_runs.
  await db.schema.dropTable("scrape_runs").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("scrape_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("trigger", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("finished_at", "bigint")
    .addColumn("urls_found", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tools_processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("saved_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("item_errors", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.createIndex("scrape_runs_started_at").on("scrape_runs").column("started_at").execute();
  await db.schema.dropTable("import_launches").execute();
  await db.schema.dropTable("scheduled_runs").execute();
  await db.schema.dropTable("leases").execute();
  await db.schema.dropIndex("tools_link_failures").execute();
  await db.schema.dropIndex("tools_link_checked_at").execute();
  await db.schema.alterTable("tools").dropColumn("link_failures").execute();
  await db.schema.alterTable("tools").dropColumn("link_check_result").execute();
  await db.schema.alterTable("tools").dropColumn("link_checked_at").execute();
  await db.schema.dropIndex("tools_source_url").execute();
  await db.schema.alterTable("tools").dropColumn("source_url").execute();
}
