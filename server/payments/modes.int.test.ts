import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURING_UNAVAILABLE, TEST_MODE_BANNER } from "../../core/featuring.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { postCheckout } from "../../tests/support/checkout.ts";
import { createTestDatabase, databaseUrlOf, type TestDatabase } from "../../tests/support/database.ts";
import { decodeEntities, getPage, locationOf, textOf } from "../../tests/support/html.ts";
import { fileOf, testImage } from "../../tests/support/images.ts";
import { startServerProcess } from "../../tests/support/server-process.ts";
import { postForm, startTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin } from "../admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";

// PAYMENTS_MODE (docs/decisions/017): a public site without Stripe keys sells nothing, and the test
// checkout, where it runs, says so on every page and never counts as revenue.

const PUBLIC_SITE = "https://tools.example.com";

const checkout = postCheckout;

async function orderCount(server: TestServer): Promise<number> {
  const row = await server.services.database.db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function apiTool(server: TestServer, slug: string) {
  const res = await fetch(`${server.url}/api/v1/tools/${slug}`);
  return ((await res.json()) as { data: { isFeatured: boolean; featuredPrice: number } }).data;
}

const text = (html: string) => decodeEntities(textOf(html));

describe("a public site without Stripe keys: featured placement is off", () => {
  let server: TestServer;
  const tool = makeTool({ name: "Unpaid Hopeful" });
  beforeAll(async () => {
    server = await startTestServer({ env: { SITE_URL: PUBLIC_SITE } });
    await addTools(server.services, [tool]);
  });
  afterAll(() => server?.close());

  it("is off by default there", () => {
    expect(server.services.config.payments).toEqual({ mode: "off" });
    expect(server.services.payments.mode).toBe("off");
  });

  it("refuses every checkout, as JSON and as a form post, and records no order", async () => {
    for (const amount of [19, 250, 5000]) {
      const res = await checkout(server, { toolId: tool.id, amount });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: { code: "unavailable", message: FEATURING_UNAVAILABLE } });
    }
    const form = await postForm(`${server.url}/api/checkout-session`, { toolId: tool.id, amount: "5000" });
    expect(form.status).toBe(503);
    expect(text(await form.text())).toContain(FEATURING_UNAVAILABLE);
    expect(await orderCount(server)).toBe(0);
    expect(await apiTool(server, tool.slug)).toMatchObject({ isFeatured: false, featuredPrice: 0 });
  });

  it("has no test checkout to pay on", async () => {
    const pay = await postForm(`${server.url}/test-checkout/test_anything`, { intent: "pay" });
    expect(pay.status).toBe(404);
    expect((await getPage(server.url, "/test-checkout/test_anything")).res.status).toBe(404);
  });

  it("offers featuring nowhere and says why where it would be", async () => {
    const home = await getPage(server.url, "/");
    expect(home.html).not.toContain('href="/?featured=true"');
    expect(text(home.html)).toContain(FEATURING_UNAVAILABLE);
    expect(text(home.html)).not.toContain(TEST_MODE_BANNER);

    const asked = await getPage(server.url, "/?featured=true");
    expect(asked.res.status).toBe(200);
    expect(asked.html).toMatch(/<h2 id="feature-off-title"[^>]*>Get Featured<\/h2>/);
    expect(text(asked.html)).toContain(FEATURING_UNAVAILABLE);

    const browse = await getPage(server.url, "/browse/all");
    expect(browse.html).not.toContain('href="/?featured=true"');
    expect(text(browse.html)).toContain(FEATURING_UNAVAILABLE);

    const submit = await getPage(server.url, "/submit-tool");
    expect(submit.html).not.toContain('name="feature"');
    expect(submit.html).not.toContain('name="featureAmount"');
    expect(text(submit.html)).toContain(`Get featured: ${FEATURING_UNAVAILABLE}`);
  });

  it("saves a submission that asks to be featured, without going on to a checkout", async () => {
    const body = new FormData();
    const fields = {
      name: "Wants Featuring",
      tagline: "Ticks the box anyway",
      websiteUrl: "https://wants-featuring.example.com",
      categories: "utilities",
      feature: "on",
      featureAmount: "500",
    };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append("logo", fileOf(await testImage("png"), "logo.png"));
    const res = await fetch(`${server.url}/submit-tool`, {
      method: "POST",
      body,
      headers: { Origin: server.url },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    const next = locationOf(res, server.url)!;
    expect(next).toMatch(/^\/submit-tool\/[A-Za-z0-9_-]{43}$/);
    expect(next).not.toContain("feature=");
    // A link with ?feature= shows no checkout either.
    const confirmation = await getPage(server.url, `${next}?feature=500`);
    expect(confirmation.html).not.toContain("/api/checkout-session");
    expect(await orderCount(server)).toBe(0);
  });
});

describe("PAYMENTS_MODE=test on a public address", () => {
  let server: TestServer;
  let cookie: string;
  const tool = makeTool({ name: "Demo Featured" });
  beforeAll(async () => {
    server = await startTestServer({ env: { SITE_URL: PUBLIC_SITE, PAYMENTS_MODE: "test", SITE_NAME: "Demo Shelf" } });
    await addTools(server.services, [tool]);
    const now = server.services.now();
    const admin = await createAdmin(server.services.database, "modes-admin", "a long enough password", now);
    // The public address is https, so the session cookie carries the __Host- name.
    cookie = `${adminCookieName(true)}=${await createAdminSession(server.services.database, admin.id, now)}`;
  });
  afterAll(() => server?.close());

  it("says on every page that payments are not real, error pages too", async () => {
    const paths = [
      "/",
      "/browse/all",
      `/tool/${tool.slug}`,
      "/search/demo",
      "/about",
      "/submit-tool",
      "/contact",
      "/no-such-page",
      "/admin/login",
    ];
    // Refused before any loader ran: the admin's sign-in (401) and an address that cannot be read (400).
    paths.push("/admin/dashboard", "/%C0%AF");
    for (const path of paths) {
      const { html } = await getPage(server.url, path);
      expect(text(html), path).toContain(TEST_MODE_BANNER);
      expect(html, path).toContain('aria-label="Demo Shelf home"');
    }
  });

  it("features through the test checkout, marks the order as a test in admin, and counts no revenue", async () => {
    const res = await checkout(server, { toolId: tool.id, amount: 5000 });
    expect(res.status).toBe(200);
    const { sessionId } = (await res.json()) as { sessionId: string };
    expect((await postForm(`${server.url}/test-checkout/${sessionId}`, { intent: "pay" })).status).toBe(303);
    expect(await apiTool(server, tool.slug)).toMatchObject({ isFeatured: true, featuredPrice: 5000 });

    const dashboard = text((await getPage(server.url, "/admin/dashboard", { headers: { cookie } })).html);
    expect(dashboard).toMatch(/Paid orders\s*0\s*Revenue\s*\$0/);
    expect(dashboard).toMatch(/Test orders \(no charge, not revenue\)\s*1/);
    const orders = (await getPage(server.url, "/admin/orders", { headers: { cookie } })).html;
    expect(orders).toMatch(/<span class="[^"]*">Test, no charge<\/span>/);
  });
});

describe("the server at start", () => {
  const children: ChildProcess[] = [];
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await testDb?.drop();
  });

  async function startupWarnings(env: Record<string, string>): Promise<{ msg: string; paymentsMode?: string }[]> {
    const started = await startServerProcess({
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: databaseUrlOf(testDb.target),
      SEED_DEMO: "false",
      ...env,
    });
    children.push(started.child);
    return started.lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; paymentsMode?: string })
      .filter((entry) => entry.level === 40);
  }

  it("warns when featuring is off, and when test payments run on a public address; not for the local demo", async () => {
    expect(await startupWarnings({ SITE_URL: PUBLIC_SITE })).toContainEqual(
      expect.objectContaining({
        paymentsMode: "off",
        msg: expect.stringMatching(/^Featured placement is off: no Stripe keys are set/),
      }),
    );
    expect(await startupWarnings({ SITE_URL: PUBLIC_SITE, PAYMENTS_MODE: "test" })).toContainEqual(
      expect.objectContaining({
        paymentsMode: "test",
        msg: expect.stringMatching(/^Payments are in test mode on a public address/),
      }),
    );
    const local = await startupWarnings({ SITE_URL: "http://localhost:3000" });
    expect(local.filter((entry) => entry.paymentsMode !== undefined)).toEqual([]);
  });
});
