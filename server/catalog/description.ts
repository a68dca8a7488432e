import { defaultTreeAdapter, html as parse5Html, parseFragment, type DefaultTreeAdapterTypes } from "parse5";
import sanitizeHtml from "sanitize-html";

// Everything here runs on untrusted text of any length, so scanning is done with indexOf, searches
// from a position and per-line loops, never with a regular expression that can backtrack over a run.

/** The relationship every description link carries: user content, not endorsed, no opener access. */
export const DESCRIPTION_LINK_REL = "nofollow ugc noopener noreferrer";

const ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "h3",
  "h4",
  "a",
];

// Left out when they hold no text; by then h1/h2/h5/h6 have become h3/h4.
const DROPPED_WHEN_BLANK = new Set(["p", "h3", "h4"]);

// Tags whose markup already says where paragraphs go, so bare newlines are left alone. Headings of
// every level count because h1/h2 and h5/h6 are kept (as h3 and h4).
const BLOCK_TAGS = new Set(["p", "ul", "ol", "li", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"]);

// Dropped elements that a browser would have shown on a line of their own: a space stands in for
// them, so the text on either side does not run together ("<div>one</div><div>two</div>").
const SEPARATING_TAGS = new Set(
  (
    "address article aside center dd details dialog div dl dt fieldset figcaption figure footer form " +
    "header hgroup hr main menu nav section summary table tbody td tfoot th thead tr"
  ).split(" "),
);

// htmlparser2's raw-text elements: their content is not markup, so it must not be scanned for tags.
// <plaintext> has no end tag: it swallows the rest of the input.
const RAW_TEXT_TAGS = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "plaintext",
]);

// Dropped together with everything inside them. The raw-text elements must all be here: their
// content would otherwise come out as visible text (script source, an iframe's markup).
const NON_TEXT_TAGS = [
  ...RAW_TEXT_TAGS,
  "option",
  "select",
  "noscript",
  "template",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "head",
];

// Every element name an HTML parser gives meaning to. Anything else after "<" (Array<string>,
// <T>, <my-widget>) is taken as text, so it shows literally instead of being swallowed as an
// unknown tag.
const HTML_ELEMENTS = new Set(
  (
    "a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big blink " +
    "blockquote body br button canvas caption center cite code col colgroup data datalist dd del details " +
    "dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 " +
    "h4 h5 h6 head header hgroup hr html i iframe image img input ins isindex kbd keygen label legend li " +
    "link listing main map mark marquee math menu menuitem meta meter multicol nav nextid nobr noembed " +
    "noframes noscript object ol optgroup option output p param picture plaintext portal pre progress q " +
    "rb rp rt rtc ruby s samp script search section select selectedcontent slot small source spacer span " +
    "strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time title tr " +
    "track tt u ul var video wbr xmp"
  ).split(" "),
);

const RELATIVE_BASE = "https://relative.invalid";

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: NON_TEXT_TAGS,
  parseStyleAttributes: false,
  transformTags: {
    h1: "h3",
    h2: "h3",
    h5: "h4",
    h6: "h4",
    // Builds the attributes from scratch, so whatever rel/target/on* the author wrote is gone. An
    // unsafe link keeps its name and loses its href, and the filter below unwraps it. Renaming it
    // to a tag sanitize-html discards does not work: sanitize-html remembers the new name for the
    // depth and closes the next element there with it (<a href=…>c</dropped-link>), leaving that
    // element open over the rest of the page.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href ?? "");
      return { tagName: "a", attribs: href === null ? {} : { href, rel: DESCRIPTION_LINK_REL, target: "_blank" } };
    },
  },
  // Also catches a link whose href sanitize-html's own checks removed. "excludeTag" leaves the text
  // out of the parent's frame.text, which is why blank paragraphs are found later, in the parsed tree.
  exclusiveFilter: (frame) => (frame.tag === "a" && frame.attribs.href === undefined ? "excludeTag" : false),
};

/** A tool description as safe HTML: plain text becomes paragraphs, HTML is cut down to an allow-list. */
export function descriptionHtml(raw: string): string {
  const text = normalize(raw);
  if (text === "") return "";
  // Trimmed as the input is, so that the output read back as input comes out unchanged.
  return reparse(toSafeHtml(text)).trim();
}

function toSafeHtml(text: string): string {
  const segments = tokenize(text);
  if (!segments.some((s) => s.markup)) return `<p>${breakLines(escapeHtml(text))}</p>`;

  const convert = !segments.some((s) => s.markup && s.name !== undefined && BLOCK_TAGS.has(s.name));
  let html = "";
  for (const segment of segments) {
    if (segment.markup) {
      html += segment.text;
      if (segment.name !== undefined && SEPARATING_TAGS.has(segment.name)) html += " ";
    } else {
      // No "<" left in text may start a tag: the tokenizer decided it is not one.
      const escaped = segment.text.replaceAll("<", "&lt;");
      html += convert ? breakLines(escaped) : escaped;
    }
  }
  return sanitizeHtml(convert ? `<p>${html}</p>` : html, SANITIZE_OPTIONS);
}

