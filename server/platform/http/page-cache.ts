import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import { createRequestHandler, type EntryContext, type RouterContextProvider, type ServerBuild } from "react-router";
import type { Logger } from "../logger.ts";
import { createBotCheck } from "./bots.ts";
import { shownFeatured, shownLikeCounts } from "./shown-tools.ts";
import { bodyOf } from "./rendered-body.ts";
import { trackRequest } from "./request-context.ts";
import { lookupRoute } from "./routes.ts";
import { pinInlineScripts } from "./security.ts";

const gzip = promisify(gzipCallback);

/** What shared caches (a CDN) may do with a public page: keep it a minute, revalidate with ETag. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

// Set per response, never replayed from a stored one.
const PER_RESPONSE_HEADERS = new Set([
  "x-request-id",
  "content-length",
  "set-cookie",
  "etag",
  "x-cache",
  "content-encoding",
]);

/**
 * What the cache needs to know of the catalogue's freshness, declared here so that plumbing does
 * not depend on the catalogue; server/catalog/freshness.ts provides it.
 */
export interface PageFreshness {
  /** The current generation; pages cached under another one are stale. */
  generation(): Promise<number>;
  /** The generation when it is known without asking the database, else null. */
  peek(): number | null;
  /** Pages made before this moment may show a like count that is too old. */
  countsCutoff(): number;
  /** Whether a like on this instance changed one of these tools' counts at or after `since`. */
  countsChangedSince(toolIds: readonly string[], since: number): boolean;
}

export interface PageCacheOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** The client's address for a request Express has not seen (TRUST_PROXY's rules), as the request log writes it. */
  clientIp: (req: IncomingMessage) => string;
  /** A URL as the request log writes it (server/platform/http/logged-url.ts). */
  loggedUrl: (url: string) => string;
  freshness: PageFreshness;
  log: Logger;
  /** The app's clock: when a page was made, to tell whether the like counts it shows are still current. */
  now: () => number;
  maxEntries?: number;
  maxBytes?: number;
  /** Counts what it sends: from memory (HIT) or rendered and stored (MISS). */
  metrics?: { pageCache(result: "HIT" | "MISS"): void };
  /** Told the featured placements (tool ids) of each page it sends to a person (not a bot, not a HEAD). */
  impressions?: (toolIds: readonly string[]) => void;
}

