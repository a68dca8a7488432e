import { emptyToolContent } from "../../core/tool.ts";
import type { AuditActor } from "../audit/audit.ts";
import {
  allProxiesFailedMessage,
  faviconUrl,
  IMPORT_MESSAGES,
  launchSlug,
  launchUrl,
  mapCategories,
  pickThumbnail,
  productHuntUrlSchema,
  siteRef,
  withRef,
} from "../../core/import.ts";
import { slugify } from "../../core/slug.ts";
import { fitForeignText } from "../../core/text.ts";
import { SUBMISSION_LIMITS, websiteUrlSchema, type SubmissionContent } from "../../core/submission.ts";
import { LOGO_LIMITS } from "../../core/uploads.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { CodedError } from "../platform/errors.ts";
import type { Logger } from "../platform/logger.ts";
import { OutboundError, safeFetch, type SafeResponse } from "../platform/net/fetch.ts";
import { redactUrl, urlHost } from "../platform/net/redact.ts";
import type { ScreenshotService } from "../screenshots/service.ts";
import type { Storage } from "../platform/storage/index.ts";
import { readLogo } from "../submissions/logo.ts";
import {
  findToolBySourceUrl,
  findToolByWebsite,
  saveTool,
  type LogoSource,
  type SubmitDeps,
} from "../submissions/service.ts";
import { PAGE_READ_BYTES, parseGraphqlPost, parseLaunchPage, POST_QUERY, type LaunchData } from "./parse.ts";

export interface ImporterDeps {
  config: Pick<Config, "productHunt" | "schedules" | "faviconServiceUrl" | "siteName" | "siteUrl" | "outboundAllow">;
  database: Database;
  storage: Storage;
  freshness: CatalogFreshness;
  screenshots: ScreenshotService;
  log: Logger;
  now: () => number;
  /** Counts the tools imported (server/platform/metrics/). */
  metrics?: SubmitDeps["metrics"];
}

/** Who the audit log says imported a launch of the daily automatic run. */
export const SCHEDULED_IMPORT: AuditActor = { id: null, username: "scheduled import" };

/** Why an import could not be done: `rate-limited` is RateLimitedError's, every other one `failed`. */
export type ImportErrorCode = "failed" | "rate-limited";

/** An import that could not be done; the message is for the admin ('Import failed: {message}'). */
export class ImportError extends CodedError<ImportErrorCode> {
  constructor(message: string, options?: ErrorOptions, code: ImportErrorCode = "failed") {
    super(code, message, options);
  }
}

/** Product Hunt asked us to slow down (HTTP 429); a polite caller waits `retryAfterMs` before the next request. */
export class RateLimitedError extends ImportError {
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super(
      `Product Hunt asks us to wait ${Math.ceil(retryAfterMs / 1000)} seconds before the next request.`,
      undefined,
      "rate-limited",
    );
    this.retryAfterMs = retryAfterMs;
  }
}

export type ImportResult =
  /** Saved, approved and public. `logo`: stored from Product Hunt, a favicon-service URL, or none. */
  | {
      kind: "saved";
      tool: { id: string; slug: string; name: string };
      screenshotUrl: string | null;
      logo: "stored" | "favicon" | "none";
    }
  /** The launch (or its website) is already in the directory; nothing was saved. */
  | { kind: "duplicate"; existing: { slug: string; name: string } };

