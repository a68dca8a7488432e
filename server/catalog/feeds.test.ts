import { describe, it, expect } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { SITEMAP_MAX_URLS } from "../../core/seo.ts";
import { atomFeedXml, sitemapIndexXml, sitemapXml, type AtomEntry, type AtomFeed } from "./feeds.ts";

const options = {
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  // Decodes character references (&#13;) as well as the five XML entities.
  htmlEntities: true,
  isArray: (name: string) => ["url", "sitemap", "entry", "category", "link"].includes(name),
};
// Trimming drops the newlines between elements, so structure compares cleanly; the exact parser
// is for checking that text comes back character for character.
const structureParser = new XMLParser({ ...options, trimValues: true });
const exactParser = new XMLParser({ ...options, trimValues: false });

// Anything outside XML 1.0's Char production; fast-xml-parser's validator does not look for these.
const ILLEGAL = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** Checks the document is well-formed and returns it parsed, with text trimmed unless `exact`. */
function parse(xml: string, exact = false): Record<string, unknown> {
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(xml).not.toMatch(ILLEGAL);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  return (exact ? exactParser : structureParser).parse(xml) as Record<string, unknown>;
}

// Each hostile input and the text that must come back after parsing.
const HOSTILE = "<b>&amp; \"quoted\" 'single' ]]> \u0000nul\u0008bs\u001besc \ud800lone \udfffalso \ufffe\uffff 🚀 é";
const HOSTILE_KEPT = "<b>&amp; \"quoted\" 'single' ]]> nulbsesc lone also  🚀 é";

const T = Date.UTC(2026, 2, 5, 12, 30, 45, 678);

describe("sitemapXml", () => {
  it("lists URLs with lastmod as a UTC date-time", () => {
    const xml = sitemapXml([
      { loc: "https://toolshelf.example/", lastmod: T },
      { loc: "https://toolshelf.example/tools/notion" },
    ]);
    const doc = parse(xml) as { urlset: { "@_xmlns": string; url: { loc: string; lastmod?: string }[] } };
    expect(doc.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(doc.urlset.url).toEqual([
      { loc: "https://toolshelf.example/", lastmod: "2026-03-05T12:30:45Z" },
      { loc: "https://toolshelf.example/tools/notion" },
    ]);
  });

  it("leaves out a lastmod that is unknown (0) or invalid", () => {
    const xml = sitemapXml([
      { loc: "https://a.example/", lastmod: 0 },
      { loc: "https://b.example/", lastmod: Number.NaN },
    ]);
    expect(xml).not.toContain("<lastmod>");
    parse(xml);
  });

  it("escapes the query string of a URL", () => {
    const xml = sitemapXml([{ loc: "https://toolshelf.example/search?q=a&page=2" }]);
    expect(xml).toContain("<loc>https://toolshelf.example/search?q=a&amp;page=2</loc>");
    const doc = parse(xml) as { urlset: { url: { loc: string }[] } };
    expect(doc.urlset.url[0]?.loc).toBe("https://toolshelf.example/search?q=a&page=2");
  });

  it("keeps hostile text well-formed and intact, minus illegal characters", () => {
    const doc = parse(sitemapXml([{ loc: HOSTILE }]), true) as { urlset: { url: { loc: string }[] } };
    expect(doc.urlset.url[0]?.loc).toBe(HOSTILE_KEPT);
  });

  it("is valid with no URLs", () => {
    const doc = parse(sitemapXml([])) as { urlset: unknown };
    expect(doc).toHaveProperty("urlset");
  });

  it("accepts exactly the maximum and refuses more", () => {
    const entries = Array.from({ length: SITEMAP_MAX_URLS }, (_, i) => ({ loc: `https://t.example/${i}` }));
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(() => sitemapXml(entries)).not.toThrow();
    expect(() => sitemapXml([...entries, { loc: "https://t.example/one-more" }])).toThrow(RangeError);
  });
});

describe("sitemapIndexXml", () => {
  it("lists sitemaps", () => {
    const xml = sitemapIndexXml([
      { loc: "https://toolshelf.example/sitemaps/tools-1.xml", lastmod: T },
      { loc: "https://toolshelf.example/sitemaps/pages.xml" },
    ]);
    const doc = parse(xml) as { sitemapindex: { "@_xmlns": string; sitemap: { loc: string; lastmod?: string }[] } };
    expect(doc.sitemapindex["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(doc.sitemapindex.sitemap).toEqual([
      { loc: "https://toolshelf.example/sitemaps/tools-1.xml", lastmod: "2026-03-05T12:30:45Z" },
      { loc: "https://toolshelf.example/sitemaps/pages.xml" },
    ]);
  });

  it("keeps hostile text well-formed and intact, minus illegal characters", () => {
    const xml = sitemapIndexXml([{ loc: HOSTILE, lastmod: T }]);
    const doc = parse(xml, true) as { sitemapindex: { sitemap: { loc: string }[] } };
    expect(doc.sitemapindex.sitemap[0]?.loc).toBe(HOSTILE_KEPT);
  });

  it("refuses more sitemaps than the maximum", () => {
    const sitemaps = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ loc: `https://t.example/${i}.xml` }));
    expect(() => sitemapIndexXml(sitemaps)).toThrow(RangeError);
  });
});

