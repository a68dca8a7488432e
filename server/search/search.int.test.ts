import { beforeAll, describe, expect, it } from "vitest";
import { normalizeQuery } from "../../core/search.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { addPaidOrder, addTools, DAY_MS, makeTool, searchByBruteForce } from "../../tests/support/catalog.ts";
import {
  anchors,
  cards,
  element,
  elements,
  getPage,
  headings,
  locationOf,
  sectionLabelledBy,
  startTags,
  textOf,
  titleOf,
  toolSlugs,
} from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { pruneOneOffTerms } from "./tracking.ts";
import type { NewTool } from "../catalog/write.ts";

const HOUR_MS = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 6, 1);
const PAGE_SIZE = 20;

interface SearchJson {
  query: string;
  data: { id: string; slug: string; score: number; isFeatured: boolean }[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  suggestion: string | null;
}
interface ErrorJson {
  error: { code: string; message: string };
}

/** A catalogue with its paid orders, and what search must answer over it (core rules, brute force). */
class Catalogue {
  tools: NewTool[] = [];
  orders: { tool: NewTool; amountUsd: number; paidAt: number }[] = [];

  add(...tools: NewTool[]) {
    this.tools.push(...tools);
    return tools;
  }

  isPublic(tool: NewTool) {
    return (PUBLIC_STATUSES as readonly string[]).includes(tool.status);
  }

  /** Slugs of the matching public tools in result order. */
  search(raw: string, now: number): { slug: string; score: number }[] {
    const entries = this.tools.map((tool) => ({ tool, orders: this.orders.filter((o) => o.tool.id === tool.id) }));
    return searchByBruteForce(entries, normalizeQuery(raw), now).map((r) => ({ slug: r.tool.slug, score: r.score }));
  }

