import { beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { whileDatabaseBusy } from "../../tests/support/busy.ts";
import { getPage } from "../../tests/support/html.ts";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";
import { changeCatalog } from "../catalog/change.ts";
import { deleteTools, type NewTool } from "../catalog/write.ts";
import type { Config } from "../platform/config.ts";
import { VISITOR_COOKIE } from "./visitor.ts";

// Likes through the real HTTP endpoint against a real database (both engines). Rate limits are
// raised by configuration where a test sends many requests on purpose.

interface LikeJson {
  toolId: string;
  liked: boolean;
  count: number;
}

const JSON_HEADERS = { Accept: "application/json" };

/** The `name=value` part of a Set-Cookie header, for sending the cookie back. */
function cookieOf(res: Response): string | null {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${VISITOR_COOKIE}=`));
  return header ? header.split(";")[0]! : null;
}

let clients = 0;
/**
 * A new client address for each request: the visitors of these tests are different people, as on a
 * real site (one address adds only a few likes to a tool a day). It counts where the server trusts
 * its loopback proxy, as raiseLikeLimits has it.
 */
function anotherAddress(): string {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

function like(server: TestServer, toolId: string, intent: string, headers: Record<string, string> = {}) {
  return postForm(
    `${server.url}/like/${encodeURIComponent(toolId)}`,
    { intent },
    { ...JSON_HEADERS, "X-Forwarded-For": anotherAddress(), ...headers },
  );
}

async function countOf(server: TestServer, toolId: string): Promise<number> {
  const row = await server.services.database.db
    .selectFrom("tools")
    .select("upvotes_count")
    .where("id", "=", toolId)
    .executeTakeFirstOrThrow();
  return row.upvotes_count;
}

async function rowsOf(server: TestServer, toolId: string): Promise<number> {
  const rows = await server.services.database.db
    .selectFrom("likes")
    .select("visitor_id")
    .where("tool_id", "=", toolId)
    .execute();
  return rows.length;
}

/** A figure of the catalogue's state row. */
async function catalogState(server: TestServer, column: "likes_total" | "counts_version"): Promise<number> {
  const row = await server.services.database.db
    .selectFrom("catalog_state")
    .select(column)
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row[column]);
}

/** The running total of every like, as the dashboard shows it. */
const likesTotal = (server: TestServer) => catalogState(server, "likes_total");

/** How many like-count changes the catalogue has recorded. */
const countsVersion = (server: TestServer) => catalogState(server, "counts_version");

/** A new visitor: the cookie the server gives on a first request (an unlike, which changes nothing). */
async function newVisitor(server: TestServer, toolId: string): Promise<string> {
  const res = await like(server, toolId, "unlike");
  expect(res.status).toBe(200);
  const cookie = cookieOf(res);
  expect(cookie).not.toBeNull();
  return cookie!;
}

/** For tests that send many likes on purpose: short-term limits no test reaches, each request from its own address. */
const raiseLikeLimits = (config: Config) => {
  const generous = { points: 100_000, durationSec: 60 };
  config.rateLimits.likeIp = generous;
  config.rateLimits.likeVisitor = generous;
  config.trustProxy = "loopback";
};

describe("likes under concurrency", () => {
  const testServer = useTestServer({ configure: raiseLikeLimits });
  let server: TestServer;
  beforeAll(() => {
    server = testServer();
  });

  it("1,000 concurrent likes from 1,000 visitors at 1,000 addresses count exactly 1,000", async () => {
    const tool = makeTool({ name: "Crowd Favourite" });
    await addTools(server.services, [tool]);
    const versionBefore = await countsVersion(server);
    const totalBefore = await likesTotal(server);
    const answers = await Promise.all(Array.from({ length: 1000 }, () => like(server, tool.id, "like")));
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as LikeJson[];
    expect(bodies.every((b) => b.liked && b.toolId === tool.id)).toBe(true);
    // Every answer carried the count at its commit: 1 to 1,000, each once.
    expect(bodies.map((b) => b.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(new Set(answers.map(cookieOf)).size).toBe(1000);
    expect(await countOf(server, tool.id)).toBe(1000);
    expect(await rowsOf(server, tool.id)).toBe(1000);
    expect((await likesTotal(server)) - totalBefore).toBe(1000);
    // On PostgreSQL, likes that arrived while others were being written were written together: far
    // fewer changes than likes. SQLite's writes never wait on I/O, so none arrive meanwhile.
    const changes = (await countsVersion(server)) - versionBefore;
    if (server.services.database.engine === "postgres") expect(changes).toBeLessThan(500);
    else expect(changes).toBe(1000);
  });

  it("100 concurrent likes from one visitor count once", async () => {
    const tool = makeTool({ name: "Single Fan", upvotesCount: 7 });
    await addTools(server.services, [tool]);
    const cookie = await newVisitor(server, tool.id);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => like(server, tool.id, "like", { Cookie: cookie })),
    );
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as LikeJson[];
    expect(bodies.every((b) => b.liked && b.count === 8)).toBe(true);
    // The visitor was known: no new cookie.
    expect(answers.filter((r) => cookieOf(r) !== null)).toEqual([]);
    expect(await countOf(server, tool.id)).toBe(8);
    expect(await rowsOf(server, tool.id)).toBe(1);
  });

  it("interleaved likes and unlikes from many visitors end with the count equal to the likes stored", async () => {
    const tool = makeTool({ name: "Mixed Feelings" });
    await addTools(server.services, [tool]);
    const visitors = await Promise.all(Array.from({ length: 150 }, () => newVisitor(server, tool.id)));
    const totalBefore = await likesTotal(server);
    // Each visitor sends a burst of likes and unlikes at once: their order on arrival is anyone's.
    let seed = 1;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const requests = visitors.flatMap((cookie) =>
      Array.from({ length: 6 }, () => like(server, tool.id, random() < 0.5 ? "like" : "unlike", { Cookie: cookie })),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as LikeJson[];
    expect(bodies.every((b) => b.count >= 0)).toBe(true);
    const rows = await rowsOf(server, tool.id);
    expect(await countOf(server, tool.id)).toBe(rows);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(150);
    // The running total moved with the rows, and gives them back when the tool is deleted.
    expect((await likesTotal(server)) - totalBefore).toBe(rows);
    const deps = { database: server.services.database, now: () => Date.now() };
    await Promise.all([1, 2].map(() => changeCatalog(deps, (write) => deleteTools(write, [tool.id]))));
    expect(await rowsOf(server, tool.id)).toBe(0);
    expect(await likesTotal(server)).toBe(totalBefore);
  });

  it("never counts below zero, even when the stored count was already 0", async () => {
    const tool = makeTool({ name: "Hand Edited", upvotesCount: 0 });
    await addTools(server.services, [tool]);
    const cookie = await newVisitor(server, tool.id);
    // A like stored without moving the count (as an import might leave it).
    const visitorId = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    await server.services.database.db
      .insertInto("likes")
      .values({ tool_id: tool.id, visitor_id: visitorId, created_at: Date.now() })
      .execute();
    const res = await like(server, tool.id, "unlike", { Cookie: cookie });
    expect(await res.json()).toEqual({ toolId: tool.id, liked: false, count: 0 });
    expect(await countOf(server, tool.id)).toBe(0);
  });
});

describe("like requests", () => {
  const testServer = useTestServer({
    configure: (config) => {
      raiseLikeLimits(config);
      config.cache.countsLagMs = 1000;
    },
  });
  let server: TestServer;
  let tool: NewTool;
  let pending: NewTool;
  beforeAll(async () => {
    server = testServer();
    tool = makeTool({ name: "Likeable Thing" });
    pending = makeTool({ name: "Waiting Thing", status: "pending" });
    await addTools(server.services, [tool, pending]);
  });

  it("likes, says so, and unlikes: the answer is the authoritative state and count", async () => {
    const first = await like(server, tool.id, "like");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const cookie = cookieOf(first)!;
    const setCookie = first.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=\d{7,}/);
    expect(await first.json()).toEqual({ toolId: tool.id, liked: true, count: 1 });
    expect(await (await like(server, tool.id, "like", { Cookie: cookie })).json()).toEqual({
      toolId: tool.id,
      liked: true,
      count: 1,
    });
    expect(await (await like(server, tool.id, "unlike", { Cookie: cookie })).json()).toEqual({
      toolId: tool.id,
      liked: false,
      count: 0,
    });
    expect(await (await like(server, tool.id, "toggle", { Cookie: cookie })).json()).toEqual({
      toolId: tool.id,
      liked: true,
      count: 1,
    });
    expect(await (await like(server, tool.id, "toggle", { Cookie: cookie })).json()).toEqual({
      toolId: tool.id,
      liked: false,
      count: 0,
    });
  });

  it("shows the new count at once on the pages that show the tool, and keeps every other stored page", async () => {
    const page = () => getPage(server.url, `/tool/${tool.slug}`);
    const shown = (html: string) => /data-like-count="">([\d,]+)</.exec(html)?.[1];
    expect(shown((await page()).html)).toBe("0");
    expect((await page()).res.headers.get("x-cache")).toBe("HIT");
    await getPage(server.url, "/about");
    await like(server, tool.id, "like");
    const after = await page();
    expect(after.res.headers.get("x-cache")).toBe("MISS");
    expect(shown(after.html)).toBe("1");
    // A like is no reason to render pages that do not show the tool.
    expect((await getPage(server.url, "/about")).res.headers.get("x-cache")).toBe("HIT");
    await like(server, tool.id, "like");
    expect(shown((await page()).html)).toBe("2");
  });

  it("keeps a search API answer like a page: a repeat is answered from memory, and a like of a tool in it shows at once", async () => {
    const search = async () => {
      const res = await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent("Likeable Thing")}`, {
        headers: { "user-agent": "Mozilla/5.0 Chrome/130" },
      });
      const body = (await res.json()) as { data: { id: string; upvotesCount: number }[] };
      return { cache: res.headers.get("x-cache"), count: body.data.find((t) => t.id === tool.id)?.upvotesCount, res };
    };
    const first = await search();
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(first.res.headers.get("access-control-allow-origin")).toBe("*");
    const before = first.count!;
    const again = await search();
    expect(again).toMatchObject({ cache: "HIT", count: before });
    expect(again.res.headers.get("access-control-allow-origin")).toBe("*");
    expect(again.res.headers.get("etag")).toBe(first.res.headers.get("etag"));
    await like(server, tool.id, "like");
    const after = await search();
    expect(after).toMatchObject({ cache: "MISS", count: before + 1 });
  });

  it("shows a like made on another instance within the lag counts may have", async () => {
    const lag = server.services.config.cache.countsLagMs;
    const page = () => getPage(server.url, `/tool/${tool.slug}`);
    const shown = (html: string) => Number(/data-like-count="">([\d,]+)</.exec(html)?.[1]?.replace(/,/g, ""));
    const before = shown((await page()).html);
    // Another instance's like: the row and the counts version change, this instance is not told.
    await server.services.database.db
      .updateTable("tools")
      .set({ upvotes_count: before + 5 })
      .where("id", "=", tool.id)
      .execute();
    await server.services.database.db
      .updateTable("catalog_state")
      .set((eb) => ({ counts_version: eb("counts_version", "+", 1) }))
      .where("id", "=", 1)
      .execute();
    const changed = Date.now();
    await expect.poll(async () => shown((await page()).html), { timeout: lag + 3000, interval: 100 }).toBe(before + 5);
    // A poll (a second) to see the change, then the lag.
    expect(Date.now() - changed).toBeLessThan(lag + server.services.config.cache.pollMs + 1000);
  });

  it("makes a stored page again at most once per lag while likes keep coming, not once per like", async () => {
    const lag = server.services.config.cache.countsLagMs;
    await getPage(server.url, "/about");
    const states: string[] = [];
    const until = Date.now() + 2.5 * lag;
    while (Date.now() < until) {
      expect((await like(server, tool.id, "like")).status).toBe(200);
      states.push((await getPage(server.url, "/about")).res.headers.get("x-cache") ?? "");
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const made = states.filter((state) => state === "MISS").length;
    // Dozens of likes over two and a half lags: made again at most once per lag, every other answer from memory.
    expect(states.length).toBeGreaterThan(20);
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThanOrEqual(3);
    expect(states.filter((state) => state === "HIT").length).toBe(states.length - made);
  });

  it.each([
    ["a pending tool", () => pending.id],
    ["an unknown tool", () => "no-such-tool"],
  ])("answers 404 for %s, and stores nothing", async (_label, id) => {
    const res = await like(server, id(), "like");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not-found", message: "No public tool has this id." } });
    expect(await rowsOf(server, id())).toBe(0);
  });

  it("treats a forged cookie as a new visitor, never as the visitor it names", async () => {
    const fan = await newVisitor(server, tool.id);
    const before = await countOf(server, tool.id);
    await like(server, tool.id, "like", { Cookie: fan });
    const [, value] = fan.split("=");
    const id = value!.split(".")[0]!;
    for (const forged of [`${id}.${"A".repeat(43)}`, id, `${id}.`, `${id}.${value!.split(".")[1]!.slice(1)}x`]) {
      const res = await like(server, tool.id, "unlike", { Cookie: `${VISITOR_COOKIE}=${forged}` });
      expect(res.status).toBe(200);
      // A new visitor, with a new cookie; the fan's like stays.
      const fresh = cookieOf(res);
      expect(fresh).not.toBeNull();
      expect(fresh).not.toContain(id);
      expect(await res.json()).toEqual({ toolId: tool.id, liked: false, count: before + 1 });
    }
    expect(await countOf(server, tool.id)).toBe(before + 1);
  });

  it("refuses a like posted from another site's page", async () => {
    const res = await postForm(
      `${server.url}/like/${tool.id}`,
      { intent: "like" },
      { ...JSON_HEADERS, Origin: "https://elsewhere.example" },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: "permission-denied", message: "Likes are only accepted from this site's pages." },
    });
  });

  it.each([
    ["an empty intent", { intent: "" }, 400, "invalid-argument"],
    ["an unknown intent", { intent: "upvote" }, 400, "invalid-argument"],
    ["an 8,000-character intent (over the 4 KB limit)", { intent: "like".repeat(2000) }, 413, "content-too-large"],
  ])("answers %s with %i", async (_label, fields, status, code) => {
    const res = await postForm(`${server.url}/like/${tool.id}`, fields as Record<string, string>, JSON_HEADERS);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
  });

  it("answers a GET with 404 or 405, never a like", async () => {
    const before = await countOf(server, tool.id);
    const res = await fetch(`${server.url}/like/${tool.id}?intent=like`, { headers: JSON_HEADERS });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await countOf(server, tool.id)).toBe(before);
  });

  describe("without JavaScript (a plain form)", () => {
    const form = (id: string, headers: Record<string, string> = {}) =>
      postForm(`${server.url}/like/${id}`, {}, { "X-Forwarded-For": anotherAddress(), ...headers });

    it("toggles (the form sends no intent) and sends the browser back to the page it came from", async () => {
      const before = await countOf(server, tool.id);
      const res = await form(tool.id, { Referer: `${server.url}/browse/all?page=1` });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/browse/all?page=1#tool-${tool.id}`);
      const cookie = cookieOf(res)!;
      expect(await countOf(server, tool.id)).toBe(before + 1);
      const again = await form(tool.id, { Cookie: cookie, Referer: `${server.url}/` });
      expect(again.headers.get("location")).toBe(`/#tool-${tool.id}`);
      expect(await countOf(server, tool.id)).toBe(before);
    });

    it.each([
      undefined,
      "https://evil.example/browse/all",
      "//evil.example/x",
      "not a url",
      `http://127.0.0.1:1/browse/all`,
    ])("goes back to the tool page, not to the Referer %j", async (referer) => {
      const res = await form(tool.id, referer === undefined ? {} : { Referer: referer });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/tool/${tool.id}#tool-${tool.id}`);
      // Toggled back, so the next case starts where this one did.
      await form(tool.id, { Cookie: cookieOf(res)! });
    });

    it("shows a page with a way back when the tool is not public", async () => {
      const res = await form(pending.id, { Referer: `${server.url}/browse/all` });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      const html = await res.text();
      expect(html).toContain("No public tool has this id.");
      expect(html).toContain('href="/browse/all"');
    });
  });
});

