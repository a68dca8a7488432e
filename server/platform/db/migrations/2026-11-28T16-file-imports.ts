import { sql, type Kysely } from "kysely";

// Frozen once landed. Catalogue files an admin uploaded (docs/decisions/046): kept between the
// preview and the confirmation, in the database so any instance can show the preview and run the
// import, with the admin's choices and the import's progress. The text is emptied once imported.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("file_imports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_user_id", "text")
    .addColumn("admin_username", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull().check(sql`format in ('markdown', 'csv', 'json')`))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("mapping", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("approve", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('preview', 'confirmed', 'running', 'finished', 'failed')`),
    )
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("added", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("finished_at", "bigint")
    .execute();
  await db.schema.createIndex("file_imports_status").on("file_imports").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("file_imports").execute();
}
