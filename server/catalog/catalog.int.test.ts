import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { emptyToolContent } from "../../core/tool.ts";
import { addPaidOrder, addTools, DAY_MS, makeTool } from "../../tests/support/catalog.ts";
import {
  anchors,
  breadcrumb,
  cards,
  element,
  elements,
  getPage,
  headings,
  jsonLd,
  linkHrefs,
  locationOf,
  metaContent,
  sectionLabelledBy,
  startTags,
  textOf,
  titleOf,
  toolSlugs,
} from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import type { NewTool } from "./write.ts";

const HOUR_MS = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 2, 1);

const byNewest = (a: NewTool, b: NewTool) => b.createdAt - a.createdAt;

/** The slugs of the browse page's main list (not the featured column). */
async function browseList(server: TestServer, path: string): Promise<string[]> {
  const { res, html } = await getPage(server.url, path);
  expect(res.status, path).toBe(200);
  return toolSlugs(sectionLabelledBy(html, "list-title"));
}

/** The slugs of a page's featured column (home or browse). */
async function featuredColumn(server: TestServer, path: string): Promise<string[]> {
  const { res, html } = await getPage(server.url, path);
  expect(res.status, path).toBe(200);
  return toolSlugs(sectionLabelledBy(html, "featured-title"));
}

/** The text of the card of one tool inside some HTML. */
function cardText(html: string, slug: string): string {
  const card = cards(html).find((c) => toolSlugs(c.inner).includes(slug));
  if (!card) throw new Error(`no card for ${slug}`);
  return textOf(card.inner);
}

/** The section of a tool page with this h2 (an InfoBox or a content section), or null. */
function sectionTitled(html: string, title: string): string | null {
  return elements(html, "section").find((s) => headings(s.inner, 2)[0] === title)?.inner ?? null;
}

/** The facts (dt → dd) of a definition list. */
function facts(html: string): Record<string, string> {
  const dts = elements(html, "dt").map((e) => textOf(e.inner));
  const dds = elements(html, "dd").map((e) => textOf(e.inner));
  return Object.fromEntries(dts.map((dt, i) => [dt, dds[i] ?? ""]));
}

/** The tool page's own header (name, badge, website link), not the site's. */
function toolHeader(html: string): string {
  const main = element(html, "main", () => true, "main").inner;
  return element(main, "header", () => true, "tool header").inner;
}

function visitWebsite(html: string) {
  const link = anchors(html).find((a) => a.text.startsWith("Visit Website"));
  if (!link) throw new Error("no Visit Website link");
  return { ...link, rel: (link.attrs.rel ?? "").split(/\s+/).filter(Boolean) };
}