  /** Public tools, most liked first (then newest, then id descending), as the lists order them. */
  mostLiked(tools = this.tools.filter((t) => this.isPublic(t))) {
    return [...tools].sort(
      (a, b) =>
        b.upvotesCount - a.upvotesCount || b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
  }
}

async function getJson<T>(server: TestServer, path: string): Promise<{ res: Response; body: T; text: string }> {
  const res = await fetch(`${server.url}${path}`);
  const text = await res.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    body = undefined as T;
  }
  return { res, body, text };
}

/** The visible result count ("12 results") of a results page. */
function resultCount(html: string): string {
  return textOf(element(html, "h2", (a) => a.id === "results-title", "result count").inner);
}

/** The slugs of the result cards (the main list, not the sidebars or related tools). */
function resultSlugs(html: string): string[] {
  return toolSlugs(sectionLabelledBy(html, "results-title"));
}

function hasSection(html: string, id: string): boolean {
  return html.includes(`aria-labelledby="${id}"`);
}

/** Nothing of a server error: no 500, no stack trace, no library or SQL error text. */
function expectNoLeak(status: number, body: string, where: string) {
  expect(status, where).not.toBe(500);
  expect(status, where).toBeLessThan(500);
  // A nonce is random base64, which now and then holds "Pg" between a slash and an equals sign.
  const text = body.replace(/nonce="[^"]*"/g, 'nonce=""');
  for (const leak of [
    /\n\s+at .+\(.+:\d+:\d+\)/,
    /node_modules/,
    /SqliteError/i,
    /syntax error/i,
    /fts5/i,
    /\bpg\b.*error/i,
  ]) {
    expect(text, `${where}: ${leak}`).not.toMatch(leak);
  }
}

describe("search page and search API", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const now = Date.now();
  const catalogue = new Catalogue();

  const notion = makeTool({
    name: "Notion",
    tagline: "Docs, wikis and projects in one workspace",
    description: "<p>All-in-one <strong>workspace</strong>.</p>",
    categories: ["productivity", "project-management"],
    tags: ["wiki", "docs"],
    upvotesCount: 400,
    createdAt: BASE,
  });
  // 25 tools matching "widget": two pages of 20. Some are featured, one only in the past.
  const widgets = Array.from({ length: 25 }, (_, i) =>
    makeTool({
      name: `Widget Maker ${String(i + 1).padStart(2, "0")}`,
      tagline: "Builds dashboard components",
      description: "Drag, drop, ship.",
      categories: ["design", "development"],
      tags: ["components"],
      upvotesCount: (i * 7) % 23,
      // Pairs share a creation time, so the id decides between them.
      createdAt: BASE + Math.floor(i / 2) * HOUR_MS,
    }),
  );
  // The productivity neighbours of Notion, for "Related Tools": most liked first.
  const timers = Array.from({ length: 8 }, (_, i) =>
    makeTool({
      name: `Focus Timer ${i + 1}`,
      tagline: "Pomodoro sessions",
      description: "Work in sprints.",
      categories: i === 7 ? ["health", "productivity"] : ["productivity"],
      tags: ["focus"],
      upvotesCount: [5, 90, 30, 60, 10, 75, 45, 150][i]!,
      createdAt: BASE + (30 + i) * HOUR_MS,
    }),
  );
  const sponsor = makeTool({
    name: "Sponsor Suite",
    tagline: "Campaign planning",
    description: "Plans campaigns.",
    categories: ["marketing"],
    tags: ["ads"],
    upvotesCount: 300,
    createdAt: BASE + 50 * HOUR_MS,
  });
  const organic = makeTool({
    name: "100% Organic",
    tagline: "Fresh produce finder",
    description: "Farm shops nearby.",
    categories: ["health"],
    tags: ["food"],
    createdAt: BASE + 51 * HOUR_MS,
  });
  const snake = makeTool({
    name: "snake_case helper",
    tagline: "Renames identifiers",
    description: "Converts between naming styles.",
    categories: ["development"],
    tags: ["naming"],
    createdAt: BASE + 52 * HOUR_MS,
  });
  const quoted = makeTool({
    name: "Quote Keeper",
    tagline: `Saves "abc" and it's fine`,
    description: "Stores a\\b paths, ^anchors, col:abc labels, abc* globs and NEAR(a b) notes.",
    categories: ["utilities"],
    tags: ["a or b"],
    createdAt: BASE + 53 * HOUR_MS,
  });
  // Never public: they must not show anywhere, though they match, are the most liked and paid.
  const pending = makeTool({
    name: "Widget Pending Secret Notion",
    tagline: "Builds dashboard components",
    status: "pending",
    categories: ["productivity", "design"],
    tags: ["components"],
    upvotesCount: 999,
    createdAt: BASE + 99 * HOUR_MS,
  });
  const rejected = makeTool({
    name: "Widget Rejected Secret Notion",
    tagline: "100% snake_case",
    status: "rejected",
    categories: ["productivity", "design"],
    upvotesCount: 998,
    createdAt: BASE + 98 * HOUR_MS,
  });
  catalogue.add(notion, ...widgets, ...timers, sponsor, organic, snake, quoted, pending, rejected);

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, catalogue.tools);
    catalogue.orders.push(
      { tool: sponsor, amountUsd: 299, paidAt: now - 10 * DAY_MS },
      { tool: widgets[19]!, amountUsd: 199, paidAt: now - 20 * DAY_MS },
      { tool: widgets[2]!, amountUsd: 99, paidAt: now - 30 * DAY_MS },
      { tool: widgets[9]!, amountUsd: 49, paidAt: now - 40 * DAY_MS },
      { tool: notion, amountUsd: 19, paidAt: now - 50 * DAY_MS },
      // Expired: not featured, not ranked first.
      { tool: widgets[14]!, amountUsd: 500, paidAt: now - 366 * DAY_MS },
      { tool: pending, amountUsd: 999, paidAt: now - DAY_MS },
      { tool: rejected, amountUsd: 999, paidAt: now - DAY_MS },
    );
    for (const order of catalogue.orders)
      await addPaidOrder(server.services, order.tool, order.amountUsd, order.paidAt);
  });

  describe("the prompt", () => {
    it("shows the search box and the six popular searches, each linking to its search", async () => {
      for (const path of ["/search", "/search/%20%20", "/search/%20"]) {
        const { res, html } = await getPage(server.url, path);
        expect(res.status, path).toBe(200);
        expect(headings(html, 1), path).toEqual(["Search tools"]);
        expect(html, path).toContain('name="q"');
        const chips = anchors(sectionLabelledBy(html, "popular-title")).map((a) => [a.text, a.attrs.href]);
        expect(chips, path).toEqual([
          ["AI tools", "/search/AI%20tools"],
          ["Project management", "/search/Project%20management"],
          ["Design software", "/search/Design%20software"],
          ["Analytics", "/search/Analytics"],
          ["Marketing automation", "/search/Marketing%20automation"],
          ["Code editors", "/search/Code%20editors"],
        ]);
        expect(hasSection(html, "results-title"), path).toBe(false);
      }
    });

    it("answers every chip with a results page", async () => {
      const { html } = await getPage(server.url, "/search");
      for (const { attrs } of anchors(sectionLabelledBy(html, "popular-title"))) {
        const page = await getPage(server.url, attrs.href!);
        expect(page.res.status, attrs.href).toBe(200);
        expect(resultCount(page.html), attrs.href).toMatch(/^\d+ results?$/);
      }
    });
  });

  describe("the search box's ?q=", () => {
    it("moves the term into the path with a 303", async () => {
      const { res } = await getPage(server.url, "/search?q=notion");
      expect(res.status).toBe(303);
      expect(locationOf(res, server.url)).toBe("/search/notion");
    });

    it("sends a blank term back to the prompt", async () => {
      for (const q of ["%20", "", "%20%20%09"]) {
        const { res } = await getPage(server.url, `/search?q=${q}`);
        expect(res.status, q).toBe(303);
        expect(locationOf(res, server.url), q).toBe("/search");
      }
    });

    it("URL-encodes the term in the path, and that path answers with the term", async () => {
      const { res } = await getPage(server.url, "/search?q=a%2Fb%3F");
      expect(res.status).toBe(303);
      expect(locationOf(res, server.url)).toBe("/search/a%2Fb%3F");
      const page = await getPage(server.url, "/search/a%2Fb%3F");
      expect(page.res.status).toBe(200);
      expect(headings(page.html, 1)).toEqual(["Results for a/b?"]);
      expect(page.html).toMatch(/<q>a\/b\?<\/q>/);
    });

    it("shows the term as the visitor typed it, in the heading, the box, the title and the page links, while matching ignores case", async () => {
      const { res } = await getPage(server.url, "/search?q=%20%20Widget%20%20MAKER%20");
      expect(locationOf(res, server.url)).toBe("/search/Widget%20%20MAKER");
      const page = await getPage(server.url, "/search/Widget%20%20MAKER");
      expect(page.res.status).toBe(200);
      expect(headings(page.html, 1)).toEqual(["Results for Widget MAKER"]);
      const box = startTags(page.html, "input").find((t) => t.attrs.id === "search-q");
      expect(box?.attrs.value).toBe("Widget MAKER");
      expect(titleOf(page.html)).toMatch(/^“Widget MAKER” — search — /);
      const pagination = element(page.html, "nav", (a) => a["aria-label"] === "Pagination", "pagination").inner;
      // Page 2's number, then Next.
      expect(anchors(pagination).map((a) => a.attrs.href)).toEqual([
        "/search/Widget%20MAKER?page=2",
        "/search/Widget%20MAKER?page=2",
      ]);
      expect(resultSlugs(page.html)).toEqual(resultSlugs((await getPage(server.url, "/search/widget%20maker")).html));
    });
  });

  describe("results", () => {
    it("shows the count, the cards in rank order and 20 per page with pagination", async () => {
      const expected = catalogue.search("widget", now).map((r) => r.slug);
      expect(expected).toHaveLength(25);
      // Featured first, by the price in force; the rest newest first.
      expect(expected.slice(0, 3)).toEqual([widgets[19]!.slug, widgets[2]!.slug, widgets[9]!.slug]);

      const first = await getPage(server.url, "/search/widget");
      expect(first.res.status).toBe(200);
      // Asked for again each time by browsers and proxies, so every search reaches the server and counts.
      expect(first.res.headers.get("cache-control")).toBe("no-cache");
      expect(headings(first.html, 1)).toEqual(["Results for widget"]);
      expect(first.html).toContain("<q>widget</q>");
      expect(resultCount(first.html)).toBe("25 results");
      expect(cards(sectionLabelledBy(first.html, "results-title"))).toHaveLength(PAGE_SIZE);
      expect(resultSlugs(first.html)).toEqual(expected.slice(0, PAGE_SIZE));
      const pagination = element(first.html, "nav", (a) => a["aria-label"] === "Pagination", "pagination").inner;
      expect(textOf(pagination)).toContain("Page 1 of 2");
      expect(anchors(pagination).map((a) => a.attrs.href)).toEqual(["/search/widget?page=2", "/search/widget?page=2"]);

      const second = await getPage(server.url, "/search/widget?page=2");
      expect(second.res.status).toBe(200);
      expect(resultCount(second.html)).toBe("25 results");
      expect(resultSlugs(second.html)).toEqual(expected.slice(PAGE_SIZE));
      const back = element(second.html, "nav", (a) => a["aria-label"] === "Pagination", "pagination").inner;
      expect(textOf(back)).toContain("Page 2 of 2");
      // Previous, then page 1's number; page 2's is no link but marked as the current page.
      expect(anchors(back).map((a) => a.attrs.href)).toEqual(["/search/widget", "/search/widget"]);
      expect(back).toMatch(/<span aria-current="page"[^>]*><span class="sr-only">Page <\/span>2<\/span>/);

      expect((await getPage(server.url, "/search/widget?page=3")).res.status).toBe(404);
      expect((await getPage(server.url, "/search/widget?page=abc")).res.status).toBe(301);
    });

    it("says '1 result' for one, and scores phrase, words and fields as the core rules do", async () => {
      const { html } = await getPage(server.url, "/search/Sponsor%20Suite");
      expect(resultCount(html)).toBe("1 result");
      expect(resultSlugs(html)).toEqual([sponsor.slug]);
      const api = await getJson<SearchJson>(server, "/api/v1/search?q=Sponsor%20Suite");
      expect(api.body.data.map((t) => ({ slug: t.slug, score: t.score }))).toEqual(
        catalogue.search("Sponsor Suite", now),
      );
    });

    it("shows up to 4 featured tools by featured price, and the 5 most liked public tools", async () => {
      const { html } = await getPage(server.url, "/search/notion");
      expect(toolSlugs(sectionLabelledBy(html, "featured-title"))).toEqual([
        sponsor.slug,
        widgets[19]!.slug,
        widgets[2]!.slug,
        widgets[9]!.slug,
      ]);
      const favourites = catalogue
        .mostLiked()
        .slice(0, 5)
        .map((t) => t.slug);
      expect(favourites).toEqual([notion.slug, sponsor.slug, timers[7]!.slug, timers[1]!.slug, timers[5]!.slug]);
      expect(toolSlugs(sectionLabelledBy(html, "favourites-title"))).toEqual(favourites);
    });

    it("shows up to 6 related tools sharing the top result's first category, most liked first, the top result left out", async () => {
      const { html } = await getPage(server.url, "/search/notion");
      expect(resultSlugs(html)).toEqual([notion.slug]);
      const related = catalogue
        .mostLiked(
          catalogue.tools.filter(
            (t) => catalogue.isPublic(t) && t.categories.includes("productivity") && t.id !== notion.id,
          ),
        )
        .slice(0, 6)
        .map((t) => t.slug);
      expect(related).toEqual([
        timers[7]!.slug,
        timers[1]!.slug,
        timers[5]!.slug,
        timers[3]!.slug,
        timers[6]!.slug,
        timers[2]!.slug,
      ]);
      expect(toolSlugs(sectionLabelledBy(html, "related-title"))).toEqual(related);

      // The top result of "widget" is a design tool: its related tools are the other design tools.
      const widgetPage = (await getPage(server.url, "/search/widget")).html;
      const top = catalogue.search("widget", now)[0]!.slug;
      const designRelated = catalogue
        .mostLiked(
          catalogue.tools.filter((t) => catalogue.isPublic(t) && t.categories.includes("design") && t.slug !== top),
        )
        .slice(0, 6)
        .map((t) => t.slug);
      expect(toolSlugs(sectionLabelledBy(widgetPage, "related-title"))).toEqual(designRelated);
      // Page 2 keeps the related tools of the overall top result.
      const page2 = (await getPage(server.url, "/search/widget?page=2")).html;
      expect(toolSlugs(sectionLabelledBy(page2, "related-title"))).toEqual(designRelated);
    });

    it("never shows pending or rejected tools, though they match, are liked most and paid", async () => {
      for (const path of [
        "/search/widget",
        "/search/widget?page=2",
        "/search/secret",
        "/search/notion",
        "/search/100%25",
        "/search/components",
      ]) {
        const { res, html } = await getPage(server.url, path);
        expect(res.status, path).toBe(200);
        for (const hidden of [pending, rejected]) {
          expect(html, path).not.toContain(hidden.name);
          expect(html, path).not.toContain(`/tool/${hidden.slug}`);
        }
      }
      const { html } = await getPage(server.url, "/search/secret");
      expect(resultCount(html)).toBe("0 results");
      const api = await getJson<SearchJson>(server, "/api/v1/search?q=secret");
      expect(api.body).toMatchObject({ data: [], total: 0 });
    });

    it("says when nothing matches, with links to browse and to submit", async () => {
      const { res, html } = await getPage(server.url, "/search/zzqxv%20wobblegong");
      expect(res.status).toBe(200);
      expect(resultCount(html)).toBe("0 results");
      const results = sectionLabelledBy(html, "results-title");
      expect(textOf(results)).toContain("No tools match your search.");
      expect(textOf(results)).not.toContain("Did you mean");
      const links = anchors(results).map((a) => [a.text, a.attrs.href]);
      expect(links).toContainEqual(["Browse all tools", "/browse/all"]);
      expect(links).toContainEqual(["submit a tool", "/submit"]);
      expect(cards(results)).toEqual([]);
    });

    it("offers 'Did you mean' for a typo of a tool's name", async () => {
      const { res, html } = await getPage(server.url, "/search/notoin");
      expect(res.status).toBe(200);
      const results = sectionLabelledBy(html, "results-title");
      expect(textOf(results)).toContain("No tools match your search.");
      expect(textOf(results)).toMatch(/Did you mean notion ?\?/);
      expect(anchors(results).find((a) => a.text === "notion")?.attrs.href).toBe("/search/notion");
      const api = await getJson<SearchJson>(server, "/api/v1/search?q=notoin");
      expect(api.body).toMatchObject({ total: 0, suggestion: "notion" });
    });

    it("refuses a term over 200 characters with a clear message, and takes one of 200", async () => {
      const long = "a".repeat(201);
      const { res, html } = await getPage(server.url, `/search/${long}`);
      expect(res.status).toBe(400);
      expect(textOf(html)).toContain("at most 200 characters");
      const api = await getJson<ErrorJson>(server, `/api/v1/search?q=${long}`);
      expect(api.res.status).toBe(400);
      expect(api.body.error.code).toBe("invalid-argument");
      expect(api.body.error.message).toContain("at most 200 characters");

      const ok = await getPage(server.url, `/search/${"a".repeat(200)}`);
      expect(ok.res.status).toBe(200);
      // Surrounding spaces are not part of the term.
      expect((await getPage(server.url, `/search/%20${"b".repeat(200)}%20%20`)).res.status).toBe(200);
    });
  });

  describe("hostile queries", () => {
    const HOSTILE = [
      `"`,
      `'`,
      `%`,
      `_`,
      `*`,
      `\\`,
      `a\\b`,
      `' OR 1=1 --`,
      `"; DROP TABLE tools; --`,
      `NEAR(`,
      `NEAR(a b)`,
      `"abc"`,
      `a OR b`,
      `a AND NOT b`,
      `col:abc`,
      `^abc`,
      `abc*`,
      `name:notion`,
      `{notion}`,
      `(`,
      `)`,
      `-notion`,
      `+`,
      `%%`,
      `__`,
      `\\%`,
      `\\_`,
      `NOT`,
      `OR`,
      `notion OR widget`,
      `<script>alert(1)</script>`,
      `😀 emoji`,
    ];

    it.each(HOSTILE)("answers %j on the page and the API like any text", async (q) => {
      const path = `/search/${encodeURIComponent(q)}`;
      const { res, html } = await getPage(server.url, path);
      expectNoLeak(res.status, html, path);
      expect(res.status, path).toBe(200);

      const apiPath = `/api/v1/search?q=${encodeURIComponent(q)}`;
      const api = await getJson<SearchJson>(server, apiPath);
      expectNoLeak(api.res.status, api.text, apiPath);
      expect(api.res.status, apiPath).toBe(200);
      // Taken literally: exactly what the core rules give over the public catalogue.
      const expected = catalogue.search(q, now);
      expect(api.body.total, apiPath).toBe(expected.length);
      expect(
        api.body.data.map((t) => ({ slug: t.slug, score: t.score })),
        apiPath,
      ).toEqual(expected.slice(0, PAGE_SIZE));
      expect(resultSlugs(html), path).toEqual(expected.slice(0, PAGE_SIZE).map((r) => r.slug));
      // Markup in the query is shown as text, never as markup.
      expect(html).not.toContain("<script>alert(1)</script>");
    });

    it("matches % and _ literally, on both engines", async () => {
      const percent = await getJson<SearchJson>(server, "/api/v1/search?q=%25");
      expect(percent.body.data.map((t) => t.slug)).toEqual([organic.slug]);
      const underscore = await getJson<SearchJson>(server, "/api/v1/search?q=_");
      expect(underscore.body.data.map((t) => t.slug)).toEqual([snake.slug]);
      expect(resultSlugs((await getPage(server.url, "/search/%25")).html)).toEqual([organic.slug]);
      expect(resultSlugs((await getPage(server.url, "/search/_")).html)).toEqual([snake.slug]);
      // A pattern of wildcards finds nothing rather than everything.
      expect((await getJson<SearchJson>(server, "/api/v1/search?q=%25%25")).body.total).toBe(0);
      expect((await getJson<SearchJson>(server, "/api/v1/search?q=_e_")).body.total).toBe(0);
      // Inside a word is not where a word starts (docs/design.md#rule-13); after "_" is.
      expect((await getJson<SearchJson>(server, "/api/v1/search?q=e_c")).body.total).toBe(0);
      expect((await getJson<SearchJson>(server, "/api/v1/search?q=_case")).body.data.map((t) => t.slug)).toEqual([
        snake.slug,
      ]);
      expect(
        (await getJson<SearchJson>(server, "/api/v1/search?q=case%20helper")).body.data.map((t) => t.slug),
      ).toEqual([snake.slug]);
      expect((await getJson<SearchJson>(server, "/api/v1/search?q=100%25%20o")).body.data[0]?.slug).toBe(organic.slug);
    });

    it("finds FTS and SQL syntax as plain text in a tool", async () => {
      for (const q of [`"abc"`, `a\\b`, `^anchors`, `col:abc`, `abc*`, `NEAR(a b)`, `it's`, `a or b`]) {
        const api = await getJson<SearchJson>(server, `/api/v1/search?q=${encodeURIComponent(q)}`);
        expect(api.res.status, q).toBe(200);
        expect(api.body.data[0]?.slug, q).toBe(quoted.slug);
      }
    });

    it("refuses a 10 KB query with a clear 400, on the page, the API and the search box", async () => {
      const huge = "abc ".repeat(2560);
      const page = await getPage(server.url, `/search/${encodeURIComponent(huge)}`);
      expectNoLeak(page.res.status, page.html, "page");
      expect(page.res.status).toBe(400);
      expect(textOf(page.html)).toContain("at most 200 characters");

      const api = await getJson<ErrorJson>(server, `/api/v1/search?q=${encodeURIComponent(huge)}`);
      expect(api.res.status).toBe(400);
      expect(api.body.error).toMatchObject({ code: "invalid-argument" });
      expect(api.body.error.message).toContain("at most 200 characters");

      const box = await getPage(server.url, `/search?q=${encodeURIComponent(huge)}`);
      expectNoLeak(box.res.status, box.html, "search box");
      if (box.res.status === 303) {
        const target = await getPage(server.url, locationOf(box.res, server.url)!);
        expect(target.res.status).toBe(400);
        expect(textOf(target.html)).toContain("at most 200 characters");
      } else {
        expect(box.res.status).toBe(400);
      }
    });

    it.each([
      "/search/%FF",
      "/search/%E0%A4%A",
      "/search/%C0%AF",
      "/search/%ED%A0%80",
      "/search/abc%",
      "/search?q=%FF",
      "/search?q=%E0%A4%A",
    ])("answers invalid UTF-8 or a broken escape in %s with 400 or results, never 500", async (path) => {
      const { res, html } = await getPage(server.url, path);
      expectNoLeak(res.status, html, path);
      expect([200, 303, 400], path).toContain(res.status);
      if (res.status === 400) expect(textOf(html), path).toMatch(/could not be read|at most|invalid/i);
      if (res.status === 303) {
        const next = await getPage(server.url, locationOf(res, server.url)!);
        expectNoLeak(next.res.status, next.html, `${path} → ${locationOf(res, server.url)}`);
        expect([200, 400]).toContain(next.res.status);
      }
    });

    it.each(["/api/v1/search?q=%FF", "/api/v1/search?q=%E0%A4%A", "/api/v1/search?q=abc%"])(
      "answers %s with 400 or results, never 500",
      async (path) => {
        const api = await getJson<SearchJson | ErrorJson>(server, path);
        expectNoLeak(api.res.status, api.text, path);
        expect([200, 400], path).toContain(api.res.status);
        expect(api.body, path).toBeDefined();
      },
    );
  });

  describe("a NUL character in the query (PostgreSQL text cannot hold it; SQLite FTS5 stops reading a query at it)", () => {
    it.each(["/search/%00", "/search/a%00b", "/search/notion%00"])(
      "answers the page %s with 400 or results, never 500",
      async (path) => {
        const { res, html } = await getPage(server.url, path);
        expectNoLeak(res.status, html, path);
        expect([200, 400], path).toContain(res.status);
      },
    );

    it.each(["/api/v1/search?q=%00", "/api/v1/search?q=a%00b", "/api/v1/search?q=notion%00"])(
      "answers %s with 400 invalid-argument or results, never 500",
      async (path) => {
        const api = await getJson<SearchJson | ErrorJson>(server, path);
        expectNoLeak(api.res.status, api.text, path);
        expect([200, 400], path).toContain(api.res.status);
        if (api.res.status === 400) expect((api.body as ErrorJson).error.code, path).toBe("invalid-argument");
      },
    );
  });

  describe("GET /api/v1/search", () => {
    it("returns the page's results: the same ids in the same order", async () => {
      for (const q of ["notion", "widget", "focus timer", "Builds"]) {
        for (const page of [1, 2]) {
          const api = await getJson<SearchJson>(server, `/api/v1/search?q=${encodeURIComponent(q)}&page=${page}`);
          const expected = catalogue.search(q, now);
          if (page > 1 && expected.length <= PAGE_SIZE) continue;
          expect(api.res.status, q).toBe(200);
          expect(api.body).toMatchObject({
            query: normalizeQuery(q),
            page,
            pageSize: PAGE_SIZE,
            total: expected.length,
            totalPages: Math.max(1, Math.ceil(expected.length / PAGE_SIZE)),
          });
          const html = (await getPage(server.url, `/search/${encodeURIComponent(q)}${page > 1 ? `?page=${page}` : ""}`))
            .html;
          const bySlug = new Map(catalogue.tools.map((t) => [t.slug, t.id]));
          expect(
            api.body.data.map((t) => t.id),
            `${q} page ${page}`,
          ).toEqual(resultSlugs(html).map((s) => bySlug.get(s)));
          expect(
            api.body.data.map((t) => t.slug),
            `${q} page ${page}`,
          ).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => r.slug));
        }
      }
      const featured = await getJson<SearchJson>(server, "/api/v1/search?q=widget");
      expect(featured.body.data.slice(0, 4).map((t) => t.isFeatured)).toEqual([true, true, true, false]);
    });

    it("refuses a missing or blank q and a malformed page with 400 invalid-argument", async () => {
      for (const path of ["/api/v1/search", "/api/v1/search?q=", "/api/v1/search?q=%20%20", "/api/v1/search?page=1"]) {
        const api = await getJson<ErrorJson>(server, path);
        expect(api.res.status, path).toBe(400);
        expect(api.body.error.code, path).toBe("invalid-argument");
        expect(api.body.error.message, path).toMatch(/q/);
      }
      for (const page of ["abc", "0", "-1", "1.5", ""]) {
        const path = `/api/v1/search?q=notion&page=${page}`;
        const api = await getJson<ErrorJson | SearchJson>(server, path);
        if (page === "") {
          expect(api.res.status, path).toBe(200);
          continue;
        }
        expect(api.res.status, path).toBe(400);
        expect((api.body as ErrorJson).error.code, path).toBe("invalid-argument");
        expect((api.body as ErrorJson).error.message, path).toContain("page");
      }
      const repeated = await getJson<ErrorJson>(server, "/api/v1/search?q=notion&page=1&page=2");
      expect(repeated.res.status).toBe(400);
    });

    it("answers a page past the end with an empty list", async () => {
      const api = await getJson<SearchJson>(server, "/api/v1/search?q=widget&page=9");
      expect(api.res.status).toBe(200);
      expect(api.body).toMatchObject({ data: [], total: 25, totalPages: 2, page: 9 });
    });
  });
});

