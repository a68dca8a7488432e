import { beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import {
  anchors,
  breadcrumb,
  element,
  elements,
  getPage,
  headings,
  linkHrefs,
  locationOf,
  metaContent,
  startTags,
  textOf,
  titleOf,
  toolSlugs,
} from "../../tests/support/html.ts";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";
import { changeCatalog } from "./change.ts";
import { setToolStatus } from "./write.ts";

// Two or three public tools side by side: `/compare/{a}-vs-{b}[-vs-{c}]`, slugs in
// code-unit order, every other spelling moved there; `/compare?a=…&b=…[&c=…]`, the form's address,
// taking slugs, ids or names (a word start of the name, the shortest name first).

const SITE = "https://shelf.example.org";
const SITE_NAME = "Shelf Test";

const MESSAGES = {
  unknown: "No public tool has that address.",
  tooFew: "Name two or three different tools to compare.",
  tooMany: "Compare two or three tools at a time, not more.",
};
const DESCRIBED = "side by side: pricing, platforms, categories, features, integrations and likes.";
const ROW_LABELS = [
  "Tagline",
  "Pricing",
  "Platforms",
  "Categories",
  "Features",
  "Integrations",
  "Likes",
  "Added",
  "Links",
];

/** Text as read: what is aria-hidden (the logo's letter) left out. */
const readText = (html: string) => textOf(html.replace(/<(\w+)\b[^>]*\baria-hidden="true"[^>]*>[\s\S]*?<\/\1>/g, ""));

interface Cell {
  text: string;
  /** The items of the cell's list, when it has one. */
  items: string[] | null;
  links: { href: string; text: string; target?: string; rel?: string }[];
}

/** The comparison table: caption, the tools heading its columns, and each row's header and cells. */
function tableOf(html: string) {
  const table = element(html, "table", () => true, "comparison table").inner;
  const caption = textOf(element(table, "caption", () => true, "caption").inner);
  const head = element(table, "thead", () => true, "table head").inner;
  const columns = elements(head, "th").map((th) => {
    expect(th.attrs.scope).toBe("col");
    return readText(th.inner);
  });
  const body = element(table, "tbody", () => true, "table body").inner;
  const rows = elements(body, "tr").map((tr) => {
    const th = elements(tr.inner, "th");
    expect(th, textOf(tr.inner)).toHaveLength(1);
    expect(th[0]!.attrs.scope).toBe("row");
    const cells: Cell[] = elements(tr.inner, "td").map((td) => {
      const lists = elements(td.inner, "ul");
      return {
        text: textOf(td.inner),
        items: lists.length === 0 ? null : elements(lists[0]!.inner, "li").map((li) => textOf(li.inner)),
        links: anchors(td.inner).map((a) => ({
          href: a.attrs.href!,
          text: a.text,
          target: a.attrs.target,
          rel: a.attrs.rel,
        })),
      };
    });
    return { label: textOf(th[0]!.inner), cells };
  });
  return { caption, columns, rows, row: (label: string) => rows.find((r) => r.label === label)!.cells };
}

/** The GET forms to /compare on a page: their hidden values and the field left to fill, with its label. */
function compareForms(html: string) {
  return elements(html, "form", (a) => a.action === "/compare").map((form) => {
    expect(form.attrs.method).toBe("get");
    const inputs = startTags(form.inner, "input").map((i) => i.attrs);
    const hidden = Object.fromEntries(inputs.filter((i) => i.type === "hidden").map((i) => [i.name!, i.value!]));
    const fields = inputs
      .filter((i) => i.type !== "hidden")
      .map((i) => {
        const label = element(form.inner, "label", (l) => l.for === i.id, `label for #${i.id}`);
        return { name: i.name!, label: textOf(label.inner), required: "required" in i };
      });
    return { hidden, fields };
  });
}

describe("comparing tools", () => {
  const testServer = useTestServer({
    configure: (config) => {
      config.siteUrl = SITE;
      config.siteName = SITE_NAME;
    },
  });
  let server: TestServer;

  const quillpad = makeTool({
    name: "Quillpad",
    tagline: "Notes that write themselves",
    pricingModel: "Freemium",
    pricingDetails: "Free for one notebook; $4 a month for more.",
    platforms: ["Web", "iOS", "macOS"],
    categories: ["productivity", "ai"],
    features: ["Smart folders", "Offline mode"],
    integrations: ["Slack", "Google Drive"],
    upvotesCount: 1234,
    createdAt: Date.UTC(2026, 2, 5, 12),
  });
  // Nothing given: no pricing model, no details, no lists. Verified is public too.
  const inkwell = makeTool({
    name: "Inkwell Studio",
    tagline: "Vector drawing for the rest of us",
    status: "verified",
    pricingModel: null,
    pricingDetails: "",
    platforms: [],
    categories: ["design"],
    features: [],
    integrations: [],
    upvotesCount: 7,
    createdAt: Date.UTC(2025, 11, 31, 23, 30),
  });
  const margin = makeTool({
    name: "Margin Notes",
    tagline: "Annotate every PDF you read",
    pricingModel: "One-time Purchase",
    pricingDetails: "$30 once.",
    platforms: ["Windows", "Linux"],
    categories: ["education"],
    features: ["Annotations"],
    integrations: ["Zotero"],
    upvotesCount: 0,
    createdAt: Date.UTC(2026, 0, 15, 8),
  });
  // Names for the name search: "tally" starts a word of Mental Tally and of Tally Counter Pro, and
  // sits inside "Totally", the shortest, where no word starts.
  const mentalTally = makeTool({ name: "Mental Tally" });
  const tallyCounter = makeTool({ name: "Tally Counter Pro" });
  const totally = makeTool({ name: "Totally" });
  // Slugs holding "-vs-".
  const htmlTool = makeTool({ name: "HTML" });
  const cssTool = makeTool({ name: "CSS" });
  const htmlVsCss = makeTool({ name: "HTML vs CSS" });
  const sass = makeTool({ name: "Sass" });
  const pending = makeTool({ name: "Draftbox", status: "pending" });
  const rejected = makeTool({ name: "Scrapyard", status: "rejected" });

  beforeAll(async () => {
    server = testServer();
    expect([inkwell.slug, margin.slug, htmlVsCss.slug]).toEqual(["inkwell-studio", "margin-notes", "html-vs-css"]);
    await addTools(server.services, [
      quillpad,
      inkwell,
      margin,
      mentalTally,
      tallyCounter,
      totally,
      htmlTool,
      cssTool,
      htmlVsCss,
      sass,
      pending,
      rejected,
    ]);
  });

  const page = (path: string) => getPage(server.url, path);

  async function expectPage(path: string) {
    const { res, html } = await page(path);
    expect(res.status, path).toBe(200);
    return html;
  }

  async function expectMoved(from: string, to: string) {
    const { res } = await page(from);
    expect(res.status, from).toBe(301);
    expect(locationOf(res, server.url), from).toBe(to);
  }

  /** A refusal: its status, its message shown above the form, and nothing to index. */
  async function expectRefused(path: string, status: 400 | 404, message: string) {
    const { res, html } = await page(path);
    expect(res.status, path).toBe(status);
    const alert = element(html, "p", (a) => a.role === "alert", "alert");
    expect(textOf(alert.inner), path).toBe(message);
    expect(titleOf(html), path).toBe(`Compare tools — ${SITE_NAME}`);
    expect(metaContent(html, "robots"), path).toContain("noindex");
    expect(elements(html, "table"), path).toEqual([]);
    expect(
      compareForms(html).map((f) => f.fields.map((x) => x.name)),
      path,
    ).toEqual([["a", "b", "c"]]);
    return html;
  }

  describe("the page of two tools", () => {
    const path = "/compare/inkwell-studio-vs-quillpad";

    it("shows them side by side in slug order, one row per fact", async () => {
      const table = tableOf(await expectPage(path));
      expect(table.caption).toBe("Inkwell Studio vs Quillpad, side by side");
      expect(table.columns).toEqual(["Inkwell Studio", "Quillpad"]);
      expect(table.rows.map((r) => r.label)).toEqual(ROW_LABELS);
      expect(table.rows.every((r) => r.cells.length === 2)).toBe(true);
      expect(table.row("Tagline").map((c) => c.text)).toEqual([
        "Vector drawing for the rest of us",
        "Notes that write themselves",
      ]);
      expect(table.row("Pricing").map((c) => c.text)).toEqual([
        "Not given",
        "Freemium Free for one notebook; $4 a month for more.",
      ]);
      expect(table.row("Platforms").map((c) => c.items ?? c.text)).toEqual(["None listed", ["Web", "iOS", "macOS"]]);
      expect(table.row("Categories").map((c) => c.items)).toEqual([
        ["Design"],
        ["Productivity", "AI & Machine Learning"],
      ]);
      expect(table.row("Features").map((c) => c.items ?? c.text)).toEqual([
        "None listed",
        ["Smart folders", "Offline mode"],
      ]);
      expect(table.row("Integrations").map((c) => c.items ?? c.text)).toEqual([
        "None listed",
        ["Slack", "Google Drive"],
      ]);
      expect(table.row("Likes").map((c) => c.text)).toEqual(["Like, 7 likes", "Like, 1,234 likes"]);
      expect(table.row("Added").map((c) => c.text)).toEqual(["December 31, 2025", "March 5, 2026"]);
    });

    it("links each tool's page here and its website elsewhere", async () => {
      const table = tableOf(await expectPage(path));
      expect(table.row("Links").map((c) => c.links)).toEqual([
        [
          { href: "/tool/inkwell-studio", text: "Inkwell Studio on this site", target: undefined, rel: undefined },
          { href: inkwell.websiteUrl, text: "Inkwell Studio's website", target: "_blank", rel: "noopener nofollow" },
        ],
        [
          { href: "/tool/quillpad", text: "Quillpad on this site", target: undefined, rel: undefined },
          { href: quillpad.websiteUrl, text: "Quillpad's website", target: "_blank", rel: "noopener nofollow" },
        ],
      ]);
    });

    it("has the title, heading, breadcrumb, description and canonical link of the comparison", async () => {
      const html = await expectPage(path);
      expect(titleOf(html)).toBe(`Inkwell Studio vs Quillpad — compare — ${SITE_NAME}`);
      expect(headings(html, 1)).toEqual(["Inkwell Studio vs Quillpad"]);
      expect(breadcrumb(html)).toEqual([
        { label: "Home", href: "/" },
        { label: "Browse", href: "/browse/all" },
        { label: "Compare", href: null },
      ]);
      expect(metaContent(html, "description")).toBe(`Inkwell Studio and Quillpad ${DESCRIBED}`);
      expect(linkHrefs(html, "canonical")).toEqual([`${SITE}${path}`]);
      expect(metaContent(html, "robots") ?? "").not.toContain("noindex");
    });

    it("offers to add a third tool, keeping the two chosen", async () => {
      const forms = compareForms(await expectPage(path));
      expect(forms).toEqual([
        {
          hidden: { a: "inkwell-studio", b: "quillpad" },
          fields: [{ name: "c", label: "Add a tool to the comparison", required: true }],
        },
      ]);
      // Submitted as a browser would, with a third tool's name.
      await expectMoved(
        `/compare?${new URLSearchParams({ ...forms[0]!.hidden, c: "Margin Notes" })}`,
        "/compare/inkwell-studio-vs-margin-notes-vs-quillpad",
      );
    });
  });

  describe("the page of three tools", () => {
    const path = "/compare/inkwell-studio-vs-margin-notes-vs-quillpad";

    it("shows the three side by side in slug order", async () => {
      const html = await expectPage(path);
      const table = tableOf(html);
      expect(table.caption).toBe("Inkwell Studio vs Margin Notes vs Quillpad, side by side");
      expect(table.columns).toEqual(["Inkwell Studio", "Margin Notes", "Quillpad"]);
      expect(table.rows.map((r) => r.label)).toEqual(ROW_LABELS);
      expect(table.rows.every((r) => r.cells.length === 3)).toBe(true);
      expect(table.row("Tagline")[1]!.text).toBe("Annotate every PDF you read");
      expect(table.row("Pricing")[1]!.text).toBe("One-time Purchase $30 once.");
      expect(table.row("Platforms").map((c) => c.items)).toEqual([null, ["Windows", "Linux"], ["Web", "iOS", "macOS"]]);
      expect(table.row("Categories").map((c) => c.items)).toEqual([
        ["Design"],
        ["Education"],
        ["Productivity", "AI & Machine Learning"],
      ]);
      expect(table.row("Features")[1]!.items).toEqual(["Annotations"]);
      expect(table.row("Integrations")[1]!.items).toEqual(["Zotero"]);
      expect(table.row("Likes").map((c) => c.text)).toEqual(["Like, 7 likes", "Like, 0 likes", "Like, 1,234 likes"]);
      expect(table.row("Added").map((c) => c.text)).toEqual(["December 31, 2025", "January 15, 2026", "March 5, 2026"]);
      expect(table.row("Links").map((c) => c.links[0]!.href)).toEqual([
        "/tool/inkwell-studio",
        "/tool/margin-notes",
        "/tool/quillpad",
      ]);
    });

    it("has its title, description and canonical link, and no form to add a fourth", async () => {
      const html = await expectPage(path);
      expect(titleOf(html)).toBe(`Inkwell Studio vs Margin Notes vs Quillpad — compare — ${SITE_NAME}`);
      expect(headings(html, 1)).toEqual(["Inkwell Studio vs Margin Notes vs Quillpad"]);
      expect(metaContent(html, "description")).toBe(`Inkwell Studio, Margin Notes and Quillpad ${DESCRIBED}`);
      expect(linkHrefs(html, "canonical")).toEqual([`${SITE}${path}`]);
      expect(compareForms(html)).toEqual([]);
    });
  });

  describe("canonical addresses", () => {
    it("moves (301) any other order of the slugs to slug order", async () => {
      await expectMoved("/compare/quillpad-vs-inkwell-studio", "/compare/inkwell-studio-vs-quillpad");
      const three = "/compare/inkwell-studio-vs-margin-notes-vs-quillpad";
      for (const order of [
        "quillpad-vs-margin-notes-vs-inkwell-studio",
        "margin-notes-vs-inkwell-studio-vs-quillpad",
        "inkwell-studio-vs-quillpad-vs-margin-notes",
        "quillpad-vs-inkwell-studio-vs-margin-notes",
      ]) {
        await expectMoved(`/compare/${order}`, three);
      }
    });

    it("moves (301) a tool's id, or its slug typed in capitals, to its slug, in slug order", async () => {
      await expectMoved(`/compare/${inkwell.id}-vs-quillpad`, "/compare/inkwell-studio-vs-quillpad");
      await expectMoved("/compare/Quillpad-vs-Inkwell-Studio", "/compare/inkwell-studio-vs-quillpad");
      await expectMoved(`/compare/${quillpad.id}-vs-${inkwell.id}`, "/compare/inkwell-studio-vs-quillpad");
      await expectMoved(
        `/compare/margin-notes-vs-${quillpad.id}-vs-inkwell-studio`,
        "/compare/inkwell-studio-vs-margin-notes-vs-quillpad",
      );
    });

    it("orders slugs by code unit, as the alternatives page links them", async () => {
      // "css" < "html" < "html-vs-css" < "mental-tally" < "sass" < "tally-counter-pro": code units, not words.
      await expectPage("/compare/css-vs-html");
      await expectMoved("/compare/html-vs-css-vs-css", `/compare/css-vs-${htmlVsCss.id}`);
      await expectMoved("/compare/tally-counter-pro-vs-mental-tally", "/compare/mental-tally-vs-tally-counter-pro");
    });
  });

  // Such a tool is named by its id in the comparison's address, so no address reads two ways.
  describe("slugs holding -vs-", () => {
    it("reads a key as the tools it can name, and names such a tool by its id: HTML vs CSS against Sass", async () => {
      await expectMoved("/compare/html-vs-css-vs-sass", `/compare/${htmlVsCss.id}-vs-sass`);
      const html = await expectPage(`/compare/${htmlVsCss.id}-vs-sass`);
      expect(tableOf(html).columns).toEqual(["HTML vs CSS", "Sass"]);
      expect(tableOf(html).caption).toBe("HTML vs CSS vs Sass, side by side");
      expect(linkHrefs(html, "canonical")).toEqual([`${SITE}/compare/${htmlVsCss.id}-vs-sass`]);
    });

    it("finds such a slug second, and among three tools in a key of four parts", async () => {
      await expectMoved("/compare/css-vs-html-vs-css", `/compare/css-vs-${htmlVsCss.id}`);
      expect(tableOf(await expectPage(`/compare/css-vs-${htmlVsCss.id}`)).columns).toEqual(["CSS", "HTML vs CSS"]);
      await expectMoved("/compare/css-vs-html-vs-css-vs-sass", `/compare/css-vs-${htmlVsCss.id}-vs-sass`);
      const html = await expectPage(`/compare/css-vs-${htmlVsCss.id}-vs-sass`);
      expect(tableOf(html).columns).toEqual(["CSS", "HTML vs CSS", "Sass"]);
      // Three tools, two of them plain: still three, not "more than three".
      expect(tableOf(await expectPage("/compare/css-vs-html-vs-sass")).columns).toEqual(["CSS", "HTML", "Sass"]);
    });

    it("moves such a key to slug order too", async () => {
      await expectMoved("/compare/sass-vs-html-vs-css", `/compare/${htmlVsCss.id}-vs-sass`);
      await expectMoved(`/compare/sass-vs-${htmlVsCss.id}`, `/compare/${htmlVsCss.id}-vs-sass`);
      await expectMoved("/compare/sass-vs-html-vs-css-vs-css", `/compare/css-vs-${htmlVsCss.id}-vs-sass`);
    });
  });

  describe("refusals", () => {
    it("answers 404 when a slug or id names no public tool", async () => {
      for (const key of [
        "nothing-here-vs-quillpad",
        "inkwell-studio-vs-nothing-here",
        `draftbox-vs-quillpad`,
        `${pending.id}-vs-quillpad`,
        "quillpad-vs-scrapyard",
        `${rejected.id}-vs-quillpad`,
        "inkwell-studio-vs-quillpad-vs-scrapyard",
        "inkwell-studio-vs-margin-notes-vs-nothing-here",
        "Inkwell-Studio-vs-Nothing-Here",
        "quillpad-vs-",
        "-vs-quillpad",
      ]) {
        await expectRefused(`/compare/${key}`, 404, MESSAGES.unknown);
      }
    });

    it("answers 400 for more than three tools", async () => {
      await expectRefused("/compare/inkwell-studio-vs-margin-notes-vs-quillpad-vs-sass", 400, MESSAGES.tooMany);
      await expectRefused("/compare/css-vs-html-vs-inkwell-studio-vs-quillpad-vs-sass", 400, MESSAGES.tooMany);
    });

    it("answers 400 for one tool, or one tool named twice", async () => {
      for (const key of [
        "quillpad",
        "quillpad-vs-quillpad",
        `${quillpad.id}-vs-quillpad`,
        "inkwell-studio-vs-quillpad-vs-quillpad",
        "quillpad-vs-inkwell-studio-vs-quillpad",
      ]) {
        await expectRefused(`/compare/${key}`, 400, MESSAGES.tooFew);
      }
    });
  });

  describe("the form's address", () => {
    const form = (fields: Record<string, string>) => `/compare?${new URLSearchParams(fields)}`;

    it("without values is a form for two or three tools", async () => {
      for (const path of ["/compare", form({ a: "", b: "", c: "" }), form({ a: "  ", b: "" })]) {
        const { res, html } = await page(path);
        expect(res.status, path).toBe(200);
        expect(titleOf(html)).toBe(`Compare tools — ${SITE_NAME}`);
        expect(headings(html, 1)).toEqual(["Compare tools"]);
        expect(metaContent(html, "robots")).toContain("noindex");
        expect(elements(html, "p", (a) => a.role === "alert")).toEqual([]);
        expect(compareForms(html)).toEqual([
          {
            hidden: {},
            fields: [
              { name: "a", label: "First tool", required: true },
              { name: "b", label: "Second tool", required: true },
              { name: "c", label: "Third tool (optional)", required: false },
            ],
          },
        ]);
      }
    });

    it("moves (301) slugs and ids to the comparison's address", async () => {
      await expectMoved(form({ a: "quillpad", b: "inkwell-studio" }), "/compare/inkwell-studio-vs-quillpad");
      await expectMoved(form({ a: inkwell.id, b: quillpad.id }), "/compare/inkwell-studio-vs-quillpad");
      await expectMoved(
        form({ a: "quillpad", b: "margin-notes", c: "inkwell-studio" }),
        "/compare/inkwell-studio-vs-margin-notes-vs-quillpad",
      );
      await expectMoved(form({ a: "html-vs-css", b: "sass" }), `/compare/${htmlVsCss.id}-vs-sass`);
      // A third field without a second.
      await expectMoved(form({ a: "quillpad", b: "", c: "inkwell-studio" }), "/compare/inkwell-studio-vs-quillpad");
    });

    it("finds tools by name, in any case, around spaces", async () => {
      await expectMoved(form({ a: "Quillpad", b: "Inkwell Studio" }), "/compare/inkwell-studio-vs-quillpad");
      await expectMoved(form({ a: "QUILLPAD", b: "inkWELL stuDIO" }), "/compare/inkwell-studio-vs-quillpad");
      await expectMoved(
        form({ a: "  quillpad ", b: " Margin Notes  ", c: "HTML vs CSS" }),
        `/compare/${htmlVsCss.id}-vs-margin-notes-vs-quillpad`,
      );
    });

    it("finds a name by the start of any of its words, the shortest name first", async () => {
      await expectMoved(form({ a: "quill", b: "studio" }), "/compare/inkwell-studio-vs-quillpad");
      // Mental Tally is shorter than Tally Counter Pro; Totally, shorter still, has no word starting "tally".
      await expectMoved(form({ a: "quillpad", b: "tally" }), "/compare/mental-tally-vs-quillpad");
      await expectMoved(form({ a: "quillpad", b: "Tally C" }), "/compare/quillpad-vs-tally-counter-pro");
      await expectMoved(form({ a: "quillpad", b: "totally" }), "/compare/quillpad-vs-totally");
    });

    it("answers 404 naming a value that names no public tool, and shows the form again", async () => {
      await expectRefused(form({ a: "quillpad", b: "Nonesuch" }), 404, "No public tool is called “Nonesuch”.");
      await expectRefused(form({ a: "Nonesuch", b: "quillpad" }), 404, "No public tool is called “Nonesuch”.");
      // Pending and rejected tools, by name, slug or id.
      await expectRefused(form({ a: "quillpad", b: "Draftbox" }), 404, "No public tool is called “Draftbox”.");
      await expectRefused(form({ a: "quillpad", b: pending.id }), 404, `No public tool is called “${pending.id}”.`);
      await expectRefused(form({ a: "Scrapyard", b: "quillpad" }), 404, "No public tool is called “Scrapyard”.");
      await expectRefused(
        form({ a: "quillpad", b: "inkwell", c: "scrapyard" }),
        404,
        "No public tool is called “scrapyard”.",
      );
      // Inside a word is no word start.
      await expectRefused(form({ a: "quillpad", b: "ally" }), 404, "No public tool is called “ally”.");
    });

    it("shows the value it could not find as text, never as markup", async () => {
      const html = await expectRefused(
        form({ a: "quillpad", b: '<img src=x onerror="alert(1)">' }),
        404,
        'No public tool is called “<img src=x onerror="alert(1)">”.',
      );
      expect(html).not.toContain("<img src=x");
    });

    it("answers 400 for one tool, or one tool named twice", async () => {
      await expectRefused(form({ a: "quillpad" }), 400, MESSAGES.tooFew);
      await expectRefused(form({ a: "", b: "quillpad" }), 400, MESSAGES.tooFew);
      await expectRefused(form({ a: "quillpad", b: " " }), 400, MESSAGES.tooFew);
      await expectRefused(form({ a: "quillpad", b: "Quillpad" }), 400, MESSAGES.tooFew);
      await expectRefused(form({ a: "quillpad", b: quillpad.id, c: "inkwell-studio" }), 400, MESSAGES.tooFew);
    });

    it("answers 400 for a fourth tool", async () => {
      await expectRefused(
        form({ a: "quillpad", b: "inkwell-studio", c: "margin-notes", d: "sass" }),
        400,
        MESSAGES.tooMany,
      );
      await expectRefused(form({ a: "quillpad", b: "inkwell-studio", d: "sass" }), 400, MESSAGES.tooMany);
      await expectRefused(form({ d: "sass" }), 400, MESSAGES.tooMany);
    });
  });

  describe("where a comparison starts", () => {
    it("a public tool's page asks what to compare it with", async () => {
      const html = await expectPage("/tool/quillpad");
      const related = element(html, "aside", (a) => a["aria-labelledby"] === "related-title", "Related Tools").inner;
      const forms = compareForms(related);
      expect(forms).toEqual([
        { hidden: { a: "quillpad" }, fields: [{ name: "b", label: "Compare Quillpad with…", required: true }] },
      ]);
      expect(compareForms(html)).toHaveLength(1);
      await expectMoved(
        `/compare?${new URLSearchParams({ ...forms[0]!.hidden, b: "inkwell studio" })}`,
        "/compare/inkwell-studio-vs-quillpad",
      );
    });

    it("a pending tool's page does not", async () => {
      const html = await expectPage("/tool/draftbox");
      expect(compareForms(html)).toEqual([]);
      expect(anchors(html).filter((a) => (a.attrs.href ?? "").startsWith("/compare"))).toEqual([]);
    });

    it("the alternatives page asks too, and links each alternative's comparison with the tool", async () => {
      const html = await expectPage("/alternatives/quillpad");
      const forms = compareForms(html);
      expect(forms).toEqual([
        { hidden: { a: "quillpad" }, fields: [{ name: "b", label: "Compare Quillpad with…", required: true }] },
      ]);
      const list = element(
        html,
        "ol",
        (a) => a["aria-label"] === "Alternatives to Quillpad",
        "alternatives list",
      ).inner;
      const items = elements(list, "li").map((li) => ({
        slug: toolSlugs(li.inner)[0]!,
        compare: anchors(li.inner).filter((a) => (a.attrs.href ?? "").startsWith("/compare/")),
      }));
      // Every public tool shares the tag "testing" with Quillpad.
      const alternatives = [inkwell, margin, mentalTally, tallyCounter, totally, htmlTool, cssTool, htmlVsCss, sass];
      expect(items.map((i) => i.slug).sort()).toEqual(alternatives.map((t) => t.slug).sort());
      for (const item of items) {
        const tool = alternatives.find((t) => t.slug === item.slug)!;
        // A slug holding "-vs-" is named by the tool's id in the address.
        const key = (t: { slug: string; id: string }) => (t.slug.includes("-vs-") ? t.id : t.slug);
        const href = `/compare/${[tool, quillpad]
          .sort((x, y) => (x.slug < y.slug ? -1 : 1))
          .map(key)
          .join("-vs-")}`;
        expect(item.compare, tool.name).toEqual([
          { attrs: expect.objectContaining({ href }), text: `Compare ${tool.name} with Quillpad` },
        ]);
        // The canonical address itself: no redirect on the way.
        expect(tableOf(await expectPage(href)).columns, href).toEqual(
          [tool, quillpad].sort((x, y) => (x.slug < y.slug ? -1 : 1)).map((t) => t.name),
        );
      }
    });
  });
});

describe("a compared tool that changes", () => {
  const testServer = useTestServer({
    configure: (config) => {
      config.siteUrl = SITE;
      config.siteName = SITE_NAME;
      config.cache.countsLagMs = 1000;
      config.trustProxy = "loopback";
    },
  });
  let server: TestServer;
  const stays = makeTool({ name: "Steady Tool" });
  const leaves = makeTool({ name: "Fleeting Tool" });
  const path = "/compare/fleeting-tool-vs-steady-tool";

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [stays, leaves]);
  });

  it("shows a like on this instance at once: each count sits in a like button, as on the tool's page", async () => {
    const likes = async () =>
      tableOf((await getPage(server.url, path)).html)
        .row("Likes")
        .map((c) => c.text);
    expect(await likes()).toEqual(["Like, 0 likes", "Like, 0 likes"]);
    expect((await getPage(server.url, path)).res.headers.get("x-cache")).toBe("HIT");
    const res = await postForm(
      `${server.url}/like/${stays.id}`,
      { intent: "like" },
      { Accept: "application/json", "X-Forwarded-For": "10.9.8.7" },
    );
    expect(res.status).toBe(200);
    expect(await likes()).toEqual(["Like, 0 likes", "Like, 1 like"]);
  });

  it("is gone (404), and no longer an alternative's comparison, once a tool stops being public", async () => {
    expect((await getPage(server.url, path)).res.status).toBe(200);
    expect(anchors((await getPage(server.url, "/alternatives/steady-tool")).html).map((a) => a.attrs.href)).toContain(
      path,
    );
    await changeCatalog(server.services, (write) =>
      setToolStatus(write, [leaves.id], { from: ["approved"], to: "pending", rejectionReason: null }),
    );
    const { res, html } = await getPage(server.url, path);
    expect(res.status).toBe(404);
    expect(textOf(html)).toContain(MESSAGES.unknown);
    expect(
      anchors((await getPage(server.url, "/alternatives/steady-tool")).html).map((a) => a.attrs.href),
    ).not.toContain(path);
    const { res: byName, html: named } = await getPage(
      server.url,
      `/compare?a=steady-tool&b=${encodeURIComponent("Fleeting Tool")}`,
    );
    expect(byName.status).toBe(404);
    expect(textOf(named)).toContain("No public tool is called “Fleeting Tool”.");
  });
});
