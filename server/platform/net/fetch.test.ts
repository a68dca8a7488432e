import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocal as listen, type LocalServer as Local } from "../../../tests/support/listen.ts";
import { OutboundError, safeFetch, type SafeFetchOptions } from "./fetch.ts";

// The safe fetch against real HTTP servers on 127.0.0.1: a "site" it is allowed to reach (as
// OUTBOUND_ALLOW lets tests do), and a "private" one it must never reach, which counts its hits.

/** The error a fetch fails with (it must fail). */
async function failure(url: string, options: SafeFetchOptions = {}): Promise<OutboundError> {
  const error = await safeFetch(url, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${url} should have been refused`).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

/** A DNS that answers every name with the given addresses (what a hostile name server could do). */
const resolvesTo = (...addresses: string[]): SafeFetchOptions["lookup"] =>
  ((_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    )) as unknown as SafeFetchOptions["lookup"];

describe("safeFetch", () => {
  let site: Local;
  let secret: Local;
  let allow: string[];
  beforeAll(async () => {
    secret = await listen((_req, res) => res.end("internal data"));
    site = await listen((req, res) => {
      const path = req.url ?? "/";
      if (path === "/page") return res.writeHead(200, { "content-type": "text/html" }).end("<h1>hello</h1>");
      if (path === "/to-page") return res.writeHead(302, { location: "/page" }).end();
      if (path === "/see-other") return res.writeHead(303, { location: `http://127.0.0.1:${site.port}/method` }).end();
      if (path === "/method") return res.end(req.method);
      if (path === "/echo") {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        return req.on("end", () =>
          res.end(`${req.method} ${req.headers["content-type"]} ${Buffer.concat(chunks).toString()}`),
        );
      }
      if (path === "/post-moved") return res.writeHead(307, { location: "/echo" }).end();
      if (path === "/post-found") return res.writeHead(302, { location: "/echo" }).end();
      if (path === "/to-secret") return res.writeHead(302, { location: `http://127.0.0.1:${secret.port}/` }).end();
      if (path === "/to-metadata")
        return res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      if (path === "/to-file") return res.writeHead(302, { location: "file:///etc/passwd" }).end();
      if (path.startsWith("/loop"))
        return res.writeHead(302, { location: `/loop${Number(path.slice(5) || 0) + 1}` }).end();
      if (path === "/big")
        return res.writeHead(200, { "content-length": String(2 * 1024 * 1024) }).end(Buffer.alloc(2 * 1024 * 1024));
      if (path === "/big-chunked") {
        res.writeHead(200);
        for (let i = 0; i < 64; i++) res.write(Buffer.alloc(32 * 1024));
        return res.end();
      }
      if (path === "/slow") return; // never answers
      res.writeHead(404).end("not here");
    });
    allow = [`127.0.0.1:${site.port}`];
  });
  afterAll(async () => {
    for (const local of [site, secret]) await local.close();
  });

  it("fetches an allowed host, following redirects (relative ones too), with status, headers and body", async () => {
    const res = await safeFetch(`http://127.0.0.1:${site.port}/to-page`, { allow });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`http://127.0.0.1:${site.port}/page`);
    expect(res.headers["content-type"]).toBe("text/html");
    expect(res.body.toString()).toBe("<h1>hello</h1>");
    expect((await safeFetch(`http://127.0.0.1:${site.port}/missing`, { allow })).status).toBe(404);
    // 303 turns the next request into a GET.
    expect((await safeFetch(`http://127.0.0.1:${site.port}/see-other`, { allow, method: "HEAD" })).status).toBe(200);
  });

  it.each([
    "http://127.0.0.1/",
    "http://127.1/",
    "http://0x7f.0.0.1/",
    "http://2130706433/",
    "http://0.0.0.0/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://10.0.0.1/",
    "http://172.16.5.4:8080/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/",
    "http://[fe80::1]/",
    "https://127.0.0.1/",
  ])("refuses %s before connecting", async (url) => {
    const error = await failure(url);
    expect(error.code).toBe("forbidden-address");
    expect(error.message).toMatch(/private or local address/);
  });

  it("refuses this machine's own listener unless it is on the allow-list", async () => {
    expect((await failure(`http://127.0.0.1:${secret.port}/`, { allow })).code).toBe("forbidden-address");
    expect(secret.hits).toBe(0);
  });

  it.each([
    "file:///etc/passwd",
    "gopher://127.0.0.1:70/",
    "ftp://example.com/",
    "javascript:alert(1)",
    "data:text/plain,hi",
  ])("refuses the scheme of %s", async (url) => {
    expect((await failure(url)).code).toBe("forbidden-scheme");
  });

  it.each(["not a url", "", "http://"])("answers %j with bad-url", async (url) => {
    expect((await failure(url)).code).toBe("bad-url");
  });

  it("refuses a public-looking name that resolves to this machine, checked at connect time", async () => {
    for (const addresses of [["127.0.0.1"], ["::1"], ["10.1.2.3", "192.168.0.7"], ["::ffff:127.0.0.1"]]) {
      const error = await failure(`http://tools.example.com:${secret.port}/`, { lookup: resolvesTo(...addresses) });
      expect(error.code, addresses.join(",")).toBe("forbidden-address");
    }
    // The real resolver: localhost is this machine.
    expect((await failure(`http://localhost:${secret.port}/`)).code).toBe("forbidden-address");
    expect(secret.hits).toBe(0);
  });

  it("never dials the private address of a name that also has a public one", async () => {
    // No network here: the public address cannot answer, but the private one must not be tried.
    const error = await failure(`http://mixed.example.com:${secret.port}/`, {
      lookup: resolvesTo("127.0.0.1", "192.0.2.1"),
      timeoutMs: 1500,
    });
    expect(["forbidden-address", "network", "timeout"]).toContain(error.code);
    const onlyPublic = await failure(`http://mixed.example.com:${secret.port}/`, {
      lookup: resolvesTo("127.0.0.1", "8.8.8.8"),
      timeoutMs: 1500,
    });
    expect(["network", "timeout"]).toContain(onlyPublic.code);
    expect(secret.hits).toBe(0);
  });

  it("re-checks every redirect: an allowed host cannot send it to a private one", async () => {
    for (const path of ["/to-secret", "/to-metadata"]) {
      expect((await failure(`http://127.0.0.1:${site.port}${path}`, { allow })).code, path).toBe("forbidden-address");
    }
    expect((await failure(`http://127.0.0.1:${site.port}/to-file`, { allow })).code).toBe("forbidden-scheme");
    expect(secret.hits).toBe(0);
  });

  it("stops after the redirect limit", async () => {
    const error = await failure(`http://127.0.0.1:${site.port}/loop`, { allow, maxRedirects: 3 });
    expect(error.code).toBe("too-many-redirects");
  });

  it("names the address it started from by its host alone: its userinfo and query can be credentials (a proxy's)", async () => {
    const error = await failure(`http://user:secret@127.0.0.1:${site.port}/loop?key=secret`, {
      allow,
      maxRedirects: 3,
    });
    expect(error.code).toBe("too-many-redirects");
    expect(error.message).toBe(`More than 3 redirects from 127.0.0.1:${site.port}.`);
    expect(error.message).not.toContain("secret");
  });

  it("follows no redirect when maxRedirects is 0, sending nothing to where it leads", async () => {
    const hits = secret.hits;
    const error = await failure(`http://127.0.0.1:${site.port}/post-moved`, {
      allow: [...allow, `127.0.0.1:${secret.port}`],
      maxRedirects: 0,
      method: "POST",
      body: "{}",
    });
    expect(error.code).toBe("too-many-redirects");
    expect(error.message).toBe(`127.0.0.1:${site.port} answered with a redirect, which is not followed.`);
    const toSecret = await failure(`http://127.0.0.1:${site.port}/to-secret`, {
      allow: [...allow, `127.0.0.1:${secret.port}`],
      maxRedirects: 0,
    });
    expect(toSecret.code).toBe("too-many-redirects");
    expect(secret.hits).toBe(hits);
    // Not a redirect: answered as usual.
    expect((await safeFetch(`http://127.0.0.1:${site.port}/page`, { allow, maxRedirects: 0 })).status).toBe(200);
  });

  it("cuts off an answer larger than the limit, declared or not", async () => {
    for (const path of ["/big", "/big-chunked"]) {
      const error = await failure(`http://127.0.0.1:${site.port}${path}`, { allow, maxBytes: 1024 * 1024 });
      expect(error.code, path).toBe("too-large");
    }
    const whole = await safeFetch(`http://127.0.0.1:${site.port}/big-chunked`, { allow, maxBytes: 4 * 1024 * 1024 });
    expect(whole.body.length).toBe(2 * 1024 * 1024);
  });

  it("keeps the start of a larger answer when asked to truncate, declared or not", async () => {
    for (const path of ["/big", "/big-chunked"]) {
      const res = await safeFetch(`http://127.0.0.1:${site.port}${path}`, { allow, maxBytes: 100_000, truncate: true });
      expect(res.status, path).toBe(200);
      expect(res.body.length, path).toBe(100_000);
    }
  });

  it("posts a body (an API's query), keeps it across a 307 and drops it when a 302 turns the post into a GET", async () => {
    const post = {
      method: "POST" as const,
      body: '{"query":"{ x }"}',
      headers: { "content-type": "application/json" },
      allow,
    };
    expect((await safeFetch(`http://127.0.0.1:${site.port}/echo`, post)).body.toString()).toBe(
      'POST application/json {"query":"{ x }"}',
    );
    expect((await safeFetch(`http://127.0.0.1:${site.port}/post-moved`, post)).body.toString()).toBe(
      'POST application/json {"query":"{ x }"}',
    );
    expect((await safeFetch(`http://127.0.0.1:${site.port}/post-found`, post)).body.toString()).toBe(
      "GET application/json ",
    );
  });

  it("gives up when the answer takes longer than the time limit", async () => {
    const started = Date.now();
    const error = await failure(`http://127.0.0.1:${site.port}/slow`, { allow, timeoutMs: 300 });
    expect(error.code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("stops at once when the caller's signal aborts, failing with its reason rather than as a site's failure", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = safeFetch(`http://127.0.0.1:${site.port}/slow`, {
      allow,
      timeoutMs: 10_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error("The server is stopping.")), 100);
    await expect(pending).rejects.toThrow("The server is stopping.");
    await expect(pending).rejects.not.toBeInstanceOf(OutboundError);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
