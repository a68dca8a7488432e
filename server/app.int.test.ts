import { beforeEach, describe, expect, it } from "vitest";
import { startTestServer, useTestServer, type TestServer } from "../tests/support/server.ts";

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

describe("the HTTP shell", () => {
  const testServer = useTestServer();
  let server: TestServer;
  beforeEach(() => {
    server = testServer();
  });

  it("serves the home page with the header, footer and wordmark", async () => {
    const res = await fetch(`${server.url}/`, { headers: { "User-Agent": BROWSER_UA } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    for (const label of ["Browse", "Get Featured", "Submit"]) expect(html).toContain(`>${label}</a>`);
    for (const [href, label] of [
      ["/", "Home"],
      ["/browse/all", "Browse All"],
      ["/submit-tool", "Submit a Tool"],
      ["/about", "About Us"],
      ["/contact", "Contact"],
      ["/privacy-policy", "Privacy Policy"],
    ]) {
      expect(html).toMatch(new RegExp(`href="${href}"[^>]*>${label}</a>`));
    }
    expect(html).toContain("toolshelf");
  });

  it("sends a nonce-based CSP and puts that nonce on every inline script of a page rendered for one visitor", async () => {
    // The payment page is never stored (stored pages allow their scripts by hash:
    // server/platform/http/private-responses.int.test.ts); it carries the script that waits for the payment.
    const res = await fetch(`${server.url}/payment-success?session_id=cs_test_nonce12345678`, {
      headers: { "User-Agent": BROWSER_UA },
    });
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) {
      if (!/\bsrc=/.test(attrs)) expect(attrs).toContain(`nonce="${nonce}"`);
    }
    // A fresh nonce for every response.
    const again = await fetch(`${server.url}/payment-success?session_id=cs_test_nonce12345678`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown paths with status 404 and the 404 page", async () => {
    for (const path of ["/no-such-page", "/deeply/nested/unknown", "/tool-s/%E2%9C%93"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("Page Not Found");
      expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Go to Homepage<\/a>/);
    }
  });

  it("answers unknown API paths with a catalogue error", async () => {
    const res = await fetch(`${server.url}/api/v1/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not-found", message: "No such endpoint." } });
  });

  describe("answers a body it will not read with the catalogue's code for its status", () => {
    const JSON_TYPE = "application/json";
    const expectError = async (res: Response, status: number, code: string, message: string) => {
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ error: { code, message } });
    };

    it("413 content-too-large: an API body over its limit", async () => {
      const body = JSON.stringify({ toolId: "x", amount: 50, pad: "x".repeat(10 * 1024) });
      const res = await fetch(`${server.url}/api/checkout-session`, {
        method: "POST",
        body,
        headers: { "Content-Type": JSON_TYPE, Accept: JSON_TYPE },
      });
      await expectError(res, 413, "content-too-large", "The request is too large.");
    });

    it("413 content-too-large: a Stripe webhook of 2 MB, whatever its Accept says", async () => {
      const body = JSON.stringify({ pad: "x".repeat(2 * 1024 * 1024) });
      const res = await fetch(`${server.url}/webhooks/stripe`, {
        method: "POST",
        body,
        headers: { "Content-Type": JSON_TYPE, Accept: "*/*; q=0.5, application/xml", "Stripe-Signature": "t=1,v1=00" },
      });
      await expectError(res, 413, "content-too-large", "The request is too large.");
    });

    it("411 length-required: a form sent in chunks, without a length, by a script asking for JSON", async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("name=Ada&email=ada%40example.com&message=Hello"));
          controller.close();
        },
      });
      const init = {
        method: "POST",
        body,
        duplex: "half",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: JSON_TYPE },
      };
      const res = await fetch(`${server.url}/contact`, init as RequestInit);
      await expectError(res, 411, "length-required", "The request must state its length.");
    });

    it("415 unsupported-media-type: an API body in a character set it does not read", async () => {
      const body = JSON.stringify({ toolId: "x", amount: 50 });
      const res = await fetch(`${server.url}/api/checkout-session`, {
        method: "POST",
        body,
        headers: { "Content-Type": `${JSON_TYPE}; charset=latin1`, Accept: JSON_TYPE },
      });
      await expectError(
        res,
        415,
        "unsupported-media-type",
        "The request's content type or character set is not accepted here.",
      );
    });

    it("415 unsupported-media-type: a like sent as JSON rather than a form", async () => {
      const res = await fetch(`${server.url}/like/some-tool`, {
        method: "POST",
        body: JSON.stringify({ intent: "like" }),
        headers: { "Content-Type": JSON_TYPE, Accept: JSON_TYPE },
      });
      await expectError(res, 415, "unsupported-media-type", "A like is sent as a form.");
    });
  });

  it("serves the about and privacy pages and robots.txt", async () => {
    const about = await fetch(`${server.url}/about`);
    expect(about.status).toBe(200);
    expect(await about.text()).toContain("<title>About Us — toolshelf/</title>");
    const privacy = await fetch(`${server.url}/privacy-policy`);
    expect(privacy.status).toBe(200);
    expect(await privacy.text()).toContain("<h1");
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain("User-agent: *");
  });

  it("compresses pages for clients that accept it", async () => {
    const res = await fetch(`${server.url}/privacy-policy`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("reports the database as healthy", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("/healthz without a database", () => {
  it("answers 503 once the database is unreachable", async () => {
    const server = await startTestServer();
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await server.services.database.close();
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.status).toBe("unavailable");
      expect(body.error.code).toBe("unavailable");
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    } finally {
      await server.close().catch(() => {});
    }
  });
});
