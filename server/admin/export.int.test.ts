import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CSV_HEADER, adminToolRecordSchema, type AdminToolRecord } from "../../core/export.ts";
import { addPaidOrder, addTools, DAY_MS, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA } from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin } from "./accounts.ts";
import { adminCookieName, createAdminSession } from "./session.ts";

const SECRET = "submitter-export@example.com";
const TOKEN_HASH = "a".repeat(64);
const BASE = Date.UTC(2026, 4, 1);

describe("the admin export, /api/admin/export.jsonl and .csv", () => {
  const testServer = useTestServer();
  let server: TestServer;
  let cookie: string;
  const approved = Array.from({ length: 12 }, (_, i) =>
    makeTool({ name: `Admin Export ${i + 1}`, createdAt: BASE + i * DAY_MS, upvotesCount: i }),
  );
  const pending = makeTool({
    name: "Admin Export Pending",
    status: "pending",
    source: "free_submission",
    submitterEmail: SECRET,
    statusTokenHash: TOKEN_HASH,
  });
  const rejected = makeTool({ name: "Admin Export Rejected", status: "rejected", submitterEmail: SECRET });
  const imported = makeTool({
    name: "Admin Export Imported",
    source: "product_hunt_import",
    sourceUrl: "https://www.producthunt.com/posts/admin-export-imported",
  });
  // Text a spreadsheet would run as formulas, in the cells the CSV import reads and in lists.
  const hostile = makeTool({
    name: '=HYPERLINK("https://evil.example","Click")',
    slug: "hostile-formula",
    tagline: "+cmd|' /C calc'!A0",
    description: "-2+3",
    tags: ["@SUM(A1)", "fine"],
    features: ["=1+1"],
    submitterEmail: SECRET,
  });
  const all = [...approved, pending, rejected, imported, hostile];

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, all);
    await addPaidOrder(server.services, approved[0]!, 50, Date.now() - DAY_MS);
    await addPaidOrder(server.services, approved[0]!, 25, Date.now() - 2 * DAY_MS);
    await server.services.database.db
      .updateTable("tools")
      .set({
        rejection_reason: "Not a software tool.",
        link_checked_at: BASE,
        link_check_result: "404",
        link_failures: 2,
      })
      .where("id", "=", rejected.id)
      .execute();
    const now = server.services.now();
    const admin = await createAdmin(server.services.database, "export-admin", "a long enough password", now);
    cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, admin.id, now)}`;
  });

  const get = (path: string, headers: Record<string, string> = { cookie }) =>
    fetch(`${server.url}${path}`, { headers: { "User-Agent": BROWSER_UA, ...headers }, redirect: "manual" });

  it("is refused without an admin session", async () => {
    for (const path of ["/api/admin/export.jsonl", "/api/admin/export.csv"]) {
      const sessions: Record<string, string>[] = [{}, { cookie: `${adminCookieName(false)}=${"x".repeat(43)}` }];
      for (const headers of sessions) {
        const res = await get(path, headers);
        expect(res.status, path).toBe(401);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        const body = await res.text();
        expect(body).toContain("unauthenticated");
        expect(body).not.toContain("Admin Export");
      }
    }
  });

  it("gives every tool as JSON Lines, with its status and private state, and no e-mail or secret", async () => {
    const res = await get("/api/admin/export.jsonl");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="toolshelf-catalogue-\d{4}-\d{2}-\d{2}\.jsonl"$/,
    );
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const text = await res.text();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(TOKEN_HASH);
    expect(text).not.toMatch(/@example\.com/);
    const records = text
      .trimEnd()
      .split("\n")
      .map((line) => adminToolRecordSchema.strict().parse(JSON.parse(line)));
    expect(records.map((r) => r.id).sort()).toEqual(all.map((t) => t.id).sort());
    const byId = new Map<string, AdminToolRecord>(records.map((r) => [r.id, r]));
    expect(byId.get(pending.id)).toMatchObject({ status: "pending", source: "free_submission", isFeatured: false });
    expect(byId.get(rejected.id)).toMatchObject({
      status: "rejected",
      rejectionReason: "Not a software tool.",
      linkCheckedAt: new Date(BASE).toISOString(),
      linkCheckResult: "404",
      linkFailures: 2,
    });
    expect(byId.get(imported.id)).toMatchObject({
      source: "product_hunt_import",
      sourceUrl: "https://www.producthunt.com/posts/admin-export-imported",
    });
    expect(byId.get(approved[0]!.id)).toMatchObject({
      status: "approved",
      isFeatured: true,
      featuredPrice: 75,
      paidOrders: 2,
      paidUsd: 75,
    });
    expect(byId.get(approved[0]!.id)!.lastPaidAt).not.toBeNull();
    expect(byId.get(approved[5]!.id)).toMatchObject({ upvotesCount: 5, paidOrders: 0, paidUsd: 0, lastPaidAt: null });
    // What the public sees of a public tool is the same in both exports.
    const publicLine = (await (await fetch(`${server.url}/api/v1/tools/${approved[3]!.id}`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(byId.get(approved[3]!.id)).toMatchObject(publicLine.data);
  });

  it("gives every tool as CSV under the documented header, with formula cells escaped", async () => {
    const res = await get("/api/admin/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="toolshelf-catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await res.text();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(TOKEN_HASH);
    const [header, ...rows] = parse(text) as string[][];
    expect(header).toEqual(ADMIN_CSV_HEADER);
    // The header row as the README documents it.
    expect(fs.readFileSync("README.md", "utf8").split("\n")).toContain(header!.join(","));
    expect(rows).toHaveLength(all.length);
    const cells = rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
    const bySlug = new Map(cells.map((c) => [c.slug!, c]));
    expect(bySlug.get("hostile-formula")).toMatchObject({
      name: '\'=HYPERLINK("https://evil.example","Click")',
      tagline: "'+cmd|' /C calc'!A0",
      description: "'-2+3",
      tags: "'@SUM(A1);fine",
      features: "'=1+1",
    });
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(bySlug.get(pending.slug)).toMatchObject({ status: "pending", website_url: pending.websiteUrl });
    expect(bySlug.get(approved[1]!.slug)).toMatchObject({
      categories: approved[1]!.categories.join(";"),
      platforms: approved[1]!.platforms.join(";"),
      tags: approved[1]!.tags.join(";"),
      pricing_model: "Free",
      upvotes_count: "1",
    });
  });

  it("is linked from the admin tool list", async () => {
    const res = await get("/admin/tools", { cookie, Accept: "text/html" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<a[^>]*href="\/api\/admin\/export\.jsonl"[^>]*>JSON Lines<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/api\/admin\/export\.csv"[^>]*>CSV<\/a>/);
  });
});