/**
 * The HTML as a browser builds it inside the page's <div>, written back out. sanitize-html keeps
 * its own tag stack, which is not the HTML tree-building algorithm: what it writes may nest
 * differently once a browser reads it (misnested formatting tags, an <a> in an <a>, a <p> inside
 * an <a> inside a <p>), and any slip leaves a tag open that swallows the rest of the page. Writing
 * out the tree parse5 builds makes the markup say exactly what the browser sees, and closes
 * everything inside the description.
 */
function reparse(html: string): string {
  const container = defaultTreeAdapter.createElement("div", parse5Html.NS.HTML, []);
  return serialize(parseFragment(container, html, {}).childNodes);
}

type Node = DefaultTreeAdapterTypes.ChildNode;

// Writes the tree as it is, so that parsing the result builds it again. Loops over an explicit
// stack rather than recursing: nesting depth follows the input, and a deeply nested description
// must not overflow the call stack.
function serialize(nodes: Node[]): string {
  const withText = elementsWithText(nodes);
  // Blank paragraphs and headings go whole: unlike unwrapping an element, that leaves how the rest
  // parses unchanged, apart from the newline after <pre> seen to below.
  const dropped = (node: Node) =>
    defaultTreeAdapter.isElementNode(node) && DROPPED_WHEN_BLANK.has(node.tagName) && !withText.has(node);
  let out = "";
  const pending: (Node | string)[] = nodes.toReversed();
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (typeof item === "string") {
      out += item;
    } else if (defaultTreeAdapter.isTextNode(item)) {
      out += escapeHtml(item.value);
    } else if (defaultTreeAdapter.isElementNode(item)) {
      const name = item.tagName;
      if (dropped(item)) continue;
      if (name === "br") {
        out += "<br />";
        continue;
      }
      out += `<${name}${item.attrs.map((a) => ` ${a.name}="${escapeHtml(a.value)}"`).join("")}>`;
      if (name === "pre") {
        // A parser skips a newline straight after <pre>: one more keeps a leading newline in the text.
        const first = item.childNodes.find((child) => !dropped(child));
        if (first !== undefined && defaultTreeAdapter.isTextNode(first) && first.value.startsWith("\n")) out += "\n";
      }
      pending.push(`</${name}>`);
      for (let k = item.childNodes.length - 1; k >= 0; k--) pending.push(item.childNodes[k] as Node);
    }
    // Comments cannot come out of sanitize-html; if one did, it is not content.
  }
  return out;
}

/** The elements with visible text somewhere inside, found in one pass over the tree. */
function elementsWithText(nodes: Node[]): Set<DefaultTreeAdapterTypes.Element> {
  const found = new Set<DefaultTreeAdapterTypes.Element>();
  const pending = [...nodes];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (defaultTreeAdapter.isElementNode(node)) {
      for (const child of node.childNodes) pending.push(child);
    } else if (defaultTreeAdapter.isTextNode(node) && node.value.trim() !== "") {
      // Stops at an element already marked: its ancestors were marked with it.
      let parent = node.parentNode;
      while (parent !== null && defaultTreeAdapter.isElementNode(parent) && !found.has(parent)) {
        found.add(parent);
        parent = parent.parentNode;
      }
    }
  }
  return found;
}

