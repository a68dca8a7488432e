import { decodeHTML } from "entities";
import JSON5 from "json5";
import { launchSlug, type ThumbnailCandidate } from "../../core/import.ts";
import { CodedError } from "../platform/errors.ts";
import { readMarkup, resolvePageUrl, type MarkupVisitor } from "../platform/net/markup.ts";

/** An absolute http(s) or data: URL for a link on the page (a launch's images may be inline); null for anything else. */
const resolveUrl = (href: unknown, pageUrl: string) => resolvePageUrl(href, pageUrl, { data: true });

// The page and the feed are fetched from elsewhere and read on the thread that serves every
// request, so both are read in one pass of a tokenizer, in time linear in their length
// (server/platform/net/markup.ts; docs/decisions/009-safe-outbound-fetch.md).

/**
 * How much of a launch page or the feed the import reads. What a launch is read from comes early
 * (the head's Open Graph and JSON-LD, the visit link and logo at the top, Apollo's answer for the
 * product) and the feed is tens of KB, while reading takes about 40 ms a megabyte of a normal
 * page (a 5 MB one held the thread for 150–200 ms).
 */
export const PAGE_READ_BYTES = 1024 * 1024;

/**
 * What a launch page (or the API) says about a launch. Fields are null/empty when not found.
 * Strings trimmed, HTML entities decoded, whitespace collapsed (description keeps paragraph breaks as "\n\n").
 */
export interface LaunchData {
  slug: string | null;
  name: string | null;
  tagline: string | null;
  description: string | null;
  /** The website as found: the visit link's target or Apollo's websiteUrl (may be a Product Hunt /r/ redirect to follow later). */
  websiteUrl: string | null;
  thumbnails: ThumbnailCandidate[];
  /** Product Hunt's category/topic names, as found, in page order, no repeats. */
  categories: string[];
  /** Where the page says the launch lives (og:url / canonical), or null. */
  canonicalUrl: string | null;
}

/** Where Product Hunt serves uploaded images, for pages that name a logo by its uuid only. */
export const PRODUCT_HUNT_IMAGE_BASE_URL = "https://ph-files.imgix.net";

