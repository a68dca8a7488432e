import MarkdownIt from "markdown-it";
import { descriptionHtml, descriptionText } from "../catalog/description.ts";

// A collection's introduction is Markdown the admin writes, with the simple HTML a tool description
// may hold. markdown-it renders it (inline HTML passed on, no typographic rewriting); what it makes
// then goes through the tool descriptions' sanitiser, the one place that decides what user markup
// a page may carry: the allowed tags, links with rel="nofollow ugc…", nothing else. The
// introduction is at most 5,000 characters.
const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false });

/** The introduction as safe HTML for the collection page. */
export function introHtml(intro: string): string {
  return descriptionHtml(markdown.render(intro));
}

/** The introduction as plain text (the page's description for search engines and the feed). */
export function introText(intro: string): string {
  return descriptionText(markdown.render(intro));
}
