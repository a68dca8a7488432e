import { categoryPath } from "./catalog.ts";
import { markdownLink, markdownText } from "./markdown.ts";

// /llms.txt (the llmstxt.org proposal): what the site is and where an assistant reads more — a
// title, a one-paragraph summary, notes, then lists of links, the ones it may skip under "Optional".

export interface LlmsSite {
  /** SITE_URL, without a trailing slash. */
  url: string;
  name: string;
  description: string;
}

/** The site's /llms.txt, listing every category with its number of public tools. */
export function llmsTxt(site: LlmsSite, categories: readonly { slug: string; name: string; count: number }[]): string {
  const at = (path: string) => `${site.url}${path}`;
  const item = (title: string, path: string, note: string) => `- ${markdownLink(title, at(path))}: ${note}`;
  const tools = (n: number) => `${n} ${n === 1 ? "tool" : "tools"}`;
  const blocks = [
    `# ${markdownText(site.name)}`,
    `> ${markdownText(site.description)}`,
    [
      "A person reviews every submitted tool before it is listed. Featured tools are paid placements, always marked",
      "as sponsored; likes come from visitors and cannot be bought.",
    ].join(" "),
    [
      `Every tool page has a Markdown version at its address with \`.md\` added: \`${at("/tool/{slug}.md")}\``,
      `for the page \`${at("/tool/{slug}")}\`.`,
    ].join(" "),
    "## Directory",
    [
      item("Home", "/", "featured and latest tools"),
      item("All tools", "/browse/all", "every listed tool, newest first"),
      item("Search", "/search", "search tools by name, tagline, description, category and tag"),
      item("Submit a tool", "/submit-tool", "free submission, reviewed before it is listed"),
      item("About", "/about", "how tools get listed, featured listings and likes"),
      item("How ranking works", "/ranking", "how search scores tools, how lists sort, what sponsored placement is"),
    ].join("\n"),
    "## Categories",
    categories.map((c) => item(c.name, categoryPath(c.slug), tools(c.count))).join("\n"),
    "## Developers",
    [
      item(
        "Connect an AI assistant",
        "/developers",
        `connect an assistant to the catalogue over MCP at \`${at("/mcp")}\``,
      ),
      item("API reference", "/developers/api", "the public JSON API, read-only"),
      item("OpenAPI description", "/api/v1/openapi.json", "the API as OpenAPI 3.1"),
      item("Catalogue export", "/api/v1/export.jsonl", "every listed tool, one JSON object per line (JSON Lines)"),
    ].join("\n"),
    "## Optional",
    [
      item("New tools feed", "/feed.xml", "Atom feed of the latest tools"),
      item("Sitemap", "/sitemap.xml", "every public page"),
      item("Contact", "/contact", "corrections and questions"),
      item("Privacy policy", "/privacy-policy", "what is collected and why"),
    ].join("\n"),
  ];
  return `${blocks.join("\n\n")}\n`;
}
