import { Resolver } from "node:dns/promises";
import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";
import { VERIFICATION_META_NAME } from "../../core/claims.ts";
import { rawTextEnd } from "../platform/net/markup.ts";

// Reading what a claimed website shows: the verification meta tag of its home page and the TXT
// records of its domain. Both read what someone else's server sent, so both are bounded and
// linear in what they read: no pattern that can backtrack over a run of the page's characters.

/** How much of a home page is read for the meta tag: its head comes first, and a code-bearing head is far smaller. */
export const META_READ_LIMIT = 64 * 1024;

const WHITESPACE = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20]);
/** Void elements that may stand in a head, besides meta. */
const HEAD_VOIDS = new Set(["base", "basefont", "bgsound", "link"]);
/** Elements of a head whose content is text, which the tokenizer reads up to their end tag. */
const HEAD_TEXT = new Set(["title", "style", "script", "noframes"]);
/** End tags that close the head. */
const HEAD_ENDS = new Set(["head", "body", "html", "br"]);

/**
 * The codes of the `<meta name="toolshelf-verification" content="…">` elements of a page's head,
 * as a browser builds it: elements before `</head>` (or whatever ends the head: text, a body
 * element) and directly in it, within the first 64 KB. A tag written inside an attribute value,
 * a comment, `<title>`, `<noscript>`, `<template>`, a script or a style, or after the head, does
 * not count: on many sites others can put text there.
 */
export function verificationMetaCodes(html: string): string[] {
  return new HeadReader(
    html.charCodeAt(0) === 0xfeff ? html.slice(1, META_READ_LIMIT + 1) : html.slice(0, META_READ_LIMIT),
  ).read();
}

/**
 * The HTML standard's insertion modes from the start of a document to the end of its head,
 * driven by htmlparser2's tokenizer (linear, unlike tree builders, which are quadratic on some
 * inputs). A `<noscript>` is raw text, as in a browser with scripts on; the tokenizer does not
 * know that, so its content is skipped here and a new tokenizer goes on after it.
 */
class HeadReader implements TokenizerCallbacks {
  private readonly codes: string[] = [];
  private mode: "before-head" | "in-head" | "done" = "before-head";
  /** What the current tokenizer reads: the page, or its rest after a `<noscript>`'s text. */
  private segment = "";
  private tokenizer: Tokenizer | null = null;
  /** Where, in the segment, a new tokenizer must take over (after a `<noscript>`'s text). */
  private resumeAt: number | null = null;
  /** Open `<template>` elements: their content is not the head's. */
  private templates = 0;
  /** The text element open (title, style, script, noframes), and where its text starts. */
  private textElement: { name: string; start: number } | null = null;
  /** The tag being read: its name, and the first `name` and `content` attributes of a meta tag. */
  private tag = "";
  private attribute: "name" | "content" | null = null;
  private value = "";
  private metaName: string | null = null;
  private metaContent: string | null = null;

  private readonly page: string;

  constructor(page: string) {
    this.page = page;
  }

  read(): string[] {
    let start = 0;
    for (;;) {
      this.segment = this.page.slice(start);
      this.resumeAt = null;
      this.tokenizer = new Tokenizer({ decodeEntities: true }, this);
      this.tokenizer.write(this.segment);
      if (this.mode === "done") break;
      if (this.resumeAt === null) {
        this.tokenizer.end();
        break;
      }
      start += this.resumeAt;
    }
    return this.codes;
  }

  private finish(): void {
    this.mode = "done";
    this.tokenizer?.pause();
  }

  onopentagname(start: number, end: number): void {
    this.tag = this.segment.slice(start, end).toLowerCase();
    this.metaName = null;
    this.metaContent = null;
  }

  onattribname(start: number, end: number): void {
    const name = this.segment.slice(start, end).toLowerCase();
    // Only a meta tag's first name and content are kept, so a tag of many attributes costs nothing more.
    const wanted =
      this.tag === "meta" &&
      ((name === "name" && this.metaName === null) || (name === "content" && this.metaContent === null));
    this.attribute = wanted ? (name as "name" | "content") : null;
    this.value = "";
  }

  onattribdata(start: number, end: number): void {
    if (this.attribute) this.value += this.segment.slice(start, end);
  }

  onattribentity(codepoint: number): void {
    if (this.attribute) this.value += String.fromCodePoint(codepoint);
  }

  onattribend(): void {
    if (this.attribute === "name") this.metaName = this.value;
    else if (this.attribute === "content") this.metaContent = this.value;
    this.attribute = null;
  }

  onopentagend(end: number): void {
    this.startTag(end + 1);
  }

  // A self-closing flag means nothing on an HTML element: `<title/>` opens a title.
  onselfclosingtag(end: number): void {
    this.startTag(end + 1);
  }

