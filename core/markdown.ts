import type { ToolDetailJson } from "./api-responses.ts";
import { alternativesPath, categoryPath, tagPath } from "./catalog.ts";
import { categoryBySlug } from "./categories.ts";
import { ratingSentence } from "./reviews.ts";
import { toOneLine } from "./text.ts";

// Markdown for machines to read (/llms.txt, a tool page's .md), much of it written by users: a
// tool's name, tagline, lists and description may say anything, but never add structure of their
// own — no heading, list, quote, code, emphasis, link, image, table, entity or raw HTML — so what a
// reader or a renderer gets is exactly the text that was typed, on one line, inside our structure.

/**
 * Characters that make inline structure anywhere in a line (CommonMark, and GitHub's tables and
 * strikethrough): backslash-escaped. `#` too, as a heading's closing sequence ("C #") would drop it.
 */
const INLINE_MARKERS = /[\\`*_[\]|~#]/g;

/**
 * What opens a block at the start of a line: a quote, a list item (`-`, `+`, `1.`, `1)`), a setext
 * underline. Only its first character needs escaping ("1\." is no list).
 */
const LEADING_BLOCK = /^(\d{1,9}(?=[.)])|)([>+\-=.)])/;

/** User text as Markdown that shows it literally: one line, every marker escaped, `<` and `&` as entities. */
export function markdownText(text: string): string {
  const line = toOneLine(text)
    .replace(/\s+/g, " ")
    .replace(INLINE_MARKERS, "\\$&")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;");
  return line.replace(LEADING_BLOCK, (whole, digits: string, marker: string) =>
    // A "." or ")" opens a list only after digits.
    digits === "" && (marker === "." || marker === ")") ? whole : `${digits}\\${marker}`,
  );
}

/**
 * A web address as a link's destination: only http(s), with whatever would end the destination or
 * be read as markup percent-encoded (spaces, parentheses, angle brackets, backslashes), and an `&`
 * that would start an entity escaped, so the address followed is the one stored. Null for any
 * other scheme or no address at all: `javascript:` is no link.
 */
export function markdownUrl(url: string): string | null {
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) return null;
  return parsed.href
    .replace(/[\s()<>\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, "\\&");
}

/** `[text](url)`, both escaped; the text alone when the address is no http(s) URL. */
export function markdownLink(text: string, url: string): string {
  const destination = markdownUrl(url);
  return destination === null ? markdownText(text) : `[${markdownText(text)}](${destination})`;
}

/** A tool's page as Markdown: everything its page shows, as the API gives it (server/api/tool-json.ts). */
export function toolMarkdown(tool: ToolDetailJson, siteUrl: string): string {
  const blocks: string[] = [`# ${markdownText(tool.name)}`];
  if (tool.tagline.trim() !== "") blocks.push(`> ${markdownText(tool.tagline)}`);

  const facts = [`- Website: ${markdownLink(tool.websiteUrl, tool.websiteUrl)}`];
  // Paid placement is said plainly, as on the page (the badge) and in the API (`sponsored`).
  if (tool.sponsored) facts.push("- Sponsored: yes, a paid featured listing");
  if (tool.categories.length > 0) {
    const links = tool.categories.map((slug) =>
      markdownLink(categoryBySlug(slug)?.name ?? slug, `${siteUrl}${categoryPath(slug)}`),
    );
    facts.push(`- Categories: ${links.join(", ")}`);
  }
  if (tool.pricingModel) facts.push(`- Pricing: ${markdownText(tool.pricingModel)}`);
  if (tool.platforms.length > 0) facts.push(`- Platforms: ${tool.platforms.map(markdownText).join(", ")}`);
  facts.push(`- Likes: ${tool.upvotesCount}`);
  // Ratings only when published reviews exist, as on the page.
  if (tool.rating.average !== null) facts.push(`- Rating: ${ratingSentence(tool.rating.average, tool.rating.count)}`);
  facts.push(
    `- Listed: ${tool.createdAt.slice(0, 10)}`,
    `- Page: ${markdownLink(tool.url, tool.url)}`,
    `- Alternatives: ${markdownLink(`Alternatives to ${tool.name}`, `${siteUrl}${alternativesPath(tool.slug)}`)}`,
  );
  blocks.push(facts.join("\n"));

  const section = (title: string, body: string) => blocks.push(`## ${title}`, body);
  const list = (title: string, items: readonly string[]) => {
    if (items.length > 0) section(title, items.map((item) => `- ${markdownText(item)}`).join("\n"));
  };
  if (tool.description.trim() !== "") section("Description", markdownText(tool.description));
  if (tool.pricingDetails.trim() !== "") section("Pricing details", markdownText(tool.pricingDetails));
  list("Features", tool.features);
  list("Use cases", tool.useCases);
  list("Integrations", tool.integrations);
  list("Target audience", tool.targetAudience);
  if (tool.tags.length > 0) {
    const tags = tool.tags.map((tag) => {
      const path = tagPath(tag);
      return `- ${path === null ? markdownText(tag) : markdownLink(tag, `${siteUrl}${path}`)}`;
    });
    section("Tags", tags.join("\n"));
  }
  return `${blocks.join("\n\n")}\n`;
}
