import { XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { addPaidOrder, addTools, makeTool } from "../../tests/support/catalog.ts";
import { decodeEntities, element, getPage } from "../../tests/support/html.ts";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";

// The embeddable badge (docs/decisions/032): /badge/{slug}.svg, and the snippets the tool page
// offers its owner.

describe("the embeddable badge", () => {
  const testServer = useTestServer({ env: { SITE_NAME: "Shelf <&> Co", SITE_URL: "https://shelf.example" } });
  let server: TestServer;
  const listed = makeTool({ name: "Badge Listed", upvotesCount: 1234 });
  const featured = makeTool({ name: "Badge Featured", upvotesCount: 7 });
  const pending = makeTool({ name: "Badge Pending", status: "pending", source: "free_submission" });

  const badge = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [listed, featured, pending]);
    await addPaidOrder(server.services, featured, 50, server.services.now() - 1000);
  });

  it("shows a listed tool with its likes: a small, well-formed SVG other sites may embed, cached with an ETag", async () => {
    const res = await badge(`/badge/${listed.slug}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const svg = await res.text();
    expect(Buffer.byteLength(svg)).toBeLessThan(2048);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('aria-label="Listed on Shelf &lt;&amp;&gt; Co, 1,234 likes"');
    expect(svg).toContain("♥ 1,234");
    expect(svg).toContain('fill="#ffffff"');

    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await badge(`/badge/${listed.slug}.svg`, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("changes (and its ETag with it) when the tool is liked", async () => {
    const before = await badge(`/badge/${listed.slug}.svg`);
    const liked = await postForm(`${server.url}/like/${listed.id}`, { intent: "like" }, { Accept: "application/json" });
    expect(liked.status).toBe(200);
    const after = await badge(`/badge/${listed.slug}.svg`, { "If-None-Match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("♥ 1,235");
  });

  it("says Featured while the tool is featured, and draws a dark variant", async () => {
    const light = await (await badge(`/badge/${featured.slug}.svg`)).text();
    expect(light).toContain(">Featured on <tspan");
    const dark = await badge(`/badge/${featured.slug}.svg?theme=dark`);
    const svg = await dark.text();
    expect(svg).toContain(">Featured on <tspan");
    expect(svg).toContain('fill="#0f172a"');
    expect(svg).not.toContain('fill="#ffffff"');
    expect(dark.headers.get("etag")).not.toBe((await badge(`/badge/${featured.slug}.svg`)).headers.get("etag"));
  });

  it("answers a tool that is not public, unknown or misspelt with a 404 SVG that says so", async () => {
    for (const path of [
      `/badge/${pending.slug}.svg`,
      "/badge/no-such-tool.svg",
      `/badge/${listed.slug}.png`,
      `/badge/${listed.slug}`,
      "/badge/",
      "/badge/a/b.svg",
    ]) {
      const res = await badge(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toBe("image/svg+xml; charset=utf-8");
      const svg = await res.text();
      expect(XMLValidator.validate(svg), path).toBe(true);
      expect(svg, path).toContain("No public tool on Shelf &lt;&amp;&gt; Co has this badge.");
      expect(svg, path).not.toContain("♥");
    }
    // An address that cannot be decoded is the client's error, not a missing tool.
    expect((await badge("/badge/%E0%A4%A.svg")).status).toBe(400);
  });

  it("draws the default theme for a theme it does not know, and refuses other methods with an SVG that says why", async () => {
    const light = await (await badge(`/badge/${listed.slug}.svg`)).text();
    for (const query of ["?theme=blue", "?theme=", "?theme=dark&theme=light", "?theme=DARK", "?theme[x]=dark"]) {
      const res = await badge(`/badge/${listed.slug}.svg${query}`);
      expect(res.status, query).toBe(200);
      expect(await res.text(), query).toBe(light);
    }
    const post = await fetch(`${server.url}/badge/${listed.slug}.svg`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("is offered on the tool page with HTML and Markdown snippets, next to the claim link", async () => {
    const { html } = await getPage(server.url, `/tool/${listed.slug}`);
    const snippet = (id: string) =>
      decodeEntities(element(html, "textarea", (a) => a.id === id, `the ${id} snippet`).inner);
    expect(snippet("badge-html")).toBe(
      `<a href="https://shelf.example/tool/${listed.slug}"><img src="https://shelf.example/badge/${listed.slug}.svg" alt="Listed on Shelf &lt;&amp;&gt; Co" height="28"></a>`,
    );
    expect(snippet("badge-markdown")).toBe(
      `[![Listed on Shelf <&> Co](https://shelf.example/badge/${listed.slug}.svg)](https://shelf.example/tool/${listed.slug})`,
    );
    expect(html).toContain(`href="/claim/${listed.slug}"`);

    // A tool under review has no badge yet, and cannot be claimed.
    const { html: pendingPage } = await getPage(server.url, `/tool/${pending.slug}`);
    expect(pendingPage).not.toContain("badge-html");
    expect(pendingPage).not.toContain(`/claim/`);
  });
});
