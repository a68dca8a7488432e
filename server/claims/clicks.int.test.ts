import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { createTestDatabase, databaseUrlOf, type TestDatabase } from "../../tests/support/database.ts";
import { BROWSER_UA } from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { startServerProcess } from "../../tests/support/server-process.ts";
import { changeCatalog } from "../catalog/change.ts";
import { insertPaidOrder, insertTools } from "../catalog/write.ts";

// "Visit website" through /go/{slug}: the redirect, and the clicks counted for the tool — in
// memory, once per visitor, tool and day, people only, written by the counts-flush job — against
// the real app and a real database (both engines), and by two server processes of one database at once.

const DAY = 24 * 60 * 60 * 1000;
const clock = { now: Date.UTC(2026, 10, 20, 9) };

function go(server: TestServer, slug: string, address: string, userAgent = BROWSER_UA): Promise<Response> {
  return fetch(`${server.url}/go/${slug}`, {
    redirect: "manual",
    headers: { "User-Agent": userAgent, "X-Forwarded-For": address },
  });
}

async function stored(server: TestServer, table: "tool_clicks" | "tool_views", toolId: string) {
  const rows = await server.services.database.db
    .selectFrom(table)
    .select(["day", "count"])
    .where("tool_id", "=", toolId)
    .orderBy("day")
    .execute();
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}

async function flush(server: TestServer): Promise<void> {
  const outcome = await server.services.scheduler.run("counts-flush");
  expect(outcome.kind === "finished" && outcome.run.status).toBe("succeeded");
}

describe("the way out to a tool's website", () => {
  const testServer = useTestServer({
    now: () => clock.now,
    configure: (config) => {
      config.trustProxy = "loopback";
    },
  });
  let server: TestServer;
  const tool = makeTool({ name: "Go Tool", websiteUrl: "https://go-tool.example/?ref=toolshelf" });
  const pending = makeTool({ name: "Go Pending", status: "pending", websiteUrl: "https://go-pending.example/" });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [tool, pending]);
  });

  it("sends a person to the website as stored, its ref kept, and tells search engines to leave it be", async () => {
    const res = await go(server, tool.slug, "198.51.100.1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://go-tool.example/?ref=toolshelf");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("cache-control")).toBe("no-store");
    // By id too, as the tool page is found.
    expect((await go(server, tool.id, "198.51.100.1")).headers.get("location")).toBe(tool.websiteUrl);
  });

  it("has no way out for a tool under review or one that does not exist", async () => {
    for (const key of [pending.slug, "no-such-tool", "x".repeat(3000), "javascript:alert(1)"]) {
      const res = await go(server, key, "198.51.100.2");
      expect(res.status).toBe(404);
      expect(res.headers.get("location")).toBeNull();
    }
    // A path with a NUL in it is refused as every such path is.
    const nul = await go(server, "%00", "198.51.100.2");
    expect(nul.status).toBe(400);
    expect(nul.headers.get("location")).toBeNull();
  });

  it("counts a person's clicks once a day in memory, robots not at all, and writes them on the flush", async () => {
    await flush(server);
    const before = await stored(server, "tool_clicks", tool.id);
    for (let i = 0; i < 3; i++) await go(server, tool.slug, "203.0.113.1");
    await go(server, tool.slug, "203.0.113.2");
    // Two addresses of one IPv6 /64 are one visitor.
    await go(server, tool.slug, "2001:db8:7:7::1");
    await go(server, tool.slug, "2001:db8:7:7::2");
    await go(server, tool.slug, "203.0.113.3", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    await go(server, "no-such-tool", "203.0.113.4");
    // Nothing written per request; a click is no page view.
    expect(await stored(server, "tool_clicks", tool.id)).toEqual(before);
    expect(server.services.counts.clicks.unwritten([tool.slug, tool.id])).toBe(3);
    expect(server.services.counts.views.unwritten([tool.slug, tool.id])).toBe(0);

    await flush(server);
    const day = Math.floor(clock.now / DAY) * DAY;
    const total = (rows: { count: number }[]) => rows.reduce((sum, r) => sum + r.count, 0);
    const after = await stored(server, "tool_clicks", tool.id);
    expect(after.map((r) => r.day)).toEqual([day]);
    expect(total(after) - total(before)).toBe(3);

    // The next day the same visitor counts again, on that day's row.
    clock.now += DAY;
    await go(server, tool.slug, "203.0.113.1");
    await flush(server);
    expect((await stored(server, "tool_clicks", tool.id)).map((r) => r.day)).toEqual([day, day + DAY]);
  });
});

describe("counting on two server processes of one database", () => {
  let testDb: TestDatabase;
  const running: ChildProcess[] = [];
  const tool = makeTool({ name: "Two Instances Counted" });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // Featured, so that the home page shows it: an impression each time a person is sent the page.
    await changeCatalog({ database: testDb.database, now: Date.now }, async (write) => {
      await insertTools(write, [tool]);
      await insertPaidOrder(write, {
        toolId: tool.id,
        toolName: tool.name,
        amountCents: 5000,
        provider: "test",
        sessionId: "two-instances",
        paidAt: Date.now() - 60_000,
      });
    });
  });

  afterAll(async () => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await testDb.drop();
  });

  it("adds up both processes' views, clicks and impressions exactly, whatever runs at once", async () => {
    const env = {
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: databaseUrlOf(testDb.target),
      SEED_DEMO: "false",
      TRUST_PROXY: "loopback",
    };
    const instances = [await startServerProcess(env), await startServerProcess(env)];
    running.push(...instances.map((i) => i.child));
    // Forty visitors, half served by each process (as a balancer keeping a visitor on one would),
    // each opening the home page, viewing and clicking three times at once: one view and one click
    // each, and an impression each time the home page was sent.
    const headers = (address: string) => ({ "User-Agent": BROWSER_UA, "X-Forwarded-For": address });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const base = `http://127.0.0.1:${instances[i % 2]!.port}`;
        const address = `192.0.2.${i + 1}`;
        return [1, 2, 3].flatMap(() => [
          fetch(`${base}/`, { headers: headers(address) }).then(async (r) => (await r.text(), r.status)),
          fetch(`${base}/tool/${tool.slug}`, { headers: headers(address) }).then(
            async (r) => (await r.text(), r.status),
          ),
          fetch(`${base}/go/${tool.slug}`, { headers: headers(address), redirect: "manual" }).then((r) => r.status),
        ]);
      }).flat(),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(240);
    expect(answers.filter((status) => status === 302)).toHaveLength(120);
    // Each writes what it counted by its job or, at the latest, as it stops.
    await Promise.all(
      instances.map(({ child }) => {
        const exit = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        return exit;
      }),
    );
    const total = async (table: "tool_views" | "tool_clicks" | "tool_impressions") =>
      (await testDb.database.db.selectFrom(table).select("count").where("tool_id", "=", tool.id).execute()).reduce(
        (sum, r) => sum + Number(r.count),
        0,
      );
    expect(await total("tool_views")).toBe(40);
    expect(await total("tool_clicks")).toBe(40);
    expect(await total("tool_impressions")).toBe(120);
    // The site's day totals are the sums of the tools' days (the run ends within a day or two).
    const site = await testDb.database.db.selectFrom("site_days").select(["kind", "count"]).execute();
    const sum = (kind: string) => site.filter((r) => r.kind === kind).reduce((n, r) => n + Number(r.count), 0);
    expect([sum("views"), sum("clicks"), sum("impressions")]).toEqual([40, 40, 120]);
  });
});
