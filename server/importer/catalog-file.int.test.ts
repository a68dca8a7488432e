import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { fileImportAdmin, previewCounts, progressFigure } from "../../tests/support/file-import.ts";
import { BROWSER_UA } from "../../tests/support/html.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { DEMO_TOOLS } from "../seed/demo-tools.ts";

// The file import end to end: upload, preview, mapping, confirmation, the job and its progress,
// on the real app and database.

const AWESOME_LIST = fs.readFileSync("tests/files/awesome-list.md");
type Admin = Awaited<ReturnType<typeof fileImportAdmin>>;

describe("import from a file", () => {
  let server: TestServer;
  let get: Admin["get"], post: Admin["post"], upload: Admin["upload"], uploaded: Admin["uploaded"];
  let choose: Admin["choose"], untilFinished: Admin["untilFinished"];

  beforeAll(async () => {
    server = await startTestServer();
    ({ get, post, upload, uploaded, choose, untilFinished } = await fileImportAdmin(server));
    // The demo catalogue, as a directory the list partly repeats.
    await addTools(
      server.services,
      DEMO_TOOLS.map((demo) => makeTool({ name: demo.name, websiteUrl: demo.websiteUrl })),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.services.database.db;
  const counts = previewCounts;
  const figure = progressFigure;

  it("previews the awesome list exactly, maps an unknown heading, and imports it as pending with audit entries", async () => {
    const id = await uploaded(AWESOME_LIST, "awesome-list.md");
    const { res, html } = await get(`/admin/import/file?id=${id}`);
    expect(res.status).toBe(200);
    // 500 entries and 10 broken lines; 3 headings match no category (65 entries under them).
    expect(counts(html)).toEqual({ add: 415, existing: 20, refused: 75 });
    expect(html).toContain("Miscellaneous Stuff");
    expect(html).toContain("(unmapped)");
    expect(html).toMatch(/Line \d+ \(<strong>[^<]+<\/strong>\): Its heading is not mapped to a category\./);
    expect(html).toContain("The entry's name has no closing bracket.");
    expect(html).toContain("The entry's link is not an http(s) address.");
    expect(html).toMatch(/<strong>ChatGPT<\/strong> — listed as <a[^>]*href="\/tool\/chatgpt"/);
    expect(html).toMatch(/same as line \d+/);
    expect(html).toContain("…and 215 more.");

    await choose(id, "map", { "Miscellaneous Stuff": "utilities" });
    expect(counts((await get(`/admin/import/file?id=${id}`)).html)).toEqual({ add: 440, existing: 20, refused: 50 });

    const before = await db().selectFrom("tools").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await choose(id, "confirm", { "Miscellaneous Stuff": "utilities" });
    const pages = await untilFinished(id);
    const last = pages.at(-1)!;
    expect([figure(last, "added"), figure(last, "skipped"), figure(last, "failed")]).toEqual([440, 20, 50]);
    expect(last).toContain("Review them in moderation");

    const after = await db().selectFrom("tools").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(440);
    const imported = await db()
      .selectFrom("tools")
      .select("id")
      .where("source", "=", "admin")
      .where("status", "=", "pending")
      .execute();
    expect(imported).toHaveLength(440);
    const misc = await db()
      .selectFrom("tools")
      .innerJoin("tool_categories", "tool_categories.tool_id", "tools.id")
      .select("tools.name")
      .where("tool_categories.category", "=", "utilities")
      .where("tools.status", "=", "pending")
      .execute();
    expect(misc).toHaveLength(25);
    const audit = await db()
      .selectFrom("audit_log")
      .select(["admin_username", "detail"])
      .where("action", "=", "import")
      .execute();
    expect(audit).toHaveLength(440);
    expect(audit.every((entry) => entry.admin_username === "file-admin")).toBe(true);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ file: "awesome-list.md", line: expect.any(Number) });
    // The upload's text is not kept once imported.
    const row = await db()
      .selectFrom("file_imports")
      .select(["content", "status"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ content: "", status: "finished" });
    // A finished import cannot be confirmed again.
    const again = new URLSearchParams({ intent: "confirm", id });
    expect((await post(again)).res.status).toBe(409);
  });

  it("imports 10,000 CSV rows approved, in batches, with its progress shown and pages answering meanwhile", async () => {
    const rows = ["name,website_url,tagline,description,categories,pricing_model,platforms,tags"];
    for (let i = 0; i < 10_000; i++)
      rows.push(
        `Bulk Tool ${i},https://bulk-tool-${i}.org,Does thing ${i},"A tool, number ${i}.",ai;design,Free,Web;Linux,bulk;csv`,
      );
    const id = await uploaded(rows.join("\r\n"), "bulk.csv");
    expect(counts((await get(`/admin/import/file?id=${id}`)).html)).toEqual({ add: 10_000, existing: 0, refused: 0 });

    await choose(id, "confirm", {}, true);
    // A public page asked for while the import runs answers, and soon.
    let pageMs = Number.POSITIVE_INFINITY;
    let sawRunning = false;
    const pages: string[] = [];
    for (let i = 0; i < 2400; i++) {
      const { html } = await get(`/admin/import/file?id=${id}`);
      pages.push(html);
      if (html.includes("Importing:") && !sawRunning) {
        sawRunning = true;
        const started = performance.now();
        const res = await fetch(`${server.url}/`, { headers: { "User-Agent": BROWSER_UA, Accept: "text/html" } });
        expect(res.status).toBe(200);
        await res.text();
        pageMs = performance.now() - started;
      }
      if (html.includes("Finished:")) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const last = pages.at(-1)!;
    expect(last).toContain("Finished: 10000 of 10000 lines done.");
    expect(figure(last, "added")).toBe(10_000);
    expect(sawRunning).toBe(true);
    expect(pageMs).toBeLessThan(3000);
    // The progress pages refresh themselves without JavaScript until it ends.
    expect(pages.find((html) => html.includes("Importing:"))).toMatch(/<meta http-equiv="refresh" content="2"/);
    expect(last).not.toContain('http-equiv="refresh"');

    const bulk = await db().selectFrom("tools").select(["status"]).where("name", "like", "Bulk Tool %").execute();
    expect(bulk).toHaveLength(10_000);
    expect(bulk.every((tool) => tool.status === "approved")).toBe(true);
    const run = await server.services.scheduler.lastRun("file-import");
    expect(run?.status).toBe("succeeded");
    expect(run?.summary).toMatchObject({ files: 1, added: 10_000 });
  }, 120_000);

  it("imports JSON Lines with every field, ignoring the file's status, and refuses its malformed lines", async () => {
    const lines = [
      JSON.stringify({
        id: "ignored",
        name: "Jsonl One",
        websiteUrl: "https://jsonl-one.example.com",
        tagline: "First",
        description: "Para one.\n\nPara two.",
        categories: ["analytics"],
        pricingModel: "Paid",
        platforms: ["Web"],
        tags: ["json"],
        features: ["Charts, graphs", "Exports"],
        useCases: ["Reporting"],
        integrations: ["Slack"],
        targetAudience: ["Analysts"],
        pricingDetails: "$5 a month",
        status: "approved",
      }),
      '{"name": "Broken',
      JSON.stringify({ name: "Jsonl Two", websiteUrl: "https://jsonl-two.dev", categories: ["gadgets"] }),
    ];
    const id = await uploaded(lines.join("\n"), "export.jsonl");
    const preview = (await get(`/admin/import/file?id=${id}`)).html;
    expect(counts(preview)).toEqual({ add: 1, existing: 0, refused: 2 });
    expect(preview).toContain("Line 2: Not valid JSON");
    expect(preview).toContain('Unknown category "gadgets".');
    await choose(id, "confirm", {});
    await untilFinished(id);
    const tool = await db().selectFrom("tools").selectAll().where("name", "=", "Jsonl One").executeTakeFirstOrThrow();
    expect(tool).toMatchObject({
      status: "pending",
      pricing_model: "Paid",
      pricing_details: "$5 a month",
      description: "Para one.\n\nPara two.",
    });
    expect(JSON.parse(tool.features)).toEqual(["Charts, graphs", "Exports"]);
  });

  it("checks duplicates again when importing: a tool listed since the preview is skipped", async () => {
    const csv = "name,website_url,categories\nLate One,https://late-one.io,ai\nLate Two,https://late-two.io,ai\n";
    const id = await uploaded(csv, "late.csv");
    expect(counts((await get(`/admin/import/file?id=${id}`)).html)).toEqual({ add: 2, existing: 0, refused: 0 });
    await addTools(server.services, [makeTool({ name: "Someone Else", websiteUrl: "https://www.late-two.io/x" })]);
    await choose(id, "confirm", {});
    const last = (await untilFinished(id)).at(-1)!;
    expect([figure(last, "added"), figure(last, "skipped")]).toEqual([1, 1]);
  });

  it("refuses whole files it cannot read, keeping nothing, and cancels a preview", async () => {
    const kept = async () =>
      Number(
        (await db().selectFrom("file_imports").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n,
      );
    const before = await kept();
    const cases: [string | Buffer, string, number, string][] = [
      ["", "empty.csv", 422, "Please choose a file or paste a list."],
      ["   \n\n", "blank.md", 422, "The file is empty."],
      ["title,link\nA,https://a.example.com\n", "wrong.csv", 422, 'unknown columns "title", "link"'],
      ["Just some prose, no list.\n", "prose.md", 422, "No entries were found in the file."],
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        "logo.png",
        422,
        "The file is not text",
      ],
      ['[{"name": "A"', "broken.json", 422, "The file could not be read as JSON"],
      [
        "name,website_url\nA,https://a-wrong.io\n",
        "wrong-format.json",
        422,
        "No entry could be read from the file as JSON",
      ],
    ];
    for (const [content, name, status, message] of cases) {
      const { res, html } = await upload(content, name);
      expect(res.status, name).toBe(status);
      expect(html, name).toContain(message);
    }
    expect(await kept()).toBe(before);

    const id = await uploaded("## AI\n- [Cancel Me](https://cancel-me.example.com)\n", "cancel.md");
    const { res } = await post(new URLSearchParams({ intent: "cancel", id }));
    expect(res.status).toBe(303);
    expect((await get(`/admin/import/file?id=${id}`)).html).toContain("This upload is no longer kept");
    expect(await db().selectFrom("tools").select("id").where("name", "=", "Cancel Me").execute()).toEqual([]);
  });

  it("forgets a preview past its time", async () => {
    const id = await uploaded("## AI\n- [Expire Me](https://expire-me.example.com)\n", "expire.md");
    await db().updateTable("file_imports").set({ expires_at: 1 }).where("id", "=", id).execute();
    expect((await get(`/admin/import/file?id=${id}`)).html).toContain("This upload is no longer kept");
    expect((await post(new URLSearchParams({ intent: "confirm", id }))).res.status).toBe(409);
  });
});
