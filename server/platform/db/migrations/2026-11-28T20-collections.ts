import { sql, type Kysely } from "kysely";

// Frozen once landed. Collections (docs/decisions/053): lists of tools an admin curates, each with
// an introduction, published or kept as a draft, and its tools in the admin's order with a note each.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("collections")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    // Markdown, sanitised as tool descriptions are when shown.
    .addColumn("intro", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'published')`))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    // When it was last published; kept while a draft again, so the feed dates it by its first showing.
    .addColumn("published_at", "bigint")
    .execute();
  await db.schema.createIndex("collections_status").on("collections").columns(["status", "published_at"]).execute();

  // A tool is in a collection at most once (the key); a tool deleted for good leaves every collection.
  await db.schema
    .createTable("collection_tools")
    .addColumn("collection_id", "text", (c) => c.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("added_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("collection_tools_pk", ["collection_id", "tool_id"])
    .execute();
  await db.schema
    .createIndex("collection_tools_order")
    .on("collection_tools")
    .columns(["collection_id", "position"])
    .execute();
  // A tool page's "In collections": looked up by tool.
  await db.schema.createIndex("collection_tools_tool").on("collection_tools").column("tool_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("collection_tools").execute();
  await db.schema.dropTable("collections").execute();
}