async function apiTools(server: TestServer, query = "pageSize=100") {
  const res = await fetch(`${server.url}/api/v1/tools?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    data: { slug: string; isFeatured: boolean; featuredPrice: number; featuredUntil: string | null }[];
    total: number;
  };
}

describe("visibility: only approved and verified tools are public", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const approved = makeTool({ name: "Visible Approved", status: "approved", categories: ["productivity", "design"] });
  const verified = makeTool({ name: "Visible Verified", status: "verified", categories: ["development"] });
  // Created last, so they would lead every "latest" list if they leaked.
  const pending = makeTool({ name: "Hidden Pending", status: "pending", categories: ["health", "productivity"] });
  const rejected = makeTool({ name: "Hidden Rejected", status: "rejected", categories: ["finance", "design"] });
  // And one older than all, so it would lead every "oldest first" list (the sitemap) if it leaked.
  const early = makeTool({
    name: "Hidden Early",
    status: "pending",
    categories: ["health"],
    createdAt: Date.UTC(2020, 0, 1),
  });
  const hidden = [pending, rejected, early];

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [approved, verified, pending, rejected, early]);
    // Paid for, yet not public: they must not be featured anywhere either.
    await addPaidOrder(server.services, pending, 500, Date.now() - DAY_MS);
    await addPaidOrder(server.services, rejected, 500, Date.now() - DAY_MS);
  });

  function expectNoHiddenTool(body: string, where: string) {
    for (const tool of hidden) {
      expect(body, where).not.toContain(tool.name);
      expect(body, where).not.toContain(`/tool/${tool.slug}`);
    }
  }

  it("lists neither pending nor rejected tools on the home page or any browse page", async () => {
    for (const path of [
      "/",
      "/browse/all",
      "/browse/all/name",
      "/browse/all/oldest",
      "/browse/productivity",
      "/browse/design",
      "/browse/health",
      "/browse/finance",
    ]) {
      const { res, html } = await getPage(server.url, path);
      expect(res.status, path).toBe(200);
      expectNoHiddenTool(html, path);
    }
    const home = (await getPage(server.url, "/")).html;
    expect(toolSlugs(sectionLabelledBy(home, "latest-title"))).toEqual([verified.slug, approved.slug]);
    expect(toolSlugs(sectionLabelledBy(home, "featured-title"))).toEqual([]);
    expect(await browseList(server, "/browse/all")).toEqual([verified.slug, approved.slug]);
    expect(await browseList(server, "/browse/productivity")).toEqual([approved.slug]);
    expect(await browseList(server, "/browse/health")).toEqual([]);
    expect(await featuredColumn(server, "/browse/all")).toEqual([]);
  });

  it("counts public tools only in the category list, leaving out categories with none", async () => {
    const { html } = await getPage(server.url, "/browse/all");
    const nav = element(html, "nav", (a) => a["aria-label"] === "Categories", "category list").inner;
    expect(anchors(nav).map((a) => [a.text, a.attrs.href])).toEqual([
      ["All tools 2", "/browse/all"],
      ["Productivity 1", "/browse/productivity"],
      ["Design 1", "/browse/design"],
      ["Development 1", "/browse/development"],
    ]);
    const productivity = (await getPage(server.url, "/browse/productivity")).html;
    expect(textOf(productivity)).toContain("1 tool");
    expect(textOf((await getPage(server.url, "/browse/health")).html)).toContain("0 tools");
  });

  it("leaves them out of the sitemap and the feed", async () => {
    for (const path of ["/sitemap.xml", "/feed.xml"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      const xml = await res.text();
      expectNoHiddenTool(xml, path);
      expect(xml, path).toContain(`/tool/${approved.slug}`);
      expect(xml, path).toContain(`/tool/${verified.slug}`);
    }
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/browse/productivity</loc>");
    // Only a pending and a rejected tool there: no public page for these categories.
    expect(sitemap).not.toContain("/browse/health</loc>");
    expect(sitemap).not.toContain("/browse/finance</loc>");
  });

  it("leaves them out of the JSON API's lists and counts, and answers 404 for them", async () => {
    const list = await apiTools(server);
    expect(list.data.map((t) => t.slug)).toEqual([verified.slug, approved.slug]);
    expect(list.total).toBe(2);
    expect((await apiTools(server, "category=health")).total).toBe(0);
    expect((await apiTools(server, "category=productivity")).data.map((t) => t.slug)).toEqual([approved.slug]);

    const categories = (await (await fetch(`${server.url}/api/v1/categories`)).json()) as {
      data: { slug: string; count: number }[];
    };
    const counts = Object.fromEntries(categories.data.map((c) => [c.slug, c.count]));
    expect(counts).toMatchObject({ productivity: 1, design: 1, development: 1, health: 0, finance: 0 });
    expect(categories.data.reduce((sum, c) => sum + c.count, 0)).toBe(3);

    for (const tool of hidden) {
      for (const key of [tool.slug, tool.id]) {
        const res = await fetch(`${server.url}/api/v1/tools/${key}`);
        expect(res.status, `${tool.status} ${key}`).toBe(404);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not-found");
      }
    }
    expect((await fetch(`${server.url}/api/v1/tools/${approved.slug}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/tools/${verified.id}`)).status).toBe(200);
  });

  it("shows a pending tool's own page as Pending, kept out of search engines and not featured", async () => {
    const { res, html } = await getPage(server.url, `/tool/${pending.slug}`);
    expect(res.status).toBe(200);
    expect(headings(html, 1)).toEqual([pending.name]);
    expect(facts(sectionTitled(html, "Tool Info") ?? "").Status).toBe("Pending");
    expect(metaContent(html, "robots")).toBe("noindex");
    // Its order is paid, but a tool is featured only once it is public.
    expect(textOf(html)).not.toContain("Featured Tool");
    expect(visitWebsite(html).rel).toContain("nofollow");

    const publicPage = await getPage(server.url, `/tool/${approved.slug}`);
    expect(publicPage.res.status).toBe(200);
    expect(metaContent(publicPage.html, "robots")).toBeNull();
    expect(facts(sectionTitled(publicPage.html, "Tool Info") ?? "").Status).not.toBe("Pending");
  });

  it("answers 404 'Tool Not Found' for a rejected tool, by slug and by id", async () => {
    for (const key of [rejected.slug, rejected.id]) {
      const { res, html } = await getPage(server.url, `/tool/${key}`);
      expect(res.status, key).toBe(404);
      expect(headings(html, 1)).toEqual(["Tool Not Found"]);
      expect(html).not.toContain(rejected.name);
    }
  });
});

describe("featured tools", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const now = Date.now();
  // Two payments of $80 in force outrank one of $120: the weight is their sum.
  const twice = makeTool({ name: "Twice Paid", categories: ["design"], createdAt: BASE });
  const once = makeTool({ name: "Once Paid", categories: ["design", "ai"], createdAt: BASE + HOUR_MS });
  const small = makeTool({ name: "Small Paid", categories: ["marketing"], createdAt: BASE + 2 * HOUR_MS });
  const lapsed = makeTool({ name: "Lapsed Paid", categories: ["design"], createdAt: BASE + 3 * HOUR_MS });
  const plain = makeTool({ name: "Plain Tool", categories: ["design"], createdAt: BASE + 4 * HOUR_MS });
  const refunded = makeTool({ name: "Refunded Tool", categories: ["design"], createdAt: BASE + 5 * HOUR_MS });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [twice, once, small, lapsed, plain, refunded]);
    await addPaidOrder(server.services, refunded, 900, now - DAY_MS);
    await server.services.database.db
      .updateTable("orders")
      .set({ status: "refunded", refunded_at: now })
      .where("tool_id", "=", refunded.id)
      .execute();
    server.services.freshness.changed();
    await addPaidOrder(server.services, twice, 80, now - 300 * DAY_MS);
    await addPaidOrder(server.services, twice, 80, now - 10 * DAY_MS);
    await addPaidOrder(server.services, once, 120, now - 5 * DAY_MS);
    await addPaidOrder(server.services, small, 19, now - 100 * DAY_MS);
    await addPaidOrder(server.services, lapsed, 500, now - 366 * DAY_MS);
  });

  it("fills the home featured column, highest total first, each with its badge and price", async () => {
    const { html } = await getPage(server.url, "/");
    const column = sectionLabelledBy(html, "featured-title");
    expect(toolSlugs(column)).toEqual([twice.slug, once.slug, small.slug]);
    expect(cardText(column, twice.slug)).toContain("Featured · sponsored $160");
    expect(cardText(column, once.slug)).toContain("Featured · sponsored $120");
    expect(cardText(column, small.slug)).toContain("Featured · sponsored $19");
    // A year and a day after its payment, the lapsed tool is an ordinary tool.
    const latest = sectionLabelledBy(html, "latest-title");
    expect(toolSlugs(latest)).toContain(lapsed.slug);
    expect(cardText(latest, lapsed.slug)).not.toContain("Featured");
    expect(cardText(latest, plain.slug)).not.toContain("Featured");
  });

  it("shows featured tools in the browse featured column and not in the main list", async () => {
    const { html } = await getPage(server.url, "/browse/all");
    const column = sectionLabelledBy(html, "featured-title");
    expect(toolSlugs(column)).toEqual([twice.slug, once.slug, small.slug]);
    expect(cardText(column, twice.slug)).toContain("Featured · sponsored $160");
    const list = sectionLabelledBy(html, "list-title");
    expect(toolSlugs(list)).toEqual([refunded.slug, plain.slug, lapsed.slug]);
    expect(textOf(list)).not.toContain("Featured");

    // A category's page features that category's tools only.
    const design = (await getPage(server.url, "/browse/design")).html;
    expect(toolSlugs(sectionLabelledBy(design, "featured-title"))).toEqual([twice.slug, once.slug]);
    expect(toolSlugs(sectionLabelledBy(design, "list-title"))).toEqual([refunded.slug, plain.slug, lapsed.slug]);
    expect(await featuredColumn(server, "/browse/marketing")).toEqual([small.slug]);
    expect(await browseList(server, "/browse/marketing")).toEqual([]);
  });

  it("counts on browse what the category list counts: every public tool, the featured column's included", async () => {
    for (const [path, category, expected] of [
      ["/browse/all", "All tools", "6 tools · 3 shown under Featured"],
      ["/browse/design", "Design", "5 tools · 2 shown under Featured"],
      ["/browse/marketing", "Marketing", "1 tool · 1 shown under Featured"],
    ] as const) {
      const { html } = await getPage(server.url, path);
      const main = element(html, "main", () => true, "main").inner;
      const countLine = elements(main, "p", (a) => a["aria-live"] === "polite").map((p) => textOf(p.inner));
      expect(countLine, path).toEqual([expected]);
      const nav = element(html, "nav", (a) => a["aria-label"] === "Categories", "category list").inner;
      const count = expected.split(" ")[0];
      expect(
        anchors(nav).map((a) => a.text),
        path,
      ).toContain(`${category} ${count}`);
    }
  });

  it("reports featuring in the JSON API", async () => {
    const bySlug = new Map((await apiTools(server)).data.map((t) => [t.slug, t]));
    expect(bySlug.get(twice.slug)).toMatchObject({
      isFeatured: true,
      featuredPrice: 160,
      featuredUntil: new Date(now - 10 * DAY_MS + FEATURED_DURATION_MS).toISOString(),
    });
    expect(bySlug.get(once.slug)).toMatchObject({ isFeatured: true, featuredPrice: 120 });
    expect(bySlug.get(lapsed.slug)).toMatchObject({ isFeatured: false, featuredPrice: 0, featuredUntil: null });
    expect(bySlug.get(plain.slug)).toMatchObject({ isFeatured: false, featuredPrice: 0, featuredUntil: null });
    // A refunded payment features nothing.
    expect(bySlug.get(refunded.slug)).toMatchObject({ isFeatured: false, featuredPrice: 0, featuredUntil: null });
  });

  it("marks the tool page of a featured tool, whose website link is then marked as a paid one", async () => {
    const featured = (await getPage(server.url, `/tool/${twice.slug}`)).html;
    expect(textOf(toolHeader(featured))).toContain("Featured · sponsored $160");
    expect(facts(sectionTitled(featured, "Tool Info") ?? "").Placement).toBe("Featured Tool");
    const link = visitWebsite(featured);
    expect(link.attrs.target).toBe("_blank");
    expect(link.rel).toEqual(["noopener", "sponsored"]);

    const ordinary = (await getPage(server.url, `/tool/${lapsed.slug}`)).html;
    expect(textOf(toolHeader(ordinary))).not.toContain("Featured");
    expect(facts(sectionTitled(ordinary, "Tool Info") ?? "").Placement).toBeUndefined();
    expect(visitWebsite(ordinary).rel).toEqual(["noopener", "nofollow"]);
  });
});

describe("more featured tools than a featured column holds", () => {
  const testServer = useTestServer();
  let server: TestServer;
  // Ten paid tools ($20 … $200) and three ordinary ones, all in one category.
  const paid = Array.from({ length: 10 }, (_, i) =>
    makeTool({ name: `Paid ${String(i + 1).padStart(2, "0")}`, categories: ["design"], createdAt: BASE + i * HOUR_MS }),
  );
  const ordinary = Array.from({ length: 3 }, (_, i) =>
    makeTool({ name: `Ordinary ${i + 1}`, categories: ["design"], createdAt: BASE + (20 + i) * HOUR_MS }),
  );
  const byAmount = [...paid].reverse().map((t) => t.slug);

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [...paid, ...ordinary]);
    for (const [i, tool] of paid.entries())
      await addPaidOrder(server.services, tool, (i + 1) * 20, Date.now() - DAY_MS);
  });

  it("fills the home column with the highest-paying ones", async () => {
    expect(await featuredColumn(server, "/")).toEqual(byAmount.slice(0, 6));
  });

  it("still shows every public tool on browse, in the featured column or in the list", async () => {
    for (const path of ["/browse/all", "/browse/design"]) {
      const { html } = await getPage(server.url, path);
      const featured = toolSlugs(sectionLabelledBy(html, "featured-title"));
      expect(featured, path).toEqual(byAmount.slice(0, featured.length));
      const listed = toolSlugs(sectionLabelledBy(html, "list-title"));
      const shown = new Set([...featured, ...listed]);
      const missing = [...paid, ...ordinary].filter((t) => !shown.has(t.slug)).map((t) => t.name);
      expect(missing, `${path}: public tools shown nowhere`).toEqual([]);
    }
  });
});

describe("featured placements end 365 days after payment, with no restart", () => {
  const T0 = Date.UTC(2027, 5, 1);
  let clock = T0;
  const testServer = useTestServer({ now: () => clock });
  let server: TestServer;
  // A: $80 + $80 (the first ends at T0 + 65 days); B: $120 (ends T0 + 345 d); C: $19 (ends T0 + 165 d).
  const a = makeTool({ name: "Clock A", categories: ["design"], createdAt: BASE });
  const b = makeTool({ name: "Clock B", categories: ["design"], createdAt: BASE + HOUR_MS });
  const c = makeTool({ name: "Clock C", categories: ["design"], createdAt: BASE + 2 * HOUR_MS });
  const d = makeTool({ name: "Clock D", categories: ["design"], createdAt: BASE + 3 * HOUR_MS });
  const firstOfA = T0 - 300 * DAY_MS;
  const paidC = T0 - 200 * DAY_MS;

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [a, b, c, d]);
    await addPaidOrder(server.services, a, 80, firstOfA);
    await addPaidOrder(server.services, a, 80, T0 - 10 * DAY_MS);
    await addPaidOrder(server.services, b, 120, T0 - 20 * DAY_MS);
    await addPaidOrder(server.services, c, 19, paidC);
  });

  /** Every featured list at the current clock, each page requested twice so it is cached. */
  async function featuredEverywhere() {
    const home = await featuredColumn(server, "/");
    const browse = await featuredColumn(server, "/browse/all");
    const category = await featuredColumn(server, "/browse/design");
    const again = await getPage(server.url, "/");
    expect(again.res.headers.get("x-cache")).toBe("HIT");
    expect(toolSlugs(sectionLabelledBy(again.html, "featured-title"))).toEqual(home);
    expect(browse).toEqual(home);
    expect(category).toEqual(home);
    return home;
  }

  it("ranks by the payments in force and drops each tool the moment its year ends", async () => {
    expect(await featuredEverywhere()).toEqual([a.slug, b.slug, c.slug]);

    clock = firstOfA + FEATURED_DURATION_MS - 1;
    expect(await featuredEverywhere()).toEqual([a.slug, b.slug, c.slug]);

    // A's first payment ends: A weighs $80 now, below B's $120.
    clock = firstOfA + FEATURED_DURATION_MS;
    expect(await featuredEverywhere()).toEqual([b.slug, a.slug, c.slug]);
    const home = (await getPage(server.url, "/")).html;
    expect(cardText(sectionLabelledBy(home, "featured-title"), a.slug)).toContain("Featured · sponsored $80");

    // C's only payment ends: C is an ordinary tool everywhere.
    clock = paidC + FEATURED_DURATION_MS;
    expect(await featuredEverywhere()).toEqual([b.slug, a.slug]);
    const browse = (await getPage(server.url, "/browse/all")).html;
    const list = sectionLabelledBy(browse, "list-title");
    expect(toolSlugs(list)).toEqual([d.slug, c.slug]);
    expect(cardText(list, c.slug)).not.toContain("Featured");
    const api = new Map((await apiTools(server)).data.map((t) => [t.slug, t]));
    expect(api.get(c.slug)).toMatchObject({ isFeatured: false, featuredPrice: 0 });
    expect(api.get(a.slug)).toMatchObject({ isFeatured: true, featuredPrice: 80 });
    const page = (await getPage(server.url, `/tool/${c.slug}`)).html;
    expect(textOf(toolHeader(page))).not.toContain("Featured");
    expect(visitWebsite(page).rel).toContain("nofollow");

    clock = T0 - 20 * DAY_MS + FEATURED_DURATION_MS;
    expect(await featuredEverywhere()).toEqual([a.slug]);

    clock = T0 - 10 * DAY_MS + FEATURED_DURATION_MS;
    expect(await featuredEverywhere()).toEqual([]);
    expect(await browseList(server, "/browse/all")).toEqual([d.slug, c.slug, b.slug, a.slug]);
    expect((await apiTools(server)).data.every((t) => !t.isFeatured)).toBe(true);
  });
});

describe("browse", () => {
  const testServer = useTestServer();
  let server: TestServer;
  let site: string;
  const items = Array.from({ length: 50 }, (_, i) =>
    makeTool({
      name: `Item ${String(i + 1).padStart(2, "0")}`,
      categories: ["utilities"],
      createdAt: BASE + (i + 1) * HOUR_MS,
    }),
  );
  // Names that differ in case and punctuation, created in an order unlike any name order.
  const sortNames = ["Beta", "a-b", "Zeta", "alpha", "beta-2", "ab"];
  const named = sortNames.map((name, k) =>
    makeTool({ name, categories: ["education"], createdAt: BASE + (100 + k) * HOUR_MS }),
  );
  const slugOf = (name: string) => named.find((t) => t.name === name)!.slug;
  const pending = makeTool({
    name: "Aardvark Pending",
    status: "pending",
    categories: ["education", "health"],
    createdAt: BASE + 200 * HOUR_MS,
  });
  const publicTools = [...items, ...named];
  const recent = [...publicTools].sort(byNewest).map((t) => t.slug);
  const byName = ["a-b", "ab", "alpha", "Beta", "beta-2", ...items.map((t) => t.name), "Zeta"].map(
    (name) => publicTools.find((t) => t.name === name)!.slug,
  );

  beforeAll(async () => {
    server = testServer();
    site = server.services.config.siteUrl;
    await addTools(server.services, [...items, ...named, pending]);
  });

  it("shows 24 tools a page: page 2 the next 24, page 3 the rest", async () => {
    expect(recent).toHaveLength(56);
    for (const [page, path] of [
      [1, "/browse/all"],
      [2, "/browse/all?page=2"],
      [3, "/browse/all?page=3"],
    ] as const) {
      const { res, html } = await getPage(server.url, path);
      expect(res.status, path).toBe(200);
      const list = sectionLabelledBy(html, "list-title");
      expect(toolSlugs(list), path).toEqual(recent.slice((page - 1) * 24, page * 24));
      expect(cards(list)).toHaveLength(page < 3 ? 24 : 8);
      expect(textOf(html)).toContain(`Page ${page} of 3`);
      expect(textOf(html)).toContain("56 tools");
    }
  });

  it("links pages with rel=prev and rel=next, in the head and in the page", async () => {
    const expectations = [
      { path: "/browse/all", prev: null, next: "/browse/all?page=2", canonical: "/browse/all" },
      { path: "/browse/all?page=2", prev: "/browse/all", next: "/browse/all?page=3", canonical: "/browse/all?page=2" },
      { path: "/browse/all?page=3", prev: "/browse/all?page=2", next: null, canonical: "/browse/all?page=3" },
      {
        path: "/browse/all/name?page=2",
        prev: "/browse/all/name",
        next: "/browse/all/name?page=3",
        canonical: "/browse/all/name?page=2",
      },
    ];
    for (const { path, prev, next, canonical } of expectations) {
      const { html } = await getPage(server.url, path);
      expect(linkHrefs(html, "canonical"), path).toEqual([`${site}${canonical}`]);
      expect(linkHrefs(html, "prev"), path).toEqual(prev === null ? [] : [`${site}${prev}`]);
      expect(linkHrefs(html, "next"), path).toEqual(next === null ? [] : [`${site}${next}`]);
      const pageLinks = anchors(html).filter((a) => ["prev", "next"].includes(a.attrs.rel ?? ""));
      expect(
        pageLinks.map((a) => [a.attrs.rel, a.attrs.href]),
        path,
      ).toEqual([...(prev === null ? [] : [["prev", prev]]), ...(next === null ? [] : [["next", next]])]);
    }
  });

  it("answers 404 for a page beyond the last", async () => {
    for (const path of [
      "/browse/all?page=4",
      "/browse/all/name?page=9",
      "/browse/education?page=2",
      "/browse/finance?page=2",
    ]) {
      const { res } = await getPage(server.url, path);
      expect(res.status, path).toBe(404);
    }
  });

  it("redirects malformed pages, page 1, category spellings and ?sort= to the canonical URL", async () => {
    const redirects: [string, string][] = [
      ["/browse/all?page=0", "/browse/all"],
      ["/browse/all?page=abc", "/browse/all"],
      ["/browse/all?page=-1", "/browse/all"],
      ["/browse/all?page=1", "/browse/all"],
      ["/browse/education/name?page=1", "/browse/education/name"],
      ["/browse/education/name?page=0", "/browse/education/name"],
      ["/browse/social-media", "/browse/social"],
      ["/browse/ai-machine-learning", "/browse/ai"],
      ["/browse/all?sort=name", "/browse/all/name"],
      ["/browse/education?sort=name-desc", "/browse/education/name-desc"],
      ["/browse/all?sort=name&page=2", "/browse/all/name?page=2"],
      ["/browse/all?sort=recent", "/browse/all"],
    ];
    for (const [from, to] of redirects) {
      const { res } = await getPage(server.url, from);
      expect(res.status, from).toBe(301);
      expect(locationOf(res, server.url), from).toBe(to);
    }
  });

  it("answers 404 'Page Not Found' for an unknown category", async () => {
    for (const path of ["/browse/nope", "/browse/nope/name", "/browse/ALL"]) {
      const { res, html } = await getPage(server.url, path);
      expect(res.status, path).toBe(404);
      expect(headings(html, 1), path).toEqual(["Page Not Found"]);
    }
  });

  it("falls back to the default sort (Latest) for an unknown sort", async () => {
    const { res, html } = await getPage(server.url, "/browse/all/bogus");
    expect(res.status).toBe(200);
    expect(breadcrumb(html).at(-1)?.label).toBe("Latest");
    expect(toolSlugs(sectionLabelledBy(html, "list-title"))).toEqual(recent.slice(0, 24));
    expect(linkHrefs(html, "canonical")).toEqual([`${site}/browse/all`]);
  });

  it("orders by each sort, comparing names as lower-case ASCII", async () => {
    expect(await browseList(server, "/browse/education")).toEqual(
      ["ab", "beta-2", "alpha", "Zeta", "a-b", "Beta"].map(slugOf),
    );
    expect(await browseList(server, "/browse/education/recent")).toEqual(
      ["ab", "beta-2", "alpha", "Zeta", "a-b", "Beta"].map(slugOf),
    );
    expect(await browseList(server, "/browse/education/oldest")).toEqual(
      ["Beta", "a-b", "Zeta", "alpha", "beta-2", "ab"].map(slugOf),
    );
    expect(await browseList(server, "/browse/education/name")).toEqual(
      ["a-b", "ab", "alpha", "Beta", "beta-2", "Zeta"].map(slugOf),
    );
    expect(await browseList(server, "/browse/education/name-desc")).toEqual(
      ["Zeta", "beta-2", "Beta", "alpha", "ab", "a-b"].map(slugOf),
    );
    // The order holds across pages.
    const pages = [
      ...(await browseList(server, "/browse/all/name")),
      ...(await browseList(server, "/browse/all/name?page=2")),
      ...(await browseList(server, "/browse/all/name?page=3")),
    ];
    expect(pages).toEqual(byName);
    const desc = [
      ...(await browseList(server, "/browse/all/name-desc")),
      ...(await browseList(server, "/browse/all/name-desc?page=2")),
      ...(await browseList(server, "/browse/all/name-desc?page=3")),
    ];
    expect(desc).toEqual([...byName].reverse());
    const oldest = [
      ...(await browseList(server, "/browse/all/oldest")),
      ...(await browseList(server, "/browse/all/oldest?page=2")),
      ...(await browseList(server, "/browse/all/oldest?page=3")),
    ];
    expect(oldest).toEqual([...recent].reverse());
  });

  it("shows the breadcrumb Home › Browse › category › sort", async () => {
    const { html } = await getPage(server.url, "/browse/education/name");
    expect(breadcrumb(html)).toEqual([
      { label: "Home", href: "/" },
      { label: "Browse", href: "/browse/all" },
      { label: "Education", href: "/browse/education" },
      { label: "Name A-Z", href: null },
    ]);
    expect(headings(html, 1)).toEqual(["Education"]);
    const all = (await getPage(server.url, "/browse/all/oldest")).html;
    expect(breadcrumb(all).map((i) => i.label)).toEqual(["Home", "Browse", "All tools", "Oldest"]);
    expect(textOf(element(all, "nav", (a) => a["aria-label"] === "Breadcrumb", "breadcrumb").inner)).toBe(
      "Home › Browse › All tools › Oldest",
    );
    expect(headings(all, 1)).toEqual(["All tools"]);
    const desc = (await getPage(server.url, "/browse/utilities/name-desc")).html;
    expect(breadcrumb(desc).map((i) => i.label)).toEqual(["Home", "Browse", "Utilities", "Name Z-A"]);
  });

  it("offers one 'Clear all' back to /browse/all when a category or sort is chosen, and none when nothing is", async () => {
    for (const path of ["/browse/education", "/browse/all/name", "/browse/utilities/oldest?page=2"]) {
      const { html } = await getPage(server.url, path);
      const clear = anchors(html).filter((a) => a.text === "Clear all");
      expect(
        clear.map((a) => a.attrs.href),
        path,
      ).toEqual(["/browse/all"]);
    }
    expect(anchors((await getPage(server.url, "/browse/all")).html).filter((a) => /clear/i.test(a.text))).toEqual([]);
  });

  it("lists categories with their public tool counts, keeping the chosen sort", async () => {
    const { html } = await getPage(server.url, "/browse/all/name");
    const nav = element(html, "nav", (a) => a["aria-label"] === "Categories", "category list").inner;
    expect(anchors(nav).map((a) => [a.text, a.attrs.href])).toEqual([
      ["All tools 56", "/browse/all/name"],
      ["Education 6", "/browse/education/name"],
      ["Utilities 50", "/browse/utilities/name"],
    ]);
    expect(startTags(nav, "a").find((t) => t.attrs["aria-current"] === "page")?.attrs.href).toBe("/browse/all/name");
  });
});

describe("tool page", () => {
  const testServer = useTestServer();
  let server: TestServer;
  let site: string;
  const plainDescription = `Alpha & omega bold. ${"lorem ipsum ".repeat(20).trim()}`;
  const tags = ["t-one", "t-two", "t-three", "t-four", "t-five", "t-six", "t-seven", "t-eight", "t-nine", "t-ten"];
  const main = makeTool({
    name: "Main Tool",
    tagline: "The main thing",
    websiteUrl: "https://main.example.com/",
    description: `<p>Alpha &amp; omega <strong>bold</strong>.</p>\n<p>${"lorem ipsum ".repeat(20)}</p>`,
    categories: ["design", "development", "ai"],
    platforms: ["Web", "iOS", "Android", "Windows", "macOS"],
    tags,
    pricingModel: "Free",
    screenshotUrl: "https://img.example.com/main.png",
    logoUrl: "/uploads/logos/main-tool_logo.webp",
    createdAt: BASE,
  });
  // Each shares the main tool's first category; the first a tag as well, the second is the most liked.
  const related = [1, 2, 3, 4].map((n) =>
    makeTool({
      name: `Related ${n}`,
      categories: ["design", "utilities"],
      tags: n === 1 ? ["T-One"] : [],
      upvotesCount: n === 2 ? 5 : 0,
      createdAt: BASE + n * HOUR_MS,
    }),
  );
  const notRelated = [
    makeTool({ name: "Related Pending", status: "pending", categories: ["design"], createdAt: BASE + 10 * HOUR_MS }),
    makeTool({ name: "Related Rejected", status: "rejected", categories: ["design"], createdAt: BASE + 11 * HOUR_MS }),
  ];
  // Shares only the main tool's second category: as close as one sharing its first.
  const secondCategoryOnly = makeTool({
    name: "Second Category Only",
    categories: ["development"],
    createdAt: BASE + 12 * HOUR_MS,
  });
  const bare = makeTool({
    ...emptyToolContent(),
    name: "Bare Tool",
    tagline: "Nothing but a name",
    categories: ["finance"],
    websiteUrl: "https://bare-tool.example.com",
    screenshotUrl: null,
  });

  beforeAll(async () => {
    server = testServer();
    site = server.services.config.siteUrl;
    await addTools(server.services, [main, ...related, ...notRelated, secondCategoryOnly, bare]);
  });

  it("is found by slug; by id, or by its slug in other cases, it redirects permanently to the slug URL", async () => {
    expect((await getPage(server.url, `/tool/${main.slug}`)).res.status).toBe(200);
    const byId = await getPage(server.url, `/tool/${main.id}`);
    expect(byId.res.status).toBe(301);
    expect(locationOf(byId.res, server.url)).toBe(`/tool/${main.slug}`);
    const typed = await getPage(server.url, `/tool/${main.slug.toUpperCase()}`);
    expect(typed.res.status).toBe(301);
    expect(locationOf(typed.res, server.url)).toBe(`/tool/${main.slug}`);
    expect((await getPage(server.url, `/tool/${main.slug.toUpperCase()}-NOPE`)).res.status).toBe(404);
  });

  it("is sent as HTML with no JavaScript file to load (ADR 005, ADR 024), only the header's and the like button's small scripts, as the lists are", async () => {
    const scriptsOf = (html: string) =>
      [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .map((m) => ({ attrs: m[1] ?? "", body: m[2] ?? "" }))
        .filter((script) => !script.attrs.includes("application/ld+json"));
    const tool = await getPage(server.url, `/tool/${main.slug}`);
    const scripts = scriptsOf(tool.html);
    expect(scripts.filter((script) => script.attrs.includes("src="))).toEqual([]);
    expect(tool.html).not.toMatch(/rel="modulepreload"/);
    // Three inline scripts, each allowed by its hash (the page is stored for every visitor): the
    // header's two (the search box's suggestions, and Get Featured's dialog while featuring is
    // sold), which every page has, and the like forms'.
    expect(scripts).toHaveLength(3);
    for (const script of scripts) {
      const hash = createHash("sha256").update(script.body, "utf8").digest("base64");
      expect(tool.res.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
      expect(Buffer.byteLength(script.body)).toBeLessThan(6 * 1024);
    }
    // A list of cards carries the same scripts, and no more than its filter form's besides.
    const browse = scriptsOf((await getPage(server.url, "/browse/all")).html);
    expect(browse.filter((script) => script.attrs.includes("src="))).toEqual([]);
    for (const script of scripts) expect(browse.map((b) => b.body)).toContain(script.body);
    expect(browse).toHaveLength(4);
  });

  it("has a page for each of its tags, with the public tools carrying it (any case), newest first", async () => {
    const { res, html } = await getPage(server.url, "/tag/t-one");
    expect(res.status).toBe(200);
    expect(textOf(element(html, "h1", () => true, "heading").inner)).toBe("Tools tagged “t-one”");
    expect(toolSlugs(element(html, "main", () => true, "main").inner)).toEqual([related[0]!.slug, main.slug]);
    // Another spelling of the address, or of its first page, moves to the one address.
    for (const [from, to] of [
      ["/tag/T-One", "/tag/t-one"],
      ["/tag/t-one?page=1", "/tag/t-one"],
      ["/tag/t-one?page=x", "/tag/t-one"],
    ]) {
      const moved = await getPage(server.url, from!);
      expect(moved.res.status, from).toBe(301);
      expect(locationOf(moved.res, server.url), from).toBe(to);
    }
    expect((await getPage(server.url, "/tag/t-one?page=2")).res.status).toBe(404);
    expect((await getPage(server.url, "/tag/no-tool-has-this")).res.status).toBe(404);
  });

  it("answers 404 'Tool Not Found' with a way to browse for an unknown tool", async () => {
    const { res, html } = await getPage(server.url, "/tool/no-such-tool");
    expect(res.status).toBe(404);
    expect(headings(html, 1)).toEqual(["Tool Not Found"]);
    expect(textOf(html)).toContain("The tool you are looking for does not exist or is no longer available.");
    expect(
      anchors(html)
        .filter((a) => a.text === "Browse All Tools")
        .map((a) => a.attrs.href),
    ).toEqual(["/browse/all"]);
    expect(metaContent(html, "robots")).toBe("noindex");
  });

  it("has the title, description, canonical and Open Graph tags", async () => {
    const { html } = await getPage(server.url, `/tool/${main.slug}`);
    const canonical = `${site}/tool/${main.slug}`;
    expect(titleOf(html)).toBe("Main Tool — The main thing");
    expect(metaContent(html, "description")).toBe(plainDescription.slice(0, 160));
    expect(linkHrefs(html, "canonical")).toEqual([canonical]);
    expect(metaContent(html, "og:title")).toBe("Main Tool — The main thing");
    expect(metaContent(html, "og:url")).toBe(canonical);
    expect(headings(html, 1)).toEqual(["Main Tool"]);

    // No description: the tagline stands in.
    const bareHtml = (await getPage(server.url, `/tool/${bare.slug}`)).html;
    expect(metaContent(bareHtml, "description")).toBe("Nothing but a name");
  });

  it("describes the tool as a schema.org SoftwareApplication", async () => {
    const { html } = await getPage(server.url, `/tool/${main.slug}`);
    const data = jsonLd(html);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      "@context": "https://schema.org",
      "@type": "SoftwareApplication",
      name: "Main Tool",
      url: "https://main.example.com/",
      mainEntityOfPage: `${site}/tool/${main.slug}`,
      applicationCategory: "DesignApplication",
      operatingSystem: "Web, iOS, Android, Windows, macOS",
      offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
      image: `${site}/uploads/logos/main-tool_logo.webp`,
    });
    // Link previews get the tool's own wide image (server/og), not the logo.
    expect(metaContent(html, "og:image")).toMatch(
      new RegExp(`^${site.replace(/[.]/g, "\\.")}/og/main-tool\\.png\\?v=[0-9a-f]{16}$`),
    );
    const bareData = jsonLd((await getPage(server.url, `/tool/${bare.slug}`)).html)[0] as Record<string, unknown>;
    expect(bareData["@type"]).toBe("SoftwareApplication");
    expect(bareData).not.toHaveProperty("offers");
    expect(bareData).not.toHaveProperty("operatingSystem");
  });

  it("opens the website in a new tab through the counted way out, without opener access and not followed", async () => {
    const link = visitWebsite((await getPage(server.url, `/tool/${main.slug}`)).html);
    expect(link.attrs.href).toBe(`/go/${main.slug}`);
    const out = await fetch(`${server.url}${link.attrs.href}`, { redirect: "manual" });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("https://main.example.com/");
    expect(link.attrs.target).toBe("_blank");
    expect(link.rel).toEqual(expect.arrayContaining(["noopener", "nofollow"]));
  });

  it("shows the first 2 categories and first 3 platforms in Quick Info, and the first 8 tags, each category and tag a link to its list", async () => {
    const { html } = await getPage(server.url, `/tool/${main.slug}`);
    const quickInfo = sectionTitled(html, "Quick Info") ?? "";
    expect(facts(quickInfo)).toEqual({
      // (The text helper puts a space after each link's words.)
      Categories: "Design , Development",
      Pricing: "Free",
      Platforms: "Web, iOS, Android",
    });
    expect(anchors(quickInfo).map((a) => [a.text, a.attrs.href])).toEqual([
      ["Design", "/browse/design"],
      ["Development", "/browse/development"],
    ]);
    const tagBox = sectionTitled(html, "Tags") ?? "";
    expect(elements(tagBox, "li").map((li) => textOf(li.inner))).toEqual(tags.slice(0, 8));
    expect(anchors(tagBox).map((a) => a.attrs.href)).toEqual(tags.slice(0, 8).map((tag) => `/tag/${tag}`));
    // The breadcrumb goes through the first category.
    const breadcrumb = element(html, "nav", (a) => a["aria-label"] === "Breadcrumb", "breadcrumb").inner;
    expect(anchors(breadcrumb).map((a) => [a.text, a.attrs.href])).toEqual([
      ["Home", "/"],
      ["Browse", "/browse/all"],
      ["Design", "/browse/design"],
    ]);
    // (The page's hydration data carries every tag; what is shown is in <main>.)
    const shown = element(html, "main", () => true, "main").inner;
    expect(shown).not.toContain("t-nine");
    expect(shown).not.toContain("t-ten");
  });

  it("leaves out the sections a tool has nothing for", async () => {
    const sections = [
      "Preview",
      "About",
      "Features",
      "Use Cases",
      "Target Audience",
      "Integrations",
      "Pricing Details",
      "Tags",
    ];
    const full = headings((await getPage(server.url, `/tool/${main.slug}`)).html, 2);
    expect(full).toEqual(expect.arrayContaining(sections));
    const { res, html } = await getPage(server.url, `/tool/${bare.slug}`);
    expect(res.status).toBe(200);
    const shown = headings(html, 2);
    for (const title of sections) expect(shown, title).not.toContain(title);
    expect(facts(sectionTitled(html, "Quick Info") ?? "")).toEqual({ Categories: "Finance" });
  });

  it("lists up to 3 related tools, those sharing the most categories and tags first, then the most liked, then the newest; never itself or a pending one", async () => {
    const { html } = await getPage(server.url, `/tool/${main.slug}`);
    const aside = element(html, "aside", (a) => a["aria-labelledby"] === "related-title", "related tools").inner;
    // A category and a tag (any case); then, of those sharing one category, the most liked, then the newest.
    expect(toolSlugs(aside)).toEqual([related[0]!.slug, related[1]!.slug, secondCategoryOnly.slug]);
    // Compact cards (docs/design.md#screens): logo, name and tagline; no like button, no category line.
    expect(cards(aside)).toHaveLength(3);
    for (const card of cards(aside)) {
      expect(card.attrs.class?.split(" ")).toContain("is-compact");
      expect(startTags(card.inner, "form")).toEqual([]);
    }
    expect(cardText(aside, related[0]!.slug).endsWith(`${related[0]!.name} ${related[0]!.tagline}`)).toBe(true);
    expect(cardText(aside, related[0]!.slug)).not.toContain("Design");

    // From a related tool: those sharing both its categories first (the most liked of them, then the newest), never itself.
    const other = (await getPage(server.url, `/tool/${related[3]!.slug}`)).html;
    const otherAside = element(other, "aside", (a) => a["aria-labelledby"] === "related-title", "related tools").inner;
    expect(toolSlugs(otherAside)).toEqual([related[1]!.slug, related[2]!.slug, related[0]!.slug]);

    const lonely = (await getPage(server.url, `/tool/${bare.slug}`)).html;
    const lonelyAside = element(
      lonely,
      "aside",
      (a) => a["aria-labelledby"] === "related-title",
      "related tools",
    ).inner;
    expect(toolSlugs(lonelyAside)).toEqual([]);
    expect(textOf(lonelyAside)).toContain("No related tools yet.");
  });
});

describe("hostile tool content", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const description =
    '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>' +
    '<iframe src="https://evil.example"></iframe>';
  const hostile = makeTool({ name: "Hostile Tool", description, categories: ["security"] });
  const evilName = "Evil</script><script>alert(7)</script>";
  const evilTagline = "<img src=x onerror=alert(8)>";
  const named = makeTool({ name: evilName, tagline: evilTagline, categories: ["entertainment"] });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [hostile, named]);
  });

  it("shows a hostile description without any script, handler, javascript: link or frame", async () => {
    const { res, html } = await getPage(server.url, `/tool/${hostile.slug}`);
    expect(res.status).toBe(200);
    const about = sectionTitled(html, "About");
    expect(about).not.toBeNull();
    for (const bad of ["<script", "onerror", "javascript:", "<iframe", "evil.example", "<img"]) {
      expect(about, bad).not.toContain(bad);
    }
    expect(textOf(about!)).toContain("ok");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("evil.example");
    // No element anywhere on the page carries an event handler or a javascript: URL.
    for (const tag of html.matchAll(/<[a-z][^>]*>/gi)) {
      expect(tag[0]).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag[0]).not.toMatch(/javascript:/i);
    }
    const detail = await (await fetch(`${server.url}/api/v1/tools/${hostile.slug}`)).json();
    expect(JSON.stringify(detail)).not.toMatch(/<script|onerror|javascript:|<iframe/);
  });

  it("escapes a hostile name and tagline in the page, its title and its structured data", async () => {
    const { res, html } = await getPage(server.url, `/tool/${named.slug}`);
    expect(res.status).toBe(200);
    expect(html).not.toContain("<script>alert(7)");
    expect(html).not.toContain("<img src=x");
    expect(headings(html, 1)).toEqual([evilName]);
    expect(titleOf(html)).toBe(`${evilName} — ${evilTagline}`);
    expect((jsonLd(html)[0] as { name: string }).name).toBe(evilName);
    for (const path of ["/", "/browse/all", "/browse/entertainment", `/tool/${hostile.slug}`]) {
      const page = (await getPage(server.url, path)).html;
      expect(page, path).not.toContain("<script>alert(7)");
      expect(page, path).not.toContain("<img src=x");
    }
  });
});
