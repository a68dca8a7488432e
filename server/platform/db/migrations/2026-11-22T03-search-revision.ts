import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen once landed. Search moves into memory (docs/decisions/007-search-in-memory.md): each
// instance holds its own index of tool_search and reloads only the rows whose revision is newer
// than what it holds. The database's trigram indexes are no longer read, so they go, and with
// them their cost on every catalogue write.
export async function up(db: Kysely<any>): Promise<void> {
  // The catalogue version of the write that stored the row; rows from before this start at 0.
  await db.schema.alterTable("tool_search").addColumn("revision", "bigint", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("tool_search_revision").on("tool_search").column("revision").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The pg_trgm extension stays: another install in the same database may use it.
    await sql`drop index if exists tool_search_trgm`.execute(db);
    return;
  }
  for (const trigger of ["tool_search_ai", "tool_search_ad", "tool_search_au"]) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table if exists tool_search_fts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Recreates what 2026-11-22T02 made, filled from the rows as they are.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const opclass = sql.id(rows[0]!.schema, "gin_trgm_ops");
    await sql`create index tool_search_trgm on tool_search using gin (
      (name || chr(10) || tagline || chr(10) || description || chr(10) || categories || chr(10) || tags) ${opclass}
    )`.execute(db);
  } else {
    await sql`create virtual table tool_search_fts using fts5(
      name, tagline, description, categories, tags,
      content = 'tool_search', content_rowid = 'id', tokenize = 'trigram'
    )`.execute(db);
    await sql`insert into tool_search_fts (tool_search_fts) values ('rebuild')`.execute(db);
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
  await db.schema.dropIndex("tool_search_revision").execute();
  await db.schema.alterTable("tool_search").dropColumn("revision").execute();
}
