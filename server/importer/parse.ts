import type { CheerioAPI } from "cheerio";
import { launchSlug, type ThumbnailCandidate } from "../../core/import.ts";
import { CodedError } from "../errors.ts";
import { loadCheerio } from "../lazy-imports.ts";

let cheerio: typeof import("cheerio") | null = null;

/**
 * Loads the HTML and XML parser (cheerio, server/lazy-imports.ts) that parseLaunchPage and
 * parseFeed use: the import awaits it before reading a page or the feed, so those stay synchronous
 * and a process that never imports never loads it.
 */
export async function loadParser(): Promise<void> {
  cheerio ??= await loadCheerio();
}

function parser(): typeof import("cheerio") {
  if (!cheerio) throw new Error("The page parser is not loaded: await loadParser() before parsing.");
  return cheerio;
}

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

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  copy: "©",
  reg: "®",
  trade: "™",
};

/**
 * Decodes the entities that turn up in JSON embedded in pages. Attribute values and text nodes are
 * decoded by cheerio already; this is for strings inside scripts, where some pages escape HTML too.
 */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return Object.hasOwn(NAMED_ENTITIES, body.toLowerCase()) ? NAMED_ENTITIES[body.toLowerCase()]! : whole;
  });
}

/** Trimmed, whitespace collapsed; null when nothing is left or the value is not a string. */
function cleanText(value: unknown, decode = false): string | null {
  if (typeof value !== "string") return null;
  const text = (decode ? decodeEntities(value) : value).replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
}

