import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseUrlOf, type TestDatabase } from "../../tests/support/database.ts";
import { fileOf, testImage } from "../../tests/support/images.ts";
import { listenLocal, type LocalServer } from "../../tests/support/listen.ts";
import { startServerProcess } from "../../tests/support/server-process.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";

/** The production server on `testDb`, in its own process group. */
async function startOn(testDb: TestDatabase, allow: string): Promise<{ child: ChildProcess; url: string }> {
  const databaseUrl = databaseUrlOf(testDb.target);
  // Its own process group, so the kill takes its Chromium along, as a machine going down would.
  const { child, port } = await startServerProcess(
    { DATA_DIR: testDb.dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: "false", OUTBOUND_ALLOW: allow },
    { detached: true },
  );
  return { child, url: `http://127.0.0.1:${port}` };
}

describe("a screenshot job survives the server being killed", () => {
  let testDb: TestDatabase | undefined;
  let restarted: TestServer | undefined;
  let site: LocalServer | undefined;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
    await site?.close();
    if (restarted) await restarted.close();
    else await testDb?.drop();
  });

  it("is taken over after a restart once the dead process's lease has run out", async () => {
    // The site hangs on its first visit (the killed server's), and answers afterwards.
    let firstVisit!: () => void;
    const visited = new Promise<void>((resolve) => (firstVisit = resolve));
    site = await listenLocal((_req, res) => {
      if (site!.hits === 1) return firstVisit();
      res
        .writeHead(200, { "content-type": "text/html" })
        .end("<!doctype html><title>Back</title><body style='background:#2050e0'>");
    });
    const siteUrl = `${site.url}/`;
    const allow = new URL(siteUrl).host;

    testDb = await createTestDatabase();
    const started = await startOn(testDb, allow);
    child = started.child;
    const body = new FormData();
    for (const [name, value] of Object.entries({
      name: "Survivor",
      tagline: "Outlives its server",
      websiteUrl: siteUrl,
      categories: "utilities",
    })) {
      body.append(name, value);
    }
    body.append("logo", fileOf(await testImage("png"), "survivor.png"));
    const res = await fetch(`${started.url}/submit-tool`, {
      method: "POST",
      body,
      headers: { Origin: started.url },
      redirect: "manual",
    });
    expect(res.status).toBe(303);

    // The server is taking the screenshot (its browser is on the site) when it is killed.
    await visited;
    process.kill(-child.pid!, "SIGKILL");
    await new Promise((resolve) =>
      child!.exitCode !== null || child!.signalCode !== null ? resolve(null) : child!.once("exit", resolve),
    );

    const { db } = testDb.database;
    const tool = await db
      .selectFrom("tools")
      .select(["id", "status", "screenshot_url"])
      .where("slug", "=", "survivor")
      .executeTakeFirstOrThrow();
    expect(tool).toMatchObject({ status: "pending", screenshot_url: null });
    const [job] = await db.selectFrom("jobs").selectAll().execute();
    expect(job).toMatchObject({ kind: "screenshot", status: "queued", attempts: 1 });
    expect(job!.locked_until).toBeGreaterThan(Date.now());

    // A new server on the same data, its clock past the dead worker's lease, starts its jobs as
    // server/main.ts does.
    restarted = await startTestServer({
      testDb,
      now: () => Date.now() + 10 * 60_000,
      configure: (config) => {
        config.outboundAllow = [allow];
        config.jobs.pollMs = 100;
      },
    });
    restarted.services.jobs.start();
    let screenshotUrl: string | null = null;
    for (let waited = 0; !screenshotUrl && waited < 20_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      screenshotUrl = (
        await db.selectFrom("tools").select("screenshot_url").where("id", "=", tool.id).executeTakeFirstOrThrow()
      ).screenshot_url;
    }
    expect(screenshotUrl).toMatch(/^\/uploads\/screenshots\/survivor_\d+\.webp$/);
    expect(site.hits).toBeGreaterThanOrEqual(2);
    const image = await fetch(`${restarted.url}${screenshotUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(await db.selectFrom("jobs").selectAll().execute()).toEqual([]);
    expect(await (await fetch(`${restarted.url}/tool/survivor`)).text()).toContain(`src="${screenshotUrl}"`);
  });
});
