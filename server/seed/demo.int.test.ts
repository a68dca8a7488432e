import { sql } from "kysely";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "../../core/categories.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { PRICING_MODELS } from "../../core/pricing.ts";
import { categoryColor } from "../../core/tile-colors.ts";
import { getPage, headings, startTags } from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { seedDemoIfEmpty } from "./demo.ts";

describe("demo catalogue", () => {
  const testServer = useTestServer();
  let server: TestServer;
  let added: number;
  beforeAll(async () => {
    server = testServer();
    const { database, storage, log } = server.services;
    added = await seedDemoIfEmpty({ database, storage, log, now: Date.now() });
  });

  it("loads at least 60 tools over every category and pricing model", async () => {
    const { db } = server.services.database;
    expect(added).toBeGreaterThanOrEqual(60);
    const tools = await db.selectFrom("tools").select(["pricing_model", "status", "logo_url"]).execute();
    expect(tools).toHaveLength(added);
    expect(new Set(tools.map((t) => t.pricing_model))).toEqual(new Set(PRICING_MODELS));
    const categories = await db.selectFrom("tool_categories").select("category").distinct().execute();
    expect(new Set(categories.map((c) => c.category))).toEqual(new Set(CATEGORY_SLUGS));
    expect(tools.filter((t) => t.status === "pending").length).toBeGreaterThan(0);
    expect(tools.every((t) => t.logo_url?.startsWith("/uploads/logos/"))).toBe(true);
  });

  it("features a few tools through paid orders, one of them expired", async () => {
    const now = Date.now();
    const orders = await server.services.database.db
      .selectFrom("orders")
      .select(["status", "paid_at", "amount_cents"])
      .execute();
    expect(orders.length).toBeGreaterThan(3);
    expect(orders.every((o) => o.status === "paid" && Number.isInteger(o.amount_cents))).toBe(true);
    const running = orders.filter((o) => o.paid_at! + FEATURED_DURATION_MS > now);
    expect(running.length).toBeGreaterThanOrEqual(3);
    expect(orders.length - running.length).toBeGreaterThanOrEqual(1);
  });

  it("serves the generated logos as images", async () => {
    const { logo_url } = await server.services.database.db
      .selectFrom("tools")
      .select("logo_url")
      .executeTakeFirstOrThrow();
    const res = await fetch(`${server.url}${logo_url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString()).toBe("WEBP");
  });

  it("gives every tool a preview, drawn like its link-preview image at a screenshot's size, shown on its page", async () => {
    const tools = await server.services.database.db
      .selectFrom("tools")
      .select(["slug", "name", "screenshot_url"])
      .execute();
    expect(tools.every((t) => t.screenshot_url?.startsWith("/uploads/screenshots/"))).toBe(true);
    const [first] = tools;
    const res = await fetch(`${server.url}${first!.screenshot_url}`);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1280, 800]);

    const { html } = await getPage(server.url, `/tool/${first!.slug}`);
    expect(headings(html, 2)).toContain("Preview");
    const shot = startTags(html, "img").find((t) => t.attrs.src === first!.screenshot_url);
    expect(shot?.attrs).toMatchObject({ width: "1280", height: "800" });
  });

  it("colours the letter-tile logos by first category, so the newest tools side by side look distinct", async () => {
    const newest = await server.services.database.db
      .selectFrom("tools")
      .select(["id", "logo_url"])
      .where("status", "in", ["approved", "verified"])
      .orderBy("created_at", "desc")
      .limit(8)
      .execute();
    const colours = new Set<string>();
    for (const tool of newest) {
      const primary = await server.services.database.db
        .selectFrom("tool_categories")
        .select("category")
        .where("tool_id", "=", tool.id)
        .where("position", "=", 0)
        .executeTakeFirstOrThrow();
      const logo = Buffer.from(await (await fetch(`${server.url}${tool.logo_url}`)).arrayBuffer());
      // Inside the tile, clear of its letter and its rounded corner.
      const { data, info } = await sharp(logo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (24 * info.width + 48) * info.channels;
      const pixel = [data[at]!, data[at + 1]!, data[at + 2]!];
      const expected = [1, 3, 5].map((i) => parseInt(categoryColor(primary.category).slice(i, i + 2), 16));
      expect(
        pixel.reduce((sum, v, i) => sum + Math.abs(v - expected[i]!), 0),
        primary.category,
      ).toBeLessThan(24);
      colours.add(categoryColor(primary.category));
    }
    expect(colours.size).toBeGreaterThanOrEqual(5);
  });

  it("shows the newest public tools on the home page, never a pending one", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const { db } = server.services.database;
    const newest = await db
      .selectFrom("tools")
      .select("name")
      .where("status", "in", ["approved", "verified"])
      .orderBy("created_at", "desc")
      .limit(8)
      .execute();
    for (const { name } of newest) expect(html).toContain(name);
    const pending = await db.selectFrom("tools").select("name").where("status", "=", "pending").execute();
    for (const { name } of pending) expect(html).not.toContain(`>${name}<`);
  });

  it("does nothing when the database already has tools", async () => {
    const { database, storage, log } = server.services;
    expect(await seedDemoIfEmpty({ database, storage, log, now: Date.now() })).toBe(0);
    const { n } = await database.db
      .selectFrom("tools")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(n).toBe(added);
  });
});
