import type { LookupAddress } from "node:dns";
import type http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocal as listen, type LocalServer as Local } from "../../tests/support/listen.ts";
import { startEgressProxy, type EgressProxy, type EgressProxyOptions } from "./proxy.ts";

// The checking proxy spoken to directly, as Chromium speaks to it, with a "site" on 127.0.0.1 it
// may reach (allow-listed, as OUTBOUND_ALLOW lets tests do) and a "private" one it must never
// reach, which counts every TCP connection made to it.

/** A DNS that answers the given names with the given addresses, and knows no other name. */
const dnsOf = (names: Record<string, string>): EgressProxyOptions["lookup"] =>
  ((host: string, _options: unknown, callback: (error: Error | null, addresses: LookupAddress[]) => void) => {
    const address = names[host];
    if (!address) return callback(Object.assign(new Error(`no such host ${host}`), { code: "ENOTFOUND" }), []);
    callback(null, [{ address, family: net.isIP(address) }]);
  }) as unknown as EgressProxyOptions["lookup"];

/** Sends raw bytes to the proxy and reads its answer's head; the socket stays open (a tunnel, maybe). */
async function ask(proxy: EgressProxy, text: string): Promise<{ status: number; head: string; socket: net.Socket }> {
  const { port } = new URL(proxy.url);
  const socket = net.connect(Number(port), "127.0.0.1");
  socket.write(text);
  let received = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n")) {
        socket.off("data", onData);
        resolve();
      }
    };
    socket.on("data", onData);
    socket.on("error", reject);
    socket.on("end", resolve);
  });
  return { status: Number(received.split(" ")[1]), head: received, socket };
}

describe("egress proxy", () => {
  let site: Local;
  let secret: Local;
  let proxy: EgressProxy;
  let seenHeaders: http.IncomingHttpHeaders = {};

  beforeAll(async () => {
    secret = await listen((_req, res) => res.end("internal data"));
    site = await listen((req, res) => {
      seenHeaders = req.headers;
      res.writeHead(200, { "x-site": "yes" }).end(`site saw ${req.method} ${req.url}`);
    });
    proxy = await startEgressProxy({
      allow: [`127.0.0.1:${site.port}`, `site.test:${site.port}`],
      lookup: dnsOf({
        "site.test": "127.0.0.1",
        "rebound.test": "127.0.0.1",
        "public.test": "93.184.216.34",
        "mixed.test": "10.0.0.1",
      }),
    });
  });
  afterAll(async () => {
    await proxy.close();
    await proxy.close(); // twice is harmless
    for (const local of [site, secret]) await local.close();
  });

  it("listens on 127.0.0.1 only", () => {
    expect(new URL(proxy.url).hostname).toBe("127.0.0.1");
  });

  it("forwards a plain http request in absolute form to an allowed host, without the proxy's own headers", async () => {
    const { status, head, socket } = await ask(
      proxy,
      `GET http://127.0.0.1:${site.port}/page?q=1 HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nProxy-Connection: keep-alive\r\nConnection: close\r\n\r\n`,
    );
    const body = await new Promise<string>((resolve) => {
      let rest = head.slice(head.indexOf("\r\n\r\n") + 4);
      socket.on("data", (chunk: Buffer) => (rest += chunk.toString()));
      socket.on("close", () => resolve(rest));
    });
    expect(status).toBe(200);
    expect(head.toLowerCase()).toContain("x-site: yes");
    expect(body).toContain("site saw GET /page?q=1");
    expect(seenHeaders["proxy-connection"]).toBeUndefined();
  });

  it("reaches an allow-listed name whatever it resolves to", async () => {
    const { status, socket } = await ask(
      proxy,
      `CONNECT site.test:${site.port} HTTP/1.1\r\nHost: site.test:${site.port}\r\n\r\n`,
    );
    socket.destroy();
    expect(status).toBe(200);
  });

  it("tunnels CONNECT to an allowed host:port", async () => {
    const { status, socket } = await ask(
      proxy,
      `CONNECT 127.0.0.1:${site.port} HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\n\r\n`,
    );
    expect(status).toBe(200);
    socket.write(`GET /through HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
    });
    expect(answer).toContain("site saw GET /through");
  });

  it.each([
    ["an address in the request", (port: number) => `127.0.0.1:${port}`],
    ["another spelling of it", (port: number) => `0x7f.1:${port}`],
    ["an IPv4-mapped IPv6 address", (port: number) => `[::ffff:127.0.0.1]:${port}`],
    ["a name that resolves to it", (port: number) => `rebound.test:${port}`],
    ["a private address that is not loopback", () => `mixed.test:80`],
  ])("refuses with 403, never dialling, a private target given as %s", async (_label, authority) => {
    const target = authority(secret.port);
    const before = secret.connections;
    const tunnel = await ask(proxy, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
    tunnel.socket.destroy();
    const plain = await ask(proxy, `GET http://${target}/ HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
    plain.socket.destroy();
    expect([tunnel.status, plain.status]).toEqual([403, 403]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(secret.connections).toBe(before);
  });

  it("refuses what is not a proxy request: origin form, https or ws in absolute form, an upgrade", async () => {
    const answers = await Promise.all([
      ask(proxy, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
      ask(proxy, `GET https://127.0.0.1:${site.port}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
      ask(proxy, `GET ws://127.0.0.1:${site.port}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
      ask(proxy, `CONNECT user@127.0.0.1:${site.port} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
      ask(
        proxy,
        `GET http://127.0.0.1:${site.port}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`,
      ),
    ]);
    for (const answer of answers) answer.socket.destroy();
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 403]);
  });

  it("answers 502 for a name that does not resolve", async () => {
    const { status, socket } = await ask(proxy, `CONNECT nowhere.test:443 HTTP/1.1\r\nHost: nowhere.test:443\r\n\r\n`);
    socket.destroy();
    expect(status).toBe(502);
  });

  it("gives a verdict on a URL without connecting", async () => {
    const verdict = (url: string) => proxy.verdict(new URL(url));
    const before = secret.connections;
    expect(await verdict(`http://127.0.0.1:${site.port}/`)).toBe("ok");
    expect(await verdict("https://public.test/")).toBe("ok");
    expect(await verdict("https://93.184.216.34/")).toBe("ok");
    expect(await verdict(`http://127.0.0.1:${secret.port}/`)).toBe("refused");
    expect(await verdict(`http://rebound.test:${secret.port}/`)).toBe("refused");
    expect(await verdict("http://[::1]/")).toBe("refused");
    expect(await verdict("http://nowhere.test/")).toBe("not-found");
    expect(secret.connections).toBe(before);
  });
});
