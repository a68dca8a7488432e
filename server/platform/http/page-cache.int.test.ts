import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { addTools, addToolsFromAnotherInstance, makeTool } from "../../../tests/support/catalog.ts";
import { BROWSER_UA, getPage, sectionLabelledBy, toolSlugs } from "../../../tests/support/html.ts";
import { useTestServer, type TestServer } from "../../../tests/support/server.ts";

async function latestOnHome(server: TestServer): Promise<{ slugs: string[]; cache: string | null }> {
  const { res, html } = await getPage(server.url, "/");
  expect(res.status).toBe(200);
  return { slugs: toolSlugs(sectionLabelledBy(html, "latest-title")), cache: res.headers.get("x-cache") };
}

/** The nonce a CSP header allows scripts with. */
function cspNonce(res: Response): string | undefined {
  return /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
}

describe("page cache", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const first = makeTool({ name: "Cached First", categories: ["design"] });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [first]);
  });

  it("answers a second GET of / from memory, with the same page and its own request id", async () => {
    const one = await getPage(server.url, "/");
    const two = await getPage(server.url, "/");
    expect(one.res.status).toBe(200);
    expect(one.res.headers.get("x-cache")).toBe("MISS");
    expect(two.res.headers.get("x-cache")).toBe("HIT");
    expect(two.html).toBe(one.html);
    expect(two.res.headers.get("etag")).toBe(one.res.headers.get("etag"));
    expect(two.res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(two.res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(two.res.headers.get("x-request-id")).not.toBe(one.res.headers.get("x-request-id"));
    // A proxy's request id is sent back once, by a stored page as by a rendered one.
    const proxied = await fetch(`${server.url}/`, {
      headers: { "user-agent": BROWSER_UA, "x-request-id": "proxy-req-0001" },
    });
    expect(proxied.headers.get("x-cache")).toBe("HIT");
    expect(proxied.headers.get("x-request-id")).toBe("proxy-req-0001");
    // The stored page is every visitor's: its inline scripts are allowed by hash, not by one response's nonce.
    expect(cspNonce(two.res)).toBeUndefined();
    const csp = two.res.headers.get("content-security-policy") ?? "";
    for (const m of two.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/\bsrc=|application\/ld\+json/.test(m[1] ?? "") || m[2] === "") continue;
      expect(m[1]).not.toContain("nonce=");
      expect(csp).toContain(`'sha256-${createHash("sha256").update(m[2]!, "utf8").digest("base64")}'`);
    }
  });

  it("shows a tool added through the catalogue at once", async () => {
    await latestOnHome(server);
    expect((await latestOnHome(server)).cache).toBe("HIT");
    const added = makeTool({ name: "Cached Added", categories: ["design"] });
    await addTools(server.services, [added]);
    const after = await latestOnHome(server);
    expect(after.slugs[0]).toBe(added.slug);
    expect(after.cache).toBe("MISS");
    expect((await getPage(server.url, `/tool/${added.slug}`)).res.status).toBe(200);
    expect((await getPage(server.url, "/browse/design")).html).toContain(`/tool/${added.slug}`);
  });

  it("answers a conditional GET with the current ETag with 304, and a stale one with the page", async () => {
    const { res } = await getPage(server.url, "/browse/all");
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await getPage(server.url, "/browse/all", { headers: { "If-None-Match": etag! } });
    expect(again.res.status).toBe(304);
    expect(again.html).toBe("");

    await addTools(server.services, [makeTool({ name: "Cached Etag Change" })]);
    const changed = await getPage(server.url, "/browse/all", { headers: { "If-None-Match": etag! } });
    expect(changed.res.status).toBe(200);
    expect(changed.html).toContain("Cached Etag Change");
    expect(changed.res.headers.get("etag")).not.toBe(etag);
  });

  it("answers HEAD with 200 and no body, and a GET after it still gets the whole page", async () => {
    const head = await getPage(server.url, "/browse/design/name", { method: "HEAD" });
    expect(head.res.status).toBe(200);
    expect(head.html).toBe("");
    expect(head.res.headers.get("content-type")).toMatch(/^text\/html/);
    const get = await getPage(server.url, "/browse/design/name");
    expect(get.res.status).toBe(200);
    expect(get.html).toContain(`/tool/${first.slug}`);
    expect(get.html).toContain("</html>");
    const headAgain = await getPage(server.url, "/browse/design/name", { method: "HEAD" });
    expect(headAgain.res.status).toBe(200);
    expect(headAgain.html).toBe("");
  });

  it("never stores a 404 or a redirect", async () => {
    for (const path of ["/tool/unknown", "/browse/nope", "/browse/all?page=1", `/tool/${first.id}`]) {
      const one = await getPage(server.url, path);
      const two = await getPage(server.url, path);
      expect(two.res.status, path).toBe(one.res.status);
      expect([301, 404], path).toContain(two.res.status);
      expect(one.res.headers.get("x-cache"), path).toBeNull();
      expect(two.res.headers.get("x-cache"), path).toBeNull();
    }
    // A 404 stays a 404 after the page is first asked for, and turns into the page once the tool exists.
    const later = makeTool({ name: "Unknown" });
    expect(later.slug).toBe("unknown");
    await addTools(server.services, [later]);
    expect((await getPage(server.url, "/tool/unknown")).res.status).toBe(200);
  });

  it("keeps crawlers' and people's copies apart, both fresh", async () => {
    const bot = await fetch(`${server.url}/browse/design`, {
      headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    expect(bot.status).toBe(200);
    const person = await getPage(server.url, "/browse/design");
    expect(person.res.status).toBe(200);
    expect(await bot.text()).toContain(`/tool/${first.slug}`);
    const human = await fetch(`${server.url}/browse/design`, { headers: { "User-Agent": BROWSER_UA } });
    expect(human.headers.get("x-cache")).toBe("HIT");
  });
});

describe("page cache with writes from another instance", () => {
  const testServer = useTestServer({
    configure: (config) => {
      config.cache.pollMs = 0;
    },
  });
  let server: TestServer;

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [makeTool({ name: "Instance Seed" })]);
  });

  it("still serves hits, and shows another instance's write on the next request", async () => {
    await latestOnHome(server);
    expect((await latestOnHome(server)).cache).toBe("HIT");
    const elsewhere = makeTool({ name: "Written Elsewhere" });
    await addToolsFromAnotherInstance(server.services, [elsewhere]);
    const after = await latestOnHome(server);
    expect(after.slugs[0]).toBe(elsewhere.slug);
    expect((await getPage(server.url, "/browse/all")).html).toContain(`/tool/${elsewhere.slug}`);
  });
});

describe("page cache polling interval", () => {
  const POLL_MS = 300;
  const testServer = useTestServer({
    configure: (config) => {
      config.cache.pollMs = POLL_MS;
    },
  });
  let server: TestServer;

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [makeTool({ name: "Poll Seed" })]);
  });

  it("shows another instance's write once the poll interval has passed", async () => {
    await latestOnHome(server);
    expect((await latestOnHome(server)).cache).toBe("HIT");
    const elsewhere = makeTool({ name: "Polled Elsewhere" });
    await addToolsFromAnotherInstance(server.services, [elsewhere]);
    await sleep(POLL_MS + 100);
    expect((await latestOnHome(server)).slugs[0]).toBe(elsewhere.slug);
  });
});
