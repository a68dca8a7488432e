import { describe, expect, it } from "vitest";
import { listingDomain } from "./claim-domains.ts";
import {
  CATALOG_FILE_LIMITS,
  CATALOG_FILE_MESSAGES,
  checkCandidate,
  decodeCatalogFile,
  detectFormat,
  fileHeadings,
  headingCategory,
  parseCatalogFile,
  parseCsvFile,
  parseJsonExport,
  parseMarkdownList,
  planImport,
  type FileCandidate,
} from "./catalog-file.ts";

const LIST = `# Awesome Tools

A curated list.

## Contents
- [Design](#design)

## Design
- [Figma](https://www.figma.com) - Collaborative interface design.
* [Penpot](https://penpot.app) — Open source design.
+ [Excalidraw](https://excalidraw.com) – Sketch diagrams
- [Lunacy](https://icons8.com/lunacy): Free design software.
- [NoDesc](https://nodesc.example.com)
- **[Bold](https://bold.example.com)** - Emphasised.

### Miscellaneous Stuff
- [Broken](https://broken.example.com - no closing parenthesis
- [Unclosed name(https://x.example.com)
- [Relative](./docs/thing.md) - relative link
- [Mail](mailto:a@b.c) - mail
- NoLink - a description but no link
- Just a sentence in a bullet.
- [](https://noname.example.com) - no name

\`\`\`
- [InCode](https://code.example.com) - inside a code block
\`\`\`
`;

describe("parseMarkdownList", () => {
  const { candidates, refused } = parseMarkdownList(LIST);

  it("reads entries with every bullet and separator, under their heading, with their line", () => {
    expect(candidates.map((c) => [c.line, c.heading, c.name, c.websiteUrl, c.tagline])).toEqual([
      [9, "Design", "Figma", "https://www.figma.com", "Collaborative interface design."],
      [10, "Design", "Penpot", "https://penpot.app", "Open source design."],
      [11, "Design", "Excalidraw", "https://excalidraw.com", "Sketch diagrams"],
      [12, "Design", "Lunacy", "https://icons8.com/lunacy", "Free design software."],
      [13, "Design", "NoDesc", "https://nodesc.example.com", ""],
      [14, "Design", "Bold", "https://bold.example.com", "Emphasised."],
    ]);
  });

  it("refuses the broken lines with their reason and passes over anchors, prose and code", () => {
    expect(refused.map((r) => [r.line, r.reason])).toEqual([
      [17, "The entry's link has no closing parenthesis, or a space in it."],
      [18, "The entry's name has no closing bracket."],
      [19, "The entry's link is not an http(s) address."],
      [20, "The entry's link is not an http(s) address."],
      [21, "The entry has no link (expected [Name](https://…))."],
      [23, "The entry has no name."],
    ]);
  });

  it("refuses a 100,000-character line without reading it", () => {
    const long = `## AI\n- [X](https://x.example.com) - ${"a".repeat(100_000)}\n`;
    expect(parseMarkdownList(long).refused).toEqual([
      { line: 2, name: null, reason: CATALOG_FILE_MESSAGES.lineTooLong },
    ]);
  });

  it("keeps a long description whole and cuts the tagline", () => {
    const [entry] = parseMarkdownList(`- [X](https://x.example.com) - ${"word ".repeat(60)}`).candidates;
    expect(entry!.tagline!.length).toBeLessThanOrEqual(160);
    expect(entry!.tagline!.endsWith("…")).toBe(true);
    expect(entry!.description).toBe("word ".repeat(60).trim());
  });
});

