import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen once landed. The search index (docs/decisions/006-search.md): one row per public tool
// with the lower-cased text search reads, and an index that finds rows containing a word.
export async function up(db: Kysely<any>): Promise<void> {
  // "Community favourites": the most liked public tools, read in that order.
  await sql`create index tools_public_likes on tools (upvotes_count, created_at, id) where status in ('approved', 'verified')`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .createTable("tool_search")
      .addColumn("tool_id", "text", (c) => c.primaryKey().references("tools.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("tagline", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("categories", "text", (c) => c.notNull())
      .addColumn("tags", "text", (c) => c.notNull())
      .execute();
    // pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. It goes
    // to public unless it is already installed elsewhere; its operator class is named with its
    // schema, since installs may run with a search path of their own.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const opclass = sql.id(rows[0]!.schema, "gin_trgm_ops");
    await sql`create index tool_search_trgm on tool_search using gin (
      (name || chr(10) || tagline || chr(10) || description || chr(10) || categories || chr(10) || tags) ${opclass}
    )`.execute(db);
    return;
  }
  // SQLite: an external-content FTS5 table with the trigram tokenizer, kept in step by triggers.
  // The explicit integer key keeps rowids stable (FTS refers to rows by rowid).
  await db.schema
    .createTable("tool_search")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("tool_id", "text", (c) => c.notNull().unique().references("tools.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("tagline", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("categories", "text", (c) => c.notNull())
    .addColumn("tags", "text", (c) => c.notNull())
    .execute();
  await sql`create virtual table tool_search_fts using fts5(
    name, tagline, description, categories, tags,
    content = 'tool_search', content_rowid = 'id', tokenize = 'trigram'
  )`.execute(db);
  await sql`create trigger tool_search_ai after insert on tool_search begin
    insert into tool_search_fts (rowid, name, tagline, description, categories, tags)
    values (new.id, new.name, new.tagline, new.description, new.categories, new.tags);
  end`.execute(db);
  await sql`create trigger tool_search_ad after delete on tool_search begin
    insert into tool_search_fts (tool_search_fts, rowid, name, tagline, description, categories, tags)
    values ('delete', old.id, old.name, old.tagline, old.description, old.categories, old.tags);
  end`.execute(db);
  await sql`create trigger tool_search_au after update on tool_search begin
    insert into tool_search_fts (tool_search_fts, rowid, name, tagline, description, categories, tags)
    values ('delete', old.id, old.name, old.tagline, old.description, old.categories, old.tags);
    insert into tool_search_fts (rowid, name, tagline, description, categories, tags)
    values (new.id, new.name, new.tagline, new.description, new.categories, new.tags);
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql`drop table if exists tool_search_fts`.execute(db);
  }
  await db.schema.dropTable("tool_search").execute();
  await db.schema.dropIndex("tools_public_likes").execute();
}
