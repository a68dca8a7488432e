import { describe, expect, it } from "vitest";
import { CATEGORY_COLORS, tileColor } from "../../core/tile-colors.ts";
import { drawableText, escapeXml, letterTileSvg, nameLayout, textWidth, tileLetter, toolImageSvg, wrapText } from "./layout.ts";

const content = { name: "Notion", tagline: "All-in-one workspace", categories: ["productivity"], siteName: "toolshelf/", hasLogo: false };

/** The text of every <text> element of an SVG, unescaped. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1]!.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&"),
  );
}

describe("escapeXml", () => {
  it("escapes what could end an element or an attribute", () => {
    expect(escapeXml(`<script>"a" & 'b'</script>`)).toBe("&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;");
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });
});

describe("drawableText", () => {
  it("drops characters XML cannot hold and folds white space", () => {
    expect(drawableText("a\u0000b\u0007c\u001f\ufffe\uffff d")).toBe("abc d");
    expect(drawableText("  line\none\t\ttwo\r\n ")).toBe("line one two");
    expect(drawableText("lone \ud800 surrogate \udc00 here")).toBe("lone surrogate here");
  });

  it("drops emoji (a server seldom has their font), but keeps a name made only of them", () => {
    expect(drawableText("🚀 Rocket ☕ Launch 👩‍💻 🇳🇱")).toBe("Rocket Launch");
    expect(drawableText("Café 1️⃣ ✓ ❤️")).toBe("Café ✓");
    expect(drawableText("🚀🚀")).toBe("🚀🚀");
  });

  it("keeps right-to-left, accented and CJK text as it is", () => {
    for (const text of ["أداة التصميم", "מערכת", "Ünïcödé Çàfé", "東京ツール"]) expect(drawableText(text)).toBe(text);
  });
});

describe("wrapText", () => {
  const options = { maxWidth: 500, fontSize: 40, maxLines: 2 };

  it("keeps a short text on one line", () => {
    expect(wrapText("Short name", options)).toEqual({ lines: ["Short name"], truncated: false });
    expect(wrapText("", options)).toEqual({ lines: [], truncated: false });
  });

  it("breaks at spaces, every line within the width", () => {
    const { lines, truncated } = wrapText("The quick brown fox jumps over the dog", options);
    expect(truncated).toBe(false);
    expect(lines.length).toBe(2);
    expect(lines.join(" ")).toBe("The quick brown fox jumps over the dog");
    for (const line of lines) expect(textWidth(line, 40)).toBeLessThanOrEqual(500);
  });

  it("cuts what does not fit with an ellipsis on the last line, still within the width", () => {
    const { lines, truncated } = wrapText("word ".repeat(200), options);
    expect(truncated).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    for (const line of lines) expect(textWidth(line, 40)).toBeLessThanOrEqual(500);
  });

  it("breaks a word too long for a line inside it, and cuts it when lines run out", () => {
    const long = "Supercalifragilisticexpialidocious".repeat(4);
    const { lines, truncated } = wrapText(long, options);
    expect(truncated).toBe(true);
    expect(lines).toHaveLength(2);
    expect(long.startsWith(lines[0]!)).toBe(true);
    expect(lines[1]).toMatch(/…$/);
    for (const line of lines) expect(textWidth(line, 40)).toBeLessThanOrEqual(500);

    // With lines to spare, nothing of the word is lost.
    const fits = wrapText(`Go ${"x".repeat(20)} on`, { ...options, maxLines: 3 });
    expect(fits.truncated).toBe(false);
    expect(fits.lines.join("").replace(/ /g, "")).toBe(`Go${"x".repeat(20)}on`);
  });

  it("never splits a grapheme: accents, flags and families stay whole", () => {
    const text = "e\u0301".repeat(40);
    const { lines } = wrapText(text, { maxWidth: 200, fontSize: 40, maxLines: 3 });
    for (const line of lines) expect(line.replace(/…$/, "")).toMatch(/^(e\u0301)+$/);
    const flags = wrapText("🇳🇱".repeat(30), { maxWidth: 200, fontSize: 40, maxLines: 2 });
    for (const line of flags.lines) expect(line.replace(/…$/, "")).toMatch(/^(🇳🇱)+$/);
  });

  it("wraps text without spaces (Japanese) by characters", () => {
    const { lines } = wrapText("日本語のタグラインはとても長くなることがあります", { maxWidth: 400, fontSize: 40, maxLines: 3 });
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 40)).toBeLessThanOrEqual(400);
  });

  it("gives regular text more room than bold", () => {
    expect(textWidth("Regular text here", 40, false)).toBeLessThan(textWidth("Regular text here", 40));
  });
});

describe("nameLayout", () => {
  it("uses the largest size for a short name and a smaller one before cutting a long one", () => {
    expect(nameLayout("Notion", 824)).toEqual({ lines: ["Notion"], fontSize: 72 });
    const long = nameLayout("An Unusually Long Product Name For A Tool Card Preview", 824);
    expect(long.fontSize).toBeLessThan(72);
    expect(long.lines.length).toBeLessThanOrEqual(2);
    const endless = nameLayout("Name ".repeat(80), 824);
    expect(endless.lines).toHaveLength(2);
    expect(endless.lines[1]).toMatch(/…$/);
    // Cut after a whole word, not inside one.
    expect(long.lines.at(-1)).toMatch(/(^|\s)\p{L}+…$/u);
    expect(nameLayout("An Unusually Long Product Name For A Tool Card Preview", 824).lines.at(-1)).not.toMatch(/To…$/);
  });
});

describe("tileLetter and letterTileSvg", () => {
  it("takes the first drawable letter, upper-cased, or ? for none", () => {
    expect(tileLetter("notion")).toBe("N");
    expect(tileLetter("  éclair")).toBe("É");
    expect(tileLetter("🚀 rocket")).toBe("R");
    expect(tileLetter("")).toBe("?");
    expect(tileLetter("\u0000\u0001")).toBe("?");
  });

  it("escapes the letter", () => {
    expect(letterTileSvg("<b>", "#123456", { x: 0, y: 0, size: 100 })).toContain(">&lt;</text>");
    expect(letterTileSvg("&co", "#123456", { x: 0, y: 0, size: 100 })).toContain(">&amp;</text>");
  });
});

describe("toolImageSvg", () => {
  it("shows the name, tagline, categories and site name on the first category's colour", () => {
    const svg = toolImageSvg({ ...content, categories: ["design", "ai"] });
    expect(svg).toMatch(/^<svg [^>]*width="1200" height="630"/);
    expect(svg).toContain(`fill="${CATEGORY_COLORS.design}"`);
    expect(texts(svg)).toEqual(["N", "Notion", "All-in-one workspace", "Design · AI & Machine Learning", "toolshelf/"]);
  });

  it("draws the name's letter tile when there is no logo, and leaves the box to the logo when there is", () => {
    expect(toolImageSvg(content)).toContain(`fill="${tileColor("Notion")}"`);
    const withLogo = toolImageSvg({ ...content, hasLogo: true });
    expect(texts(withLogo)).not.toContain("N");
  });

  it("escapes hostile text everywhere, so the SVG stays one document", () => {
    const hostile = `</text><script>alert("x")</script><text a='`;
    const svg = toolImageSvg({ name: hostile, tagline: `& ${hostile} &amp;`, categories: ["<x>"], siteName: `"><svg onload=1>`, hasLogo: false });
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<svg onload");
    expect(svg.match(/<svg /g)).toHaveLength(1);
    expect(svg.match(/<\/svg>/g)).toHaveLength(1);
    expect(texts(svg).join(" ")).toContain(`alert("x")`);
    expect(texts(svg).join(" ")).toContain("&amp;");
  });

  it("marks right-to-left lines so their punctuation falls where a reader expects, still drawn from the left", () => {
    const svg = toolImageSvg({ ...content, name: "أداة التصميم", tagline: "מערכת לניהול משימות!" });
    expect(svg.match(/direction="rtl" text-anchor="end"/g)).toHaveLength(2);
  });

  it("keeps a one-word name and a long URL in the tagline inside the image, broken within the words", () => {
    const name = "Hyperconvergedinfrastructureorchestrationplatformultimate";
    const tagline = `Orchestrate everything from https://${name.toLowerCase()}.example.com/getting-started`;
    const svg = toolImageSvg({ ...content, name, tagline });
    const lines = [...svg.matchAll(/<text x="(\d+)"[^>]*font-size="(\d+)"( font-weight="700")?[^>]*>([^<]*)<\/text>/g)];
    const nameLines = lines.filter((m) => m[3] && name.startsWith(m[4]!.replace(/…$/, "")));
    expect(nameLines.length).toBeGreaterThan(0);
    for (const [, x, size, bold, text] of lines) {
      if (text === content.siteName) continue;
      expect(Number(x) + textWidth(text!, Number(size), Boolean(bold)), text).toBeLessThanOrEqual(1200 - 80);
    }
    expect(texts(svg).join("")).toContain("https://");
  });

  it("centres the design on a larger canvas (the demo previews)", () => {
    const svg = toolImageSvg(content, { width: 1280, height: 800 });
    expect(svg).toMatch(/^<svg [^>]*width="1280" height="800"/);
    expect(svg).toContain(`translate(40 85)`);
  });
});
