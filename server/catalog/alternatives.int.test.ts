import { beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import {
  anchors,
  breadcrumb,
  element,
  elements,
  getPage,
  headings,
  jsonLd,
  linkHrefs,
  locationOf,
  metaContent,
  textOf,
  titleOf,
  toolSlugs,
} from "../../tests/support/html.ts";
import { useTestServer, type TestServer, type TestServerOptions } from "../../tests/support/server.ts";
import { changeCatalog } from "./change.ts";
import { setToolStatus, updateToolRow } from "./write.ts";

// "Alternatives to X" (docs/decisions/029): the public tools sharing a category or a tag with a
// tool, scored 4 per category, 2 per tag (lower-cased), 1 per platform and 1 for the same pricing
// model, highest first, then newest, then the date order's tie-break (id descending). The
// catalogues are small and every tool's score is worked out by hand, so each order is exact.

const HOUR_MS = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 5, 1);
const SITE = "https://shelf.example.org";
const SITE_NAME = "Shelf Test";

const configure: TestServerOptions = {
  configure: (config) => {
    config.siteUrl = SITE;
    config.siteName = SITE_NAME;
  },
};

interface Shares {
  categories: string[];
  tags: string[];
  platforms: string[];
  pricingModel: string | null;
}
interface Alternatives {
  tool: { id: string; slug: string; name: string };
  data: ({ id: string; slug: string; name: string } & Record<string, unknown> & { shares: Shares })[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

async function getJson<T>(server: TestServer, path: string): Promise<{ res: Response; body: T }> {
  const res = await fetch(`${server.url}${path}`);
  return { res, body: (await res.json()) as T };
}

/** An alternatives page that must answer 200: its list as shown (slug, name, "In common:" line) and its head. */
async function alternativesPage(server: TestServer, path: string, toolName: string) {
  const { res, html } = await getPage(server.url, path);
  expect(res.status, path).toBe(200);
  const lists = elements(html, "ol", (a) => a["aria-label"] === `Alternatives to ${toolName}`);
  const items = (lists[0] ? elements(lists[0].inner, "li") : []).map((li) => {
    const inCommon = elements(li.inner, "p")
      .map((p) => textOf(p.inner))
      .filter((t) => t.startsWith("In common:"));
    expect(inCommon, textOf(li.inner)).toHaveLength(1);
    return { slug: toolSlugs(li.inner)[0], name: headings(li.inner, 2)[0], inCommon: inCommon[0] };
  });
  const itemList = jsonLd(html).filter((d) => (d as { "@type"?: string })["@type"] === "ItemList");
  return { html, lists: lists.length, items, itemList };
}

/** The page's text as read, no space left before a comma or full stop (where an element ended). */
const sentences = (html: string) => textOf(html).replace(/\s+([,.])/g, "$1");

async function expectNotFound(server: TestServer, path: string, message: string) {
  const { res, html } = await getPage(server.url, path);
  expect(res.status, path).toBe(404);
  expect(titleOf(html), path).toBe(`Page Not Found — ${SITE_NAME}`);
  expect(metaContent(html, "robots"), path).toContain("noindex");
  expect(textOf(html), path).toContain(message);
  expect(
    jsonLd(html).some((d) => (d as { "@type"?: string })["@type"] === "ItemList"),
    path,
  ).toBe(false);
}

async function expectApiNotFound(server: TestServer, path: string) {
  const { res, body } = await getJson<{ error: { code: string; message: string } }>(server, path);
  expect(res.status, path).toBe(404);
  expect(body, path).toEqual({ error: { code: "not-found", message: expect.any(String) } });
}

describe("alternatives to a tool", () => {
  const testServer = useTestServer(configure);
  let server: TestServer;
  const at = (hours: number) => BASE + hours * HOUR_MS;

  const source = makeTool({
    name: "Source & Notes",
    tagline: "Notes for everything",
    categories: ["productivity", "design"],
    tags: ["Note-Taking", "wiki", "markdown"],
    platforms: ["Web", "macOS", "iOS"],
    pricingModel: "Freemium",
    createdAt: at(0),
  });
  // 2 categories (8) + "note-taking" written in another case (2) + Web and iOS (2) + Freemium (1) = 13.
  const twin = makeTool({
    name: "Alt Twin",
    categories: ["design", "productivity"],
    tags: ["note-taking", "kanban"],
    platforms: ["iOS", "Web", "Linux"],
    pricingModel: "Freemium",
    createdAt: at(1),
  });
  // No category; "WIKI" and "Markdown" (4) + iOS (1) + Freemium (1) = 6.
  const tagged = makeTool({
    name: "Alt Tags",
    categories: ["finance"],
    tags: ["Diagrams", "WIKI", "Markdown"],
    platforms: ["iOS"],
    pricingModel: "Freemium",
    createdAt: at(2),
  });
  // Design (4) + macOS (1); no pricing model matches none = 5.
  const design = makeTool({
    name: "Alt Design",
    categories: ["design"],
    tags: ["vector"],
    platforms: ["macOS"],
    pricingModel: null,
    createdAt: at(3),
  });
  // Four tools scoring 4: newest first, and the two added at the same time by id, descending
  // (their names and the order they are stored in say otherwise).
  const oldFour = makeTool({
    name: "Alt Old Four",
    categories: ["productivity"],
    tags: [],
    platforms: ["Android"],
    pricingModel: "Paid",
    createdAt: at(4),
  });
  const sameZed = makeTool({
    id: "sametime0000000000aa",
    name: "Same Time Zed",
    categories: ["health"],
    tags: ["wiki", "markdown"],
    platforms: [],
    pricingModel: "Paid",
    createdAt: at(5),
  });
  const sameAnt = makeTool({
    id: "sametime0000000000zz",
    name: "Same Time Ant",
    categories: ["health"],
    tags: ["wiki", "markdown"],
    platforms: [],
    pricingModel: "Paid",
    createdAt: at(5),
  });
  const newFour = makeTool({
    name: "Alt New Four",
    categories: ["design"],
    tags: ["vector"],
    platforms: ["Linux"],
    pricingModel: null,
    createdAt: at(6),
  });
  // Shares every platform and the pricing model but no category or tag: no alternative.
  const justPlatforms = makeTool({
    name: "Just Platforms",
    categories: ["finance"],
    tags: ["budget"],
    platforms: ["Web", "macOS", "iOS"],
    pricingModel: "Freemium",
    createdAt: at(8),
  });
  const pending = makeTool({
    name: "Alt Pending",
    status: "pending",
    categories: ["productivity", "design"],
    tags: ["note-taking", "wiki"],
    platforms: ["Web", "macOS", "iOS"],
    pricingModel: "Freemium",
    createdAt: at(9),
  });
  const rejected = makeTool({
    name: "Alt Rejected",
    status: "rejected",
    categories: ["productivity", "design"],
    tags: ["note-taking", "wiki"],
    pricingModel: "Freemium",
    createdAt: at(10),
  });
  const unrelated = makeTool({
    name: "Unrelated Gym",
    categories: ["health"],
    tags: ["fitness"],
    platforms: ["Android"],
    pricingModel: "Paid",
    createdAt: at(11),
  });
  const lonely = makeTool({
    name: "Lonely Arcade",
    categories: ["entertainment"],
    tags: ["retro-games"],
    platforms: ["Web", "macOS", "iOS"],
    pricingModel: "Freemium",
    createdAt: at(12),
  });

  const expected = [
    {
      tool: twin,
      shares: {
        categories: ["productivity", "design"],
        tags: ["note-taking"],
        platforms: ["Web", "iOS"],
        pricingModel: "Freemium",
      },
      inCommon: "Productivity, Design, note-taking, Web, iOS, Freemium",
    },
    {
      tool: tagged,
      shares: { categories: [], tags: ["wiki", "markdown"], platforms: ["iOS"], pricingModel: "Freemium" },
      inCommon: "wiki, markdown, iOS, Freemium",
    },
    {
      tool: design,
      shares: { categories: ["design"], tags: [], platforms: ["macOS"], pricingModel: null },
      inCommon: "Design, macOS",
    },
    {
      tool: newFour,
      shares: { categories: ["design"], tags: [], platforms: [], pricingModel: null },
      inCommon: "Design",
    },
    {
      tool: sameAnt,
      shares: { categories: [], tags: ["wiki", "markdown"], platforms: [], pricingModel: null },
      inCommon: "wiki, markdown",
    },
    {
      tool: sameZed,
      shares: { categories: [], tags: ["wiki", "markdown"], platforms: [], pricingModel: null },
      inCommon: "wiki, markdown",
    },
    {
      tool: oldFour,
      shares: { categories: ["productivity"], tags: [], platforms: [], pricingModel: null },
      inCommon: "Productivity",
    },
  ];
  const path = "/alternatives/source-notes";

  beforeAll(async () => {
    server = testServer();
    expect(source.slug).toBe("source-notes");
    // Stored in no particular order: the order shown comes from the scores and dates alone.
    await addTools(server.services, [
      lonely,
      sameZed,
      twin,
      pending,
      oldFour,
      source,
      justPlatforms,
      sameAnt,
      tagged,
      rejected,
      design,
      unrelated,
      newFour,
    ]);
  });

  describe("the page", () => {
    it("lists the tools sharing a category or a tag, highest score first, then newest, then id descending", async () => {
      const page = await alternativesPage(server, path, source.name);
      expect(page.lists).toBe(1);
      expect(page.items.map((i) => i.slug)).toEqual(expected.map((e) => e.tool.slug));
      expect(page.items.map((i) => i.name)).toEqual(expected.map((e) => e.tool.name));
      const shown = new Set(page.items.map((i) => i.slug));
      expect(shown.has(source.slug)).toBe(false);
      for (const left of [justPlatforms, pending, rejected, unrelated, lonely]) {
        expect(shown.has(left.slug), left.name).toBe(false);
        expect(page.html, left.name).not.toContain(`/tool/${left.slug}"`);
      }
    });

    it("says under each tool what it has in common: category names, tags (lower-cased), platforms and pricing model", async () => {
      const page = await alternativesPage(server, path, source.name);
      expect(page.items.map((i) => i.inCommon)).toEqual(expected.map((e) => `In common: ${e.inCommon}`));
    });

    it("has the title, heading, count, breadcrumb, description and canonical link of the tool's alternatives", async () => {
      const { html } = await alternativesPage(server, path, source.name);
      expect(titleOf(html)).toBe(`Alternatives to Source & Notes — ${SITE_NAME}`);
      expect(headings(html, 1)).toEqual(["Alternatives to Source & Notes"]);
      expect(sentences(html)).toContain("7 tools share a category or a tag with Source & Notes, the closest first.");
      expect(breadcrumb(html)).toEqual([
        { label: "Home", href: "/" },
        { label: "Source & Notes", href: "/tool/source-notes" },
        { label: "Alternatives", href: null },
      ]);
      expect(metaContent(html, "description")).toBe(
        "7 tools like Source & Notes (Notes for everything), with what each has in common with it.",
      );
      expect(linkHrefs(html, "canonical")).toEqual([`${SITE}${path}`]);
      expect(metaContent(html, "robots") ?? "").not.toContain("noindex");
      // One page only: no pages to link to.
      expect(linkHrefs(html, "prev")).toEqual([]);
      expect(linkHrefs(html, "next")).toEqual([]);
      expect(elements(html, "nav", (a) => a["aria-label"] === "Pagination")).toEqual([]);
    });

    it("describes the list as a schema.org ItemList in the order shown", async () => {
      const { itemList } = await alternativesPage(server, path, source.name);
      expect(itemList).toEqual([
        {
          "@context": "https://schema.org",
          "@type": "ItemList",
          name: "Alternatives to Source & Notes",
          url: `${SITE}${path}`,
          itemListElement: expected.map((e, i) => ({
            "@type": "ListItem",
            position: i + 1,
            name: e.tool.name,
            url: `${SITE}/tool/${e.tool.slug}`,
          })),
        },
      ]);
    });

    it("finds a tool's alternatives whichever side of a shared category it is on, never by platform or price alone", async () => {
      // Just Platforms shares only Finance with Alt Tags (and three platforms and its price with the source).
      const page = await alternativesPage(server, `/alternatives/${justPlatforms.slug}`, justPlatforms.name);
      expect(page.items).toEqual([
        { slug: tagged.slug, name: tagged.name, inCommon: "In common: Finance, iOS, Freemium" },
      ]);
      expect(sentences(page.html)).toContain(
        "1 tool shares a category or a tag with Just Platforms, the closest first.",
      );
      expect(metaContent(page.html, "description")).toBe(
        `1 tool like Just Platforms (${justPlatforms.tagline}), with what each has in common with it.`,
      );
    });

    it("says so when no tool is like it, with a link to all tools", async () => {
      const page = await alternativesPage(server, `/alternatives/${lonely.slug}`, lonely.name);
      expect(page.lists).toBe(0);
      expect(page.items).toEqual([]);
      expect(sentences(page.html)).toContain("No tool is like Lonely Arcade yet.");
      expect(
        anchors(element(page.html, "main", () => true, "main").inner)
          .filter((a) => a.text === "Browse all tools")
          .map((a) => a.attrs.href),
      ).toEqual(["/browse/all"]);
      expect(linkHrefs(page.html, "canonical")).toEqual([`${SITE}/alternatives/${lonely.slug}`]);
      expect(page.itemList.flatMap((list) => (list as { itemListElement: unknown[] }).itemListElement)).toEqual([]);
      await expectNotFound(server, `/alternatives/${lonely.slug}?page=2`, "There is no such page.");
    });

    it("moves (301) the tool's id, page 1 and a malformed page to the canonical address", async () => {
      const moves: [string, string][] = [
        [`/alternatives/${source.id}`, path],
        [`${path}?page=1`, path],
        [`/alternatives/${source.id}?page=1`, path],
        ...["0", "-1", "1.5", "abc", "01", "2x"].map((p): [string, string] => [`${path}?page=${p}`, path]),
      ];
      for (const [from, to] of moves) {
        const { res } = await getPage(server.url, from);
        expect(res.status, from).toBe(301);
        expect(locationOf(res, server.url), from).toBe(to);
      }
    });

    it("answers 404 for an unknown tool, a tool that is not public, and a page past the end", async () => {
      for (const key of ["no-such-tool", pending.slug, pending.id, rejected.slug, rejected.id]) {
        await expectNotFound(server, `/alternatives/${key}`, "No public tool has that address.");
      }
      // A NUL names no tool: refused before any route, as everywhere on the site.
      expect((await getPage(server.url, "/alternatives/%00")).res.status).toBe(400);
      await expectNotFound(server, `${path}?page=2`, "There is no such page.");
      await expectNotFound(server, `${path}?page=9999999`, "There is no such page.");
    });

    it("is linked from a public tool's page, and not from a pending tool's", async () => {
      const tool = await getPage(server.url, `/tool/${source.slug}`);
      expect(tool.res.status).toBe(200);
      expect(anchors(tool.html).filter((a) => a.text.startsWith("Alternatives to"))).toEqual([
        { attrs: expect.objectContaining({ href: path }), text: "Alternatives to Source & Notes" },
      ]);
      // A tool nothing is like yet still links to its (empty) page, as the sitemap lists it.
      const alone = await getPage(server.url, `/tool/${lonely.slug}`);
      expect(
        anchors(alone.html)
          .filter((a) => a.text === "Alternatives to Lonely Arcade")
          .map((a) => a.attrs.href),
      ).toEqual([`/alternatives/${lonely.slug}`]);

      const waiting = await getPage(server.url, `/tool/${pending.slug}`);
      expect(waiting.res.status).toBe(200);
      expect(headings(waiting.html, 1)).toEqual([pending.name]);
      expect(
        anchors(waiting.html).filter(
          (a) => a.text.startsWith("Alternatives to") || (a.attrs.href ?? "").startsWith("/alternatives/"),
        ),
      ).toEqual([]);
    });
  });

  describe("the JSON API", () => {
    const apiPath = "/api/v1/tools/source-notes/alternatives";

    it("answers the tool, the alternatives in order with what each shares, and the page", async () => {
      const { res, body } = await getJson<Alternatives>(server, apiPath);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(body.tool).toEqual({ id: source.id, slug: source.slug, name: source.name });
      expect({ page: body.page, pageSize: body.pageSize, total: body.total, totalPages: body.totalPages }).toEqual({
        page: 1,
        pageSize: 24,
        total: 7,
        totalPages: 1,
      });
      expect(body.data.map((t) => t.slug)).toEqual(expected.map((e) => e.tool.slug));
      expect(body.data.map((t) => t.shares)).toEqual(expected.map((e) => e.shares));
      // Each is the list's tool summary, with its shares.
      expect(body.data[0]).toEqual({
        id: twin.id,
        slug: twin.slug,
        name: twin.name,
        tagline: twin.tagline,
        websiteUrl: twin.websiteUrl,
        logoUrl: null,
        url: `${SITE}/tool/${twin.slug}`,
        categories: ["design", "productivity"],
        pricingModel: "Freemium",
        upvotesCount: 0,
        isFeatured: false,
        sponsored: false,
        featuredPrice: 0,
        featuredUntil: null,
        createdAt: new Date(twin.createdAt).toISOString(),
        lifecycle: "active",
        shares: expected[0]!.shares,
      });
    });

    it("takes the tool's id as well as its slug", async () => {
      const bySlug = await getJson<Alternatives>(server, apiPath);
      const byId = await getJson<Alternatives>(server, `/api/v1/tools/${source.id}/alternatives`);
      expect(byId.res.status).toBe(200);
      expect(byId.body).toEqual(bySlug.body);
    });

    it("shares no pricing model between two tools that have none", async () => {
      const { body } = await getJson<Alternatives>(server, `/api/v1/tools/${newFour.slug}/alternatives`);
      // Alt Design: Design and "vector" (6); Alt Twin: Design and Linux (5); the source: Design (4).
      expect(body.data.map((t) => t.slug)).toEqual([design.slug, twin.slug, source.slug]);
      expect(body.data[0]!.shares).toEqual({
        categories: ["design"],
        tags: ["vector"],
        platforms: [],
        pricingModel: null,
      });
    });

    it("answers an empty list for a tool nothing is like, and past the last page, as the tool list does", async () => {
      const alone = await getJson<Alternatives>(server, `/api/v1/tools/${lonely.slug}/alternatives`);
      expect(alone.res.status).toBe(200);
      expect(alone.body).toMatchObject({ data: [], page: 1, pageSize: 24, total: 0, totalPages: 1 });
      const beyond = await getJson<Alternatives>(server, `${apiPath}?page=2`);
      expect(beyond.res.status).toBe(200);
      expect(beyond.body).toMatchObject({ data: [], page: 2, total: 7, totalPages: 1 });
    });

    it("answers 404 not-found for an unknown tool and one that is not public", async () => {
      for (const key of ["no-such-tool", pending.slug, pending.id, rejected.slug, rejected.id]) {
        await expectApiNotFound(server, `/api/v1/tools/${key}/alternatives`);
      }
      expect((await fetch(`${server.url}/api/v1/tools/%00/alternatives`)).status).toBe(400);
    });

    it("refuses a bad page with 400 invalid-argument", async () => {
      for (const query of ["page=0", "page=-1", "page=1.5", "page=abc", "page=01", "page=1&page=2"]) {
        const { res, body } = await getJson<{ error: { code: string; message: string } }>(
          server,
          `${apiPath}?${query}`,
        );
        expect(res.status, query).toBe(400);
        expect(body, query).toEqual({ error: { code: "invalid-argument", message: expect.any(String) } });
      }
    });
  });
});

describe("alternatives over more than one page", () => {
  const testServer = useTestServer(configure);
  let server: TestServer;
  const source = makeTool({
    name: "Paged Source",
    categories: ["utilities"],
    tags: ["paging"],
    platforms: ["Web"],
    pricingModel: "Free",
    createdAt: BASE,
  });
  // 30 alternatives: Paged 01–03 also share the tag (8 points), the others the category, Web and Free (6).
  const others = Array.from({ length: 30 }, (_, i) =>
    makeTool({
      name: `Paged ${String(i + 1).padStart(2, "0")}`,
      categories: ["utilities"],
      tags: i < 3 ? ["Paging"] : [],
      platforms: ["Web"],
      pricingModel: "Free",
      createdAt: BASE + (i + 1) * HOUR_MS,
    }),
  );
  const order = [others[2]!, others[1]!, others[0]!, ...others.slice(3).reverse()];
  const path = "/alternatives/paged-source";

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [source, ...others]);
  });

