import { beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { decodeEntities, getPage, locationOf, textOf, toolSlugs } from "../../tests/support/html.ts";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin } from "./accounts.ts";
import { adminCookieName, createAdminSession } from "./session.ts";

// The admin's lifecycle form on a tool's edit page, posted as a browser without scripts posts it,
// against the real app and database (both engines): what it refuses leaves the tool and the audit
// log as they were; what it takes shows on the public page, the API and the lists at once.

describe("the admin's lifecycle form", () => {
  const getServer = useTestServer();
  let cookie = "";
  const tools = {
    goner: makeTool({ name: "Lifecycle Form Goner", tags: ["lifecycle-form"] }),
    successor: makeTool({ name: "Lifecycle Form Successor", tags: ["lifecycle-form"] }),
    pending: makeTool({ name: "Lifecycle Form Pending", status: "pending" }),
  };

  beforeAll(async () => {
    const { services } = getServer();
    const admin = await createAdmin(services.database, "lifecycle-admin", "a long enough password", services.now());
    cookie = `${adminCookieName(false)}=${await createAdminSession(services.database, admin.id, services.now())}`;
    await addTools(services, Object.values(tools));
  });

  const editPath = `/admin/tools/${tools.goner.id}`;
  /** The lifecycle form's post, signed in and from this site's pages unless `headers` say otherwise. */
  const post = (server: TestServer, fields: Record<string, string>, headers: Record<string, string> = { cookie }) =>
    postForm(`${server.url}${editPath}`, { intent: "lifecycle", ...fields }, headers);

  const stored = (server: TestServer) =>
    server.services.database.db
      .selectFrom("tools")
      .select(["lifecycle", "successor_id", "lifecycle_set_at"])
      .where("id", "=", tools.goner.id)
      .executeTakeFirstOrThrow();

  const audit = (server: TestServer) =>
    server.services.database.db
      .selectFrom("audit_log")
      .select(["action", "admin_username", "detail"])
      .where("tool_id", "=", tools.goner.id)
      .orderBy("created_at")
      .orderBy("id")
      .execute();

  async function apiTool(server: TestServer) {
    const res = await fetch(`${server.url}/api/v1/tools/${tools.goner.slug}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { lifecycle: string; successor: { slug: string } | null } }).data;
  }

  async function listedSlugs(server: TestServer, query = "") {
    const res = await fetch(`${server.url}/api/v1/tools?pageSize=50${query}`);
    return ((await res.json()) as { data: { slug: string }[] }).data.map((tool) => tool.slug);
  }

  async function searchedSlugs(server: TestServer, query: string) {
    const res = await fetch(`${server.url}/api/v1/search?q=${query}`);
    return ((await res.json()) as { data: { slug: string }[] }).data.map((tool) => tool.slug);
  }

  const untouched = { lifecycle: null, successor_id: null, lifecycle_set_at: null };

  it("refuses a post without an admin's session (401) or from another site (403), changing nothing", async () => {
    const server = getServer();
    const anonymous = await post(server, { state: "discontinued", successor: tools.successor.slug }, {});
    expect(anonymous.status).toBe(401);
    expect(textOf(await anonymous.text())).toContain("Admin Login");

    const foreign = await fetch(`${server.url}${editPath}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "lifecycle", state: "discontinued" }),
      headers: { cookie, Origin: "https://elsewhere.example" },
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);

    expect(await stored(server)).toEqual(untouched);
    expect(await audit(server)).toEqual([]);
  });

  it("answers a state not on the list, or a successor that is the tool itself or no public tool, with a message by the field, changing nothing", async () => {
    const server = getServer();
    const refusals: [fields: Record<string, string>, message: string][] = [
      [{ state: "vanished", successor: "" }, "Please choose a state from the list."],
      [{ state: "discontinued", successor: tools.goner.slug }, "A tool cannot be its own successor."],
      [{ state: "acquired", successor: "no-such-tool" }, "No public tool has the slug “no-such-tool”."],
      // A tool under review is not public: no page to send visitors to.
      [
        { state: "discontinued", successor: tools.pending.slug },
        `No public tool has the slug “${tools.pending.slug}”.`,
      ],
    ];
    for (const [fields, message] of refusals) {
      const res = await post(server, fields);
      expect(res.status, fields.state).toBe(400);
      const html = decodeEntities(await res.text());
      expect(textOf(html), fields.state).toContain(message);
      // The page again, with what was typed, so the admin corrects rather than retypes.
      expect(html, fields.state).toContain("Set lifecycle");
      if (fields.successor) expect(html).toContain(`value="${fields.successor}"`);
    }
    expect(await stored(server)).toEqual(untouched);
    expect(await audit(server)).toEqual([]);
    expect((await apiTool(server)).lifecycle).toBe("active");
    expect(await listedSlugs(server)).toContain(tools.goner.slug);
  });

  it("sets a tool discontinued with its successor: stored, audited, on its page and in the API, out of the lists", async () => {
    const server = getServer();
    const res = await post(server, { state: "discontinued", successor: ` ${tools.successor.slug} ` });
    expect(res.status).toBe(303);
    expect(locationOf(res, server.url)).toBe(`${editPath}?saved=1`);

    const row = await stored(server);
    expect(row).toMatchObject({ lifecycle: "discontinued", successor_id: tools.successor.id });
    expect(row.lifecycle_set_at).not.toBeNull();
    expect(await audit(server)).toEqual([
      {
        action: "edit",
        admin_username: "lifecycle-admin",
        detail: JSON.stringify({ lifecycle: { from: "active", to: "discontinued" }, successor: tools.successor.slug }),
      },
    ]);

    // The edit page the redirect leads to says so, and shows the state set.
    const edit = decodeEntities((await getPage(server.url, `${editPath}?saved=1`, { headers: { cookie } })).html);
    expect(textOf(edit)).toContain("Changes saved.");
    expect(edit).toMatch(/<option value="discontinued" selected="">/);
    expect(edit).toContain(`value="${tools.successor.slug}"`);

    const page = await getPage(server.url, `/tool/${tools.goner.slug}`);
    expect(page.res.status).toBe(200);
    const text = textOf(page.html);
    expect(text).toContain(`${tools.goner.name} is discontinued. Its successor is ${tools.successor.name}`);
    expect(text).toContain(`See the alternatives to ${tools.goner.name}`);
    expect(page.html).toContain(`href="/tool/${tools.successor.slug}"`);
    expect(page.html).toContain(`href="/alternatives/${tools.goner.slug}"`);

    expect(await apiTool(server)).toMatchObject({
      lifecycle: "discontinued",
      successor: { slug: tools.successor.slug },
    });
    expect(await listedSlugs(server)).not.toContain(tools.goner.slug);
    expect(await listedSlugs(server, "&include=inactive")).toContain(tools.goner.slug);
    expect(await searchedSlugs(server, "goner")).toEqual([]);
    expect(await searchedSlugs(server, "goner&include=inactive")).toEqual([tools.goner.slug]);
    expect(toolSlugs((await getPage(server.url, "/browse/productivity")).html)).not.toContain(tools.goner.slug);
    const everything = await getPage(server.url, "/browse/productivity?include=inactive");
    expect(toolSlugs(everything.html)).toContain(tools.goner.slug);
    expect(everything.html).toContain('class="badge-lifecycle">Discontinued<');
  });

  it("sets it back to active: listed again, without its successor, and audited", async () => {
    const server = getServer();
    // The successor typed is dropped: only a discontinued or acquired tool has one.
    const res = await post(server, { state: "active", successor: tools.successor.slug });
    expect(res.status).toBe(303);
    expect(await stored(server)).toEqual(untouched);
    expect(await apiTool(server)).toMatchObject({ lifecycle: "active", successor: null });
    expect(await listedSlugs(server)).toContain(tools.goner.slug);
    expect(await searchedSlugs(server, "goner")).toEqual([tools.goner.slug]);
    expect(toolSlugs((await getPage(server.url, "/browse/productivity")).html)).toContain(tools.goner.slug);
    expect(textOf((await getPage(server.url, `/tool/${tools.goner.slug}`)).html)).not.toContain("is discontinued");
    expect((await audit(server)).map((entry) => JSON.parse(entry.detail))).toEqual([
      { lifecycle: { from: "active", to: "discontinued" }, successor: tools.successor.slug },
      { lifecycle: { from: "discontinued", to: "active" }, successor: null },
    ]);
    // The log's page says what each change was, not only that the tool was edited.
    const log = textOf((await getPage(server.url, "/admin/audit", { headers: { cookie } })).html);
    expect(log).toContain(`Edited ${tools.goner.name} Lifecycle: Discontinued → Active`);
    expect(log).toContain(
      `Edited ${tools.goner.name} Lifecycle: Active → Discontinued · Successor: /tool/${tools.successor.slug}`,
    );
  });

  it("answers an edit page of a tool that is not there with a 404, writing nothing", async () => {
    const server = getServer();
    const res = await postForm(
      `${server.url}/admin/tools/no-such-tool`,
      { intent: "lifecycle", state: "discontinued" },
      { cookie },
    );
    expect(res.status).toBe(404);
    expect(await audit(server)).toHaveLength(2);
  });
});