export interface ParseLaunchPageOptions {
  /** Replaces PRODUCT_HUNT_IMAGE_BASE_URL, so tests can serve the images themselves. */
  imageBaseUrl?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function emptyLaunch(): LaunchData {
  return {
    slug: null,
    name: null,
    tagline: null,
    description: null,
    websiteUrl: null,
    thumbnails: [],
    categories: [],
    canonicalUrl: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Text

// `decode` is for strings read from a script's JSON, where some pages escape HTML too (attribute
// values and text are decoded as they are read); entities are decoded as a browser decodes text.

/** Trimmed, whitespace collapsed; null when nothing is left or the value is not a string. */
function cleanText(value: unknown, decode = false): string | null {
  if (typeof value !== "string") return null;
  const text = (decode ? decodeHTML(value) : value).replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
}

/** Like cleanText, but paragraphs (text parted by a blank line) stay apart as "\n\n". */
function cleanParagraphs(value: unknown, decode = false): string | null {
  if (typeof value !== "string") return null;
  const text = (decode ? decodeHTML(value) : value)
    .split(/\r?\n[^\S\r\n]*\r?\n\s*/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
  return text === "" ? null : text;
}

// ---------------------------------------------------------------------------------------------
// URLs

function isWebUrl(url: string | null): url is string {
  return url !== null && /^https?:/i.test(url);
}

/** The imgix `w=` (or `width=`) parameter, the width an image CDN resizes to. */
function widthParam(url: string): number | null {
  try {
    const params = new URL(url).searchParams;
    const value = Number(params.get("w") ?? params.get("width") ?? Number.NaN);
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** The URL without query and fragment, which is what tells two sizes of one image apart. */
function imagePath(url: string): string {
  return url.replace(/[?#].*$/, "");
}

/** The URLs and widths of a srcset, after the HTML standard's parsing, without the parts pages never use. */
function parseSrcset(srcset: string): { url: string; width: number | null }[] {
  const entries: { url: string; width: number | null }[] = [];
  const n = srcset.length;
  let i = 0;
  // Runs are cut out with slices, found by comparing characters: the attribute is a fetched page's, of any length.
  while (i < n) {
    while (i < n && (isSpace(srcset.charCodeAt(i)) || srcset[i] === ",")) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(srcset.charCodeAt(i))) i++;
    let url = srcset.slice(start, i);
    let descriptor = "";
    if (url.endsWith(",")) {
      // A loop, not /,+$/: a pattern rescans a long run of commas from each of them.
      let end = url.length;
      while (end > 0 && url[end - 1] === ",") end--;
      url = url.slice(0, end);
    } else {
      const from = i;
      let depth = 0;
      while (i < n && (srcset[i] !== "," || depth > 0)) {
        if (srcset[i] === "(") depth++;
        else if (srcset[i] === ")") depth = Math.max(0, depth - 1);
        i++;
      }
      descriptor = srcset.slice(from, i);
    }
    const w = /^\s*(\d+)w\s*$/.exec(descriptor);
    if (url !== "") entries.push({ url, width: w ? Number(w[1]) : null });
  }
  return entries;
}

/** ASCII white space, as HTML attributes count it. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}

// ---------------------------------------------------------------------------------------------
// Apollo's server-side data

/**
 * The argument of the `.push(` call whose argument starts at `start`, with bare `undefined` (which
 * neither JSON nor JSON5 reads) made null and the rest as written; null when the call is not
 * closed. `end`: where the reading stopped (after the closing parenthesis, at a bracket that
 * closes nothing, or at the end). Strings are skipped whole: brackets and words in them are text.
 * Never evaluates anything: the page is not ours to run.
 */
function pushArgument(source: string, start: number): { text: string | null; end: number } {
  // Copied in runs (slices between the words replaced), not a character at a time.
  let text = "";
  let depth = 0;
  let run = start;
  let i = start;
  while (i < source.length) {
    const code = source.charCodeAt(i);
    if (code === 0x22 || code === 0x27) {
      i++;
      while (i < source.length && source.charCodeAt(i) !== code) i += source.charCodeAt(i) === 0x5c ? 2 : 1;
      if (i >= source.length) break;
    } else if (isWordStart(code)) {
      WORD.lastIndex = i;
      const word = WORD.exec(source)![0];
      if (word === "undefined") {
        text += `${source.slice(run, i)}null`;
        run = i + word.length;
      }
      i += word.length - 1;
    } else if (code === 0x28 || code === 0x5b || code === 0x7b) {
      depth++;
    } else if (code === 0x29 || code === 0x5d || code === 0x7d) {
      if (depth === 0)
        return code === 0x29 ? { text: text + source.slice(run, i), end: i + 1 } : { text: null, end: i };
      depth--;
    }
    i++;
  }
  return { text: null, end: source.length };
}

/** A JavaScript word (an identifier or keyword), read from where lastIndex is set. */
const WORD = /[A-Za-z_$][\w$]*/y;

/** A character that starts a JavaScript word: a letter, "_" or "$". */
function isWordStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f || code === 0x24;
}

/**
 * How much of a page's script text JSON5 reads at most. Apollo's SSR transport writes JSON with
 * bare `undefined`, which JSON.parse reads once that is made null; JSON5 is only for the
 * JavaScript-only forms (single quotes, `\x` escapes, NaN) other writers use, and it reads some
 * 50 times slower: a megabyte of it would hold the thread for up to three quarters of a second.
 */
const JSON5_READ_CHARS = 16 * 1024;

/**
 * How many pushes JSON.parse refuses before the page's scripts are given up: each costs a thrown
 * error (some microseconds), and 512 KB of `.push(x);` is 58,000 of them. A page has a few
 * (analytics pushing `arguments` or functions).
 */
const NOT_JSON_PUSHES = 200;

/** Every value pushed by the scripts' `.push(…)` calls that reads as JSON, or as JSON5 within the limits above. */
function pushedValues(scripts: readonly string[]): Json[] {
  const values: Json[] = [];
  let json5Left = JSON5_READ_CHARS;
  let notJsonLeft = NOT_JSON_PUSHES;
  for (const script of scripts) {
    let from = 0;
    for (let at = script.indexOf(".push("); at !== -1; at = script.indexOf(".push(", from)) {
      const { text, end } = pushArgument(script, at + ".push(".length);
      // The next call is looked for after this one's argument, never inside it: each character is
      // read once (from just after each ".push(", a script of them unclosed took seconds).
      from = Math.max(end, at + ".push(".length);
      if (text === null || text.trim() === "") continue;
      try {
        values.push(JSON.parse(text) as Json);
      } catch {
        if (--notJsonLeft === 0) return values;
        if (text.length > json5Left) continue;
        json5Left -= text.length;
        try {
          values.push(JSON5.parse<Json>(text));
        } catch {
          // Some other script's push; not Apollo's data.
        }
      }
    }
  }
  return values;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every object in the trees, parents before children, in document order. */
function objectsIn(roots: readonly Json[]): JsonObject[] {
  const found: JsonObject[] = [];
  const stack: Json[] = [...roots].reverse();
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (Array.isArray(value)) {
      for (let k = value.length - 1; k >= 0; k--) stack.push(value[k]!);
    } else if (isObject(value)) {
      found.push(value);
      const children = Object.values(value);
      for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]!);
    }
  }
  return found;
}

const LAUNCH_TYPENAMES = new Set(["Product", "Post"]);

/** The launch in Apollo's data: the product with the page's slug, else the first product with a name. */
function findApolloProduct(roots: readonly Json[], pageSlug: string | null): JsonObject | null {
  const objects = objectsIn(roots);
  const typename = (o: JsonObject) => (typeof o.__typename === "string" ? o.__typename : null);
  const isProduct = (o: JsonObject) => typename(o) === "Product" && typeof o.name === "string";
  // Categories and topics have names and slugs too; only untyped objects or launches stand in for products.
  const looksLikeLaunch = (o: JsonObject) =>
    typeof o.name === "string" &&
    typeof o.slug === "string" &&
    (typename(o) === null || LAUNCH_TYPENAMES.has(typename(o)!));
  const matchesPage = (o: JsonObject) =>
    pageSlug !== null && typeof o.slug === "string" && o.slug.toLowerCase() === pageSlug;
  return (
    objects.find((o) => isProduct(o) && matchesPage(o)) ??
    objects.find((o) => looksLikeLaunch(o) && matchesPage(o)) ??
    objects.find(isProduct) ??
    objects.find(looksLikeLaunch) ??
    null
  );
}

function namesOf(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items.map((item) => (isObject(item) ? cleanText(item.name, true) : null)).filter((name) => name !== null);
}

function apolloCategories(product: JsonObject): string[] {
  const topics = product.topics;
  const topicNodes =
    isObject(topics) && Array.isArray(topics.edges)
      ? topics.edges.map((edge) => (isObject(edge) ? edge.node : null))
      : topics;
  return [...namesOf(product.categories), ...namesOf(topicNodes)];
}

function apolloThumbnail(product: JsonObject, pageUrl: string, imageBaseUrl: string): string | null {
  const thumbnail = product.thumbnail;
  if (isObject(thumbnail) && typeof thumbnail.url === "string") return resolveUrl(thumbnail.url, pageUrl);
  if (typeof thumbnail === "string") return resolveUrl(thumbnail, pageUrl);
  for (const key of ["thumbnailImageUuid", "logoUuid"]) {
    const uuid = cleanText(product[key]);
    if (uuid !== null) return `${imageBaseUrl.replace(/\/+$/, "")}/${encodeURIComponent(uuid)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// ld+json

const LD_LAUNCH_TYPES = /^(WebApplication|SoftwareApplication|MobileApplication|VideoGame|Product|CreativeWork)$/;

function ldTypes(o: JsonObject): string[] {
  const type = o["@type"];
  return typeof type === "string" ? [type] : Array.isArray(type) ? type.filter((t) => typeof t === "string") : [];
}

/** The launch among a page's ld+json objects: the one at the page's slug, else the first that is an application or product. */
function findLdLaunch(roots: readonly Json[], pageSlug: string | null): JsonObject | null {
  const objects = objectsIn(roots).filter((o) => typeof o.name === "string");
  return (
    objects.find((o) => pageSlug !== null && typeof o.url === "string" && launchSlug(o.url) === pageSlug) ??
    objects.find((o) => ldTypes(o).some((t) => LD_LAUNCH_TYPES.test(t))) ??
    null
  );
}

function ldImages(image: Json | undefined): string[] {
  if (typeof image === "string") return [image];
  if (Array.isArray(image)) return image.flatMap((item) => ldImages(item));
  if (isObject(image))
    return typeof image.url === "string" ? [image.url] : typeof image.contentUrl === "string" ? [image.contentUrl] : [];
  return [];
}

function ldCategories(value: Json | undefined): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => cleanText(item, true)).filter((name) => name !== null);
}

// ---------------------------------------------------------------------------------------------
// The page

/** "Name: tagline | Product Hunt" → name and tagline; a title without ": " is the name alone. */
function splitOgTitle(title: string | null): { name: string | null; tagline: string | null } {
  if (title === null) return { name: null, tagline: null };
  const bare = title.replace(/\s*\|\s*Product Hunt\s*$/i, "").trim();
  const at = bare.indexOf(": ");
  if (at === -1) return { name: cleanText(bare), tagline: null };
  return { name: cleanText(bare.slice(0, at)), tagline: cleanText(bare.slice(at + 2)) };
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** How many image addresses of a page (ld+json images, srcset entries) are read at most; a launch page has a few hundred. */
export const IMAGE_URLS_READ = 1000;

/** The Open Graph properties a launch page is read for. */
const OG_PROPERTIES = new Set(["og:url", "og:title", "og:description", "og:image"]);

/** The attributes a launch page is read for, by element. */
const PAGE_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["meta", new Set(["property", "content"])],
  ["link", new Set(["rel", "href"])],
  ["script", new Set(["type"])],
  ["a", new Set(["data-test", "href"])],
  ["img", new Set(["srcset", "alt"])],
  ["source", new Set(["srcset", "alt"])],
]);

/** A `<picture>` of the page: whether an `<img>` was seen in it yet, and the first one's alt. */
interface Picture {
  img: boolean;
  alt: string | undefined;
}

/** What the launch is read from, as found on the page: attribute values and script text as written, entities decoded. */
interface PageParts {
  /** The `content` of the first `<meta property>` of each Open Graph property (undefined: that meta has no content). */
  meta: Map<string, string | undefined>;
  /** The `href` of the first `<link rel="canonical">` (null: none on the page). */
  canonical: string | undefined | null;
  scripts: { type: string; text: string }[];
  /** The `href`s of the "Visit website" links. */
  visitLinks: string[];
  /** The `<img>` and `<source>` elements with a `srcset`: it, their `alt`, and the `<picture>` around them. */
  images: { srcset: string; alt: string | undefined; picture: Picture | undefined }[];
}

/**
 * The parts of a page a launch is read from, in one pass of the tokenizer. Pictures are the only
 * structure kept: one closes at its end tag (or the page's end), where a browser would also close
 * one left open inside a closing block (a page that does this has no launch logo to lose).
 */
class PageReader implements MarkupVisitor {
  readonly parts: PageParts = { meta: new Map(), canonical: null, scripts: [], visitLinks: [], images: [] };
  /** The script being read: its text comes before any other tag. */
  private script: { type: string; text: string } | null = null;
  /** The pictures open, outermost first. */
  private readonly pictures: Picture[] = [];

  attributesOf(tag: string): ReadonlySet<string> | undefined {
    return PAGE_ATTRIBUTES.get(tag);
  }

  startTag(name: string, attributes: ReadonlyMap<string, string>): void {
    const { parts } = this;
    switch (name) {
      case "meta": {
        const property = attributes.get("property");
        if (property !== undefined && OG_PROPERTIES.has(property) && !parts.meta.has(property))
          parts.meta.set(property, attributes.get("content"));
        return;
      }
      case "link": {
        // rel's value is compared without regard to case, as CSS selectors do in HTML.
        const rel = attributes.get("rel");
        if (parts.canonical === null && rel?.toLowerCase() === "canonical") parts.canonical = attributes.get("href");
        return;
      }
      case "script":
        this.script = { type: attributes.get("type") ?? "", text: "" };
        parts.scripts.push(this.script);
        return;
      case "a": {
        const href = attributes.get("href");
        if (attributes.get("data-test") === "visit-website-button" && href !== undefined) parts.visitLinks.push(href);
        return;
      }
      case "picture":
        this.pictures.push({ img: false, alt: undefined });
        return;
      case "img":
        // This is the first img of every open picture that has none yet: those are the innermost
        // ones, so each picture is visited once however many imgs follow.
        for (let i = this.pictures.length - 1; i >= 0 && !this.pictures[i]!.img; i--) {
          const picture = this.pictures[i]!;
          picture.img = true;
          picture.alt = attributes.get("alt");
        }
        break;
      case "source":
        break;
      default:
        return;
    }
    const srcset = attributes.get("srcset");
    if (srcset !== undefined) parts.images.push({ srcset, alt: attributes.get("alt"), picture: this.pictures.at(-1) });
  }

  endTag(name: string): void {
    if (name === "script") this.script = null;
    else if (name === "picture") this.pictures.pop();
  }

  text(text: string): void {
    if (this.script !== null) this.script.text += text;
  }
}

/** What a page names a launch by, in one pass over it. */
function readPage(html: string): PageParts {
  const reader = new PageReader();
  // A browser reads CR LF and a lone CR as LF before anything else.
  readMarkup(html.includes("\r") ? html.replace(/\r\n?/g, "\n") : html, reader);
  return reader.parts;
}

/**
 * Reads a launch page. Never throws: garbage (binary bytes, JSON, an empty string, a login page)
 * gives a LaunchData with everything null/empty. pageUrl resolves relative links and tells which
 * product on the page is the launch.
 */
export function parseLaunchPage(html: string, pageUrl: string, options: ParseLaunchPageOptions = {}): LaunchData {
  try {
    return readLaunchPage(
      typeof html === "string" ? html : "",
      pageUrl,
      options.imageBaseUrl ?? PRODUCT_HUNT_IMAGE_BASE_URL,
    );
  } catch {
    return emptyLaunch();
  }
}

function readLaunchPage(html: string, pageUrl: string, imageBaseUrl: string): LaunchData {
  const page = readPage(html);
  const meta = (property: string) => cleanText(page.meta.get(property));

  const ogUrl = resolveUrl(meta("og:url"), pageUrl);
  const canonical = resolveUrl(page.canonical, pageUrl);
  const canonicalUrl = [ogUrl, canonical].find((url) => isWebUrl(url) && launchSlug(url) !== null) ?? null;
  // A page that says it lives elsewhere (the home page after a redirect, a login page) has Product
  // Hunt's own Open Graph data, which must not pass for the launch's.
  const elsewhere = canonicalUrl === null && (ogUrl !== null || canonical !== null);
  const pageSlug = launchSlug(pageUrl) ?? (canonicalUrl === null ? null : launchSlug(canonicalUrl));

  const ldRoots: Json[] = [];
  const apolloScripts: string[] = [];
  for (const { text, type: written } of page.scripts) {
    const type = written.trim().toLowerCase();
    if (type === "application/ld+json") {
      try {
        ldRoots.push(JSON.parse(text) as Json);
      } catch {
        // Broken ld+json is common enough; the other sources still count.
      }
    } else if ((type === "" || type.includes("javascript") || type === "module") && text.includes(".push(")) {
      apolloScripts.push(text);
    }
  }

  const product = findApolloProduct(pushedValues(apolloScripts), pageSlug);
  const ld = findLdLaunch(ldRoots, pageSlug);
  const og = elsewhere
    ? { title: null, description: null, image: null }
    : { title: meta("og:title"), description: meta("og:description"), image: meta("og:image") };
  const fromTitle = splitOgTitle(og.title);

  const name = cleanText(product?.name, true) ?? cleanText(ld?.name, true) ?? fromTitle.name;
  const tagline = cleanText(product?.tagline, true) ?? fromTitle.tagline;
  const description =
    cleanParagraphs(product?.description, true) ??
    cleanParagraphs(ld?.description, true) ??
    cleanParagraphs(og.description);

  const visitHref = page.visitLinks.map((href) => resolveUrl(href, pageUrl)).find(isWebUrl);
  const apolloWebsite = resolveUrl(product?.websiteUrl, pageUrl);
  const websiteUrl = visitHref ?? (isWebUrl(apolloWebsite) ? apolloWebsite : null);

  const known: ThumbnailCandidate[] = [];
  const addImage = (url: string | null, width: number | null = null) => {
    if (url !== null) known.push({ url, width: width ?? widthParam(url) });
  };
  // Each image address costs a URL parse or two (a microsecond or more): a page naming more of
  // them than any launch page does is not read past the first ones.
  let imagesLeft = IMAGE_URLS_READ;
  const resolveImage = (href: unknown) => (imagesLeft-- > 0 ? resolveUrl(href, pageUrl) : null);
  if (product) addImage(apolloThumbnail(product, pageUrl, imageBaseUrl));
  for (const image of ldImages(ld?.image)) {
    if (imagesLeft <= 0) break;
    addImage(resolveImage(image));
  }
  addImage(resolveUrl(og.image, pageUrl));
  // Pages carry many srcsets (makers' avatars, screenshots); only other sizes of an image named
  // above, or images labelled with the launch's name, are the launch's logo. A <source> is
  // labelled by the first <img> of its <picture>, judged once for all of them.
  const knownPaths = new Set(known.map((candidate) => imagePath(candidate.url)));
  const launchName = name?.toLowerCase() ?? null;
  const isLabelled = (alt: string | undefined) => {
    if (launchName === null) return false;
    const text = cleanText(alt);
    return text !== null && text.toLowerCase().includes(launchName);
  };
  const pictureLabels = new Map<Picture, boolean>();
  const pictureLabelled = (picture: Picture) => {
    let labelled = pictureLabels.get(picture);
    if (labelled === undefined) pictureLabels.set(picture, (labelled = isLabelled(picture.alt)));
    return labelled;
  };
  for (const image of page.images) {
    if (imagesLeft <= 0) break;
    const labelled =
      image.alt === undefined && image.picture !== undefined ? pictureLabelled(image.picture) : isLabelled(image.alt);
    for (const entry of parseSrcset(image.srcset)) {
      const url = resolveImage(entry.url);
      if (url !== null && (labelled || knownPaths.has(imagePath(url)))) addImage(url, entry.width);
    }
  }
  const thumbnails = uniqueBy(known, (candidate) => candidate.url);

  const apolloNames = product ? apolloCategories(product) : [];
  const categoryNames = apolloNames.length > 0 ? apolloNames : ldCategories(ld?.applicationCategory);
  const categories = uniqueBy(categoryNames, (category) => category.toLowerCase());

  const slug =
    cleanText(product?.slug)?.toLowerCase() ??
    (canonicalUrl === null ? null : launchSlug(canonicalUrl)) ??
    (typeof ld?.url === "string" ? launchSlug(ld.url) : null);

  return { slug, name, tagline, description, websiteUrl, thumbnails, categories, canonicalUrl };
}

// ---------------------------------------------------------------------------------------------
// The Atom feed

export interface FeedEntry {
  id: string;
  url: string;
  slug: string | null;
  title: string;
  tagline: string;
  /** ms since the epoch */
  publishedAt: number | null;
}

/** Text that is not the Atom feed it should be. */
export class FeedError extends CodedError<"bad-feed"> {
  constructor(message: string, options?: ErrorOptions) {
    super("bad-feed", message, options);
  }
}

function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.search = "";
    parsed.hash = "";
    return parsed.toString();
  } catch {
    return url.replace(/[?#].*$/, "");
  }
}

/**
 * The entries of Product Hunt's Atom feed, in feed order; entries without an alternate link are
 * skipped. Throws FeedError when the text is not an Atom feed.
 */
export function parseFeed(xml: string): FeedEntry[] {
  if (typeof xml !== "string") throw new FeedError("The feed could not be read.");
  const reader = new FeedReader();
  readMarkup(xml, reader, { xml: true });
  const entries = reader.finish();
  if (entries === null) throw new FeedError("The feed could not be read.");
  return entries;
}

/** How many entries of a feed are read at most: a run imports a few of the newest, and each costs a few URL parses. */
export const FEED_ENTRIES_READ = 500;

/** The children of an Atom entry that are read; the first of each counts. */
type EntryField = "id" | "title" | "published" | "updated" | "content" | "summary";
const ENTRY_FIELDS: ReadonlySet<string> = new Set<EntryField>([
  "id",
  "title",
  "published",
  "updated",
  "content",
  "summary",
]);

function isEntryField(name: string): name is EntryField {
  return ENTRY_FIELDS.has(name);
}

/** The attributes a feed is read for, by element. */
const FEED_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["link", new Set(["rel", "href"])],
  ["content", new Set(["type"])],
  ["summary", new Set(["type"])],
]);

/** An element open as the feed is read, and what it is to the feed. */
interface FeedFrame {
  name: string;
  role: "feed" | "entry" | "field" | null;
}

/** An entry being read: its alternate link and the text of its fields (content and summary: their first paragraph). */
interface EntryParts {
  href: string | null;
  fields: Map<EntryField, string | null>;
}

/** A field being read: its text, or for inline XHTML its first paragraph, read as it comes. */
interface FieldReading {
  name: EntryField;
  type: string;
  text: string;
  xhtml: FirstParagraph | null;
}

/**
 * The entries of the first `<feed>` at the top of an XML document, in one pass of the tokenizer.
 * Elements nest as an XML parser recovering from errors makes them: an end tag closes the
 * innermost open element of its name and those inside it, and is ignored when none is open; the
 * end of the text closes them all.
 */
class FeedReader implements MarkupVisitor {
  private found = false;
  private entriesLeft = FEED_ENTRIES_READ;
  private readonly entries: FeedEntry[] = [];
  private readonly stack: FeedFrame[] = [];
  /** How many elements of each name are open, so an end tag with none open costs nothing. */
  private readonly open = new Map<string, number>();
  private entry: EntryParts | null = null;
  private field: FieldReading | null = null;

  attributesOf(tag: string): ReadonlySet<string> | undefined {
    return FEED_ATTRIBUTES.get(tag);
  }

  startTag(name: string, attributes: ReadonlyMap<string, string>): void {
    const parent = this.stack.at(-1);
    let role: FeedFrame["role"] = null;
    if (this.field !== null) {
      this.field.xhtml?.startTag(name);
    } else if (parent === undefined) {
      if (name === "feed" && !this.found) {
        this.found = true;
        role = "feed";
      }
    } else if (parent.role === "feed" && name === "entry" && this.entriesLeft > 0) {
      this.entriesLeft--;
      this.entry = { href: null, fields: new Map() };
      role = "entry";
    } else if (parent.role === "entry" && this.entry !== null) {
      const { entry } = this;
      if (name === "link") {
        // In Atom a link without rel is the alternate one.
        const href = cleanText(attributes.get("href"));
        if (entry.href === null && (attributes.get("rel") ?? "alternate") === "alternate") entry.href = href;
      } else if (isEntryField(name) && !entry.fields.has(name)) {
        entry.fields.set(name, null);
        const type = (attributes.get("type") ?? "text").toLowerCase();
        this.field = { name, type, text: "", xhtml: type === "xhtml" ? new FirstParagraph() : null };
        role = "field";
      }
    }
    this.stack.push({ name, role });
    this.open.set(name, (this.open.get(name) ?? 0) + 1);
  }

  endTag(name: string): void {
    if (!this.open.get(name)) return;
    for (;;) {
      const frame = this.stack.pop()!;
      this.close(frame);
      if (frame.name === name) return;
    }
  }

  text(text: string): void {
    if (this.field === null) return;
    if (this.field.xhtml !== null) this.field.xhtml.text(text);
    else this.field.text += text;
  }

  /** The entries read, or null when there was no feed. */
  finish(): FeedEntry[] | null {
    while (this.stack.length > 0) this.close(this.stack.pop()!);
    return this.found ? this.entries : null;
  }

  private close(frame: FeedFrame): void {
    this.open.set(frame.name, this.open.get(frame.name)! - 1);
    if (frame.role === "field" && this.field !== null && this.entry !== null) {
      this.entry.fields.set(this.field.name, fieldValue(this.field));
      this.field = null;
    } else if (frame.role === "entry" && this.entry !== null) {
      const entry = feedEntry(this.entry);
      if (entry !== null) this.entries.push(entry);
      this.entry = null;
    } else if (this.field !== null) {
      this.field.xhtml?.endTag(frame.name);
    }
  }
}

/** What a field holds: its text, or for content and summary the first paragraph of it. */
function fieldValue(field: FieldReading): string | null {
  if (field.name !== "content" && field.name !== "summary") return field.text;
  if (field.xhtml !== null) return field.xhtml.result();
  if (field.type === "text") return cleanText(field.text);
  // HTML escaped into the XML.
  const paragraph = new FirstParagraph();
  readMarkup(field.text, paragraph);
  return paragraph.result();
}

/** An entry as the import lists it; null without an alternate link that is an absolute URL. */
function feedEntry({ href, fields }: EntryParts): FeedEntry | null {
  if (href === null) return null;
  let absolute: string;
  try {
    absolute = new URL(href).toString();
  } catch {
    return null;
  }
  const url = withoutQuery(absolute);
  const published = Date.parse(fields.get("published")?.trim() || (fields.get("updated")?.trim() ?? ""));
  return {
    id: cleanText(fields.get("id")) ?? url,
    url,
    slug: launchSlug(absolute),
    title: cleanText(fields.get("title")) ?? "",
    tagline: fields.get("content") ?? fields.get("summary") ?? "",
    publishedAt: Number.isFinite(published) ? published : null,
  };
}

/** Start tags that end an open paragraph, as the HTML standard has it (a table does not, in a document without a doctype). */
const PARAGRAPH_ENDING_STARTS = new Set([
  ...[
    "address",
    "article",
    "aside",
    "blockquote",
    "center",
    "details",
    "dialog",
    "dir",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
  ],
  ...["footer", "form", "header", "hgroup", "main", "menu", "nav", "ol", "p", "search", "section", "summary", "ul"],
  ...["h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing", "li", "dd", "dt", "plaintext", "hr", "xmp"],
]);
/** End tags that end an open paragraph: its own, and those of the blocks that can hold one. */
const PARAGRAPH_ENDING_ENDS = new Set([...PARAGRAPH_ENDING_STARTS, "body", "html", "td", "th", "caption", "template"]);

/**
 * The text of the first `<p>` of an HTML fragment, or all of its text when it has none, as a
 * browser's `textContent` gives it. Without a tree the paragraph ends at its end tag, at a start
 * tag that ends one, or at the end tag of a block: a stray end tag of a block inside it, which a
 * browser ignores, ends it early.
 */
class FirstParagraph implements MarkupVisitor {
  /** The text before the first paragraph: all of it when there is none. */
  private before = "";
  private paragraph: string | null = null;
  private reading = false;

  attributesOf(): undefined {
    return undefined;
  }

  startTag(name: string): void {
    const tag = name.toLowerCase();
    if (this.reading) this.reading = !PARAGRAPH_ENDING_STARTS.has(tag);
    else if (this.paragraph === null && tag === "p") {
      this.paragraph = "";
      this.reading = true;
    }
  }

  endTag(name: string): void {
    if (this.reading) this.reading = !PARAGRAPH_ENDING_ENDS.has(name.toLowerCase());
  }

  text(text: string): void {
    if (this.reading) this.paragraph += text;
    else if (this.paragraph === null) this.before += text;
  }

  result(): string | null {
    return cleanText(this.paragraph ?? this.before);
  }
}

// ---------------------------------------------------------------------------------------------
// The GraphQL API

/** One launch by slug, from api.producthunt.com/v2/api/graphql. */
export const POST_QUERY = `query($slug: String!) {
  post(slug: $slug) {
    id slug name tagline description url website
    thumbnail { url }
    media { url type }
    topics { edges { node { name slug } } }
  }
}`;

/** The newest launches, a page at a time. */
export const POSTS_QUERY = `query($first: Int!, $after: String) {
  posts(first: $first, after: $after, order: NEWEST) {
    pageInfo { endCursor hasNextPage }
    edges { node { id slug name url } }
  }
}`;

/** An API answer that carries errors, or is not the GraphQL answer it should be; the message is the API's first error, or says so. */
export class GraphqlError extends CodedError<"bad-answer"> {
  constructor(message: string, options?: ErrorOptions) {
    super("bad-answer", message, options);
  }
}

const UNEXPECTED_ANSWER = "Unexpected answer from the Product Hunt API.";

/** The answer's `data`, after throwing for errors or a shape that is not a GraphQL answer. */
function graphqlData(json: unknown): JsonObject {
  if (!isObject(json)) throw new GraphqlError(UNEXPECTED_ANSWER);
  const errors = json.errors;
  if (errors !== undefined && errors !== null && !(Array.isArray(errors) && errors.length === 0)) {
    const first = Array.isArray(errors) ? errors[0] : undefined;
    throw new GraphqlError((isObject(first) ? cleanText(first.message) : null) ?? UNEXPECTED_ANSWER);
  }
  if (!isObject(json.data)) throw new GraphqlError(UNEXPECTED_ANSWER);
  return json.data;
}

/** The `post` of a POST_QUERY answer; null when there is no such launch. */
export function parseGraphqlPost(json: unknown): LaunchData | null {
  const data = graphqlData(json);
  const post = data.post;
  if (post === null) return null;
  if (!isObject(post)) throw new GraphqlError(UNEXPECTED_ANSWER);

  const thumbnails: ThumbnailCandidate[] = [];
  const addImage = (value: unknown) => {
    const url = typeof value === "string" && /^https?:\/\//i.test(value.trim()) ? value.trim() : null;
    if (url !== null) thumbnails.push({ url, width: widthParam(url) });
  };
  if (isObject(post.thumbnail)) addImage(post.thumbnail.url);
  if (Array.isArray(post.media)) {
    for (const media of post.media) if (isObject(media) && media.type === "image") addImage(media.url);
  }
  const topics = post.topics;
  const nodes =
    isObject(topics) && Array.isArray(topics.edges)
      ? topics.edges.map((edge) => (isObject(edge) ? edge.node : null))
      : [];
  const website = cleanText(post.website);
  const url = cleanText(post.url);

  return {
    slug: cleanText(post.slug)?.toLowerCase() ?? null,
    name: cleanText(post.name, true),
    tagline: cleanText(post.tagline, true),
    description: cleanParagraphs(post.description, true),
    websiteUrl: website !== null && /^https?:\/\//i.test(website) ? website : null,
    thumbnails: uniqueBy(thumbnails, (candidate) => candidate.url),
    categories: uniqueBy(namesOf(nodes), (name) => name.toLowerCase()),
    canonicalUrl: url !== null && /^https?:\/\//i.test(url) ? withoutQuery(url) : null,
  };
}

/** The launches of a POSTS_QUERY answer (URLs without their tracking query) and where the next page starts. */
export function parseGraphqlPosts(json: unknown): {
  posts: { slug: string; url: string }[];
  endCursor: string | null;
  hasNextPage: boolean;
} {
  const data = graphqlData(json);
  const posts = data.posts;
  if (!isObject(posts) || !Array.isArray(posts.edges)) throw new GraphqlError(UNEXPECTED_ANSWER);
  const pageInfo = isObject(posts.pageInfo) ? posts.pageInfo : {};
  const found: { slug: string; url: string }[] = [];
  for (const edge of posts.edges) {
    const node = isObject(edge) ? edge.node : null;
    if (!isObject(node)) continue;
    const slug = cleanText(node.slug)?.toLowerCase() ?? null;
    const url = cleanText(node.url);
    if (slug === null || url === null || !/^https?:\/\//i.test(url)) continue;
    found.push({ slug, url: withoutQuery(url) });
  }
  return {
    posts: found,
    endCursor: typeof pageInfo.endCursor === "string" && pageInfo.endCursor !== "" ? pageInfo.endCursor : null,
    hasNextPage: pageInfo.hasNextPage === true,
  };
}