  it("shows 24 a page, the rest on page 2, linked both ways", async () => {
    const first = await alternativesPage(server, path, source.name);
    expect(first.items.map((i) => i.slug)).toEqual(order.slice(0, 24).map((t) => t.slug));
    expect(first.items[0]!.inCommon).toBe("In common: Utilities, paging, Web, Free");
    expect(first.items[3]!.inCommon).toBe("In common: Utilities, Web, Free");
    expect(titleOf(first.html)).toBe(`Alternatives to Paged Source — ${SITE_NAME}`);
    expect(metaContent(first.html, "description")).toBe(
      `30 tools like Paged Source (${source.tagline}), with what each has in common with it.`,
    );
    expect(linkHrefs(first.html, "canonical")).toEqual([`${SITE}${path}`]);
    expect(linkHrefs(first.html, "prev")).toEqual([]);
    expect(linkHrefs(first.html, "next")).toEqual([`${SITE}${path}?page=2`]);
    const firstNav = element(first.html, "nav", (a) => a["aria-label"] === "Pagination", "pagination");
    expect(textOf(firstNav.inner)).toContain("Page 1 of 2");
    // Page 2's number, then Next.
    expect(anchors(firstNav.inner).map((a) => a.attrs.href)).toEqual([`${path}?page=2`, `${path}?page=2`]);

    const second = await alternativesPage(server, `${path}?page=2`, source.name);
    expect(second.items.map((i) => i.slug)).toEqual(order.slice(24).map((t) => t.slug));
    expect(titleOf(second.html)).toBe(`Alternatives to Paged Source — page 2 — ${SITE_NAME}`);
    expect(linkHrefs(second.html, "canonical")).toEqual([`${SITE}${path}?page=2`]);
    expect(linkHrefs(second.html, "prev")).toEqual([`${SITE}${path}`]);
    expect(linkHrefs(second.html, "next")).toEqual([]);
    const secondNav = element(second.html, "nav", (a) => a["aria-label"] === "Pagination", "pagination");
    expect(textOf(secondNav.inner)).toContain("Page 2 of 2");
    expect(anchors(secondNav.inner).map((a) => a.attrs.href)).toEqual([path, path]);
  });

