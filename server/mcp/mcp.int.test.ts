import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolDetailSchema, toolSummarySchema } from "../../core/api-responses.ts";
import { CATEGORIES } from "../../core/categories.ts";
import { MCP_TOOL_LIST } from "../../core/mcp-tools.ts";
import { addPaidOrder, addTools, DAY_MS, makeTool } from "../../tests/support/catalog.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin } from "../admin/accounts.ts";
import { addToolToCollection, createCollection, setCollectionStatus, setToolNote } from "../collections/service.ts";

// The MCP endpoint through the SDK's own client, against the real app and database: every tool
// answers what the catalogue holds, featured tools come marked sponsored, and tools that are not
// public are never found.

const SECRET = "maker@example.com";

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "mcp-int-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return client;
}

/** A tool call's answer, with its structured content read as `T`. */
async function call<T>(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return {
    result,
    content: result.structuredContent as T,
    text: result.content.map((c) => (c.type === "text" ? c.text : "")),
  };
}

interface Summary {
  id: string;
  slug: string;
  name: string;
  url: string;
  sponsored: boolean;
  isFeatured: boolean;
  categories: string[];
}
interface Page<T> {
  data: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

describe("MCP endpoint", () => {
  const testServer = useTestServer();
  let server: TestServer;
  let client: Client;
  const notes = makeTool({
    name: "Quill Notes",
    tagline: "Markdown notes that sync",
    categories: ["productivity"],
    tags: ["notes", "markdown"],
    platforms: ["Web", "macOS"],
    pricingModel: "Freemium",
    submitterEmail: SECRET,
  });
  const featured = makeTool({
    name: "Quill Pro",
    tagline: "Markdown notes for teams",
    categories: ["productivity"],
    tags: ["notes", "markdown"],
    pricingModel: "Paid",
  });
  const sheets = makeTool({ name: "Ledger Sheets", categories: ["finance"], tags: ["budget"], pricingModel: "Free" });
  const design = makeTool({
    name: "Canvas Board",
    categories: ["design"],
    tags: ["notes"],
    platforms: ["Windows"],
    pricingModel: "Subscription",
  });
  const pending = makeTool({ name: "Quill Pending", status: "pending", tags: ["notes", "markdown"] });
  const rejected = makeTool({ name: "Quill Rejected", status: "rejected", tags: ["notes", "markdown"] });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [notes, featured, sheets, design, pending, rejected]);
    await addPaidOrder(server.services, featured, 80, Date.now() - DAY_MS);
    client = await connect(server.url);
  });
  afterAll(async () => {
    await client?.close();
  });

  it("lists the eight tools, each with its title, description, input and output schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(MCP_TOOL_LIST.map((t) => t.name).sort());
    for (const tool of tools) {
      const shared = MCP_TOOL_LIST.find((t) => t.name === tool.name)!;
      expect(tool.title).toBe(shared.title);
      expect(tool.description).toBe(shared.description);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    const search = tools.find((t) => t.name === "search_tools")!;
    expect(search.inputSchema.required).toEqual(["query"]);
    expect(search.description).toMatch(/sponsored: true/);
  });

  it("searches with the site's search: public tools only, featured ones marked sponsored", async () => {
    const { result, content, text } = await call<Page<Summary & { score: number }> & { query: string }>(
      client,
      "search_tools",
      { query: "markdown notes" },
    );
    expect(result.isError).toBeFalsy();
    const slugs = content.data.map((t) => t.slug);
    expect(slugs).toEqual(expect.arrayContaining([notes.slug, featured.slug]));
    expect(slugs).not.toContain(pending.slug);
    expect(slugs).not.toContain(rejected.slug);
    expect(content).toMatchObject({ query: "markdown notes", page: 1, pageSize: 20 });
    for (const tool of content.data) expect(() => toolSummarySchema.parse(tool)).not.toThrow();
    const pro = content.data.find((t) => t.slug === featured.slug)!;
    expect(pro).toMatchObject({ sponsored: true, isFeatured: true });
    expect(content.data.find((t) => t.slug === notes.slug)).toMatchObject({ sponsored: false });
    // The same answer as the JSON API's search.
    const api = (await (await fetch(`${server.url}/api/v1/search?q=markdown+notes`)).json()) as Page<Summary>;
    expect(content.data.map((t) => t.slug)).toEqual(api.data.map((t) => t.slug));
    // Text for clients without structured output: the JSON, and the sponsored ones named.
    expect(JSON.parse(text[0]!)).toEqual(content);
    expect(text[1]).toMatch(/Sponsored \(paid featured placement.*\): Quill Pro\./);

    const nothing = await call<Page<Summary> & { suggestion: string | null }>(client, "search_tools", {
      query: "zzzqqq",
    });
    expect(nothing.content).toMatchObject({ data: [], total: 0 });
    expect(nothing.text).toHaveLength(1);
  });

  it("refuses a search without words, or too long, with a clear message", async () => {
    for (const [query, message] of [
      ["   ", /query is required/],
      ["a".repeat(201), /at most 200 characters/],
      ["notes\u0000", /query must be one line/],
    ] as const) {
      const { result } = await call(client, "search_tools", { query });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(message);
    }
  });

  it("gets every public field of one tool by slug or id, never a pending one or the submitter's e-mail", async () => {
    const bySlug = await call<{ data: Record<string, unknown> }>(client, "get_tool", { tool: notes.slug });
    expect(bySlug.result.isError).toBeFalsy();
    const tool = toolDetailSchema.parse(bySlug.content.data);
    expect(tool).toMatchObject({
      id: notes.id,
      name: "Quill Notes",
      url: `${server.services.config.siteUrl}/tool/${notes.slug}`,
      pricingModel: "Freemium",
      platforms: ["Web", "macOS"],
      upvotesCount: 0,
      sponsored: false,
      // Without published reviews: no average, a count of none.
      rating: { average: null, count: 0 },
      commentsCount: 0,
    });
    expect(JSON.stringify(bySlug.result)).not.toContain(SECRET);
    const byId = await call<{ data: { slug: string } }>(client, "get_tool", { tool: notes.id });
    expect(byId.content.data.slug).toBe(notes.slug);
    // The same as the JSON API gives.
    const api = (await (await fetch(`${server.url}/api/v1/tools/${notes.slug}`)).json()) as { data: unknown };
    expect(bySlug.content.data).toEqual(api.data);

    const paid = await call<{ data: Summary }>(client, "get_tool", { tool: featured.slug });
    expect(paid.content.data).toMatchObject({ sponsored: true, featuredPrice: 80 });
    expect(paid.text[1]).toMatch(/Quill Pro/);

    for (const key of [pending.slug, pending.id, rejected.slug, "no-such-tool"]) {
      const missing = await call(client, "get_tool", { tool: key });
      expect(missing.result.isError).toBe(true);
      expect(JSON.stringify(missing.result.content)).toContain("No public tool has the slug or id");
    }
  });

  it("lists the categories with their counts of public tools", async () => {
    const { content } = await call<{ data: { slug: string; name: string; count: number }[] }>(
      client,
      "list_categories",
    );
    expect(content.data.map((c) => c.slug)).toEqual(CATEGORIES.map((c) => c.slug));
    const count = (slug: string) => content.data.find((c) => c.slug === slug)!.count;
    // Pending and rejected tools (productivity too) are not counted.
    expect(count("productivity")).toBe(2);
    expect(count("finance")).toBe(1);
    expect(count("design")).toBe(1);
  });

  it("browses by category, pricing, platform and sort, as the JSON API does", async () => {
    const all = await call<Page<Summary>>(client, "browse_tools");
    expect(all.content).toMatchObject({ page: 1, pageSize: 24, total: 4, totalPages: 1 });
    expect(all.content.data.map((t) => t.slug)).not.toContain(pending.slug);
    expect(all.content.data.find((t) => t.slug === featured.slug)?.sponsored).toBe(true);

    const productivity = await call<Page<Summary>>(client, "browse_tools", { category: "productivity", sort: "name" });
    expect(productivity.content.data.map((t) => t.name)).toEqual(["Quill Notes", "Quill Pro"]);
    const free = await call<Page<Summary>>(client, "browse_tools", { pricing: "free,freemium" });
    expect(free.content.data.map((t) => t.slug).sort()).toEqual([notes.slug, sheets.slug].sort());
    const windows = await call<Page<Summary>>(client, "browse_tools", { platform: "windows" });
    expect(windows.content.data.map((t) => t.slug)).toEqual([design.slug]);
    const second = await call<Page<Summary>>(client, "browse_tools", { sort: "name", pageSize: 2, page: 2 });
    expect(second.content).toMatchObject({ page: 2, pageSize: 2, total: 4, totalPages: 2 });
    expect(second.content.data.map((t) => t.name)).toEqual(["Quill Notes", "Quill Pro"]);

    const api = (await (await fetch(`${server.url}/api/v1/tools?category=productivity&sort=name`)).json()) as unknown;
    expect(productivity.content).toEqual(api);

    for (const [args, message] of [
      [{ category: "nope" }, /Unknown category/],
      [{ sort: "best" }, /Unknown sort/],
      [{ pricing: "cheap" }, /one or more of free/],
      [{ page: 0 }, /page must be a whole number from 1/],
      [{ page: "two" }, /page must be a whole number from 1/],
      [{ pageSize: 101 }, /pageSize must be a whole number from 1 to 100/],
    ] as const) {
      const { result } = await call(client, "browse_tools", args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(message);
    }
  });

  it("finds alternatives, with what each shares, and never a tool that is not public", async () => {
    const { content } = await call<Page<Summary & { shares: { tags: string[] } }> & { tool: { slug: string } }>(
      client,
      "find_alternatives",
      { tool: notes.slug },
    );
    expect(content.tool.slug).toBe(notes.slug);
    expect(content.data[0]).toMatchObject({ slug: featured.slug, sponsored: true });
    expect(content.data[0]!.shares.tags).toEqual(expect.arrayContaining(["notes", "markdown"]));
    expect(content.data.map((t) => t.slug)).not.toContain(pending.slug);
    expect(content.pageSize).toBe(24);
    const api = (await (await fetch(`${server.url}/api/v1/tools/${notes.slug}/alternatives`)).json()) as unknown;
    expect(content).toEqual(api);

    const unknown = await call(client, "find_alternatives", { tool: pending.slug });
    expect(unknown.result.isError).toBe(true);
    expect(JSON.stringify(unknown.result.content)).toContain("No public tool has the slug or id");
  });

  it("compares two or three tools, and refuses one, four, a repeat or an unknown one", async () => {
    const two = await call<{ data: { slug: string; sponsored: boolean }[]; url: string }>(client, "compare_tools", {
      tools: [notes.slug, featured.slug],
    });
    expect(two.result.isError).toBeFalsy();
    expect(two.content.data.map((t) => t.slug)).toEqual([featured.slug, notes.slug].sort());
    expect(two.content.url).toBe(
      `${server.services.config.siteUrl}/compare/${[featured.slug, notes.slug].sort().join("-vs-")}`,
    );
    expect(two.content.data.find((t) => t.slug === featured.slug)?.sponsored).toBe(true);
    for (const tool of two.content.data) expect(() => toolDetailSchema.parse(tool)).not.toThrow();

    // By slug, id and name.
    const three = await call<{ data: { slug: string }[] }>(client, "compare_tools", {
      tools: [notes.slug, sheets.id, "Canvas Board"],
    });
    expect(three.content.data.map((t) => t.slug)).toEqual([design.slug, notes.slug, sheets.slug].sort());

    for (const [tools, message] of [
      [[notes.slug], /Name two or three different tools/],
      [[notes.slug, featured.slug, sheets.slug, design.slug], /Name two or three different tools/],
      [[notes.slug, notes.id], /Name two or three different tools/],
      [[notes.slug, pending.slug], /No public tool is called “quill-pending”/],
      [[notes.slug, "nothing-like-it-zz"], /No public tool is called/],
    ] as const) {
      const { result } = await call(client, "compare_tools", { tools });
      expect(result.isError, JSON.stringify(tools)).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(message);
    }
  });

  it("lists the published collections and reads one, as the API does: public tools in order, sponsored marked", async () => {
    const deps = { database: server.services.database, now: () => Date.now() };
    const admin = await createAdmin(server.services.database, "mcp-curator", "a long enough password", Date.now());
    const made = await createCollection(deps, admin, {
      title: "Notes to start with",
      slug: "notes-start",
      intro: "Pick **one**.",
    });
    if (made.kind !== "created") throw new Error("collection not made");
    for (const tool of [featured, notes, pending]) await addToolToCollection(deps, admin, made.id, tool.slug);
    await setToolNote(deps, admin, made.id, notes.id, "The free one.");
    const draft = await createCollection(deps, admin, { title: "Unfinished", slug: "unfinished", intro: "" });
    if (draft.kind !== "created") throw new Error("draft not made");
    await addToolToCollection(deps, admin, draft.id, sheets.slug);
    // Nothing is published yet.
    expect((await call<{ data: unknown[] }>(client, "list_collections")).content.data).toEqual([]);
    expect((await setCollectionStatus(deps, admin, made.id, "published")).kind).toBe("done");

    const list = await call<{ data: { slug: string; title: string; toolCount: number; url: string }[] }>(
      client,
      "list_collections",
    );
    expect(list.result.isError).toBeFalsy();
    expect(list.content.data).toMatchObject([
      {
        slug: "notes-start",
        title: "Notes to start with",
        toolCount: 2,
        url: `${server.services.config.siteUrl}/collections/notes-start`,
      },
    ]);
    expect(list.content).toEqual(await (await fetch(`${server.url}/api/v1/collections`)).json());

    const one = await call<{ data: { introduction: string; tools: (Summary & { note: string })[] } }>(
      client,
      "get_collection",
      { collection: "notes-start" },
    );
    expect(one.result.isError).toBeFalsy();
    // The pending tool is never shown; the curator's order and notes are.
    expect(one.content.data.tools.map((t) => [t.slug, t.note, t.sponsored])).toEqual([
      [featured.slug, "", true],
      [notes.slug, "The free one.", false],
    ]);
    expect(one.content).toEqual(await (await fetch(`${server.url}/api/v1/collections/notes-start`)).json());
    expect(one.text.join("\n")).toContain(
      `Sponsored (paid featured placement, marked sponsored: true): ${featured.name}.`,
    );

    for (const collection of ["unfinished", "no-such-list", "x".repeat(300)]) {
      const { result } = await call(client, "get_collection", { collection });
      expect(result.isError, collection).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/No published collection has the slug|too long/);
    }
  });

  it("answers an unknown tool with an error result", async () => {
    const { result } = await call(client, "delete_everything");
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/Tool delete_everything not found/);
  });
});

