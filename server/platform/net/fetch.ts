import dns, { type LookupAddress } from "node:dns";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";
import { CodedError } from "../errors.ts";
import { isPublicAddress } from "./address.ts";

/** Why an outbound fetch was refused or failed. */
export type OutboundErrorCode =
  "bad-url" | "forbidden-scheme" | "forbidden-address" | "too-many-redirects" | "too-large" | "timeout" | "network";

export class OutboundError extends CodedError<OutboundErrorCode> {}

export interface SafeFetchOptions {
  method?: "GET" | "HEAD" | "POST";
  headers?: Record<string, string>;
  /** Sent with a POST (not again after a redirect that turns it into a GET). */
  body?: string;
  /** For the whole fetch, redirects included. */
  timeoutMs?: number;
  /** The largest body accepted; a larger one is refused (too-large), not read to the end. */
  maxBytes?: number;
  /** Keep the first maxBytes of a larger body instead of refusing it (when only the start matters). */
  truncate?: boolean;
  /** 0: a redirect is not followed but fails the fetch (too-many-redirects). */
  maxRedirects?: number;
  /** `host:port` pairs reachable whatever they resolve to (tests' fakes on 127.0.0.1): OUTBOUND_ALLOW. */
  allow?: readonly string[];
  /** The DNS lookup; the system's unless a test gives its own. */
  lookup?: typeof dns.lookup;
  /** Ends the fetch early (the server is stopping): it then fails with this signal's reason, not an OutboundError. */
  signal?: AbortSignal;
}

export interface SafeResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches a URL that came from a user or a third-party page (docs/design.md#rule-10): http(s) only; the
 * address is checked when the connection is made, against the address actually dialled, so a
 * name that resolves (or re-resolves) to this machine or a private network gets nowhere;
 * redirects are followed one by one and each is checked again; time and size are bounded.
 */
export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const { timeoutMs, maxBytes, maxRedirects } = { ...DEFAULTS, ...options };
  const allow = new Set((options.allow ?? []).map((entry) => entry.trim().toLowerCase()));
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let method = options.method ?? "GET";
  let url = parse(input);
  const startHost = url.host;
  for (let hop = 0; ; hop++) {
    const response = await request(
      url,
      method,
      method === "POST" ? options.body : undefined,
      options,
      allow,
      maxBytes,
      signal,
    ).catch((error: unknown) => {
      if (options.signal?.aborted) throw options.signal.reason;
      if (error instanceof OutboundError) throw error;
      if (timeout.aborted) throw new OutboundError("timeout", `No answer from ${url.host} within ${timeoutMs} ms.`);
      throw new OutboundError("network", `Could not reach ${url.host}.`);
    });
    if (!REDIRECTS.has(response.status) || !response.location) return { url: url.href, ...response };
    if (hop >= maxRedirects) {
      // Named by host, as the other failures are: the full address may carry credentials (a proxy's
      // https://user:pass@…/fetch?apikey=…), and this message reaches the logs and the admin's screen.
      throw new OutboundError(
        "too-many-redirects",
        maxRedirects === 0
          ? `${url.host} answered with a redirect, which is not followed.`
          : `More than ${maxRedirects} redirects from ${startHost}.`,
      );
    }
    url = parse(response.location, url);
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST"))
      method = "GET";
  }
}

function parse(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new OutboundError("bad-url", "That is not a valid URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundError("forbidden-scheme", `Only http and https addresses can be fetched, not ${url.protocol}`);
  }
  return url;
}

/**
 * A dns.lookup for a connection's `lookup` option that answers only with public addresses (any
 * address when `allowed`), so the check is made against the address actually dialled; `refuse`
 * makes the error given when none is left (it receives the addresses found, comma-separated).
 */
export function checkedLookup(
  lookup: typeof dns.lookup,
  allowed: boolean,
  refuse: (addresses: string) => Error,
): typeof dns.lookup {
  return ((hostname: string, lookupOptions: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    lookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const usable = allowed ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (usable.length === 0) return callback(refuse(addresses.map((a) => a.address).join(", ") || "no address"));
      if (lookupOptions.all) callback(null, usable);
      else callback(null, usable[0]!.address, usable[0]!.family);
    });
  }) as unknown as typeof dns.lookup;
}

function request(
  url: URL,
  method: string,
  body: string | undefined,
  options: SafeFetchOptions,
  allow: Set<string>,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; location: string | undefined }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const allowed = allow.has(`${url.hostname}:${port}`.toLowerCase());
  const refuse = (address: string) =>
    new OutboundError(
      "forbidden-address",
      `${url.host} is at ${address}, a private or local address, which is not fetched.`,
    );
  // An address in the URL is dialled as it is; a name is checked in the lookup below.
  if (net.isIP(host) && !allowed && !isPublicAddress(host)) return Promise.reject(refuse(host));
  const guardedLookup = checkedLookup(options.lookup ?? dns.lookup, allowed, refuse);

  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      {
        host,
        port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: { "user-agent": "toolshelf", ...options.headers },
        // A fresh connection per request: a pooled one could have been made to another address.
        agent: false,
        lookup: guardedLookup,
        signal,
        ...(url.protocol === "https:" && !net.isIP(host) ? { servername: host } : {}),
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const location = typeof res.headers.location === "string" ? res.headers.location : undefined;
        if (REDIRECTS.has(status) && location) {
          res.resume();
          return resolve({ status, headers: res.headers, body: Buffer.alloc(0), location });
        }
        const declared = Number(res.headers["content-length"]);
        const tooLarge = () =>
          new OutboundError("too-large", `The answer from ${url.host} is larger than ${maxBytes} bytes.`);
        if (Number.isFinite(declared) && declared > maxBytes && !options.truncate) {
          res.destroy();
          return reject(tooLarge());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            if (!options.truncate) return reject(tooLarge());
            chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
            return resolve({ status, headers: res.headers, body: Buffer.concat(chunks), location });
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks), location }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
