import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA, decodeEntities, headings } from "../../tests/support/html.ts";
import { listenLocal, type LocalServer } from "../../tests/support/listen.ts";
import {
  defaultLaunches,
  makeLaunch,
  pointAtFake,
  startFakeWebsite,
  startProductHuntFake,
  type FakeWebsite,
  type ProductHuntFake,
} from "../../tests/support/product-hunt-fake.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";
import type { Config } from "../platform/config.ts";
import { createLogger } from "../platform/logger.ts";
import { newId } from "../platform/db/ids.ts";
import { ImportError, importLaunch, RateLimitedError, type ImportResult } from "./service.ts";

// The Product Hunt import (ADR 015) against the real app, a real database and a fake Product Hunt
// at the HTTP level (tests/support/product-hunt-fake.ts): pages in each shape the real site serves,
// its /r/p/ redirector, its image host and its GraphQL API.

const FAVICONS = "https://icons.example.test/{domain}.ico";
/** How many imports of one launch are started at once. */
const AT_ONCE = 8;

async function toolRow(server: TestServer, id: string) {
  return server.services.database.db
    .selectFrom("tools")
    .select([
      "name",
      "tagline",
      "description",
      "status",
      "source",
      "source_url",
      "website_url",
      "logo_url",
      "screenshot_url",
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function categoriesOf(server: TestServer, id: string): Promise<string[]> {
  const rows = await server.services.database.db
    .selectFrom("tool_categories")
    .select("category")
    .where("tool_id", "=", id)
    .orderBy("position")
    .execute();
  return rows.map((row) => row.category);
}

/** The tools saved from a launch page (any status). */
async function toolsFrom(server: TestServer, sourceUrl: string) {
  return server.services.database.db
    .selectFrom("tools")
    .select(["id", "name"])
    .where("source_url", "=", sourceUrl)
    .execute();
}

/** The import's result, which must be a save. */
function saved(result: ImportResult) {
  if (result.kind !== "saved") throw new Error(`expected a save, got ${JSON.stringify(result)}`);
  return result;
}

/** The ImportError an import of `url` throws. */
async function importError(server: TestServer, url: string): Promise<ImportError> {
  const outcome = await importLaunch(server.services, url).then(
    (result) => new Error(`expected an ImportError, got ${JSON.stringify(result)}`),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ImportError);
  return outcome as ImportError;
}

/** The paths the fake received since `from` (an index into ph.requests), with their methods. */
const requestsSince = (ph: ProductHuntFake, from: number) =>
  ph.requests.slice(from).map((r) => `${r.method} ${r.path}`);
/** Those of them that carried an Authorization header. */
const authorizedSince = (ph: ProductHuntFake, from: number) =>
  ph.requests.slice(from).flatMap((r) => (r.headers.authorization === undefined ? [] : [`${r.method} ${r.path}`]));

async function expectServedImage(server: TestServer, url: string, size?: [number, number]) {
  const res = await fetch(`${server.url}${url}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/webp");
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect(meta.format).toBe("webp");
  if (size) expect([meta.width, meta.height]).toEqual(size);
}

describe("importing a Product Hunt launch", () => {
  let ph: ProductHuntFake;
  let site: FakeWebsite;
  /** A proxy that fails every request with 500 (or, under /loop, redirects to itself forever). */
  let brokenProxy: LocalServer;
  /** A proxy that fetches its `url` parameter and answers what it got. */
  let relay: LocalServer;
  const relayed: string[] = [];
  /** A proxy that answers its `url` parameter's page with 6 MB of comments added to its <main>. */
  let padder: LocalServer;
  /** A server on 127.0.0.1 that is NOT allow-listed: a private service a launch must not reach. */
  let privateService: LocalServer;
  let gate: LocalServer;
  let server: TestServer;
  let cookie: string;
  let savedProductHunt: Config["productHunt"];

  beforeAll(async () => {
    site = await startFakeWebsite("Default launches' website");
    ph = await startProductHuntFake({ launches: defaultLaunches(site.url) });
    brokenProxy = await listenLocal((req, res) => {
      if (req.url?.startsWith("/loop")) return res.writeHead(302, { location: req.url }).end();
      res.writeHead(500, { "content-type": "text/plain" }).end("proxy error");
    });
    relay = await listenLocal((req, res) => {
      const target = new URL(req.url ?? "/", "http://relay").searchParams.get("url") ?? "";
      relayed.push(target);
      fetch(target).then(
        async (answer) => {
          const body = Buffer.from(await answer.arrayBuffer());
          res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/html" }).end(body);
        },
        () => res.writeHead(502).end(),
      );
    });
    padder = await listenLocal((req, res) => {
      const target = new URL(req.url ?? "/", "http://padder").searchParams.get("url") ?? "";
      const comment = `<div class="styles_comment__a1"><img alt="A maker" srcset="https://ph-avatars.imgix.net/1.png?w=32 1x"/><p>Congrats on the launch!</p></div>\n`;
      fetch(target).then(
        async (answer) => {
          const page = (await answer.text()).replace(
            "</main>",
            `${comment.repeat(Math.ceil((6 * 1024 * 1024) / comment.length))}</main>`,
          );
          res.writeHead(answer.status, { "content-type": "text/html; charset=utf-8" }).end(page);
        },
        () => res.writeHead(502).end(),
      );
    });
    // Holds its first AT_ONCE requests until all have come (or a second has passed): imports of one
    // launch leave it together.
    const held: (() => void)[] = [];
    gate = await listenLocal((_req, res) => {
      const answer = () => {
        if (!res.headersSent)
          res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Twice</title><h1>Twice</h1>");
      };
      if (gate.hits > AT_ONCE) return answer();
      held.push(answer);
      setTimeout(answer, 1000).unref();
      if (held.length === AT_ONCE) for (const release of held.splice(0)) release();
    });
    privateService = await listenLocal((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<title>internal</title>"),
    );
    ph.launches.push(
      makeLaunch(site, 2000001, "broken-logo", { name: "Broken Logo", logo: "broken" }),
      makeLaunch(site, 2000002, "sparkles", { name: "✨✨" }),
      makeLaunch(site, 2000003, "same-site", { name: "Same Site" }),
      makeLaunch(site, 2000004, "private-redirect", {
        name: "Private Redirect",
        website: `${privateService.url}/`,
        visitLink: "redirect",
      }),
      makeLaunch(site, 2000005, "ten-net", { name: "Ten Net", website: "http://10.0.0.1/" }),
      makeLaunch(site, 2000006, "twice-at-once", { name: "Twice At Once", website: `${gate.url}/twice-at-once` }),
      makeLaunch(site, 2000007, "long-page", { name: "Long Page", categories: ["Developer Tools", "Design tools"] }),
    );
    server = await startTestServer({
      configure: (config) => {
        pointAtFake(config, ph, [
          site.hostPort,
          ...[brokenProxy, relay, gate, padder].map((local) => `127.0.0.1:${local.port}`),
        ]);
        config.faviconServiceUrl = FAVICONS;
      },
    });
    const { db } = server.services.database;
    const adminId = newId();
    const now = server.services.now();
    await db
      .insertInto("admin_users")
      .values({ id: adminId, username: "importer", password_hash: "not used here", created_at: now, updated_at: now })
      .execute();
    cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, adminId, now)}`;
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([
      ph?.close(),
      site?.close(),
      brokenProxy?.close(),
      relay?.close(),
      padder?.close(),
      privateService?.close(),
      gate?.close(),
    ]);
  });
  beforeEach(() => {
    savedProductHunt = { ...server.services.config.productHunt };
  });
  afterEach(() => {
    server.services.config.productHunt = savedProductHunt;
  });

  it("imports a full launch page: approved and public, with its texts, website ?ref=toolshelf, 3 mapped categories, logo and screenshot", async () => {
    const from = ph.requests.length;
    const started = performance.now();
    const result = saved(await importLaunch(server.services, ph.launchUrl("quillmate")));
    console.log(
      `[timing] one import of quillmate (page, website, logo, screenshot; first screenshot of this server): ${Math.round(performance.now() - started)} ms`,
    );

    expect(result).toEqual({
      kind: "saved",
      tool: { id: expect.any(String), slug: "quillmate", name: "Quillmate" },
      screenshotUrl: expect.stringMatching(/^\/uploads\/screenshots\/quillmate_\d+\.webp$/),
      logo: "stored",
    });
    const row = await toolRow(server, result.tool.id);
    expect(row).toEqual({
      name: "Quillmate",
      tagline: "AI writing partner for busy teams",
      description: "Quillmate drafts, edits and polishes your team's documents.",
      status: "approved",
      source: "product_hunt_import",
      source_url: `${ph.baseUrl}/products/quillmate`,
      website_url: `${site.url}/quillmate?ref=toolshelf`,
      logo_url: expect.stringMatching(/^\/uploads\/logos\/quillmate_\d+_quillmate-[a-z0-9]+\.webp$/),
      screenshot_url: result.screenshotUrl,
    });
    expect(row.website_url).not.toContain("producthunt");
    // "AI writing tools", "Productivity", "Writing", "Marketing": the first three map, the fourth is one too many.
    expect(await categoriesOf(server, result.tool.id)).toEqual(["ai", "productivity", "content"]);

    // What was fetched: the page, the website (to follow its link) and the logo.
    const fetched = requestsSince(ph, from);
    expect(fetched[0]).toBe("GET /products/quillmate");
    expect(fetched.filter((r) => r.startsWith("GET /ph-files/"))).toHaveLength(1);
    expect(fetched.some((r) => r.includes("/v2/api"))).toBe(false);

    await expectServedImage(server, row.logo_url!);
    await expectServedImage(server, row.screenshot_url!, [1280, 800]);

    const page = await fetch(`${server.url}/tool/quillmate`, { headers: { "User-Agent": BROWSER_UA } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(headings(html, 1)).toEqual(["Quillmate"]);
    expect(decodeEntities(html)).toContain(`${site.url}/quillmate?ref=toolshelf`);

    const api = (await (await fetch(`${server.url}/api/v1/tools`)).json()) as {
      data: Record<string, unknown>[];
      total: number;
    };
    expect(api.data.find((tool) => tool.slug === "quillmate")).toMatchObject({
      name: "Quillmate",
      tagline: "AI writing partner for busy teams",
      websiteUrl: `${site.url}/quillmate?ref=toolshelf`,
      logoUrl: `${server.services.config.siteUrl}${row.logo_url}`,
      categories: ["ai", "productivity", "content"],
    });
  });

  it("imports a page with Open Graph data only", async () => {
    const result = saved(await importLaunch(server.services, ph.launchUrl("ogonly-app")));
    expect(result.tool).toMatchObject({ slug: "ogonly-app", name: "OgOnly App" });
    expect(result.logo).toBe("stored");
    expect(await toolRow(server, result.tool.id)).toMatchObject({
      name: "OgOnly App",
      tagline: "Ship changelogs your users actually read",
      description: "OgOnly App turns merged pull requests into a public changelog.",
      status: "approved",
      source_url: `${ph.baseUrl}/products/ogonly-app`,
      website_url: `${site.url}/ogonly-app?ref=toolshelf`,
    });
    // Open Graph names no category: an imported tool still gets one.
    expect(await categoriesOf(server, result.tool.id)).toEqual(["utilities"]);
  });

  it("imports a page whose data is only in Apollo's script, following its /r/p/ link to the real website", async () => {
    const from = ph.requests.length;
    const result = saved(await importLaunch(server.services, ph.launchUrl("apollo-app")));
    expect(result.logo).toBe("stored");
    expect(await toolRow(server, result.tool.id)).toMatchObject({
      name: "Apollo App",
      tagline: "Mood boards that organise themselves",
      description: "Apollo App collects images and groups them by colour and style.",
      source_url: `${ph.baseUrl}/products/apollo-app`,
      website_url: `${site.url}/apollo-app?ref=toolshelf`,
    });
    expect(await categoriesOf(server, result.tool.id)).toEqual(["design"]);
    expect(requestsSince(ph, from)).toContain("GET /r/p/1000111?app_id=339");
  });

  it("uses the site's favicon (the favicon service) for Product Hunt's placeholder logo, without fetching the placeholder", async () => {
    const from = ph.requests.length;
    const result = saved(await importLaunch(server.services, ph.launchUrl("nologo-app")));
    expect(result.logo).toBe("favicon");
    const row = await toolRow(server, result.tool.id);
    expect(row.logo_url).toBe("https://icons.example.test/127.0.0.1.ico");
    expect(row.website_url).toBe(`${site.url}/nologo-app?ref=toolshelf`);
    expect(requestsSince(ph, from).filter((r) => r.includes("/ph-static/") || r.includes("/ph-files/"))).toEqual([]);
  });

  it("uses the favicon when the logo's address answers 404", async () => {
    const from = ph.requests.length;
    const result = saved(await importLaunch(server.services, ph.launchUrl("broken-logo")));
    expect(result.logo).toBe("favicon");
    expect((await toolRow(server, result.tool.id)).logo_url).toBe("https://icons.example.test/127.0.0.1.ico");
    // It was tried.
    expect(requestsSince(ph, from).filter((r) => r.startsWith("GET /ph-files/")).length).toBeGreaterThan(0);
  });

  describe("when Product Hunt refuses the direct fetch", () => {
    it("reads the page through the next proxy when one fails", async () => {
      server.services.config.productHunt.fetchProxies = [
        `${brokenProxy.url}/fetch?url={url}`,
        `${relay.url}/fetch?url={url}`,
      ];
      const brokenHits = brokenProxy.hits;
      const relayHits = relay.hits;
      const from = ph.requests.length;
      ph.failNext("/products/tidy-tasks", 1, 403);

      const result = saved(await importLaunch(server.services, ph.launchUrl("tidy-tasks")));
      expect(brokenProxy.hits - brokenHits).toBe(1);
      expect(relay.hits - relayHits).toBe(1);
      expect(relayed.at(-1)).toBe(`${ph.baseUrl}/products/tidy-tasks`);
      // Asked directly (403), then by the relay.
      expect(requestsSince(ph, from).filter((r) => r === "GET /products/tidy-tasks")).toHaveLength(2);
      expect(await toolRow(server, result.tool.id)).toMatchObject({
        name: "Tidy Tasks",
        description: 'Tidy Tasks moves what you won\'t finish today to a calm "later" list.',
        source_url: `${ph.baseUrl}/products/tidy-tasks`,
        website_url: `${site.url}/tidy-tasks?ref=toolshelf`,
      });
      expect(await categoriesOf(server, result.tool.id)).toEqual(["project-management", "productivity"]);
    });

    // The padding proxy stands in for a launch page longer than the import reads: its start is read.
    it("reads a launch page of 6 MB from its first megabyte", async () => {
      server.services.config.productHunt.fetchProxies = [`${padder.url}/fetch?url={url}`];
      ph.failNext("/products/long-page", 1, 403);
      const result = saved(await importLaunch(server.services, ph.launchUrl("long-page")));
      expect(await toolRow(server, result.tool.id)).toMatchObject({
        name: "Long Page",
        tagline: "The tagline of long-page",
        description: "What long-page does.",
        source_url: `${ph.baseUrl}/products/long-page`,
        website_url: `${site.url}/long-page?ref=toolshelf`,
      });
      expect(result.logo).toBe("stored");
      // Apollo's data came after the comments and was not read: the category is the JSON-LD's one.
      expect(await categoriesOf(server, result.tool.id)).toEqual(["development"]);
    });

    it("says all proxies failed, naming the last one's error, when every attempt fails", async () => {
      server.services.config.productHunt.fetchProxies = [
        `${brokenProxy.url}/one?url={url}`,
        `${brokenProxy.url}/two?url={url}`,
      ];
      const brokenHits = brokenProxy.hits;
      const error = await importError(server, ph.launchUrl("blocked-app"));
      expect(error.message.startsWith("All proxy services failed. Last error: ")).toBe(true);
      expect(error.message).toBe("All proxy services failed. Last error: Proxy 2 answered 500.");
      expect(brokenProxy.hits - brokenHits).toBe(2);
      expect(await toolsFrom(server, `${ph.baseUrl}/products/blocked-app`)).toEqual([]);
    });

    it("never puts a proxy's address, which may carry its credentials, in the error or the log", async () => {
      const proxy = `127.0.0.1:${brokenProxy.port}`;
      server.services.config.productHunt.fetchProxies = [
        `http://user:secret@${proxy}/one?key=secret&url={url}`,
        `http://user:secret@${proxy}/loop?apikey=secret&url={url}`,
      ];
      const lines: string[] = [];
      const log = createLogger("info", { write: (line: string) => void lines.push(line) });
      const error = await importLaunch({ ...server.services, log }, ph.launchUrl("blocked-app")).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ImportError);
      expect((error as ImportError).message).toBe(
        `All proxy services failed. Last error: Proxy 2: More than 5 redirects from ${proxy}.`,
      );
      const logged = lines.join("");
      expect(logged).toContain(
        `"via":"Proxy 2 (${proxy})","url":"${ph.launchUrl("blocked-app")}","error":"Proxy 2: More than 5 redirects from ${proxy}."`,
      );
      expect(logged).not.toContain("secret");
    });

    it("stops at a 429, asking no proxy, and says how long Product Hunt asks to wait", async () => {
      server.services.config.productHunt.fetchProxies = [`${brokenProxy.url}/fetch?url={url}`];
      const brokenHits = brokenProxy.hits;
      ph.failNext("/products/blocked-app", 1, 429, 30);
      const error = await importError(server, ph.launchUrl("blocked-app"));
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error.message).toBe("Product Hunt asks us to wait 30 seconds before the next request.");
      expect((error as RateLimitedError).retryAfterMs).toBe(30_000);
      expect(brokenProxy.hits).toBe(brokenHits);
    });

    it("gives Product Hunt's refusal when there is no proxy", async () => {
      const error = await importError(server, ph.launchUrl("blocked-app"));
      expect(error.message).toBe("Product Hunt answered 403 (access refused).");
      expect(await toolsFrom(server, `${ph.baseUrl}/products/blocked-app`)).toEqual([]);
    });
  });

  it("refuses a page it cannot read and a name it cannot make a slug of", async () => {
    expect((await importError(server, ph.launchUrl("garbage-app"))).message).toBe("Tool name not found");
    expect((await importError(server, ph.launchUrl("sparkles"))).message).toBe(
      "Could not generate slug from tool name",
    );
    expect((await importError(server, ph.launchUrl("no-such-launch"))).message).toBe("Product Hunt answered 404.");
    expect(await toolsFrom(server, `${ph.baseUrl}/products/garbage-app`)).toEqual([]);
    expect(await toolsFrom(server, `${ph.baseUrl}/products/sparkles`)).toEqual([]);
  });

  describe("duplicates", () => {
    it("answers a launch imported before as a duplicate, without reading it again, also by its /posts/ address", async () => {
      // Imported by the first test.
      expect(await toolsFrom(server, `${ph.baseUrl}/products/quillmate`)).toHaveLength(1);
      const from = ph.requests.length;
      for (const url of [
        ph.launchUrl("quillmate"),
        `${ph.baseUrl}/posts/quillmate`,
        `${ph.baseUrl}/products/Quillmate?utm_source=x`,
      ]) {
        expect(await importLaunch(server.services, url)).toEqual({
          kind: "duplicate",
          existing: { slug: "quillmate", name: "Quillmate" },
        });
      }
      expect(requestsSince(ph, from)).toEqual([]);
      expect(await toolsFrom(server, `${ph.baseUrl}/products/quillmate`)).toHaveLength(1);
    });

    it("answers a launch whose website is already listed (added another way) as a duplicate, storing nothing", async () => {
      const manual = makeTool({ name: "Same Site Listed By Hand", websiteUrl: `${site.url}/same-site/` });
      await addTools(server.services, [manual]);
      const logos = path.join(server.services.storage.localRoot!, "logos");
      const logosBefore = fs.readdirSync(logos).sort();
      const from = ph.requests.length;

      expect(await importLaunch(server.services, ph.launchUrl("same-site"))).toEqual({
        kind: "duplicate",
        existing: { slug: "same-site-listed-by-hand", name: "Same Site Listed By Hand" },
      });
      expect(await toolsFrom(server, `${ph.baseUrl}/products/same-site`)).toEqual([]);
      expect(
        await server.services.database.db.selectFrom("tools").select("id").where("name", "=", "Same Site").execute(),
      ).toEqual([]);
      expect(fs.readdirSync(logos).sort()).toEqual(logosBefore);
      expect(requestsSince(ph, from).filter((r) => r.startsWith("GET /ph-files/"))).toEqual([]);
    });

    it("saves a launch imported several times at the same time once (a double click, or the import run meanwhile)", async () => {
      const results = await Promise.all(
        Array.from({ length: AT_ONCE }, () => importLaunch(server.services, ph.launchUrl("twice-at-once"))),
      );
      const count = (kind: ImportResult["kind"]) => results.filter((result) => result.kind === kind).length;
      expect({ saved: count("saved"), duplicate: count("duplicate") }).toEqual({ saved: 1, duplicate: AT_ONCE - 1 });
      expect(await toolsFrom(server, `${ph.baseUrl}/products/twice-at-once`)).toHaveLength(1);
    });
  });

  describe("addresses that must not be fetched", () => {
    it("refuses a website link that redirects to a private address, without reaching it", async () => {
      const error = await importError(server, ph.launchUrl("private-redirect"));
      expect(error.message).toBe(
        `The launch's website link was refused: 127.0.0.1:${privateService.port} is at 127.0.0.1, a private or local address, which is not fetched.`,
      );
      expect(privateService.hits).toBe(0);
      expect(privateService.connections).toBe(0);
      expect(await toolsFrom(server, `${ph.baseUrl}/products/private-redirect`)).toEqual([]);
    });

    it("refuses a website on a private network before connecting", async () => {
      const error = await importError(server, ph.launchUrl("ten-net"));
      expect(error.message).toBe(
        "The launch's website link was refused: 10.0.0.1 is at 10.0.0.1, a private or local address, which is not fetched.",
      );
      expect(await toolsFrom(server, `${ph.baseUrl}/products/ten-net`)).toEqual([]);
    });

    it("reads only Product Hunt's launch pages, whatever address it is handed", async () => {
      const from = ph.requests.length;
      for (const url of [
        `http://127.0.0.1:${privateService.port}/products/x`,
        "https://evil.example/products/quillmate",
        `${ph.baseUrl}/`,
      ]) {
        expect((await importError(server, url)).message, url).toBe("Please enter a valid Product Hunt URL!");
      }
      expect(privateService.hits).toBe(0);
      expect(ph.requests.length).toBe(from);
    });
  });

  describe("POST /admin/import (the import box)", () => {
    async function post(url: string | null, headers: Record<string, string> = { cookie }) {
      const body = new URLSearchParams(url === null ? {} : { url });
      const res = await fetch(`${server.url}/admin/import`, {
        method: "POST",
        body,
        headers: {
          "User-Agent": BROWSER_UA,
          Accept: "text/html",
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          ...headers,
        },
        redirect: "manual",
      });
      return { res, html: decodeEntities((await res.text()).replace(/<!-- -->/g, "")) };
    }

    it("gives the URL's validation messages", async () => {
      const page = await fetch(`${server.url}/admin/import`, { headers: { "User-Agent": BROWSER_UA, cookie } });
      expect(page.status).toBe(200);
      const empty = decodeEntities(await page.text());
      expect(empty).not.toContain("Please enter a Product Hunt URL!");
      expect(empty).not.toContain("Please enter a valid Product Hunt URL!");

      for (const [url, message] of [
        [null, "Please enter a Product Hunt URL!"],
        ["", "Please enter a Product Hunt URL!"],
        ["   ", "Please enter a Product Hunt URL!"],
        ["https://example.com/products/x", "Please enter a valid Product Hunt URL!"],
        [`${ph.baseUrl}/topics/ai`, "Please enter a valid Product Hunt URL!"],
        ["javascript:alert(1)", "Please enter a valid Product Hunt URL!"],
      ] as const) {
        const { res, html } = await post(url);
        expect(res.status, String(url)).toBe(400);
        expect(html, String(url)).toContain(`>${message}</p>`);
      }
    });

    it("imports, says so, and answers a second import as already there", async () => {
      const { res, html } = await post(`${ph.baseUrl}/posts/pixel-forge`);
      expect(res.status).toBe(200);
      expect(html).toContain("Pixel Forge successfully imported and saved!");
      const tools = await toolsFrom(server, `${ph.baseUrl}/products/pixel-forge`);
      expect(tools).toHaveLength(1);
      expect(await toolRow(server, tools[0]!.id)).toMatchObject({
        tagline: "Pixel art & sprite sheets, in your browser",
        description: "Pixel Forge draws on a <canvas> & exports sprite sheets for game engines.",
      });
      // "Design tools" maps, and "Game development" by its keyword.
      expect(await categoriesOf(server, tools[0]!.id)).toEqual(["design", "development"]);
      // The admin who imported it is in the audit log, with the launch it came from.
      const entry = await server.services.database.db
        .selectFrom("audit_log")
        .select(["action", "admin_username", "tool_name", "detail"])
        .where("tool_id", "=", tools[0]!.id)
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ action: "import", tool_name: "Pixel Forge" });
      expect(entry.admin_username).not.toBe("scheduled import");
      expect(JSON.parse(entry.detail)).toEqual({
        slug: "pixel-forge",
        sourceUrl: `${ph.baseUrl}/products/pixel-forge`,
      });

      const again = await post(ph.launchUrl("pixel-forge"));
      expect(again.res.status).toBe(200);
      expect(again.html).toContain("Pixel Forge is already in the directory.");
    });

    it("shows an import's failure as 'Import failed: …'", async () => {
      const { res, html } = await post(ph.launchUrl("garbage-app"));
      expect(res.status).toBe(422);
      expect(html).toContain("Import failed: Tool name not found");
    });

    it("imports nothing for someone who is not signed in", async () => {
      const from = ph.requests.length;
      const { res } = await post(ph.launchUrl("ogonly-app"), {});
      expect(res.status).toBe(401);
      expect(requestsSince(ph, from)).toEqual([]);
    });
  });
});

