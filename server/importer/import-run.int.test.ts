import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listenLocal, type LocalServer } from "../../tests/support/listen.ts";
import {
  defaultLaunches,
  makeLaunch,
  pointAtFake,
  startFakeWebsite,
  startProductHuntFake,
  type FakeLaunch,
  type FakeWebsite,
  type ProductHuntFake,
} from "../../tests/support/product-hunt-fake.ts";
import { decodeEntities } from "../../tests/support/html.ts";
import { finished, finishedRun, postForm, startTestServer, type TestServer } from "../../tests/support/server.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";
import type { Config } from "../platform/config.ts";
import { newId } from "../platform/db/ids.ts";
import { openDatabase } from "../platform/db/index.ts";
import { importLaunch } from "./service.ts";

// The automatic Product Hunt import (the "scrape"): a run of the scheduled job product-hunt-import
// lists the newest launches (the Atom feed, or the GraphQL API with a token) and imports the ones
// not seen before, against the real app, a real database and the fake Product Hunt.

const JOB = "product-hunt-import";
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const run = (server: TestServer) => finishedRun(server, JOB);

async function runRow(server: TestServer, id: string) {
  const row = await server.services.database.db
    .selectFrom("scheduled_runs")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { ...row, summary: JSON.parse(row.summary) as unknown, item_errors: JSON.parse(row.item_errors) as unknown };
}

