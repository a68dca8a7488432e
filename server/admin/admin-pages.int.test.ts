import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPaidOrder, addTools, DAY_MS, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA, decodeEntities, locationOf, startTags } from "../../tests/support/html.ts";
import { fileOf, testImage } from "../../tests/support/images.ts";
import { listenLocal, type LocalServer } from "../../tests/support/listen.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { saveContactMessage } from "../contact/service.ts";
import { newId } from "../platform/db/ids.ts";
import { createAdmin } from "./accounts.ts";
import { adminCookieName, createAdminSession } from "./session.ts";

const SCREENSHOT_MISSED = "Screenshot could not be captured, but continuing...";

/** The page's HTML with entities decoded and without the comments React puts between adjacent texts. */
const readable = (html: string) => decodeEntities(html).replace(/<!-- -->/g, "");

describe("admin pages", () => {
  let site: LocalServer;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    // The tool's "website": a page on 127.0.0.1 that the screenshot guard lets through (allow-listed).
    site = await listenLocal((_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html" })
        .end("<!doctype html><title>Site</title><body style='margin:0;background:#00c850'>"),
    );
    server = await startTestServer({ configure: (config) => (config.outboundAllow = [new URL(site.url).host]) });
    const now = server.services.now();
    const admin = await createAdmin(server.services.database, "pages-admin", "a long enough password", now);
    cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, admin.id, now)}`;
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
  });

  const db = () => server.services.database.db;

  /** GETs a page as the signed-in admin (or as `headers` say). */
  async function get(path: string, headers: Record<string, string> = { cookie }) {
    const res = await fetch(`${server.url}${path}`, {
      headers: { "User-Agent": BROWSER_UA, Accept: "text/html", ...headers },
      redirect: "manual",
    });
    return { res, html: readable(await res.text()) };
  }

  /** Posts a form from this site's pages (Origin), as the signed-in admin. */
  async function post(path: string, body: URLSearchParams | FormData, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      body,
      headers: { "User-Agent": BROWSER_UA, Accept: "text/html", Origin: server.url, cookie, ...headers },
      redirect: "manual",
    });
    return { res, html: readable(await res.text()) };
  }

  describe("GET /api/admin/stats", () => {
    it("answers 401 without an admin session", async () => {
      const res = await fetch(`${server.url}/api/admin/stats`);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: "unauthenticated", message: "Sign in as an admin to do this." },
      });
    });

    it("counts all, approved, pending and featured tools as stored", async () => {
      const approved = [makeTool({ name: "Stats Approved One" }), makeTool({ name: "Stats Approved Two" })];
      await addTools(server.services, [
        ...approved,
        makeTool({ name: "Stats Pending", status: "pending", source: "free_submission" }),
        makeTool({ name: "Stats Rejected", status: "rejected", source: "free_submission" }),
        makeTool({ name: "Stats Verified", status: "verified" }),
      ]);
      await addPaidOrder(server.services, approved[0]!, 50, server.services.now() - DAY_MS);
      // A payment of over a year ago no longer features its tool.
      await addPaidOrder(server.services, approved[1]!, 50, server.services.now() - 400 * DAY_MS);

      const res = await fetch(`${server.url}/api/admin/stats`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const stats = await res.json();
      expect(stats).toEqual({ totalTools: 5, approvedTools: 2, pendingTools: 1, featuredTools: 1 });
      const count = async (status?: string) => {
        let query = db()
          .selectFrom("tools")
          .select((eb) => eb.fn.countAll<number>().as("n"));
        if (status) query = query.where("status", "=", status);
        return Number((await query.executeTakeFirstOrThrow()).n);
      };
      expect(stats).toMatchObject({
        totalTools: await count(),
        approvedTools: await count("approved"),
        pendingTools: await count("pending"),
      });
    });
  });

  it("marks only the required fields required on the submit form and the admin's add and edit forms", async () => {
    const tool = makeTool({ name: "Required Fields Tool" });
    await addTools(server.services, [tool]);
    const optional = [
      "description",
      "tags",
      "platforms",
      "pricingModel",
      "pricingDetails",
      "features",
      "useCases",
      "integrations",
      "targetAudience",
      "submitterEmail",
    ];
    for (const [path, required] of [
      ["/submit", ["name", "tagline", "websiteUrl", "logo"]],
      ["/admin/add-tool", ["name", "tagline", "websiteUrl", "logo"]],
      // Editing keeps the logo when none is chosen.
      [`/admin/tools/${tool.id}`, ["name", "tagline", "websiteUrl"]],
    ] as const) {
      const { res, html } = await get(path);
      expect(res.status, path).toBe(200);
      const controls = ["input", "textarea", "select"].flatMap((tag) => startTags(html, tag)).map((t) => t.attrs);
      const named = (name: string) => controls.filter((a) => a.name === name);
      for (const name of required)
        expect(
          named(name).map((a) => "required" in a),
          `${path} ${name}`,
        ).toEqual([true]);
      for (const name of optional) {
        expect(named(name).length, `${path} ${name}`).toBeGreaterThan(0);
        for (const attrs of named(name)) {
          expect("required" in attrs || attrs["aria-required"] === "true", `${path} ${name} required`).toBe(false);
          expect("multiple" in attrs, `${path} ${name} multiple`).toBe(false);
        }
      }
    }
  });

  it("keeps every admin page behind the session", async () => {
    for (const path of ["/admin/messages", "/admin/orders", "/admin/add-tool", "/admin/import"]) {
      const { res, html } = await get(path, {});
      expect(res.status, path).toBe(401);
      expect(html, path).not.toContain("Unread");
    }
    const { res } = await post("/admin/messages", new URLSearchParams({ intent: "delete", id: "x" }), { cookie: "" });
    expect(res.status).toBe(401);
  });

  describe("messages", () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      const now = server.services.now();
      const message = (n: string) => ({
        name: `Sender ${n}`,
        email: `sender-${n}@example.com`,
        subject: `Subject ${n}`,
        message: `Body of message ${n}.\nSecond line.`,
      });
      ids.old = await saveContactMessage(server.services.database, message("old"), now - 3 * DAY_MS);
      ids.mid = await saveContactMessage(server.services.database, message("mid"), now - 2 * DAY_MS);
      ids.new = await saveContactMessage(server.services.database, message("new"), now - DAY_MS);
    });

    it("lists messages newest first, the unread ones marked in words, with the unread count in the heading", async () => {
      const { res, html } = await get("/admin/messages");
      expect(res.status).toBe(200);
      expect(html).toMatch(/<h1[^>]*>Messages <span[^>]*>\(3 unread\)<\/span><\/h1>/);
      const positions = ["new", "mid", "old"].map((n) => html.indexOf(`Subject ${n}`));
      expect(positions.every((p) => p > 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(html.match(/>Unread<\/span>/g)).toHaveLength(3);
      expect(html).toContain("From Sender new <sender-new@example.com>");
    });

    it("opens a message with a post (marking it read: reading a page changes nothing), marks it unread and read again", async () => {
      const readAt = async (id: string) =>
        (await db().selectFrom("contacts").select("read_at").where("id", "=", id).executeTakeFirstOrThrow()).read_at;
      // A plain GET (a link, a prefetch, another site's <img>) shows it and leaves it unread.
      const looked = await get(`/admin/messages?open=${ids.mid}`);
      expect(looked.res.status).toBe(200);
      expect(looked.html).toContain("Body of message mid.\nSecond line.");
      expect(looked.html).toContain("(3 unread)");
      expect(await readAt(ids.mid!)).toBeNull();

      const open = await post("/admin/messages", new URLSearchParams({ intent: "open", id: ids.mid!, page: "1" }));
      expect(open.res.status).toBe(303);
      expect(locationOf(open.res, server.url)).toBe(`/admin/messages?open=${ids.mid}`);
      expect(await readAt(ids.mid!)).not.toBeNull();
      const opened = await get(`/admin/messages?open=${ids.mid}`);
      expect(opened.html).toContain("(2 unread)");
      expect(opened.html).toContain("Reply by email");
      expect(opened.html).toContain("Body of message mid.\nSecond line.");

      const unread = await post(
        "/admin/messages",
        new URLSearchParams({ intent: "unread", id: ids.mid!, page: "1", open: ids.mid! }),
      );
      expect(unread.res.status).toBe(303);
      expect(locationOf(unread.res, server.url)).toBe("/admin/messages?notice=unread");
      expect(
        (await db().selectFrom("contacts").select("read_at").where("id", "=", ids.mid!).executeTakeFirstOrThrow())
          .read_at,
      ).toBeNull();
      const after = await get("/admin/messages?notice=unread");
      expect(after.html).toContain("(3 unread)");
      expect(after.html).toContain("Marked as unread.");

      const read = await post("/admin/messages", new URLSearchParams({ intent: "read", id: ids.old! }));
      expect(read.res.status).toBe(303);
      expect(
        (await db().selectFrom("contacts").select("read_at").where("id", "=", ids.old!).executeTakeFirstOrThrow())
          .read_at,
      ).not.toBeNull();
      expect((await get("/admin/messages")).html).toContain("(2 unread)");
    });

    it("refuses changes from another site", async () => {
      const { res } = await post("/admin/messages", new URLSearchParams({ intent: "delete", id: ids.new! }), {
        Origin: "https://evil.example",
      });
      // Refused before any action runs (React Router's own origin check answers 400; the admin layout's, 403).
      expect([400, 403]).toContain(res.status);
      expect(
        await db().selectFrom("contacts").select("id").where("id", "=", ids.new!).executeTakeFirst(),
      ).toBeDefined();
    });

    it("deletes a message after a confirmation step that needs no script", async () => {
      const confirm = await get(`/admin/messages?confirm=${ids.new}`);
      expect(confirm.res.status).toBe(200);
      expect(confirm.html).toContain("Delete this message from Sender new for good? This cannot be undone.");
      const form =
        /<form[^>]*action="\/admin\/messages" method="post">((?:(?!<\/form>)[\s\S])*)<\/form>/.exec(
          confirm.html,
        )?.[1] ?? "";
      expect(form).toContain(`name="id" value="${ids.new}"`);
      expect(form).toMatch(/<button type="submit" value="delete"[^>]*name="intent">Yes, delete it<\/button>/);
      // Asking is not deleting.
      expect(
        await db().selectFrom("contacts").select("id").where("id", "=", ids.new!).executeTakeFirst(),
      ).toBeDefined();

      const deleted = await post("/admin/messages", new URLSearchParams({ intent: "delete", id: ids.new!, page: "1" }));
      expect(deleted.res.status).toBe(303);
      expect(locationOf(deleted.res, server.url)).toBe("/admin/messages?notice=deleted");
      expect(
        await db().selectFrom("contacts").select("id").where("id", "=", ids.new!).executeTakeFirst(),
      ).toBeUndefined();
      const { html } = await get("/admin/messages?notice=deleted");
      expect(html).toContain("Message deleted.");
      expect(html).not.toContain("Subject new");

      const again = await post("/admin/messages", new URLSearchParams({ intent: "delete", id: ids.new! }));
      expect(again.res.status).toBe(404);
      expect(again.html).toContain("This message no longer exists");
      // Recorded once, with who deleted whose message.
      const entries = await db()
        .selectFrom("audit_log")
        .select(["action", "admin_username", "tool_name", "detail", "ip"])
        .where("action", "=", "message-delete")
        .execute();
      expect(entries).toEqual([
        {
          action: "message-delete",
          admin_username: "pages-admin",
          tool_name: "Subject new",
          detail: JSON.stringify({ from: "Sender new <sender-new@example.com>" }),
          ip: "127.0.0.1",
        },
      ]);
    });

    it("shows 50 messages a page", async () => {
      const now = server.services.now();
      await db()
        .insertInto("contacts")
        .values(
          Array.from({ length: 50 }, (_, i) => ({
            id: newId(),
            name: "Bulk",
            email: "bulk@example.com",
            subject: `Bulk ${i}`,
            message: "Bulk message.",
            submitted_at: now - 10 * DAY_MS - i * 1000,
            read_at: now,
          })),
        )
        .execute();
      const total = 52;
      const first = await get("/admin/messages");
      expect(first.html.match(/<li id="message-/g)).toHaveLength(50);
      expect(first.html).toContain("Page 1 of 2");
      expect(first.html).toContain(`${total} messages from the contact form`);
      const second = await get("/admin/messages?page=2");
      expect(second.html.match(/<li id="message-/g)).toHaveLength(total - 50);
      expect(second.html).toContain("Bulk 49");
    });
  });

  describe("orders", () => {
    it("lists every order newest first with tool, amount, status, provider and dates, and filters by status", async () => {
      const now = server.services.now();
      const tool = makeTool({ name: "Ordered Tool" });
      await addTools(server.services, [tool]);
      const order = (o: {
        toolId: string | null;
        toolName: string;
        cents: number;
        status: string;
        createdAt: number;
        paidAt?: number;
        refundedAt?: number;
      }) => ({
        id: newId(),
        tool_id: o.toolId,
        tool_name: o.toolName,
        amount_cents: o.cents,
        provider: "test",
        provider_session_id: `sess_${newId()}`,
        status: o.status,
        created_at: o.createdAt,
        updated_at: o.createdAt,
        paid_at: o.paidAt ?? null,
        refunded_at: o.refundedAt ?? null,
      });
      await db()
        .insertInto("orders")
        .values([
          order({
            toolId: tool.id,
            toolName: tool.name,
            cents: 5100,
            status: "paid",
            createdAt: now - 5 * DAY_MS,
            paidAt: now - 5 * DAY_MS,
          }),
          order({
            toolId: null,
            toolName: "Deleted Tool",
            cents: 1999,
            status: "refunded",
            createdAt: now - 6 * DAY_MS,
            paidAt: now - 6 * DAY_MS,
            refundedAt: now - 4 * DAY_MS,
          }),
          order({ toolId: tool.id, toolName: tool.name, cents: 2500, status: "created", createdAt: now - 2 * DAY_MS }),
          order({ toolId: tool.id, toolName: tool.name, cents: 3000, status: "created", createdAt: now - 60_000 }),
          order({ toolId: tool.id, toolName: tool.name, cents: 4000, status: "failed", createdAt: now - 7 * DAY_MS }),
        ])
        .execute();

      const { res, html } = await get("/admin/orders");
      expect(res.status).toBe(200);
      const amounts = ["$30", "$25", "$51", "$19.99", "$40"].map((a) => html.indexOf(`>${a}</td>`));
      expect(amounts.every((p) => p > 0)).toBe(true);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      for (const label of ["Created", "Abandoned", "Paid", "Refunded", "Failed"])
        expect(html).toMatch(new RegExp(`<span class="[^"]*">${label}</span>`));
      expect(html).toMatch(new RegExp(`<a [^>]*href="/tool/${tool.slug}"[^>]*>Ordered Tool</a>`));
      expect(html).toContain("Deleted Tool <span");
      expect(html).toContain("(no longer listed)");
      // Test-checkout orders are marked as such: no money changed hands.
      expect(html).toMatch(/<td class="px-2 py-2"><span class="[^"]*">Test, no charge<\/span><\/td>/);
      expect(html).toMatch(/<time datetime="[^"]+">\w+ \d+, \d{4}, \d+:\d+\s[AP]M UTC<\/time>/i);

      const abandoned = await get("/admin/orders?status=abandoned");
      expect(abandoned.html).toContain(">$25</td>");
      expect(abandoned.html.match(/<tr class="border-b border-slate-200/g)).toHaveLength(1);
      expect(abandoned.html).toContain("1 abandoned order");
      const paid = await get("/admin/orders?status=paid");
      expect(paid.html).toContain(">$51</td>");
      expect(paid.html.match(/<tr class="border-b border-slate-200/g)).toHaveLength(
        1 + 2 /* the stats test's paid orders */,
      );
    });
  });

  describe("add tool", () => {
    async function addToolForm(fields: Record<string, string | string[]>) {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields))
        for (const item of typeof value === "string" ? [value] : value) body.append(name, item);
      body.append("logo", fileOf(await testImage("png", 120, 120), "logo.png"));
      return post("/admin/add-tool", body);
    }

    it("saves an approved admin tool at once, says when its screenshot could not be captured, and lists it", async () => {
      const { res } = await addToolForm({
        name: "Admin Added",
        tagline: "Added by hand",
        websiteUrl: "http://10.0.0.1/",
        categories: ["productivity", "ai"],
        tags: "alpha, beta",
      });
      expect(res.status).toBe(303);
      expect(locationOf(res, server.url)).toBe("/admin/add-tool?added=admin-added");

      const row = await db()
        .selectFrom("tools")
        .selectAll()
        .where("slug", "=", "admin-added")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: "approved",
        source: "admin",
        screenshot_url: null,
        website_url: "http://10.0.0.1/",
      });
      expect(row.logo_url).toMatch(/^\/uploads\/logos\/admin-added_/);
      expect(await db().selectFrom("jobs").selectAll().execute()).toEqual([]);
      // In the audit log with the tool, as the same transaction wrote them.
      const entry = await db()
        .selectFrom("audit_log")
        .select(["action", "admin_username", "tool_id", "tool_name", "ip"])
        .where("tool_id", "=", row.id)
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({
        action: "add",
        admin_username: "pages-admin",
        tool_id: row.id,
        tool_name: "Admin Added",
        ip: "127.0.0.1",
      });

      const done = await get("/admin/add-tool?added=admin-added");
      expect(done.html).toContain(SCREENSHOT_MISSED);
      expect(done.html).toContain("“Admin Added” is approved and listed in the directory.");
      expect(done.html).toContain('href="/tool/admin-added"');
      expect(done.html).toContain('href="/admin/add-tool"');

      expect((await get("/browse/all", {})).html).toContain("Admin Added");
      expect((await get("/search/admin%20added", {})).html).toContain("Admin Added");
    });

    it("stores the screenshot taken inline when the website can be captured", async () => {
      const { res } = await addToolForm({
        name: "Green Admin Site",
        tagline: "All green",
        websiteUrl: site.url,
        categories: ["design"],
      });
      expect(res.status).toBe(303);
      const row = await db()
        .selectFrom("tools")
        .selectAll()
        .where("slug", "=", "green-admin-site")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "approved", source: "admin" });
      expect(row.screenshot_url).toMatch(/^\/uploads\/screenshots\/green-admin-site_\d+\.webp$/);
      expect(site.hits).toBeGreaterThan(0);
      const image = await fetch(`${server.url}${row.screenshot_url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");

      const done = await get("/admin/add-tool?added=green-admin-site");
      expect(done.html).not.toContain(SCREENSHOT_MISSED);
      expect(done.html).toContain("A screenshot of its website was captured.");
      expect(done.html).toContain(`src="${row.screenshot_url}"`);
    });

    it("refuses an invalid form, a website already listed, and a post from another site", async () => {
      const before = Number(
        (
          await db()
            .selectFrom("tools")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

      const invalid = await addToolForm({
        name: "No Category",
        tagline: "x",
        websiteUrl: "https://nocategory.example.com",
      });
      expect(invalid.res.status).toBe(400);
      expect(invalid.html).toContain("Please select at least one category.");

      const duplicate = await addToolForm({
        name: "Again",
        tagline: "x",
        websiteUrl: "http://10.0.0.1",
        categories: ["ai"],
      });
      expect(duplicate.res.status).toBe(409);
      expect(duplicate.html).toContain("This website is already listed as “Admin Added”. Edit that listing instead.");

      const body = new FormData();
      for (const [name, value] of Object.entries({
        name: "Cross Site",
        tagline: "x",
        websiteUrl: "https://cross.example.com",
        categories: "ai",
      }))
        body.append(name, value);
      body.append("logo", fileOf(await testImage("png", 64, 64), "logo.png"));
      const cross = await post("/admin/add-tool", body, { Origin: "https://evil.example" });
      expect([400, 403]).toContain(cross.res.status);

      const after = Number(
        (
          await db()
            .selectFrom("tools")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(after).toBe(before);
    });

    it("shows the form with the shared fields and labelled controls", async () => {
      const { res, html } = await get("/admin/add-tool");
      expect(res.status).toBe(200);
      for (const label of ["Name *", "Tagline *", "Website URL *", "Logo *", "Submitter email (optional)"])
        expect(html).toContain(`>${label}</label>`);
      expect(html).toMatch(
        /<form[^>]*enctype="multipart\/form-data"[^>]*action="\/admin\/add-tool"|<form[^>]*action="\/admin\/add-tool"[^>]*enctype="multipart\/form-data"/i,
      );
      expect(html).not.toContain("Get featured");
    });
  });

  it("shows the Product Hunt import panel on /admin, /admin/import and /admin/add-tool", async () => {
    for (const path of ["/admin", "/admin/import", "/admin/add-tool"]) {
      const { res, html } = await get(path);
      expect(res.status, path).toBe(200);
      expect(html, path).toContain("Admin Tool Import");
      expect(html, path).toMatch(/<input[^>]*type="url"[^>]*name="url"|<input[^>]*name="url"[^>]*type="url"/);
      expect(html, path).toMatch(/<form[^>]*action="\/admin\/import"/);
      expect(html, path).toContain("Import Tool");
    }
  });
});
