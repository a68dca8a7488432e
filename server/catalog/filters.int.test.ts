import { beforeAll, describe, expect, it } from "vitest";
import { addPaidOrder, addTools, DAY_MS, makeTool } from "../../tests/support/catalog.ts";
import {
  anchors,
  element,
  elements,
  getPage,
  linkHrefs,
  locationOf,
  sectionLabelledBy,
  startTags,
  textOf,
  titleOf,
  toolSlugs,
} from "../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { changeCatalog } from "./change.ts";
import { setToolStatus, updateToolRow } from "./write.ts";

// Filters of the public lists by pricing model and platform (core/filters.ts): on browse, with
// their counts per option and one canonical address, and in the JSON API. The tools are few and
// each has a known pricing model and platforms, so every list and count below is exact.

const HOUR_MS = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 3, 1);

const PRICING = [
  "free",
  "freemium",
  "paid",
  "one-time-purchase",
  "subscription",
  "usage-based",
  "contact-for-pricing",
] as const;
const PLATFORM = ["web", "ios", "android", "windows", "mac", "linux", "api", "browser-extension"] as const;
const PRICING_LABELS = [
  "Free",
  "Freemium",
  "Paid",
  "One-time Purchase",
  "Subscription",
  "Usage-based",
  "Contact for Pricing",
];
const PLATFORM_LABELS = ["Web", "iOS", "Android", "Windows", "macOS", "Linux", "API", "Browser Extension"];

type PricingCounts = Partial<Record<(typeof PRICING)[number], number>>;
type PlatformCounts = Partial<Record<(typeof PLATFORM)[number], number>>;

/** Every option of a filter with its count, those not named 0. */
const allPricing = (counts: PricingCounts) => Object.fromEntries(PRICING.map((slug) => [slug, counts[slug] ?? 0]));
const allPlatforms = (counts: PlatformCounts) => Object.fromEntries(PLATFORM.map((slug) => [slug, counts[slug] ?? 0]));

interface PanelOption {
  value: string;
  label: string;
  count: number;
  checked: boolean;
}

/** The "Filters" form of a browse page: where it submits, and each group's checkboxes as shown. */
function filterPanel(html: string) {
  const form = element(html, "form", (a) => a["aria-label"] === "Filters", "filter form");
  const group = (legend: string): PanelOption[] => {
    const fieldset = elements(form.inner, "fieldset").find(
      (f) => textOf(elements(f.inner, "legend")[0]?.inner ?? "") === legend,
    );
    if (!fieldset) throw new Error(`no ${legend} group in the filter form`);
    return elements(fieldset.inner, "li").map((li) => {
      const input = startTags(li.inner, "input")[0]!.attrs;
      const m = /^(.*) (\d+)$/.exec(textOf(li.inner));
      if (!m) throw new Error(`no count in "${textOf(li.inner)}"`);
      expect(input.type).toBe("checkbox");
      expect(input.name).toBe(legend === "Pricing" ? "pricing" : "platform");
      return { value: input.value!, label: m[1]!, count: Number(m[2]), checked: "checked" in input };
    });
  };
  const pricing = group("Pricing");
  const platform = group("Platform");
  const counts = (options: PanelOption[]) => Object.fromEntries(options.map((o) => [o.value, o.count]));
  const checked = (options: PanelOption[]) => options.filter((o) => o.checked).map((o) => o.value);
  return {
    method: form.attrs.method,
    action: form.attrs.action,
    pricing,
    platform,
    pricingCounts: counts(pricing),
    platformCounts: counts(platform),
    checked: { pricing: checked(pricing), platform: checked(platform) },
    buttons: elements(form.inner, "button").map((b) => textOf(b.inner)),
    sort: startTags(form.inner, "select").map((select) => select.attrs.name),
  };
}

/** A browse page that must answer 200: its list, featured column, count line and filter form. */
async function browse(server: TestServer, path: string) {
  const { res, html } = await getPage(server.url, path);
  expect(res.status, path).toBe(200);
  const main = element(html, "main", () => true, "main").inner;
  return {
    html,
    list: toolSlugs(sectionLabelledBy(html, "list-title")),
    listText: textOf(sectionLabelledBy(html, "list-title")),
    listSection: sectionLabelledBy(html, "list-title"),
    featured: toolSlugs(sectionLabelledBy(html, "featured-title")),
    countLine: elements(main, "p", (a) => a["aria-live"] === "polite").map((p) => textOf(p.inner)),
    panel: filterPanel(html),
    heading: textOf(elements(main, "h1")[0]?.inner ?? ""),
    chips: activeFilters(html),
  };
}

/** The active filters' chips and the one "Clear all", as [text, href]. */
function activeFilters(html: string): [string, string][] {
  return anchors(html)
    .filter((a) => a.text.startsWith("Remove filter: ") || a.text === "Clear all")
    .map((a) => [a.text, a.attrs.href!]);
}

