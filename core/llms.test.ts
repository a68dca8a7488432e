import { describe, expect, it } from "vitest";
import { CATEGORIES } from "./categories.ts";
import { llmsTxt } from "./llms.ts";

const SITE = { url: "https://shelf.example.org", name: "toolshelf/", description: "A directory of tools." };
const categories = CATEGORIES.map((c, i) => ({ slug: c.slug, name: c.name, count: i }));

describe("llmsTxt", () => {
  const text = llmsTxt(SITE, categories);
  const lines = text.split("\n");

  it("follows the llmstxt.org shape: H1, summary quote, notes, then H2 link lists with Optional last", () => {
    expect(lines[0]).toBe("# toolshelf/");
    expect(lines[2]).toBe("> A directory of tools.");
    const headings = lines.filter((line) => line.startsWith("#"));
    expect(headings).toEqual(["# toolshelf/", "## Directory", "## Categories", "## Developers", "## Optional"]);
    // Between the H2s, nothing but list items of `[title](url): note`.
    const firstSection = lines.indexOf("## Directory");
    for (const line of lines.slice(firstSection)) {
      if (line === "" || line.startsWith("## ")) continue;
      expect(line).toMatch(/^- \[[^\]]+\]\(https:\/\/shelf\.example\.org\/[^)\s]*\): \S/);
    }
    expect(text.endsWith("\n")).toBe(true);
  });

  it("lists every category with its count, and the developer pages, at absolute addresses", () => {
    for (const [i, c] of CATEGORIES.entries()) {
      expect(text).toContain(
        `- [${c.name.replace("&", "&amp;")}](https://shelf.example.org/browse/${c.slug}): ${i} ${i === 1 ? "tool" : "tools"}\n`,
      );
    }
    for (const path of ["/developers", "/developers/api", "/api/v1/openapi.json", "/api/v1/export.jsonl"]) {
      expect(text).toContain(`](https://shelf.example.org${path}): `);
    }
    expect(text).toContain("`https://shelf.example.org/mcp`");
    expect(text).toContain("`https://shelf.example.org/tool/{slug}.md`");
  });

  it("escapes the site's name and summary", () => {
    const odd = llmsTxt({ ...SITE, name: "# *Tools* <b>", description: "- one\n## two" }, categories);
    expect(odd.split("\n")[0]).toBe("# \\# \\*Tools\\* &lt;b>");
    expect(odd.split("\n")[2]).toBe("> \\- one \\#\\# two");
  });
});