describe("parseCsvFile", () => {
  it("reads the documented header in any order, with a BOM, lists split on ';'", () => {
    const csv =
      "\uFEFFwebsite_url,name,categories,tags,platforms,pricing_model\r\n" +
      'https://a.example.com,Alpha,ai;design,"x;y",web;ios,Free\r\n' +
      '"https://b.example.com","Beta, Inc",development,,,\r\n';
    const parsed = parseCsvFile(csv);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.candidates.map((c) => [c.line, c.name, c.categories, c.tags, c.platforms, c.pricingModel])).toEqual([
      [2, "Alpha", ["ai", "design"], ["x", "y"], ["web", "ios"], "Free"],
      [3, "Beta, Inc", ["development"], [], [], null],
    ]);
  });

  it("names unknown and missing columns", () => {
    expect(parseCsvFile("title,link,tagline\nA,https://a.example.com,x\n")).toEqual({
      ok: false,
      message:
        'The CSV header has unknown columns "title", "link" and missing required columns "name", "website_url". Expected: name,website_url,tagline,description,categories,pricing_model,platforms,tags.',
    });
  });

  it("refuses a line with a stray quote and reads the others", () => {
    const parsed = parseCsvFile(
      'name,website_url\nA,https://a.example.com\nB "x",https://b.example.com\nC,https://c.example.com\n',
    );
    expect(parsed.ok && parsed.candidates.map((c) => c.name)).toEqual(["A", "C"]);
    expect(parsed.ok && parsed.refused.map((r) => r.line)).toEqual([3]);
  });

  it("refuses from an unclosed quote to the end without throwing", () => {
    const parsed = parseCsvFile(
      'name,website_url\nA,https://a.example.com\n"B,https://b.example.com\nC,https://c.example.com\n',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.refused).toHaveLength(1);
    expect(parsed.refused[0]!.reason).toMatch(/not closed/);
  });

  it("keeps a formula cell as text", () => {
    const parsed = parseCsvFile('name,website_url,tagline\n"=HYPERLINK(""http://evil"")",https://f.example.com,=1+2\n');
    expect(parsed.ok && parsed.candidates[0]!.name).toBe('=HYPERLINK("http://evil")');
  });
});

describe("parseJsonExport", () => {
  it("reads JSON Lines, ignores extra fields and status, refuses malformed lines", () => {
    const text = [
      JSON.stringify({
        name: "A",
        websiteUrl: "https://a.example.com",
        categories: ["ai"],
        status: "approved",
        id: "x",
      }),
      "{not json",
      JSON.stringify({ name: 5, websiteUrl: "https://b.example.com" }),
      "",
      JSON.stringify({ name: "C", websiteUrl: "https://c.example.com", features: ["Fast, small"] }),
    ].join("\n");
    const parsed = parseJsonExport(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.candidates.map((c) => [c.line, c.name])).toEqual([
      [1, "A"],
      [5, "C"],
    ]);
    expect(parsed.candidates[0]).not.toHaveProperty("status");
    expect(parsed.refused.map((r) => r.line)).toEqual([2, 3]);
    expect(parsed.refused[0]!.reason).toMatch(/^Not valid JSON/);
    expect(parsed.refused[1]!.reason).toMatch(/^Not an exported tool: name/);
  });

  it("reads an array, and refuses a broken one as a whole", () => {
    const parsed = parseJsonExport(JSON.stringify([{ name: "A", websiteUrl: "https://a.example.com" }]));
    expect(parsed.ok && parsed.candidates.map((c) => c.line)).toEqual([1]);
    expect(parseJsonExport('[{"name": "A",').ok).toBe(false);
  });
});

describe("parseCatalogFile and decodeCatalogFile", () => {
  it("refuses empty, binary and too large files, and too many entries", () => {
    expect(decodeCatalogFile(new Uint8Array())).toEqual({ ok: false, message: CATALOG_FILE_MESSAGES.empty });
    expect(decodeCatalogFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0xff]))).toEqual({
      ok: false,
      message: CATALOG_FILE_MESSAGES.notText,
    });
    expect(decodeCatalogFile(new Uint8Array(CATALOG_FILE_LIMITS.maxBytes + 1))).toEqual({
      ok: false,
      message: CATALOG_FILE_MESSAGES.tooLarge,
    });
    expect(parseCatalogFile("  \n", "markdown")).toEqual({ ok: false, message: CATALOG_FILE_MESSAGES.empty });
    expect(parseCatalogFile("Just prose.\n", "markdown")).toEqual({
      ok: false,
      message: CATALOG_FILE_MESSAGES.noEntries,
    });
    // Read in the wrong format, nothing is readable: the file is refused with the first line's trouble.
    expect(parseCatalogFile("name,website_url\nA,https://a.example.com\n", "json")).toEqual({
      ok: false,
      message:
        "No entry could be read from the file as JSON. Line 1: Not valid JSON: each line must be one JSON object.",
    });
    const many = ["name,website_url", ...Array.from({ length: 10_001 }, (_, i) => `T${i},https://t${i}.example.com`)];
    expect(parseCatalogFile(many.join("\n"), "csv")).toEqual({
      ok: false,
      message: CATALOG_FILE_MESSAGES.tooManyEntries,
    });
  });

  it("detects the format by name, then by content", () => {
    expect(detectFormat("list.MD", "")).toBe("markdown");
    expect(detectFormat("tools.jsonl", "")).toBe("json");
    expect(detectFormat("", "name,website_url\n")).toBe("csv");
    expect(detectFormat("", '{"name":"x"}')).toBe("json");
    expect(detectFormat("", "# Awesome\n")).toBe("markdown");
  });
});