interface ApiList {
  data: { slug: string }[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  filters: { pricing: string[]; platform: string[] };
  facets: {
    pricing: { value: string; label: string; count: number }[];
    platform: { value: string; label: string; count: number }[];
  };
}

async function apiList(server: TestServer, query: string): Promise<ApiList> {
  const res = await fetch(`${server.url}/api/v1/tools?${query}`);
  expect(res.status, query).toBe(200);
  return (await res.json()) as ApiList;
}

/** The API's facets as the page's counts are compared: value → count, after checking order and labels. */
function facetCounts(facets: ApiList["facets"]) {
  expect(facets.pricing.map((f) => [f.value, f.label])).toEqual(PRICING.map((slug, i) => [slug, PRICING_LABELS[i]]));
  expect(facets.platform.map((f) => [f.value, f.label])).toEqual(PLATFORM.map((slug, i) => [slug, PLATFORM_LABELS[i]]));
  return {
    pricing: Object.fromEntries(facets.pricing.map((f) => [f.value, f.count])),
    platform: Object.fromEntries(facets.platform.map((f) => [f.value, f.count])),
  };
}

describe("filters by pricing model and platform", () => {
  const testServer = useTestServer();
  let server: TestServer;
  let site: string;
  const at = (hours: number) => BASE + hours * HOUR_MS;
  // Seven public tools (newest last here) and a pending one that must count nowhere.
  const alpha = makeTool({
    name: "Alpha Notes",
    pricingModel: "Free",
    platforms: ["Web"],
    categories: ["design"],
    createdAt: at(1),
  });
  const bravo = makeTool({
    name: "Bravo Sketch",
    pricingModel: "Freemium",
    platforms: ["macOS", "Windows"],
    categories: ["design"],
    createdAt: at(2),
  });
  const charlie = makeTool({
    name: "Charlie Build",
    pricingModel: "Paid",
    platforms: ["macOS"],
    categories: ["development"],
    createdAt: at(3),
  });
  const delta = makeTool({
    name: "Delta Shell",
    pricingModel: "Free",
    platforms: ["Linux", "macOS"],
    categories: ["development"],
    createdAt: at(4),
  });
  const echo = makeTool({
    name: "Echo Frames",
    pricingModel: "Subscription",
    platforms: ["Web", "iOS", "Android"],
    categories: ["design"],
    createdAt: at(5),
  });
  // No pricing model: in no pricing count, left out as soon as pricing is filtered.
  const foxtrot = makeTool({
    name: "Foxtrot Clip",
    pricingModel: null,
    platforms: ["Web", "Browser Extension"],
    categories: ["design"],
    createdAt: at(6),
  });
  const golf = makeTool({
    name: "Golf Hidden",
    pricingModel: "Free",
    platforms: ["macOS", "iOS"],
    categories: ["design", "development"],
    status: "pending",
    createdAt: at(7),
  });
  const hotel = makeTool({
    name: "Hotel Paint",
    pricingModel: "One-time Purchase",
    platforms: ["Windows"],
    categories: ["design"],
    createdAt: at(8),
  });

  beforeAll(async () => {
    server = testServer();
    site = server.services.config.siteUrl;
    await addTools(server.services, [alpha, bravo, charlie, delta, echo, foxtrot, golf, hotel]);
    // Bravo is featured: browse shows it in the featured column, apart from the list.
    await addPaidOrder(server.services, bravo, 50, Date.now() - DAY_MS);
  });

  const unfilteredPricing = allPricing({ free: 2, freemium: 1, paid: 1, "one-time-purchase": 1, subscription: 1 });
  const unfilteredPlatforms = allPlatforms({
    web: 3,
    ios: 1,
    android: 1,
    windows: 2,
    mac: 3,
    linux: 1,
    "browser-extension": 1,
  });

  describe("browse", () => {
    it("without filters lists every public tool and counts each option among them", async () => {
      const page = await browse(server, "/browse/all");
      expect(page.featured).toEqual([bravo.slug]);
      expect(page.list).toEqual([hotel, foxtrot, echo, delta, charlie, alpha].map((t) => t.slug));
      expect(page.countLine).toEqual(["7 tools · 1 shown under Featured"]);
      expect(page.panel.pricingCounts).toEqual(unfilteredPricing);
      expect(page.panel.platformCounts).toEqual(unfilteredPlatforms);
      expect(page.panel.checked).toEqual({ pricing: [], platform: [] });
      // Every option in its listed order, under its label, even those no tool has.
      expect(page.panel.pricing.map((o) => [o.value, o.label])).toEqual(
        PRICING.map((slug, i) => [slug, PRICING_LABELS[i]]),
      );
      expect(page.panel.platform.map((o) => [o.value, o.label])).toEqual(
        PLATFORM.map((slug, i) => [slug, PLATFORM_LABELS[i]]),
      );
      expect(page.chips).toEqual([]);
      expect(page.heading).toBe("All tools");
    });

    it("is one GET form of checkboxes and the sort, submitting to the page's category, with an 'Apply' button", async () => {
      expect(filterPanel((await getPage(server.url, "/browse/all")).html)).toMatchObject({
        method: "get",
        action: "/browse/all",
        buttons: ["Apply"],
        sort: ["sort"],
      });
      const { html } = await getPage(server.url, "/browse/design/name?platform=web");
      expect(filterPanel(html)).toMatchObject({
        method: "get",
        action: "/browse/design",
        buttons: ["Apply"],
        sort: ["sort"],
      });
      // The sort shown is the page's: a tick sent along with a new sort is never lost.
      expect(
        startTags(html, "option")
          .filter((o) => "selected" in o.attrs)
          .map((o) => o.attrs.value),
      ).toEqual(["name"]);
      // Without JavaScript the form's sort and ticks come back as the page's one address.
      const res = await fetch(`${server.url}/browse/design?pricing=free&platform=web&sort=oldest`, {
        redirect: "manual",
      });
      expect(res.status).toBe(301);
      expect(locationOf(res, server.url)).toBe("/browse/design/oldest?pricing=free&platform=web");
    });

    it("filters by pricing model: any option chosen matches", async () => {
      const free = await browse(server, "/browse/all?pricing=free");
      expect(free.list).toEqual([delta.slug, alpha.slug]);
      expect(free.featured).toEqual([]);
      expect(free.countLine).toEqual(["2 tools"]);
      expect(free.panel.checked).toEqual({ pricing: ["free"], platform: [] });
      // Pricing counts stay those of every tool (no platform chosen); platform counts are among the free tools.
      expect(free.panel.pricingCounts).toEqual(unfilteredPricing);
      expect(free.panel.platformCounts).toEqual(allPlatforms({ web: 1, mac: 1, linux: 1 }));

      const several = await browse(server, "/browse/all?pricing=free,paid,subscription");
      expect(several.list).toEqual([echo, delta, charlie, alpha].map((t) => t.slug));
      expect(several.countLine).toEqual(["4 tools"]);
      expect(several.panel.checked.pricing).toEqual(["free", "paid", "subscription"]);
      expect(several.panel.platformCounts).toEqual(allPlatforms({ web: 2, ios: 1, android: 1, mac: 2, linux: 1 }));

      // A tool without a pricing model matches no pricing filter.
      const everyModel = await browse(server, `/browse/all?pricing=${PRICING.join(",")}`);
      expect(everyModel.list).toEqual([hotel, echo, delta, charlie, alpha].map((t) => t.slug));
      expect(everyModel.featured).toEqual([bravo.slug]);
    });

    it("filters by platform: any option chosen matches", async () => {
      const mac = await browse(server, "/browse/all?platform=mac");
      expect(mac.featured).toEqual([bravo.slug]);
      expect(mac.list).toEqual([delta.slug, charlie.slug]);
      expect(mac.countLine).toEqual(["3 tools · 1 shown under Featured"]);
      expect(mac.panel.checked).toEqual({ pricing: [], platform: ["mac"] });
      expect(mac.panel.pricingCounts).toEqual(allPricing({ free: 1, freemium: 1, paid: 1 }));
      expect(mac.panel.platformCounts).toEqual(unfilteredPlatforms);

      const either = await browse(server, "/browse/all?platform=linux,browser-extension");
      expect(either.list).toEqual([foxtrot.slug, delta.slug]);
      expect(either.featured).toEqual([]);
      expect(either.panel.pricingCounts).toEqual(allPricing({ free: 1 }));
    });

    it("filters by both: every filter has to hold", async () => {
      const page = await browse(server, "/browse/all?pricing=free,freemium&platform=mac");
      expect(page.featured).toEqual([bravo.slug]);
      expect(page.list).toEqual([delta.slug]);
      expect(page.countLine).toEqual(["2 tools · 1 shown under Featured"]);
      expect(page.panel.checked).toEqual({ pricing: ["free", "freemium"], platform: ["mac"] });
      // Pricing counted among the mac tools, platforms among the free and freemium ones.
      expect(page.panel.pricingCounts).toEqual(allPricing({ free: 1, freemium: 1, paid: 1 }));
      expect(page.panel.platformCounts).toEqual(allPlatforms({ web: 1, windows: 1, mac: 2, linux: 1 }));

      const windowsPaid = await browse(server, "/browse/all?pricing=one-time-purchase&platform=windows");
      expect(windowsPaid.list).toEqual([hotel.slug]);
      expect(windowsPaid.featured).toEqual([]);
    });

    it("filters within the category, in the chosen sort", async () => {
      const web = await browse(server, "/browse/design?platform=web");
      expect(web.list).toEqual([foxtrot, echo, alpha].map((t) => t.slug));
      expect(web.featured).toEqual([]);
      expect(web.countLine).toEqual(["3 tools"]);
      expect(web.panel.pricingCounts).toEqual(allPricing({ free: 1, subscription: 1 }));
      expect(web.panel.platformCounts).toEqual(
        allPlatforms({ web: 3, ios: 1, android: 1, windows: 2, mac: 1, "browser-extension": 1 }),
      );

      const both = await browse(server, "/browse/design/name?pricing=free,subscription&platform=web");
      expect(both.list).toEqual([alpha.slug, echo.slug]);
      expect(both.panel.pricingCounts).toEqual(allPricing({ free: 1, subscription: 1 }));
      expect(both.panel.platformCounts).toEqual(allPlatforms({ web: 2, ios: 1, android: 1 }));

      expect((await browse(server, "/browse/design/name-desc?platform=web")).list).toEqual(
        [foxtrot, echo, alpha].map((t) => t.slug),
      );
      expect((await browse(server, "/browse/all/oldest?pricing=free")).list).toEqual([alpha.slug, delta.slug]);
      expect((await browse(server, "/browse/all/name?platform=mac")).list).toEqual([charlie.slug, delta.slug]);
      expect((await browse(server, "/browse/development/name-desc?pricing=free,paid")).list).toEqual([
        delta.slug,
        charlie.slug,
      ]);
      // Bravo is a mac tool of design, so it stays featured there; Charlie and Delta are development's.
      const designMac = await browse(server, "/browse/design?platform=mac");
      expect(designMac.featured).toEqual([bravo.slug]);
      expect(designMac.list).toEqual([]);
      expect(designMac.countLine).toEqual(["1 tool · 1 shown under Featured"]);
      expect(designMac.html).toContain("The one tool here is shown under Featured.");
      expect(designMac.html).not.toContain("No tools match these filters.");
      const developmentMac = await browse(server, "/browse/development?platform=mac");
      expect(developmentMac.featured).toEqual([]);
      // A tool is featured elsewhere: the empty column does not invite a first one.
      expect(textOf(sectionLabelledBy(developmentMac.html, "featured-title"))).not.toContain("Be the first");
    });

    it("keeps the filters in the category links and the canonical link, counts categories under them, and shows them as chips", async () => {
      const page = await browse(server, "/browse/all?platform=mac");
      const nav = element(page.html, "nav", (a) => a["aria-label"] === "Categories", "category list").inner;
      // The category counts are those the filters give.
      expect(anchors(nav).map((a) => [a.text, a.attrs.href])).toEqual([
        ["All tools 3", "/browse/all?platform=mac"],
        ["Design 1", "/browse/design?platform=mac"],
        ["Development 2", "/browse/development?platform=mac"],
      ]);
      expect(linkHrefs(page.html, "canonical")).toEqual([`${site}/browse/all?platform=mac`]);
      expect(page.heading).toBe("Tools for macOS");
      expect(titleOf(page.html)).toMatch(/^Tools for macOS — /);
      expect(page.chips).toEqual([
        ["Remove filter: macOS", "/browse/all"],
        ["Clear all", "/browse/all"],
      ]);
      // A category no tool of the filters is in drops out of the list.
      const ios = await browse(server, "/browse/all?platform=ios");
      const iosNav = element(ios.html, "nav", (a) => a["aria-label"] === "Categories", "category list").inner;
      expect(anchors(iosNav).map((a) => a.text)).toEqual(["All tools 1", "Design 1"]);

      const sorted = await browse(server, "/browse/design/name?pricing=free,freemium&platform=web");
      expect(linkHrefs(sorted.html, "canonical")).toEqual([
        `${site}/browse/design/name?pricing=free,freemium&platform=web`,
      ]);
      expect(sorted.heading).toBe("Free or freemium design tools for Web");
      expect(titleOf(sorted.html)).toMatch(/^Free or freemium design tools for Web \(Name A-Z\) — /);
      expect(textOf(element(sorted.html, "nav", (x) => x["aria-label"] === "Breadcrumb", "breadcrumb").inner)).toBe(
        "Home › Browse › Free or freemium design tools for Web › Name A-Z",
      );
      // Each chip removes itself, the sort kept; "Clear all" removes every one, the category and sort too.
      expect(sorted.chips).toEqual([
        ["Remove filter: Design", "/browse/all/name?pricing=free,freemium&platform=web"],
        ["Remove filter: Free", "/browse/design/name?pricing=freemium&platform=web"],
        ["Remove filter: Freemium", "/browse/design/name?pricing=free&platform=web"],
        ["Remove filter: Web", "/browse/design/name?pricing=free,freemium"],
        ["Clear all", "/browse/all"],
      ]);
      // Every clearing control on the page is that one.
      expect(
        anchors(sorted.html)
          .filter((a) => /clear/i.test(a.text))
          .map((a) => a.text),
      ).toEqual(["Clear all"]);
    });

    it("says so when no tool matches, and points to the chips above", async () => {
      for (const [path, clear, heading] of [
        ["/browse/development?platform=ios", "/browse/all", "Development tools for iOS, Latest"],
        [
          "/browse/development/name?pricing=subscription&platform=mac",
          "/browse/all",
          "Subscription development tools for macOS, Name A-Z",
        ],
        ["/browse/all?pricing=contact-for-pricing", "/browse/all", "Contact for Pricing tools, Latest"],
        [
          "/browse/all/oldest?pricing=usage-based,contact-for-pricing&platform=api",
          "/browse/all",
          "Usage-based or contact for pricing tools for API, Oldest",
        ],
      ] as const) {
        const page = await browse(server, path);
        expect(page.list, path).toEqual([]);
        expect(page.featured, path).toEqual([]);
        expect(page.countLine, path).toEqual(["0 tools"]);
        // The list's heading (for screen readers) comes first.
        expect(page.listText, path).toBe(
          `${heading} No tools match these filters. Remove a filter above to see more tools.`,
        );
        expect(anchors(page.listSection), path).toEqual([]);
        expect(page.chips.at(-1), path).toEqual(["Clear all", clear]);
        expect(page.html, path).not.toContain("Page 1 of");
      }
      // A category with no tool at all, unfiltered, says what it said before.
      const empty = await browse(server, "/browse/health");
      expect(empty.listText).not.toContain("No tools match these filters");
      expect(empty.listText).toContain("No tools here yet.");
      expect(empty.chips).toEqual([
        ["Remove filter: Health", "/browse/all"],
        ["Clear all", "/browse/all"],
      ]);
    });

    it("never counts or lists a tool that is not public", async () => {
      for (const path of [
        "/browse/all?pricing=free",
        "/browse/design?platform=ios",
        "/browse/development?pricing=free&platform=ios,mac",
      ]) {
        const page = await browse(server, path);
        expect(page.html, path).not.toContain(golf.slug);
        expect(page.html, path).not.toContain(golf.name);
      }
      expect((await browse(server, "/browse/design?platform=ios")).panel.platformCounts.ios).toBe(1);
      expect((await browse(server, "/browse/all?platform=ios")).panel.pricingCounts).toEqual(
        allPricing({ subscription: 1 }),
      );
    });

    it("redirects (301) filters written any other way to their one canonical address", async () => {
      const redirects: [string, string][] = [
        // Repeated, as a form's checkboxes submit them.
        ["/browse/all?pricing=free&pricing=freemium", "/browse/all?pricing=free,freemium"],
        [
          "/browse/all?pricing=paid&pricing=free&platform=mac&platform=web",
          "/browse/all?pricing=free,paid&platform=web,mac",
        ],
        // In another order, or twice.
        ["/browse/all?pricing=freemium,free", "/browse/all?pricing=free,freemium"],
        ["/browse/all?platform=linux,mac&pricing=paid", "/browse/all?pricing=paid&platform=mac,linux"],
        ["/browse/all?platform=mac,mac", "/browse/all?platform=mac"],
        // In another case, or macOS's other name.
        ["/browse/all?pricing=FREE", "/browse/all?pricing=free"],
        ["/browse/all?platform=Browser-Extension,WEB", "/browse/all?platform=web,browser-extension"],
        ["/browse/all?platform=macos", "/browse/all?platform=mac"],
        ["/browse/design?platform=MacOS&pricing=Freemium", "/browse/design?pricing=freemium&platform=mac"],
        // Unknown or empty values are dropped.
        ["/browse/all?pricing=free,gratis", "/browse/all?pricing=free"],
        ["/browse/all?pricing=gratis", "/browse/all"],
        ["/browse/all?pricing=gratis&platform=mac", "/browse/all?platform=mac"],
        ["/browse/all?pricing=", "/browse/all"],
        ["/browse/all?pricing=free,&platform=", "/browse/all?pricing=free"],
        ["/browse/all?pricing=%20free", "/browse/all?pricing=free"],
        // Together with the rules that were there before: page 1, ?sort=, category spellings.
        ["/browse/design/name?platform=WEB&page=1", "/browse/design/name?platform=web"],
        ["/browse/all?platform=mac&sort=name", "/browse/all/name?platform=mac"],
        [
          "/browse/all?pricing=free,freemium&platform=mac&sort=oldest",
          "/browse/all/oldest?pricing=free,freemium&platform=mac",
        ],
        ["/browse/social-media?pricing=free", "/browse/social?pricing=free"],
        ["/browse/all?pricing=free&page=abc", "/browse/all?pricing=free"],
      ];
      for (const [from, to] of redirects) {
        const { res } = await getPage(server.url, from);
        expect(res.status, from).toBe(301);
        expect(locationOf(res, server.url), from).toBe(to);
        // The canonical address is a page, not another redirect.
        expect((await getPage(server.url, to)).res.status, to).toBe(200);
      }
      // What the filter form submits for free + paid on mac.
      const form = new URLSearchParams([
        ["pricing", "free"],
        ["pricing", "paid"],
        ["platform", "mac"],
      ]);
      const { res } = await getPage(server.url, `/browse/all/name?${form}`);
      expect(res.status).toBe(301);
      expect(locationOf(res, server.url)).toBe("/browse/all/name?pricing=free,paid&platform=mac");
    });

    it("answers the canonical addresses themselves without a redirect", async () => {
      for (const path of [
        "/browse/all?pricing=free",
        "/browse/all?pricing=free,freemium&platform=mac",
        "/browse/all?platform=web,browser-extension",
        "/browse/design/name-desc?pricing=one-time-purchase",
        "/browse/all?pricing=usage-based",
      ]) {
        const { res, html } = await getPage(server.url, path);
        expect(res.status, path).toBe(200);
        expect(linkHrefs(html, "canonical"), path).toEqual([`${site}${path}`]);
      }
    });
  });

  describe("JSON API", () => {
    it("lists the tools both filters match, newest first, with the filters and the counts per option", async () => {
      const body = await apiList(server, "pricing=free,freemium&platform=mac");
      // The API lists featured tools among the others.
      expect(body.data.map((t) => t.slug)).toEqual([delta.slug, bravo.slug]);
      expect(body).toMatchObject({ page: 1, pageSize: 24, total: 2, totalPages: 1 });
      expect(body.filters).toEqual({ pricing: ["free", "freemium"], platform: ["mac"] });
      expect(facetCounts(body.facets)).toEqual({
        pricing: allPricing({ free: 1, freemium: 1, paid: 1 }),
        platform: allPlatforms({ web: 1, windows: 1, mac: 2, linux: 1 }),
      });
    });

    it("without filters lists every public tool, says none is chosen and counts every option", async () => {
      const body = await apiList(server, "pageSize=100");
      expect(body.data.map((t) => t.slug)).toEqual(
        [hotel, foxtrot, echo, delta, charlie, bravo, alpha].map((t) => t.slug),
      );
      expect(body.total).toBe(7);
      expect(body.filters).toEqual({ pricing: [], platform: [] });
      expect(facetCounts(body.facets)).toEqual({ pricing: unfilteredPricing, platform: unfilteredPlatforms });
      // An empty value chooses nothing.
      const empty = await apiList(server, "pricing=&platform=");
      expect(empty.total).toBe(7);
      expect(empty.filters).toEqual({ pricing: [], platform: [] });
    });

    it("filters by one filter, with category, sort and pages", async () => {
      const free = await apiList(server, "pricing=free");
      expect(free.data.map((t) => t.slug)).toEqual([delta.slug, alpha.slug]);
      expect(free.filters).toEqual({ pricing: ["free"], platform: [] });
      expect(facetCounts(free.facets)).toEqual({
        pricing: unfilteredPricing,
        platform: allPlatforms({ web: 1, mac: 1, linux: 1 }),
      });

      const designWeb = await apiList(server, "category=design&platform=web&sort=name");
      expect(designWeb.data.map((t) => t.slug)).toEqual([alpha, echo, foxtrot].map((t) => t.slug));
      expect(designWeb.total).toBe(3);
      expect(facetCounts(designWeb.facets)).toEqual({
        pricing: allPricing({ free: 1, subscription: 1 }),
        platform: allPlatforms({ web: 3, ios: 1, android: 1, windows: 2, mac: 1, "browser-extension": 1 }),
      });

      const pages = [1, 2, 3].map((page) => apiList(server, `platform=mac&sort=oldest&pageSize=2&page=${page}`));
      const [first, second, beyond] = await Promise.all(pages);
      expect(first!.data.map((t) => t.slug)).toEqual([bravo.slug, charlie.slug]);
      expect(second!.data.map((t) => t.slug)).toEqual([delta.slug]);
      expect(beyond!.data).toEqual([]);
      for (const body of [first!, second!, beyond!]) {
        expect(body).toMatchObject({
          pageSize: 2,
          total: 3,
          totalPages: 2,
          filters: { pricing: [], platform: ["mac"] },
        });
      }

      const none = await apiList(server, "category=development&platform=ios");
      expect(none).toMatchObject({ data: [], total: 0, totalPages: 1 });
      expect(facetCounts(none.facets)).toEqual({
        pricing: allPricing({}),
        platform: allPlatforms({ mac: 2, linux: 1 }),
      });
    });

    it("accepts values in any case and order, and macos, and answers with the canonical slugs", async () => {
      const body = await apiList(server, "pricing=FREEMIUM,Free,free&platform=MacOS");
      expect(body.filters).toEqual({ pricing: ["free", "freemium"], platform: ["mac"] });
      expect(body.data.map((t) => t.slug)).toEqual([delta.slug, bravo.slug]);
    });

    it("refuses an unknown value with 400 invalid-argument naming the options", async () => {
      const pricingOptions =
        "pricing: one or more of free, freemium, paid, one-time-purchase, subscription, usage-based, contact-for-pricing, comma-separated.";
      const platformOptions =
        "platform: one or more of web, ios, android, windows, mac, linux, api, browser-extension, comma-separated.";
      for (const [query, message] of [
        ["pricing=gratis", pricingOptions],
        ["pricing=free,gratis", pricingOptions],
        ["pricing=Free%20Forever", pricingOptions],
        ["pricing=mac", pricingOptions],
        ["platform=bsd", platformOptions],
        ["platform=web,macOS%20X", platformOptions],
        ["platform=free&category=design", platformOptions],
      ] as const) {
        const res = await fetch(`${server.url}/api/v1/tools?${query}`);
        expect(res.status, query).toBe(400);
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(body.error.code, query).toBe("invalid-argument");
        expect(body.error.message, query).toContain(message);
        expect(res.headers.get("access-control-allow-origin"), query).toBe("*");
      }
    });

    it("refuses a repeated filter parameter with 400 invalid-argument", async () => {
      for (const [query, name] of [
        ["pricing=free&pricing=paid", "pricing"],
        ["platform=mac&platform=web", "platform"],
        ["pricing=free&platform=mac&platform=mac", "platform"],
      ] as const) {
        const res = await fetch(`${server.url}/api/v1/tools?${query}`);
        expect(res.status, query).toBe(400);
        expect(await res.json(), query).toEqual({
          error: { code: "invalid-argument", message: `${name} may be given only once.` },
        });
      }
    });
  });
});

describe("filtered pages", () => {
  const testServer = useTestServer();
  let server: TestServer;
  let site: string;
  // 26 usage-based API tools and 4 free web ones, all in analytics: the usage-based list has two pages.
  const metered = Array.from({ length: 26 }, (_, i) =>
    makeTool({
      name: `Metered ${String(i + 1).padStart(2, "0")}`,
      pricingModel: "Usage-based",
      platforms: ["API"],
      categories: ["analytics"],
      createdAt: BASE + (i + 1) * HOUR_MS,
    }),
  );
  const gratis = Array.from({ length: 4 }, (_, i) =>
    makeTool({
      name: `Gratis ${i + 1}`,
      pricingModel: "Free",
      platforms: ["Web"],
      categories: ["analytics"],
      createdAt: BASE + (100 + i) * HOUR_MS,
    }),
  );
  const newestMetered = [...metered].reverse().map((t) => t.slug);

  beforeAll(async () => {
    server = testServer();
    site = server.services.config.siteUrl;
    await addTools(server.services, [...metered, ...gratis]);
  });

  /** The page's prev/next links, in the head (absolute) and in the page. */
  function pageLinks(html: string) {
    return {
      head: { prev: linkHrefs(html, "prev"), next: linkHrefs(html, "next") },
      page: anchors(html)
        .filter((a) => ["prev", "next"].includes(a.attrs.rel ?? ""))
        .map((a) => [a.attrs.rel, a.attrs.href]),
    };
  }

  it("pages through a filtered list, every page link keeping the filters", async () => {
    const first = await browse(server, "/browse/all?pricing=usage-based");
    expect(first.list).toEqual(newestMetered.slice(0, 24));
    expect(first.countLine).toEqual(["26 tools"]);
    expect(textOf(first.html)).toContain("Page 1 of 2");
    expect(pageLinks(first.html)).toEqual({
      head: { prev: [], next: [`${site}/browse/all?pricing=usage-based&page=2`] },
      page: [["next", "/browse/all?pricing=usage-based&page=2"]],
    });

    const second = await browse(server, "/browse/all?pricing=usage-based&page=2");
    expect(second.list).toEqual(newestMetered.slice(24));
    expect(textOf(second.html)).toContain("Page 2 of 2");
    expect(linkHrefs(second.html, "canonical")).toEqual([`${site}/browse/all?pricing=usage-based&page=2`]);
    expect(pageLinks(second.html)).toEqual({
      head: { prev: [`${site}/browse/all?pricing=usage-based`], next: [] },
      page: [["prev", "/browse/all?pricing=usage-based"]],
    });
    // The filter form leaves the page behind: a new choice starts at page 1.
    expect(second.panel.action).toBe("/browse/all");
    expect(second.panel.checked).toEqual({ pricing: ["usage-based"], platform: [] });
  });

  it("keeps both filters, the category and the sort in the page links", async () => {
    const base = "/browse/analytics/name?pricing=usage-based&platform=api";
    const first = await browse(server, base);
    expect(first.list).toEqual(metered.slice(0, 24).map((t) => t.slug));
    expect(pageLinks(first.html)).toEqual({
      head: { prev: [], next: [`${site}${base}&page=2`] },
      page: [["next", `${base}&page=2`]],
    });
    const second = await browse(server, `${base}&page=2`);
    expect(second.list).toEqual(metered.slice(24).map((t) => t.slug));
    expect(pageLinks(second.html)).toEqual({ head: { prev: [`${site}${base}`], next: [] }, page: [["prev", base]] });
  });

  it("counts the pages of the filtered list: one page of four, a 404 beyond the last", async () => {
    const free = await browse(server, "/browse/all?pricing=free");
    expect(free.list).toEqual([...gratis].reverse().map((t) => t.slug));
    expect(textOf(free.html)).not.toContain("Page 1 of");
    expect(pageLinks(free.html)).toEqual({ head: { prev: [], next: [] }, page: [] });
    for (const path of [
      "/browse/all?pricing=free&page=2",
      "/browse/all?pricing=usage-based&page=3",
      "/browse/analytics?platform=web&page=2",
    ]) {
      const { res } = await getPage(server.url, path);
      expect(res.status, path).toBe(404);
    }
    // Unfiltered, the same list has two pages.
    expect((await getPage(server.url, "/browse/all?page=2")).res.status).toBe(200);
  });

  it("redirects a filtered page written another way to its canonical address, page kept", async () => {
    for (const [from, to] of [
      ["/browse/all?page=2&pricing=Usage-Based", "/browse/all?pricing=usage-based&page=2"],
      ["/browse/all?pricing=usage-based&pricing=free&page=2", "/browse/all?pricing=free,usage-based&page=2"],
      ["/browse/analytics?platform=api&page=1", "/browse/analytics?platform=api"],
      ["/browse/analytics?platform=api&sort=name&page=2", "/browse/analytics/name?platform=api&page=2"],
    ] as const) {
      const { res } = await getPage(server.url, from);
      expect(res.status, from).toBe(301);
      expect(locationOf(res, server.url), from).toBe(to);
    }
  });
});

describe("filters after the catalogue changes", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const kilo = makeTool({
    name: "Kilo Sheets",
    pricingModel: "Paid",
    platforms: ["Windows"],
    categories: ["finance"],
    createdAt: BASE + HOUR_MS,
  });
  const lima = makeTool({
    name: "Lima Ledger",
    pricingModel: "Free",
    platforms: ["Web"],
    categories: ["finance"],
    createdAt: BASE + 2 * HOUR_MS,
  });
  const mike = makeTool({
    name: "Mike Pending",
    pricingModel: "Free",
    platforms: ["Linux"],
    categories: ["finance"],
    status: "pending",
    createdAt: BASE + 3 * HOUR_MS,
  });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [kilo, lima, mike]);
  });

  it("lists and counts a tool under its new pricing and platforms once edited, and a tool once approved", async () => {
    // Asked before the change, so that any list or count kept from then would be seen after it.
    const before = await apiList(server, "pricing=free");
    expect(before.data.map((t) => t.slug)).toEqual([lima.slug]);
    expect(facetCounts(before.facets).platform).toEqual(allPlatforms({ web: 1 }));
    expect((await browse(server, "/browse/finance?pricing=free")).list).toEqual([lima.slug]);
    expect((await browse(server, "/browse/finance?platform=linux")).list).toEqual([]);

    await changeCatalog(server.services, (write) =>
      updateToolRow(write, kilo.id, { pricing_model: "Free", platforms: JSON.stringify(["Linux", "macOS"]) }),
    );
    await changeCatalog(server.services, (write) =>
      setToolStatus(write, [mike.id], { from: ["pending"], to: "approved", rejectionReason: null }),
    );

    const after = await apiList(server, "pricing=free");
    expect(after.data.map((t) => t.slug)).toEqual([mike.slug, lima.slug, kilo.slug]);
    expect(facetCounts(after.facets)).toEqual({
      pricing: allPricing({ free: 3 }),
      platform: allPlatforms({ web: 1, mac: 1, linux: 2 }),
    });
    expect((await apiList(server, "pricing=paid")).total).toBe(0);

    const page = await browse(server, "/browse/finance?platform=linux");
    expect(page.list).toEqual([mike.slug, kilo.slug]);
    expect(page.panel.pricingCounts).toEqual(allPricing({ free: 2 }));
    expect((await browse(server, "/browse/finance?pricing=free")).list).toEqual([mike.slug, lima.slug, kilo.slug]);
    expect((await browse(server, "/browse/finance?pricing=paid")).listText).toContain("No tools match these filters.");
  });
});
