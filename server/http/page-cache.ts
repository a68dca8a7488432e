import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { isbot } from "isbot";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics/index.ts";
import { bodyOf } from "./rendered-body.ts";
import { trackRequest } from "./request-context.ts";
import { pinInlineScripts } from "./security.ts";
import { ResponseCache, type CachedResponse } from "./response-cache.ts";

const gzip = promisify(gzipCallback);

/** What shared caches (a CDN) may do with a public page: keep it a minute, revalidate with ETag. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

// Set per response, never replayed from a stored one.
const PER_RESPONSE_HEADERS = new Set(["x-request-id", "content-length", "set-cookie", "etag", "x-cache", "content-encoding"]);

export interface PageCacheOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** The client's address for a request Express has not seen (TRUST_PROXY's rules), as the request log writes it. */
  clientIp: (req: IncomingMessage) => string;
  /** A URL as the request log writes it (server/http/logged-url.ts). */
  loggedUrl: (url: string) => string;
  freshness: CatalogFreshness;
  log: Logger;
  /** Paths under these prefixes are personal or change per visit: never cached. */
  uncachedPrefixes: readonly string[];
  maxEntries?: number;
  maxBytes?: number;
  /** Counts what it sends: from memory (HIT) or rendered and stored (MISS). */
  metrics?: Pick<Metrics, "pageCache">;
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
  keepJson(req: ExpressRequest, res: ExpressResponse, value: unknown, made: Pick<CachedResponse, "generation" | "madeAt" | "likeCounts">): Promise<void>;
}

type Rendered = { stored: CachedResponse } | { response: Response; body: Buffer };

/**
 * Public pages kept in memory while the catalogue is unchanged (docs/decisions/004). A miss
 * renders through React Router once — concurrent misses for a page share that render — and a 200
 * that sets no cookie and is not marked private is kept, with every header it was sent with
 * (security headers, and a CSP that allows its inline scripts by their hashes).
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const cache = new ResponseCache(options.maxEntries ?? 2000, options.maxBytes ?? 64 * 1024 * 1024);
  const handle = createRequestHandler(options.build, options.mode);
  const inflight = new Map<string, Promise<Rendered>>();
  const botByAgent = new Map<string, boolean>();
  const metrics = options.metrics;
  /** Sends a stored response, counted as what its X-Cache header says. */
  const send = (req: IncomingMessage, res: ServerResponse, entry: CachedResponse, state: "HIT" | "MISS", requestId?: string) => {
    metrics?.pageCache(state);
    sendStored(req, res, entry, state, requestId);
  };

  // User agents repeat endlessly and isbot's pattern is long: remember the answers (bounded).
  function keyOf(url: string, userAgent: string | undefined): string {
    const agent = userAgent ?? "";
    let bot = botByAgent.get(agent);
    if (bot === undefined) {
      bot = isbot(agent);
      if (botByAgent.size >= 1000) botByAgent.clear();
      botByAgent.set(agent, bot);
    }
    return `${bot ? "bot" : "human"} ${url}`;
  }

  // Routes match decoded paths case-insensitively, so the exclusions must too (`/%41DMIN` is `/admin`).
  const uncached = options.uncachedPrefixes.map((p) => p.toLowerCase());
  const cacheable = (method: string | undefined, url: string) => {
    if (method !== "GET" && method !== "HEAD") return false;
    let path: string;
    try {
      path = decodeURIComponent(url.split("?")[0]!).toLowerCase();
    } catch {
      return false;
    }
    return !uncached.some((p) => path.startsWith(p));
  };

  // A like on this instance makes the stored pages showing that tool's count stale at once;
  // other pages (and other instances' likes) wait for the counts cutoff.
  const countsChanged = (entry: CachedResponse) => options.freshness.countsChangedSince(entry.likeCounts, entry.madeAt);

  async function render(req: ExpressRequest, res: ExpressResponse, generation: number): Promise<Rendered> {
    const madeAt = Date.now();
    const response = await handle(toFetchRequest(req), options.getLoadContext(req, res));
    let body = await bodyOf(response);
    if (!isStorable(response)) return { response, body };
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
    return { stored: await storable(response.status, headers, body, { generation, madeAt, likeCounts: html ? likedToolsIn(body) : [] }) };
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (!cacheable(req.method, req.originalUrl)) return next();
    try {
      const generation = await options.freshness.generation();
      const key = keyOf(req.originalUrl, req.get("user-agent"));
      const hit = cache.get(key, generation, options.freshness.countsCutoff(), countsChanged);
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
      const stored = await storable(200, headers, Buffer.from(JSON.stringify(value), "utf8"), made);
      if (cacheable(req.method, req.originalUrl)) cache.set(keyOf(req.originalUrl, req.get("user-agent")), stored);
      send(req, res, stored, "MISS");
    },
    serveFromMemory(req, res) {
      const url = req.url ?? "/";
      if (!cacheable(req.method, url)) return false;
      const generation = options.freshness.peek();
      if (generation === null) return false;
      const entry = cache.get(keyOf(url, req.headers["user-agent"]), generation, options.freshness.countsCutoff(), countsChanged);
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
  made: Pick<CachedResponse, "generation" | "madeAt" | "likeCounts">,
): Promise<CachedResponse> {
  if (!headers.has("cache-control")) headers.set("cache-control", PUBLIC_CACHE_CONTROL);
  headers.set("vary", "Accept-Encoding");
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  headers.set("etag", etag);
  return { status, headers: [...headers].flat(), body: ownBytes(body), gzip: ownBytes(await gzip(body, { level: 6 })), etag, ...made };
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

// The hot path of the whole site: one writeHead with the stored headers, then the bytes. Given the
// request id, nothing else has set a header: Node then writes the array as it is, without
// building (and checking again) a header map.
function sendStored(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, state: "HIT" | "MISS", requestId?: string) {
  const conditional = req.headers["if-none-match"];
  if (conditional && conditional.split(",").some((tag) => tag.trim() === entry.etag || tag.trim() === "*")) {
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

const LIKE_ACTION = Buffer.from('action="/like/', "latin1");
const QUOTE = 0x22;
const MAX_ID_LENGTH = 64;

/** Whether a byte may be in a tool id ([A-Za-z0-9_-]). */
function isIdByte(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x2d || byte === 0x5f;
}

/**
 * The tools whose like count a page shows: each count sits in the tool's like button, whose form
 * posts to `/like/{id}`. Found in the bytes, so the page is not decoded, and each id is a string of
 * its own (a slice of the page's text would keep all of it alive as long as the page is stored).
 */
function likedToolsIn(body: Buffer): string[] {
  const ids = new Set<string>();
  for (let at = body.indexOf(LIKE_ACTION); at !== -1; at = body.indexOf(LIKE_ACTION, at + 1)) {
    const start = at + LIKE_ACTION.length;
    let end = start;
    while (end < body.length && end - start <= MAX_ID_LENGTH && isIdByte(body[end]!)) end++;
    if (end > start && end - start <= MAX_ID_LENGTH && body[end] === QUOTE) ids.add(body.toString("latin1", start, end));
  }
  return [...ids];
}