describe("headings and categories", () => {
  it("maps headings by slug, name and synonyms, and leaves the rest unmapped", () => {
    expect(headingCategory("AI & Machine Learning")).toBe("ai");
    expect(headingCategory("project management")).toBe("project-management");
    expect(headingCategory("Developer Tools")).toBe("development");
    expect(headingCategory("E-Commerce")).toBe("ecommerce");
    expect(headingCategory("Miscellaneous Stuff")).toBeNull();
    const { candidates } = parseMarkdownList(LIST);
    expect(fileHeadings(candidates)).toEqual([{ heading: "Design", auto: "design", entries: 6 }]);
  });

  const entry = (over: Partial<FileCandidate>): FileCandidate => ({
    line: 1,
    heading: null,
    name: "Tool",
    websiteUrl: "https://tool.example.com",
    ...over,
  });

  it("reads a heading named like an object's member as a heading", () => {
    const candidate = entry({ heading: "constructor" });
    expect(checkCandidate(candidate, {})).toEqual({ ok: false, reason: CATALOG_FILE_MESSAGES.unmapped });
    const mapped = checkCandidate(candidate, JSON.parse('{"constructor": "ai"}') as Record<string, "ai">);
    expect(mapped.ok && mapped.tool.categories).toEqual(["ai"]);
  });

  it("refuses an unmapped heading unless the admin maps it", () => {
    const candidate = entry({ heading: "Miscellaneous Stuff" });
    expect(checkCandidate(candidate, {})).toEqual({ ok: false, reason: CATALOG_FILE_MESSAGES.unmapped });
    expect(checkCandidate(candidate, { "Miscellaneous Stuff": "" })).toEqual({
      ok: false,
      reason: CATALOG_FILE_MESSAGES.unmapped,
    });
    const mapped = checkCandidate(candidate, { "Miscellaneous Stuff": "utilities" });
    expect(mapped.ok && mapped.tool.categories).toEqual(["utilities"]);
  });

  it("applies the submission rules and names unknown slugs", () => {
    expect(checkCandidate(entry({ categories: ["ai", "gadgets"] }), {})).toEqual({
      ok: false,
      reason: 'Unknown category "gadgets".',
    });
    expect(checkCandidate(entry({ categories: ["ai"], name: "x".repeat(81) }), {})).toEqual({
      ok: false,
      reason: "Name must be at most 80 characters.",
    });
    expect(checkCandidate(entry({ categories: ["ai"], websiteUrl: "ftp://x.example.com" }), {})).toEqual({
      ok: false,
      reason: "Please enter the full website address, starting with https://.",
    });
    expect(checkCandidate(entry({ categories: ["ai"], pricingModel: "Cheap" }), {}).ok).toBe(false);
    const ok = checkCandidate(entry({ categories: ["AI"], tags: ["a", "A", " b "], pricingModel: "Free" }), {});
    expect(ok.ok && [ok.tool.categories, ok.tool.tags, ok.tool.pricingModel]).toEqual([["ai"], ["a", "b"], "Free"]);
  });
});

describe("planImport", () => {
  it("sorts candidates into added, duplicates (listed or earlier in the file) and refused", () => {
    const candidates: FileCandidate[] = [
      { line: 1, heading: "Design", name: "Figma", websiteUrl: "https://www.figma.com" },
      { line: 2, heading: "Design", name: "New One", websiteUrl: "https://new.example.org" },
      { line: 3, heading: "Design", name: "new one", websiteUrl: "https://other.example.net" },
      { line: 4, heading: "Design", name: "Sub", websiteUrl: "https://app.new.example.org/x" },
      { line: 5, heading: "Design", name: "Repo A", websiteUrl: "https://github.com/a/tool" },
      { line: 6, heading: "Design", name: "Repo B", websiteUrl: "https://github.com/b/tool" },
      { line: 7, heading: "Odd", name: "Odd", websiteUrl: "https://odd.example.com" },
    ];
    const listed = {
      byDomain: new Map([["figma.com", { slug: "figma", name: "Figma" }]]),
      byName: new Map<string, { slug: string; name: string }>(),
    };
    const plan = planImport(candidates, [{ line: 9, name: null, reason: "x" }], {}, listed, listingDomain);
    expect(plan.add.map((a) => a.line)).toEqual([2, 5, 6]);
    expect(plan.existing.map((e) => [e.line, e.listed?.slug ?? null, e.earlierLine])).toEqual([
      [1, "figma", null],
      [3, null, 2],
      [4, null, 2],
    ]);
    expect(plan.refused.map((r) => r.line)).toEqual([7, 9]);
  });
});
