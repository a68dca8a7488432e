import { SUBMISSION_LIMITS } from "../../core/submission.ts";
import { slugify } from "../../core/slug.ts";
import { fitForeignText } from "../../core/text.ts";
import { LOGO_LIMITS } from "../../core/uploads.ts";
import type { Config } from "../platform/config.ts";
import type { Logger } from "../platform/logger.ts";
import { OutboundError, safeFetch, type SafeResponse } from "../platform/net/fetch.ts";
import { readMarkup, resolvePageUrl, type MarkupVisitor } from "../platform/net/markup.ts";
import { redactUrl } from "../platform/net/redact.ts";
import { readLogo } from "./logo.ts";

// "Fill from website" on the submit form and the admin's add-tool (docs/decisions/050): the
// website's own page read on the server, through the guarded fetch, for what the form asks first.

/** Only the page's start is read: the head, where everything looked for is, comes first. */
export const FILL_PAGE_BYTES = 512 * 1024;
/** Redirects followed to the page (http → https, to www., to a language). */
const FILL_REDIRECTS = 3;
/** Logo candidates fetched at most, one after another, until one is a usable image. */
const LOGO_TRIES = 3;

/** What the page proposes; every text already fits its form field (empty: nothing found). */
export interface WebsiteProposal {
  name: string;
  tagline: string;
  description: string;
  /** The page's own address for itself (its canonical link), else where the fetch ended. */
  canonicalUrl: string;
  /** The logo checked and converted as an upload is. */
  logo: { webp: Buffer; from: string } | null;
  /** Why no logo is proposed, when none is. */
  logoProblem: string | null;
}

export type ProposalResult = { kind: "proposal"; proposal: WebsiteProposal } | { kind: "failed"; message: string };

export interface ProposalDeps {
  config: Pick<Config, "outboundAllow" | "websiteFill">;
  log: Pick<Logger, "info" | "warn">;
}

/** What a page says of itself, as found: attribute values and the title's text, entities decoded. */
export interface PageFacts {
  title: string;
  /** `<meta name|property=… content>`: the first of each key, keys lower-cased. */
  meta: Map<string, string>;
  canonical: string | null;
  /** `<link rel~=icon|apple-touch-icon>`, in page order. */
  icons: { rel: string; href: string; sizes: string; type: string }[];
}

const META_KEYS = new Set([
  "og:site_name",
  "application-name",
  "og:title",
  "twitter:title",
  "description",
  "og:description",
  "twitter:description",
  "og:url",
  "og:image",
  "og:image:url",
  "og:image:secure_url",
  "twitter:image",
]);

const ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["meta", new Set(["name", "property", "content"])],
  ["link", new Set(["rel", "href", "sizes", "type"])],
  ["title", new Set<string>()],
]);

/** Reads the facts of a page in one pass; the title is the first `<title>`'s text (an SVG's titles come later). */
class FactsReader implements MarkupVisitor {
  readonly facts: PageFacts = { title: "", meta: new Map(), canonical: null, icons: [] };
  private inTitle = false;
  private titleDone = false;

  attributesOf(tag: string): ReadonlySet<string> | undefined {
    return ATTRIBUTES.get(tag);
  }

  startTag(name: string, attributes: ReadonlyMap<string, string>): void {
    const { facts } = this;
    if (name === "title") {
      this.inTitle = !this.titleDone;
      return;
    }
    if (name === "meta") {
      const key = (attributes.get("property") ?? attributes.get("name"))?.trim().toLowerCase();
      const content = attributes.get("content");
      if (key && content !== undefined && META_KEYS.has(key) && !facts.meta.has(key)) facts.meta.set(key, content);
      return;
    }
    if (name === "link") {
      const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      const href = attributes.get("href")?.trim();
      if (!href) return;
      if (rel.includes("canonical") && facts.canonical === null) facts.canonical = href;
      const kind = rel.find((r) => r === "icon" || r === "apple-touch-icon" || r === "apple-touch-icon-precomposed");
      if (kind)
        facts.icons.push({
          rel: kind,
          href,
          sizes: (attributes.get("sizes") ?? "").toLowerCase(),
          type: (attributes.get("type") ?? "").toLowerCase(),
        });
    }
  }

