// Small readers for the server-rendered HTML of the integration tests. React's output is regular
// (double-quoted attributes, `<` and `>` escaped inside them), so a few patterns are enough; they
// are not a general HTML parser.

/** A desktop browser's User-Agent: the page cache keeps bots and people apart, and Node's own agent counts as a bot. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/** GETs a page as a browser would, without following redirects. */
export async function getPage(
  baseUrl: string,
  path: string,
  init: { headers?: Record<string, string>; method?: string } = {},
): Promise<{ res: Response; html: string }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: { "User-Agent": BROWSER_UA, ...init.headers },
    redirect: "manual",
  });
  return { res, html: await res.text() };
}

/** The path (with query) a redirect response points to. */
export function locationOf(res: Response, baseUrl: string): string | null {
  const location = res.headers.get("location");
  if (location === null) return null;
  const url = new URL(location, baseUrl);
  return `${url.pathname}${url.search}`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the character references React and our sanitiser write. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The text of some HTML as a reader sees it, whitespace collapsed. */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** The attributes of one start tag's attribute text, values decoded. */
export function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = m[1]!.toLowerCase();
    attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

export interface Element {
  attrs: Record<string, string>;
  /** The markup between the start and the end tag. */
  inner: string;
  /** Where the start tag begins in the document. */
  index: number;
}

/** Start tags of one element name (use for void elements: meta, link, img). */
export function startTags(html: string, tag: string): { attrs: Record<string, string>; index: number }[] {
  const re = new RegExp(`<${tag}\\b([^>]*)>`, "gi");
  return [...html.matchAll(re)].map((m) => ({ attrs: parseAttributes(m[1] ?? ""), index: m.index }));
}

/** Elements of one name with their content (nested elements of the same name are skipped over). */
export function elements(
  html: string,
  tag: string,
  where: (attrs: Record<string, string>) => boolean = () => true,
): Element[] {
  const found: Element[] = [];
  const open = new RegExp(`<${tag}\\b([^>]*)>`, "gi");
  for (const m of html.matchAll(open)) {
    const attrs = parseAttributes(m[1] ?? "");
    if (!where(attrs)) continue;
    const start = m.index + m[0].length;
    const any = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi");
    any.lastIndex = start;
    let depth = 1;
    let end = html.length;
    for (let t = any.exec(html); t; t = any.exec(html)) {
      depth += t[1] === "/" ? -1 : 1;
      if (depth === 0) {
        end = t.index;
        break;
      }
    }
    found.push({ attrs, inner: html.slice(start, end), index: m.index });
  }
  return found;
}

/** The one element matching, or a failure naming what was looked for. */
export function element(
  html: string,
  tag: string,
  where: (attrs: Record<string, string>) => boolean,
  what: string,
): Element {
  const all = elements(html, tag, where);
  if (all.length !== 1) throw new Error(`expected exactly one ${what}, found ${all.length}`);
  return all[0]!;
}

/** The `<section aria-labelledby=…>` of a page (home and browse columns, the tool page's related list). */
export function sectionLabelledBy(html: string, id: string): string {
  return element(html, "section", (a) => a["aria-labelledby"] === id, `section labelled by #${id}`).inner;
}

/** The slugs of the tool pages some HTML links to, in document order, each once. */
export function toolSlugs(html: string): string[] {
  const slugs: string[] = [];
  for (const { attrs } of startTags(html, "a")) {
    const m = /^\/tool\/([^/?#]+)$/.exec(attrs.href ?? "");
    if (m) {
      const slug = decodeURIComponent(m[1]!);
      if (!slugs.includes(slug)) slugs.push(slug);
    }
  }
  return slugs;
}

/** The tool cards (`<article>`) of some HTML. */
export function cards(html: string): Element[] {
  return elements(html, "article");
}

/** The content of `<meta name=…>` or `<meta property=…>`; null when absent. */
export function metaContent(html: string, key: string): string | null {
  const tag = startTags(html, "meta").find((t) => t.attrs.name === key || t.attrs.property === key);
  return tag ? (tag.attrs.content ?? "") : null;
}

/** The hrefs of the head's `<link rel=…>` tags. */
export function linkHrefs(html: string, rel: string): string[] {
  return startTags(html, "link")
    .filter((t) => (t.attrs.rel ?? "").split(/\s+/).includes(rel))
    .map((t) => t.attrs.href ?? "");
}

/** The anchors (`<a>`) with their text. */
export function anchors(html: string): { attrs: Record<string, string>; text: string }[] {
  return elements(html, "a").map((e) => ({ attrs: e.attrs, text: textOf(e.inner) }));
}

/** The document's `<title>` text. */
export function titleOf(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return m ? decodeEntities(m[1]!) : null;
}

/** The texts of the headings of one level. */
export function headings(html: string, level: 1 | 2 | 3): string[] {
  return elements(html, `h${level}`).map((e) => textOf(e.inner));
}

/** Every `<script type="application/ld+json">`, parsed. */
export function jsonLd(html: string): unknown[] {
  return elements(html, "script", (a) => a.type === "application/ld+json").map((e) => JSON.parse(e.inner));
}

/** The items of the breadcrumb: label and link (null for the current page). */
export function breadcrumb(html: string): { label: string; href: string | null }[] {
  const nav = element(html, "nav", (a) => a["aria-label"] === "Breadcrumb", "breadcrumb").inner;
  return elements(nav, "li").map((li) => {
    const link = startTags(li.inner, "a")[0];
    return { label: textOf(li.inner).replace(/^›\s*/, ""), href: link?.attrs.href ?? null };
  });
}
