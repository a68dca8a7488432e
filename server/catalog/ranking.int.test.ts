import { beforeAll, describe, expect, it } from "vitest";
import { comparePath, SORTS } from "../../core/catalog.ts";
import { TRENDING_WEIGHTS } from "../../core/trending.ts";
import { SPONSORED_LABEL } from "../../core/featuring.ts";
import { rankingExample } from "../../core/ranking.ts";
import { SEARCH_ORDERS, SEARCH_WEIGHTS } from "../../core/search.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { postCheckout } from "../../tests/support/checkout.ts";
import {
  anchors,
  cards,
  elements,
  getPage,
  headings,
  locationOf,
  sectionLabelledBy,
  textOf,
  titleOf,
  toolSlugs,
} from "../../tests/support/html.ts";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";
import type { NewTool } from "./write.ts";

// "How ranking works" says that payment buys a place in the featured blocks and nothing else: no
// search points, no place in a sorted list. These tests hold the site to it, paying through the
// built-in test checkout as a visitor would, and check the page and its links.

const BASE = Date.UTC(2026, 2, 1);
const HOUR_MS = 60 * 60 * 1000;

/** Tools listed an hour apart, in the order given (the first the oldest). */
function listed(tools: (Partial<NewTool> & { name: string })[]): NewTool[] {
  return tools.map((tool, i) =>
    makeTool({ categories: ["finance"], tags: ["money"], createdAt: BASE + i * HOUR_MS, ...tool }),
  );
}

// For "ledger": one tool scoring most, four scoring the same (the tagline's phrase and word), one
// scoring little (its description), and tools that do not match at all.
const tools = listed([
  { name: "Abacus", tagline: "A ledger for small shops", description: "Counts.", tags: ["money", "shops"] },
  { name: "Ledger Pro", tagline: "The ledger of record", description: "A ledger for firms." },
  { name: "Coinbook", tagline: "A ledger for small shops", description: "Counts.", tags: ["money", "shops"] },
  { name: "Sums", tagline: "Numbers at a glance", description: "Keeps a ledger." },
  { name: "Tallyho", tagline: "A ledger for small shops", description: "Counts." },
  { name: "Zebra Pay", tagline: "Invoices that get paid", description: "Sends invoices." },
  { name: "Bookkeep", tagline: "A ledger for small shops", description: "Counts." },
  { name: "Mango Tax", tagline: "Tax returns made simple", description: "Files returns." },
]);
const [abacus, , , sums] = tools as [NewTool, NewTool, NewTool, NewTool];

interface Summary {
  id: string;
  slug: string;
  sponsored: boolean;
  score?: number;
}

async function api(server: TestServer, path: string): Promise<Summary[]> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: Summary[] }).data;
}

/** Pays for a tool's featured year through the test checkout, as the feature dialog and its Pay page do. */
async function feature(server: TestServer, tool: NewTool, amount: number): Promise<void> {
  const res = await postCheckout(server, { toolId: tool.id, amount });
  expect(res.status).toBe(200);
  const { sessionId } = (await res.json()) as { sessionId: string };
  const pay = await postForm(`${server.url}/test-checkout/${encodeURIComponent(sessionId)}`, { intent: "pay" });
  expect(pay.status).toBe(303);
  expect(locationOf(pay, server.url)).toMatch(/^\/payment-success\?/);
}

/** Everything organic a visitor or a client can see: the API's lists in every sort, search in every order, browse's list. */
async function snapshot(server: TestServer) {
  const lists: Record<string, string[]> = {};
  for (const sort of Object.keys(SORTS))
    lists[sort] = (await api(server, `/api/v1/tools?sort=${sort}`)).map((t) => t.slug);
  // The API's search answers the relevance order, each result with its score; the page has every order.
  const scored = await api(server, "/api/v1/search?q=ledger");
  const search: Record<string, string[]> = {};
  for (const order of Object.keys(SEARCH_ORDERS)) {
    const { html } = await getPage(server.url, `/search/ledger${order === "relevance" ? "" : `?sort=${order}`}`);
    search[order] = toolSlugs(sectionLabelledBy(html, "results-title"));
  }
  const browse: Record<string, { list: string[]; featured: string[] }> = {};
  for (const path of ["/browse/all", "/browse/all/name", "/browse/finance/oldest"]) {
    const { html } = await getPage(server.url, path);
    browse[path] = {
      list: toolSlugs(sectionLabelledBy(html, "list-title")),
      featured: toolSlugs(sectionLabelledBy(html, "featured-title")),
    };
  }
  return { lists, scored, search, browse };
}

