import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { addPaidOrder, addTools, makeTool } from "../../tests/support/catalog.ts";
import { decodeEntities, getPage, headings, metaContent, textOf, toolSlugs } from "../../tests/support/html.ts";
import { fileOf, testImage } from "../../tests/support/images.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin } from "./accounts.ts";
import { adminCookieName, createAdminSession } from "./session.ts";
import { hashStatusToken } from "../submissions/service.ts";

type Fields = Record<string, string | readonly string[]>;

function formBody<T extends URLSearchParams | FormData>(fields: Fields, into: T): T {
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === "string" ? [value] : value) into.append(name, item);
  }
  return into;
}

const FREE_FIELDS = {
  tagline: "Submitted for review",
  description: "It does one thing well.",
  categories: ["productivity"],
  tags: "review",
};

describe("moderation, tool edits, the audit log and the submitter's status link", () => {
  const getServer = useTestServer({
    configure: (config) => (config.rateLimits.submit = { points: 1000, durationSec: 60 }),
  });
  let cookie = "";

  beforeAll(async () => {
    const { services } = getServer();
    const admin = await createAdmin(services.database, "moderator", "a long enough password", services.now());
    cookie = `${adminCookieName(false)}=${await createAdminSession(services.database, admin.id, services.now())}`;
  });

  /** A signed-in admin's form post from this site's pages (urlencoded, or multipart with `file`). */
  function adminPost(server: TestServer, page: string, fields: Fields, file?: { name: string; file: File }) {
    let body: FormData | URLSearchParams;
    if (file) {
      const multipart = formBody(fields, new FormData());
      multipart.append(file.name, file.file);
      body = multipart;
    } else {
      body = formBody(fields, new URLSearchParams());
    }
    return fetch(`${server.url}${page}`, {
      method: "POST",
      body,
      headers: { Origin: server.url, cookie },
      redirect: "manual",
    });
  }

  const adminGet = (server: TestServer, page: string) => getPage(server.url, page, { headers: { cookie } });

  /** A free submission through the public form; returns its slug and its private status token. */
  async function submitFree(server: TestServer, name: string): Promise<{ slug: string; token: string }> {
    const body = formBody(
      { ...FREE_FIELDS, name, websiteUrl: `https://${name.toLowerCase()}.example.com` },
      new FormData(),
    );
    body.append("logo", fileOf(await testImage("png", 64, 64), "logo.png"));
    const res = await fetch(`${server.url}/submit-tool`, {
      method: "POST",
      body,
      headers: { Origin: server.url },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!, server.url);
    const token = /^\/submit-tool\/([A-Za-z0-9_-]{43})$/.exec(location.pathname)?.[1];
    expect(token).toBeDefined();
    const { slug } = await server.services.database.db
      .selectFrom("tools")
      .select("slug")
      .where("status_token_hash", "=", hashStatusToken(token!))
      .executeTakeFirstOrThrow();
    return { slug, token: token! };
  }

  const toolBySlug = (server: TestServer, slug: string) =>
    server.services.database.db.selectFrom("tools").selectAll().where("slug", "=", slug).executeTakeFirst();

  const auditOf = (server: TestServer, toolId: string) =>
    server.services.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("tool_id", "=", toolId)
      .orderBy("created_at")
      .execute();

  const storedFile = (server: TestServer, url: string) =>
    path.join(server.services.storage.localRoot!, url.replace(/^\/uploads\//, ""));

  const searchApi = async (server: TestServer, q: string) =>
    (
      (await (await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent(q)}`)).json()) as {
        data: { slug: string }[];
      }
    ).data.map((t) => t.slug);

  it("lets no one in without a session (the login form, 401) and takes no change without this site's Origin (403)", async () => {
    const server = getServer();
    for (const page of ["/admin/moderation", "/admin/tools", "/admin/audit"]) {
      const { res, html } = await getPage(server.url, page);
      expect(res.status, page).toBe(401);
      expect(decodeEntities(html), page).toContain("Admin Login");
    }
    const [tool] = [makeTool({ name: "Guarded", status: "pending" })];
    await addTools(server.services, [tool!]);
    const anonymous = await fetch(`${server.url}/admin/moderation`, {
      method: "POST",
      body: new URLSearchParams({ intent: "approve", ids: tool!.id }),
      headers: { Origin: server.url },
      redirect: "manual",
    });
    expect(anonymous.status).toBe(401);
    const foreign = await fetch(`${server.url}/admin/moderation`, {
      method: "POST",
      body: new URLSearchParams({ intent: "approve", ids: tool!.id }),
      headers: { cookie },
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
    expect((await toolBySlug(server, "guarded"))!.status).toBe("pending");
    expect(await auditOf(server, tool!.id)).toEqual([]);
  });

  it("lists pending tools only, paid ones first and then oldest first, with their previews", async () => {
    const server = getServer();
    const base = Date.UTC(2025, 5, 1);
    const older = makeTool({ name: "Queue Older", status: "pending", createdAt: base });
    const newer = makeTool({ name: "Queue Newer", status: "pending", createdAt: base + 60_000 });
    const paid = makeTool({
      name: "Queue Paid",
      status: "pending",
      createdAt: base + 120_000,
      tagline: "Paid to be seen",
    });
    const listed = makeTool({ name: "Queue Listed", status: "approved", createdAt: base - 60_000 });
    await addTools(server.services, [older, newer, paid, listed]);
    await addPaidOrder(server.services, paid, 75, server.services.now());

    const { res, html } = await adminGet(server, "/admin/moderation");
    expect(res.status).toBe(200);
    const names = headings(html, 2).filter((h) => h.startsWith("Queue "));
    expect(names).toEqual(["Queue Paid", "Queue Older", "Queue Newer"]);
    const text = textOf(html);
    expect(text).toContain("Paid $75 to be featured");
    expect(text).toContain("Paid to be seen");
    expect(text).toContain("https://queue-paid.example.com");
    expect(text).toContain("Productivity");
    expect(html).toContain('href="/tool/queue-paid"');
    expect(html).toContain(`href="/admin/tools/${paid.id}"`);
    expect(metaContent(html, "robots")).toBe("noindex");
  });

  it("approves a free submission: it joins browse, the search page and the search API; its status link says Approved", async () => {
    const server = getServer();
    const { slug, token } = await submitFree(server, "Approvable");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = (await toolBySlug(server, slug))!;
    expect(row.status_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.status_token_hash).not.toContain(token);

    // The confirmation screen shows the private link, and keeps out of caches.
    const done = await getPage(server.url, `/submit-tool/${token}`);
    expect(decodeEntities(done.html)).toContain("Keep this private link to follow your submission:");
    expect(done.html).toContain(`${server.services.config.siteUrl}/submission/${token}`);
    expect(done.res.headers.get("cache-control")).toBe("private, no-store");
    // A token that is nobody's shows no confirmation.
    const forged = await getPage(server.url, `/submit-tool/${"A".repeat(43)}`);
    expect(forged.res.status).toBe(404);
    expect(forged.html).not.toContain("/submission/");
    // An address from before the token moved into the path leads to it.
    const old = await getPage(server.url, `/submit-tool?submitted=${slug}&status=${token}`);
    expect(old.res.status).toBe(301);
    expect(old.res.headers.get("location")).toBe(`/submit-tool/${token}`);

    const pending = await getPage(server.url, `/submission/${token}`);
    expect(pending.res.status).toBe(200);
    expect(pending.res.headers.get("cache-control")).toBe("private, no-store");
    expect(metaContent(pending.html, "robots")).toContain("noindex");
    expect(decodeEntities(pending.html)).toContain("Approvable");
    expect(decodeEntities(pending.html)).toMatch(/Status:\s*(<!-- -->)?\s*<strong>Pending<\/strong>/);

    expect(toolSlugs((await getPage(server.url, "/browse/all")).html)).not.toContain(slug);
    const res = await adminPost(server, "/admin/moderation", {
      intent: "approve",
      ids: row.id,
      formKey: `approve:${row.id}`,
    });
    expect(res.status).toBe(200);
    expect(decodeEntities(await res.text())).toContain("Approved 1 tool: “Approvable”.");

    expect((await toolBySlug(server, slug))!.status).toBe("approved");
    expect(toolSlugs((await getPage(server.url, "/browse/all")).html)).toContain(slug);
    expect(toolSlugs((await getPage(server.url, "/search/Approvable")).html)).toContain(slug);
    expect(await searchApi(server, "approvable")).toContain(slug);

    const approved = decodeEntities((await getPage(server.url, `/submission/${token}`)).html);
    expect(approved).toMatch(/<strong>Approved<\/strong>/);
    // Decided, the confirmation's address leads to the status page.
    const confirmation = await getPage(server.url, `/submit-tool/${token}`);
    expect([confirmation.res.status, confirmation.res.headers.get("location")]).toEqual([302, `/submission/${token}`]);
    expect(approved).toContain(`href="/tool/${slug}"`);
    // What to do next, each with its link: claim, badge, feature.
    expect(approved).toContain("Next steps");
    expect(approved).toContain(`href="/claim/${slug}"`);
    expect(approved).toContain(`href="/?featured=true&tool=${row.id}"`);

    const audit = await auditOf(server, row.id);
    expect(audit).toMatchObject([{ action: "approve", admin_username: "moderator", tool_name: "Approvable" }]);
    expect(audit[0]!.admin_user_id).not.toBeNull();
    expect(audit[0]!.created_at).toBeGreaterThan(0);
  });

  it("rejects with a reason: the status link shows it; an unknown link is a 404", async () => {
    const server = getServer();
    const { slug, token } = await submitFree(server, "Rejectable");
    const row = (await toolBySlug(server, slug))!;
    const tooLong = await adminPost(server, "/admin/moderation", {
      intent: "reject",
      ids: row.id,
      reason: "x".repeat(501),
    });
    expect(tooLong.status).toBe(400);
    expect(decodeEntities(await tooLong.text())).toContain("The reason must be at most 500 characters.");

    const res = await adminPost(server, "/admin/moderation", {
      intent: "reject",
      ids: row.id,
      reason: "  Not a software tool.  ",
    });
    expect(res.status).toBe(200);
    expect(await toolBySlug(server, slug)).toMatchObject({
      status: "rejected",
      rejection_reason: "Not a software tool.",
    });

    const page = decodeEntities((await getPage(server.url, `/submission/${token}`)).html);
    expect(page).toMatch(/<strong>Rejected<\/strong>/);
    expect(page).toContain("Not a software tool.");
    expect(page).not.toContain(`href="/tool/${slug}"`);
    // How to try again.
    expect(page).toContain("Submitting it again");
    expect(textOf(page)).toContain("you are welcome to submit the tool again");

    const audit = await auditOf(server, row.id);
    expect(audit).toMatchObject([{ action: "reject", tool_name: "Rejectable" }]);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ reason: "Not a software tool." });

    for (const unknown of ["B".repeat(43), "short"]) {
      const { res: missing, html } = await getPage(server.url, `/submission/${unknown}`);
      expect(missing.status).toBe(404);
      expect(decodeEntities(html)).toContain("No submission found for this link.");
      expect(missing.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("approves several at once, and asks for a selection", async () => {
    const server = getServer();
    const tools = [
      makeTool({ name: "Bulk One", status: "pending" }),
      makeTool({ name: "Bulk Two", status: "pending" }),
    ];
    await addTools(server.services, tools);
    const none = await adminPost(server, "/admin/moderation", { intent: "approve", formKey: "bulk" });
    expect(none.status).toBe(400);
    expect(decodeEntities(await none.text())).toContain("Select at least one tool.");

    const res = await adminPost(server, "/admin/moderation", {
      intent: "approve",
      ids: tools.map((t) => t.id),
      formKey: "bulk",
      reason: "",
    });
    expect(res.status).toBe(200);
    expect(decodeEntities(await res.text())).toContain("Approved 2 tools");
    for (const tool of tools) {
      expect((await toolBySlug(server, tool.slug))!.status).toBe("approved");
      expect(await auditOf(server, tool.id)).toMatchObject([{ action: "approve", tool_name: tool.name }]);
    }
    const browse = toolSlugs((await getPage(server.url, "/browse/all")).html);
    expect(browse).toEqual(expect.arrayContaining(tools.map((t) => t.slug)));
  });

  it("deletes only with the box ticked, removing the row and its stored files; the status link then finds nothing", async () => {
    const server = getServer();
    const { slug, token } = await submitFree(server, "Deletable");
    const row = (await toolBySlug(server, slug))!;
    const screenshotUrl = await server.services.storage.put(
      `screenshots/${slug}_1.webp`,
      await testImage("webp", 8, 8),
      "image/webp",
    );
    await server.services.database.db
      .updateTable("tools")
      .set({ screenshot_url: screenshotUrl })
      .where("id", "=", row.id)
      .execute();
    const files = [storedFile(server, row.logo_url!), storedFile(server, screenshotUrl)];
    for (const file of files) expect(fs.existsSync(file)).toBe(true);

    const unconfirmed = await adminPost(server, "/admin/moderation", {
      intent: "delete",
      ids: row.id,
      formKey: `delete:${row.id}`,
    });
    expect(unconfirmed.status).toBe(400);
    expect(decodeEntities(await unconfirmed.text())).toContain("Tick “I understand” to confirm the deletion.");
    expect(await toolBySlug(server, slug)).toBeDefined();

    const res = await adminPost(server, "/admin/moderation", {
      intent: "delete",
      ids: row.id,
      confirm: "on",
      formKey: `delete:${row.id}`,
    });
    expect(res.status).toBe(200);
    expect(await toolBySlug(server, slug)).toBeUndefined();
    for (const file of files) expect(fs.existsSync(file)).toBe(false);
    const { db } = server.services.database;
    expect(await db.selectFrom("tool_categories").selectAll().where("tool_id", "=", row.id).execute()).toEqual([]);
    expect(await auditOf(server, row.id)).toMatchObject([{ action: "delete", tool_name: "Deletable" }]);
    expect((await getPage(server.url, `/submission/${token}`)).res.status).toBe(404);
    // The audit page names the deleted tool.
    const audit = decodeEntities((await adminGet(server, "/admin/audit")).html);
    expect(audit).toContain("Deletable");
    expect(audit).toContain("(deleted)");
  });

  it("edits a tool: the public page and search show the new text, a new logo replaces the old file, the edit is audited", async () => {
    const server = getServer();
    const oldLogoUrl = await server.services.storage.put(
      "logos/editable_1_logo-0000000.webp",
      await testImage("webp", 8, 8),
      "image/webp",
    );
    const tool = makeTool({ name: "Editable", tagline: "The old line", logoUrl: oldLogoUrl, tags: ["alpha"] });
    await addTools(server.services, [tool]);

    const form = await adminGet(server, `/admin/tools/${tool.id}`);
    expect(form.res.status).toBe(200);
    expect(decodeEntities(form.html)).toContain('value="The old line"');
    expect((await adminGet(server, "/admin/tools/no-such-tool")).res.status).toBe(404);

    const fields = {
      intent: "save",
      name: "Editable",
      tagline: "Quasarflux synchronises everything",
      websiteUrl: tool.websiteUrl,
      description: tool.description,
      categories: ["productivity", "development"],
      tags: "alpha, beta",
      platforms: ["Web"],
      pricingModel: "Free",
      pricingDetails: tool.pricingDetails,
      features: "One, Two",
      useCases: "Testing",
      integrations: "Slack",
      targetAudience: "Developers",
      submitterEmail: "",
      status: "approved",
      rejectionReason: "",
    };
    const invalid = await adminPost(server, `/admin/tools/${tool.id}`, { ...fields, tagline: "" });
    expect(invalid.status).toBe(400);
    expect(decodeEntities(await invalid.text())).toContain("Tagline is required.");

    const logo = await testImage("png", 96, 96);
    expect(logo.length).toBeLessThan(256 * 1024);
    const res = await adminPost(server, `/admin/tools/${tool.id}`, fields, {
      name: "logo",
      file: fileOf(logo, "new logo.png"),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/admin/tools/${tool.id}?saved=1`);

    const row = (await toolBySlug(server, tool.slug))!;
    expect(row.tagline).toBe("Quasarflux synchronises everything");
    expect(row.logo_url).toMatch(/^\/uploads\/logos\/editable_\d+_new-logo-[0-9a-z]{7}\.webp$/);
    expect(fs.existsSync(storedFile(server, row.logo_url!))).toBe(true);
    expect(fs.existsSync(storedFile(server, oldLogoUrl))).toBe(false);
    const { db } = server.services.database;
    const tags = await db
      .selectFrom("tool_tags")
      .select("tag")
      .where("tool_id", "=", tool.id)
      .orderBy("position")
      .execute();
    expect(tags.map((t) => t.tag)).toEqual(["alpha", "beta"]);

    const page = decodeEntities((await getPage(server.url, `/tool/${tool.slug}`)).html);
    expect(page).toContain("Quasarflux synchronises everything");
    expect(await searchApi(server, "quasarflux")).toEqual([tool.slug]);
    expect(toolSlugs((await getPage(server.url, "/search/quasarflux")).html)).toContain(tool.slug);

    const audit = await auditOf(server, tool.id);
    expect(audit).toMatchObject([{ action: "edit", tool_name: "Editable" }]);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ changed: ["tagline", "categories", "tags", "logo"] });

    // Setting it to pending takes it out of search again, and says so in the log.
    const back = await adminPost(server, `/admin/tools/${tool.id}`, { ...fields, status: "pending" });
    expect(back.status).toBe(303);
    expect(await searchApi(server, "quasarflux")).toEqual([]);
    expect(JSON.parse((await auditOf(server, tool.id))[1]!.detail)).toMatchObject({
      changed: ["status"],
      status: { from: "approved", to: "pending" },
    });
  });

  it("lists every tool by name and status, 50 a page, linking to their edit pages", async () => {
    const server = getServer();
    const many = Array.from({ length: 52 }, (_, i) =>
      makeTool({ name: `Listing ${String(i).padStart(2, "0")}`, status: i % 2 ? "rejected" : "approved" }),
    );
    await addTools(server.services, many);
    const rejected = await adminGet(server, "/admin/tools?q=listing&status=rejected");
    expect(rejected.res.status).toBe(200);
    const text = textOf(rejected.html);
    expect(text).toContain("26 tools");
    expect(text).toContain("Listing 01");
    expect(text).not.toContain("Listing 02");
    expect(rejected.html).toContain(`href="/admin/tools/${many[1]!.id}"`);

    const first = textOf((await adminGet(server, "/admin/tools?q=LISTING")).html);
    expect(first).toContain("52 tools");
    expect(first).toContain("Page 1 of 2");
    const second = textOf((await adminGet(server, "/admin/tools?q=listing&page=2")).html);
    expect(second).toContain("Page 2 of 2");
    expect((await adminGet(server, "/admin/tools?status=published")).res.status).toBe(404);
  });
});