const FETCH_TIMEOUT_MS = 15_000;
/** The largest answer of the API read (JSON, parsed in linear time). */
const API_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Imports one Product Hunt launch by its URL (docs/design.md#product-hunt-import): reads the launch from the API
 * (with a token) or its page, follows its website link to the real site, takes its logo (or the
 * site's favicon), saves it approved and public with source product_hunt_import, then takes its
 * screenshot (a site that cannot be captured leaves the tool saved without one). A launch or
 * website already listed is answered as a duplicate. Every address is fetched through the safe
 * fetcher (docs/design.md#rule-10). Throws ImportError with what the admin should read.
 */
export async function importLaunch(
  deps: ImporterDeps,
  input: string,
  actor: AuditActor = SCHEDULED_IMPORT,
): Promise<ImportResult> {
  const { productHunt } = deps.config;
  // Only Product Hunt's launch pages, whoever calls: the box checks this too, the run's URLs come from their feed.
  const parsed = productHuntUrlSchema(productHunt.baseUrl).safeParse(input);
  if (!parsed.success) throw new ImportError(parsed.error.issues[0]?.message ?? IMPORT_MESSAGES.urlInvalid);
  const url = parsed.data;
  const slug = launchSlug(url);
  if (slug === null) throw new ImportError(IMPORT_MESSAGES.urlInvalid);
  const known = await findToolBySourceUrl(deps.database, launchUrl(productHunt.baseUrl, slug));
  if (known) return { kind: "duplicate", existing: known };

  const launch = await readLaunch(deps, url, slug);
  const name = fitForeignText(launch.name, SUBMISSION_LIMITS.name);
  if (!name) throw new ImportError(IMPORT_MESSAGES.nameNotFound);
  if (slugify(name).replace(/-/g, "") === "") throw new ImportError(IMPORT_MESSAGES.slugFailed);
  // The page may name the launch differently from the link that led there (/posts/ → /products/).
  const sourceUrl = launchUrl(productHunt.baseUrl, launch.slug ?? slug);
  const sameLaunch =
    sourceUrl === launchUrl(productHunt.baseUrl, slug) ? null : await findToolBySourceUrl(deps.database, sourceUrl);
  if (sameLaunch) return { kind: "duplicate", existing: sameLaunch };

  if (!launch.websiteUrl) throw new ImportError("The launch page has no link to the tool's website.");
  const websiteUrl = withRef(await resolveWebsite(deps, launch.websiteUrl), siteRef(deps.config.siteName));
  if (!websiteUrlSchema.safeParse(websiteUrl).success)
    throw new ImportError("The launch's website address is not one we can list.");
  const listed = await findToolByWebsite(deps.database, websiteUrl);
  if (listed) return { kind: "duplicate", existing: listed };

  const content: SubmissionContent = {
    ...emptyToolContent(),
    name,
    tagline: fitForeignText(launch.tagline, SUBMISSION_LIMITS.tagline),
    websiteUrl,
    description: fitForeignText(launch.description, SUBMISSION_LIMITS.description, true),
    categories: mapCategories(launch.categories),
    submitterEmail: null,
  };
  const logo = await logoFor(deps, launch, websiteUrl, slug);
  const saved = await saveTool(deps, content, logo.source, {
    status: "approved",
    source: "product_hunt_import",
    sourceUrl,
    statusLink: false,
    screenshotJob: false,
    audit: { actor, action: "import" },
  });
  if (saved.kind === "duplicate") return saved;
  if (saved.kind === "bad-logo") throw new ImportError(saved.message);

  let screenshotUrl: string | null = null;
  try {
    screenshotUrl = await deps.screenshots.take(websiteUrl, saved.tool.id);
  } catch (error) {
    // Information, not an error: the tool stays saved and its page says the screenshot is missing.
    deps.log.info({ err: error, toolId: saved.tool.id }, "import: screenshot not captured");
  }
  return { kind: "saved", tool: saved.tool, screenshotUrl, logo: logo.kind };
}

/** The launch from the API when a token is set (its failures fall back to the page), else from the page. */
async function readLaunch(deps: ImporterDeps, url: string, slug: string): Promise<LaunchData> {
  const { token } = deps.config.productHunt;
  if (token) {
    try {
      const launch = parseGraphqlPost(await askApi(deps, token, POST_QUERY, { slug }));
      if (launch?.name) return launch;
    } catch (error) {
      deps.log.warn({ err: error, slug }, "import: the Product Hunt API did not answer; reading the page instead");
    }
  }
  let nameless = false;
  try {
    return await fetchFromProductHunt(deps, url, "text/html", (response) => {
      const launch = parseLaunchPage(response.body.toString("utf8"), response.url);
      if (launch.name) return launch;
      nameless = true;
      return null;
    });
  } catch (error) {
    // A page was read but named nothing: garbage, or a page that is not a launch.
    if (nameless && !(error instanceof RateLimitedError)) throw new ImportError(IMPORT_MESSAGES.nameNotFound);
    throw error;
  }
}

/**
 * Asks Product Hunt's GraphQL API (v2) and gives its answer as parsed JSON; a 429 throws
 * RateLimitedError, any other failure ImportError (or OutboundError when it cannot be asked).
 */
export async function askApi(
  deps: ImporterDeps,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<unknown> {
  const response = await safeFetch(deps.config.productHunt.apiUrl, {
    method: "POST",
    body: JSON.stringify({ query, variables }),
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json",
      ...userAgent(deps),
    },
    allow: deps.config.outboundAllow,
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: API_MAX_BYTES,
    // The token goes to the API's address and nowhere else: a redirect (which the API does not
    // make) is not followed, since the safe fetch would send the same headers, token included, to
    // wherever it leads. It fails the API call like any other failure: the callers read the page
    // or the feed instead. (Simpler than following it with the token dropped on another origin.)
    maxRedirects: 0,
  });
  if (response.status === 429) throw new RateLimitedError(retryAfterMs(response));
  if (response.status !== 200) throw new ImportError(`The Product Hunt API answered ${response.status}.`);
  try {
    return JSON.parse(response.body.toString("utf8")) as unknown;
  } catch {
    throw new ImportError("The Product Hunt API's answer could not be read.");
  }
}

/**
 * Fetches a Product Hunt address directly, then through each proxy of PRODUCT_HUNT_FETCH_PROXIES
 * in order, until `read` gets what it needs from a 200 answer. A 429 ends the attempts (asking
 * again elsewhere would not be polite). When every attempt fails: 'All proxy services failed.
 * Last error: {message}' (or the direct fetch's error when no proxy is set).
 */
export async function fetchFromProductHunt<T>(
  deps: ImporterDeps,
  url: string,
  accept: string,
  read: (response: SafeResponse) => T | null,
): Promise<T> {
  const { fetchProxies } = deps.config.productHunt;
  // A proxy's address may carry its credentials (user:pass@, ?apikey=…): messages name it "Proxy 2",
  // the log "Proxy 2 (proxy.example)", never by its address (safeFetch's errors name hosts only).
  const attempts = [
    { via: "Product Hunt", host: urlHost(url), url },
    ...fetchProxies.map((template, i) => {
      const proxyUrl = template.replaceAll("{url}", encodeURIComponent(url));
      return { via: `Proxy ${i + 1}`, host: urlHost(proxyUrl), url: proxyUrl };
    }),
  ];
  let lastError = "Nothing was tried.";
  for (const attempt of attempts) {
    try {
      const response = await safeFetch(attempt.url, {
        allow: deps.config.outboundAllow,
        timeoutMs: FETCH_TIMEOUT_MS,
        // A longer page is read from its start, where the launch is.
        maxBytes: PAGE_READ_BYTES,
        truncate: true,
        headers: { accept, "accept-language": "en", ...userAgent(deps) },
      });
      if (response.status === 429) throw new RateLimitedError(retryAfterMs(response));
      if (response.status !== 200) {
        lastError = `${attempt.via} answered ${response.status}${response.status === 403 ? " (access refused)" : ""}.`;
        continue;
      }
      // A proxy's answer stands for the page itself: its links resolve against the page's address.
      const value = read(attempt.url === url ? response : { ...response, url });
      if (value !== null) return value;
      lastError = `${attempt.via} answered with a page that could not be read.`;
    } catch (error) {
      if (error instanceof RateLimitedError) throw error;
      if (!(error instanceof OutboundError)) throw error;
      lastError = `${attempt.via}: ${error.message}`;
    }
    deps.log.info({ via: `${attempt.via} (${attempt.host})`, url, error: lastError }, "import: fetch attempt failed");
  }
  throw new ImportError(fetchProxies.length > 0 ? allProxiesFailedMessage(lastError) : lastError);
}

/**
 * The real website behind the launch's link: Product Hunt's /r/ redirects (and the site's own)
 * are followed through the safe fetcher, so a link that leads to a private or local address is
 * refused. A site that is merely down keeps the link as given; a Product Hunt redirect that
 * cannot be followed cannot be listed.
 */
async function resolveWebsite(deps: ImporterDeps, link: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new ImportError("The launch's website link is not a valid address.");
  }
  const productHuntHost = bareHost(new URL(deps.config.productHunt.baseUrl).host);
  const viaProductHunt = bareHost(url.host) === productHuntHost;
  try {
    const response = await safeFetch(url.href, {
      allow: deps.config.outboundAllow,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: 64 * 1024,
      truncate: true,
      headers: { accept: "text/html", ...userAgent(deps) },
    });
    if (bareHost(new URL(response.url).host) === productHuntHost) {
      throw new ImportError("The launch's website link leads back to Product Hunt.");
    }
    return response.url;
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.code === "forbidden-address" || error.code === "forbidden-scheme" || error.code === "bad-url") {
      throw new ImportError(`The launch's website link was refused: ${error.message}`);
    }
    if (viaProductHunt) throw new ImportError(`The launch's website could not be reached: ${error.message}`);
    return url.href;
  }
}

/** The launch's logo, checked and re-encoded; else the site's favicon from the favicon service. */
async function logoFor(
  deps: ImporterDeps,
  launch: LaunchData,
  websiteUrl: string,
  slug: string,
): Promise<{ source: LogoSource; kind: "stored" | "favicon" | "none" }> {
  const image = pickThumbnail(launch.thumbnails);
  if (image) {
    try {
      const response = await safeFetch(image, {
        allow: deps.config.outboundAllow,
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: LOGO_LIMITS.maxBytes,
        headers: { accept: "image/png,image/jpeg,image/webp", ...userAgent(deps) },
      });
      if (response.status === 200) {
        const processed = await readLogo(response.body);
        if (processed.kind === "ok") return { source: { name: slug, webp: processed.webp }, kind: "stored" };
        deps.log.info(
          { image: redactUrl(image), reason: processed.message },
          "import: logo refused; using the favicon",
        );
      } else {
        deps.log.info(
          { image: redactUrl(image), status: response.status },
          "import: logo not found; using the favicon",
        );
      }
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      deps.log.info({ image: redactUrl(image), reason: error.message }, "import: logo not fetched; using the favicon");
    }
  }
  const favicon = faviconUrl(deps.config.faviconServiceUrl, websiteUrl);
  return favicon ? { source: { url: favicon }, kind: "favicon" } : { source: { url: null }, kind: "none" };
}

/** How long a 429 asks us to wait: Retry-After in seconds or as a date; a minute when it says nothing usable. */
function retryAfterMs(response: SafeResponse): number {
  const header = response.headers["retry-after"];
  const value = Array.isArray(header) ? header[0] : header;
  if (value && /^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? 60_000 : Math.max(0, date - Date.now());
}

function userAgent(deps: ImporterDeps): Record<string, string> {
  return { "user-agent": `Mozilla/5.0 (compatible; toolshelf; +${deps.config.siteUrl})` };
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, "");