describe("featured payments and organic order", () => {
  const testServer = useTestServer({
    configure: (config) => {
      config.rateLimits.checkout = { points: 1000, durationSec: 60 };
    },
  });
  let server: TestServer;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let after: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, tools);
    before = await snapshot(server);
    // The least-matching tool pays most; the oldest of the four that tie pays too.
    await feature(server, sums, 500);
    await feature(server, abacus, 50);
    after = await snapshot(server);
  });

  it("pays for real: both tools are featured, by amount, and marked sponsored", async () => {
    expect(before.browse["/browse/all"]!.featured).toEqual([]);
    expect(after.browse["/browse/all"]!.featured).toEqual([sums.slug, abacus.slug]);
    const sponsored = (await api(server, "/api/v1/tools")).filter((t) => t.sponsored).map((t) => t.slug);
    expect(sponsored.sort()).toEqual([abacus.slug, sums.slug].sort());
  });

  it("leaves every sorted list of the API exactly as it was", () => {
    for (const sort of Object.keys(SORTS)) {
      expect(after.lists[sort], sort).toEqual(before.lists[sort]);
      expect(after.lists[sort]).toHaveLength(tools.length);
    }
  });

  it("leaves browse's list in its order, only the featured tools taken out to their column", () => {
    const paid = new Set([sums.slug, abacus.slug]);
    for (const [path, was] of Object.entries(before.browse)) {
      expect(was.list, path).toHaveLength(tools.length);
      expect(after.browse[path]!.list, path).toEqual(was.list.filter((slug) => !paid.has(slug)));
      expect(after.browse[path]!.featured, path).toEqual([sums.slug, abacus.slug]);
    }
  });

  it("gives every tool the same search score, paid or not", () => {
    const scores = (results: Summary[]) => new Map(results.map((t) => [t.slug, t.score]));
    const was = before.scored;
    expect(was.map((t) => t.slug)).not.toContain("zebra-pay");
    expect(new Set(was.map((t) => t.score)).size).toBeGreaterThan(2);
    expect(scores(after.scored)).toEqual(scores(was));
  });

  it("keeps the order of the unpaid results, and moves a paid one only among results with its own score", () => {
    const was = before.scored;
    const now = after.scored;
    const paid = new Set([sums.slug, abacus.slug]);
    const unpaid = (results: Summary[]) => results.filter((t) => !paid.has(t.slug)).map((t) => t.slug);
    expect(now.filter((t) => t.sponsored).map((t) => t.slug)).toEqual([abacus.slug, sums.slug]);
    expect(unpaid(now)).toEqual(unpaid(was));
    for (const tool of [sums, abacus]) {
      const score = was.find((t) => t.slug === tool.slug)!.score!;
      const place = now.findIndex((t) => t.slug === tool.slug);
      // Behind every result with more points, ahead of none with fewer.
      const more = was.filter((t) => t.score! > score).map((t) => t.slug);
      expect(
        now
          .slice(0, place)
          .filter((t) => t.score! > score)
          .map((t) => t.slug)
          .sort(),
      ).toEqual(more.sort());
      expect(now.slice(place).every((t) => t.score! <= score)).toBe(true);
    }
    // The least-matching tool paid most and is still last.
    expect(now.at(-1)!.slug).toBe(sums.slug);
    // Among the four that tie, the paid one, the oldest, comes first (the page says so).
    const tied = now.filter((t) => t.score === was.find((w) => w.slug === abacus.slug)!.score);
    expect(tied).toHaveLength(4);
    expect(tied[0]!.slug).toBe(abacus.slug);
  });

  it("shows the search page's results in the API's order", () => {
    expect(after.search.relevance).toEqual(after.scored.map((t) => t.slug));
  });

  it("leaves the other search orders exactly as they were", () => {
    for (const order of Object.keys(SEARCH_ORDERS).filter((o) => o !== "relevance")) {
      expect(after.search[order], order).toEqual(before.search[order]);
      expect(after.search[order]).toHaveLength(before.scored.length);
    }
  });

  it("labels every featured card 'sponsored' in text, and links every featured block to the ranking page", async () => {
    for (const path of ["/", "/browse/all", "/search/ledger"]) {
      const { html } = await getPage(server.url, path);
      const block = sectionLabelledBy(html, "featured-title");
      const featuredCards = cards(block);
      expect(featuredCards.length, path).toBeGreaterThan(0);
      for (const card of featuredCards) {
        expect(textOf(card.inner), path).toContain(SPONSORED_LABEL);
        // Real text: no part of the label is hidden from assistive technology.
        expect(card.inner).not.toMatch(/aria-hidden="true"[^>]*>[^<]*sponsored/i);
      }
      expect(
        anchors(block).some((a) => a.attrs.href === "/ranking"),
        path,
      ).toBe(true);
    }
    // An unpaid card says nothing of it.
    const { html } = await getPage(server.url, "/browse/all");
    for (const card of cards(sectionLabelledBy(html, "list-title")))
      expect(textOf(card.inner)).not.toContain("sponsored");
  });

  it("labels a featured tool on its own page, among related tools and in a comparison", async () => {
    const own = textOf((await getPage(server.url, `/tool/${abacus.slug}`)).html);
    expect(own).toContain(SPONSORED_LABEL);
    // Coinbook's related tools: Abacus first (the same category and both tags).
    const { html: related } = await getPage(server.url, `/tool/${tools[2]!.slug}`);
    const card = cards(elements(related, "aside", (a) => a["aria-labelledby"] === "related-title")[0]!.inner).find(
      (c) => toolSlugs(c.inner)[0] === abacus.slug,
    );
    expect(card && textOf(card.inner)).toContain(SPONSORED_LABEL);
    const { html: compared } = await getPage(server.url, comparePath([abacus, tools[2]!]));
    const columns = elements(compared, "th", (a) => a.scope === "col").map((th) => textOf(th.inner));
    expect(columns.find((c) => c.includes("Abacus"))).toContain(SPONSORED_LABEL);
    expect(columns.find((c) => c.includes("Coinbook"))).not.toContain("sponsored");
  });
});