  it("numbers the ItemList of each page from the page's first position", async () => {
    const first = await alternativesPage(server, path, source.name);
    const second = await alternativesPage(server, `${path}?page=2`, source.name);
    const positions = (list: unknown[]) =>
      (list[0] as { itemListElement: { position: number; url: string }[] }).itemListElement;
    expect(positions(first.itemList).map((e) => [e.position, e.url])).toEqual(
      order.slice(0, 24).map((t, i) => [i + 1, `${SITE}/tool/${t.slug}`]),
    );
    // The last page holds fewer than 24: its first is still the 25th of the list.
    expect(positions(second.itemList).map((e) => [e.position, e.url])).toEqual(
      order.slice(24).map((t, i) => [25 + i, `${SITE}/tool/${t.slug}`]),
    );
    expect((second.itemList[0] as { url: string }).url).toBe(`${SITE}${path}?page=2`);
  });

  it("answers 404 past the last page, and moves the id with its page to the slug", async () => {
    await expectNotFound(server, `${path}?page=3`, "There is no such page.");
    const { res } = await getPage(server.url, `/alternatives/${source.id}?page=2`);
    expect(res.status).toBe(301);
    expect(locationOf(res, server.url)).toBe(`${path}?page=2`);
  });

  it("pages the API the same way", async () => {
    const first = await getJson<Alternatives>(server, `/api/v1/tools/${source.slug}/alternatives`);
    expect(first.body).toMatchObject({ page: 1, pageSize: 24, total: 30, totalPages: 2 });
    expect(first.body.data.map((t) => t.slug)).toEqual(order.slice(0, 24).map((t) => t.slug));
    const second = await getJson<Alternatives>(server, `/api/v1/tools/${source.id}/alternatives?page=2`);
    expect(second.body).toMatchObject({ page: 2, pageSize: 24, total: 30, totalPages: 2 });
    expect(second.body.data.map((t) => t.slug)).toEqual(order.slice(24).map((t) => t.slug));
    expect(second.body.data[0]!.shares).toEqual({
      categories: ["utilities"],
      tags: [],
      platforms: ["Web"],
      pricingModel: "Free",
    });
  });
});

