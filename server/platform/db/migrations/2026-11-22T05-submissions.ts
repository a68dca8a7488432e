import type { Kysely } from "kysely";
import { websiteKey } from "../../../../core/submission.ts";

// Frozen once landed. Free submissions: a website already listed is found by its key (host and
// path, see websiteKey), and background work that must survive a restart (the screenshot taken
// after a submission) is kept as rows of `jobs`.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tools").addColumn("website_key", "text").execute();
  // Filled with the key of the day this runs; a later change of websiteKey brings its own migration.
  const rows: { id: string; website_url: string }[] = await db.selectFrom("tools").select(["id", "website_url"]).execute();
  for (const row of rows) {
    await db.updateTable("tools").set({ website_key: websiteKey(row.website_url) }).where("id", "=", row.id).execute();
  }
  await db.schema.createIndex("tools_website_key").on("tools").column("website_key").execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    // queued (waiting or running under a lease) or failed (gave up; kept for the admin to see).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("run_at", "bigint", (c) => c.notNull())
    .addColumn("locked_until", "bigint")
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["status", "run_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
  await db.schema.dropIndex("tools_website_key").execute();
  await db.schema.alterTable("tools").dropColumn("website_key").execute();
}
