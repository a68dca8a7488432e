import { describe, expect, it } from "vitest";
import type { ToolDetailJson } from "./api-responses.ts";
import { markdownLink, markdownText, markdownUrl, toolMarkdown } from "./markdown.ts";

const SITE = "https://shelf.example.org";

/**
 * What must hold of any escaped text, read as CommonMark reads it: one line; every marker behind a
 * backslash; `&` only as the entities we write; `<` never bare; no block opened at its start.
 */
function structureIn(escaped: string): string[] {
  const problems: string[] = [];
  if (/[\r\n\u2028\u2029]/.test(escaped)) problems.push("a line break");
  if (escaped !== escaped.trim()) problems.push("leading or trailing space");
  if (/^(?:[>+\-=#*_`]|\d{1,9}[.)])/.test(escaped)) problems.push("a block marker at the start");
  for (let i = 0; i < escaped.length; i++) {
    const c = escaped[i]!;
    if (c === "\\") {
      if (!/[!-/:-@[-`{-~]/.test(escaped[i + 1] ?? "")) problems.push(`a bare backslash at ${i}`);
      i++;
    } else if ("`*_[]|~#<".includes(c)) problems.push(`an unescaped ${c} at ${i}`);
    else if (c === "&" && !/^&(?:amp|lt);/.test(escaped.slice(i))) problems.push(`a bare & at ${i}`);
  }
  return problems;
}

/** A repeatable pseudo-random generator (a fixed seed, so a failure is the same on every run). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("markdownText", () => {
  it("leaves plain text as it is", () => {
    for (const text of [
      "Notion",
      "Café ☕ — e.g. notes, 100% free",
      "日本語ツール",
      "a -> b",
      "3 + 4 = 7",
      "Version 2.0",
    ]) {
      expect(markdownText(text)).toBe(text);
    }
  });

  it("escapes what would make emphasis, code, links, images, tables, strikethrough and headings", () => {
    expect(markdownText("*bold* and _it_")).toBe("\\*bold\\* and \\_it\\_");
    expect(markdownText("`rm -rf`")).toBe("\\`rm -rf\\`");
    expect(markdownText("[click](https://evil.example)")).toBe("\\[click\\](https://evil.example)");
    expect(markdownText("![x](https://evil.example/t.png)")).toBe("!\\[x\\](https://evil.example/t.png)");
    expect(markdownText("a | b | c")).toBe("a \\| b \\| c");
    expect(markdownText("~~gone~~")).toBe("\\~\\~gone\\~\\~");
    expect(markdownText("Notes #")).toBe("Notes \\#");
    expect(markdownText("C:\\path\\")).toBe("C:\\\\path\\\\");
  });

  it("turns < and & into entities, so no HTML, autolink or entity gets through", () => {
    expect(markdownText("<script>alert(1)</script>")).toBe("&lt;script>alert(1)&lt;/script>");
    expect(markdownText("<https://evil.example>")).toBe("&lt;https://evil.example>");
    expect(markdownText("&lt;b&gt; &#60; AT&T")).toBe("&amp;lt;b&amp;gt; &amp;\\#60; AT&amp;T");
  });

  it("opens no block at its start: heading, quote, list, setext line or thematic break", () => {
    expect(markdownText("# Title")).toBe("\\# Title");
    expect(markdownText("> quoted")).toBe("\\> quoted");
    expect(markdownText("- item")).toBe("\\- item");
    expect(markdownText("+ item")).toBe("\\+ item");
    expect(markdownText("1. first")).toBe("1\\. first");
    expect(markdownText("2026) year")).toBe("2026\\) year");
    expect(markdownText("===")).toBe("\\===");
    expect(markdownText("---")).toBe("\\---");
    expect(markdownText("***")).toBe("\\*\\*\\*");
    expect(markdownText("    indented code")).toBe("indented code");
    expect(markdownText(".hidden")).toBe(".hidden");
    expect(markdownText("2026 was a year")).toBe("2026 was a year");
  });

  it("keeps every line break, tab and control out: the text stays one line", () => {
    expect(markdownText("one\n# two\r\n\r\n- three")).toBe("one \\# two - three");
    expect(markdownText("a\tb\u0000c\u2028d")).toBe("a b c d");
    expect(markdownText("  \n ")).toBe("");
  });

  it("never lets random Markdown through, whatever the mix", () => {
    const next = random(20_261_128);
    const alphabet = ["#", ">", "-", "+", "=", "*", "_", "`", "[", "]", "(", ")", "!", "|", "~", "<", "&", "\\"];
    const pieces = [...alphabet, "1.", "2)", "amp;", "lt;", "#60;", " ", "\n", "\t", "a", "b", "://", "\u2028"];
    for (let n = 0; n < 5_000; n++) {
      const length = 1 + Math.floor(next() * 12);
      const text = Array.from({ length }, () => pieces[Math.floor(next() * pieces.length)]).join("");
      expect(structureIn(markdownText(text)), JSON.stringify(text)).toEqual([]);
    }
  });
});

describe("markdownUrl and markdownLink", () => {
  it("keeps an http(s) address as it is", () => {
    expect(markdownUrl("https://notion.so/")).toBe("https://notion.so/");
    expect(markdownUrl("http://a.example/x?a=1&b=2#top")).toBe("http://a.example/x?a=1&b=2#top");
  });

  it("encodes what would end the destination or read as markup, and escapes an & that starts an entity", () => {
    expect(markdownUrl("https://a.example/a(b)c")).toBe("https://a.example/a%28b%29c");
    expect(markdownUrl("https://a.example/?q=a b<c>\\")).toBe("https://a.example/?q=a%20b%3Cc%3E%5C");
    expect(markdownUrl("https://a.example/?q=1&lt;2&x=&#60;")).toBe("https://a.example/?q=1\\&lt;2&x=\\&#60;");
  });

  it("makes no link of another scheme or of no address", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,<b>", "vbscript:x", "/relative", "not a url", ""]) {
      expect(markdownUrl(url), url).toBeNull();
    }
    expect(markdownLink("Click [me]", "javascript:alert(1)")).toBe("Click \\[me\\]");
    expect(markdownLink("Site", "https://a.example/")).toBe("[Site](https://a.example/)");
  });
});

function tool(overrides: Partial<ToolDetailJson> = {}): ToolDetailJson {
  return {
    id: "t1",
    slug: "quillpad",
    name: "Quillpad",
    tagline: "Notes that write themselves",
    websiteUrl: "https://quillpad.example.com/",
    logoUrl: null,
    url: `${SITE}/tool/quillpad`,
    categories: ["productivity", "ai"],
    pricingModel: "Freemium",
    upvotesCount: 42,
    isFeatured: false,
    sponsored: false,
    featuredPrice: 0,
    featuredUntil: null,
    createdAt: "2026-03-04T05:06:07.000Z",
    lifecycle: "active",
    description: "Quillpad keeps your notes. It syncs them too.",
    screenshotUrl: null,
    tags: ["Note taking", "日本"],
    platforms: ["Web", "macOS"],
    pricingDetails: "Free for one user; $5 a month for teams.",
    features: ["Sync", "Search"],
    useCases: ["Meeting notes"],
    integrations: ["Slack"],
    targetAudience: ["Writers"],
    updatedAt: "2026-03-05T00:00:00.000Z",
    lastCheckedAt: null,
    lastUpdatedAt: null,
    successor: null,
    commentsCount: 0,
    rating: { average: null, count: 0 },
    ...overrides,
  };
}

describe("toolMarkdown", () => {
  it("writes everything the page shows, with absolute links", () => {
    expect(toolMarkdown(tool(), SITE)).toBe(
      [
        "# Quillpad",
        "",
        "> Notes that write themselves",
        "",
        "- Website: [https://quillpad.example.com/](https://quillpad.example.com/)",
        `- Categories: [Productivity](${SITE}/browse/productivity), [AI &amp; Machine Learning](${SITE}/browse/ai)`,
        "- Pricing: Freemium",
        "- Platforms: Web, macOS",
        "- Likes: 42",
        "- Listed: 2026-03-04",
        `- Page: [${SITE}/tool/quillpad](${SITE}/tool/quillpad)`,
        `- Alternatives: [Alternatives to Quillpad](${SITE}/alternatives/quillpad)`,
        "",
        "## Description",
        "",
        "Quillpad keeps your notes. It syncs them too.",
        "",
        "## Pricing details",
        "",
        "Free for one user; $5 a month for teams.",
        "",
        "## Features",
        "",
        "- Sync",
        "- Search",
        "",
        "## Use cases",
        "",
        "- Meeting notes",
        "",
        "## Integrations",
        "",
        "- Slack",
        "",
        "## Target audience",
        "",
        "- Writers",
        "",
        "## Tags",
        "",
        `- [Note taking](${SITE}/tag/note-taking)`,
        // A tag without ASCII word characters has no page: its text alone.
        "- 日本",
        "",
      ].join("\n"),
    );
  });

  it("marks a featured tool as sponsored, and leaves out what a tool does not have", () => {
    const text = toolMarkdown(
      tool({
        sponsored: true,
        isFeatured: true,
        tagline: "",
        categories: [],
        pricingModel: null,
        platforms: [],
        description: "",
        pricingDetails: "",
        features: [],
        useCases: [],
        integrations: [],
        targetAudience: [],
        tags: [],
      }),
      SITE,
    );
    expect(text).toContain("- Sponsored: yes, a paid featured listing\n");
    expect(text).not.toMatch(/^> |Categories|Pricing|Platforms|^## /m);
    expect(toolMarkdown(tool(), SITE)).not.toContain("Sponsored");
  });

  it("keeps hostile text inside its own line: no heading, list, link, HTML or script of its own", () => {
    const text = toolMarkdown(
      tool({
        name: "Evil\n\n## Injected\n<script>alert(1)</script>",
        tagline: "> quote\n- list",
        description:
          "Line one\n\n# Heading\n\n[phish](javascript:alert(1)) ![img](https://evil.example/x.png) &lt;b&gt;",
        features: ["- nested", "1. ordered", "<img src=x onerror=alert(1)>"],
        pricingModel: "Free*",
        websiteUrl: "javascript:alert(1)",
      }),
      SITE,
    );
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Evil \\#\\# Injected &lt;script>alert(1)&lt;/script>");
    expect(lines[2]).toBe("> \\> quote - list");
    expect(text).toContain(
      "\n\nLine one \\# Heading \\[phish\\](javascript:alert(1)) !\\[img\\](https://evil.example/x.png) &amp;lt;b&amp;gt;\n",
    );
    expect(text).toContain("\n- \\- nested\n- 1\\. ordered\n- &lt;img src=x onerror=alert(1)>\n");
    expect(text).toContain("- Website: javascript:alert(1)\n");
    expect(text).toContain("- Pricing: Free\\*\n");
    // Only our own headings, and no HTML tag anywhere.
    expect(lines.filter((line) => line.startsWith("#"))).toEqual([
      lines[0],
      "## Description",
      "## Pricing details",
      "## Features",
      "## Use cases",
      "## Integrations",
      "## Target audience",
      "## Tags",
    ]);
    expect(text).not.toMatch(/<[a-z/]/i);
  });
});

describe("toolMarkdown with reviews", () => {
  it("says the rating in words only when published reviews exist", () => {
    expect(toolMarkdown(tool(), SITE)).not.toContain("Rating:");
    expect(toolMarkdown(tool({ rating: { average: 4.3, count: 12 }, commentsCount: 12 }), SITE)).toContain(
      "- Likes: 42\n- Rating: 4.3 out of 5 from 12 reviews\n- Listed: 2026-03-04",
    );
  });
});
