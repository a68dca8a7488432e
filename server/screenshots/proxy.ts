import dns, { type LookupAddress } from "node:dns";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { isPublicAddress } from "../platform/net/address.ts";
import { checkedLookup, OutboundError } from "../platform/net/fetch.ts";

// The browser that takes screenshots of users' sites sends every request through this proxy,
// which is the only thing that opens connections for it: each one is checked against the address
// actually dialled (docs/design.md#rule-10, as the server-side fetch does), so a page cannot reach this
// machine or a private network through its own links, redirects, subresources or WebSockets, nor
// through a name that resolves (or re-resolves) to such an address.

export interface EgressProxyOptions {
  /** `host:port` pairs reachable whatever they resolve to (tests' fakes on 127.0.0.1): OUTBOUND_ALLOW. */
  allow?: readonly string[];
  /** The DNS lookup; the system's unless a test gives its own. */
  lookup?: typeof dns.lookup;
}

/** What a connection to a host would meet: let through, refused (a private address), or no such host. */
export type Verdict = "ok" | "refused" | "not-found";

export interface EgressProxy {
  /** The address to give the browser as its proxy server. */
  url: string;
  /** Whether a URL's host is one the proxy lets through (looked up now; the proxy checks again when it dials). */
  verdict(url: URL): Promise<Verdict>;
  close(): Promise<void>;
}

// What the browser sends a proxy but a site must not see, and the hop-by-hop headers of RFC 9110.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

interface Target {
  /** As dialled: brackets taken off an IPv6 address. */
  host: string;
  port: number;
  allowed: boolean;
}

/** Starts the checking proxy on 127.0.0.1, on a port of the system's choosing. */
export async function startEgressProxy(options: EgressProxyOptions = {}): Promise<EgressProxy> {
  const allow = new Set((options.allow ?? []).map((entry) => entry.trim().toLowerCase()));
  const lookup = options.lookup ?? dns.lookup;

  // `hostname` as URL gives it (lower-case, IPv4 normalised, IPv6 in brackets), as in the allow-list.
  const target = (hostname: string, port: number): Target => ({
    host: hostname.replace(/^\[(.*)\]$/, "$1"),
    port,
    allowed: allow.has(`${hostname}:${port}`),
  });

  const refuse = (addresses: string) => new OutboundError("forbidden-address", `${addresses} is not a public address`);

  /** A connection to the target, made only to an address that passes the check. */
  const dial = (to: Target): Promise<net.Socket> =>
    new Promise((resolve, reject) => {
      // An address is dialled as it is; a name is checked by the lookup, when connecting.
      if (net.isIP(to.host) && !to.allowed && !isPublicAddress(to.host)) return reject(refuse(to.host));
      const socket = net.connect({ host: to.host, port: to.port, lookup: checkedLookup(lookup, to.allowed, refuse) });
      socket.once("connect", () => {
        socket.off("error", reject);
        resolve(socket);
      });
      socket.once("error", reject);
    });

  const server = http.createServer((req, res) => {
    void forward(req, res).catch(() => res.destroy());
  });
  const tunnels = new Set<Duplex>();

  /** A plain http request, which the browser sends in absolute form (`GET http://host/path`). */
  async function forward(req: IncomingMessage, res: ServerResponse) {
    const url = parseAbsolute(req.url);
    if (!url) return res.writeHead(400).end();
    let upstream: net.Socket;
    try {
      upstream = await dial(target(url.hostname, Number(url.port || 80)));
    } catch (error) {
      return res.writeHead(error instanceof OutboundError ? 403 : 502).end();
    }
    if (res.destroyed) return upstream.destroy(); // the browser gave up meanwhile
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const out = http.request(
      { createConnection: () => upstream, method: req.method, path: `${url.pathname}${url.search}`, headers },
      (answer) => {
        const back = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    out.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    res.on("close", () => out.destroy());
    req.pipe(out);
  }

  /** https and WebSockets: `CONNECT host:port`, then bytes both ways. */
  async function tunnel(req: IncomingMessage, client: Duplex, head: Buffer) {
    client.on("error", () => client.destroy());
    const url = parseAuthority(req.url);
    if (!url) return client.end("HTTP/1.1 400 Bad Request\r\n\r\n");
    let upstream: net.Socket;
    try {
      upstream = await dial(target(url.hostname, Number(url.port || 80)));
    } catch (error) {
      return client.end(`HTTP/1.1 ${error instanceof OutboundError ? "403 Forbidden" : "502 Bad Gateway"}\r\n\r\n`);
    }
    if (client.destroyed) return upstream.destroy(); // the browser gave up meanwhile
    tunnels.add(client).add(upstream);
    const done = () => {
      client.destroy();
      upstream.destroy();
      tunnels.delete(client);
      tunnels.delete(upstream);
    };
    upstream.on("error", done).on("close", done);
    client.on("close", done);
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) upstream.write(head);
    client.pipe(upstream).pipe(client);
  }
  server.on("connect", (req: IncomingMessage, client: Duplex, head: Buffer) => {
    void tunnel(req, client, head).catch(() => client.destroy());
  });

  // The browser opens WebSockets with CONNECT; an upgrade asked of the proxy itself is not one of its requests.
  server.on("upgrade", (_req: IncomingMessage, socket: Duplex) => socket.end("HTTP/1.1 403 Forbidden\r\n\r\n"));

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async verdict(url) {
      const to = target(url.hostname, Number(url.port || (url.protocol === "https:" ? 443 : 80)));
      if (to.allowed) return "ok";
      if (net.isIP(to.host)) return isPublicAddress(to.host) ? "ok" : "refused";
      const addresses = await new Promise<LookupAddress[] | null>((resolve) =>
        lookup(to.host, { all: true }, (error, found: LookupAddress[]) => resolve(error ? null : found)),
      );
      if (!addresses || addresses.length === 0) return "not-found";
      return addresses.some((a) => isPublicAddress(a.address)) ? "ok" : "refused";
    },
    async close() {
      if (!server.listening) return;
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The URL of a proxied plain-http request; null for anything else (origin form, https, ws…). */
function parseAbsolute(text: string | undefined): URL | null {
  if (!text || !/^http:\/\//i.test(text)) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The `host:port` of a CONNECT, as a URL so that the host is normalised as the allow-list's is. */
function parseAuthority(text: string | undefined): URL | null {
  if (!text || !/^[^\s/?#@\\]+:\d+$/.test(text)) return null;
  try {
    return new URL(`http://${text}`);
  } catch {
    return null;
  }
}
