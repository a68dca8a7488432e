import { beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../../tests/support/catalog.ts";
import { whileDatabaseBusy } from "../../../tests/support/busy.ts";
import { BROWSER_UA } from "../../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../../tests/support/server.ts";

// Pages rendered by React Router when the database is too busy to answer in time (docs/decisions/034);
// Express's own routes are covered by the like's test (server/likes/likes.int.test.ts).

describe("pages while the database is busy", () => {
  // Uncached, so that each request asks the database.
  const testServer = useTestServer({ env: { PAGE_CACHE: "off" } });
  let server: TestServer;
  beforeAll(() => {
    server = testServer();
  });
  const get = (pathname: string) =>
    fetch(`${server.url}${pathname}`, { headers: { "User-Agent": BROWSER_UA }, redirect: "manual" });

  it(
    "are answered 503 with Retry-After and a page that says so on PostgreSQL, and as usual on SQLite, where reads do not wait",
    { timeout: 60_000 },
    async () => {
      const tool = makeTool({ name: "Patient Tool" });
      await addTools(server.services, [tool]);

      // A page and a resource route (the sitemap), each while the database takes nothing.
      const [page, sitemap] = await whileDatabaseBusy(server.services, async () => [
        await get(`/tool/${tool.slug}`),
        await get("/sitemap.xml"),
      ]);
      if (server.services.database.engine === "postgres") {
        for (const res of [page, sitemap]) {
          expect(res.status).toBe(503);
          expect(res.headers.get("retry-after")).toBe("5");
          expect(res.headers.get("cache-control")).toBe("no-store");
          const html = await res.text();
          expect(html).toContain("<h1>The site is busy</h1>");
          expect(html).toContain("The site is very busy right now. Please try again in 5 seconds.");
          expect(html).not.toContain("Patient Tool");
        }
      } else {
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("Patient Tool");
        expect(sitemap.status).toBe(200);
      }

      // Once the database answers again, so do the pages.
      const after = await get(`/tool/${tool.slug}`);
      expect(after.status).toBe(200);
      expect(await after.text()).toContain("Patient Tool");
    },
  );
});
