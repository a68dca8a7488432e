import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { isbot } from "isbot";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { Logger } from "../logger.ts";
import { ResponseCache, type CachedResponse } from "./response-cache.ts";

const gzip = promisify(gzipCallback);

/** What shared caches (a CDN) may do with a public page: keep it a minute, revalidate with ETag. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

export interface PageCacheOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  freshness: CatalogFreshness;
  log: Logger;
  /** Paths under these prefixes are personal or change per visit: never cached. */
  uncachedPrefixes: readonly string[];
  maxEntries?: number;
  maxBytes?: number;
}

type Rendered = { stored: CachedResponse } | { response: Response; body: Buffer };

/**
 * Serves GET pages from memory while the catalogue is unchanged (docs/decisions/004). A miss
 * renders through React Router once — concurrent misses for a page share that render — and a
 * 200 that sets no cookie and is not marked private is kept for the next visitor. Anything else
 * is passed on untouched.
 */
export function pageCache(options: PageCacheOptions): RequestHandler {
  const cache = new ResponseCache(options.maxEntries ?? 2000, options.maxBytes ?? 128 * 1024 * 1024);
  const handle = createRequestHandler(options.build, options.mode);
  const inflight = new Map<string, Promise<Rendered>>();

  async function render(req: ExpressRequest, res: ExpressResponse, generation: number): Promise<Rendered> {
    const request = toFetchRequest(req);
    const response = await handle(request, options.getLoadContext(req, res));
    const body = Buffer.from(await response.arrayBuffer());
    if (!isStorable(response)) return { response, body };
    const headers: [string, string][] = [...response.headers].filter(([name]) => name !== "content-length");
    // The page's inline scripts carry this response's nonce; the stored copy keeps policy and nonce together.
    const csp = res.getHeader("Content-Security-Policy");
    if (typeof csp === "string") headers.push(["content-security-policy", csp]);
    if (!response.headers.has("cache-control")) headers.push(["cache-control", PUBLIC_CACHE_CONTROL]);
    return {
      stored: {
        status: response.status,
        headers,
        body,
        gzip: await gzip(body, { level: 6 }),
        etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
        generation,
      },
    };
  }

  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || options.uncachedPrefixes.some((p) => req.path.startsWith(p))) {
      return next();
    }
    try {
      const generation = await options.freshness.generation();
      const key = `${isbot(req.get("user-agent") ?? "") ? "bot" : "human"} ${req.originalUrl}`;
      const hit = cache.get(key, generation);
      if (hit) return sendStored(req, res, hit, "HIT");

      let rendering = inflight.get(key);
      const mine = !rendering;
      if (!rendering) {
        rendering = render(req, res, generation).finally(() => inflight.delete(key));
        inflight.set(key, rendering);
      }
      const rendered = await rendering;
      if ("stored" in rendered) {
        cache.set(key, rendered.stored);
        return sendStored(req, res, rendered.stored, "MISS");
      }
      // Not storable (redirect, 404, personal): only its own requester may see it.
      if (!mine) return next();
      return sendFetchResponse(res, rendered.response, rendered.body, req.method === "HEAD");
    } catch (error) {
      next(error);
    }
  };
}

function isStorable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  return !/\b(private|no-store|no-cache)\b/i.test(cacheControl);
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

function sendStored(req: ExpressRequest, res: ExpressResponse, entry: CachedResponse, state: "HIT" | "MISS") {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Cache", state);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const zipped = req.acceptsEncodings("gzip", "identity") === "gzip";
  const body = zipped ? entry.gzip : entry.body;
  if (zipped) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
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