/** Like cleanText, but paragraphs (text parted by a blank line) stay apart as "\n\n". */
function cleanParagraphs(value: unknown, decode = false): string | null {
  if (typeof value !== "string") return null;
  const text = (decode ? decodeEntities(value) : value)
    .split(/\r?\n[^\S\r\n]*\r?\n\s*/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
  return text === "" ? null : text;
}

// ---------------------------------------------------------------------------------------------
// URLs

/** An absolute http(s) or data: URL for a link on the page; null for anything else. */
function resolveUrl(href: unknown, pageUrl: string): string | null {
  if (typeof href !== "string") return null;
  const text = href.trim();
  if (text === "") return null;
  let url: URL;
  try {
    url = new URL(text, pageUrl);
  } catch {
    try {
      url = new URL(text);
    } catch {
      return null;
    }
  }
  return url.protocol === "http:" || url.protocol === "https:" || url.protocol === "data:" ? url.toString() : null;
}

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
 * The JSON text of a JavaScript value literal written by Apollo's SSR transport: strings copied as
 * they are (JS-only escapes turned into JSON ones), bare `undefined`/`NaN`/`Infinity` made null.
 * Starts at `start` (just after the opening parenthesis) and stops at the matching closing one;
 * `json` is null when there is none. `end`: where the reading stopped (after the closing
 * parenthesis, at a bracket that closes nothing, or at the end). Never evaluates anything: the
 * page is not ours to run.
 */
function jsArgumentToJson(source: string, start: number): { json: string | null; end: number } {
  // Copied in runs (slices between the characters that need handling), not a character at a time.
  let out = "";
  let depth = 0;
  let i = start;
  let run = i;
  while (i < source.length) {
    const code = source.charCodeAt(i);
    if (code === 0x22 || code === 0x27) {
      out += source.slice(run, i);
      const quote = code;
      let text = '"';
      i++;
      let from = i;
      while (i < source.length && source.charCodeAt(i) !== quote) {
        const c = source.charCodeAt(i);
        if (c === 0x5c) {
          text += source.slice(from, i);
          const next = source[i + 1] ?? "";
          if (next === "x" && /^[0-9a-f]{2}$/i.test(source.slice(i + 2, i + 4))) {
            text += `\\u00${source.slice(i + 2, i + 4)}`;
            i += 4;
          } else if (next === "'") {
            text += "'";
            i += 2;
          } else if (next === "\n") {
            // A line continuation in JS: nothing.
            i += 2;
          } else {
            text += `\\${next}`;
            i += 2;
          }
          from = i;
        } else if (c === 0x22) {
          // A double quote inside a single-quoted string needs escaping in JSON.
          text += `${source.slice(from, i)}\\"`;
          i++;
          from = i;
        } else {
          i++;
        }
      }
      if (i >= source.length) return { json: null, end: i };
      out += `${text}${source.slice(from, i)}"`;
      i++;
      run = i;
      continue;
    }
    if (isWordStart(code)) {
      let end = i + 1;
      while (end < source.length && (isWordStart(source.charCodeAt(end)) || isDigit(source.charCodeAt(end)))) end++;
      const word = source.slice(i, end);
      if (word === "undefined" || word === "NaN" || word === "Infinity") {
        out += `${source.slice(run, i)}null`;
        run = end;
      }
      i = end;
      continue;
    }
    if (code === 0x28 || code === 0x5b || code === 0x7b) depth++;
    if (code === 0x29 || code === 0x5d || code === 0x7d) {
      if (depth === 0) return code === 0x29 ? { json: out + source.slice(run, i), end: i + 1 } : { json: null, end: i };
      depth--;
    }
    i++;
  }
  return { json: null, end: i };
}

/** A character that starts a JavaScript word here: a letter, "_" or "$". */
function isWordStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f || code === 0x24;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Every value pushed by a script's `.push(…)` calls that reads as JSON once made so. */
function pushedValues(script: string): Json[] {
  const values: Json[] = [];
  let from = 0;
  for (;;) {
    const at = script.indexOf(".push(", from);
    if (at === -1) break;
    const { json, end } = jsArgumentToJson(script, at + ".push(".length);
    // The next call is looked for after this one's argument, never inside it: each character is
    // read once (from just after each ".push(", a script of them unclosed took seconds).
    from = Math.max(end, at + ".push(".length);
    if (json === null || json.trim() === "") continue;
    try {
      values.push(JSON.parse(json) as Json);
    } catch {
      // Some other script's push; not Apollo's data.
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
  const matchesPage = (o: JsonObject) => pageSlug !== null && typeof o.slug === "string" && o.slug.toLowerCase() === pageSlug;
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
  const topicNodes = isObject(topics) && Array.isArray(topics.edges) ? topics.edges.map((edge) => (isObject(edge) ? edge.node : null)) : topics;
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
  if (isObject(image)) return typeof image.url === "string" ? [image.url] : typeof image.contentUrl === "string" ? [image.contentUrl] : [];
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

/**
 * Reads a launch page. Never throws: garbage (binary bytes, JSON, an empty string, a login page)
 * gives a LaunchData with everything null/empty. pageUrl resolves relative links and tells which
 * product on the page is the launch.
 */
export function parseLaunchPage(html: string, pageUrl: string, options: ParseLaunchPageOptions = {}): LaunchData {
  parser(); // a parser not loaded is a bug, not a page that names nothing: thrown, not caught below
  try {
    return readLaunchPage(typeof html === "string" ? html : "", pageUrl, options.imageBaseUrl ?? PRODUCT_HUNT_IMAGE_BASE_URL);
  } catch {
    return emptyLaunch();
  }
}

function readLaunchPage(html: string, pageUrl: string, imageBaseUrl: string): LaunchData {
  const $ = parser().load(html);
  const meta = (property: string) => cleanText($(`meta[property="${property}"]`).first().attr("content"));

  const ogUrl = resolveUrl(meta("og:url"), pageUrl);
  const canonical = resolveUrl($('link[rel="canonical"]').first().attr("href"), pageUrl);
  const canonicalUrl = [ogUrl, canonical].find((url) => isWebUrl(url) && launchSlug(url) !== null) ?? null;
  // A page that says it lives elsewhere (the home page after a redirect, a login page) has Product
  // Hunt's own Open Graph data, which must not pass for the launch's.
  const elsewhere = canonicalUrl === null && (ogUrl !== null || canonical !== null);
  const pageSlug = launchSlug(pageUrl) ?? (canonicalUrl === null ? null : launchSlug(canonicalUrl));

  const scripts = $("script").toArray();
  const ldRoots: Json[] = [];
  const apolloRoots: Json[] = [];
  for (const script of scripts) {
    const text = $(script).text();
    const type = ($(script).attr("type") ?? "").trim().toLowerCase();
    if (type === "application/ld+json") {
      try {
        ldRoots.push(JSON.parse(text) as Json);
      } catch {
        // Broken ld+json is common enough; the other sources still count.
      }
    } else if ((type === "" || type.includes("javascript") || type === "module") && text.includes(".push(")) {
      apolloRoots.push(...pushedValues(text));
    }
  }

  const product = findApolloProduct(apolloRoots, pageSlug);
  const ld = findLdLaunch(ldRoots, pageSlug);
  const og = elsewhere
    ? { title: null, description: null, image: null }
    : { title: meta("og:title"), description: meta("og:description"), image: meta("og:image") };
  const fromTitle = splitOgTitle(og.title);

  const name = cleanText(product?.name, true) ?? cleanText(ld?.name, true) ?? fromTitle.name;
  const tagline = cleanText(product?.tagline, true) ?? fromTitle.tagline;
  const description = cleanParagraphs(product?.description, true) ?? cleanParagraphs(ld?.description, true) ?? cleanParagraphs(og.description);

  const visitHref = $('a[data-test="visit-website-button"]')
    .toArray()
    .map((a) => resolveUrl($(a).attr("href"), pageUrl))
    .find(isWebUrl);
  const apolloWebsite = resolveUrl(product?.websiteUrl, pageUrl);
  const websiteUrl = visitHref ?? (isWebUrl(apolloWebsite) ? apolloWebsite : null);

  const known: ThumbnailCandidate[] = [];
  const addImage = (url: string | null, width: number | null = null) => {
    if (url !== null) known.push({ url, width: width ?? widthParam(url) });
  };
  if (product) addImage(apolloThumbnail(product, pageUrl, imageBaseUrl));
  for (const image of ldImages(ld?.image)) addImage(resolveUrl(image, pageUrl));
  addImage(resolveUrl(og.image, pageUrl));
  // Pages carry many srcsets (makers' avatars, screenshots); only other sizes of an image named
  // above, or images labelled with the launch's name, are the launch's logo.
  const knownPaths = new Set(known.map((candidate) => imagePath(candidate.url)));
  $("img[srcset], source[srcset]").each((_, element) => {
    const alt = cleanText($(element).attr("alt") ?? $(element).closest("picture").find("img").attr("alt"));
    const labelled = name !== null && alt !== null && alt.toLowerCase().includes(name.toLowerCase());
    for (const entry of parseSrcset($(element).attr("srcset") ?? "")) {
      const url = resolveUrl(entry.url, pageUrl);
      if (url !== null && (labelled || knownPaths.has(imagePath(url)))) addImage(url, entry.width);
    }
  });
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
  const $ = parser().load(xml, { xml: true });
  const feed = $.root().children("feed").first();
  if (feed.length === 0) throw new FeedError("The feed could not be read.");

  const entries: FeedEntry[] = [];
  feed.children("entry").each((_, element) => {
    const entry = $(element);
    // In Atom a link without rel is the alternate one.
    const link = entry
      .children("link")
      .toArray()
      .find((l) => ($(l).attr("rel") ?? "alternate") === "alternate" && cleanText($(l).attr("href")) !== null);
    const href = link ? cleanText($(link).attr("href")) : null;
    if (href === null) return;
    let absolute: string;
    try {
      absolute = new URL(href).toString();
    } catch {
      return;
    }
    const url = withoutQuery(absolute);
    const published = Date.parse(entry.children("published").first().text().trim() || entry.children("updated").first().text().trim());
    entries.push({
      id: cleanText(entry.children("id").first().text()) ?? url,
      url,
      slug: launchSlug(absolute),
      title: cleanText(entry.children("title").first().text()) ?? "",
      tagline: feedTagline(entry, "content") ?? feedTagline(entry, "summary") ?? "",
      publishedAt: Number.isFinite(published) ? published : null,
    });
  });
  return entries;
}

/** The first paragraph of an entry's content or summary (HTML escaped in the XML, or inline XHTML). */
function feedTagline(entry: ReturnType<CheerioAPI>, tag: "content" | "summary"): string | null {
  const content = entry.children(tag).first();
  if (content.length === 0) return null;
  const type = (content.attr("type") ?? "text").toLowerCase();
  if (type === "text") return cleanText(content.text());
  const html = type === "xhtml" ? (content.html() ?? "") : content.text();
  const $html = parser().load(html);
  const first = $html("p").first();
  return cleanText(first.length > 0 ? first.text() : $html.root().text());
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
  const nodes = isObject(topics) && Array.isArray(topics.edges) ? topics.edges.map((edge) => (isObject(edge) ? edge.node : null)) : [];
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
export function parseGraphqlPosts(json: unknown): { posts: { slug: string; url: string }[]; endCursor: string | null; hasNextPage: boolean } {
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