const entry: AtomEntry = {
  id: "https://toolshelf.example/tools/notion",
  title: "Notion — All-in-one workspace",
  url: "https://toolshelf.example/tools/notion",
  summary: "Notes, docs and wikis.",
  updated: Date.UTC(2026, 2, 6),
  published: Date.UTC(2026, 2, 5),
  categories: ["productivity", "ai"],
};

const feed: AtomFeed = {
  id: "https://toolshelf.example/",
  title: "toolshelf/ — new tools",
  selfUrl: "https://toolshelf.example/feed.xml",
  siteUrl: "https://toolshelf.example/",
  updated: T,
  entries: [entry],
};

interface ParsedLink {
  "@_rel": string;
  "@_type": string;
  "@_href": string;
}

interface ParsedEntry {
  id: string;
  title: { "#text": string; "@_type": string };
  link: ParsedLink[];
  published: string;
  updated: string;
  summary: { "#text"?: string; "@_type": string };
  category?: { "@_term": string }[];
}

interface ParsedFeed {
  feed: {
    "@_xmlns": string;
    id: string;
    title: { "#text": string };
    updated: string;
    link: ParsedLink[];
    author: { name: string };
    entry?: ParsedEntry[];
  };
}

describe("atomFeedXml", () => {
  it("builds the feed head", () => {
    const doc = parse(atomFeedXml(feed)) as unknown as ParsedFeed;
    expect(doc.feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(doc.feed.id).toBe("https://toolshelf.example/");
    expect(doc.feed.title["#text"]).toBe("toolshelf/ — new tools");
    expect(doc.feed.updated).toBe("2026-03-05T12:30:45Z");
    expect(doc.feed.link).toEqual([
      { "@_rel": "self", "@_type": "application/atom+xml", "@_href": "https://toolshelf.example/feed.xml" },
      { "@_rel": "alternate", "@_type": "text/html", "@_href": "https://toolshelf.example/" },
    ]);
  });

  it("names an author, the title unless one is given, as Atom requires", () => {
    expect((parse(atomFeedXml(feed)) as unknown as ParsedFeed).feed.author).toEqual({ name: "toolshelf/ — new tools" });
    expect((parse(atomFeedXml({ ...feed, author: "toolshelf/" })) as unknown as ParsedFeed).feed.author).toEqual({
      name: "toolshelf/",
    });
  });

  it("builds each entry", () => {
    const doc = parse(atomFeedXml(feed)) as unknown as ParsedFeed;
    expect(doc.feed.entry).toEqual([
      {
        id: "https://toolshelf.example/tools/notion",
        title: { "#text": "Notion — All-in-one workspace", "@_type": "text" },
        link: [{ "@_rel": "alternate", "@_type": "text/html", "@_href": "https://toolshelf.example/tools/notion" }],
        published: "2026-03-05T00:00:00Z",
        updated: "2026-03-06T00:00:00Z",
        summary: { "#text": "Notes, docs and wikis.", "@_type": "text" },
        category: [{ "@_term": "productivity" }, { "@_term": "ai" }],
      },
    ]);
  });

  it("keeps entries in the order given", () => {
    const doc = parse(
      atomFeedXml({
        ...feed,
        entries: [
          { ...entry, id: "urn:a" },
          { ...entry, id: "urn:b" },
          { ...entry, id: "urn:c" },
        ],
      }),
    ) as unknown as ParsedFeed;
    expect(doc.feed.entry?.map((e) => e.id)).toEqual(["urn:a", "urn:b", "urn:c"]);
  });

  it("is valid with no entries", () => {
    const xml = atomFeedXml({ ...feed, entries: [] });
    const doc = parse(xml) as unknown as ParsedFeed;
    expect(doc.feed.entry).toBeUndefined();
    expect(doc.feed.id).toBe("https://toolshelf.example/");
  });

  it("allows an entry without categories and with an empty summary", () => {
    const xml = atomFeedXml({ ...feed, entries: [{ ...entry, categories: [], summary: "" }] });
    const doc = parse(xml) as unknown as ParsedFeed;
    expect(doc.feed.entry?.[0]?.category).toBeUndefined();
    expect(doc.feed.entry?.[0]?.summary["@_type"]).toBe("text");
  });

  it("skips a category left empty", () => {
    const xml = atomFeedXml({ ...feed, entries: [{ ...entry, categories: ["", "\u0000", "ai"] }] });
    const doc = parse(xml) as unknown as ParsedFeed;
    expect(doc.feed.entry?.[0]?.category).toEqual([{ "@_term": "ai" }]);
  });

  it("keeps hostile text in every field well-formed and intact, minus illegal characters", () => {
    const xml = atomFeedXml({
      id: HOSTILE,
      title: HOSTILE,
      selfUrl: HOSTILE,
      siteUrl: HOSTILE,
      author: HOSTILE,
      updated: T,
      entries: [{ ...entry, id: HOSTILE, title: HOSTILE, url: HOSTILE, summary: HOSTILE, categories: [HOSTILE] }],
    });
    const doc = parse(xml, true) as unknown as ParsedFeed;
    expect(doc.feed.id).toBe(HOSTILE_KEPT);
    expect(doc.feed.title["#text"]).toBe(HOSTILE_KEPT);
    expect(doc.feed.author.name).toBe(HOSTILE_KEPT);
    expect(doc.feed.link.map((l) => l["@_href"])).toEqual([HOSTILE_KEPT, HOSTILE_KEPT]);
    const e = doc.feed.entry?.[0];
    expect(e?.id).toBe(HOSTILE_KEPT);
    expect(e?.title["#text"]).toBe(HOSTILE_KEPT);
    expect(e?.link[0]?.["@_href"]).toBe(HOSTILE_KEPT);
    expect(e?.summary["#text"]).toBe(HOSTILE_KEPT);
    expect(e?.category).toEqual([{ "@_term": HOSTILE_KEPT }]);
  });

  it("keeps line breaks and tabs in text and attributes", () => {
    const xml = atomFeedXml({
      ...feed,
      entries: [{ ...entry, summary: "line one\r\nline two\ttab", categories: ["a\tb\nc\rd"] }],
    });
    const doc = parse(xml, true) as unknown as ParsedFeed;
    expect(doc.feed.entry?.[0]?.summary["#text"]).toBe("line one\r\nline two\ttab");
    expect(doc.feed.entry?.[0]?.category).toEqual([{ "@_term": "a\tb\nc\rd" }]);
  });

  it("cannot be broken out of with markup in a field", () => {
    const xml = atomFeedXml({ ...feed, entries: [{ ...entry, summary: "</summary></entry><entry><id>x</id>" }] });
    const doc = parse(xml, true) as unknown as ParsedFeed;
    expect(doc.feed.entry).toHaveLength(1);
    expect(doc.feed.entry?.[0]?.summary["#text"]).toBe("</summary></entry><entry><id>x</id>");
  });

  it("refuses an invalid time", () => {
    expect(() => atomFeedXml({ ...feed, updated: Number.NaN })).toThrow(RangeError);
    expect(() => atomFeedXml({ ...feed, entries: [{ ...entry, published: Number.POSITIVE_INFINITY }] })).toThrow(
      RangeError,
    );
  });
});
