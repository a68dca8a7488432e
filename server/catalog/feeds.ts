import { SITEMAP_MAX_URLS } from "../../core/seo.ts";

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const ATOM_NS = "http://www.w3.org/2005/Atom";
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** One URL of a sitemap, or one sitemap of a sitemap index; lastmod in epoch milliseconds. */
export interface SitemapEntry {
  loc: string;
  lastmod?: number;
}

/** A sitemaps.org <urlset>. Throws beyond SITEMAP_MAX_URLS entries: the caller splits them over several sitemaps. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  return sitemapDocument("urlset", "url", entries);
}

/** A sitemaps.org <sitemapindex> pointing at sitemaps. Throws beyond SITEMAP_MAX_URLS sitemaps. */
export function sitemapIndexXml(sitemaps: readonly SitemapEntry[]): string {
  return sitemapDocument("sitemapindex", "sitemap", sitemaps);
}

function sitemapDocument(root: string, item: string, entries: readonly SitemapEntry[]): string {
  // Search engines reject an oversized file as a whole, so failing here is kinder than truncating.
  if (entries.length > SITEMAP_MAX_URLS) {
    throw new RangeError(`A sitemap holds at most ${SITEMAP_MAX_URLS} entries, got ${entries.length}`);
  }
  let xml = `${XML_DECLARATION}<${root} xmlns="${SITEMAP_NS}">\n`;
  for (const entry of entries) {
    // 0 means no date was recorded (as in core/dates.ts): a lastmod in 1970 would mislead crawlers.
    const lastmod = entry.lastmod === undefined || entry.lastmod === 0 ? null : isoDateTime(entry.lastmod);
    xml += `<${item}><loc>${text(entry.loc)}</loc>${lastmod === null ? "" : `<lastmod>${lastmod}</lastmod>`}</${item}>\n`;
  }
  return `${xml}</${root}>\n`;
}

/** One entry of an Atom feed; times in epoch milliseconds. */
export interface AtomEntry {
  id: string;
  title: string;
  url: string;
  summary: string;
  updated: number;
  published: number;
  categories: readonly string[];
}

/** An Atom feed; times in epoch milliseconds. */
export interface AtomFeed {
  id: string;
  title: string;
  selfUrl: string;
  siteUrl: string;
  updated: number;
  /** The feed's author; Atom requires one where entries have none. Defaults to the title. */
  author?: string;
  entries: readonly AtomEntry[];
}

/** An Atom 1.0 document (RFC 4287). Throws a RangeError when a time is not a valid date. */
export function atomFeedXml(feed: AtomFeed): string {
  let xml =
    `${XML_DECLARATION}<feed xmlns="${ATOM_NS}">\n` +
    `<id>${text(feed.id)}</id>\n` +
    `<title type="text">${text(feed.title)}</title>\n` +
    `<updated>${requiredDateTime(feed.updated)}</updated>\n` +
    `<link rel="self" type="application/atom+xml" href="${attr(feed.selfUrl)}"/>\n` +
    `<link rel="alternate" type="text/html" href="${attr(feed.siteUrl)}"/>\n` +
    `<author><name>${text(feed.author ?? feed.title)}</name></author>\n`;
  for (const entry of feed.entries) {
    xml +=
      "<entry>\n" +
      `<id>${text(entry.id)}</id>\n` +
      `<title type="text">${text(entry.title)}</title>\n` +
      `<link rel="alternate" type="text/html" href="${attr(entry.url)}"/>\n` +
      `<published>${requiredDateTime(entry.published)}</published>\n` +
      `<updated>${requiredDateTime(entry.updated)}</updated>\n` +
      `<summary type="text">${text(entry.summary)}</summary>\n`;
    for (const category of entry.categories) {
      // An empty term is invalid Atom, and after stripping a category may be left with nothing.
      const term = attr(category);
      if (term !== "") xml += `<category term="${term}"/>\n`;
    }
    xml += "</entry>\n";
  }
  return `${xml}</feed>\n`;
}

// XML 1.0 Char: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF. With the u flag a lone
// surrogate is one code point outside these ranges, while a proper pair is one astral code point.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

function legal(value: string): string {
  return value.replace(NOT_XML_CHAR, "");
}

// Character data: markup characters escaped; CR as a reference, since parsers turn a literal one into LF.
function text(value: string): string {
  return legal(value).replace(/[&<>\r]/g, (c) => XML_ESCAPES[c] ?? c);
}

// An attribute value for double quotes: whitespace other than space goes in as a reference,
// since attribute-value normalisation would turn it into spaces.
function attr(value: string): string {
  return legal(value).replace(/[&<>"'\t\n\r]/g, (c) => XML_ESCAPES[c] ?? c);
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

// Whole seconds: the sitemap and Atom date formats allow fractions, but not every reader does.
function isoDateTime(ms: number): string | null {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function requiredDateTime(ms: number): string {
  const value = isoDateTime(ms);
  if (value === null) throw new RangeError(`Not a valid time for a feed: ${ms}`);
  return value;
}
