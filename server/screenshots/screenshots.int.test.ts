import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookieName, createAdminSession } from "../admin/session.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { fileOf, testImage } from "../../tests/support/images.ts";
import { listenLocal, type LocalServer } from "../../tests/support/listen.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { newId } from "../platform/db/ids.ts";
import { enqueueJob } from "../platform/jobs/queue.ts";

/** A website on 127.0.0.1: a solid green page, the tool's "site". */
const startSite = () =>
  listenLocal((_req, res) =>
    res
      .writeHead(200, { "content-type": "text/html" })
      .end("<!doctype html><title>Site</title><body style='margin:0;background:#00c850'>"),
  );

/** The colour of the middle pixel of an image. */
async function middlePixel(bytes: Buffer): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 3;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

async function expectStoredScreenshot(server: TestServer, screenshotUrl: string) {
  expect(screenshotUrl).toMatch(/^\/uploads\/screenshots\/[a-z0-9-]+_\d+\.webp$/);
  const res = await fetch(`${server.url}${screenshotUrl}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/webp");
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  expect([meta.width, meta.height]).toEqual([1280, 800]);
  const [r, g, b] = await middlePixel(bytes);
  expect(r).toBeLessThan(30);
  expect(g).toBeGreaterThan(170);
  expect(b).toBeGreaterThan(50);
  expect(b).toBeLessThan(110);
}

describe("screenshots", () => {
  let site: LocalServer;
  let server: TestServer;
  beforeAll(async () => {
    site = await startSite();
    server = await startTestServer({
      configure: (config) => {
        config.outboundAllow = [new URL(site.url).host];
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
  });

  it("takes the screenshot of a submitted tool's (allow-listed) site after saving it, and shows it on the tool page", async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries({
      name: "Greenpage",
      tagline: "All green",
      websiteUrl: site.url,
      categories: "design",
    })) {
      body.append(name, value);
    }
    body.append("logo", fileOf(await testImage("png"), "green.png"));
    const res = await fetch(`${server.url}/submit-tool`, {
      method: "POST",
      body,
      headers: { Origin: server.url },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    const before = await server.services.database.db
      .selectFrom("tools")
      .select(["id", "screenshot_url"])
      .executeTakeFirstOrThrow();
    expect(before.screenshot_url).toBeNull();

    expect(await server.services.jobs.drain()).toBe(1);
    expect(site.hits).toBeGreaterThan(0);
    const after = await server.services.database.db
      .selectFrom("tools")
      .select("screenshot_url")
      .where("id", "=", before.id)
      .executeTakeFirstOrThrow();
    await expectStoredScreenshot(server, after.screenshot_url!);
    expect(await server.services.database.db.selectFrom("jobs").selectAll().execute()).toEqual([]);

    const page = await (await fetch(`${server.url}/tool/greenpage`)).text();
    expect(page).toContain(`src="${after.screenshot_url}"`);
    expect(page).toContain('alt="Screenshot of Greenpage"');
  });

  it("keeps a submission whose site cannot be captured, and does not retry an address that is refused", async () => {
    const tool = makeTool({
      name: "Private Site",
      websiteUrl: "http://10.0.0.1/",
      status: "pending",
      source: "free_submission",
    });
    await addTools(server.services, [tool]);
    await enqueueJob(server.services.database.db, "screenshot", { toolId: tool.id }, server.services.now());
    await server.services.jobs.drain();
    const row = await server.services.database.db
      .selectFrom("tools")
      .select(["status", "screenshot_url"])
      .where("id", "=", tool.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", screenshot_url: null });
    expect(await server.services.database.db.selectFrom("jobs").selectAll().execute()).toEqual([]);
  });

  describe("POST /api/admin/take-screenshot", () => {
    let cookie: string;
    let toolId: string;
    beforeAll(async () => {
      const { db } = server.services.database;
      const adminId = newId();
      const now = server.services.now();
      await db
        .insertInto("admin_users")
        .values({ id: adminId, username: "admin", password_hash: "not used here", created_at: now, updated_at: now })
        .execute();
      cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, adminId, now)}`;
      const tool = makeTool({ name: "Shot Target" });
      toolId = tool.id;
      await addTools(server.services, [tool]);
    });

    const call = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/admin/take-screenshot`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url, ...headers },
        body: JSON.stringify(body),
      });

    it("answers 401 without an admin session, and with a made-up one", async () => {
      for (const headers of [{}, { cookie: `${adminCookieName(false)}=forged-token` }] as Record<string, string>[]) {
        const res = await call({ url: site.url, toolId }, headers);
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({
          error: { code: "unauthenticated", message: "Sign in as an admin to do this." },
        });
      }
    });

    it("takes the screenshot for an admin and answers its URL", async () => {
      const res = await call({ url: site.url, toolId }, { cookie });
      expect(res.status).toBe(200);
      const { screenshotUrl } = (await res.json()) as { screenshotUrl: string };
      await expectStoredScreenshot(server, screenshotUrl);
      const row = await server.services.database.db
        .selectFrom("tools")
        .select("screenshot_url")
        .where("id", "=", toolId)
        .executeTakeFirstOrThrow();
      expect(row.screenshot_url).toBe(screenshotUrl);
    });

    it.each([
      [{ toolId: "x" }, 400, "invalid-argument", "url is required."],
      [{ url: "file:///etc/passwd", toolId: "x" }, 400, "invalid-argument", "url must be an http(s) address."],
      [{ url: "https://example.com" }, 400, "invalid-argument", "toolId is required."],
      [{ url: "https://example.com", toolId: "no-such-tool" }, 404, "not-found", "No tool has this id."],
    ])("refuses %j with %i", async (body, status, code, message) => {
      const res = await call(body, { cookie });
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ error: { code, message } });
    });

    it("refuses a private address that is not on the allow-list", async () => {
      const res = await call({ url: "http://127.0.0.1:9/", toolId }, { cookie });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");
    });
  });
});