const INLINE_TAGS = new Set(["a", "b", "strong", "em", "i", "u", "s", "code"]);
const OUTPUT_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/** The text a reader sees in the description, on one line: for meta tags and search. */
export function descriptionText(raw: string): string {
  // Read from the sanitised HTML so the text is exactly what the page shows; that markup is ours
  // (attribute values escaped, only a handful of entities), so plain regular expressions suffice.
  return descriptionHtml(raw)
    .replace(/<\/?([a-z0-9]+)[^>]*>/g, (_tag, name: string) => (INLINE_TAGS.has(name) ? "" : " "))
    .replace(/&(amp|lt|gt|quot|#39);/g, (_entity, name: string) => OUTPUT_ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

function normalize(raw: string): string {
  return (
    raw
      .replace(/\r\n?/g, "\n")
      // Control characters have no business in prose and NUL in particular is read differently
      // by different HTML parsers.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
      .trim()
  );
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

// Blank-line-separated blocks become paragraphs (the caller opens the first and closes the
// last); single newlines become <br />.
function breakLines(text: string): string {
  if (!text.includes("\n")) return text;
  const lines = text.split("\n");
  let out = (lines[0] ?? "").trimEnd();
  let newlines = 0;
  for (let k = 1; k < lines.length; k++) {
    newlines++;
    const last = k === lines.length - 1;
    // The segment's own ends border markup, so their spaces are kept.
    const line = last ? (lines[k] ?? "").trimStart() : (lines[k] ?? "").trim();
    if (line === "" && !last) continue;
    out += newlines > 1 ? "</p><p>" : "<br />";
    out += line;
    newlines = 0;
  }
  return out;
}

interface Segment {
  /** Whether this is markup (a tag, comment or raw-text content) rather than text. */
  markup: boolean;
  text: string;
  /** The lowercase element name of a tag. */
  name?: string;
}

/**
 * Splits the input into text and markup roughly as htmlparser2 will. Only where newlines are
 * converted and which "<" are escaped depends on it: sanitize-html has the last word on safety.
 */
function tokenize(input: string): Segment[] {
  const segments: Segment[] = [];
  let textStart = 0;
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf("<", i);
    if (lt === -1) break;
    const tag = markupAt(input, lt);
    if (tag === null) {
      i = lt + 1;
      continue;
    }
    if (lt > textStart) segments.push({ markup: false, text: input.slice(textStart, lt) });
    segments.push({ markup: true, text: input.slice(lt, tag.end), name: tag.name });
    i = textStart = tag.end;
    if (tag.opening && tag.name !== undefined && RAW_TEXT_TAGS.has(tag.name)) {
      const close = tag.name === "plaintext" ? -1 : indexOfCloseTag(input, tag.name, i);
      const rawEnd = close === -1 ? input.length : close;
      if (rawEnd > i) segments.push({ markup: true, text: input.slice(i, rawEnd) });
      i = textStart = rawEnd;
    }
  }
  if (textStart < input.length) segments.push({ markup: false, text: input.slice(textStart) });
  return segments;
}

interface Markup {
  end: number;
  name?: string;
  opening: boolean;
}

function markupAt(input: string, lt: number): Markup | null {
  if (input.startsWith("<!--", lt)) {
    const close = /--!?>/g;
    close.lastIndex = lt + 4;
    const match = close.exec(input);
    return { end: match ? match.index + match[0].length : input.length, opening: false };
  }
  if (input.startsWith("<![CDATA[", lt)) return { end: endAfter(input, "]]>", lt + 9), opening: false };
  if (input[lt + 1] === "!" && input.slice(lt + 2, lt + 9).toLowerCase() === "doctype") {
    return { end: endAfter(input, ">", lt + 9), opening: false };
  }
  const closing = input[lt + 1] === "/";
  const nameStart = lt + (closing ? 2 : 1);
  if (!isAsciiLetter(input.charCodeAt(nameStart))) return null;
  let nameEnd = nameStart;
  while (nameEnd < input.length && !/[\s/>]/.test(input[nameEnd] ?? "")) nameEnd++;
  const name = input.slice(nameStart, nameEnd).toLowerCase();
  if (!HTML_ELEMENTS.has(name)) return null;
  if (closing) return { end: endAfter(input, ">", nameEnd), name, opening: false };
  return { end: openTagEnd(input, nameEnd), name, opening: true };
}

/** Where an opening tag ends: at the first ">" outside a quoted attribute value, or at the end of input. */
function openTagEnd(input: string, from: number): number {
  let j = from;
  while (j < input.length) {
    const ch = input[j];
    if (ch === ">") return j + 1;
    j++;
    if (ch !== "=") continue;
    while (j < input.length && /\s/.test(input[j] ?? "")) j++;
    const quote = input[j];
    if (quote === '"' || quote === "'") {
      const close = input.indexOf(quote, j + 1);
      if (close === -1) return input.length;
      j = close + 1;
    }
  }
  return input.length;
}

function indexOfCloseTag(input: string, name: string, from: number): number {
  // name is one of RAW_TEXT_TAGS, so it is safe to put in a pattern.
  const close = new RegExp(`</${name}`, "gi");
  close.lastIndex = from;
  return close.exec(input)?.index ?? -1;
}

function endAfter(input: string, terminator: string, from: number): number {
  const at = input.indexOf(terminator, from);
  return at === -1 ? input.length : at + terminator.length;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

// The href to keep: http(s) and mailto URLs and same-site paths, cleaned as a browser would read
// them; null for anything else.
function safeHref(value: string): string | null {
  const href = stripUrlNoise(value);
  if (href.startsWith("/")) {
    // "//host", "/\host" and the like leave the site; resolving is the reliable test.
    const base = new URL(RELATIVE_BASE);
    return URL.parse(href, base)?.origin === base.origin ? href : null;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme !== "http" && scheme !== "https" && scheme !== "mailto") return null;
  return URL.canParse(href) ? href : null;
}

// Removes what the URL parser ignores (tabs and newlines anywhere, controls and spaces at the
// ends), which is how "java\nscript:" hides from a plain prefix check.
function stripUrlNoise(value: string): string {
  const inner = value.replace(/[\t\n\r]/g, "");
  let start = 0;
  let end = inner.length;
  while (start < end && inner.charCodeAt(start) <= 0x20) start++;
  while (end > start && inner.charCodeAt(end - 1) <= 0x20) end--;
  return inner.slice(start, end);
}
