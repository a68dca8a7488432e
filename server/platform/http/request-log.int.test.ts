import { describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../../tests/support/catalog.ts";
import { BROWSER_UA } from "../../../tests/support/html.ts";
import { fileOf, testImage } from "../../../tests/support/images.ts";
import { useTestServer } from "../../../tests/support/server.ts";

// What the server's log keeps of a request: its URL without the secrets that links carry (owner,
// claim, digest, submission and checkout links), the client's address (also for pages answered
// from memory), client refusals at info rather than as errors, and one warning when a request
// says it was forwarded by a proxy the site does not trust.

interface Entry {
  level: number;
  msg: string;
  reqId?: string;
  url?: string;
  ip?: string;
  [field: string]: unknown;
}

const entriesOf = (lines: readonly string[]) => lines.map((line) => JSON.parse(line) as Entry);

/** Waits until the request line of this response is written (it is, once the response has finished). */
async function requestLine(lines: readonly string[], res: Response): Promise<Entry> {
  const id = res.headers.get("x-request-id");
  for (let waited = 0; waited < 2000; waited += 10) {
    const entry = entriesOf(lines).find((e) => e.msg === "request" && e.reqId === id);
    if (entry) return entry;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no request line for ${res.url} (${id})`);
}

describe("the request log and secret addresses", () => {
  const lines: string[] = [];
  const getServer = useTestServer({ env: { LOG_LEVEL: "info", TRUST_PROXY: "loopback" }, logLines: lines });
  const TOKEN = "Sec9ReTtOkEn4Xk3v9QmT2bL7wZr1Ne5Ys8Hd0PqAuC";

  it("leaves the secret out of every address that carries one, whatever the answer", async () => {
    const server = getServer();
    const tool = makeTool({ name: "Logged Tool" });
    await addTools(server.services, [tool]);
    const get = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        redirect: "manual",
        ...init,
        headers: { "User-Agent": BROWSER_UA, ...init.headers },
      });
    const post = (path: string, fields: Record<string, string>) =>
      get(path, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      });

    // A real submission: its confirmation, its status page, and an address of the old form.
    const body = new FormData();
    for (const [name, value] of Object.entries({
      name: "Logged Submission",
      tagline: "Watched by the log",
      websiteUrl: "https://logged-submission.example.com",
      categories: "utilities",
    }))
      body.append(name, value);
    body.append("logo", fileOf(await testImage("png", 64, 64), "logo.png"));
    const submitted = await get("/submit-tool", { method: "POST", body, headers: { Origin: server.url } });
    expect(submitted.status).toBe(303);
    const statusToken = /^\/submit-tool\/([A-Za-z0-9_-]{43})$/.exec(submitted.headers.get("location") ?? "")?.[1];
    expect(statusToken).toBeDefined();
    const secrets = [TOKEN, statusToken!];

    const visits: [Response, string][] = [
      [submitted, "/submit-tool"],
      [await get(`/submit-tool/${statusToken}`), "/submit-tool/[redacted]"],
      [await get(`/submit-tool/${statusToken}.data`), "/submit-tool/[redacted].data"],
      [await get(`/submission/${statusToken}`), "/submission/[redacted]"],
      [await get(`/submit-tool?submitted=logged-submission&status=${statusToken}`), "/submit-tool?[redacted]"],
      [await get(`/owner/${TOKEN}`), "/owner/[redacted]"],
      [await get(`/owner/${TOKEN}.data?_routes=routes%2Fowner`), "/owner/[redacted].data?[redacted]"],
      [await post(`/owner/${TOKEN}`, { intent: "edit" }), "/owner/[redacted]"],
      [await get(`/claim/${tool.slug}?claim=${TOKEN}`), `/claim/${tool.slug}?[redacted]`],
      [await get(`/claim/${tool.slug}?confirm=${TOKEN}`), `/claim/${tool.slug}?[redacted]`],
      [await get(`/digest/confirm/${TOKEN}`), "/digest/confirm/[redacted]"],
      [await post(`/digest/confirm/${TOKEN}`, {}), "/digest/confirm/[redacted]"],
      [await get(`/digest/unsubscribe/${TOKEN}`), "/digest/unsubscribe/[redacted]"],
      [
        await post(`/digest/unsubscribe/${TOKEN}`, { "List-Unsubscribe": "One-Click" }),
        "/digest/unsubscribe/[redacted]",
      ],
      [await get(`/test-checkout/${TOKEN}`), "/test-checkout/[redacted]"],
      [await get(`/payment-success?session_id=${TOKEN}`), "/payment-success?[redacted]"],
      [await get(`/api/checkout-session/${TOKEN}`), "/api/checkout-session/[redacted]"],
      [await get(`/tool/${tool.slug}?ref=home&token=${TOKEN}`), `/tool/${tool.slug}?ref=home&[redacted]`],
    ];
    for (const [res, logged] of visits) {
      expect((await requestLine(lines, res)).url, res.url).toBe(logged);
    }
    for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret);
  });

  it("logs an action React Router refuses for its origin at info, without the owner link, not as an error", async () => {
    const server = getServer();
    const before = lines.length;
    // Same host, another scheme: the site's own guard lets it by, React Router's check does not.
    const origin = server.url.replace(/^http:/, "https:");
    for (const path of [`/owner/${TOKEN}`, `/owner/${TOKEN}.data`]) {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "edit" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "User-Agent": BROWSER_UA },
        redirect: "manual",
      });
      expect(res.status).toBe(400);
      await requestLine(lines, res);
    }
    const written = entriesOf(lines.slice(before));
    expect(written.filter((e) => e.level >= 40)).toEqual([]);
    const refused = written.filter((e) => e.msg === "action refused: its origin is not this address");
    expect(refused).toHaveLength(2);
    expect(refused.map((e) => e.level)).toEqual([30, 30]);
    expect(refused.map((e) => e.url)).toEqual(["/owner/[redacted]", "/owner/[redacted].data"]);
    for (const line of lines.slice(before)) expect(line).not.toContain(TOKEN);
  });
});

describe("X-Forwarded-For from a peer TRUST_PROXY does not name", () => {
  const lines: string[] = [];
  const getServer = useTestServer({ env: { LOG_LEVEL: "info" }, logLines: lines });

  it("is warned about once per process, naming the peer", async () => {
    const server = getServer();
    await (await fetch(`${server.url}/healthz`)).text();
    const warnings = () => entriesOf(lines).filter((e) => e.level === 40 && /X-Forwarded-For/.test(e.msg));
    expect(warnings()).toEqual([]);
    for (const address of ["198.51.100.7", "198.51.100.8"]) {
      const res = await fetch(`${server.url}/about`, {
        headers: { "User-Agent": BROWSER_UA, "X-Forwarded-For": address },
      });
      await res.text();
      // Not believed: the client is the peer.
      expect((await requestLine(lines, res)).ip).toBe("127.0.0.1");
    }
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ peer: "127.0.0.1" });
    expect(warnings()[0]!.msg).toContain("TRUST_PROXY");
  });
});

describe("the request log of a page answered from memory", () => {
  const lines: string[] = [];
  const getServer = useTestServer({ env: { LOG_LEVEL: "info", TRUST_PROXY: "loopback" }, logLines: lines });

  it("writes the client's address for a page answered from memory, as for one rendered", async () => {
    const server = getServer();
    const from = (address: string) =>
      fetch(`${server.url}/about`, { headers: { "User-Agent": BROWSER_UA, "X-Forwarded-For": address } });
    const rendered = await from("203.0.113.50");
    await rendered.text();
    const stored = await from("203.0.113.51");
    await stored.text();
    expect(stored.headers.get("x-cache")).toBe("HIT");
    expect((await requestLine(lines, rendered)).ip).toBe("203.0.113.50");
    expect((await requestLine(lines, stored)).ip).toBe("203.0.113.51");
  });

  it("says nothing of X-Forwarded-For sent by the proxy it trusts", () => {
    expect(entriesOf(lines).filter((e) => /X-Forwarded-For/.test(e.msg))).toEqual([]);
  });
});
