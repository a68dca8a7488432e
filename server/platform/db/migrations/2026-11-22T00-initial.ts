import { sql, type Kysely } from "kysely";

// Frozen once landed: change the schema with a new dated migration, never by editing this one.
// Column types are chosen to mean the same on SQLite and PostgreSQL (ADR 003).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tools")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("tagline", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("website_url", "text", (c) => c.notNull())
    .addColumn("logo_url", "text")
    .addColumn("screenshot_url", "text")
    .addColumn("platforms", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("pricing_model", "text")
    .addColumn("pricing_details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("use_cases", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("integrations", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("target_audience", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("submitter_email", "text")
    .addColumn("submitted_by_uid", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'approved', 'verified', 'rejected')`),
    )
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("upvotes_count", "integer", (c) => c.notNull().defaultTo(0).check(sql`upvotes_count >= 0`))
    .addColumn("comments_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // Public lists have partial indexes of their own (migration T01).
  await db.schema.createIndex("tools_website_url").on("tools").column("website_url").execute();

  await db.schema
    .createTable("tool_categories")
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("tool_categories_pk", ["tool_id", "category"])
    .execute();
  await db.schema.createIndex("tool_categories_category").on("tool_categories").columns(["category", "tool_id"]).execute();

  await db.schema
    .createTable("tool_tags")
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("tool_tags_pk", ["tool_id", "tag"])
    .execute();
  await db.schema.createIndex("tool_tags_tag").on("tool_tags").columns(["tag", "tool_id"]).execute();

  await db.schema
    .createTable("search_terms")
    .addColumn("term", "text", (c) => c.primaryKey())
    .addColumn("search_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_searched", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("source", "text")
    .addColumn("result_count", "integer")
    .execute();
  await db.schema.createIndex("search_terms_last_searched").on("search_terms").column("last_searched").execute();

  await db.schema
    .createTable("contacts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("submitted_at", "bigint", (c) => c.notNull())
    .addColumn("read_at", "bigint")
    .execute();
  await db.schema.createIndex("contacts_submitted_at").on("contacts").column("submitted_at").execute();

  await db.schema
    .createTable("likes")
    .addColumn("tool_id", "text", (c) => c.notNull().references("tools.id").onDelete("cascade"))
    .addColumn("visitor_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("likes_pk", ["tool_id", "visitor_id"])
    .execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tool_id", "text", (c) => c.references("tools.id").onDelete("set null"))
    .addColumn("tool_name", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("usd"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_session_id", "text", (c) => c.unique())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('created', 'paid', 'refunded', 'expired', 'failed')`),
    )
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("paid_at", "bigint")
    .addColumn("refunded_at", "bigint")
    .execute();
  // "Featured" is decided in the query: paid orders whose year is still running.
  await db.schema.createIndex("orders_status_paid_at").on("orders").columns(["status", "paid_at", "tool_id"]).execute();
  await db.schema.createIndex("orders_tool_id").on("orders").column("tool_id").execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("admin_users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_user_id", "text", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_admin_user_id").on("sessions").column("admin_user_id").execute();

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

  // The shared store of rate-limiter-flexible's PostgreSQL limiter (one SQLite box counts in memory).
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(255)", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "rate_limits",
    "scrape_runs",
    "sessions",
    "admin_users",
    "payment_events",
    "orders",
    "likes",
    "contacts",
    "search_terms",
    "tool_tags",
    "tool_categories",
    "tools",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
