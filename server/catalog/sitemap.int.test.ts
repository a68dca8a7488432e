import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";

const HOUR_MS = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 3, 1);
const SITE = "https://shelf.example.org";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });

async function getXml(server: TestServer, path: string): Promise<{ status: number; type: string | null; xml: string }> {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, type: res.headers.get("content-type"), xml: await res.text() };
}

/** A list of what fast-xml-parser gives as one item or an array. */
function many<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The <loc>s of a <urlset>. */
function urlsetLocs(xml: string): string[] {
  const doc = parser.parse(xml) as { urlset?: { url?: { loc: string } | { loc: string }[] } };
  expect(doc.urlset, "a <urlset> document").toBeDefined();
  return many(doc.urlset!.url).map((u) => u.loc);
}

/** The request path on the test server of an absolute SITE_URL address. */
function pathOf(loc: string): string {
  expect(loc.startsWith(`${SITE}/`), loc).toBe(true);
  return loc.slice(SITE.length);
}

describe("sitemap, feed and robots.txt", () => {
  const testServer = useTestServer({
    configure: (config) => {
      config.siteUrl = SITE;
    },
  });
  let server: TestServer;
  const publicTools = [
    makeTool({
      name: "Map Alpha",
      categories: ["productivity"],
      tags: ["note-taking", "Wiki"],
      createdAt: BASE + HOUR_MS,
    }),
    makeTool({
      name: "Map Beta",
      categories: ["productivity", "design"],
      tags: ["wiki"],
      createdAt: BASE + 2 * HOUR_MS,
    }),
    makeTool({
      name: "Map Gamma",
      status: "verified",
      categories: ["design"],
      tags: ["WIKI"],
      createdAt: BASE + 3 * HOUR_MS,
    }),
  ];
  const pending = makeTool({
    name: "Map Pending",
    status: "pending",
    categories: ["health"],
    tags: ["unlisted-tag"],
    createdAt: BASE - HOUR_MS,
  });
  const rejected = makeTool({
    name: "Map Rejected",
    status: "rejected",
    categories: ["finance"],
    createdAt: BASE + 9 * HOUR_MS,
  });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [...publicTools, pending, rejected]);
  });

  it("lists home, browse, the categories that have tools and every public tool, as valid XML", async () => {
    const { status, type, xml } = await getXml(server, "/sitemap.xml");
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/xml/);
    expect(XMLValidator.validate(xml)).toBe(true);
    const locs = urlsetLocs(xml);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${SITE}/`,
        `${SITE}/browse/all`,
        `${SITE}/ranking`,
        `${SITE}/trending`,
        `${SITE}/trending/today`,
        `${SITE}/browse/productivity`,
        `${SITE}/browse/design`,
        ...publicTools.map((t) => `${SITE}/tool/${t.slug}`),
      ]),
    );
    const toolLocs = locs.filter((l) => l.startsWith(`${SITE}/tool/`));
    expect(toolLocs.sort()).toEqual(publicTools.map((t) => `${SITE}/tool/${t.slug}`).sort());
    const alternativesLocs = locs.filter((l) => l.startsWith(`${SITE}/alternatives/`));
    expect(alternativesLocs.sort()).toEqual(publicTools.map((t) => `${SITE}/alternatives/${t.slug}`).sort());
    const categoryLocs = locs.filter((l) => l.startsWith(`${SITE}/browse/`) && l !== `${SITE}/browse/all`);
    expect(categoryLocs.sort()).toEqual([`${SITE}/browse/design`, `${SITE}/browse/productivity`]);
    // A tag page for each tag public tools carry, once however it is spelt; none for a pending tool's.
    expect(locs.filter((l) => l.startsWith(`${SITE}/tag/`))).toEqual([`${SITE}/tag/note-taking`, `${SITE}/tag/wiki`]);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it("lists only pages that exist", async () => {
    const locs = urlsetLocs((await getXml(server, "/sitemap.xml")).xml);
    const broken: string[] = [];
    for (const loc of locs) {
      const res = await fetch(`${server.url}${pathOf(loc)}`, { redirect: "manual" });
      if (res.status !== 200) broken.push(`${pathOf(loc)} → ${res.status}`);
    }
    expect(broken).toEqual([]);
  });

  it("has an Atom feed of the public tools, newest first, as valid XML", async () => {
    const { status, type, xml } = await getXml(server, "/feed.xml");
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/atom\+xml/);
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = (
      parser.parse(xml) as { feed: { entry: { title: { "#text": string } | string; link: { "@href": string } }[] } }
    ).feed;
    const hrefs = many(feed.entry).map((e) => e.link["@href"]);
    expect(hrefs).toEqual([...publicTools].reverse().map((t) => `${SITE}/tool/${t.slug}`));
    expect(xml).not.toContain(pending.slug);
    expect(xml).not.toContain(rejected.slug);
  });

  it("names the sitemap in robots.txt with SITE_URL", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).split("\n");
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    // The counted way out to a website is no page to crawl.
    expect(lines).toContain("Disallow: /go/");
  });
});

describe("the feed", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const tools = Array.from({ length: 55 }, (_, i) =>
    makeTool({ name: `Feed ${String(i + 1).padStart(2, "0")}`, createdAt: BASE + (i + 1) * HOUR_MS }),
  );
  const pending = makeTool({ name: "Feed Pending", status: "pending", createdAt: BASE + 100 * HOUR_MS });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [...tools, pending]);
  });

  it("holds the 50 newest public tools, newest first", async () => {
    const { xml } = await getXml(server, "/feed.xml");
    expect(XMLValidator.validate(xml)).toBe(true);
    const site = server.services.config.siteUrl;
    const feed = (
      parser.parse(xml) as { feed: { updated: string; entry: { link: { "@href": string }; published: string }[] } }
    ).feed;
    const entries = many(feed.entry);
    expect(entries).toHaveLength(50);
    const newest = [...tools].reverse().slice(0, 50);
    expect(entries.map((e) => e.link["@href"])).toEqual(newest.map((t) => `${site}/tool/${t.slug}`));
    expect(feed.updated).toBe(new Date(newest[0]!.createdAt).toISOString().replace(/\.\d{3}Z$/, "Z"));
  });
});

describe("a sitemap index beyond sitemapMaxUrls", () => {
  const testServer = useTestServer({
    configure: (config) => {
      config.siteUrl = SITE;
      config.sitemapMaxUrls = 5;
    },
  });
  let server: TestServer;
  const tools = Array.from({ length: 12 }, (_, i) =>
    makeTool({
      name: `Indexed ${String(i + 1).padStart(2, "0")}`,
      categories: ["utilities"],
      createdAt: BASE + i * HOUR_MS,
    }),
  );
  const pending = makeTool({ name: "Indexed Pending", status: "pending", categories: ["utilities"], createdAt: BASE });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [...tools, pending]);
  });

  it("splits the sitemap into pages.xml and tools-N.xml parts that list every public tool's page and alternatives once", async () => {
    const { status, xml } = await getXml(server, "/sitemap.xml");
    expect(status).toBe(200);
    expect(XMLValidator.validate(xml)).toBe(true);
    const index = parser.parse(xml) as { sitemapindex?: { sitemap: { loc: string } | { loc: string }[] } };
    expect(index.sitemapindex, "a <sitemapindex> document").toBeDefined();
    const parts = many(index.sitemapindex!.sitemap).map((s) => s.loc);
    // Two pages per tool, at most 5 addresses per part: 2 tools per part.
    expect(parts).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      ...Array.from({ length: 6 }, (_, i) => `${SITE}/sitemaps/tools-${i + 1}.xml`),
    ]);

    const listed: string[] = [];
    for (const part of parts) {
      const res = await getXml(server, pathOf(part));
      expect(res.status, part).toBe(200);
      expect(XMLValidator.validate(res.xml), part).toBe(true);
      const locs = urlsetLocs(res.xml);
      if (part.includes("/tools-")) {
        expect(locs.length, part).toBeGreaterThan(0);
        expect(locs.length, part).toBeLessThanOrEqual(5);
        expect(
          locs.every((l) => l.startsWith(`${SITE}/tool/`) || l.startsWith(`${SITE}/alternatives/`)),
          part,
        ).toBe(true);
      } else {
        expect(locs).toEqual(expect.arrayContaining([`${SITE}/`, `${SITE}/browse/all`, `${SITE}/browse/utilities`]));
        expect(locs.some((l) => l.includes("/tool/"))).toBe(false);
      }
      listed.push(...locs.filter((l) => l.includes("/tool/") || l.includes("/alternatives/")));
    }
    expect(listed.sort()).toEqual(
      tools.flatMap((t) => [`${SITE}/tool/${t.slug}`, `${SITE}/alternatives/${t.slug}`]).sort(),
    );
  });

  it("answers 404 for a part that does not exist", async () => {
    for (const path of [
      "/sitemaps/tools-7.xml",
      "/sitemaps/tools-99.xml",
      "/sitemaps/tools-0.xml",
      "/sitemaps/other.xml",
    ]) {
      expect((await getXml(server, path)).status, path).toBe(404);
    }
  });
});