export interface PageCache {
  /** Express middleware: answers from memory, or renders once and keeps what may be kept. */
  middleware: RequestHandler;
  /**
   * Answers a request from memory before Express runs at all, when its page is stored and known
   * to be fresh without asking the database. Returns false when it did not answer.
   */
  serveFromMemory(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Sends a JSON answer a route made and keeps it like a page (the search API: docs/decisions/023),
   * for the catalogue `generation` it was read at, showing like counts as of `madeAt`.
   */
  keepJson(
    req: ExpressRequest,
    res: ExpressResponse,
    value: unknown,
    made: Pick<CachedResponse, "generation" | "madeAt" | "likeCounts">,
  ): Promise<void>;
}

/** A stored response, ready to send again without running any application code. */
export interface CachedResponse {
  status: number;
  /** Every header but the per-response ones, flat (name, value, name, value…) as `writeHead` takes them. */
  headers: string[];
  body: Buffer;
  gzip: Buffer;
  etag: string;
  generation: number;
  /** When its render began (the app's clock): it shows like counts as they were then. */
  madeAt: number;
  /** The tools whose like count it shows. */
  likeCounts: readonly string[];
  /** The featured placements it shows. */
  featured: readonly string[];
}

type Rendered = { stored: CachedResponse } | { response: Response; body: Buffer; featured: readonly string[] };

/**
 * What a route module's `handle` may say for the page cache, read from its loader's data
 * (RouteHandle in app/root.tsx): the tools whose like counts the page shows, and the featured
 * placements it shows.
 */
interface ShownToolsHandle {
  likeCounts?: (loaderData: never) => readonly string[];
  featured?: (loaderData: never) => readonly string[];
}

/**
 * Public pages kept in memory while the catalogue is unchanged (docs/decisions/004). A miss
 * renders through React Router once — concurrent misses for a page share that render — and a 200
 * that sets no cookie and is not marked private is kept, with every header it was sent with
 * (security headers, and a CSP that allows its inline scripts by their hashes). Which pages may
 * be kept at all is the route table's word (`cache` and `private` in core/route-table.ts).
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const cache = new LRUCache<string, CachedResponse>({
    max: options.maxEntries ?? 2000,
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + entry.gzip.length,
  });
  /**
   * The entry for `key` if it was stored under `generation` and the like counts it shows are
   * current: made at or after the counts cutoff, and none of its tools liked on this instance
   * since (other pages, and other instances' likes, wait for the cutoff). Stale ones are dropped.
   */
  const fresh = (key: string, generation: number): CachedResponse | undefined => {
    const entry = cache.get(key);
    if (!entry) return undefined;
    const { freshness } = options;
    if (
      entry.generation !== generation ||
      entry.madeAt < freshness.countsCutoff() ||
      freshness.countsChangedSince(entry.likeCounts, entry.madeAt)
    ) {
      cache.delete(key);
      return undefined;
    }
    return entry;
  };
  const build = typeof options.build === "function" ? withShownTools(options.build) : watchingShownTools(options.build);
  const handle = createRequestHandler(build, options.mode);
  const inflight = new Map<string, Promise<Rendered>>();
  const isBot = createBotCheck();
  const metrics = options.metrics;
  const keyOf = (url: string, userAgent: string | undefined) => `${isBot(userAgent) ? "bot" : "human"} ${url}`;
  /** A page with featured placements, sent (or confirmed unchanged, 304) to a person: an impression of each. */
  const shown = (req: IncomingMessage, featured: readonly string[]) => {
    if (featured.length > 0 && req.method === "GET" && !isBot(req.headers["user-agent"]))
      options.impressions?.(featured);
  };
  /** Sends a stored response, counted as what its X-Cache header says. */
  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    entry: CachedResponse,
    state: "HIT" | "MISS",
    requestId?: string,
  ) => {
    metrics?.pageCache(state);
    shown(req, entry.featured);
    sendStored(req, res, entry, state, requestId);
  };

  const cacheable = (method: string | undefined, url: string) =>
    (method === "GET" || method === "HEAD") && lookupRoute(url).cache;

  async function render(req: ExpressRequest, res: ExpressResponse, generation: number): Promise<Rendered> {
    const madeAt = options.now();
    const context = options.getLoadContext(req, res);
    const response = await handle(toFetchRequest(req), context);
    let body = await bodyOf(response);
    if (!isStorable(response)) return { response, body, featured: context.get(shownFeatured) };
    const headers = replayableHeaders(res);
    for (const [name, value] of response.headers) if (!PER_RESPONSE_HEADERS.has(name)) headers.set(name, value);
    // Every visitor of a stored page gets the same bytes: its scripts are allowed by hash, not by
    // this one response's nonce.
    const csp = headers.get("content-security-policy");
    const nonce = res.locals.nonce as string | undefined;
    const html = /^text\/html\b/i.test(headers.get("content-type") ?? "");
    if (csp && nonce && html) {
      const pinned = pinInlineScripts(body, csp, nonce);
      body = pinned.page;
      headers.set("content-security-policy", pinned.csp);
    }
    return {
      stored: await storable(response.status, headers, body, {
        generation,
        madeAt,
        likeCounts: context.get(shownLikeCounts),
        featured: context.get(shownFeatured),
      }),
    };
  }

  const middleware: RequestHandler = async (req, res, next) => {
    // An unreadable address was handed on as the home page's, to be answered with a 400 page: it
    // must not be given the stored home page.
    if (res.locals.unreadableAddress === true || !cacheable(req.method, req.originalUrl)) return next();
    try {
      const generation = await options.freshness.generation();
      const key = keyOf(req.originalUrl, req.get("user-agent"));
      const hit = fresh(key, generation);
      if (hit) return send(req, res, hit, "HIT");

      let rendering = inflight.get(key);
      const mine = !rendering;
      if (!rendering) {
        rendering = render(req, res, generation).finally(() => inflight.delete(key));
        inflight.set(key, rendering);
      }
      const rendered = await rendering;
      if ("stored" in rendered) {
        // One render, one store: requests that waited on it only send it.
        if (mine) cache.set(key, rendered.stored);
        return send(req, res, rendered.stored, "MISS");
      }
      // Not storable (redirect, 404, personal): only its own requester may see it.
      if (!mine) return next();
      if (rendered.response.status === 200) shown(req, rendered.featured);
      return sendFetchResponse(res, rendered.response, rendered.body, req.method === "HEAD");
    } catch (error) {
      next(error);
    }
  };

  return {
    middleware,
    async keepJson(req, res, value, made) {
      const headers = replayableHeaders(res);
      headers.set("content-type", "application/json; charset=utf-8");
      const stored = await storable(200, headers, Buffer.from(JSON.stringify(value), "utf8"), {
        ...made,
        featured: [],
      });
      if (cacheable(req.method, req.originalUrl)) cache.set(keyOf(req.originalUrl, req.get("user-agent")), stored);
      send(req, res, stored, "MISS");
    },
    serveFromMemory(req, res) {
      const url = req.url ?? "/";
      if (!cacheable(req.method, url)) return false;
      const generation = options.freshness.peek();
      if (generation === null) return false;
      const entry = fresh(keyOf(url, req.headers["user-agent"]), generation);
      if (!entry) return false;
      const requestId = trackRequest(req, res, options.log, () => options.clientIp(req), options.loggedUrl);
      send(req, res, entry, "HIT", requestId);
      return true;
    },
  };
}

