import { sql, type Kysely } from "kysely";

// Frozen once landed. Trending tools (docs/decisions/052): the scores a scheduled job works out
// from recent likes, reviews and page views, and the version every instance follows to reload them.

export async function up(db: Kysely<any>): Promise<void> {
  // Likes kept and taken back, per tool and hour, as each instance counted them in memory: the job
  // reads an hour's counts by the key, and `likes` needs no index on its time (which every like
  // would have had to write). `count` is the likes of that hour still held: an unlike takes one back
  // from the hour of its like.
  await db.schema
    .createTable("trending_likes")
    .addColumn("hour", "bigint", (c) => c.notNull())
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("trending_likes_pk", ["hour", "tool_id"])
    .execute();
  // Views: a day's counts in tool order.
  await db.schema.createIndex("tool_views_day").on("tool_views").columns(["day", "tool_id"]).execute();

  // One row per tool with a score in either window, as of `trending_state.computed_at`.
  await db.schema
    .createTable("trending_scores")
    .addColumn("tool_id", "text", (c) => c.primaryKey().references("tools.id").onDelete("cascade"))
    .addColumn("week", "double precision", (c) => c.notNull())
    .addColumn("today", "double precision", (c) => c.notNull())
    .execute();

  // One row: which computation the scores are, and when it was made; `version` moves with each.
  await db.schema
    .createTable("trending_state")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "bigint", (c) => c.notNull())
    .addColumn("computed_at", "bigint", (c) => c.notNull())
    .execute();
  await db.insertInto("trending_state").values({ id: 1, version: 0, computed_at: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("trending_state").execute();
  await db.schema.dropTable("trending_scores").execute();
  await db.schema.dropIndex("tool_views_day").execute();
  await db.schema.dropTable("trending_likes").execute();
}
