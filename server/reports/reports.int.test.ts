import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "../admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";
import { hashToken } from "../claims/service.ts";
import { visitorCookies } from "../likes/visitor.ts";
import { newId } from "../platform/db/ids.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA, decodeEntities, textOf } from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { startLocalSmtp, type LocalSmtp } from "../../tests/support/smtp.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = { now: Date.UTC(2026, 10, 28, 9) };
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** Posts the report form of a tool page as a browser without scripts does, from `address`. */
function report(
  server: TestServer,
  slug: string,
  fields: Record<string, string>,
  options: { address?: string; cookie?: string } = {},
) {
  return fetch(`${server.url}/tool/${slug}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      "User-Agent": BROWSER_UA,
      Accept: "text/html",
      "X-Forwarded-For": options.address ?? "203.0.113.10",
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    redirect: "manual",
  });
}

async function reportRows(server: TestServer, toolId?: string) {
  let query = server.services.database.db.selectFrom("listing_reports").selectAll();
  if (toolId) query = query.where("tool_id", "=", toolId);
  return query.orderBy("created_at").orderBy("id").execute();
}

async function adminCookie(server: TestServer): Promise<string> {
  const { database } = server.services;
  const admin = await createAdmin(database, `reports-${newId().slice(0, 8)}`, "a long enough password", clock.now);
  return `${adminCookieName(false)}=${await createAdminSession(database, admin.id, clock.now)}`;
}

function adminPost(server: TestServer, cookie: string, fields: Record<string, string>) {
  return fetch(`${server.url}/admin/reports`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      "User-Agent": BROWSER_UA,
      Accept: "text/html",
      cookie,
    },
    redirect: "manual",
  });
}

/** A like visitor's cookie as the site signs it. */
async function visitorCookie(server: TestServer): Promise<string> {
  const cookies = visitorCookies(await server.services.signingKey(), { secure: false });
  return cookies.issue().setCookie.split(";")[0]!;
}

describe("reporting a problem with a listing", () => {
  const getServer = useTestServer({
    env: { TRUST_PROXY: "loopback" },
    configure: (config) => {
      config.rateLimits.reportAddress = { points: 1000, durationSec: 3600 };
      config.rateLimits.reportTool = { points: 1000, durationSec: 3600 };
      config.mail = { ...config.mail, smtpUrl: smtp.url, retries: 0 };
    },
    now: () => clock.now,
  });
  const listed = makeTool({ name: "Reportable Listed" });
  const other = makeTool({ name: "Reportable Other" });
  const pending = makeTool({ name: "Reportable Pending", status: "pending", source: "free_submission" });
  let s: TestServer;

  beforeAll(async () => {
    s = getServer();
    await addTools(s.services, [listed, other, pending]);
  });
  beforeEach(async () => {
    await s.services.database.db.deleteFrom("listing_reports").execute();
  });

  it("puts a closed, script-free report form on a public tool page that every visitor is served alike", async () => {
    const first = await fetch(`${s.url}/tool/${listed.slug}`, { headers: { "User-Agent": BROWSER_UA } });
    const html = await first.text();
    expect(html).toContain("Report a problem");
    expect(html).toMatch(/<details class="text-sm"><summary/);
    expect(html).toContain(`action="/tool/${listed.slug}#report-problem"`);
    expect(html.match(/<input [^>]*type="radio"[^>]*name="reason"/g)).toHaveLength(7);
    expect(html).not.toMatch(/<input [^>]*type="radio"[^>]*checked/);
    for (const label of ["Wrong category", "Broken link", "Spam or harmful", "Discontinued", "Other"])
      expect(html).toContain(label);
    // Kept by the page cache and sent as it is to someone else, cookie or not.
    const second = await fetch(`${s.url}/tool/${listed.slug}`, {
      headers: { "User-Agent": BROWSER_UA, cookie: await visitorCookie(s) },
    });
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(html);

    const pendingPage = await fetch(`${s.url}/tool/${pending.slug}`, { headers: { "User-Agent": BROWSER_UA } });
    expect(await pendingPage.text()).not.toContain("Report a problem");
  });

  it("stores a report with nothing of the visitor but a hash, and says thank you", async () => {
    const res = await report(s, listed.slug, {
      reason: "broken-link",
      note: "  The website answers 404.  ",
      email: "ada@example.com",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(textOf(html)).toContain("Thank you: your report was sent.");
    expect(html).toMatch(/<details open="" class="text-sm">/);
    const rows = await reportRows(s);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tool_id: listed.id,
      reason: "broken-link",
      note: "The website answers 404.",
      email: "ada@example.com",
      status: "open",
      resolution: null,
      day: Math.floor(clock.now / DAY_MS) * DAY_MS,
    });
    expect(JSON.stringify(rows[0])).not.toContain("203.0.113.10");
    expect(rows[0]!.visitor_hash).toMatch(/^[\w-]{43}$/);
  });

  it("takes one report per visitor, tool and day: the same network again is thanked, not stored", async () => {
    expect((await report(s, listed.slug, { reason: "duplicate" })).status).toBe(200);
    const again = await report(s, listed.slug, { reason: "other", note: "And another thing" });
    expect(again.status).toBe(409);
    expect(textOf(await again.text())).toContain("You have already reported this tool today.");
    // Another tool, another network, another visitor cookie at the same network: each its own.
    expect((await report(s, other.slug, { reason: "duplicate" })).status).toBe(200);
    expect((await report(s, listed.slug, { reason: "duplicate" }, { address: "198.51.100.7" })).status).toBe(200);
    const cookie = await visitorCookie(s);
    expect((await report(s, listed.slug, { reason: "duplicate" }, { cookie })).status).toBe(200);
    expect((await report(s, listed.slug, { reason: "duplicate" }, { cookie })).status).toBe(409);
    // A forged visitor cookie is no visitor: the network counts, which has reported already.
    const forged = `ts_visitor=v_${"A".repeat(22)}.${"b".repeat(43)}`;
    expect((await report(s, listed.slug, { reason: "duplicate" }, { cookie: forged })).status).toBe(409);
    expect(await reportRows(s, listed.id)).toHaveLength(3);
    // The next day, the same visitor may report again.
    clock.now += DAY_MS;
    try {
      expect((await report(s, listed.slug, { reason: "duplicate" })).status).toBe(200);
    } finally {
      clock.now -= DAY_MS;
    }
    expect(await reportRows(s, listed.id)).toHaveLength(4);
  });

  it("gives back the form with what was typed and a message per field when it is refused", async () => {
    const res = await report(s, listed.slug, { note: "<b>bold</b> claim", email: "not-an-address" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain("Please choose what is wrong with this listing.");
    expect(textOf(html)).toContain("Please enter a valid email address, or leave it empty.");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt; claim</textarea>");
    expect(html).toContain('value="not-an-address"');
    expect(html).toMatch(/<details open=""/);
    expect(await reportRows(s)).toHaveLength(0);

    const tooLong = await report(s, listed.slug, { reason: "other", note: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(textOf(await tooLong.text())).toContain("The note must be at most 1,000 characters.");
    const checked = await report(s, listed.slug, { reason: "wrong-category", email: "bad" });
    expect(/<input [^>]*checked=""[^>]*value="wrong-category"/.test(decodeEntities(await checked.text()))).toBe(true);
    expect(await reportRows(s)).toHaveLength(0);
  });

  it("refuses reports of tools that are not listed, and robots", async () => {
    expect((await report(s, pending.slug, { reason: "other" })).status).toBe(404);
    expect((await report(s, "no-such-tool", { reason: "other" })).status).toBe(404);
    const robot = await report(s, listed.slug, { reason: "other", report_website: "https://spam.example" });
    expect(robot.status).toBe(400);
    expect(textOf(await robot.text())).toContain("Your report looks automated and was not sent.");
    expect(await reportRows(s)).toHaveLength(0);
  });

  it("lists open reports by tool for the admin, who resolves them, with the audit log and a mail to each reporter", async () => {
    const cookie = await adminCookie(s);
    await report(s, listed.slug, {
      reason: "broken-link",
      note: "<script>alert(1)</script>",
      email: "ada@example.com",
    });
    await report(s, listed.slug, { reason: "broken-link" }, { address: "198.51.100.20" });
    await report(s, listed.slug, { reason: "wrong-category" }, { address: "198.51.100.21", cookie: "" });
    clock.now += 60_000;
    try {
      await report(s, other.slug, { reason: "spam-or-harmful", email: "grace@example.com" });
    } finally {
      clock.now -= 60_000;
    }

    const page = await fetch(`${s.url}/admin/reports`, { headers: { cookie, "User-Agent": BROWSER_UA } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const text = textOf(html);
    expect(text).toContain("4 open reports");
    // The most recently reported tool first, with its counts per reason.
    expect(text.indexOf("Reportable Other")).toBeLessThan(text.indexOf("Reportable Listed"));
    expect(text).toContain("3 open reports");
    expect(text).toContain("Wrong category: 1 · Broken link: 2");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("ada@example.com");
    expect(html).toContain(`href="/admin/tools/${listed.id}"`);

    const dashboard = await fetch(`${s.url}/admin/dashboard`, { headers: { cookie, "User-Agent": BROWSER_UA } });
    expect(textOf(await dashboard.text())).toContain("Open reports 4");

    const before = smtp.received.length;
    const rejected = await adminPost(s, cookie, { intent: "rejected", toolId: listed.id });
    expect(rejected.status).toBe(200);
    expect(textOf(await rejected.text())).toContain(
      "3 reports about “Reportable Listed” rejected. 1 reporter was mailed.",
    );
    const rows = await reportRows(s, listed.id);
    expect(rows.every((r) => r.status === "resolved" && r.resolution === "rejected" && r.email === null)).toBe(true);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(["ada@example.com"]);
    expect(mail!.parsed.subject).toContain("Your report about Reportable Listed");
    expect(mail!.parsed.text).toContain("We checked the listing and found it correct as it is");
    const audit = await s.services.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("tool_id", "=", listed.id)
      .where("action", "=", "report-resolve")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ resolution: "rejected", reports: 3 });

    // Nothing left to resolve for that tool; the other tool is still open.
    const again = await adminPost(s, cookie, { intent: "dismissed", toolId: listed.id });
    expect(again.status).toBe(404);
    expect(smtp.received.length).toBe(before + 1);

    const discontinued = await adminPost(s, cookie, { intent: "discontinued", toolId: other.id });
    expect(discontinued.status).toBe(200);
    const [second] = (await smtp.waitFor(before + 2)).slice(before + 1);
    expect(second!.to).toEqual(["grace@example.com"]);
    expect(second!.parsed.text).toContain("We marked the tool as discontinued.");
    expect((await reportRows(s, other.id))[0]).toMatchObject({ resolution: "discontinued", email: null });
    // What the mail says is so: the tool itself is marked discontinued.
    const marked = await s.services.database.db
      .selectFrom("tools")
      .select("lifecycle")
      .where("id", "=", other.id)
      .executeTakeFirstOrThrow();
    expect(marked.lifecycle).toBe("discontinued");
    const log = await fetch(`${s.url}/admin/audit`, { headers: { cookie, "User-Agent": BROWSER_UA } });
    expect(textOf(await log.text())).toContain("Marked discontinued (1 report)");
    const empty = await fetch(`${s.url}/admin/reports`, { headers: { cookie, "User-Agent": BROWSER_UA } });
    expect(textOf(await empty.text())).toContain("No open reports.");
  });

  it("resolves the reports even when a reporter's mail is refused, and never mails them again", async () => {
    const cookie = await adminCookie(s);
    await report(s, listed.slug, { reason: "other", email: "bounces@example.com" });
    const before = smtp.received.length;
    smtp.refuseNext(1, 550);
    const res = await adminPost(s, cookie, { intent: "dismissed", toolId: listed.id });
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text).toContain("1 report about “Reportable Listed” dismissed.");
    expect(text).not.toContain("mailed");
    expect((await reportRows(s, listed.id))[0]).toMatchObject({ status: "resolved", email: null });
    expect(smtp.received.length).toBe(before);
  });

  it("refuses admin requests it cannot read, and strangers", async () => {
    const cookie = await adminCookie(s);
    await report(s, listed.slug, { reason: "other" });
    for (const fields of [
      { intent: "delete", toolId: listed.id },
      { toolId: listed.id },
      { intent: "rejected", toolId: "../../etc" },
    ] as Record<string, string>[]) {
      expect((await adminPost(s, cookie, fields)).status).toBe(400);
    }
    expect((await adminPost(s, "", { intent: "rejected", toolId: listed.id })).status).toBe(401);
    expect((await reportRows(s, listed.id))[0]!.status).toBe("open");
  });

  it("shows the owner the open reports of their listing, never who sent them", async () => {
    const token = randomBytes(32).toString("base64url");
    await s.services.database.db
      .insertInto("tool_claims")
      .values({
        id: newId(),
        tool_id: listed.id,
        method: "email",
        email: "owner@reportable-listed.example.com",
        domain: "reportable-listed.example.com",
        site_code: null,
        secret_hash: null,
        owner_token_hash: hashToken(token),
        next_owner_token_hash: null,
        status: "verified",
        expires_at: clock.now + DAY_MS,
        created_at: clock.now,
        verified_at: clock.now,
        revoked_at: null,
      })
      .execute();
    const empty = await fetch(`${s.url}/owner/${token}`, { headers: { "User-Agent": BROWSER_UA } });
    expect(textOf(await empty.text())).toContain("No one has reported a problem with the listing that is still open.");
    await report(s, listed.slug, { reason: "wrong-information", note: "Pricing changed.", email: "ada@example.com" });
    await report(s, other.slug, { reason: "duplicate", note: "Not about this one." });
    const page = await fetch(`${s.url}/owner/${token}`, { headers: { "User-Agent": BROWSER_UA } });
    const html = await page.text();
    expect(textOf(html)).toContain("Open reports");
    expect(textOf(html)).toContain("Wrong information");
    expect(textOf(html)).toContain("Pricing changed.");
    expect(html).not.toContain("ada@example.com");
    expect(html).not.toContain("Not about this one.");
  });
});

describe("report limits", () => {
  const getServer = useTestServer({
    env: { TRUST_PROXY: "loopback" },
    configure: (config) => {
      config.rateLimits.reportAddress = { points: 3, durationSec: 3600 };
      config.rateLimits.reportTool = { points: 2, durationSec: 3600 };
    },
  });
  const tools = [1, 2, 3, 4].map((n) => makeTool({ name: `Limited Report ${n}` }));
  let s: TestServer;
  beforeAll(async () => {
    s = getServer();
    await addTools(s.services, tools);
  });

  it("takes no more reports of one tool than its budget, from any number of networks", async () => {
    const [tool] = tools;
    expect((await report(s, tool!.slug, { reason: "other" }, { address: "192.0.2.1" })).status).toBe(200);
    // A duplicate does not spend the tool's budget.
    expect((await report(s, tool!.slug, { reason: "other" }, { address: "192.0.2.1" })).status).toBe(409);
    expect((await report(s, tool!.slug, { reason: "other" }, { address: "192.0.2.2" })).status).toBe(200);
    const over = await report(s, tool!.slug, { reason: "other", note: "kept" }, { address: "192.0.2.3" });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await over.text();
    expect(textOf(html)).toContain("This tool has been reported many times today.");
    expect(html).toContain("kept</textarea>");
    expect(await reportRows(s, tool!.id)).toHaveLength(2);
  });

  it("takes no more posts from one network than its budget, valid or not", async () => {
    const address = "192.0.2.50";
    expect((await report(s, tools[1]!.slug, { reason: "other" }, { address })).status).toBe(200);
    expect((await report(s, tools[2]!.slug, { reason: "nonsense" }, { address })).status).toBe(400);
    expect((await report(s, tools[3]!.slug, { reason: "other" }, { address })).status).toBe(200);
    const over = await report(s, tools[3]!.slug, { reason: "other" }, { address: address });
    expect(over.status).toBe(429);
    expect(textOf(await over.text())).toContain("Too many reports from your network.");
    // Another network is not held back.
    expect((await report(s, tools[2]!.slug, { reason: "other" }, { address: "192.0.2.51" })).status).toBe(200);
  });
});
