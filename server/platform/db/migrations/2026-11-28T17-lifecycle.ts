import { sql, type Kysely } from "kysely";

// Frozen once landed. A lifecycle state for every tool (docs/decisions/047): the state set by hand
// (null: derived from the link check), its successor and when it was set; what the link check
// saw — when the website last answered, a hash of the start of its page and when that last
// changed, and the source repository's last activity.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tools")
    .addColumn("lifecycle", "text", (c) => c.check(sql`lifecycle in ('discontinued', 'acquired')`))
    .execute();
  // No foreign key: a successor deleted later leaves the link dangling, and pages then show none.
  await db.schema.alterTable("tools").addColumn("successor_id", "text").execute();
  await db.schema.alterTable("tools").addColumn("lifecycle_set_at", "bigint").execute();
  await db.schema.alterTable("tools").addColumn("link_ok_at", "bigint").execute();
  await db.schema.alterTable("tools").addColumn("site_hash", "text").execute();
  await db.schema.alterTable("tools").addColumn("site_changed_at", "bigint").execute();
  await db.schema.alterTable("tools").addColumn("repo_activity_at", "bigint").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    "repo_activity_at",
    "site_changed_at",
    "site_hash",
    "link_ok_at",
    "lifecycle_set_at",
    "successor_id",
    "lifecycle",
  ]) {
    await db.schema.alterTable("tools").dropColumn(column).execute();
  }
}
