import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "../../core/categories.ts";
import { addPaidOrder, addTools, makeTool } from "../../tests/support/catalog.ts";
import { getPage, linkHrefs } from "../../tests/support/html.ts";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";
import { changeCatalog } from "./change.ts";
import { updateToolRow } from "./write.ts";

// The site for assistants: /llms.txt, and each public tool page as Markdown at its address plus
// .md, kept by the page cache like the page and dropped with it.

const SITE = "https://shelf.example.org";

describe("/llms.txt and tool pages as Markdown", () => {
  const testServer = useTestServer({
    configure: (config) => {
      config.siteUrl = SITE;
      config.siteName = "Shelf *of* Tools";
    },
  });
  let server: TestServer;
  const plain = makeTool({ name: "Markdown Plain", categories: ["design", "ai"], tags: ["Wiki"] });
  const hostile = makeTool({
    name: "Hostile # Tool",
    slug: "hostile-tool",
    tagline: "> quoted [link](javascript:alert(1))",
    description: "First line.\n\n# Injected heading\n\n<script>alert(1)</script> *bold* &lt;b&gt;",
    features: ["- nested", "<img src=x onerror=alert(1)>"],
  });
  const pending = makeTool({ name: "Markdown Pending", status: "pending" });
  const rejected = makeTool({ name: "Markdown Rejected", status: "rejected" });
  const sponsored = makeTool({ name: "Markdown Sponsored", categories: ["design"] });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [plain, hostile, pending, rejected, sponsored]);
    await addPaidOrder(server.services, sponsored, 80, Date.now() - 60_000);
  });

  const get = (path: string) => getPage(server.url, path);

  it("serves /llms.txt as text: the site, every category with absolute links, and the developer pages", async () => {
    const { res, html: text } = await get("/llms.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Shelf \\*of\\* Tools");
    expect(lines[2]).toMatch(/^> A directory of software, AI and web tools/);
    expect(lines.filter((line) => line.startsWith("## "))).toEqual([
      "## Directory",
      "## Categories",
      "## Developers",
      "## Optional",
    ]);
    // Every link absolute, on SITE_URL.
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(CATEGORIES.length);
    for (const link of links) expect(link.startsWith(`${SITE}/`), link).toBe(true);
    // Every category, with its public tools counted (the pending and rejected ones are not).
    for (const c of CATEGORIES) expect(links).toContain(`${SITE}/browse/${c.slug}`);
    expect(text).toContain(`](${SITE}/browse/design): 2 tools\n`);
    expect(text).toContain(`](${SITE}/browse/ai): 1 tool\n`);
    for (const path of [
      "/",
      "/search",
      "/submit-tool",
      "/about",
      "/ranking",
      "/feed.xml",
      "/sitemap.xml",
      "/developers",
      "/developers/api",
      "/api/v1/openapi.json",
      "/api/v1/export.jsonl",
    ]) {
      expect(links, path).toContain(`${SITE}${path}`);
    }
    expect(text).toContain(`\`${SITE}/mcp\``);
    expect(text).toContain(`\`${SITE}/tool/{slug}.md\``);
  });

  it("serves a public tool page as Markdown with its fields and absolute links", async () => {
    const { res, html: text } = await get(`/tool/${plain.slug}.md`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(text).toMatch(/^# Markdown Plain\n\n> Tagline of Markdown Plain\n\n/);
    for (const line of [
      `- Website: [${plain.websiteUrl}](${new URL(plain.websiteUrl).href})`,
      `- Categories: [Design](${SITE}/browse/design), [AI &amp; Machine Learning](${SITE}/browse/ai)`,
      "- Pricing: Free",
      "- Platforms: Web",
      "- Likes: 0",
      `- Page: [${SITE}/tool/${plain.slug}](${SITE}/tool/${plain.slug})`,
      `- Alternatives: [Alternatives to Markdown Plain](${SITE}/alternatives/${plain.slug})`,
      "## Description\n\nMarkdown Plain does useful things. Second paragraph.",
      "## Pricing details\n\nFree forever.",
      "## Features\n\n- One\n- Two",
      "## Use cases\n\n- Testing",
      "## Integrations\n\n- Slack",
      "## Target audience\n\n- Developers",
      `## Tags\n\n- [Wiki](${SITE}/tag/wiki)`,
    ]) {
      expect(text).toContain(`${line}\n`);
    }
    expect(text).not.toContain("Sponsored");
    expect((await get(`/tool/${sponsored.slug}.md`)).html).toContain("\n- Sponsored: yes, a paid featured listing\n");
  });

  it("escapes a hostile name, tagline, description and list: no structure or HTML of their own", async () => {
    const { res, html: text } = await get(`/tool/${hostile.slug}.md`);
    expect(res.status).toBe(200);
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Hostile \\# Tool");
    expect(lines[2]).toBe("> \\> quoted \\[link\\](javascript:alert(1))");
    expect(text).toContain(
      // The description as its page shows it (the script is no text of it), escaped.
      "## Description\n\nFirst line. \\# Injected heading \\*bold\\* &lt;b>\n",
    );
    expect(text).toContain("## Features\n\n- \\- nested\n- &lt;img src=x onerror=alert(1)>\n");
    expect(text).not.toMatch(/<[a-z/]/i);
    expect(lines.filter((line) => /^#{1,6} /.test(line)).length).toBe(8);
  });

  it("answers 404 for a pending, rejected or unknown tool, and moves an id to the slug's address", async () => {
    for (const path of [
      `/tool/${pending.slug}.md`,
      `/tool/${rejected.slug}.md`,
      `/tool/${pending.id}.md`,
      "/tool/nope.md",
    ]) {
      const { res, html } = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("x-cache"), path).toBeNull();
      expect(res.headers.get("content-type"), path).toBe("text/plain; charset=utf-8");
      expect(html, path).toBe("Tool not found.\n");
    }
    const byId = await get(`/tool/${plain.id}.md`);
    expect(byId.res.status).toBe(301);
    expect(byId.res.headers.get("location")).toBe(`/tool/${plain.slug}.md`);
    // The page itself (pending shown to its submitter) is unchanged by the .md route.
    expect((await get(`/tool/${pending.slug}`)).res.status).toBe(200);
    expect((await get(`/tool/${plain.slug}`)).html).toContain("<h1");
  });

  it("links the Markdown from a public tool page's head, and not from a pending one's", async () => {
    const alternates = (html: string) =>
      [...html.matchAll(/<link\b[^>]*rel="alternate"[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => tag.includes("markdown"));
    const page = (await get(`/tool/${plain.slug}`)).html;
    expect(alternates(page)).toEqual([`<link rel="alternate" type="text/markdown" href="/tool/${plain.slug}.md"/>`]);
    expect(linkHrefs(page, "alternate")).toContain(`/tool/${plain.slug}.md`);
    expect(alternates((await get(`/tool/${pending.slug}`)).html)).toEqual([]);
  });

  it("keeps both in the page cache, and drops the Markdown when the tool is edited or liked", async () => {
    for (const path of ["/llms.txt", `/tool/${plain.slug}.md`]) {
      const one = await get(path);
      const two = await get(path);
      expect(two.res.status, path).toBe(200);
      expect(two.res.headers.get("x-cache"), path).toBe("HIT");
      expect(two.html, path).toBe(one.html);
      expect(two.res.headers.get("content-type"), path).toBe(one.res.headers.get("content-type"));
    }

    await changeCatalog(server.services, (write) =>
      updateToolRow(write, plain.id, { name: "Markdown Renamed", pricing_model: "Paid" }, { categories: ["finance"] }),
    );
    const edited = await get(`/tool/${plain.slug}.md`);
    expect(edited.res.headers.get("x-cache")).toBe("MISS");
    expect(edited.html).toMatch(/^# Markdown Renamed\n/);
    expect(edited.html).toContain("- Pricing: Paid\n");
    expect(edited.html).toContain(`- Categories: [Finance](${SITE}/browse/finance)\n`);
    const llms = await get("/llms.txt");
    expect(llms.res.headers.get("x-cache")).toBe("MISS");
    expect(llms.html).toContain(`](${SITE}/browse/finance): 1 tool\n`);

    expect((await get(`/tool/${plain.slug}.md`)).res.headers.get("x-cache")).toBe("HIT");
    const liked = await postForm(`${server.url}/like/${plain.id}`, { intent: "like" }, { Accept: "application/json" });
    expect(liked.status).toBe(200);
    const after = await get(`/tool/${plain.slug}.md`);
    expect(after.res.headers.get("x-cache")).toBe("MISS");
    expect(after.html).toContain("\n- Likes: 1\n");
    // A like is no reason to make /llms.txt again: it shows no count.
    expect((await get("/llms.txt")).res.headers.get("x-cache")).toBe("HIT");
  });
});