describe("like rate limits", () => {
  const testServer = useTestServer({
    configure: (config) => {
      config.rateLimits.likeIp = { points: 5, durationSec: 60 };
      config.rateLimits.likeVisitor = { points: 3, durationSec: 60 };
    },
  });
  let server: TestServer;
  let tool: NewTool;
  beforeAll(async () => {
    server = testServer();
    tool = makeTool({ name: "Limited Edition" });
    await addTools(server.services, [tool]);
  });

  it("limits one visitor, and then one address whatever X-Forwarded-For says (TRUST_PROXY unset)", async () => {
    const first = await like(server, tool.id, "like");
    const cookie = cookieOf(first)!;
    const statuses = [first.status];
    for (let i = 0; i < 3; i++) statuses.push((await like(server, tool.id, "toggle", { Cookie: cookie })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    // New visitors each time, from "different" addresses: the socket's address is the one counted.
    const spoofed: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await like(server, tool.id, "like", { "X-Forwarded-For": `203.0.113.${i + 1}` });
      spoofed.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await res.json()).toEqual({
          error: {
            code: "resource-exhausted",
            message: expect.stringMatching(/^Too many likes in a short time\. Please wait \d+ seconds\.$/),
          },
        });
      }
    }
    // 4 requests spent the address's 5 points above: one more passes, the rest do not.
    expect(spoofed).toEqual([200, 429, 429, 429]);
  });
});

