import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolDetailSchema } from "../../core/api-responses.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { fileImportAdmin, previewCounts, progressFigure } from "../../tests/support/file-import.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { DEMO_TOOLS } from "../seed/demo-tools.ts";

// The catalogue out and back in: what one site exports, an empty site imports, and then shows the
// same public catalogue. The fields compared are everything a visitor reads about a tool; ids,
// dates, likes, paid placement and stored pictures belong to the site, not to the list.

const CONTENT = [
  "slug",
  "name",
  "tagline",
  "websiteUrl",
  "description",
  "categories",
  "pricingModel",
  "pricingDetails",
  "platforms",
  "tags",
  "features",
  "useCases",
  "integrations",
  "targetAudience",
] as const;

type Content = Record<(typeof CONTENT)[number], unknown>;

const content = (tool: Record<string, unknown>): Content =>
  Object.fromEntries(CONTENT.map((key) => [key, tool[key]])) as Content;
const byName = (a: Content, b: Content) => String(a.name).localeCompare(String(b.name));

async function publicCatalogue(server: TestServer): Promise<Content[]> {
  const res = await fetch(`${server.url}/api/v1/export.jsonl`);
  expect(res.status).toBe(200);
  const lines = (await res.text()).split("\n").filter(Boolean);
  return lines.map((line) => content(toolDetailSchema.parse(JSON.parse(line)))).sort(byName);
}

async function adminExport(server: TestServer, cookie: string, extension: "jsonl" | "csv"): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/export.${extension}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("export, then import into an empty site", () => {
  let source: TestServer;
  let sourceAdmin: Awaited<ReturnType<typeof fileImportAdmin>>;
  const targets: TestServer[] = [];

  beforeAll(async () => {
    source = await startTestServer();
    sourceAdmin = await fileImportAdmin(source, "source-admin");
    await addTools(source.services, [
      ...DEMO_TOOLS.map((demo) => makeTool({ ...demo, categories: [...demo.categories] })),
      // Text a spreadsheet would run as a formula, which the CSV escapes and the import reads back.
      makeTool({
        name: "Formula Friend",
        websiteUrl: "https://formula-friend.example.org",
        tagline: "=SUM(A1:A9) for everyone",
        description: "-minus first.\n\n@mention second.",
        features: ["+fast", "plain"],
      }),
      // Not public: neither export for visitors nor the import shows it.
      makeTool({ name: "Waiting Tool", status: "pending" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([source, ...targets].map((server) => server?.close()));
  });

  async function emptySite() {
    const target = await startTestServer();
    targets.push(target);
    return { target, admin: await fileImportAdmin(target, "target-admin") };
  }

  it("the public JSON Lines export, imported approved, gives the same public catalogue", async () => {
    const before = await publicCatalogue(source);
    expect(before).toHaveLength(DEMO_TOOLS.filter((demo) => demo.status !== "pending").length + 1);
    expect(before.map((tool) => tool.name)).not.toContain("Waiting Tool");

    const exported = await (await fetch(`${source.url}/api/v1/export.jsonl`)).text();
    const { target, admin } = await emptySite();
    expect(await publicCatalogue(target)).toEqual([]);
    const id = await admin.uploaded(exported, "catalogue.jsonl");
    expect(previewCounts((await admin.get(`/admin/import/file?id=${id}`)).html)).toEqual({
      add: before.length,
      existing: 0,
      refused: 0,
    });
    await admin.choose(id, "confirm", {}, true);
    const last = (await admin.untilFinished(id)).at(-1)!;
    expect(progressFigure(last, "added")).toBe(before.length);

    expect(await publicCatalogue(target)).toEqual(before);
  });

  it("the admin CSV export, imported for review, gives the same tools, formulas read back as text", async () => {
    const csv = await adminExport(source, sourceAdmin.cookie, "csv");
    expect(csv).toContain("'=SUM(A1:A9) for everyone");
    const { target, admin } = await emptySite();
    const id = await admin.uploaded(csv, "catalogue.csv");
    // The pending tool is in the admin's export too: the import takes every tool it holds.
    const all = DEMO_TOOLS.length + 2;
    expect(previewCounts((await admin.get(`/admin/import/file?id=${id}`)).html)).toEqual({
      add: all,
      existing: 0,
      refused: 0,
    });
    await admin.choose(id, "confirm", {});
    await admin.untilFinished(id);

    const records = async (server: TestServer, cookie: string) =>
      (await adminExport(server, cookie, "jsonl"))
        .split("\n")
        .filter(Boolean)
        .map((line) => content(JSON.parse(line) as Record<string, unknown>))
        .sort(byName);
    const imported = await records(target, admin.cookie);
    expect(imported).toHaveLength(all);
    expect(imported).toEqual(await records(source, sourceAdmin.cookie));
    expect(imported.find((tool) => tool.name === "Formula Friend")).toMatchObject({
      tagline: "=SUM(A1:A9) for everyone",
      features: ["+fast", "plain"],
    });
    expect(imported.find((tool) => tool.name === "Formula Friend")?.description).toMatch(/^-minus first\..*@mention/s);
  });
});