describe("the ranking page", () => {
  const testServer = useTestServer();

  it("explains search, sorts, featured placement and likes, with the example scored by the scorer", async () => {
    const server = testServer();
    const { res, html } = await getPage(server.url, "/ranking");
    expect(res.status).toBe(200);
    expect(titleOf(html)).toMatch(/^How ranking works — /);
    expect(headings(html, 1)).toEqual(["How ranking works"]);
    expect(headings(html, 2)).toEqual([
      "In short",
      "How search scores a tool",
      "How lists are sorted",
      "How trending works",
      "Featured placement is paid",
      "Likes cannot be bought",
    ]);
    expect(headings(html, 3)).toEqual(["An example"]);
    const text = textOf(html);
    // The weights as the scorer has them.
    const weights = elements(html, "table")[0]!;
    const rows = elements(weights.inner, "tr")
      .slice(1)
      .map((tr) => textOf(tr.inner));
    expect(rows).toEqual(
      Object.values(SEARCH_WEIGHTS).map(
        (w, i) => `${["Name", "Tagline", "Description", "Categories", "Tags"][i]} ${w.phrase} ${w.word}`,
      ),
    );
    // The example's rows: the tools in result order, each field's points and the score.
    const example = elements(elements(html, "table")[1]!.inner, "tr")
      .slice(1)
      .map((tr) => textOf(tr.inner));
    expect(example).toEqual(
      rankingExample().map(
        (row) =>
          `${row.tool.name}${row.tool.sponsored ? ` ${SPONSORED_LABEL}` : ""} ${Object.values(row.points).join(" ")} ${row.score} ${row.tool.listedDaysAgo} days ago`,
      ),
    );
    for (const label of Object.values(SORTS)) expect(text).toContain(`“${label}”`);
    expect(text).toContain("lasts 365 days");
    expect(text).toContain("ordered by the amount paid");
    expect(text).toContain("sponsored: true");
    expect(text).toContain("They are not for sale");
    // Trending in words, with the weights of the code and the half-life of the configuration.
    expect(text).toContain(
      `Each published review is worth ${TRENDING_WEIGHTS.review} points, each like ${TRENDING_WEIGHTS.like} and each view of a tool's page ${TRENDING_WEIGHTS.view}`,
    );
    expect(text).toContain(`halves in worth each ${server.services.config.trending.halfLifeMs / 3_600_000} hours`);
    // Drawn on the server: no React scripts to hydrate it.
    expect(html).not.toMatch(/<script[^>]+type="module"/);
  });

  it("is linked from the footer of every page and from the search page", async () => {
    const server = testServer();
    for (const path of ["/", "/ranking", "/about", "/search", "/search/anything"]) {
      const { html } = await getPage(server.url, path);
      const footer = elements(html, "footer")[0]!.inner;
      expect(anchors(footer).find((a) => a.attrs.href === "/ranking")?.text, path).toBe("How ranking works");
    }
    for (const path of ["/search", "/search/anything"]) {
      const main = elements((await getPage(server.url, path)).html, "main")[0]!.inner;
      expect(
        anchors(main).some((a) => a.attrs.href === "/ranking"),
        path,
      ).toBe(true);
    }
  });
});