const runCount = async (server: TestServer) =>
  Number(
    (
      await server.services.database.db
        .selectFrom("scheduled_runs")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function importedSlugs(server: TestServer): Promise<string[]> {
  const rows = await server.services.database.db
    .selectFrom("tools")
    .select("source_url")
    .where("source", "=", "product_hunt_import")
    .orderBy("source_url")
    .execute();
  return rows.map((row) => row.source_url!.replace(/^.*\/products\//, ""));
}

/** The paths the fake received since `from`, with their methods. */
const requestsSince = (ph: ProductHuntFake, from: number) =>
  ph.requests.slice(from).map((r) => `${r.method} ${r.path}`);

async function adminCookie(server: TestServer): Promise<string> {
  const { db } = server.services.database;
  const adminId = newId();
  const now = server.services.now();
  await db
    .insertInto("admin_users")
    .values({
      id: adminId,
      username: `admin-${adminId}`,
      password_hash: "not used here",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return `${adminCookieName(false)}=${await createAdminSession(server.services.database, adminId, now)}`;
}

const scrape = (server: TestServer, cookie: string) =>
  fetch(`${server.url}/api/admin/scrape`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "application/json" },
    body: "{}",
  });

/** "2026-06-01 11:00 UTC" */
const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("an import run over Product Hunt's newest launches", () => {
  let ph: ProductHuntFake;
  let site: FakeWebsite;
  let server: TestServer;
  let cookie: string;
  const blocked = { message: "Product Hunt answered 403 (access refused)." };
  const garbage = { message: "Tool name not found" };

  beforeAll(async () => {
    site = await startFakeWebsite("Scrape website");
    ph = await startProductHuntFake({ launches: defaultLaunches(site.url) });
    server = await startTestServer({ configure: (config) => pointAtFake(config, ph, [site.hostPort]) });
    cookie = await adminCookie(server);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([ph?.close(), site?.close()]);
  });

  it("imports every new launch of the feed, records the ones that fail, and the run with its figures", async () => {
    const from = ph.requests.length;
    const record = await run(server);
    expect(record).toMatchObject({
      job: JOB,
      trigger: "manual",
      status: "succeeded",
      error: null,
      summary: { urlsFound: 8, toolsProcessed: 8, savedCount: 6, timestamp: expect.stringMatching(ISO) },
      itemErrors: [
        { url: ph.launchUrl("blocked-app"), ...blocked },
        { url: ph.launchUrl("garbage-app"), ...garbage },
      ],
    });
    expect(Object.keys(record.summary).sort()).toEqual(["savedCount", "timestamp", "toolsProcessed", "urlsFound"]);
    expect(requestsSince(ph, from)[0]).toBe("GET /feed");

    expect(await runRow(server, record.id)).toMatchObject({
      job: JOB,
      trigger: "manual",
      slot: null,
      status: "succeeded",
      error: null,
      finished_at: record.finishedAt,
      summary: record.summary,
      item_errors: record.itemErrors,
    });
    expect(await runCount(server)).toBe(1);

    expect(await importedSlugs(server)).toEqual([
      "apollo-app",
      "nologo-app",
      "ogonly-app",
      "pixel-forge",
      "quillmate",
      "tidy-tasks",
    ]);
    const tools = await server.services.database.db.selectFrom("tools").select(["status", "website_url"]).execute();
    expect(new Set(tools.map((tool) => tool.status))).toEqual(new Set(["approved"]));
    for (const tool of tools) expect(tool.website_url).toMatch(/\?ref=toolshelf$/);

    const seen = await server.services.database.db
      .selectFrom("import_launches")
      .select(["launch_key", "url", "outcome", "attempts", "last_error"])
      .orderBy("launch_key")
      .execute();
    expect(seen).toEqual(
      [
        "apollo-app",
        "blocked-app",
        "garbage-app",
        "nologo-app",
        "ogonly-app",
        "pixel-forge",
        "quillmate",
        "tidy-tasks",
      ].map((slug) => ({
        launch_key: slug,
        url: ph.launchUrl(slug),
        outcome: slug === "blocked-app" || slug === "garbage-app" ? "failed" : "saved",
        attempts: 1,
        last_error: slug === "blocked-app" ? blocked.message : slug === "garbage-app" ? garbage.message : null,
      })),
    );
  });

  it("imports nothing new the next time; the failed launches are tried again (POST /api/admin/scrape)", async () => {
    const from = ph.requests.length;
    const res = await scrape(server, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      urlsFound: 8,
      toolsProcessed: 2,
      savedCount: 0,
      timestamp: expect.stringMatching(ISO),
      itemErrors: [
        { url: ph.launchUrl("blocked-app"), ...blocked },
        { url: ph.launchUrl("garbage-app"), ...garbage },
      ],
    });
    // The feed, and the two failed pages; nothing of the launches already imported.
    expect(requestsSince(ph, from)).toEqual(["GET /feed", "GET /products/blocked-app", "GET /products/garbage-app"]);
    expect(await runCount(server)).toBe(2);
    expect(await importedSlugs(server)).toHaveLength(6);
  });

  it("stops trying a launch after it failed three runs in a row", async () => {
    const third = await run(server);
    expect(third.summary).toMatchObject({ urlsFound: 8, toolsProcessed: 2, savedCount: 0 });
    const fourth = await run(server);
    expect(fourth.summary).toMatchObject({ urlsFound: 8, toolsProcessed: 0, savedCount: 0 });
    expect(fourth.itemErrors).toEqual([]);
    const failed = await server.services.database.db
      .selectFrom("import_launches")
      .select(["launch_key", "attempts"])
      .where("outcome", "=", "failed")
      .orderBy("launch_key")
      .execute();
    expect(failed).toEqual([
      { launch_key: "blocked-app", attempts: 3 },
      { launch_key: "garbage-app", attempts: 3 },
    ]);
  });

  it("answers 401 to someone who is not an admin, starting no run", async () => {
    const before = await runCount(server);
    const res = await scrape(server, `${adminCookieName(false)}=forged`);
    expect(res.status).toBe(401);
    expect(await runCount(server)).toBe(before);
  });
});

describe("an import run with a limit", () => {
  let ph: ProductHuntFake;
  let site: FakeWebsite;
  let server: TestServer;

  beforeAll(async () => {
    site = await startFakeWebsite("Limited website");
    ph = await startProductHuntFake({ launches: defaultLaunches(site.url) });
    server = await startTestServer({
      configure: (config) => {
        pointAtFake(config, ph, [site.hostPort]);
        config.productHunt.importLimit = 2;
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([ph?.close(), site?.close()]);
  });

  it("imports at most importLimit launches a run, newest first, and the next ones the next run", async () => {
    const first = await run(server);
    expect(first.summary).toMatchObject({ urlsFound: 8, toolsProcessed: 2, savedCount: 2 });
    expect(await importedSlugs(server)).toEqual(["ogonly-app", "quillmate"]);
    const second = await run(server);
    expect(second.summary).toMatchObject({ urlsFound: 8, toolsProcessed: 2, savedCount: 2 });
    expect(await importedSlugs(server)).toEqual(["apollo-app", "nologo-app", "ogonly-app", "quillmate"]);
  });
});

describe("an import run when Product Hunt limits or fails", () => {
  let ph: ProductHuntFake;
  let site: FakeWebsite;
  let server: TestServer;
  let cookie: string;
  /** Answers 200 with something that is not a feed. */
  let notAFeed: LocalServer;
  let closedPort: string;
  let saved: Config["productHunt"];
  let nextId = 4000000;
  const add = (slug: string, fields: Partial<FakeLaunch> = {}) =>
    ph.launches.push(makeLaunch(site, nextId++, slug, fields));

  beforeAll(async () => {
    site = await startFakeWebsite("Limits website");
    ph = await startProductHuntFake({ launches: [] });
    notAFeed = await listenLocal((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Just a moment...</title>"),
    );
    const gone = await listenLocal(() => undefined);
    await gone.close();
    closedPort = `127.0.0.1:${gone.port}`;
    server = await startTestServer({
      configure: (config) => pointAtFake(config, ph, [site.hostPort, `127.0.0.1:${notAFeed.port}`, closedPort]),
    });
    cookie = await adminCookie(server);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([ph?.close(), site?.close(), notAFeed?.close()]);
  });
  beforeEach(() => {
    saved = { ...server.services.config.productHunt };
  });
  afterEach(() => {
    server.services.config.productHunt = saved;
  });

  const feedRequests = (from: number) => ph.requests.slice(from).filter((r) => r.path === "/feed");

  it("waits as Retry-After asks when the feed answers 429, then reads it", async () => {
    add("after-the-wait");
    const from = ph.requests.length;
    ph.failNext("/feed", 1, 429, 1);
    const record = await run(server);
    expect(record.status).toBe("succeeded");
    expect(record.summary).toMatchObject({ urlsFound: 1, toolsProcessed: 1, savedCount: 1 });
    const feeds = feedRequests(from);
    expect(feeds).toHaveLength(2);
    expect(feeds[1]!.at - feeds[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it("fails the run when the feed asks for a longer wait than it will make", async () => {
    server.services.config.productHunt.maxRetryAfterMs = 500;
    const from = ph.requests.length;
    ph.failNext("/feed", 1, 429, 5);
    const record = await run(server);
    expect(record).toMatchObject({
      status: "failed",
      error: "Product Hunt asks us to wait 5 seconds before the next request.",
    });
    expect(feedRequests(from)).toHaveLength(1);
    expect(await runRow(server, record.id)).toMatchObject({
      status: "failed",
      error: "Product Hunt asks us to wait 5 seconds before the next request.",
    });

    ph.failNext("/feed", 1, 429, 5);
    const res = await scrape(server, cookie);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: {
        code: "unavailable",
        message: "Product Hunt scraping failed: Product Hunt asks us to wait 5 seconds before the next request.",
      },
    });
  });

  it("fails the run, recording why, when the feed answers 500, is not a feed or cannot be reached", async () => {
    const { productHunt } = server.services.config;
    ph.failNext("/feed", 1, 500);
    const broken = await run(server);
    expect(broken).toMatchObject({ status: "failed", error: "Product Hunt answered 500.", summary: {} });
    expect(await runRow(server, broken.id)).toMatchObject({
      status: "failed",
      error: "Product Hunt answered 500.",
      finished_at: broken.finishedAt,
    });

    productHunt.baseUrl = notAFeed.url;
    const unreadable = await run(server);
    expect(unreadable).toMatchObject({
      status: "failed",
      error: "Product Hunt answered with a page that could not be read.",
    });

    productHunt.baseUrl = `http://${closedPort}`;
    const unreachable = await run(server);
    expect(unreachable).toMatchObject({ status: "failed", error: `Product Hunt: Could not reach ${closedPort}.` });
    expect((await runRow(server, unreachable.id)).error).toBe(`Product Hunt: Could not reach ${closedPort}.`);

    productHunt.baseUrl = ph.baseUrl;
    productHunt.fetchProxies = [`http://${closedPort}/fetch?url={url}`];
    ph.failNext("/feed", 1, 500);
    const proxied = await run(server);
    expect(proxied).toMatchObject({
      status: "failed",
      error: `All proxy services failed. Last error: Proxy 1: Could not reach ${closedPort}.`,
    });
  });

  it("waits and tries a launch again when its page answers 429", async () => {
    add("limited-once");
    const from = ph.requests.length;
    ph.failNext("/products/limited-once", 1, 429, 1);
    const record = await run(server);
    expect(record).toMatchObject({
      status: "succeeded",
      itemErrors: [],
      summary: { urlsFound: 2, toolsProcessed: 1, savedCount: 1 },
    });
    const pages = ph.requests.slice(from).filter((r) => r.path === "/products/limited-once");
    expect(pages).toHaveLength(2);
    expect(pages[1]!.at - pages[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it("leaves the rest for the next run when a launch asks for a longer wait than it will make", async () => {
    server.services.config.productHunt.maxRetryAfterMs = 500;
    add("limited-later");
    add("limited-first"); // newer, so listed (and tried) first
    const from = ph.requests.length;
    ph.failNext("/products/limited-first", 1, 429, 5);
    const record = await run(server);
    expect(record).toMatchObject({
      status: "succeeded",
      summary: { urlsFound: 4, toolsProcessed: 1, savedCount: 0 },
      itemErrors: [
        {
          url: ph.launchUrl("limited-first"),
          message: "Product Hunt asks us to wait 5 seconds before the next request.",
        },
      ],
    });
    expect(requestsSince(ph, from).filter((r) => r.includes("limited-later"))).toEqual([]);

    const next = await run(server);
    expect(next).toMatchObject({
      status: "succeeded",
      itemErrors: [],
      summary: { urlsFound: 4, toolsProcessed: 2, savedCount: 2 },
    });
  });

  it("skips a launch an admin imported, and records one whose website is listed as a duplicate, not trying either again", async () => {
    add("imported-by-hand");
    const byHand = await importLaunch(server.services, ph.launchUrl("imported-by-hand"));
    expect(byHand.kind).toBe("saved");
    // Another launch of a website the directory lists already.
    add("same-website", { website: `${site.url}/after-the-wait` });
    const from = ph.requests.length;
    const record = await run(server);
    expect(record).toMatchObject({
      status: "succeeded",
      itemErrors: [],
      summary: { urlsFound: 6, toolsProcessed: 1, savedCount: 0 },
    });
    expect(requestsSince(ph, from).filter((r) => r.startsWith("GET /products/"))).toEqual([
      "GET /products/same-website",
    ]);
    const seen = await server.services.database.db
      .selectFrom("import_launches")
      .select(["outcome", "tool_id", "last_error"])
      .where("launch_key", "=", "same-website")
      .executeTakeFirstOrThrow();
    expect(seen).toEqual({ outcome: "duplicate", tool_id: null, last_error: null });

    const again = await run(server);
    expect(again.summary).toMatchObject({ urlsFound: 6, toolsProcessed: 0, savedCount: 0 });
  });
});

describe("one import run at a time", () => {
  let ph: ProductHuntFake;
  let site: FakeWebsite;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    site = await startFakeWebsite("Busy website");
    ph = await startProductHuntFake({ launches: [] });
    ph.launches.push(makeLaunch(site, 5000001, "only-launch"));
    server = await startTestServer({ configure: (config) => pointAtFake(config, ph, [site.hostPort]) });
    cookie = await adminCookie(server);
  });
  afterAll(async () => {
    ph?.setDelay(0);
    await server?.close();
    await Promise.all([ph?.close(), site?.close()]);
  });
  afterEach(() => ph.setDelay(0));

  it("refuses a second manual run (409) while one is going", async () => {
    const before = await runCount(server);
    const from = ph.requests.length;
    ph.setDelay(1000);
    const first = scrape(server, cookie);
    await until(() => ph.requests.slice(from).some((r) => r.path === "/feed"), "the first run's feed request");
    const second = await scrape(server, cookie);
    const refusal = { status: second.status, body: await second.text() };
    ph.setDelay(0);
    const done = await first;
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ urlsFound: 1, toolsProcessed: 1, savedCount: 1 });

    expect(refusal.status).toBe(409);
    const { error } = JSON.parse(refusal.body) as { error: { code: string; message: string } };
    expect(error.code).toBe("aborted");
    const going = await server.services.scheduler.lastRun(JOB);
    expect(error.message).toBe(
      `An import is already running (started ${utcMinute(going!.startedAt)}). Try again when it has finished.`,
    );
    expect(await runCount(server)).toBe(before + 1);
    expect(feedCount(ph, from)).toBe(1);
  });

  it("answers busy, with the run going, to a run started meanwhile through the scheduler", async () => {
    const before = await runCount(server);
    const from = ph.requests.length;
    ph.setDelay(500);
    const first = server.services.scheduler.run(JOB);
    await until(() => feedCount(ph, from) === 1, "the first run's feed request");
    const second = await server.services.scheduler.run(JOB);
    ph.setDelay(0);
    const record = finished(await first);
    expect(second).toEqual({
      kind: "busy",
      run: { ...record, status: "running", finishedAt: null, summary: {}, error: null, itemErrors: [] },
    });
    expect(await runCount(server)).toBe(before + 1);
  });

  it("makes one run of a scheduled time between two instances on one database", async () => {
    const target = server.testDb.target;
    const database = openDatabase(target);
    const other = await startTestServer({
      testDb: { ...server.testDb, database, drop: () => database.close() },
      configure: (config) => pointAtFake(config, ph, [site.hostPort]),
    });
    try {
      const slot = Date.UTC(2026, 5, 1, 11, 0);
      ph.setDelay(500);
      const outcomes = await Promise.all([
        server.services.scheduler.tick(JOB, slot),
        other.services.scheduler.tick(JOB, slot),
      ]);
      ph.setDelay(0);
      expect(outcomes.map((o) => o.kind).sort()).toEqual(["busy", "finished"]);
      const slotRuns = () =>
        server.services.database.db
          .selectFrom("scheduled_runs")
          .select(["id", "trigger", "status"])
          .where("slot", "=", slot)
          .execute();
      const winner = finished(outcomes.find((o) => o.kind === "finished")!);
      expect(await slotRuns()).toEqual([{ id: winner.id, trigger: "schedule", status: "succeeded" }]);

      // The same scheduled time again, on either instance: already served.
      expect(await other.services.scheduler.tick(JOB, slot)).toEqual({ kind: "skipped" });
      expect(await server.services.scheduler.tick(JOB, slot)).toEqual({ kind: "skipped" });
      expect(await slotRuns()).toHaveLength(1);
      // The next scheduled time is a new run.
      expect((await other.services.scheduler.tick(JOB, slot + 86_400_000)).kind).toBe("finished");
      expect(await server.services.database.db.selectFrom("leases").selectAll().execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("waits out the lease of a run whose server died, then marks that run interrupted", async () => {
    const { db } = server.services.database;
    const now = server.services.now();
    const deadId = newId();
    await db
      .insertInto("leases")
      .values({ name: JOB, holder: "dead", expires_at: now + 60_000 })
      .execute();
    await db
      .insertInto("scheduled_runs")
      .values({
        id: deadId,
        job: JOB,
        trigger: "schedule",
        slot: null,
        status: "running",
        started_at: now - 120_000,
        finished_at: null,
        error: null,
      })
      .execute();

    const busy = await server.services.scheduler.run(JOB);
    expect(busy.kind).toBe("busy");
    expect(busy.kind === "busy" ? busy.run : null).toMatchObject({
      id: deadId,
      status: "running",
      startedAt: now - 120_000,
    });
    const refused = await scrape(server, cookie);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: {
        code: "aborted",
        message: `An import is already running (started ${utcMinute(now - 120_000)}). Try again when it has finished.`,
      },
    });
    expect((await runRow(server, deadId)).status).toBe("running");

    await db
      .updateTable("leases")
      .set({ expires_at: server.services.now() - 1 })
      .where("name", "=", JOB)
      .execute();
    const record = await run(server);
    expect(record.status).toBe("succeeded");
    expect(await runRow(server, deadId)).toMatchObject({
      status: "interrupted",
      finished_at: record.startedAt,
      error: "The run stopped before finishing (its server went away).",
    });
    expect(await db.selectFrom("leases").selectAll().execute()).toEqual([]);
  });
});

const feedCount = (ph: ProductHuntFake, from: number) =>
  ph.requests.slice(from).filter((r) => r.path === "/feed").length;

describe("Run now on the dashboard and the jobs page", () => {
  let ph: ProductHuntFake;
  let site: FakeWebsite;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    site = await startFakeWebsite("Pages website");
    ph = await startProductHuntFake({ launches: [makeLaunch(site, 6000001, "page-launch")] });
    server = await startTestServer({
      configure: (config) => {
        pointAtFake(config, ph, [site.hostPort]);
        config.linkHealth = { ...config.linkHealth, spacingMs: 0 };
      },
    });
    cookie = await adminCookie(server);
  });
  afterAll(async () => {
    ph?.setDelay(0);
    await server?.close();
    await Promise.all([ph?.close(), site?.close()]);
  });

  /** Posts a page's form as a browser without JavaScript does, as the admin; the page's text. */
  async function postPage(path: string, fields: Record<string, string>) {
    const res = await postForm(`${server.url}${path}`, fields, { cookie, Accept: "text/html" });
    return { status: res.status, text: decodeEntities(await res.text()).replace(/<!-- -->/g, "") };
  }

  it("runs the import from the dashboard and shows its figures, then the last run", async () => {
    const done = await postPage("/admin/dashboard", { intent: "scrape" });
    expect(done.status).toBe(200);
    expect(done.text).toContain("Found 1 launches, processed 1, saved 1.");
    const again = await postPage("/admin/dashboard", { intent: "scrape" });
    expect(again.text).toContain("Found 1 launches, processed 0, saved 0.");
    const page = await fetch(`${server.url}/admin/dashboard`, { headers: { cookie, Accept: "text/html" } });
    const text = decodeEntities(await page.text()).replace(/<!-- -->/g, "");
    expect(text).toContain("Last run");
    expect(text).toMatch(/Launches found: 1[\s\S]*Processed: 0[\s\S]*Saved: 0/);
  });

  it("says an import is running (409) when the dashboard's Run now comes during a run", async () => {
    ph.setDelay(800);
    const from = ph.requests.length;
    const first = server.services.scheduler.run(JOB);
    await until(() => feedCount(ph, from) === 1, "the first run's feed request");
    const refused = await postPage("/admin/dashboard", { intent: "scrape" });
    ph.setDelay(0);
    await first;
    expect(refused.status).toBe(409);
    expect(refused.text).toMatch(
      /An import is already running \(started \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)\. Try again when it has finished\./,
    );
  });

  it("shows 'Product Hunt scraping failed: …' when the run fails", async () => {
    ph.failNext("/feed", 1, 500);
    const failed = await postPage("/admin/dashboard", { intent: "scrape" });
    expect(failed.text).toContain("Product Hunt scraping failed: Product Hunt answered 500.");
  });

  it("lists each job with its next run and last runs, and runs one on request", async () => {
    const page = await fetch(`${server.url}/admin/jobs`, { headers: { cookie, Accept: "text/html" } });
    expect(page.status).toBe(200);
    const text = decodeEntities((await page.text()).replace(/<[^>]+>/g, ""));
    for (const expected of [
      "Product Hunt import",
      "Every day at 13:00, Amsterdam time",
      "Link check",
      "Every Monday at 04:00, Amsterdam time",
      "No runs yet.",
    ]) {
      expect(text).toContain(expected);
    }
    const next = server.services.scheduler.nextRun(JOB)!;
    expect(text).toContain(`Next run: ${new Date(next).toISOString().slice(0, 16).replace("T", " ")} UTC`);
    // The failed run of the test before, with its error.
    expect(text).toMatch(/Failed\s*None\s*Product Hunt answered 500\./);

    const checked = await postPage("/admin/jobs", { intent: "run", job: "link-health" });
    expect(checked.status).toBe(200);
    expect(checked.text).toContain("Checked 1 websites: 1 reachable, 0 failed, 0 flagged.");
    const unknown = await postPage("/admin/jobs", { intent: "run", job: "drop-tables" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Unknown job or action.");
  });
});

describe("an import run with a Product Hunt API token", () => {
  let ph: ProductHuntFake;
  let site: FakeWebsite;
  let server: TestServer;
  let saved: Config["productHunt"];

  beforeAll(async () => {
    site = await startFakeWebsite("Token website");
    ph = await startProductHuntFake({ launches: [] });
    ph.launches.push(
      makeLaunch(site, 6000001, "api-full"),
      // Their pages cannot be read; the API knows them all the same.
      makeLaunch(site, 6000002, "api-blocked", { format: "forbidden" }),
      makeLaunch(site, 6000003, "api-garbage", { format: "garbage" }),
    );
    server = await startTestServer({
      configure: (config) => {
        pointAtFake(config, ph, [site.hostPort]);
        config.productHunt.token = ph.token;
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([ph?.close(), site?.close()]);
  });
  beforeEach(() => {
    saved = { ...server.services.config.productHunt };
  });
  afterEach(() => {
    server.services.config.productHunt = saved;
  });

  it("lists the launches with the GraphQL posts query and reads each from the API", async () => {
    const from = ph.requests.length;
    const record = await run(server);
    expect(record).toMatchObject({
      status: "succeeded",
      itemErrors: [],
      summary: { urlsFound: 3, toolsProcessed: 3, savedCount: 3 },
    });
    const fetched = requestsSince(ph, from);
    expect(fetched[0]).toBe("POST /v2/api/graphql");
    expect(ph.requests[from]!.headers.authorization).toBe(`Bearer ${ph.token}`);
    expect(fetched.filter((r) => r === "POST /v2/api/graphql")).toHaveLength(4);
    expect(fetched.filter((r) => r.startsWith("GET /feed") || r.startsWith("GET /products/"))).toEqual([]);
    expect(await importedSlugs(server)).toEqual(["api-blocked", "api-full", "api-garbage"]);
  });

  it("reads the feed when the API cannot list the launches", async () => {
    const from = ph.requests.length;
    ph.failNext("/v2/api", 1, 500);
    const record = await run(server);
    expect(record).toMatchObject({ status: "succeeded", summary: { urlsFound: 3, toolsProcessed: 0, savedCount: 0 } });
    expect(requestsSince(ph, from)).toEqual(["POST /v2/api/graphql", "GET /feed"]);
  });

  it("waits as Retry-After asks when the API answers 429 to the listing, then lists again", async () => {
    const from = ph.requests.length;
    ph.failNext("/v2/api", 1, 429, 1);
    const record = await run(server);
    expect(record).toMatchObject({ status: "succeeded", summary: { urlsFound: 3, toolsProcessed: 0, savedCount: 0 } });
    expect(requestsSince(ph, from)).toEqual(["POST /v2/api/graphql", "POST /v2/api/graphql"]);
    expect(ph.requests[from + 1]!.at - ph.requests[from]!.at).toBeGreaterThanOrEqual(1000);
  });

  it("lists as many launches through the API as the feed gives, a page of 20 at a time", async () => {
    for (let i = 0; i < 22; i++) ph.launches.push(makeLaunch(site, 6000100 + i, `api-many-${i}`));
    const { productHunt } = server.services.config;
    productHunt.importLimit = 1;
    productHunt.token = null;
    const fromFeed = await run(server);
    expect(fromFeed.summary).toMatchObject({ urlsFound: 25, toolsProcessed: 1, savedCount: 1 });

    productHunt.token = ph.token;
    const from = ph.requests.length;
    const fromApi = await run(server);
    expect(requestsSince(ph, from)[0]).toBe("POST /v2/api/graphql");
    expect(fromApi.summary).toMatchObject({ urlsFound: 25, toolsProcessed: 1, savedCount: 1 });
  });
});