describe("MCP endpoint's rate limit", () => {
  const testServer = useTestServer({ configure: (config) => (config.rateLimits.mcp = { points: 3, durationSec: 60 }) });

  it("answers requests over the address's budget 429, with Retry-After and a JSON-RPC error", async () => {
    const s = testServer();
    // initialize, notifications/initialized, tools/list: the budget of 3 (the client's GET for an event stream is not counted).
    const client = await connect(s.url);
    await client.listTools();
    const res = await fetch(`${s.url}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32000, message: expect.stringMatching(/Too many requests/) },
      id: null,
    });
    await expect(client.listTools()).rejects.toThrow(/429|Too many requests/);
    await client.close();
  });
});

describe("MCP endpoint switched off", () => {
  const testServer = useTestServer({ env: { MCP_ENABLED: "false" } });

  it("is not found: the site's page for a browser, a JSON-RPC error for a client", async () => {
    const s = testServer();
    const post = await fetch(`${s.url}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(post.status).toBe(404);
    expect(await post.json()).toMatchObject({
      jsonrpc: "2.0",
      error: { message: expect.stringMatching(/switched off/) },
      id: null,
    });
    const get = await fetch(`${s.url}/mcp`, { headers: { Accept: "text/html" } });
    expect(get.status).toBe(404);
    expect(await get.text()).toMatch(/Page Not Found/);
    await expect(connect(s.url)).rejects.toThrow();
  });
});

describe("MCP endpoint's HTTP", () => {
  const testServer = useTestServer();

  it("answers GET and DELETE 405 with a JSON-RPC error, as a stateless server does", async () => {
    const s = testServer();
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${s.url}/mcp`, { method, headers: { Accept: "text/event-stream" } });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
      expect(await res.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 }, id: null });
    }
  });

  it("answers a browser's preflight for any origin", async () => {
    const s = testServer();
    const res = await fetch(`${s.url}/mcp`, {
      method: "OPTIONS",
      headers: { Origin: "https://assistant.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-headers")).toMatch(/Mcp-Protocol-Version/);
  });

  it("keeps no session: a tool call needs no initialize before it", async () => {
    const s = testServer();
    const res = await fetch(`${s.url}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_categories" } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("mcp-session-id")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { id: number; result: { structuredContent: { data: unknown[] } } };
    expect(body.id).toBe(7);
    expect(body.result.structuredContent.data).toHaveLength(CATEGORIES.length);
  });
});