/** The headers Express has set so far that every copy of a stored response may carry again. */
function replayableHeaders(res: ExpressResponse): Map<string, string> {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (typeof value === "string" && !PER_RESPONSE_HEADERS.has(name)) headers.set(name, value);
  }
  return headers;
}

/** A response as it is kept: with its validator, shared-cache rules and gzipped body made once. */
async function storable(
  status: number,
  headers: Map<string, string>,
  body: Buffer,
  made: Pick<CachedResponse, "generation" | "madeAt" | "likeCounts" | "featured">,
): Promise<CachedResponse> {
  if (!headers.has("cache-control")) headers.set("cache-control", PUBLIC_CACHE_CONTROL);
  headers.set("vary", "Accept-Encoding");
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  headers.set("etag", etag);
  return {
    status,
    headers: [...headers].flat(),
    body: ownBytes(body),
    gzip: ownBytes(await gzip(body, { level: 6 })),
    etag,
    ...made,
  };
}

/**
 * A copy that holds exactly its bytes. zlib hands back a slice of its 64 KB output chunk, and a
 * body may be a view of a larger buffer: kept as they are, a stored 8 KB page would hold 64 KB,
 * past what the cache counts.
 */
function ownBytes(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

function isStorable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  // no-cache lets this origin keep it (it is stale only when the catalogue changes), not browsers.
  return !/\b(private|no-store)\b/i.test(cacheControl);
}

function toFetchRequest(req: ExpressRequest): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // A HEAD is rendered as the GET it describes, so it can fill the cache too.
  return new Request(url, { method: "GET", headers });
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    return !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  });
}

/**
 * Whether a request's If-None-Match names `etag` (or any): the client has it, and is answered 304.
 * Its Cache-Control is not asked: fetch() sends `no-cache` with every conditional request.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
}

// The hot path of the whole site: one writeHead with the stored headers, then the bytes. Given the
// request id, nothing else has set a header: Node then writes the array as it is, without
// building (and checking again) a header map.
function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  state: "HIT" | "MISS",
  requestId?: string,
) {
  if (etagMatches(req.headers["if-none-match"], entry.etag)) {
    const headers = ["x-cache", state];
    if (requestId) headers.push("x-request-id", requestId);
    for (let i = 0; i < entry.headers.length; i += 2) {
      if (entry.headers[i] !== "content-type") headers.push(entry.headers[i]!, entry.headers[i + 1]!);
    }
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const zipped = acceptsGzip(req.headers["accept-encoding"]);
  const body = zipped ? entry.gzip : entry.body;
  const headers = [...entry.headers, "x-cache", state, "content-length", String(body.length)];
  if (requestId) headers.push("x-request-id", requestId);
  if (zipped) headers.push("content-encoding", "gzip");
  res.writeHead(entry.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

function sendFetchResponse(res: ExpressResponse, response: Response, body: Buffer, head: boolean) {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === "content-length") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.end(head ? undefined : body);
}

/** A build whose documents note, in their load context, what they show of which tools. */
function watchingShownTools(build: ServerBuild): ServerBuild {
  const render = build.entry.module.default;
  return {
    ...build,
    entry: {
      ...build.entry,
      module: {
        ...build.entry.module,
        default: (request, status, headers, context, loadContext) => {
          loadContext.set(shownLikeCounts, shownBy(context, "likeCounts"));
          loadContext.set(shownFeatured, shownBy(context, "featured"));
          return render(request, status, headers, context, loadContext);
        },
      },
    },
  };
}

/** The same for a build loaded per request (Vite's, in development). */
function withShownTools(load: () => ServerBuild | Promise<ServerBuild>): () => Promise<ServerBuild> {
  return async () => watchingShownTools(await load());
}

/** The tools a document shows, as each matched route's handle reads them from its loader's data. */
function shownBy(context: EntryContext, what: keyof ShownToolsHandle): string[] {
  const { matches, loaderData } = context.staticHandlerContext;
  const ids = new Set<string>();
  for (const match of matches) {
    const read = (context.routeModules[match.route.id]?.handle as ShownToolsHandle | undefined)?.[what];
    const data: unknown = loaderData[match.route.id];
    if (!read || data === undefined) continue;
    for (const id of (read as (data: unknown) => readonly string[])(data)) ids.add(id);
  }
  return [...ids];
}