  endTag(name: string): void {
    if (name === "title" && this.inTitle) {
      this.inTitle = false;
      this.titleDone = true;
    }
  }

  text(text: string): void {
    if (this.inTitle) this.facts.title += text;
  }
}

export function readPageFacts(html: string): PageFacts {
  const reader = new FactsReader();
  readMarkup(html, reader);
  return reader.facts;
}

/** What separates a site's name from the rest in a title: "Acme — Notes that think", "Acme | Home". */
const TITLE_SEPARATOR = /\s+[|·•—–-]\s+|:\s+/;

/** The icon's largest side from `sizes` ("32x32 180x180", "any" counts as large). */
function iconSide(sizes: string): number {
  if (sizes.includes("any")) return 512;
  let side = 0;
  for (const match of sizes.matchAll(/(\d+)x(\d+)/g))
    side = Math.max(side, Math.min(Number(match[1]), Number(match[2])));
  return side;
}

/** Types the upload check refuses anyway: not worth a fetch. */
const REFUSED_ICON = /\.(svg|ico|gif)(?:[?#]|$)/i;

/**
 * The logo addresses to try, best first: apple-touch-icon (made to be shown large), then the icons
 * from the largest, then the Open Graph or Twitter image. Vector and .ico icons are left out: the
 * upload check takes PNG, JPEG and WebP only.
 */
export function logoCandidates(facts: PageFacts, pageUrl: string): string[] {
  const touch = facts.icons.filter((icon) => icon.rel !== "icon");
  const icons = facts.icons.filter((icon) => icon.rel === "icon").sort((a, b) => iconSide(b.sizes) - iconSide(a.sizes));
  const usable = [...touch, ...icons].filter(
    (icon) => !/svg|icon|gif/.test(icon.type) && !REFUSED_ICON.test(icon.href),
  );
  const image =
    facts.meta.get("og:image:secure_url") ??
    facts.meta.get("og:image") ??
    facts.meta.get("og:image:url") ??
    facts.meta.get("twitter:image");
  const all = [...usable.map((icon) => icon.href), image].map((href) => resolvePageUrl(href, pageUrl));
  return [...new Set(all.filter((url): url is string => url !== null))];
}

/**
 * The texts a page proposes, each fit for its field: the name from og:site_name or
 * application-name, else the title's first part; the tagline from the title's other part, else the
 * description's first sentence; the description from the meta description (Open Graph, Twitter).
 * The canonical address is the page's own if it is on the same site, else where the fetch ended.
 */
export function proposeTexts(
  facts: PageFacts,
  pageUrl: string,
): Pick<WebsiteProposal, "name" | "tagline" | "description" | "canonicalUrl"> {
  const meta = (key: string) => fitForeignText(facts.meta.get(key), 100_000);
  const title = fitForeignText(meta("og:title") || meta("twitter:title") || facts.title, 100_000);
  const [titleHead = "", ...titleRest] = title.split(TITLE_SEPARATOR);
  const siteName = meta("og:site_name") || meta("application-name");
  let name = siteName || titleHead;
  // A name that makes no slug (only punctuation, or a script the slugs leave out) cannot be saved.
  if (slugify(fitForeignText(name, SUBMISSION_LIMITS.name)).replace(/-/g, "") === "") name = "";

  const rawDescription = ["description", "og:description", "twitter:description"]
    .map((key) => facts.meta.get(key))
    .find((text) => text && text.trim() !== "");
  const description = fitForeignText(rawDescription, 100_000);
  const restOfTitle = siteName && title !== siteName && !title.startsWith(siteName) ? title : titleRest.join(" – ");
  const firstSentence = description.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? description;
  const tagline = restOfTitle || firstSentence;

  const canonical = resolvePageUrl(facts.canonical, pageUrl) ?? resolvePageUrl(facts.meta.get("og:url"), pageUrl);
  return {
    name: fitForeignText(name, SUBMISSION_LIMITS.name),
    tagline: fitForeignText(tagline, SUBMISSION_LIMITS.tagline),
    description: fitForeignText(rawDescription, SUBMISSION_LIMITS.description, true),
    canonicalUrl: canonical && sameSite(canonical, pageUrl) ? canonical : pageUrl,
  };
}

const bareHost = (url: string) => new URL(url).hostname.toLowerCase().replace(/^www\./, "");

/** Whether two addresses are on one site (www. or not): a page cannot name another site as itself. */
function sameSite(a: string, b: string): boolean {
  return bareHost(a) === bareHost(b);
}

/** The words a person reads when the page could not be read. */
function failureMessage(error: OutboundError): string {
  switch (error.code) {
    case "bad-url":
    case "forbidden-scheme":
    case "forbidden-address":
      return "That address is not allowed: only public http and https websites can be read.";
    case "timeout":
      return "The website did not answer in time.";
    case "too-many-redirects":
      return "The website redirects too many times to be read.";
    default:
      return "The website could not be reached.";
  }
}

/** The page's text, in the charset its answer names (UTF-8 when it names none or an unknown one). */
function pageText(response: SafeResponse): string {
  const type = String(response.headers["content-type"] ?? "");
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(type)?.[1] ?? "utf-8";
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  // Bytes that are not text in that charset are dropped: a form refuses text holding U+FFFD.
  return decoder.decode(response.body).replaceAll("\uFFFD", "").replaceAll("\u0000", "");
}

/**
 * Reads the website at `url` for the form: its first FILL_PAGE_BYTES, a few redirects, within the
 * configured time, through the guarded fetch; then its logo, checked and converted as an upload
 * is. Never throws for anything the website does: a page that cannot be read is a message.
 */
export async function proposeFromWebsite(deps: ProposalDeps, url: string): Promise<ProposalResult> {
  const { timeoutMs } = deps.config.websiteFill;
  let response: SafeResponse;
  try {
    response = await safeFetch(url, {
      allow: deps.config.outboundAllow,
      timeoutMs,
      maxBytes: FILL_PAGE_BYTES,
      truncate: true,
      maxRedirects: FILL_REDIRECTS,
      headers: { accept: "text/html,application/xhtml+xml;q=0.9" },
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    deps.log.info({ url: redactUrl(url), code: error.code }, "fill from website: page not read");
    return { kind: "failed", message: failureMessage(error) };
  }
  if (response.status !== 200)
    return { kind: "failed", message: `The website answered with an error (HTTP ${response.status}).` };
  const type = String(response.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (type !== "text/html" && type !== "application/xhtml+xml")
    return { kind: "failed", message: "That address is not a web page, so there is nothing to fill in from it." };

  const facts = readPageFacts(pageText(response));
  const texts = proposeTexts(facts, response.url);
  const logo = await proposeLogo(deps, logoCandidates(facts, response.url), timeoutMs);
  return { kind: "proposal", proposal: { ...texts, ...logo } };
}

/** The first candidate that passes the upload's check, fetched with the guarded fetch. */
async function proposeLogo(
  deps: ProposalDeps,
  candidates: string[],
  timeoutMs: number,
): Promise<Pick<WebsiteProposal, "logo" | "logoProblem">> {
  if (candidates.length === 0) return { logo: null, logoProblem: "No logo was found on the website." };
  let problem = "The logo found on the website could not be used.";
  for (const candidate of candidates.slice(0, LOGO_TRIES)) {
    try {
      const response = await safeFetch(candidate, {
        allow: deps.config.outboundAllow,
        timeoutMs,
        maxBytes: LOGO_LIMITS.maxBytes,
        maxRedirects: FILL_REDIRECTS,
        headers: { accept: "image/png,image/jpeg,image/webp" },
      });
      if (response.status !== 200) continue;
      const checked = await readLogo(response.body);
      if (checked.kind === "ok") return { logo: { webp: checked.webp, from: candidate }, logoProblem: null };
      problem = `The logo found on the website could not be used: ${checked.message}`;
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      deps.log.info({ url: redactUrl(candidate), code: error.code }, "fill from website: logo not read");
    }
  }
  return { logo: null, logoProblem: problem };
}
