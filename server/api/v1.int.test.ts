import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "../../core/categories.ts";
import { addPaidOrder, addTools, DAY_MS, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA } from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";

const HOUR_MS = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 4, 1);
const SECRET = "secret@example.com";

interface ToolSummary {
  id: string;
  slug: string;
  name: string;
  url: string;
  categories: string[];
  isFeatured: boolean;
}
interface ToolList {
  data: ToolSummary[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

// Every answer this file gets from the API is also checked against the API's own OpenAPI
// description (tests/support/api-conformance.ts, for every integration test).
function request(server: TestServer, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, init);
}

async function getJson<T>(
  server: TestServer,
  path: string,
  init: RequestInit = {},
): Promise<{ res: Response; body: T }> {
  const res = await request(server, path, init);
  return { res, body: (await res.json()) as T };
}

describe("JSON API v1", () => {
  const testServer = useTestServer();
  let server: TestServer;
  // 30 public tools, every one submitted with an e-mail address that must never be shown.
  const tools = Array.from({ length: 30 }, (_, i) =>
    makeTool({
      name: `Api Tool ${String(i + 1).padStart(2, "0")}`,
      categories: i % 3 === 0 ? ["analytics", "marketing"] : ["productivity"],
      createdAt: BASE + (i + 1) * HOUR_MS,
      submitterEmail: SECRET,
      source: "free_submission",
      logoUrl: i === 5 ? "/uploads/logos/api-tool-06_logo.webp" : null,
    }),
  );
  const pending = makeTool({
    name: "Api Pending",
    status: "pending",
    submitterEmail: SECRET,
    createdAt: BASE + 99 * HOUR_MS,
  });
  const rejected = makeTool({ name: "Api Rejected", status: "rejected", submitterEmail: SECRET });
  const newestFirst = [...tools].reverse().map((t) => t.slug);

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [...tools, pending, rejected]);
    await addPaidOrder(server.services, tools[0]!, 50, Date.now() - DAY_MS);
  });

  it("pages through the public tools with page, pageSize, total and totalPages", async () => {
    const first = await getJson<ToolList>(server, "/api/v1/tools");
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(first.body).toMatchObject({ page: 1, pageSize: 24, total: 30, totalPages: 2 });
    expect(first.body.data.map((t) => t.slug)).toEqual(newestFirst.slice(0, 24));

    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const { body } = await getJson<ToolList>(server, `/api/v1/tools?page=${page}&pageSize=10`);
      expect(body).toMatchObject({ page, pageSize: 10, total: 30, totalPages: 3 });
      expect(body.data).toHaveLength(10);
      seen.push(...body.data.map((t) => t.slug));
    }
    expect(seen).toEqual(newestFirst);
    const beyond = await getJson<ToolList>(server, "/api/v1/tools?page=4&pageSize=10");
    expect(beyond.res.status).toBe(200);
    expect(beyond.body).toMatchObject({ data: [], page: 4, total: 30, totalPages: 3 });

    const all = await getJson<ToolList>(server, "/api/v1/tools?pageSize=100");
    expect(all.body).toMatchObject({ pageSize: 100, total: 30, totalPages: 1 });
    // Featured tools are listed too, and flagged.
    expect(all.body.data.find((t) => t.slug === tools[0]!.slug)?.isFeatured).toBe(true);
  });

  it("filters by category and sorts", async () => {
    const { body } = await getJson<ToolList>(server, "/api/v1/tools?category=analytics&pageSize=100");
    const analytics = tools.filter((_, i) => i % 3 === 0);
    expect(body.total).toBe(analytics.length);
    expect(body.data.map((t) => t.slug)).toEqual([...analytics].reverse().map((t) => t.slug));
    expect(body.data.every((t) => t.categories.includes("analytics"))).toBe(true);

    const oldest = await getJson<ToolList>(server, "/api/v1/tools?sort=oldest&pageSize=5");
    expect(oldest.body.data.map((t) => t.slug)).toEqual(tools.slice(0, 5).map((t) => t.slug));
    const byName = await getJson<ToolList>(server, "/api/v1/tools?sort=name-desc&pageSize=3");
    expect(byName.body.data.map((t) => t.name)).toEqual(["Api Tool 30", "Api Tool 29", "Api Tool 28"]);
    const everything = await getJson<ToolList>(server, "/api/v1/tools?category=all&pageSize=1");
    expect(everything.body.total).toBe(30);
  });

  it("refuses bad arguments with 400 invalid-argument", async () => {
    for (const query of [
      "pageSize=101",
      "pageSize=0",
      "pageSize=abc",
      "page=-1",
      "page=0",
      "page=1.5",
      "page=abc",
      "category=nope",
      "sort=bogus",
    ]) {
      const { res, body } = await getJson<{ error: { code: string; message: string } }>(
        server,
        `/api/v1/tools?${query}`,
      );
      expect(res.status, query).toBe(400);
      expect(body, query).toEqual({ error: { code: "invalid-argument", message: expect.any(String) } });
      expect(body.error.message.length, query).toBeGreaterThan(0);
      expect(res.headers.get("access-control-allow-origin"), query).toBe("*");
    }
  });

  it("returns one public tool by slug or id, and 404 for anything else", async () => {
    const tool = tools[5]!;
    const bySlug = await getJson<{ data: ToolSummary & { description: string } }>(server, `/api/v1/tools/${tool.slug}`);
    expect(bySlug.res.status).toBe(200);
    expect(bySlug.body.data).toMatchObject({
      id: tool.id,
      slug: tool.slug,
      name: tool.name,
      url: `${server.services.config.siteUrl}/tool/${tool.slug}`,
      // Stored logos are given as absolute URLs.
      logoUrl: `${server.services.config.siteUrl}/uploads/logos/api-tool-06_logo.webp`,
    });
    const byId = await getJson<{ data: ToolSummary }>(server, `/api/v1/tools/${tool.id}`);
    expect(byId.body.data.slug).toBe(tool.slug);
    for (const key of [pending.slug, pending.id, rejected.slug, "no-such-tool"]) {
      const { res, body } = await getJson<{ error: { code: string } }>(server, `/api/v1/tools/${key}`);
      expect(res.status, key).toBe(404);
      expect(body.error.code, key).toBe("not-found");
    }
  });

  it("counts public tools per category, for every category", async () => {
    const { res, body } = await getJson<{ data: { slug: string; name: string; count: number }[] }>(
      server,
      "/api/v1/categories",
    );
    expect(res.status).toBe(200);
    expect(body.data.map((c) => c.slug)).toEqual(CATEGORIES.map((c) => c.slug));
    const counts = Object.fromEntries(body.data.map((c) => [c.slug, c.count]));
    expect(counts).toMatchObject({ analytics: 10, marketing: 10, productivity: 20, design: 0 });
  });

  it("is open to every origin, answers preflights with 204 and refuses writes", async () => {
    const get = await request(server, "/api/v1/tools", { headers: { Origin: "https://elsewhere.example" } });
    expect(get.headers.get("access-control-allow-origin")).toBe("*");
    const categories = await request(server, "/api/v1/categories");
    expect(categories.headers.get("access-control-allow-origin")).toBe("*");
    const description = await request(server, "/api/v1/openapi.json");
    expect(description.status).toBe(200);
    expect(description.headers.get("access-control-allow-origin")).toBe("*");
    expect(description.headers.get("cache-control")).toBe("public, max-age=60");
    expect(((await description.json()) as { servers: unknown }).servers).toEqual([
      { url: server.services.config.siteUrl },
    ]);

    const preflight = await request(server, "/api/v1/tools", {
      method: "OPTIONS",
      headers: {
        Origin: "https://elsewhere.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");
    expect(await preflight.text()).toBe("");

    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await request(server, "/api/v1/tools", {
        method,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Injected" }),
      });
      expect(res.status, method).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code, method).toBe("invalid-argument");
    }
    expect((await getJson<ToolList>(server, "/api/v1/tools?pageSize=100")).body.total).toBe(30);
  });

  it("answers unknown endpoints with a 404 catalogue error", async () => {
    for (const path of ["/api/v1/nope", "/api/v1/tools/a/b", "/api/v2/tools"]) {
      const { res, body } = await getJson<{ error: { code: string; message: string } }>(server, path);
      expect(res.status, path).toBe(404);
      expect(body, path).toEqual({ error: { code: "not-found", message: expect.any(String) } });
    }
  });

  it("never shows a submitter's e-mail address, in the API, the pages, the sitemap or the feed", async () => {
    const paths = [
      "/api/v1/tools?pageSize=100",
      "/api/v1/tools?page=2",
      "/api/v1/categories",
      ...[...tools, pending].flatMap((t) => [`/api/v1/tools/${t.slug}`, `/api/v1/tools/${t.id}`, `/tool/${t.slug}`]),
      `/tool/${rejected.slug}`,
      "/",
      "/browse/all",
      "/browse/all?page=2",
      "/browse/productivity",
      "/browse/analytics/name",
      "/sitemap.xml",
      "/feed.xml",
    ];
    for (const path of paths) {
      const res = await request(server, path, { headers: { "User-Agent": BROWSER_UA } });
      expect([200, 404], path).toContain(res.status);
      const body = await res.text();
      expect(body, path).not.toContain(SECRET);
      expect(body, path).not.toContain(encodeURIComponent(SECRET));
      expect(body, path).not.toContain("submitter");
    }
  });
});