describe("search-term tracking (docs/design.md#entities)", () => {
  let clock = Date.UTC(2026, 7, 1, 12);
  const testServer = useTestServer({ now: () => clock });
  let server: TestServer;
  const notion = makeTool({ name: "Notion", tagline: "Notes and docs", categories: ["productivity"], createdAt: BASE });
  const notionTools = makeTool({
    name: "Notion Tools Pack",
    tagline: "Templates",
    categories: ["productivity"],
    createdAt: BASE + 1,
  });
  const figma = makeTool({
    name: "Figma Plugins Hub",
    tagline: "Design plugins",
    categories: ["design"],
    createdAt: BASE + 2,
  });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [notion, notionTools, figma]);
  });

  const row = (term: string) =>
    server.services.database.db.selectFrom("search_terms").selectAll().where("term", "=", term).executeTakeFirst();
  const terms = async () =>
    (await server.services.database.db.selectFrom("search_terms").select("term").execute()).map((r) => r.term);

  /** Searches as the search page's box does: ?q= then the redirect. */
  async function searchFromBox(q: string, from?: "home") {
    const box = await getPage(server.url, `/search?${new URLSearchParams(from ? { from, q } : { q })}`);
    expect(box.res.status).toBe(303);
    const target = locationOf(box.res, server.url)!;
    const page = await getPage(server.url, target);
    expect(page.res.status, target).toBe(200);
    return { target, html: page.html };
  }

  /** Waits until a marker search is recorded, so earlier background writes have had their chance. */
  async function settle(marker: string) {
    await searchFromBox(marker);
    await expect
      .poll(async () => (await row(normalizeQuery(marker)))?.search_count ?? 0, { timeout: 5000 })
      .toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  it("counts a term from the search page once per search, keeping when it was first seen", async () => {
    const first = clock;
    const one = await searchFromBox("Notion Tools");
    expect(one.target).toBe("/search/Notion%20Tools");
    const shown = Number(/^(\d+) results?$/.exec(resultCount(one.html))![1]);
    expect(shown).toBeGreaterThan(0);
    await expect.poll(async () => (await row("notion tools"))?.search_count, { timeout: 5000 }).toBe(1);

    clock += 5 * 60 * 1000;
    await searchFromBox("  notion   TOOLS ");
    await expect.poll(async () => (await row("notion tools"))?.search_count, { timeout: 5000 }).toBe(2);
    const record = (await row("notion tools"))!;
    expect(record).toMatchObject({
      term: "notion tools",
      search_count: 2,
      created_at: first,
      last_searched: clock,
      source: null,
      result_count: shown,
    });
  });

  it("counts a search the page cache answers, and one a client-side navigation makes through the data URL", async () => {
    const rendered = await getPage(server.url, "/search/figma");
    expect(rendered.res.headers.get("x-cache")).toBe("MISS");
    await expect.poll(async () => (await row("figma"))?.search_count, { timeout: 5000 }).toBe(1);
    const stored = await getPage(server.url, "/search/figma");
    expect(stored.res.headers.get("x-cache")).toBe("HIT");
    expect(resultSlugs(stored.html)).toEqual(resultSlugs(rendered.html));
    await expect.poll(async () => (await row("figma"))?.search_count, { timeout: 5000 }).toBe(2);
    const data = await fetch(`${server.url}/search/Figma.data`, {
      headers: { "user-agent": "Mozilla/5.0 Chrome/130" },
    });
    expect(data.status).toBe(200);
    await expect.poll(async () => (await row("figma"))?.search_count, { timeout: 5000 }).toBe(3);
    // Other pages, other pages of results and other methods are not searches.
    for (const path of ["/search/figma?page=2", "/searching/figma", "/browse/all"]) await fetch(`${server.url}${path}`);
    await settle("marker zero");
    expect((await row("figma"))!.search_count).toBe(3);
  });

  it("records a search from the home page's box with the source 'homepage'", async () => {
    const { target } = await searchFromBox("Figma Plugins", "home");
    expect(target).toBe("/search/Figma%20Plugins?src=home");
    await expect.poll(async () => (await row("figma plugins"))?.source, { timeout: 5000 }).toBe("homepage");
    expect((await row("figma plugins"))!.search_count).toBe(1);
  });

  it("does not record 1-character or blank terms", async () => {
    const before = await terms();
    for (const path of ["/search/x", "/search/%20x%20", "/search/%20%20", "/search"]) {
      expect((await getPage(server.url, path)).res.status, path).toBe(200);
    }
    await settle("marker one");
    expect((await terms()).filter((t) => !before.includes(t))).toEqual(["marker one"]);
  });

  it("stops counting one client's repeats of a term past the limit, while still answering", async () => {
    const limit = server.services.config.rateLimits.searchTracking.points;
    expect(limit).toBe(3);
    for (let i = 0; i < limit + 3; i++) {
      const page = await getPage(server.url, "/search/notion");
      expect(page.res.status).toBe(200);
      expect(resultSlugs(page.html)).toContain(notion.slug);
    }
    await expect.poll(async () => (await row("notion"))?.search_count, { timeout: 5000 }).toBe(limit);
    await settle("marker two");
    expect((await row("notion"))!.search_count).toBe(limit);
    // Another term by the same client is still counted.
    await searchFromBox("notion pack");
    await expect.poll(async () => (await row("notion pack"))?.search_count, { timeout: 5000 }).toBe(1);
  });
});

