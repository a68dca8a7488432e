import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, startOfDay } from "../../core/dates.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA, decodeEntities } from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin } from "../admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";
import { newId } from "../platform/db/ids.ts";

// The dashboard's charts against the real app and a real database (both engines): each chart's
// table holds what the database holds for each day (or month), over the range asked for; the
// picture is an SVG drawn on the server; the searches that found nothing link to the submit form.

const clock = { now: Date.UTC(2026, 10, 24, 15) };
const today = startOfDay(clock.now);

/** The figures of a chart's table, by its first column (the period), as the page shows them. */
function tableOf(html: string, id: string): Map<string, string[]> {
  const table = new RegExp(`<table[^>]*data-chart="${id}"[^>]*>([\\s\\S]*?)</table>`).exec(html)?.[1];
  if (!table) throw new Error(`no table for the chart ${id}`);
  const rows = new Map<string, string[]>();
  for (const [, row] of table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)) {
    const cells = [...row!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) =>
      decodeEntities(cell!.replace(/<[^>]+>/g, "")).trim(),
    );
    rows.set(cells[0]!, cells.slice(1));
  }
  return rows;
}

const dayLabel = (at: number) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(at);

describe("the dashboard's charts", () => {
  const testServer = useTestServer({ now: () => clock.now });
  let server: TestServer;
  let cookie: string;

  const dashboard = async (query = "") => {
    const res = await fetch(`${server.url}/admin/dashboard${query}`, { headers: { cookie, "User-Agent": BROWSER_UA } });
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    server = testServer();
    const { database } = server.services;
    const admin = await createAdmin(database, "charts-admin", "a long enough password", clock.now);
    cookie = `${adminCookieName(false)}=${await createAdminSession(database, admin.id, clock.now)}`;
    const { db } = database;
    // Submissions: two received today, one five days ago, one 40 days ago (outside 30 days).
    await addTools(server.services, [
      makeTool({ name: "Sub Today A", source: "free_submission", status: "pending", createdAt: today + 1000 }),
      makeTool({ name: "Sub Today B", source: "free_submission", status: "pending", createdAt: today + 2000 }),
      makeTool({ name: "Sub Five", source: "free_submission", status: "pending", createdAt: today - 5 * DAY_MS }),
      makeTool({ name: "Sub Forty", source: "free_submission", status: "pending", createdAt: today - 40 * DAY_MS }),
      makeTool({ name: "Admin Added", source: "admin", createdAt: today + 3000 }),
    ]);
    const audit = (action: "approve" | "reject", at: number) => ({
      id: newId(),
      admin_user_id: admin.id,
      admin_username: "charts-admin",
      action,
      tool_id: null,
      tool_name: "x",
      created_at: at,
    });
    await db
      .insertInto("audit_log")
      .values([audit("approve", today + 5000), audit("approve", today + 6000), audit("reject", today - DAY_MS)])
      .execute();
    await db
      .insertInto("site_days")
      .values([
        { kind: "views", day: today, count: 120 },
        { kind: "clicks", day: today, count: 7 },
        { kind: "views", day: today - 2 * DAY_MS, count: 33 },
        { kind: "likes", day: today - 3 * DAY_MS, count: 4 },
        { kind: "views", day: today - 100 * DAY_MS, count: 999 },
      ])
      .execute();
    await db
      .insertInto("search_days")
      .values([{ day: today - DAY_MS, searches: 50, no_results: 6 }])
      .execute();
    await db
      .insertInto("search_terms")
      .values([
        {
          term: "quantum notes",
          search_count: 9,
          last_searched: today,
          created_at: today,
          source: null,
          result_count: 0,
        },
        {
          term: "<b>bold</b>",
          search_count: 3,
          last_searched: today,
          created_at: today,
          source: null,
          result_count: 0,
        },
        { term: "notes", search_count: 40, last_searched: today, created_at: today, source: null, result_count: 12 },
      ])
      .execute();
    // Featuring: one real order this month, one 45 days ago (still in force), a test order (never revenue).
    const sponsor = makeTool({ name: "Chart Sponsor" });
    const older = makeTool({ name: "Chart Older Sponsor" });
    const tested = makeTool({ name: "Chart Test Sponsor" });
    await addTools(server.services, [sponsor, older, tested]);
    const order = (tool: { id: string; name: string }, cents: number, provider: string, paidAt: number) => ({
      id: newId(),
      tool_id: tool.id,
      tool_name: tool.name,
      amount_cents: cents,
      provider,
      provider_session_id: `cs_${newId()}`,
      status: "paid",
      created_at: paidAt,
      updated_at: paidAt,
      paid_at: paidAt,
      featured_from: paidAt,
    });
    await db
      .insertInto("orders")
      .values([
        order(sponsor, 12000, "stripe", today - 2 * DAY_MS),
        order(older, 8000, "stripe", today - 45 * DAY_MS),
        order(tested, 9900, "test", today),
      ])
      .execute();
  });

  it("shows each day of the last 30 days with the numbers the database holds", async () => {
    const html = await dashboard();
    expect(html).toContain("The last 30 days");
    const submissions = tableOf(html, "submissions");
    expect(submissions.size).toBe(31);
    expect(submissions.get(dayLabel(today))).toEqual(["2", "2", "0"]);
    expect(submissions.get(dayLabel(today - 5 * DAY_MS))).toEqual(["1", "0", "0"]);
    expect(submissions.get(dayLabel(today - DAY_MS))).toEqual(["0", "0", "1"]);
    expect(submissions.has(dayLabel(today - 40 * DAY_MS))).toBe(false);

    const traffic = tableOf(html, "traffic");
    expect(traffic.get(dayLabel(today))).toEqual(["120", "7"]);
    expect(traffic.get(dayLabel(today - 2 * DAY_MS))).toEqual(["33", "0"]);
    expect(tableOf(html, "likes").get(dayLabel(today - 3 * DAY_MS))).toEqual(["4"]);
    expect(tableOf(html, "searches").get(dayLabel(today - DAY_MS))).toEqual(["50", "6"]);

    // Placements in force: the older order all month, the newer from two days ago; the test order counts as placed.
    const placements = tableOf(html, "placements");
    expect(placements.get(dayLabel(today - 10 * DAY_MS))).toEqual(["1"]);
    expect(placements.get(dayLabel(today))).toEqual(["3"]);

    // Revenue by month: real orders only.
    const revenue = tableOf(html, "revenue");
    expect(revenue.get("Nov 2026")).toEqual(["$120"]);
    expect(revenue.get("Oct 2026")).toEqual(["$80"]);

    // Pictures drawn on the server, as images with a summary.
    expect(html).toMatch(/role="img" aria-label="Page views and website clicks, per day\. Tool page views: 153 in all/);
    expect((html.match(/<svg[^>]*viewBox/g) ?? []).length).toBe(6);
  });

  it("widens to 90 and 365 days, and falls back to 30 for anything else", async () => {
    const ninety = await dashboard("?range=90");
    expect(ninety).toContain("The last 90 days");
    expect(tableOf(ninety, "submissions").get(dayLabel(today - 40 * DAY_MS))).toEqual(["1", "0", "0"]);
    expect(tableOf(ninety, "traffic").has(dayLabel(today - 100 * DAY_MS))).toBe(false);
    const year = await dashboard("?range=365");
    expect(tableOf(year, "traffic").size).toBe(366);
    expect(tableOf(year, "traffic").get(dayLabel(today - 100 * DAY_MS))).toEqual(["999", "0"]);
    // A placement stays a year: the older order was in force 45 days ago, not 46.
    expect(tableOf(year, "placements").get(dayLabel(today - 46 * DAY_MS))).toEqual(["0"]);
    expect(FEATURED_DURATION_MS).toBeGreaterThan(45 * DAY_MS);
    for (const odd of ["?range=7", "?range=abc", "?range=-30", "?range=1e400"])
      expect(await dashboard(odd)).toContain("The last 30 days");
  });

  it("lists the searches that found nothing, each linking to the submit form with the term", async () => {
    const html = await dashboard();
    expect(html).toContain('href="/submit-tool?name=quantum%20notes"');
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).not.toContain("?name=notes");
    const form = await fetch(`${server.url}/submit-tool?name=quantum%20notes`, {
      headers: { "User-Agent": BROWSER_UA },
    });
    expect(await form.text()).toMatch(
      /<input[^>]*name="name"[^>]*value="quantum notes"|<input[^>]*value="quantum notes"[^>]*name="name"/,
    );
  });
});