describe("alternatives after the catalogue changes", () => {
  const testServer = useTestServer(configure);
  let server: TestServer;
  const source = makeTool({
    name: "Fresh Source",
    categories: ["security"],
    tags: ["vault"],
    platforms: ["Web"],
    pricingModel: "Free",
    createdAt: BASE,
  });
  const one = makeTool({
    name: "Fresh One",
    categories: ["security"],
    tags: [],
    platforms: ["Windows"],
    pricingModel: "Paid",
    createdAt: BASE + HOUR_MS,
  });
  const two = makeTool({
    name: "Fresh Two",
    categories: ["security"],
    tags: ["vault"],
    platforms: ["Windows"],
    pricingModel: "Paid",
    createdAt: BASE + 2 * HOUR_MS,
  });
  const path = "/alternatives/fresh-source";
  const listed = async () => (await alternativesPage(server, path, source.name)).items.map((i) => [i.slug, i.inCommon]);

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [source, one]);
  });

  it("shows a new tool, an edited one's new place, and drops one no longer public, on the page and in the API", async () => {
    expect(await listed()).toEqual([[one.slug, "In common: Security"]]);
    // Asked twice: the second answer may come from the page cache, which the changes below must not outlive.
    expect(await listed()).toEqual([[one.slug, "In common: Security"]]);

    await addTools(server.services, [two]);
    expect(await listed()).toEqual([
      [two.slug, "In common: Security, vault"],
      [one.slug, "In common: Security"],
    ]);

    // Fresh One now shares the tag, Web and Free too: 8 points against Fresh Two's 6.
    await changeCatalog(server.services, (write) =>
      updateToolRow(write, one.id, { pricing_model: "Free", platforms: JSON.stringify(["Web"]) }, { tags: ["Vault"] }),
    );
    expect(await listed()).toEqual([
      [one.slug, "In common: Security, vault, Web, Free"],
      [two.slug, "In common: Security, vault"],
    ]);
    const api = await getJson<Alternatives>(server, `/api/v1/tools/${source.slug}/alternatives`);
    expect(api.body.data.map((t) => [t.slug, t.shares])).toEqual([
      [one.slug, { categories: ["security"], tags: ["vault"], platforms: ["Web"], pricingModel: "Free" }],
      [two.slug, { categories: ["security"], tags: ["vault"], platforms: [], pricingModel: null }],
    ]);

    await changeCatalog(server.services, (write) =>
      setToolStatus(write, [two.id], { from: ["approved"], to: "pending", rejectionReason: null }),
    );
    expect(await listed()).toEqual([[one.slug, "In common: Security, vault, Web, Free"]]);
    expect((await getJson<Alternatives>(server, `/api/v1/tools/${source.slug}/alternatives`)).body).toMatchObject({
      total: 1,
      data: [{ slug: one.slug }],
    });
  });

  it("has no page, no API answer and no link once the tool itself is no longer public", async () => {
    await changeCatalog(server.services, (write) =>
      setToolStatus(write, [source.id], { from: ["approved"], to: "pending", rejectionReason: null }),
    );
    await expectNotFound(server, path, "No public tool has that address.");
    await expectApiNotFound(server, `/api/v1/tools/${source.slug}/alternatives`);
    const tool = await getPage(server.url, `/tool/${source.slug}`);
    expect(tool.res.status).toBe(200);
    expect(anchors(tool.html).filter((a) => (a.attrs.href ?? "").startsWith("/alternatives/"))).toEqual([]);
    // Nor is it anyone's alternative any more.
    const other = await getJson<Alternatives>(server, `/api/v1/tools/${one.slug}/alternatives`);
    expect(other.body.data.map((t) => t.slug)).toEqual([]);
  });
});
