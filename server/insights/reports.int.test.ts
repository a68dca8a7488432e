import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, startOfDay } from "../../core/dates.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA, textOf } from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { hashToken } from "../claims/service.ts";
import { newId } from "../platform/db/ids.ts";
import { sponsorReportPath, sponsorToken } from "./reports.ts";

// Owners' and sponsors' reports against the real app and a real database (both engines): the
// figures per day as stored, the period before, the rank among placements, CSV downloads, and
// no report without its private link.

const clock = { now: Date.UTC(2026, 10, 25, 12) };
const today = startOfDay(clock.now);

describe("reports of a listing and of its featured placement", () => {
  const testServer = useTestServer({ now: () => clock.now });
  let server: TestServer;
  const sponsored = makeTool({ name: "Report Sponsor" });
  const rival = makeTool({ name: "Report Rival" });
  const pendingTool = makeTool({ name: "Report Waiting", status: "pending" });
  const orderId = newId();
  const rivalOrder = newId();
  const waitingOrder = newId();
  const ownerToken = randomBytes(32).toString("base64url");

  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { "User-Agent": BROWSER_UA } });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [sponsored, rival, pendingTool]);
    const { db } = server.services.database;
    const order = (id: string, tool: { id: string; name: string }, from: number | null) => ({
      id,
      tool_id: tool.id,
      tool_name: tool.name,
      amount_cents: 15000,
      provider: "stripe",
      provider_session_id: `cs_${id}`,
      status: "paid",
      created_at: today - 3 * DAY_MS,
      updated_at: today - 3 * DAY_MS,
      paid_at: today - 3 * DAY_MS,
      featured_from: from,
    });
    // Featured three days ago (four days with today); the rival since a week.
    await db
      .insertInto("orders")
      .values([
        order(orderId, sponsored, today - 3 * DAY_MS + 3600_000),
        order(rivalOrder, rival, today - 7 * DAY_MS),
        order(waitingOrder, pendingTool, null),
      ])
      .execute();
    const rows = (toolId: string, entries: [number, number][]) =>
      entries.map(([daysAgo, count]) => ({ tool_id: toolId, day: today - daysAgo * DAY_MS, count }));
    await db
      .insertInto("tool_impressions")
      .values(
        rows(sponsored.id, [
          [3, 100],
          [2, 200],
          [0, 50],
        ]),
      )
      .execute();
    await db
      .insertInto("tool_clicks")
      .values([
        ...rows(sponsored.id, [
          [6, 1],
          [3, 4],
          [2, 6],
          [0, 2],
        ]),
        ...rows(rival.id, [[2, 30]]),
      ])
      .execute();
    await db
      .insertInto("tool_views")
      .values(
        rows(sponsored.id, [
          [7, 10],
          [5, 10],
          [1, 40],
          [95, 7],
        ]),
      )
      .execute();
    await db
      .insertInto("tool_like_days")
      .values(rows(sponsored.id, [[1, 3]]))
      .execute();
    await db
      .insertInto("tool_claims")
      .values({
        id: newId(),
        tool_id: sponsored.id,
        method: "email",
        email: "owner@report-sponsor.example",
        domain: "report-sponsor.example.com",
        site_code: null,
        secret_hash: null,
        owner_token_hash: hashToken(ownerToken),
        next_owner_token_hash: null,
        status: "verified",
        expires_at: clock.now,
        created_at: clock.now - DAY_MS,
        verified_at: clock.now - DAY_MS,
        revoked_at: null,
      })
      .execute();
  });

  it("shows the payer what the placement did per day, against the days before and the other placements", async () => {
    const token = await sponsorToken(server.services.signingKey, orderId);
    const res = await get(sponsorReportPath(token));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const text = textOf(html);
    expect(text).toContain("Featured placement report");
    expect(text).toContain("Since it started (4 days)");
    expect(text).toContain("Impressions 350");
    expect(text).toContain("Website clicks 12");
    expect(text).toContain("Click-through 3.4%");
    expect(text).toContain("Rank by clicks 2nd of 2");
    // The four days before: 10 + 10 views and 1 click then; 40 views and 12 clicks since.
    expect(text).toContain("The same 4 days before");
    expect(text).toMatch(/Page views 20 40 \+100%/);
    expect(text).toMatch(/Website clicks 1 12 \+1100%/);
    expect(html).toContain(`href="/sponsor/${token}/report.csv"`);

    const csv = await get(`/sponsor/${token}/report.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const day = (daysAgo: number) => new Date(today - daysAgo * DAY_MS).toISOString().slice(0, 10);
    expect(await csv.text()).toBe(
      [
        "day,impressions,clicks,click_through",
        `${day(3)},100,4,4.0%`,
        `${day(2)},200,6,3.0%`,
        `${day(1)},0,0,–`,
        `${day(0)},50,2,4.0%`,
        "",
      ].join("\r\n"),
    );
  });

  it("has no report without the order's own signed link", async () => {
    const token = await sponsorToken(server.services.signingKey, orderId);
    const rivals = await sponsorToken(server.services.signingKey, rivalOrder);
    const forged = [
      orderId,
      `${orderId}.${rivals.split(".")[1]}`,
      `${orderId}.${"A".repeat(43)}`,
      `${token}x`,
      `${newId()}.${token.split(".")[1]}`,
      "%00",
      "x".repeat(5000),
    ];
    for (const bad of forged) {
      const res = await get(`/sponsor/${bad}`);
      expect([400, 404]).toContain(res.status);
      expect(await res.text()).not.toContain("Report Sponsor");
      const csv = await get(`/sponsor/${bad}/report.csv`);
      expect([400, 404]).toContain(csv.status);
      expect(await csv.text()).not.toContain("impressions");
    }
    expect((await get(sponsorReportPath(rivals))).status).toBe(200);
  });

  it("says a placement waiting for approval has not started, with no figures", async () => {
    const res = await get(sponsorReportPath(await sponsorToken(server.services.signingKey, waitingOrder)));
    expect(res.status).toBe(200);
    expect(textOf(await res.text())).toContain("The placement has not started yet");
  });

  it("shows a verified owner 90 days per day, a CSV of them, and the placement's report", async () => {
    const res = await get(`/owner/${ownerToken}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(
      /role="img" aria-label="The last 90 days, per day\. Page views: 60 in all; Website clicks: 13 in all; Likes: 3 in all\."/,
    );
    const token = await sponsorToken(server.services.signingKey, orderId);
    expect(html).toContain(`href="/sponsor/${token}"`);
    expect(html).toContain(`href="/owner/${ownerToken}/stats.csv"`);

    const csv = await get(`/owner/${ownerToken}/stats.csv`);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("day,views,clicks,likes");
    expect(lines).toHaveLength(91);
    expect(lines[1]!.startsWith(new Date(today - 89 * DAY_MS).toISOString().slice(0, 10))).toBe(true);
    expect(lines.at(-2)).toBe(`${new Date(today - DAY_MS).toISOString().slice(0, 10)},40,0,3`);
    // The view of 95 days ago is outside the 90 days.
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(",")[1]), 0)).toBe(60);

    const wrong = await get(`/owner/${randomBytes(32).toString("base64url")}/stats.csv`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toContain("views");
  });
});