  private startTag(after: number): void {
    const name = this.tag;
    if (this.mode === "done") return;
    if (name === "noscript") {
      if (this.mode === "before-head") this.mode = "in-head";
      return this.skipText("noscript", after);
    }
    if (this.templates > 0) {
      if (name === "template") this.templates++;
      return;
    }
    if (this.mode === "before-head") {
      if (name === "html") return;
      this.mode = "in-head";
      if (name === "head") return;
    }
    if (name === "html" || name === "head" || HEAD_VOIDS.has(name)) return;
    if (name === "meta") {
      if (this.metaName?.trim().toLowerCase() === VERIFICATION_META_NAME)
        this.codes.push(this.metaContent?.trim() ?? "");
      return;
    }
    if (HEAD_TEXT.has(name)) this.textElement = { name, start: after };
    else if (name === "template") this.templates = 1;
    // Anything else (text, a body element) ends the head.
    else this.finish();
  }

  onclosetag(start: number, end: number): void {
    if (this.mode === "done") return;
    const name = this.segment.slice(start, end).toLowerCase();
    if (this.textElement) {
      // A script that opens a comment and a script inside it runs on past this end tag in a
      // browser; this reader does not follow that, so nothing after it counts.
      if (this.textElement.name === "script" && escapesItsEnd(this.segment.slice(this.textElement.start, start)))
        this.finish();
      this.textElement = null;
      return;
    }
    if (this.templates > 0) {
      if (name === "template") this.templates--;
      return;
    }
    if (HEAD_ENDS.has(name)) this.finish();
  }

  ontext(start: number, end: number): void {
    if (this.mode === "done" || this.textElement || this.templates > 0) return;
    for (let i = start; i < end; i++) {
      if (!WHITESPACE.has(this.segment.charCodeAt(i))) return this.finish();
    }
  }

  ontextentity(codepoint: number): void {
    if (this.mode === "done" || this.textElement || this.templates > 0) return;
    if (!WHITESPACE.has(codepoint)) this.finish();
  }

  /** Skips an element's raw text up to its end tag, where a new tokenizer takes over. */
  private skipText(name: string, from: number): void {
    this.resumeAt = rawTextEnd(this.segment, name, from);
    this.tokenizer?.pause();
  }

  oncomment(): void {}
  oncdata(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}
}

/** Whether a script's text opens a comment and then a script, which makes a browser read past its first end tag. */
function escapesItsEnd(script: string): boolean {
  const comment = script.indexOf("<!--");
  if (comment === -1) return false;
  const lower = script.slice(comment).toLowerCase();
  for (let at = lower.indexOf("<script"); at !== -1; at = lower.indexOf("<script", at + 7)) {
    if (at + 7 === lower.length || /[\t\n\f\r />]/.test(lower[at + 7]!)) return true;
  }
  return false;
}

/** What a DNS lookup of a name's TXT records gave. */
export type TxtAnswer =
  | { kind: "records"; records: string[]; count: number }
  | { kind: "none" }
  | { kind: "timeout" }
  | { kind: "failed"; code: string };

/** How many TXT records of one name are compared with the code, and how much of each. */
const TXT_RECORDS_READ = 100;
const TXT_RECORD_CHARS = 1024;

/** Where and how long the server asks for TXT records: DNS_SERVERS (the system's resolvers when empty). */
export interface DnsOptions {
  servers: readonly string[];
  timeoutMs: number;
}

/**
 * The TXT records of a name, each as one string (its strings joined), asked of the configured
 * DNS servers with a time limit for the whole lookup. At most the first 100 records, and the
 * first 1,024 characters of each, are kept: a code is far shorter, and the answer is not ours.
 */
export async function lookUpTxt(name: string, options: DnsOptions): Promise<TxtAnswer> {
  const resolver = new Resolver({ timeout: Math.max(100, Math.floor(options.timeoutMs / 3)), tries: 2 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  // The resolver's own timeouts count per try and per server; this bounds the whole lookup.
  const timer = setTimeout(() => resolver.cancel(), options.timeoutMs);
  try {
    const answer = await resolver.resolveTxt(name);
    const records = answer.slice(0, TXT_RECORDS_READ).map((strings) => strings.join("").slice(0, TXT_RECORD_CHARS));
    return records.length === 0 ? { kind: "none" } : { kind: "records", records, count: answer.length };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown";
    if (code === "ENOTFOUND" || code === "ENODATA") return { kind: "none" };
    if (code === "ETIMEOUT" || code === "ECANCELLED") return { kind: "timeout" };
    return { kind: "failed", code };
  } finally {
    clearTimeout(timer);
  }
}
