import { describe, expect, it } from "vitest";
import { BROWSER_UA } from "../../tests/support/html.ts";
import { useTestServer } from "../../tests/support/server.ts";

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

describe("X-Forwarded-For from a peer TRUST_PROXY does not name", () => {
  const lines: string[] = [];
  const getServer = useTestServer({ env: { LOG_LEVEL: "info" }, logLines: lines });

  it("is warned about once per process, naming the peer", async () => {
    const server = getServer();
    await (await fetch(`${server.url}/healthz`)).text();
    const warnings = () => entriesOf(lines).filter((e) => e.level === 40 && /X-Forwarded-For/.test(e.msg));
    expect(warnings()).toEqual([]);
    for (const address of ["198.51.100.7", "198.51.100.8"]) {
      const res = await fetch(`${server.url}/about`, { headers: { "User-Agent": BROWSER_UA, "X-Forwarded-For": address } });
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
    const from = (address: string) => fetch(`${server.url}/about`, { headers: { "User-Agent": BROWSER_UA, "X-Forwarded-For": address } });
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
