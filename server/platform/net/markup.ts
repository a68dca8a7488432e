import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";

// Reading HTML and XML that another server sent, as a stream of tags and text. Only
// htmlparser2's tokenizer is linear in what it reads: tree builders (parse5, cheerio, domhandler,
// even htmlparser2's own Parser) do work per open element on every tag, which a page of nested
// or unclosed tags makes quadratic — 512 KB of them took from seconds to minutes. So there is no
// tree here: a reader that needs to know what contains what keeps what little it needs itself.

/** What a reader is told as the markup is read, in document order. */
export interface MarkupVisitor {
  /** The attributes kept of a start tag of this name; the others cost nothing (a tag may have thousands). */
  attributesOf(tag: string): ReadonlySet<string> | undefined;
  /** A start tag, with the first value of each attribute asked for (entities decoded). */
  startTag(name: string, attributes: ReadonlyMap<string, string>): void;
  /** An end tag; in XML also right after a self-closing tag's startTag. */
  endTag(name: string): void;
  /** Text with entities decoded, or the raw text of a script, style, noscript…; one piece at a time. */
  text(text: string): void;
}

/**
 * Reads `markup` as HTML (tag and attribute names lower-cased; a self-closing flag means nothing;
 * the text of script, style, title, textarea, noscript… is text) or as XML (names as written,
 * CDATA is text), telling `visitor` what it finds. Comments, doctypes and processing
 * instructions are skipped. Linear in the length of `markup`.
 */
export function readMarkup(markup: string, visitor: MarkupVisitor, options: { xml?: boolean } = {}): void {
  new MarkupReader(markup, visitor, options.xml === true).read();
}

/** What a tag whose attributes are not asked for has; never written to. */
const NO_ATTRIBUTES = new Map<string, string>();

class MarkupReader implements TokenizerCallbacks {
  /** What the current tokenizer reads: the markup, or its rest after a noscript's text. */
  private segment = "";
  private tokenizer: Tokenizer | null = null;
  /** Where, in the segment, a new tokenizer must take over (after a noscript's text). */
  private resumeAt: number | null = null;
  private tag = "";
  private wanted: ReadonlySet<string> | undefined;
  private attributes: Map<string, string> = NO_ATTRIBUTES;
  private attribute: string | null = null;
  private value = "";

  private readonly markup: string;
  private readonly visitor: MarkupVisitor;
  private readonly xml: boolean;

  constructor(markup: string, visitor: MarkupVisitor, xml: boolean) {
    this.markup = markup;
    this.visitor = visitor;
    this.xml = xml;
  }

  read(): void {
    let start = 0;
    for (;;) {
      this.segment = this.markup.slice(start);
      this.resumeAt = null;
      this.tokenizer = new Tokenizer({ xmlMode: this.xml, decodeEntities: true }, this);
      this.tokenizer.write(this.segment);
      if (this.resumeAt === null) {
        this.tokenizer.end();
        return;
      }
      start += this.resumeAt;
    }
  }

  private name(start: number, end: number): string {
    const name = this.segment.slice(start, end);
    return this.xml ? name : name.toLowerCase();
  }

  onopentagname(start: number, end: number): void {
    this.tag = this.name(start, end);
    this.wanted = this.visitor.attributesOf(this.tag);
    this.attributes = this.wanted === undefined ? NO_ATTRIBUTES : new Map();
  }

  onattribname(start: number, end: number): void {
    this.attribute = null;
    if (this.wanted === undefined) return;
    const name = this.name(start, end);
    // The first of two attributes of one name is the one that counts, as in a browser.
    if (this.wanted.has(name) && !this.attributes.has(name)) this.attribute = name;
    this.value = "";
  }

  onattribdata(start: number, end: number): void {
    if (this.attribute !== null) this.value += this.segment.slice(start, end);
  }

  onattribentity(codepoint: number): void {
    if (this.attribute !== null) this.value += String.fromCodePoint(codepoint);
  }

  onattribend(): void {
    if (this.attribute !== null) this.attributes.set(this.attribute, this.value);
    this.attribute = null;
  }

  onopentagend(end: number): void {
    this.startTag(end + 1, false);
  }

  onselfclosingtag(end: number): void {
    this.startTag(end + 1, true);
  }

  private startTag(after: number, selfClosing: boolean): void {
    this.visitor.startTag(this.tag, this.attributes);
    if (this.xml) {
      if (selfClosing) this.visitor.endTag(this.tag);
    } else if (this.tag === "noscript") {
      // A browser with scripts on reads a noscript's content as text; the tokenizer does not know
      // that, so its text is passed on here and a new tokenizer goes on after it.
      this.resumeAt = rawTextEnd(this.segment, "noscript", after);
      if (this.resumeAt > after) this.visitor.text(this.segment.slice(after, this.resumeAt));
      this.tokenizer?.pause();
    }
  }

  onclosetag(start: number, end: number): void {
    this.visitor.endTag(this.name(start, end));
  }

  ontext(start: number, end: number): void {
    this.visitor.text(this.segment.slice(start, end));
  }

  ontextentity(codepoint: number): void {
    this.visitor.text(String.fromCodePoint(codepoint));
  }

  oncdata(start: number, end: number, endOffset: number): void {
    // Only XML has CDATA sections; in HTML the tokenizer's CDATA is a comment.
    if (this.xml) this.visitor.text(this.segment.slice(start, end - endOffset));
  }

  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}
}

/**
 * Where an element's raw text ends: the start of the first `</name` followed by whitespace, "/"
 * or ">" (ASCII case ignored), or the end of the text.
 */
export function rawTextEnd(text: string, name: string, from: number): number {
  for (let at = text.indexOf("</", from); at !== -1; at = text.indexOf("</", at + 2)) {
    const after = at + 2 + name.length;
    if (
      text.slice(at + 2, after).toLowerCase() === name &&
      (after === text.length || /[\t\n\f\r />]/.test(text[after]!))
    )
      return at;
  }
  return text.length;
}

/**
 * An address written on a page, made absolute against the page's own: http(s) only, or also a
 * `data:` image when `data` is set; null for anything else (javascript:, mailto:, nonsense).
 */
export function resolvePageUrl(href: unknown, pageUrl: string, options: { data?: boolean } = {}): string | null {
  if (typeof href !== "string") return null;
  const text = href.trim();
  if (text === "") return null;
  let url: URL;
  try {
    url = new URL(text, pageUrl);
  } catch {
    return null;
  }
  const web = url.protocol === "http:" || url.protocol === "https:";
  return web || (options.data === true && url.protocol === "data:") ? url.href : null;
}