describe("importing with a Product Hunt API token", () => {
  let ph: ProductHuntFake;
  let site: FakeWebsite;
  let server: TestServer;
  /** Another origin (allow-listed, as a real host would be reachable): records the Authorization header of what reaches it. */
  let elsewhere: LocalServer;
  const elsewhereAuthorization: (string | undefined)[] = [];
  /** Stands in for the API's address: answers /{status}/… with that redirect to `elsewhere`. */
  let movedApi: LocalServer;

  beforeAll(async () => {
    site = await startFakeWebsite("Token launches' website");
    ph = await startProductHuntFake({ launches: defaultLaunches(site.url) });
    // Topics (the API's) and categories (the page's) that map differently, to tell which was read.
    for (const [id, slug] of [
      [3000001, "api-topics"],
      [3000002, "api-down"],
      [3000003, "api-limited"],
      [3000004, "api-moved-301"],
      [3000005, "api-moved-302"],
      [3000006, "api-moved-307"],
      [3000007, "api-moved-308"],
    ] as const) {
      ph.launches.push(
        makeLaunch(site, id, slug, {
          name: `Launch ${slug}`,
          categories: ["Design tools"],
          topics: ["Analytics", "Fintech"],
        }),
      );
    }
    elsewhere = await listenLocal((req, res) => {
      elsewhereAuthorization.push(req.headers.authorization);
      res.writeHead(500).end();
    });
    movedApi = await listenLocal((req, res) => {
      const status = Number(req.url?.split("/")[1]);
      res.writeHead(status, { location: `${elsewhere.url}/v2/api/graphql` }).end();
    });
    server = await startTestServer({
      configure: (config) => {
        pointAtFake(config, ph, [site.hostPort, ...[elsewhere, movedApi].map((local) => `127.0.0.1:${local.port}`)]);
        config.faviconServiceUrl = FAVICONS;
        config.productHunt.token = ph.token;
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([ph?.close(), site?.close(), elsewhere?.close(), movedApi?.close()]);
  });

  it("reads the launch from the GraphQL API, not the page", async () => {
    const from = ph.requests.length;
    const result = saved(await importLaunch(server.services, ph.launchUrl("quillmate")));
    const fetched = requestsSince(ph, from);
    expect(fetched[0]).toBe("POST /v2/api/graphql");
    expect(ph.requests[from]!.headers.authorization).toBe(`Bearer ${ph.token}`);
    expect(fetched.filter((r) => r.startsWith("GET /products/"))).toEqual([]);
    // The token goes with the API's request only, not with the logo's (the image host).
    expect(fetched.some((r) => r.startsWith("GET /ph-files/"))).toBe(true);
    expect(authorizedSince(ph, from)).toEqual(["POST /v2/api/graphql"]);
    expect(result.logo).toBe("stored");
    expect(await toolRow(server, result.tool.id)).toMatchObject({
      name: "Quillmate",
      tagline: "AI writing partner for busy teams",
      description: "Quillmate drafts, edits and polishes your team's documents.",
      status: "approved",
      source: "product_hunt_import",
      source_url: `${ph.baseUrl}/products/quillmate`,
      website_url: `${site.url}/quillmate?ref=toolshelf`,
    });
    // Topics "Artificial Intelligence", "Productivity", "Writing".
    expect(await categoriesOf(server, result.tool.id)).toEqual(["ai", "productivity", "content"]);
  });

  it("maps the API's topics (not the page's categories)", async () => {
    const result = saved(await importLaunch(server.services, ph.launchUrl("api-topics")));
    expect(await categoriesOf(server, result.tool.id)).toEqual(["analytics", "finance"]);
  });

  it("falls back to the page when the API answers 500", async () => {
    const from = ph.requests.length;
    ph.failNext("/v2/api", 1, 500);
    const result = saved(await importLaunch(server.services, ph.launchUrl("api-down")));
    const fetched = requestsSince(ph, from);
    expect(fetched.slice(0, 2)).toEqual(["POST /v2/api/graphql", "GET /products/api-down"]);
    // Nor with the page read instead.
    expect(authorizedSince(ph, from)).toEqual(["POST /v2/api/graphql"]);
    expect(await categoriesOf(server, result.tool.id)).toEqual(["design"]);
    expect((await toolRow(server, result.tool.id)).website_url).toBe(`${site.url}/api-down?ref=toolshelf`);
  });

  it("falls back to the page when the API answers 429", async () => {
    const from = ph.requests.length;
    ph.failNext("/v2/api", 1, 429, 30);
    const result = saved(await importLaunch(server.services, ph.launchUrl("api-limited")));
    expect(requestsSince(ph, from).slice(0, 2)).toEqual(["POST /v2/api/graphql", "GET /products/api-limited"]);
    expect(await categoriesOf(server, result.tool.id)).toEqual(["design"]);
  });

  it.each([301, 302, 307, 308])(
    "sends the token to no other origin when the API answers %i, reading the page instead",
    async (status) => {
      const slug = `api-moved-${status}`;
      const { productHunt } = server.services.config;
      productHunt.apiUrl = `${movedApi.url}/${status}/v2/api/graphql`;
      try {
        const from = ph.requests.length;
        const asked = movedApi.hits;
        const result = saved(await importLaunch(server.services, ph.launchUrl(slug)));
        expect(movedApi.hits - asked).toBe(1);
        expect(elsewhere.hits).toBe(0);
        expect(elsewhereAuthorization).toEqual([]);
        expect(requestsSince(ph, from)[0]).toBe(`GET /products/${slug}`);
        expect(authorizedSince(ph, from)).toEqual([]);
        expect(await categoriesOf(server, result.tool.id)).toEqual(["design"]);
      } finally {
        productHunt.apiUrl = ph.apiUrl;
      }
    },
  );
});
