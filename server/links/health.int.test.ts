import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA, decodeEntities } from "../../tests/support/html.ts";
import { listenLocal, type LocalServer } from "../../tests/support/listen.ts";
import { finishedRun, startTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin } from "../admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";
import { listBrokenLinks } from "./health.ts";

// The weekly link check against a real database (both engines) and real local websites, run the
// way its schedule runs it (services.scheduler). The server's clock is a variable moved a week per run.

const WEEK = 7 * 24 * 60 * 60 * 1000;
let clock = Date.parse("2026-11-23T03:00:00Z");

describe("link health", () => {
  let site: LocalServer;
  let status = 500;
  let server: TestServer;
  let adminId: string;
  /** A fresh admin session at the test's clock (weeks pass between runs; a session does not last that long). */
  const admin = async () => ({
    cookie: `${adminCookieName(false)}=${await createAdminSession(server.services.database, adminId, clock)}`,
  });
  const tools = {
    flaky: makeTool({ name: "Flaky Site", status: "approved" }),
    moved: makeTool({ name: "Moved Site", status: "approved" }),
    slow: makeTool({ name: "Slow Site", status: "approved" }),
    private: makeTool({ name: "Private Site", status: "approved", websiteUrl: "http://10.0.0.1/" }),
    pending: makeTool({ name: "Pending Site", status: "pending" }),
  };

  beforeAll(async () => {
    site = await listenLocal((req, res) => {
      if (req.url === "/moved") return res.writeHead(301, { location: "/landing" }).end();
      if (req.url === "/landing")
        return res.writeHead(200, { "content-type": "text/html" }).end("<title>Landing</title>");
      // Never answers: the check's time limit ends it.
      if (req.url === "/slow") return;
      res.writeHead(status, { "content-type": "text/html" }).end(`<title>${status}</title>`);
    });
    server = await startTestServer({
      now: () => clock,
      configure: (config) => {
        config.outboundAllow = [new URL(site.url).host];
        config.linkHealth = { ...config.linkHealth, spacingMs: 0, timeoutMs: 500 };
      },
    });
    tools.flaky.websiteUrl = `${site.url}/flaky`;
    tools.moved.websiteUrl = `${site.url}/moved`;
    tools.slow.websiteUrl = `${site.url}/slow`;
    tools.pending.websiteUrl = `${site.url}/pending`;
    await addTools(server.services, Object.values(tools));
    adminId = (await createAdmin(server.services.database, "links-admin", "a long enough password", clock)).id;
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
  });

  async function weeklyRun() {
    clock += WEEK;
    return finishedRun(server, "link-health");
  }

  const row = (id: string) =>
    server.services.database.db
      .selectFrom("tools")
      .select(["link_checked_at", "link_check_result", "link_failures"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  const flagged = async () => (await listBrokenLinks(server.services.database, 3)).map((t) => t.name).sort();

  async function page(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, {
      headers: { "User-Agent": BROWSER_UA, Accept: "text/html", ...headers },
    });
    return { status: res.status, html: decodeEntities(await res.text()).replace(/<!-- -->/g, "") };
  }

  it("checks every public tool's website once per run, following redirects, within the time limit, refusing private addresses", async () => {
    const run = await weeklyRun();
    expect(run.status).toBe("succeeded");
    expect(run.summary).toEqual({ checked: 4, ok: 1, failed: 3, flagged: 0 });
    expect(await row(tools.flaky.id)).toMatchObject({
      link_checked_at: clock,
      link_check_result: "HTTP 500",
      link_failures: 1,
    });
    expect(await row(tools.moved.id)).toMatchObject({ link_check_result: "HTTP 200", link_failures: 0 });
    expect((await row(tools.slow.id)).link_check_result).toMatch(/No answer from 127\.0\.0\.1:\d+ within 500 ms/);
    expect((await row(tools.private.id)).link_check_result).toMatch(/private or local address/);
    // Pending tools are not public: not visited.
    expect(await row(tools.pending.id)).toMatchObject({ link_checked_at: null, link_failures: 0 });
    expect(await flagged()).toEqual([]);
  });

  it("flags a tool for admins after its third failure in a row, and shows it in moderation", async () => {
    await weeklyRun();
    expect(await flagged()).toEqual([]);
    const third = await weeklyRun();
    expect(third.summary).toMatchObject({ checked: 4, failed: 3, flagged: 3 });
    expect((await row(tools.flaky.id)).link_failures).toBe(3);
    expect(await flagged()).toEqual(["Flaky Site", "Private Site", "Slow Site"]);
    const moderation = await page("/admin/moderation", await admin());
    expect(moderation.status).toBe(200);
    expect(moderation.html).toMatch(/may be broken/i);
    expect(moderation.html).toContain("Flaky Site");
    expect(moderation.html).toContain("HTTP 500");
    expect(moderation.html).not.toContain("Moved Site");
  });

  it("lists only public tools: a flagged tool taken out of the lists leaves the flagged list, and comes back with it", async () => {
    const setStatus = (status: "rejected" | "approved") =>
      server.services.database.db.updateTable("tools").set({ status }).where("id", "=", tools.slow.id).execute();
    await setStatus("rejected");
    expect(await flagged()).toEqual(["Flaky Site", "Private Site"]);
    await setStatus("approved");
    expect(await flagged()).toEqual(["Flaky Site", "Private Site", "Slow Site"]);
  });

  it("shows on the tool page when the link was last checked", async () => {
    const { html } = await page(`/tool/${tools.moved.slug}`);
    expect(html).toContain("Last checked");
    expect(html).toContain(
      new Date(clock).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }),
    );
  });

  it("clears the flag when the site answers again", async () => {
    status = 200;
    const run = await weeklyRun();
    expect(run.summary).toMatchObject({ checked: 4, ok: 2, failed: 2 });
    expect(await row(tools.flaky.id)).toMatchObject({ link_check_result: "HTTP 200", link_failures: 0 });
    expect(await flagged()).toEqual(["Private Site", "Slow Site"]);
    const moderation = await page("/admin/moderation", await admin());
    expect(moderation.html).not.toContain("Flaky Site");
  });

  it("does not count a site that turns robots away (403) as broken", async () => {
    status = 403;
    await weeklyRun();
    expect(await row(tools.flaky.id)).toMatchObject({ link_check_result: "HTTP 403", link_failures: 0 });
  });
});
