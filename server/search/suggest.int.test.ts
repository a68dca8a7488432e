import { beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { setToolLifecycle } from "../catalog/lifecycle.ts";
import { SUGGEST_LIMITS } from "./suggest.ts";

// The search box's suggestions (GET /api/v1/suggest) against the real app and database, both engines.

interface Answer {
  query: string;
  data: {
    tools: { slug: string; name: string; tagline: string; path: string }[];
    categories: { slug: string; name: string; count: number; path: string }[];
  };
}

describe("search suggestions", () => {
  const testServer = useTestServer({
    configure: (config) => {
      config.rateLimits.suggest = { points: 5, durationSec: 60 };
      config.trustProxy = "loopback";
    },
  });
  let server: TestServer;
  let client = 0;
  const ask = (q: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/v1/suggest?q=${encodeURIComponent(q)}`, {
      headers: { "X-Forwarded-For": `192.0.2.${++client}`, ...headers },
    });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [
      makeTool({ name: "Notepad Deluxe", tagline: "Notes, fast.", categories: ["productivity"] }),
      makeTool({ name: "Quick Notes", categories: ["productivity"] }),
      makeTool({ name: "Denote", categories: ["productivity"] }),
      makeTool({ name: "Hidden Notes", status: "pending", categories: ["productivity"] }),
      ...Array.from({ length: 8 }, (_, i) => makeTool({ name: `Design Kit ${i + 1}`, categories: ["design"] })),
    ]);
  });

  it("suggests public tools whose name has the text where a word starts, shortest first, with their pages", async () => {
    const res = await ask("  NOTE ");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await res.json()) as Answer;
    expect(body.query).toBe("note");
    // "Denote" has "note" inside a word, and "Hidden Notes" is not public.
    expect(body.data.tools.map((t) => t.name)).toEqual(["Quick Notes", "Notepad Deluxe"]);
    const notepad = body.data.tools.find((t) => t.name === "Notepad Deluxe")!;
    expect(notepad).toEqual({
      slug: notepad.slug,
      name: "Notepad Deluxe",
      tagline: "Notes, fast.",
      path: `/tool/${notepad.slug}`,
    });
    expect(body.data.categories).toEqual([]);
  });

  it("suggests categories with public tools, and at most a few of each", async () => {
    const body = (await (await ask("des")).json()) as Answer;
    expect(body.data.categories).toEqual([{ slug: "design", name: "Design", count: 8, path: "/browse/design" }]);
    expect(body.data.tools).toHaveLength(SUGGEST_LIMITS.tools);
    expect(body.data.tools.every((t) => t.name.startsWith("Design Kit"))).toBe(true);
    // A category without public tools is not suggested.
    expect(((await (await ask("health")).json()) as Answer).data.categories).toEqual([]);
    expect(((await (await ask("zzzz")).json()) as Answer).data).toEqual({ tools: [], categories: [] });
  });

  it("limits one address, answering 429 with Retry-After in the API's error shape", async () => {
    const from = { "X-Forwarded-For": "198.51.100.90" };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await ask(`n${i}`, from)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await ask("no", from);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: {
        code: "resource-exhausted",
        message: "Too many suggestions asked for in a short time. Please wait a moment.",
      },
    });
    // Another address is not held back.
    expect((await ask("no")).status).toBe(200);
  });

  it("leaves out a discontinued tool, as the lists do, and suggests it again once it is active", async () => {
    const tool = makeTool({ name: "Noteworthy Legacy", categories: ["productivity"] });
    await addTools(server.services, [tool]);
    const names = async () => ((await (await ask("noteworthy")).json()) as Answer).data.tools.map((t) => t.name);
    expect(await names()).toEqual(["Noteworthy Legacy"]);
    const admin = { id: null, username: "suggest-admin" };
    await setToolLifecycle(server.services, tool.id, { state: "discontinued" }, admin);
    expect(await names()).toEqual([]);
    // Its page is still there.
    expect((await fetch(`${server.url}/tool/${tool.slug}`)).status).toBe(200);
    await setToolLifecycle(server.services, tool.id, { state: "active" }, admin);
    expect(await names()).toEqual(["Noteworthy Legacy"]);
  });

  it("records no search term", async () => {
    await ask("notepad");
    const rows = await server.services.database.db.selectFrom("search_terms").select("term").execute();
    expect(rows.map((r) => r.term)).not.toContain("notepad");
  });
});
