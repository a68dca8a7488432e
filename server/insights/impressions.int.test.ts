import { beforeAll, describe, expect, it } from "vitest";
import { startOfDay } from "../../core/dates.ts";
import { addPaidOrder, addTools, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA } from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";

// Impressions of featured placements: each time a page showing a featured tool is sent to a
// person — rendered, from the page cache, or confirmed unchanged — counted in memory per tool and
// day and written by the counts-flush job with the site's day total, against the real app and a
// real database (both engines).

const clock = { now: Date.UTC(2026, 10, 22, 8) };

const page = (server: TestServer, path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { "User-Agent": BROWSER_UA, ...init.headers } }).then(
    async (res) => ({ status: res.status, etag: res.headers.get("etag"), body: await res.text() }),
  );

async function stored(server: TestServer, toolId: string) {
  const rows = await server.services.database.db
    .selectFrom("tool_impressions")
    .select(["day", "count"])
    .where("tool_id", "=", toolId)
    .execute();
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}

async function siteTotal(server: TestServer) {
  const rows = await server.services.database.db
    .selectFrom("site_days")
    .select(["day", "count"])
    .where("kind", "=", "impressions")
    .execute();
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}

describe("impressions of featured placements", () => {
  const testServer = useTestServer({ now: () => clock.now });
  let server: TestServer;
  const sponsored = makeTool({ name: "Shown Sponsor" });
  const plain = makeTool({ name: "Shown Plain" });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [sponsored, plain]);
    await addPaidOrder(server.services, sponsored, 50, clock.now - 60_000);
  });

  it("counts each page sent to a person that shows the placement, robots and HEADs not, and writes nothing until the flush", async () => {
    const first = await page(server, "/");
    expect(first.status).toBe(200);
    expect(first.body).toContain("Shown Sponsor");
    // From memory now, then unchanged (304): the page is shown each time.
    expect((await page(server, "/")).status).toBe(200);
    expect((await page(server, "/", { headers: { "If-None-Match": first.etag! } })).status).toBe(304);
    // The browse list shows the featured column too.
    expect((await page(server, "/browse")).body).toContain("Shown Sponsor");
    // Not people, not a page shown, no placement on it.
    await page(server, "/", { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    await page(server, "/", { method: "HEAD" });
    await page(server, `/tool/${plain.slug}`);

    expect(server.services.counts.impressions.unwritten([sponsored.id])).toBe(4);
    expect(server.services.counts.impressions.unwritten([plain.id])).toBe(0);
    expect(await stored(server, sponsored.id)).toEqual([]);
    expect(await siteTotal(server)).toEqual([]);

    const outcome = await server.services.scheduler.run("counts-flush");
    expect(outcome.kind === "finished" && outcome.run.summary).toMatchObject({ impressions: 1 });
    const day = startOfDay(clock.now);
    expect(await stored(server, sponsored.id)).toEqual([{ day, count: 4 }]);
    expect(await stored(server, plain.id)).toEqual([]);
    expect(await siteTotal(server)).toEqual([{ day, count: 4 }]);
    expect(server.services.counts.impressions.unwritten([sponsored.id])).toBe(0);
  });
});