describe("search-term tracking under a flood of new terms (docs/decisions/018)", () => {
  let clock = Date.UTC(2026, 8, 1, 12);
  const testServer = useTestServer({
    now: () => clock,
    configure: (config) => {
      config.trustProxy = "loopback";
      config.rateLimits.searchNewTerm = { points: 10, durationSec: 3600 };
    },
  });
  const db = () => testServer().services.database.db;
  const count = async (like: string) =>
    Number(
      (
        await db()
          .selectFrom("search_terms")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("term", "like", like)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const visit = (path: string, from: string) =>
    getPage(testServer().url, path, { headers: { "X-Forwarded-For": from } });

  it("adds at most a few new terms per address (any site can make its visitors' browsers search), and still counts known ones", async () => {
    const server = testServer();
    for (let i = 0; i < 40; i++) expect((await visit(`/search/flood${i}zz`, "203.0.113.50")).res.status).toBe(200);
    // Another address's search, recorded after the flood's, says when the background writes are done.
    await visit("/search/floodmarker", "203.0.113.51");
    await expect.poll(() => count("floodmarker"), { timeout: 5000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count("flood%zz")).toBe(10);
    // A term already known is counted for the flooding address too.
    await visit("/search/floodmarker", "203.0.113.50");
    await expect
      .poll(
        async () =>
          (
            await db()
              .selectFrom("search_terms")
              .select("search_count")
              .where("term", "=", "floodmarker")
              .executeTakeFirst()
          )?.search_count,
        { timeout: 5000 },
      )
      .toBe(2);
    expect(server.services.config.rateLimits.searchNewTerm.points).toBe(10);
  });

  it("counts a stored search page once per visitor behind the proxy, each visitor up to the per-visitor limit", async () => {
    const server = testServer();
    const limit = server.services.config.rateLimits.searchTracking.points;
    const seen = new Set<string | null>();
    for (const visitor of ["203.0.113.70", "203.0.113.71", "203.0.113.72"]) {
      for (let i = 0; i < limit + 2; i++)
        seen.add((await visit("/search/proxied", visitor)).res.headers.get("x-cache"));
    }
    expect(seen).toEqual(new Set(["MISS", "HIT"]));
    await expect
      .poll(
        async () =>
          (
            await db()
              .selectFrom("search_terms")
              .select("search_count")
              .where("term", "=", "proxied")
              .executeTakeFirst()
          )?.search_count,
        { timeout: 5000 },
      )
      .toBe(3 * limit);
  });

  it("forgets terms searched once when 30 days have passed, by the scheduled job, and keeps the ones searched again", async () => {
    const { database } = testServer().services;
    const old = clock;
    await db()
      .insertInto("search_terms")
      .values([
        {
          term: "one-off old",
          search_count: 1,
          last_searched: old - 31 * DAY_MS,
          created_at: old - 31 * DAY_MS,
          source: null,
          result_count: 0,
        },
        {
          term: "popular old",
          search_count: 7,
          last_searched: old - 31 * DAY_MS,
          created_at: old - 40 * DAY_MS,
          source: null,
          result_count: 3,
        },
        {
          term: "one-off new",
          search_count: 1,
          last_searched: old - 29 * DAY_MS,
          created_at: old - 29 * DAY_MS,
          source: null,
          result_count: 0,
        },
      ])
      .execute();
    expect(await pruneOneOffTerms(database, clock)).toBe(1);
    const left = (
      await db()
        .selectFrom("search_terms")
        .select("term")
        .where("term", "in", ["one-off old", "popular old", "one-off new"])
        .execute()
    ).map((r) => r.term);
    expect(left.sort()).toEqual(["one-off new", "popular old"]);
    // Searches do not prune: the scheduled job does, and records what it forgot.
    clock += 2 * 60 * 60 * 1000;
    await db()
      .updateTable("search_terms")
      .set({ last_searched: clock - 31 * DAY_MS })
      .where("term", "=", "one-off new")
      .execute();
    await visit("/search/prunetrigger", "203.0.113.60");
    await expect.poll(() => count("prunetrigger"), { timeout: 5000 }).toBe(1);
    expect(await count("one-off new")).toBe(1);
    const outcome = await testServer().services.scheduler.run("search-terms-prune");
    expect(outcome.kind === "finished" && [outcome.run.status, outcome.run.summary]).toEqual([
      "succeeded",
      { forgotten: 1 },
    ]);
    expect(await count("one-off new")).toBe(0);
    expect(await count("popular old")).toBe(1);
    expect(await count("prunetrigger")).toBe(1);
  });
});

describe("search when tracking cannot be written", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const tool = makeTool({
    name: "Resilient Notes",
    tagline: "Never down",
    categories: ["productivity"],
    createdAt: BASE,
  });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [tool]);
    await server.services.database.db.schema.dropTable("search_terms").execute();
  });

  it("still answers with results", async () => {
    for (let i = 0; i < 3; i++) {
      const { res, html } = await getPage(server.url, "/search/resilient%20notes");
      expect(res.status).toBe(200);
      expect(resultCount(html)).toBe("1 result");
      expect(resultSlugs(html)).toEqual([tool.slug]);
    }
    const box = await getPage(server.url, "/search?q=resilient&from=home");
    expect(box.res.status).toBe(303);
    const page = await getPage(server.url, locationOf(box.res, server.url)!);
    expect(page.res.status).toBe(200);
    expect(resultSlugs(page.html)).toEqual([tool.slug]);
    // The server is still healthy afterwards.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe("search results with filters and sort", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const hour = (n: number) => BASE + n * HOUR_MS;
  const alpha = makeTool({
    name: "Zeta Boards",
    tagline: "Kanban boards",
    pricingModel: "Free",
    platforms: ["Web"],
    createdAt: hour(1),
  });
  const bravo = makeTool({
    name: "Alpha Boards",
    tagline: "Team boards",
    pricingModel: "Paid",
    platforms: ["Web", "macOS"],
    createdAt: hour(2),
  });
  const charlie = makeTool({
    name: "Mid Boards",
    tagline: "Boards on the desktop",
    pricingModel: "Free",
    platforms: ["Windows"],
    createdAt: hour(3),
  });
  const elsewhere = makeTool({
    name: "Unrelated Editor",
    tagline: "Edits text",
    pricingModel: "Free",
    platforms: ["Web"],
    createdAt: hour(4),
  });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [alpha, bravo, charlie, elsewhere]);
  });

  async function page(path: string) {
    const { res, html } = await getPage(server.url, path);
    expect(res.status, path).toBe(200);
    const form = element(html, "form", (a) => a["aria-label"] === "Filters", "filter form");
    const counts = Object.fromEntries(
      elements(form.inner, "li").map((li) => {
        const input = startTags(li.inner, "input")[0]!.attrs;
        return [`${input.name}=${input.value}`, Number(/(\d+)$/.exec(textOf(li.inner))![1])];
      }),
    );
    return { html, slugs: resultSlugs(html), count: resultCount(html), form, counts };
  }

  it("narrows the matches by pricing and platform, and counts each option among them", async () => {
    const all = await page("/search/boards");
    expect(new Set(all.slugs)).toEqual(new Set([alpha.slug, bravo.slug, charlie.slug]));
    expect(all.counts["pricing=free"]).toBe(2);
    expect(all.counts["pricing=paid"]).toBe(1);
    expect(all.counts["platform=web"]).toBe(2);
    expect(all.form.attrs.action).toBe("/search/boards");

    const free = await page("/search/boards?pricing=free");
    expect(new Set(free.slugs)).toEqual(new Set([alpha.slug, charlie.slug]));
    expect(free.count).toBe("2 results");
    // Platforms counted among the free matches.
    expect(free.counts["platform=web"]).toBe(1);
    expect(free.counts["platform=windows"]).toBe(1);
    expect(
      anchors(free.html)
        .filter((a) => a.text.startsWith("Remove filter: ") || a.text === "Clear all")
        .map((a) => [a.text, a.attrs.href]),
    ).toEqual([
      ["Remove filter: Free", "/search/boards"],
      ["Clear all", "/search/boards"],
    ]);

    const freeWeb = await page("/search/boards?pricing=free&platform=web");
    expect(freeWeb.slugs).toEqual([alpha.slug]);
  });

  it("sorts the matches by name or newest first", async () => {
    expect((await page("/search/boards?sort=name")).slugs).toEqual([bravo.slug, charlie.slug, alpha.slug]);
    expect((await page("/search/boards?sort=recent")).slugs).toEqual([charlie.slug, bravo.slug, alpha.slug]);
    expect((await page("/search/boards?sort=name&pricing=free")).slugs).toEqual([charlie.slug, alpha.slug]);
  });

  it("gives each choice one address: the form's repeated boxes and default sort, an unknown sort", async () => {
    for (const [from, to] of [
      ["/search/boards?sort=relevance&pricing=free&pricing=paid", "/search/boards?pricing=free,paid"],
      ["/search/boards?pricing=free&sort=name", "/search/boards?sort=name&pricing=free"],
      ["/search/boards?sort=shuffle", "/search/boards"],
      ["/search?q=boards&pricing=free&sort=recent", "/search/boards?sort=recent&pricing=free"],
    ] as const) {
      const res = await fetch(`${server.url}${from}`, { redirect: "manual" });
      expect([301, 303], from).toContain(res.status);
      expect(locationOf(res, server.url), from).toBe(to);
    }
  });
});
