import vm from "node:vm";
import http from "node:http";
import { XMLParser } from "fast-xml-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWebsite, startProductHuntFake, type FakeLaunch, type ProductHuntFake } from "./product-hunt-fake.ts";

// The fake stands in for Product Hunt in the import tests: these check it serves the formats it
// promises, so an import test that fails points at the app, not at the fake.

let ph: ProductHuntFake;
let site: Awaited<ReturnType<typeof startFakeWebsite>>;

beforeAll(async () => {
  ph = await startProductHuntFake();
  site = await startFakeWebsite("Quillmate");
});
afterAll(async () => {
  await ph.close();
  await site.close();
});

const get = (path: string) => fetch(`${ph.baseUrl}${path}`, { redirect: "manual" });

const gql = (body: string, auth: string | null = `Bearer ${ph.token}`) =>
  fetch(ph.apiUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(auth ? { Authorization: auth } : {}) },
    body,
  });

/** Runs a page's Apollo scripts as a browser would and returns what they pushed. */
function apolloData(html: string): unknown[] {
  const window: Record<symbol, unknown[]> = {};
  for (const [, code] of html.matchAll(
    /<script>(\(window\[Symbol\.for\("ApolloSSRDataTransport"\)\][\s\S]*?)<\/script>/g,
  )) {
    vm.runInNewContext(code!, { window, Symbol });
  }
  return window[Symbol.for("ApolloSSRDataTransport")] ?? [];
}

describe("the Product Hunt fake", () => {
  it("serves a full launch page: OG, ld+json, a visit link with ?ref and Apollo data with bare undefined", async () => {
    const res = await get("/products/quillmate");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain(
      `<meta property="og:title" content="Quillmate: AI writing partner for busy teams | Product Hunt"/>`,
    );
    expect(html).toContain(`content="Quillmate drafts, edits and polishes your team&#x27;s documents."`);
    expect(html).toContain(`<link rel="canonical" href="${ph.baseUrl}/products/quillmate"/>`);
    expect(html).not.toContain("__NEXT_DATA__");
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as {
      applicationCategory: string;
    }[];
    expect(ld[0]!.applicationCategory).toBe("AI writing tools");
    const quillmate = ph.launches.find((l) => l.slug === "quillmate")!;
    expect(html).toContain(
      `data-test="visit-website-button" class="styles_button__v1" href="${quillmate.website}?ref=producthunt"`,
    );

    const apollo = /<script>\(window\[Symbol[\s\S]*?<\/script>/g;
    expect(html.match(apollo)!.join("")).toContain('"logoUuid":undefined');
    const pushed = JSON.stringify(apolloData(html));
    expect(pushed).toContain(`"websiteUrl":"${ph.baseUrl}/r/p/1000123?app_id=339"`);
    expect(pushed).toContain('"name":"Marketing"');
  });

  it("serves og-only and apollo-only pages without the parts they lack", async () => {
    const og = await (await get("/products/ogonly-app")).text();
    expect(og).toContain('property="og:image"');
    expect(og).toContain('data-test="visit-website-button"');
    expect(og).not.toContain("application/ld+json");
    expect(og).not.toContain("ApolloSSRDataTransport");

    const apollo = await (await get("/products/apollo-app")).text();
    expect(apollo).toContain("<title>Product Hunt</title>");
    for (const absent of ["og:", "ld+json", "visit-website-button"]) expect(apollo).not.toContain(absent);
    expect(JSON.stringify(apolloData(apollo))).toContain(`"websiteUrl":"${ph.baseUrl}/r/p/1000111?app_id=339"`);
  });

  it("redirects /posts, refuses blocked launches, serves garbage and 404s unknown slugs", async () => {
    const moved = await get("/posts/quillmate?utm_source=x");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`${ph.baseUrl}/products/quillmate?utm_source=x`);

    const blocked = await get("/products/blocked-app");
    expect(blocked.status).toBe(403);
    expect(blocked.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await blocked.text()).toContain("Access denied");

    const garbage = await get("/products/garbage-app");
    expect(garbage.status).toBe(200);
    expect(garbage.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(Buffer.from(await garbage.arrayBuffer()).includes(0)).toBe(true);

    const unknown = await get("/products/no-such-launch");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("serves real PNG logos (resized on w), the placeholder, and 404 for a broken logo", async () => {
    const html = await (await get("/products/quillmate")).text();
    const src = /property="og:image" content="([^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    expect(src).toMatch(new RegExp(`^${ph.baseUrl}/ph-files/[0-9a-f]{4}-quillmate\\.png\\?auto=format$`));
    const logo = await fetch(src);
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect(await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).toMatchObject({
      format: "png",
      width: 512,
      height: 512,
    });
    const small = await fetch(`${src}&w=96`);
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 96, height: 96 });

    const placeholderPage = await (await get("/products/nologo-app")).text();
    expect(placeholderPage).toContain(`content="${ph.baseUrl}/ph-static/ph-logo-placeholder.png"`);
    const placeholder = await get("/ph-static/ph-logo-placeholder.png");
    expect((await sharp(Buffer.from(await placeholder.arrayBuffer())).metadata()).format).toBe("png");

    const broken: FakeLaunch = { ...ph.launches[0]!, id: 1, slug: "broken-logo", logo: "broken" };
    ph.launches.push(broken);
    try {
      const brokenHtml = await (await get("/products/broken-logo")).text();
      const brokenSrc = /property="og:image" content="([^"]+)"/.exec(brokenHtml)![1]!;
      expect((await fetch(brokenSrc)).status).toBe(404);
    } finally {
      ph.launches.pop();
    }
  });

  it("redirects /r/p/{id} to the website with ref=producthunt, & when it has a query", async () => {
    const direct = await get("/r/p/1000123?app_id=339");
    expect(direct.status).toBe(302);
    expect(direct.headers.get("location")).toBe(`${ph.launches[0]!.website}?ref=producthunt`);

    ph.launches.push({ ...ph.launches[0]!, id: 2, slug: "with-query", website: `${site.url}/app?lang=en` });
    try {
      expect((await get("/r/p/2")).headers.get("location")).toBe(`${site.url}/app?lang=en&ref=producthunt`);
    } finally {
      ph.launches.pop();
    }
  });

  it("lists every launch, newest first, in the Atom feed", async () => {
    const res = await get("/feed");
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toContain("&amp;amp;utm_medium=rss-feed");
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
      feed: { entry: { id: string; published: string; title: string; content: { "#text": string } }[] };
    };
    const entries = feed.feed.entry;
    expect(entries.map((e) => e.title)).toEqual([
      "Quillmate",
      "OgOnly App",
      "Apollo App",
      "NoLogo App",
      "Blocked App",
      "Garbage App",
      "Tidy Tasks",
      "Pixel Forge",
    ]);
    expect(entries[0]!.id).toBe("tag:www.producthunt.com,2005:Post/1000123");
    expect(entries[0]!.published).toMatch(/^\d{4}-\d\d-\d\dT00:01:00-08:00$/);
    expect(entries[0]!.content["#text"]).toContain(`href="${ph.baseUrl}/r/p/1000123?app_id=339"`);
  });

  it("answers the GraphQL post and posts queries only with the token", async () => {
    const one = JSON.stringify({
      query: "query($slug: String!) { post(slug: $slug) { id name website } }",
      variables: { slug: "quillmate" },
    });
    const denied = await gql(one, null);
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ error: "invalid_oauth_token" });
    expect((await gql(one, "Bearer wrong")).status).toBe(401);
    const bad = await gql("{not json");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toContain("application/json");

    const { data } = (await (await gql(one)).json()) as { data: { post: Record<string, unknown> } };
    expect(data.post).toMatchObject({
      id: "1000123",
      slug: "quillmate",
      website: `${ph.baseUrl}/r/p/1000123?utm_campaign=producthunt-api&utm_medium=api-v2&utm_source=Application%3A+toolshelf`,
      topics: { edges: [{ node: { name: "Artificial Intelligence", slug: "artificial-intelligence" } }, {}, {}] },
    });
    const missing = JSON.stringify({
      query: "query($slug: String!) { post(slug: $slug) { id } }",
      variables: { slug: "nope" },
    });
    expect(await (await gql(missing)).json()).toEqual({ data: { post: null } });

    type Page = {
      data: { posts: { pageInfo: { endCursor: string; hasNextPage: boolean }; edges: { node: { slug: string } }[] } };
    };
    const list = (after?: string) =>
      gql(
        JSON.stringify({
          query:
            "query($first: Int, $after: String) { posts(first: $first, after: $after) { edges { node { id slug } } } }",
          variables: { first: 5, after },
        }),
      );
    const first = ((await (await list()).json()) as Page).data.posts;
    expect(first.edges.map((e) => e.node.slug).slice(0, 2)).toEqual(["quillmate", "ogonly-app"]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = ((await (await list(first.pageInfo.endCursor)).json()) as Page).data.posts;
    expect(second.edges.map((e) => e.node.slug)).toEqual(["garbage-app", "tidy-tasks", "pixel-forge"]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it("fails the next requests on a path as told: the API's 429 with Retry-After, a page's 403", async () => {
    ph.failNext("/v2/api", 1, 429, 7);
    const body = JSON.stringify({ query: "{ posts(first: 1) { edges { node { id } } } }" });
    const limited = await gql(body);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(await limited.json()).toMatchObject({ errors: [{ error: "rate_limit_reached" }] });
    expect((await gql(body)).status).toBe(200);

    ph.failNext("/products/quillmate", 2, 403);
    expect((await get("/products/quillmate")).status).toBe(403);
    expect((await get("/products/tidy-tasks")).status).toBe(200);
    expect((await get("/products/quillmate")).status).toBe(403);
    expect((await get("/products/quillmate")).status).toBe(200);
  });

  it("records requests and delays answers when asked", async () => {
    const before = ph.requests.length;
    ph.setDelay(150);
    const started = Date.now();
    await (await get("/feed?x=1")).text();
    ph.setDelay(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(ph.requests.slice(before)).toMatchObject([{ method: "GET", path: "/feed?x=1" }]);
    expect(ph.hostPort).toBe(new URL(ph.baseUrl).host);
  });

  it("runs a small website with a real favicon, counting hits", async () => {
    const res = await fetch(`${site.url}/quillmate`);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toMatch(/<title>[^<]*Quillmate<\/title>/);
    expect(html).toContain('<link rel="icon" type="image/png" href="/favicon.png"/>');
    const icon = await fetch(`${site.url}/favicon.png`);
    expect((await sharp(Buffer.from(await icon.arrayBuffer())).metadata()).format).toBe("png");
    expect(site.hits()).toBe(2);
  });

  it("closes with a keep-alive connection still open", async () => {
    const own = await startProductHuntFake({ launches: [] });
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      http.get(`${own.baseUrl}/feed`, { agent }, (res) => res.resume().on("end", resolve)).on("error", reject),
    );
    const started = Date.now();
    await own.close();
    agent.destroy();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