describe("likes from one address (docs/decisions/018)", () => {
  // The short-term limits are raised, so only the daily one per tool and the new-visitor one speak.
  const testServer = useTestServer({
    configure: (config) => {
      raiseLikeLimits(config);
      config.rateLimits.likeNewVisitor = { points: 30, durationSec: 3600 };
      config.rateLimits.likeToolAddress = { points: 5, durationSec: 86_400 };
    },
  });
  let server: TestServer;
  beforeAll(() => {
    server = testServer();
  });

  it("100 cookie-less likes of one tool from one address raise it by 5 at most, however many cookies they are given", async () => {
    const tool = makeTool({ name: "Stuffed Ballot" });
    await addTools(server.services, [tool]);
    const from = { "X-Forwarded-For": "198.51.100.77" };
    const answers = await Promise.all(Array.from({ length: 100 }, () => like(server, tool.id, "like", from)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    // At most 30 new visitors an hour from one address: the rest were given no cookie at all.
    expect(answers.filter((r) => cookieOf(r) !== null)).toHaveLength(30);
    const messages = new Set(
      await Promise.all(
        answers
          .filter((r) => r.status === 429)
          .map(async (r) => ((await r.json()) as { error: { message: string } }).error.message),
      ),
    );
    expect(messages).toEqual(
      new Set([
        "This tool has been liked too often from your network today. Please try again tomorrow.",
        "Too many new visitors from your network. Please try again later.",
      ]),
    );
    expect(await countOf(server, tool.id)).toBe(5);
    expect(await rowsOf(server, tool.id)).toBe(5);
    // Another tool from the same address: its own 5 (with cookies the address already has).
    const other = makeTool({ name: "Other Ballot" });
    await addTools(server.services, [other]);
    const cookies = answers
      .map(cookieOf)
      .filter((c): c is string => c !== null)
      .slice(0, 8);
    const again = await Promise.all(
      cookies.map((cookie) => like(server, other.id, "like", { ...from, Cookie: cookie })),
    );
    expect(again.map((r) => r.status).filter((s) => s === 200)).toHaveLength(5);
    expect(await countOf(server, other.id)).toBe(5);
  });

  it("counts an IPv6 client by its /64: rotating addresses inside it adds nothing more", async () => {
    const tool = makeTool({ name: "Rotating Ballot" });
    await addTools(server.services, [tool]);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        like(server, tool.id, "like", { "X-Forwarded-For": `2001:db8:77:1:${(i + 1).toString(16)}::${i}` }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(await countOf(server, tool.id)).toBe(5);
    // Another /64 is another subscriber.
    expect((await like(server, tool.id, "like", { "X-Forwarded-For": "2001:db8:77:2::1" })).status).toBe(200);
  });

  it("still lets a visitor take a like back once the address's budget for the tool is spent", async () => {
    const tool = makeTool({ name: "Second Thoughts" });
    await addTools(server.services, [tool]);
    const from = { "X-Forwarded-For": "198.51.100.78" };
    const liked = await Promise.all(Array.from({ length: 5 }, () => like(server, tool.id, "like", from)));
    const cookie = cookieOf(liked[0]!)!;
    expect((await like(server, tool.id, "like", from)).status).toBe(429);
    const back = await like(server, tool.id, "toggle", { ...from, Cookie: cookie });
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ toolId: tool.id, liked: false, count: 4 });
  });

  it("counts net likes: toggling back and forth spends nothing, and the point an unlike gives back is another person's", async () => {
    const tool = makeTool({ name: "Open Plan Office" });
    await addTools(server.services, [tool]);
    const from = { "X-Forwarded-For": "198.51.100.79" };
    const first = await like(server, tool.id, "like", from);
    const cookie = cookieOf(first)!;
    // Twelve changes of mind: each like spends a point, each unlike gives it back.
    for (let i = 0; i < 12; i++) {
      const res = await like(server, tool.id, "toggle", { ...from, Cookie: cookie });
      expect(res.status).toBe(200);
    }
    expect(await countOf(server, tool.id)).toBe(1);
    // Four more people behind the same address fill the budget of 5; a sixth is refused.
    const others = await Promise.all(Array.from({ length: 4 }, () => like(server, tool.id, "like", from)));
    expect(others.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await like(server, tool.id, "like", from)).status).toBe(429);
    // The first takes theirs back: a point for someone else.
    expect((await like(server, tool.id, "unlike", { ...from, Cookie: cookie })).status).toBe(200);
    expect((await like(server, tool.id, "like", from)).status).toBe(200);
    expect((await like(server, tool.id, "like", from)).status).toBe(429);
    expect(await countOf(server, tool.id)).toBe(5);
  });

  it("gives nothing back for an unlike of a like the address did not spend today", async () => {
    const tool = makeTool({ name: "Yesterday's Favourite" });
    await addTools(server.services, [tool]);
    const from = { "X-Forwarded-For": "198.51.100.80" };
    const cookie = cookieOf(await like(server, tool.id, "like", { "X-Forwarded-For": "198.51.100.81" }))!;
    // The visitor comes back from another network and takes it back: that network's budget stays full.
    expect((await like(server, tool.id, "unlike", { ...from, Cookie: cookie })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 7 }, () => like(server, tool.id, "like", from)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
  });
});

describe("a like when the database is too busy to take it", () => {
  const testServer = useTestServer({ configure: raiseLikeLimits });
  let server: TestServer;
  beforeAll(() => {
    server = testServer();
  });

  // Each busy request waits out the pool's or SQLite's 5 s before it is answered.
  it(
    "is answered 503 with Retry-After and nothing written, and goes through once the database is free",
    { timeout: 30_000 },
    async () => {
      const tool = makeTool({ name: "Busy Moment" });
      await addTools(server.services, [tool]);
      const cookie = await newVisitor(server, tool.id);

      const refused = await whileDatabaseBusy(server.services, () => like(server, tool.id, "like", { Cookie: cookie }));
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.json()).toEqual({
        error: { code: "unavailable", message: "The site is very busy right now. Please try again in 5 seconds." },
      });
      expect(await countOf(server, tool.id)).toBe(0);
      expect(await rowsOf(server, tool.id)).toBe(0);

      // A browser without JavaScript gets a page that says the same, not an error page.
      const page = await whileDatabaseBusy(server.services, () =>
        postForm(
          `${server.url}/like/${tool.id}`,
          { intent: "like" },
          { Cookie: cookie, "X-Forwarded-For": anotherAddress() },
        ),
      );
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("The site is very busy right now.");

      const later = await like(server, tool.id, "like", { Cookie: cookie });
      expect(await later.json()).toEqual({ toolId: tool.id, liked: true, count: 1 });
    },
  );
});
