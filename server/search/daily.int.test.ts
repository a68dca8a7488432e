import { beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { getPage } from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";

// Searches per day and those that found nothing, through the real search pages against a real
// database (both engines): counted in memory as each search is counted for its term, written by
// the counts-flush job.

const DAY = 24 * 60 * 60 * 1000;
const clock = { now: Date.UTC(2026, 10, 21, 10) };

async function days(server: TestServer) {
  const rows = await server.services.database.db.selectFrom("search_days").selectAll().orderBy("day").execute();
  return rows.map((r) => ({ day: Number(r.day), searches: Number(r.searches), noResults: Number(r.no_results) }));
}

/** Writes what was counted until the day's row holds what is expected (counting follows the answer). */
async function flushedUntil(server: TestServer, expected: { day: number; searches: number; noResults: number }[]) {
  await expect
    .poll(
      async () => {
        await server.services.scheduler.run("counts-flush");
        return days(server);
      },
      { timeout: 5000 },
    )
    .toEqual(expected);
}

describe("searches per day", () => {
  const testServer = useTestServer({
    now: () => clock.now,
    configure: (config) => {
      config.trustProxy = "loopback";
    },
  });
  let server: TestServer;

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [makeTool({ name: "Quillpad Daily" })]);
  });

  it("counts each counted search for its day, and those that found nothing, writing nothing per request", async () => {
    const search = (term: string, address: string) =>
      getPage(server.url, `/search/${encodeURIComponent(term)}`, { headers: { "X-Forwarded-For": address } });
    // Found: rendered, then from the page cache for another visitor; each is a search.
    expect((await search("quillpad", "198.51.100.1")).res.status).toBe(200);
    expect((await search("quillpad", "198.51.100.2")).res.headers.get("x-cache")).toBe("HIT");
    // Nothing found, by two visitors.
    await search("zzqqxx nothing", "198.51.100.3");
    await search("zzqqxx nothing", "198.51.100.4");
    // Too short to be a term: no search counted.
    await search("q", "198.51.100.5");
    expect(await days(server)).toEqual([]);

    const day = Math.floor(clock.now / DAY) * DAY;
    await flushedUntil(server, [{ day, searches: 4, noResults: 2 }]);

    // The next day has a row of its own; the first keeps its count.
    clock.now += DAY;
    await search("zzqqxx nothing", "198.51.100.6");
    await flushedUntil(server, [
      { day, searches: 4, noResults: 2 },
      { day: day + DAY, searches: 1, noResults: 1 },
    ]);
  });
});
