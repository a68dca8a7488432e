import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_FILE_MESSAGES } from "../../core/catalog-file.ts";
import { testEngine } from "../support/database.ts";
import { decodeEntities } from "../support/html.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { MULTIPART, multipartBody, seed, type Seeded } from "./fixtures.ts";
import {
  BROWSER,
  get,
  inputsSent,
  post,
  runner,
  send,
  urlencoded,
  type HostileCase,
  type Part,
  expectNoProblems,
} from "./harness.ts";

// Hostile files for the admin's import from a file: huge, binary, malformed, endless lines, markup
// and spreadsheet formulas. Every one gets a clear answer and never a 5xx; a refused file keeps
// nothing; what is kept is shown escaped and imported as plain text.

const PATH = "/admin/import/file";
const FORM = "application/x-www-form-urlencoded";

afterAll(() => {
  console.log(`hostile file-import inputs sent: ${inputsSent()} (${testEngine()})`);
});

describe("hostile files for the import from a file", () => {
  const getServer = useTestServer();
  const flood = runner(getServer);
  let s: TestServer;
  let seeded: Seeded;
  let admin: Record<string, string>;

  beforeAll(async () => {
    s = getServer();
    seeded = await seed(s);
    admin = { ...BROWSER, Origin: s.url, Cookie: seeded.cookie };
  });

  const uploadParts = (file: Buffer | string, filename: string, format = "detect"): Part[] => [
    { name: "intent", value: "upload" },
    { name: "format", value: format },
    { name: "file", value: file, filename, type: "application/octet-stream" },
  ];
  const upload = (file: Buffer | string, filename: string, format?: string) =>
    post(PATH, multipartBody(uploadParts(file, filename, format)), MULTIPART, admin);
  const kept = {
    reader: "page",
    status: 303,
    location: /^\/admin\/import\/file\?id=/,
    writes: ["file_imports"],
  } as const;
  const refused = (status: number, message: string | RegExp) => ({ reader: "page", status, message }) as const;

  it("answers every hostile file clearly, never with a server error, keeping only what it can read", async () => {
    const longCell = "x".repeat(100_000);
    const cases: HostileCase[] = [
      {
        name: "a 6 MB file",
        request: upload(Buffer.alloc(6 * 1024 * 1024, "a"), "huge.md"),
        expect: refused(413, CATALOG_FILE_MESSAGES.tooLarge),
      },
      {
        name: "a 6 MB paste",
        request: post(
          PATH,
          multipartBody([
            { name: "intent", value: "upload" },
            { name: "text", value: "a".repeat(6 * 1024 * 1024) },
          ]),
          MULTIPART,
          admin,
        ),
        expect: refused(413, CATALOG_FILE_MESSAGES.tooLarge),
      },
      {
        name: "a binary file",
        request: upload(
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff, 0xfe]),
          "x.csv",
        ),
        expect: refused(422, CATALOG_FILE_MESSAGES.notText),
      },
      {
        name: "Latin-1 bytes that are not UTF-8",
        request: upload(Buffer.from("## AI\n- [Caf\xe9](https://cafe.example.com)\n", "latin1"), "latin1.md"),
        expect: refused(422, CATALOG_FILE_MESSAGES.notText),
      },
      {
        name: "an empty file",
        request: upload("", "empty.md"),
        expect: refused(422, "Please choose a file or paste a list."),
      },
      {
        name: "a CSV with an unknown header",
        request: upload("nom,site\nA,https://a.example.com\n", "x.csv"),
        expect: refused(422, 'unknown columns "nom", "site"'),
      },
      {
        name: "a JSON array cut short",
        request: upload('[{"name": "A", "websiteUrl": "https://a', "x.json"),
        expect: refused(422, "The file could not be read as JSON"),
      },
      {
        name: "a JSON array of things that are not tools",
        request: upload('[1, "two", null]', "x.json"),
        expect: refused(422, "No entry could be read from the file as JSON. Line 1: Not an exported tool"),
      },
      {
        name: "a CSV with malformed quotes",
        request: upload('name,website_url\n"A"x,https://a.example.com\n"B,https://b.example.com\n', "q.csv"),
        expect: refused(422, "No entry could be read from the file as CSV. Line 2: The line could not be read as CSV"),
      },
      {
        name: "a CSV with one malformed line among good ones",
        request: upload('name,website_url\nGood,https://good-quotes.io\n"A"x,https://a.example.com\n', "q2.csv"),
        expect: kept,
      },
      {
        name: "malformed JSON lines",
        request: upload('{"name":\n{{{\n[]\n"text"\n', "x.jsonl"),
        expect: refused(422, "No entry could be read from the file as JSON. Line 1: Not valid JSON"),
      },
      {
        name: "a 100,000-character Markdown line",
        request: upload(`## AI\n- [Long](https://long.example.com) - ${longCell}\n`, "long.md"),
        expect: refused(422, "Line 2: The line is longer than 20,000 characters."),
      },
      {
        name: "a 100,000-character CSV cell",
        request: upload(`name,website_url\n${longCell},https://long.example.com\n`, "long.csv"),
        expect: refused(422, "the record is too long"),
      },
      {
        name: "a 100,000-character JSON line",
        request: upload(JSON.stringify({ name: longCell, websiteUrl: "https://l.example.com" }), "long.jsonl"),
        expect: refused(422, "The line is longer than"),
      },
      {
        name: "a 100,000-character name among good lines",
        request: upload(`name,website_url\nFine,https://fine-long.io\n${"n".repeat(50_000)},https://n.io\n`, "n.csv"),
        expect: kept,
      },
      {
        name: "a format that is not one of ours",
        request: upload("## AI\n- [Fmt](https://fmt.example.com)\n", "x.md", "xml"),
        expect: kept,
      },
      {
        name: "a multipart body without its boundary",
        request: post(PATH, multipartBody(uploadParts("x", "x.md")), "multipart/form-data", admin),
        expect: { reader: "page", status: 400 },
      },
      {
        name: "a multipart body cut off",
        request: post(PATH, multipartBody(uploadParts("x", "x.md"), { close: false }), MULTIPART, admin),
        expect: { reader: "page", status: 400 },
      },
      {
        name: "an unknown intent",
        request: post(PATH, urlencoded([["intent", "drop"]]), FORM, admin),
        expect: refused(400, "Unknown action."),
      },
      {
        name: "confirming an id that is nobody's",
        request: post(
          PATH,
          urlencoded([
            ["intent", "confirm"],
            ["id", "nobody"],
          ]),
          FORM,
          admin,
        ),
        expect: refused(409, "no longer waiting"),
      },
      {
        name: "confirming a 10 KB id with markup in the mapping",
        request: post(
          PATH,
          urlencoded([
            ["intent", "confirm"],
            ["id", "x".repeat(10_000)],
            ["heading", "<script>alert(1)</script>"],
            ["category", "<img src=x onerror=alert(1)>"],
          ]),
          FORM,
          admin,
        ),
        expect: refused(409, "no longer waiting"),
      },
      {
        name: "a preview id with markup",
        request: get(`${PATH}?id=${encodeURIComponent("<script>alert(1)</script>")}`, admin),
        expect: { reader: "page", status: 200, message: "This upload is no longer kept" },
      },
      {
        name: "an upload without a session",
        request: post(PATH, multipartBody(uploadParts("## AI\n- [A](https://a.example.com)\n", "a.md")), MULTIPART, {
          ...BROWSER,
          Origin: s.url,
        }),
        expect: { reader: "page", status: [302, 303, 401] },
      },
    ];
    await expectNoProblems(flood, cases);
  });

  async function previewOf(file: string, filename: string): Promise<{ id: string; html: string }> {
    const answer = await send(s.url, upload(file, filename));
    expect(answer.status, answer.text.slice(0, 500)).toBe(303);
    const location = String(answer.headers.location);
    const page = await send(s.url, get(location, admin));
    expect(page.status).toBe(200);
    return { id: new URL(location, s.url).searchParams.get("id")!, html: page.text };
  }

  it("shows markup in names and headings as text in the preview", async () => {
    const { html } = await previewOf(
      "## <img src=x onerror=alert(1)>\n- [<script>alert('x')</script>](https://xss.example.com) - <b>bold</b>\n",
      "xss.md",
    );
    expect(html).not.toContain("<script>alert('x')</script>");
    expect(html).not.toContain("<img src=x onerror");
    expect(decodeEntities(html)).toContain("<script>alert('x')</script>");
    expect(html).toContain("&lt;script&gt;");
  });

  it("imports spreadsheet formulas as plain text", async () => {
    const csv = [
      "name,website_url,tagline,categories",
      '"=HYPERLINK(""https://evil.example"",""Click"")",https://formula-one.io,=1+2,ai',
      "+SUM(A1:A2),https://formula-two.io,@cmd,ai",
    ].join("\n");
    const { id, html } = await previewOf(csv, "formulas.csv");
    expect(html).toMatch(/data-testid="count-add">2</);
    const confirmed = await send(
      s.url,
      post(
        PATH,
        urlencoded([
          ["intent", "confirm"],
          ["id", id],
        ]),
        FORM,
        admin,
      ),
    );
    expect(confirmed.status).toBe(303);
    for (let i = 0; i < 200; i++) {
      const row = await s.services.database.db
        .selectFrom("file_imports")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      if (row.status === "finished") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const tools = await s.services.database.db
      .selectFrom("tools")
      .select(["name", "tagline"])
      .where("website_url", "in", ["https://formula-one.io", "https://formula-two.io"])
      .orderBy("website_url")
      .execute();
    expect(tools).toEqual([
      { name: '=HYPERLINK("https://evil.example","Click")', tagline: "=1+2" },
      { name: "+SUM(A1:A2)", tagline: "@cmd" },
    ]);
  });
});
