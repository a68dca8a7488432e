import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA, decodeEntities } from "../../tests/support/html.ts";
import { listenLocal, type LocalServer } from "../../tests/support/listen.ts";
import { finishedRun, startTestServer, type TestServer } from "../../tests/support/server.ts";
import { setToolLifecycle } from "../catalog/lifecycle.ts";
import { repositoryActivity } from "./repo-activity.ts";
import { formatAddedFull } from "../../core/dates.ts";

// Tools' lifecycle against a real database (both engines) and a local website that goes down and
// comes back, run the way the weekly link check's schedule runs it. The server's clock is a
// variable moved a week per run. Pages are rendered each time (no page cache): the states here
// move with the clock alone.

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
let clock = Date.parse("2026-11-23T03:00:00Z");
const PUSHED_AT = "2026-10-01T12:00:00Z";

describe("tool lifecycle", () => {
  let site: LocalServer;
  let status = 500;
  let homepage = "<title>Steady</title>";
  let server: TestServer;
  const tools = {
    flaky: makeTool({ name: "Flaky Lifecycle", status: "approved", tags: ["lifecycle-tag"] }),
    steady: makeTool({ name: "Steady Lifecycle", status: "approved", tags: ["lifecycle-tag"] }),
    goner: makeTool({ name: "Goner Lifecycle", status: "approved" }),
    successor: makeTool({ name: "Successor Lifecycle", status: "approved" }),
  };

  beforeAll(async () => {
    site = await listenLocal((req, res) => {
      const json = (body: unknown) =>
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      // The forges' public APIs, as the link check reads them.
      if (req.url === "/repos/acme/widget") return json({ full_name: "acme/widget", pushed_at: PUSHED_AT });
      if (req.url === "/api/v4/projects/group%2Fsub%2Fproject") return json({ last_activity_at: PUSHED_AT });
      if (req.url === "/api/v1/repos/forge/thing") return json({ updated_at: PUSHED_AT });
      if (req.url === "/repos/acme/garbled") return res.writeHead(200).end("not json");
      if (req.url === "/flaky") return res.writeHead(status, { "content-type": "text/html" }).end("<title>x</title>");
      if (req.url?.startsWith("/repos/") || req.url?.startsWith("/api/")) return res.writeHead(404).end("{}");
      res.writeHead(200, { "content-type": "text/html" }).end(homepage);
    });
    server = await startTestServer({
      now: () => clock,
      configure: (config) => {
        config.outboundAllow = [new URL(site.url).host];
        config.linkHealth = { ...config.linkHealth, spacingMs: 0, timeoutMs: 500 };
        config.lifecycle = {
          staleDays: 60,
          noindexDays: 10,
          repoApis: { github: site.url, gitlab: site.url, codeberg: site.url },
        };
        config.cache = { ...config.cache, pages: false };
      },
    });
    tools.flaky.websiteUrl = `${site.url}/flaky`;
    tools.steady.websiteUrl = `${site.url}/steady`;
    tools.goner.websiteUrl = `${site.url}/goner`;
    tools.successor.websiteUrl = `${site.url}/successor`;
    await addTools(server.services, Object.values(tools));
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
  });

  async function weeklyRun() {
    clock += WEEK;
    return finishedRun(server, "link-health");
  }

  async function page(path: string) {
    const res = await fetch(`${server.url}${path}`, { headers: { "User-Agent": BROWSER_UA, Accept: "text/html" } });
    return { status: res.status, html: decodeEntities(await res.text()).replace(/<!-- -->/g, "") };
  }

  async function api<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T }> {
    const res = await fetch(`${server.url}${path}`);
    return { status: res.status, body: (await res.json()) as T };
  }

  type Listed = { data: { slug: string; lifecycle: string }[]; total: number };
  const listedSlugs = async (path: string) => (await api<Listed>(path)).body.data.map((t) => t.slug).sort();

  it("makes a site that fails three checks in a row unreachable: left out of lists, still reachable by itself", async () => {
    await weeklyRun();
    await weeklyRun();
    // Two failures: flagged by nothing yet.
    expect(await listedSlugs("/api/v1/tools?pageSize=50")).toContain(tools.flaky.slug);
    await weeklyRun();
    const all = [tools.flaky.slug, tools.goner.slug, tools.steady.slug, tools.successor.slug].sort();
    expect(await listedSlugs("/api/v1/tools?pageSize=50")).toEqual(all.filter((s) => s !== tools.flaky.slug));
    expect(await listedSlugs("/api/v1/tools?pageSize=50&include=inactive")).toEqual(all);
    // The category counts follow the lists.
    const categories = await api<{ data: { slug: string; count: number }[] }>("/api/v1/categories");
    expect(categories.body.data.find((c) => c.slug === "productivity")?.count).toBe(3);

    const one = await api<{ data: { lifecycle: string; lastCheckedAt: string | null } }>(
      `/api/v1/tools/${tools.flaky.slug}`,
    );
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ lifecycle: "unreachable", lastCheckedAt: new Date(clock).toISOString() });

    const search = await api<Listed>("/api/v1/search?q=flaky");
    expect(search.body.total).toBe(0);
    expect((await api<Listed>("/api/v1/search?q=flaky&include=inactive")).body.data.map((t) => t.slug)).toEqual([
      tools.flaky.slug,
    ]);

    const browse = await page("/browse/all");
    expect(browse.html).not.toContain("Flaky Lifecycle");
    expect(browse.html).toContain('name="include"');
    const everything = await page("/browse/all?include=inactive");
    expect(everything.status).toBe(200);
    expect(everything.html).toContain("Flaky Lifecycle");
    expect(everything.html).toMatch(/class="badge-lifecycle">Unreachable</);
    const searchPage = await page("/search/flaky?include=inactive");
    expect(searchPage.html).toContain("Flaky Lifecycle");
    expect((await page("/search/flaky")).html).not.toContain("Flaky Lifecycle");

    // A tag's page leaves it out too, with the same box to show it, and one address for each choice.
    const tagPage = await page("/tag/lifecycle-tag");
    expect(tagPage.status).toBe(200);
    expect(tagPage.html).not.toContain("Flaky Lifecycle");
    expect(tagPage.html).toContain("Steady Lifecycle");
    expect(tagPage.html).toContain('name="include"');
    const tagAll = await page("/tag/lifecycle-tag?include=inactive");
    expect(tagAll.html).toContain("Flaky Lifecycle");
    expect(tagAll.html).toMatch(/class="badge-lifecycle">Unreachable</);
    expect(tagAll.html).toMatch(/<input type="checkbox"[^>]*name="include"[^>]*checked=""[^>]*value="inactive"/);
    for (const [written, to] of [
      ["include=INACTIVE", "/tag/lifecycle-tag?include=inactive"],
      ["include=inactive&include=inactive", "/tag/lifecycle-tag?include=inactive"],
      ["include=everything", "/tag/lifecycle-tag"],
    ]) {
      const res = await fetch(`${server.url}/tag/lifecycle-tag?${written}`, {
        headers: { "User-Agent": BROWSER_UA },
        redirect: "manual",
      });
      expect(res.status, written).toBe(301);
      const at = new URL(res.headers.get("location")!, server.url);
      expect(at.pathname + at.search, written).toBe(to);
    }

    const toolPage = await page(`/tool/${tools.flaky.slug}`);
    expect(toolPage.status).toBe(200);
    expect(toolPage.html).toContain("website could not be reached");
    expect(toolPage.html).toContain(`href="/alternatives/${tools.flaky.slug}"`);
  });

  it("lists the tool again once its site answers", async () => {
    status = 200;
    await weeklyRun();
    expect(await listedSlugs("/api/v1/tools?pageSize=50")).toContain(tools.flaky.slug);
    expect((await api<{ data: { lifecycle: string } }>(`/api/v1/tools/${tools.flaky.slug}`)).body.data.lifecycle).toBe(
      "active",
    );
    expect((await page("/browse/all")).html).toContain("Flaky Lifecycle");
  });

  it("shows a site whose start has not changed for the set days as not updated lately, until it changes", async () => {
    const firstSeen = Date.parse("2026-11-30T03:00:00Z");
    const detail = async () =>
      (await api<{ data: { lifecycle: string; lastUpdatedAt: string | null } }>(`/api/v1/tools/${tools.steady.slug}`))
        .body.data;
    expect(await detail()).toEqual(
      expect.objectContaining({ lifecycle: "active", lastUpdatedAt: new Date(firstSeen).toISOString() }),
    );
    clock += 60 * DAY;
    await weeklyRun();
    expect(await detail()).toEqual(
      expect.objectContaining({ lifecycle: "stale", lastUpdatedAt: new Date(firstSeen).toISOString() }),
    );
    // Stale tools stay listed, with their badge.
    const browse = await page("/browse/all");
    expect(browse.html).toContain("Steady Lifecycle");
    expect(browse.html).toMatch(/class="badge-lifecycle">Not updated lately</);
    const toolPage = await page(`/tool/${tools.steady.slug}`);
    expect(toolPage.html).toContain("Last updated");
    homepage = "<title>Steady, now changed</title>";
    await weeklyRun();
    expect(await detail()).toEqual(
      expect.objectContaining({ lifecycle: "active", lastUpdatedAt: new Date(clock).toISOString() }),
    );
  });

  it("marks a tool discontinued with a successor: its page points there and to alternatives, lists leave it out", async () => {
    const admin = { id: null, username: "lifecycle-admin" };
    const refused = await setToolLifecycle(
      server.services,
      tools.goner.id,
      { state: "discontinued", successorSlug: "no-such-tool" },
      admin,
    );
    expect(refused.kind).toBe("bad-successor");
    expect(
      (
        await setToolLifecycle(
          server.services,
          tools.goner.id,
          { state: "acquired", successorSlug: tools.goner.slug },
          admin,
        )
      ).kind,
    ).toBe("bad-successor");
    expect(
      (
        await setToolLifecycle(
          server.services,
          tools.goner.id,
          { state: "discontinued", successorSlug: tools.successor.slug },
          admin,
        )
      ).kind,
    ).toBe("set");

    const toolPage = await page(`/tool/${tools.goner.slug}`);
    expect(toolPage.status).toBe(200);
    expect(toolPage.html).toContain("Goner Lifecycle is discontinued.");
    expect(toolPage.html).toContain(`href="/tool/${tools.successor.slug}"`);
    expect(toolPage.html).toContain(`href="/alternatives/${tools.goner.slug}"`);
    expect(toolPage.html).not.toMatch(/<meta name="robots" content="noindex/);
    expect(await listedSlugs("/api/v1/tools?pageSize=50")).not.toContain(tools.goner.slug);
    expect(await listedSlugs("/api/v1/tools?pageSize=50&include=inactive")).toContain(tools.goner.slug);
    const one = await api<{ data: { lifecycle: string; successor: { slug: string } | null } }>(
      `/api/v1/tools/${tools.goner.slug}`,
    );
    expect(one.body.data.lifecycle).toBe("discontinued");
    expect(one.body.data.successor?.slug).toBe(tools.successor.slug);
    // An alternative to recommend is never a discontinued tool.
    const alternatives = await api<{ data: { slug: string }[] }>(`/api/v1/tools/${tools.successor.slug}/alternatives`);
    expect(alternatives.body.data.map((t) => t.slug)).not.toContain(tools.goner.slug);

    const audit = await server.services.database.db
      .selectFrom("audit_log")
      .select(["action", "detail"])
      .where("tool_id", "=", tools.goner.id)
      .execute();
    expect(audit).toEqual([
      {
        action: "edit",
        detail: JSON.stringify({ lifecycle: { from: "active", to: "discontinued" }, successor: tools.successor.slug }),
      },
    ]);
  });

  it("keeps a discontinued tool in the sitemap for the set days, then says noindex and leaves it", async () => {
    const sitemap = async () => (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(await sitemap()).toContain(`/tool/${tools.goner.slug}<`);
    // Unreachable tools stay in it: their pages are still there.
    clock += 10 * DAY;
    expect(await sitemap()).not.toContain(`/tool/${tools.goner.slug}<`);
    expect(await sitemap()).toContain(`/tool/${tools.successor.slug}<`);
    const toolPage = await page(`/tool/${tools.goner.slug}`);
    expect(toolPage.status).toBe(200);
    expect(toolPage.html).toMatch(/<meta name="robots" content="noindex/);
  });

  it("brings a tool set back to active into the lists, without its successor", async () => {
    const admin = { id: null, username: "lifecycle-admin" };
    await setToolLifecycle(
      server.services,
      tools.goner.id,
      { state: "active", successorSlug: tools.successor.slug },
      admin,
    );
    expect(await listedSlugs("/api/v1/tools?pageSize=50")).toContain(tools.goner.slug);
    const one = await api<{ data: { lifecycle: string; successor: unknown } }>(`/api/v1/tools/${tools.goner.slug}`);
    expect(one.body.data).toMatchObject({ lifecycle: "active", successor: null });
  });

  it("refuses an include value that is not inactive", async () => {
    const res = await api<{ error: { code: string; message: string } }>("/api/v1/tools?include=everything");
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("include must be inactive");
  });

  it("records a repository website's last activity in the check, and shows it as last updated", async () => {
    // The website itself (github.com) is outside the test's reach and fails; the forge's API answers.
    const repoTool = makeTool({
      name: "Widget Repository",
      status: "approved",
      websiteUrl: "https://github.com/acme/widget",
    });
    await addTools(server.services, [repoTool]);
    await weeklyRun();
    const { body } = await api<{ data: { lastUpdatedAt: string | null; lastCheckedAt: string | null } }>(
      `/api/v1/tools/${repoTool.slug}`,
    );
    expect(body.data).toEqual(
      expect.objectContaining({
        lastUpdatedAt: new Date(PUSHED_AT).toISOString(),
        lastCheckedAt: new Date(clock).toISOString(),
      }),
    );
    const toolPage = await page(`/tool/${repoTool.slug}`);
    expect(toolPage.html).toMatch(
      new RegExp(`Last updated</dt><dd[^>]*>${formatAddedFull(Date.parse(PUSHED_AT))}</dd>`),
    );
  });

  it("reads a public repository's last activity from each forge's API, and nothing from a refusal or garbage", async () => {
    const deps = { config: server.services.config };
    const at = Date.parse(PUSHED_AT);
    expect(await repositoryActivity(deps, { forge: "github", path: "acme/widget" })).toBe(at);
    expect(await repositoryActivity(deps, { forge: "gitlab", path: "group/sub/project" })).toBe(at);
    expect(await repositoryActivity(deps, { forge: "codeberg", path: "forge/thing" })).toBe(at);
    expect(await repositoryActivity(deps, { forge: "github", path: "acme/missing" })).toBeNull();
    expect(await repositoryActivity(deps, { forge: "github", path: "acme/garbled" })).toBeNull();
  });
});
