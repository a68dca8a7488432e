import { describe, expect, it } from "vitest";
import { CATEGORY_COLORS, tileColor } from "../../core/tile-colors.ts";
import { DESIGN, nameElement, NAME_SIZES, type ToolImageContent } from "./layout.ts";
import { PREVIEW_CANVAS, toolImageSvg } from "./render.ts";

// The layout as satori computes it with the shipped font: with `embedFont: false` every word it
// draws is a <text> carrying its measured box, so these tests read where each word really lands.

const content: ToolImageContent = {
  name: "Notion",
  tagline: "All-in-one workspace",
  categories: ["productivity"],
  siteName: "toolshelf/",
  logo: null,
};
const RIGHT_MARGIN = DESIGN.width - 80;

interface Word {
  x: number;
  y: number;
  width: number;
  size: number;
  bold: boolean;
  text: string;
}

/** Every word satori drew, unescaped, in document order. */
function words(svg: string): Word[] {
  return [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map(([, attributes, text]) => {
    const attr = (name: string) => new RegExp(`(?:^| )${name}="([^"]*)"`).exec(attributes!)?.[1] ?? "";
    return {
      x: Number(attr("x")),
      y: Number(attr("y")),
      width: Number(attr("width")),
      size: Number(attr("font-size")),
      bold: attr("font-weight") === "700",
      text: text!
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&"),
    };
  });
}

/** The drawn lines of one font size, top to bottom, each as its words joined. */
function lines(all: Word[], size: number): string[] {
  const byLine = new Map<number, string>();
  for (const w of all.filter((w) => w.size === size)) byLine.set(w.y, (byLine.get(w.y) ?? "") + w.text);
  return [...byLine.entries()].sort(([a], [b]) => a - b).map(([, line]) => line.trim());
}

/** Whether a word is of the name (the letter tile's letter is bold too, at a size of its own). */
const isName = (w: Word) => w.bold && (NAME_SIZES as readonly number[]).includes(w.size);

const layout = (changes: Partial<ToolImageContent>, canvas?: { width: number; height: number }) =>
  toolImageSvg({ ...content, ...changes }, canvas, { embedFont: false });

describe("toolImageSvg", () => {
  it("shows the name, tagline, categories and site name on the first category's colour", async () => {
    const svg = await layout({ categories: ["design", "ai"] });
    expect(svg).toMatch(/^<svg [^>]*width="1200" height="630"/);
    expect(svg).toContain(`fill="${CATEGORY_COLORS.design}"`);
    const drawn = words(svg);
    expect(lines(drawn, 72)).toEqual(["Notion"]);
    expect(lines(drawn, 40)).toEqual(["All-in-one workspace"]);
    expect(lines(drawn, 30)).toEqual(["Design · AI & Machine Learning"]);
    expect(lines(drawn, 34)).toEqual(["toolshelf/"]);
  });

  it("draws the name's letter tile when there is no logo, and the logo in its box when there is", async () => {
    const plain = await layout({});
    expect(plain).toContain(`fill="${tileColor("Notion")}"`);
    expect(words(plain).some((w) => w.text === "N")).toBe(true);
    const dot =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
    const withLogo = await layout({ logo: dot });
    expect(withLogo).toContain("<image");
    expect(words(withLogo).some((w) => w.text === "N")).toBe(false);
  });

  it("uses the largest size for a short name and a smaller one before cutting a long one, after a whole word", async () => {
    const long = words(await layout({ name: "An Unusually Long Product Name For A Tool Card Preview" })).filter(isName);
    expect(long[0]!.size).toBeLessThan(72);
    const nameLines = lines(long, long[0]!.size);
    expect(nameLines.length).toBeLessThanOrEqual(2);
    if (nameLines.join(" ") !== "An Unusually Long Product Name For A Tool Card Preview")
      expect(nameLines.at(-1)).toMatch(/(^|\s)\p{L}+…$/u);

    const endless = words(await layout({ name: "Name ".repeat(80) }));
    const endlessLines = lines(endless, NAME_SIZES.at(-1)!);
    expect(endlessLines).toHaveLength(2);
    expect(endlessLines[1]).toMatch(/…$/);
  });

  it("keeps every word inside the image: long names, one-word names, long URLs and taglines, cut with an ellipsis", async () => {
    const name = "Hyperconvergedinfrastructureorchestrationplatformultimate";
    for (const changes of [
      { name, tagline: `Orchestrate everything from https://${name.toLowerCase()}.example.com/getting-started` },
      { name: "W".repeat(5000), tagline: "word ".repeat(5000) },
      {
        name: "日本語のツール名はとても長くなることがあります日本語のツール名",
        tagline: "日本語のタグラインはとても長くなることがあります".repeat(8),
      },
      {
        siteName: "An exceedingly long site name that would not fit the corner",
        categories: ["developer-tools", "productivity"],
      },
    ]) {
      const drawn = words(await layout(changes));
      expect(drawn.length, JSON.stringify(changes).slice(0, 40)).toBeGreaterThan(3);
      for (const w of drawn) {
        expect(w.x, w.text).toBeGreaterThanOrEqual(80);
        expect(w.x + w.width, w.text).toBeLessThanOrEqual(RIGHT_MARGIN + 0.5);
        expect(w.y, w.text).toBeLessThanOrEqual(DESIGN.height);
      }
      // At most two lines of name and three of tagline.
      expect(lines(drawn, 40).length).toBeLessThanOrEqual(3);
      expect(new Set(drawn.filter(isName).map((w) => w.y)).size).toBeLessThanOrEqual(2);
    }
    const url = words(await layout({ tagline: `See https://${name.toLowerCase()}.example.com/getting-started` }));
    expect(lines(url, 40).join("")).toContain("https://");
    const cut = lines(words(await layout({ tagline: "word ".repeat(300) })), 40);
    expect(cut).toHaveLength(3);
    expect(cut[2]).toMatch(/…$/);
  });

  it("draws hostile text only as glyphs: no user text in the SVG, one document", async () => {
    const hostile = `</text><script>alert("x")</script><text a='`;
    const hostileContent = {
      name: hostile,
      tagline: `& ${hostile} &amp;`,
      categories: ["<x>"],
      siteName: `"><svg onload=1>`,
    };
    const svg = await toolImageSvg({ ...content, ...hostileContent });
    expect(svg).not.toContain("<text");
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("alert");
    expect(svg.match(/<svg /g)).toHaveLength(1);
    expect(svg.match(/<\/svg>/g)).toHaveLength(1);
    // Laid out as text, it is all there, escaped.
    const drawn = words(await layout(hostileContent))
      .map((w) => w.text)
      .join("");
    expect(drawn).toContain(`alert("x")`);
    expect(drawn).toContain("&amp;");
  });

  it("gives right-to-left text that base direction, so its punctuation falls where a reader expects", () => {
    expect(nameElement("أداة التصميم", 72).props).toMatchObject({ style: { direction: "rtl", textAlign: "left" } });
    expect(nameElement("Notion", 72).props).not.toMatchObject({ style: { direction: "rtl" } });
  });

  it("centres the design on a larger canvas (the demo previews)", async () => {
    const svg = await layout({}, PREVIEW_CANVAS);
    expect(svg).toMatch(/^<svg [^>]*width="1280" height="800"/);
    const name = words(svg).find((w) => w.text === "Notion")!;
    const alone = words(await layout({})).find((w) => w.text === "Notion")!;
    expect([name.x - alone.x, name.y - alone.y]).toEqual([40, 85]);
  });
});
