import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { collectionListResponseSchema, collectionResponseSchema } from "../../core/api-responses.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { getPage, locationOf, textOf, toolSlugs } from "../../tests/support/html.ts";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin } from "../admin/accounts.ts";
import { deleteTools, rejectTools } from "../admin/moderation.ts";
import { adminCookieName, createAdminSession, type Admin } from "../admin/session.ts";
import { setToolLifecycle } from "../catalog/lifecycle.ts";

// Collections end to end (docs/decisions/053): an admin builds one through the admin's forms, and
// what visitors get — the list, the collection's page in order with its notes, the tool pages'
// links, the sitemap, the feed and the API — follows every change: the admin's, and the tools'
// own (rejected, deleted, discontinued), through the page cache.

describe("collections", () => {
  const getServer = useTestServer();
  let s: TestServer;
  let admin: Admin;
  let cookie: string;
  const alpha = makeTool({ name: "Collect Alpha" });
  const beta = makeTool({ name: "Collect Beta" });
  const gamma = makeTool({ name: "Collect Gamma" });
  const delta = makeTool({ name: "Collect Delta" });
  const pending = makeTool({ name: "Collect Pending", status: "pending", source: "free_submission" });
  let collectionId = "";

  beforeAll(async () => {
    s = getServer();
    await addTools(s.services, [alpha, beta, gamma, delta, pending]);
    const now = s.services.now();
    const account = await createAdmin(s.services.database, "curator", "a long enough password", now);
    admin = { id: account.id, username: account.username };
    cookie = `${adminCookieName(false)}=${await createAdminSession(s.services.database, account.id, now)}`;
  });

  const post = (path: string, fields: Record<string, string>) =>
    postForm(`${s.url}${path}`, fields, { Cookie: cookie });
  const edit = (fields: Record<string, string>) => post(`/admin/collections/${collectionId}`, fields);
  const page = (path: string) => getPage(s.url, path);
  /** How many audit entries of each collection action there are (entries of one millisecond have no order). */
  const auditCounts = async () => {
    const rows = await s.services.database.db.selectFrom("audit_log").select("action").execute();
    const counts: Record<string, number> = {};
    for (const { action } of rows) if (action.startsWith("collection-")) counts[action] = (counts[action] ?? 0) + 1;
    return counts;
  };

  it("is built through the admin's forms, each change one audit entry, and shown in order with its notes", async () => {
    const created = await post("/admin/collections", {
      title: "Tools for writers",
      slug: "",
      intro:
        'Our <strong>favourites</strong>.<script>alert(1)</script> <a href="javascript:alert(2)">x</a> <img src=x onerror=alert(3)>' +
        "\n\n## Why *these*\n\n- **fast**, [here](https://example.com/why)",
    });
    expect(created.status).toBe(302);
    const location = locationOf(created, s.url)!;
    expect(location).toMatch(/^\/admin\/collections\/[0-9a-z]+\?created=1$/);
    collectionId = location.split("/")[3]!.split("?")[0]!;

    // A draft is on no public page yet.
    expect((await page("/collections/tools-for-writers")).res.status).toBe(404);

    for (const tool of [alpha.slug, `${s.url}/tool/${beta.slug}`, gamma.slug])
      expect((await edit({ intent: "add-tool", tool })).status, tool).toBe(200);
    expect(
      (await edit({ intent: "set-note", tool: beta.id, note: "<img src=x onerror=alert(4)> Best for drafts" })).status,
    ).toBe(200);
    expect((await edit({ intent: "move-up", tool: gamma.id })).status).toBe(200);
    expect((await edit({ intent: "publish" })).status).toBe(200);

    const { res, html } = await page("/collections/tools-for-writers");
    expect(res.status).toBe(200);
    expect(toolSlugs(html)).toEqual([alpha.slug, gamma.slug, beta.slug]);
    expect(html).toContain("<strong>favourites</strong>");
    // Markdown, through the same sanitiser: headings step down to h3, links are marked as user content.
    expect(html).toMatch(/<h3>Why <em>these<\/em><\/h3>/);
    expect(html).toContain(
      '<li><strong>fast</strong>, <a href="https://example.com/why" rel="nofollow ugc noopener noreferrer" target="_blank">here</a></li>',
    );
    expect(html).not.toMatch(/<script>alert|javascript:alert|onerror=alert\(3\)|<img/);
    expect(html).toContain("&lt;img src=x onerror=alert(4)&gt; Best for drafts");
    expect(textOf(html)).toContain("3 tools, in the order we suggest them");

    // Structured data: the tools in the same order, at their pages' addresses.
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    const list = (JSON.parse(ld!) as { mainEntity: { itemListElement: { position: number; url: string }[] } })
      .mainEntity.itemListElement;
    expect(list.map((e) => [e.position, e.url.slice(e.url.indexOf("/tool/"))])).toEqual([
      [1, `/tool/${alpha.slug}`],
      [2, `/tool/${gamma.slug}`],
      [3, `/tool/${beta.slug}`],
    ]);

    const upper = await page("/collections/Tools-For-Writers");
    expect(upper.res.status).toBe(301);
    expect(locationOf(upper.res, s.url)).toBe("/collections/tools-for-writers");

    const all = await page("/collections");
    expect(all.res.status).toBe(200);
    expect(textOf(all.html)).toContain("Tools for writers 3 tools Our favourites. x");
    expect(all.html).toContain('href="/collections/tools-for-writers"');

    const tool = await page(`/tool/${alpha.slug}`);
    expect(tool.html).toMatch(/In collections[\s\S]*href="\/collections\/tools-for-writers"[^>]*>Tools for writers</);

    // Created, three tools added, a note, a move, published.
    expect(await auditCounts()).toEqual({ "collection-add": 1, "collection-edit": 5, "collection-publish": 1 });
    const audit = await getPage(s.url, "/admin/audit", { headers: { Cookie: cookie } });
    expect(textOf(audit.html)).toContain("/collections/tools-for-writers · Moved “Collect Gamma”");
  });

  it("is in the sitemap, the feed and the API; a draft and an unknown address are not", async () => {
    await post("/admin/collections", { title: "Secret draft", slug: "secret-draft" });
    const sitemap = await (await fetch(`${s.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${s.services.config.siteUrl}/collections</loc>`);
    expect(sitemap).toContain(`${s.services.config.siteUrl}/collections/tools-for-writers</loc>`);
    expect(sitemap).not.toContain("secret-draft");

    const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(
      await (await fetch(`${s.url}/feed.xml`)).text(),
    ) as { feed: { entry: { title: { "#text": string }; link: { "@href": string } }[] } };
    const entry = feed.feed.entry.find((e) => e.link["@href"].endsWith("/collections/tools-for-writers"));
    expect(entry?.title["#text"]).toBe("Collection: Tools for writers");

    const all = collectionListResponseSchema.parse(await (await fetch(`${s.url}/api/v1/collections`)).json());
    expect(all.data.map((c) => [c.slug, c.toolCount])).toEqual([["tools-for-writers", 3]]);
    const one = collectionResponseSchema.parse(
      await (await fetch(`${s.url}/api/v1/collections/tools-for-writers`)).json(),
    );
    expect(one.data.tools.map((t) => [t.slug, t.note])).toEqual([
      [alpha.slug, ""],
      [gamma.slug, ""],
      [beta.slug, "<img src=x onerror=alert(4)> Best for drafts"],
    ]);
    expect(one.data.introduction).toBe("Our favourites. x Why these fast, here");

    for (const path of [
      "/collections/secret-draft",
      "/collections/no-such-collection",
      `/collections/${"a".repeat(200)}`,
    ]) {
      expect((await page(path)).res.status, path).toBe(404);
    }
    const missing = await fetch(`${s.url}/api/v1/collections/secret-draft`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: "not-found", message: "No published collection has that slug." },
    });
    expect(textOf((await page("/collections")).html)).not.toContain("Secret draft");
  });

  it("follows the tools' own changes through the page cache: rejected and deleted ones leave, inactive ones keep their badge", async () => {
    const path = "/collections/tools-for-writers";
    await page(path);
    expect((await page(path)).res.headers.get("x-cache")).toBe("HIT");

    await setToolLifecycle(s.services, gamma.id, { state: "discontinued" }, admin);
    const withBadge = await page(path);
    expect(toolSlugs(withBadge.html)).toEqual([alpha.slug, gamma.slug, beta.slug]);
    expect(withBadge.html).toMatch(/Collect Gamma[\s\S]*?Discontinued/);

    await rejectTools(s.services, admin, [alpha.id], "Not a tool");
    await deleteTools(s.services, admin, [beta.id]);
    const after = await page(path);
    expect(toolSlugs(after.html)).toEqual([gamma.slug]);
    expect(textOf((await page("/collections")).html)).toContain("Tools for writers 1 tool");

    // A pending tool cannot be added; the admin's page says why.
    const refused = await edit({ intent: "add-tool", tool: pending.slug });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("No public tool has that address.");
  });

  it("follows the admin's edits at once: a new title and address, then unpublished", async () => {
    const old = "/collections/tools-for-writers";
    await page(old);
    const saved = await edit({ intent: "save", title: "Writers' picks", slug: "writers-picks", intro: "New words." });
    expect(saved.status).toBe(200);
    expect((await page(old)).res.status).toBe(404);
    const renamed = await page("/collections/writers-picks");
    expect(renamed.res.status).toBe(200);
    expect(textOf(renamed.html)).toContain("New words.");
    expect(textOf((await page(`/tool/${gamma.slug}`)).html)).toContain("Writers' picks");

    expect((await edit({ intent: "unpublish" })).status).toBe(200);
    expect((await page("/collections/writers-picks")).res.status).toBe(404);
    expect(textOf((await page(`/tool/${gamma.slug}`)).html)).not.toContain("In collections");
    expect(textOf((await page("/collections")).html)).toContain("No collections yet.");
    // The draft of the test before was created too; the refused pending tool wrote nothing.
    expect(await auditCounts()).toEqual({
      "collection-add": 2,
      "collection-edit": 6,
      "collection-publish": 1,
      "collection-unpublish": 1,
    });
  });

  it("is deleted with its list, the tools staying", async () => {
    const deleted = await edit({ intent: "delete", confirm: "yes" });
    expect(deleted.status).toBe(302);
    expect(locationOf(deleted, s.url)).toBe("/admin/collections");
    const rows = await s.services.database.db
      .selectFrom("collection_tools")
      .select("tool_id")
      .where("collection_id", "=", collectionId)
      .execute();
    expect(rows).toEqual([]);
    expect((await page(`/tool/${gamma.slug}`)).res.status).toBe(200);
    expect((await auditCounts())["collection-delete"]).toBe(1);
  });
});