interface Page {
  data: { id: string; slug: string }[];
  page: number | null;
  total: number;
  totalPages: number;
  nextCursor: string | null;
}

describe("JSON API v1: cursor paging", () => {
  const testServer = useTestServer();
  let server: TestServer;
  // Runs of three tools listed at the same moment and of names alike but for case (ties broken by
  // id), in two categories; a quarter with "paging" in the tagline, so search scores differ.
  const tools = Array.from({ length: 45 }, (_, i) =>
    makeTool({
      name: i % 5 === 0 ? (i % 10 === 0 ? "Walker Same" : "walker same") : `Walker ${String(i).padStart(2, "0")}`,
      slug: `walker-${i}`,
      createdAt: BASE + Math.floor(i / 3) * HOUR_MS,
      categories: i % 2 === 0 ? ["design"] : ["productivity"],
      tagline: i % 4 === 0 ? "Walker paging through lists" : "Something else",
      pricingModel: i % 3 === 0 ? "Free" : "Paid",
    }),
  );
  const pending = makeTool({ name: "Walker Pending", status: "pending" });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [...tools, pending]);
    await addPaidOrder(server.services, tools[20]!, 50, Date.now() - DAY_MS);
  });

  /** Every page of a list or search by cursor, from the first (asked for by number). */
  async function walk(path: string): Promise<{ ids: string[]; pages: number; totalPages: number }> {
    const ids: string[] = [];
    const join = path.includes("?") ? "&" : "?";
    let { body } = await getJson<Page>(server, path);
    const { totalPages } = body;
    let pages = 1;
    ids.push(...body.data.map((t) => t.id));
    while (body.nextCursor !== null) {
      ({ body } = await getJson<Page>(server, `${path}${join}cursor=${body.nextCursor}`));
      expect(body.page, path).toBeNull();
      ids.push(...body.data.map((t) => t.id));
      pages++;
      expect(pages, `${path}: ends`).toBeLessThan(100);
    }
    return { ids, pages, totalPages };
  }

  it("walks every public tool of a list exactly once, in each sort, category and filter", async () => {
    for (const sort of ["recent", "oldest", "name", "name-desc"]) {
      for (const narrow of ["", "&category=design", "&pricing=free", "&category=productivity&pricing=paid"]) {
        const path = `/api/v1/tools?sort=${sort}&pageSize=4${narrow}`;
        const all = await getJson<Page>(server, `/api/v1/tools?sort=${sort}&pageSize=100${narrow}`);
        expect(all.body.nextCursor, path).toBeNull();
        const { ids, pages, totalPages } = await walk(path);
        expect(ids, path).toEqual(all.body.data.map((t) => t.id));
        expect(new Set(ids).size, path).toBe(all.body.total);
        expect(pages, path).toBe(totalPages);
      }
    }
    const { ids } = await walk("/api/v1/tools?pageSize=4");
    expect(ids.sort()).toEqual(tools.map((t) => t.id).sort());
    expect(ids).not.toContain(pending.id);
  });

  it("walks every search result exactly once, as the numbered pages give them", async () => {
    for (const q of ["walker", "walker paging", "paging"]) {
      const numbered: string[] = [];
      const first = await getJson<Page>(server, `/api/v1/search?q=${encodeURIComponent(q)}`);
      for (let page = 1; page <= first.body.totalPages; page++) {
        const { body } = await getJson<Page>(server, `/api/v1/search?q=${encodeURIComponent(q)}&page=${page}`);
        numbered.push(...body.data.map((t) => t.id));
      }
      const { ids, pages } = await walk(`/api/v1/search?q=${encodeURIComponent(q)}`);
      expect(ids, q).toEqual(numbered);
      expect(new Set(ids).size, q).toBe(first.body.total);
      expect(pages, q).toBe(first.body.totalPages);
    }
    // All 45 match "walker": three pages of 20, the featured tool first.
    const { ids } = await walk("/api/v1/search?q=walker");
    expect(ids).toHaveLength(45);
    expect(ids[0]).toBe(tools[20]!.id);
  });

  it("refuses a cursor it did not give, one of another sort or list, and a cursor with a page", async () => {
    const { body: first } = await getJson<Page>(server, "/api/v1/tools?pageSize=4");
    const { body: found } = await getJson<Page>(server, "/api/v1/search?q=walker");
    const cursor = first.nextCursor!;
    const mine = Buffer.from(JSON.stringify(["recent", 1, "../../etc"])).toString("base64url");
    const nameAsDate = Buffer.from(JSON.stringify(["name", 1, tools[0]!.id])).toString("base64url");
    const cases: [string, RegExp][] = [
      ["/api/v1/tools?cursor=not%20base64!", /cursor is not one this API gave out/],
      ["/api/v1/tools?cursor=AAAA", /cursor is not one this API gave out/],
      [`/api/v1/tools?cursor=${"A".repeat(500)}`, /cursor is not one this API gave out/],
      [`/api/v1/tools?cursor=${mine}`, /cursor is not one this API gave out/],
      [`/api/v1/tools?cursor=${found.nextCursor}`, /cursor is not one this API gave out/],
      [`/api/v1/tools?sort=name&cursor=${nameAsDate}`, /cursor is not one this API gave out/],
      [`/api/v1/tools?sort=name&cursor=${cursor}`, /cursor belongs to another sort/],
      [`/api/v1/tools?page=2&cursor=${cursor}`, /Give page or cursor, not both/],
      [`/api/v1/search?q=walker&cursor=${cursor}`, /cursor is not one this API gave out/],
      [`/api/v1/search?q=walker&page=1&cursor=${found.nextCursor}`, /Give page or cursor, not both/],
      ["/api/v1/search?q=walker&page=0", /^page must be a whole number from 1\.$/],
      ["/api/v1/search", /^q is required: the words to search for\.$/],
      ["/api/v1/search?q=%20", /^q is required: the words to search for\.$/],
      [`/api/v1/search?q=${"a".repeat(201)}`, /^q must be at most 200 characters\.$/],
      [`/api/v1/tools/${tools[0]!.slug}/alternatives?page=x`, /^page must be a whole number from 1\.$/],
    ];
    for (const [path, message] of cases) {
      const { res, body } = await getJson<{ error: { code: string; message: string } }>(server, path);
      expect(res.status, path).toBe(400);
      expect(body.error.code, path).toBe("invalid-argument");
      expect(body.error.message, path).toMatch(message);
    }
  });

  it("gives each tool once when a tool is added between two pages", async () => {
    const { body: first } = await getJson<Page>(server, "/api/v1/tools?pageSize=10");
    const newest = makeTool({ name: "Walker Newcomer", createdAt: Date.now() });
    await addTools(server.services, [newest]);
    const rest: string[] = [];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const { body } = await getJson<Page>(server, `/api/v1/tools?pageSize=10&cursor=${cursor}`);
      rest.push(...body.data.map((t) => t.id));
      cursor = body.nextCursor;
    }
    const ids = [...first.data.map((t) => t.id), ...rest];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(tools.map((t) => t.id).sort());
  });
});
