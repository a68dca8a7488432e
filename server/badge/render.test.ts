import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { badgeLabel, badgeSnippets, compactCount, renderBadge } from "./render.ts";

const tool = (over: Partial<{ siteName: string; featured: boolean; likes: number }> = {}) =>
  ({ kind: "tool", siteName: "toolshelf/", featured: false, likes: 42, ...over }) as const;

describe("renderBadge", () => {
  it("says listed or featured, with the like count, in both themes", () => {
    const listed = renderBadge(tool(), "light");
    expect(listed).toContain(">Listed on <tspan");
    expect(listed).toContain(">♥ 42<");
    expect(listed).toContain('aria-label="Listed on toolshelf/, 42 likes"');
    const featured = renderBadge(tool({ featured: true, likes: 1 }), "dark");
    expect(featured).toContain(">Featured on <tspan");
    expect(featured).toContain('aria-label="Featured on toolshelf/, 1 like"');
    expect(featured).toContain('fill="#0f172a"');
    expect(listed).not.toContain('fill="#0f172a" stroke');
  });

  it("is well-formed XML under 2 KB, even for the longest hostile site name and count", () => {
    for (const siteName of [
      "toolshelf/",
      `<script>alert("x")</script>&'${"W".repeat(60)}`,
      "\u0000\u0007bad\uFFFE",
      "📦 Tools 🚀",
    ]) {
      for (const content of [
        tool({ siteName, likes: 987_654_321, featured: true }),
        { kind: "missing", siteName, message: `No public tool on ${siteName} has this badge.` } as const,
      ]) {
        for (const theme of ["light", "dark"] as const) {
          const svg = renderBadge(content, theme);
          expect(Buffer.byteLength(svg)).toBeLessThan(2048);
          expect(XMLValidator.validate(svg)).toBe(true);
          expect(svg).not.toContain("<script");
        }
      }
    }
  });

  it("is as wide as its words: a longer name makes a wider badge", () => {
    const width = (svg: string) => Number(new XMLParser({ ignoreAttributes: false }).parse(svg).svg["@_width"]);
    expect(width(renderBadge(tool({ siteName: "A much longer directory name" }), "light"))).toBeGreaterThan(
      width(renderBadge(tool({ siteName: "Short" }), "light")) + 100,
    );
    expect(width(renderBadge(tool({ likes: 12_345 }), "light"))).toBeGreaterThan(
      width(renderBadge(tool({ likes: 1 }), "light")),
    );
  });

  it("draws a missing tool without a count", () => {
    const svg = renderBadge(
      { kind: "missing", siteName: "toolshelf/", message: "No public tool on toolshelf/ has this badge." },
      "light",
    );
    expect(svg).toContain(">Not listed on <tspan");
    expect(svg).not.toContain("♥");
    expect(badgeLabel({ kind: "missing", siteName: "x", message: "Gone." })).toBe("Gone.");
  });
});

describe("compactCount", () => {
  it("writes counts short", () => {
    expect([0, 999, 9_999, 10_000, 12_345, 123_456, 1_250_000].map(compactCount)).toEqual([
      "0",
      "999",
      "9,999",
      "10k",
      "12.3k",
      "123k",
      "1.3M",
    ]);
  });
});

describe("badgeSnippets", () => {
  it("links the badge to the tool's page, escaped for HTML and Markdown", () => {
    const snippets = badgeSnippets({
      siteUrl: "https://shelf.example",
      siteName: `Tools "[R]" <Us>`,
      slug: "quill-pad",
    });
    expect(snippets.imageUrl).toBe("https://shelf.example/badge/quill-pad.svg");
    expect(snippets.html).toBe(
      '<a href="https://shelf.example/tool/quill-pad"><img src="https://shelf.example/badge/quill-pad.svg" alt="Listed on Tools &quot;[R]&quot; &lt;Us&gt;" height="28"></a>',
    );
    expect(snippets.markdown).toBe(
      '[![Listed on Tools "\\[R\\]" <Us>](https://shelf.example/badge/quill-pad.svg)](https://shelf.example/tool/quill-pad)',
    );
  });
});
