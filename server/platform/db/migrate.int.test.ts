import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { newId } from "./ids.ts";
import { migrateToLatest } from "./migrate.ts";

describe("migrations and schema", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("are a no-op the second time, also when run concurrently", async () => {
    const results = await Promise.all([migrateToLatest(t.database.db), migrateToLatest(t.database.db)]);
    for (const r of results) expect(r.results).toEqual([]);
  });

  const tool = (slug: string) => ({
    id: newId(),
    slug,
    name: slug,
    website_url: `https://${slug}.example`,
    status: "approved",
    source: "admin",
    created_at: 1,
    updated_at: 1,
  });

  it("keeps slugs unique", async () => {
    await t.database.db.insertInto("tools").values(tool("unique-one")).execute();
    await expect(t.database.db.insertInto("tools").values(tool("unique-one")).execute()).rejects.toThrow();
  });

  it("refuses an unknown status and a negative like count", async () => {
    await expect(
      t.database.db
        .insertInto("tools")
        .values({ ...tool("bad-status"), status: "published" })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.database.db
        .insertInto("tools")
        .values({ ...tool("bad-count"), upvotes_count: -1 })
        .execute(),
    ).rejects.toThrow();
  });

  it("counts one like per visitor and tool, and drops likes and memberships with the tool", async () => {
    const row = tool("cascade");
    const { db } = t.database;
    await db.insertInto("tools").values(row).execute();
    await db.insertInto("likes").values({ tool_id: row.id, visitor_id: "v1", created_at: 1 }).execute();
    await expect(
      db.insertInto("likes").values({ tool_id: row.id, visitor_id: "v1", created_at: 2 }).execute(),
    ).rejects.toThrow();
    await db.insertInto("tool_categories").values({ tool_id: row.id, category: "ai", position: 0 }).execute();
    await db.deleteFrom("tools").where("id", "=", row.id).execute();
    const left = await db
      .selectFrom("likes")
      .select(sql<number>`count(*)`.as("n"))
      .where("tool_id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(left.n).toBe(0);
    const cats = await db
      .selectFrom("tool_categories")
      .select(sql<number>`count(*)`.as("n"))
      .where("tool_id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(cats.n).toBe(0);
  });

  it("keeps an order when its tool is deleted, and provider session ids unique", async () => {
    const row = tool("ordered");
    const { db } = t.database;
    await db.insertInto("tools").values(row).execute();
    const order = {
      tool_id: row.id,
      tool_name: row.name,
      amount_cents: 1900,
      provider: "test",
      status: "paid",
      created_at: 1,
      updated_at: 1,
      paid_at: 1,
    };
    const id = newId();
    await db
      .insertInto("orders")
      .values({ ...order, id, provider_session_id: "cs_1" })
      .execute();
    await expect(
      db
        .insertInto("orders")
        .values({ ...order, id: newId(), provider_session_id: "cs_1" })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom("tools").where("id", "=", row.id).execute();
    const kept = await db
      .selectFrom("orders")
      .select(["tool_id", "tool_name"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ tool_id: null, tool_name: "ordered" });
  });

  it("returns big integers and sums as numbers", async () => {
    const { db } = t.database;
    const r = await db
      .selectFrom("orders")
      .select([sql<number>`count(*)`.as("n"), sql<number>`coalesce(sum(amount_cents), 0)`.as("total")])
      .executeTakeFirstOrThrow();
    expect(typeof r.n).toBe("number");
    expect(typeof r.total).toBe("number");
  });
});
