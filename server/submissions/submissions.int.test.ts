import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { SUBMISSION_MESSAGES } from "../../core/submission.ts";
import { LOGO_LIMITS } from "../../core/uploads.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { testEngine } from "../../tests/support/database.ts";
import { decodeEntities } from "../../tests/support/html.ts";
import { fileOf, pngClaiming, testImage } from "../../tests/support/images.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";

type Logo = { bytes: Buffer | Uint8Array; name: string; type?: string };

const FIELDS = {
  name: "Quillpad",
  tagline: "Notes that write themselves",
  websiteUrl: "https://quillpad.example.com",
  description: "Quillpad turns meetings into notes.\n\n<script>alert(1)</script>Second paragraph.",
  categories: ["productivity", "ai"],
  tags: " notes , , writing,notes ",
  platforms: ["Web", "macOS"],
  pricingModel: "Freemium",
  pricingDetails: "Free for 3 notebooks; Pro $6 a month.",
  features: "Live transcription,  summaries ,",
  useCases: "Meetings, Lectures",
  integrations: "Slack, Zoom",
  targetAudience: "Teams",
  submitterEmail: "maker@quillpad.example.com",
};

type Fields = Partial<Record<keyof typeof FIELDS | "company_url", string | readonly string[]>>;

/** Posts the submission form as a browser without JavaScript does: multipart, with the logo file. */
async function submit(server: TestServer, fields: Fields, logo: Logo | null, page = "/submit-tool") {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === "string" ? [value] : (value ?? [])) body.append(name, item);
  }
  body.append("logo", logo ? fileOf(logo.bytes, logo.name, logo.type) : new File([], ""));
  const res = await fetch(`${server.url}${page}`, {
    method: "POST",
    body,
    headers: { Origin: server.url, Accept: "text/html" },
    redirect: "manual",
  });
  return { res, html: decodeEntities(await res.text()) };
}

async function png(): Promise<Logo> {
  return { bytes: await testImage("png", 120, 120), name: "quillpad logo.PNG" };
}

/** Every file under the server's uploads folder, as paths relative to it. */
function storedFiles(server: TestServer): string[] {
  const root = server.services.storage.localRoot!;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

async function toolRows(server: TestServer) {
  return server.services.database.db.selectFrom("tools").selectAll().orderBy("created_at").execute();
}

/** Nothing stored: no tool row, no job, no file. */
async function expectNothingStored(server: TestServer, toolsBefore: number) {
  expect((await toolRows(server)).length).toBe(toolsBefore);
  expect(await server.services.database.db.selectFrom("jobs").selectAll().execute()).toEqual([]);
  expect(storedFiles(server)).toEqual([]);
}

async function clear(server: TestServer) {
  const { db } = server.services.database;
  await db.deleteFrom("jobs").execute();
  await db.deleteFrom("tool_search").execute();
  await db.deleteFrom("tool_categories").execute();
  await db.deleteFrom("tool_tags").execute();
  await db.deleteFrom("tools").execute();
  fs.rmSync(server.services.storage.localRoot!, { recursive: true, force: true });
  server.services.freshness.changed();
}

describe("free submission", () => {
  const getServer = useTestServer({
    configure: (config) => (config.rateLimits.submit = { points: 1000, durationSec: 60 }),
  });
  beforeEach(async () => clear(getServer()));

  it("saves tools whose names begin with - or _ (their slugs do, their files' names do not)", async () => {
    const server = getServer();
    for (const [name, slug] of [
      ["-Dashboard", "-dashboard"],
      ["_Underscore Tool", "_underscore-tool"],
    ] as const) {
      const { res } = await submit(
        server,
        { ...FIELDS, name, websiteUrl: `https://${slug.replace(/^[-_]+/, "")}.example.com` },
        await png(),
      );
      expect(res.status, name).toBe(303);
      const row = await server.services.database.db
        .selectFrom("tools")
        .select(["slug", "logo_url"])
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow();
      expect(row.logo_url).toMatch(new RegExp(`^/uploads/logos/${slug.replace(/^[-_]+/, "")}_\\d+_`));
      expect((await fetch(`${server.url}${row.logo_url}`)).status).toBe(200);
    }
  });

  it("saves a complete submission as pending, with its logo re-encoded under logos/ and a screenshot job", async () => {
    const server = getServer();
    const started = Date.now();
    const { res } = await submit(server, FIELDS, await png());
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/submit-tool\/[A-Za-z0-9_-]{43}$/);

    const [row] = await toolRows(server);
    expect(row).toMatchObject({
      slug: "quillpad",
      name: "Quillpad",
      tagline: "Notes that write themselves",
      website_url: "https://quillpad.example.com",
      status: "pending",
      source: "free_submission",
      submitted_by_uid: null,
      submitter_email: "maker@quillpad.example.com",
      pricing_model: "Freemium",
      screenshot_url: null,
      upvotes_count: 0,
    });
    expect(JSON.parse(row!.platforms)).toEqual(["Web", "macOS"]);
    expect(JSON.parse(row!.features)).toEqual(["Live transcription", "summaries"]);
    expect(JSON.parse(row!.use_cases)).toEqual(["Meetings", "Lectures"]);
    expect(JSON.parse(row!.integrations)).toEqual(["Slack", "Zoom"]);
    expect(JSON.parse(row!.target_audience)).toEqual(["Teams"]);
    const { db } = server.services.database;
    const categories = await db
      .selectFrom("tool_categories")
      .select("category")
      .where("tool_id", "=", row!.id)
      .orderBy("position")
      .execute();
    expect(categories.map((c) => c.category)).toEqual(["productivity", "ai"]);
    const tags = await db
      .selectFrom("tool_tags")
      .select("tag")
      .where("tool_id", "=", row!.id)
      .orderBy("position")
      .execute();
    expect(tags.map((t) => t.tag)).toEqual(["notes", "writing"]);

    // The logo: a server-made key, re-encoded to the stored square WebP, served with the right headers.
    expect(row!.logo_url).toMatch(/^\/uploads\/logos\/quillpad_(\d+)_quillpad-logo-[0-9a-z]{7}\.webp$/);
    const stamp = Number(/_(\d+)_/.exec(row!.logo_url!)![1]);
    expect(stamp).toBeGreaterThanOrEqual(started);
    expect(storedFiles(server)).toEqual([row!.logo_url!.replace("/uploads/", "")]);
    const logo = await fetch(`${server.url}${row!.logo_url}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/webp");
    expect(logo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(logo.headers.get("cache-control")).toMatch(/max-age=\d{6,}/);
    const meta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", LOGO_LIMITS.side, LOGO_LIMITS.side]);

    const jobs = await db.selectFrom("jobs").selectAll().execute();
    expect(jobs).toMatchObject([
      { kind: "screenshot", status: "queued", payload: JSON.stringify({ toolId: row!.id }) },
    ]);

    // The confirmation page after the redirect.
    const done = decodeEntities(await (await fetch(`${server.url}${res.headers.get("location")}`)).text());
    expect(done).toContain(SUBMISSION_MESSAGES.success);
    expect(done).toContain('href="/tool/quillpad"');
  });

  it("keeps a pending tool out of every public list; its own page says Pending, is noindex and hides the e-mail", async () => {
    const server = getServer();
    await addTools(server.services, [makeTool({ name: "Listed Tool", categories: ["productivity"] })]);
    expect((await submit(server, FIELDS, await png())).res.status).toBe(303);
    for (const page of ["/", "/browse/all", "/browse/productivity", "/search/quillpad", "/feed.xml", "/sitemap.xml"]) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      expect(html, page).not.toContain("Quillpad");
    }
    const api = await (await fetch(`${server.url}/api/v1/tools?pageSize=100`)).text();
    expect(api).toContain("Listed Tool");
    expect(api).not.toContain("Quillpad");
    expect((await fetch(`${server.url}/api/v1/search?q=quillpad`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/api/v1/search?q=quillpad`)).text()).not.toContain("quillpad.example.com");

    const page = await fetch(`${server.url}/tool/quillpad`);
    expect(page.status).toBe(200);
    const html = decodeEntities(await page.text());
    expect(html).toContain("Pending");
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).not.toContain("maker@quillpad.example.com");
    // The description is shown as sanitised HTML.
    expect(html).not.toContain("<script>alert(1)</script>");
    const detail = await (await fetch(`${server.url}/api/v1/tools/quillpad`)).text();
    expect(detail).not.toContain("maker@quillpad.example.com");
  });

  it("serves the same form at /submit and /submit-tool", async () => {
    const server = getServer();
    for (const page of ["/submit", "/submit-tool"]) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<form [^>]*encType="multipart\/form-data"/i);
      expect(html).toContain("Square PNG or JPG, max 5MB.");
    }
    const { res } = await submit(server, FIELDS, await png(), "/submit");
    expect(res.headers.get("location")).toMatch(/^\/submit\/[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ["no category", { categories: [] }, SUBMISSION_MESSAGES.noCategory],
    ["a name with no letters or digits", { name: "!!! ???" }, SUBMISSION_MESSAGES.emptyName],
    ["no name", { name: "  " }, "Name is required."],
    ["no tagline", { tagline: "" }, "Tagline is required."],
    ["no website", { websiteUrl: "" }, "Website URL is required."],
    [
      "a website that is no web address",
      { websiteUrl: "javascript:alert(1)" },
      "Please enter the full website address, starting with https://.",
    ],
    ["an unknown category", { categories: ["ai", "spaceships"] }, "Please choose categories from the list."],
    ["an unknown pricing model", { pricingModel: "Pay what you want" }, "Please choose a pricing model from the list."],
    ["a bad e-mail", { submitterEmail: "not an address" }, "Please enter a valid email address, or leave it empty."],
    ["a name too long", { name: "x".repeat(81) }, "Name must be at most 80 characters."],
    ["too many tags", { tags: Array.from({ length: 11 }, (_, i) => `tag${i}`).join(",") }, "Tags: at most 10 items."],
  ] as const)("refuses %s with its message, keeping what was typed", async (_case, change, message) => {
    const server = getServer();
    const { res, html } = await submit(server, { ...FIELDS, ...change }, await png());
    expect(res.status).toBe(400);
    expect(html).toContain(message);
    // What was typed comes back (minus the file, which a browser cannot be given again).
    expect(html).toContain("websiteUrl" in change ? `value="${FIELDS.tagline}"` : `value="${FIELDS.websiteUrl}"`);
    await expectNothingStored(server, 0);
  });

  it("asks for a logo when none was chosen", async () => {
    const server = getServer();
    const { res, html } = await submit(server, FIELDS, null);
    expect(res.status).toBe(400);
    expect(html).toContain(SUBMISSION_MESSAGES.noLogo);
    await expectNothingStored(server, 0);
  });

  it.each([
    [
      "5 MB and 1 byte",
      async () =>
        Buffer.concat([await testImage("png"), Buffer.alloc(LOGO_LIMITS.maxBytes + 1)]).subarray(
          0,
          LOGO_LIMITS.maxBytes + 1,
        ),
      "x.png",
      "The file is larger than 5 MB",
    ],
    [
      "a PNG header on garbage",
      async () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4000, 7)]),
      "x.png",
      "The file is not a readable PNG, JPEG or WebP image",
    ],
    [
      "an SVG with a script",
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "logo.svg",
      "SVG images are not accepted",
    ],
    [
      "an SVG named .png",
      async () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      "logo.png",
      "SVG images are not accepted",
    ],
    ["a GIF", async () => testImage("gif"), "logo.gif", "GIF images are not accepted"],
    ["a 30000×30000 PNG bomb", async () => pngClaiming(30_000, 30_000), "bomb.png", "The image has too many pixels"],
    ["an empty file", async () => Buffer.alloc(0), "empty.png", "The file is empty"],
    [
      "a file named ../../etc/passwd.png",
      async () => Buffer.from("root:x:0:0:root:/root:/bin/bash\n"),
      "../../etc/passwd.png",
      "Only PNG, JPEG and WebP images are accepted",
    ],
  ] as const)("refuses %s with a clear message and stores nothing", async (_case, make, name, reason) => {
    const server = getServer();
    const { res, html } = await submit(server, FIELDS, { bytes: await make(), name });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(html).toContain(`Logo upload failed: ${reason}`);
    expect(html).toContain("Please try again.");
    // The typed fields survive even when the file was cut off.
    expect(html).toContain("Notes that write themselves");
    await expectNothingStored(server, 0);
  });

  it("stores a real image sent under a path-climbing name only under logos/, with a cleaned name", async () => {
    const server = getServer();
    const { res } = await submit(server, FIELDS, { bytes: await testImage("png"), name: "../../etc/passwd.png" });
    expect(res.status).toBe(303);
    expect(storedFiles(server)).toEqual([expect.stringMatching(/^logos\/quillpad_\d+_passwd-[0-9a-z]{7}\.webp$/)]);
  });

  it.each([
    ["just over the form's old limit", LOGO_LIMITS.maxBytes + 512 * 1024],
    ["of 40 MB", 40 * 1024 * 1024],
  ])(
    "answers a logo %s with the form filled in and the logo's error, reading the fields after it",
    async (_case, size) => {
      const server = getServer();
      const body = new FormData();
      for (const [name, value] of Object.entries(FIELDS)) {
        if (name === "submitterEmail") continue;
        for (const item of typeof value === "string" ? [value] : value) body.append(name, item);
      }
      body.append("logo", fileOf(Buffer.alloc(size, 1), "huge.png"));
      // After the file: still read, though the file before it was cut off.
      body.append("submitterEmail", FIELDS.submitterEmail);
      const res = await fetch(`${server.url}/submit-tool`, {
        method: "POST",
        body,
        headers: { Origin: server.url, Accept: "text/html" },
        redirect: "manual",
      });
      const html = decodeEntities(await res.text());
      expect(res.status).toBe(413);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(html).toContain(SUBMISSION_MESSAGES.logoTooLarge);
      expect(html).toContain(`value="${FIELDS.tagline}"`);
      expect(html).toContain(`value="${FIELDS.submitterEmail}"`);
      expect(html).toContain(FIELDS.pricingDetails);
      await expectNothingStored(server, 0);
    },
  );

  it("reports every error at once, the logo's content included", async () => {
    const server = getServer();
    const { res, html } = await submit(
      server,
      { ...FIELDS, name: "", categories: [] },
      { bytes: await testImage("gif"), name: "logo.gif" },
    );
    expect(res.status).toBe(400);
    expect(html).toContain("Name is required.");
    expect(html).toContain(SUBMISSION_MESSAGES.noCategory);
    expect(html).toContain("Logo upload failed: GIF images are not accepted");
    await expectNothingStored(server, 0);
  });

  it("gives clashing names the next free slug: -2, -3", async () => {
    const server = getServer();
    for (let i = 1; i <= 3; i++) {
      const { res } = await submit(server, { ...FIELDS, websiteUrl: `https://quillpad${i}.example.com` }, await png());
      expect(res.status).toBe(303);
    }
    expect((await toolRows(server)).map((r) => r.slug)).toEqual(["quillpad", "quillpad-2", "quillpad-3"]);
  });

  it("gives simultaneous submissions of one name distinct slugs", async () => {
    const server = getServer();
    const logo = await png();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => submit(server, { ...FIELDS, websiteUrl: `https://q${i}.example.com` }, logo)),
    );
    expect(results.map((r) => r.res.status)).toEqual(Array(6).fill(303));
    const slugs = (await toolRows(server)).map((r) => r.slug).sort();
    expect(slugs).toEqual(["quillpad", "quillpad-2", "quillpad-3", "quillpad-4", "quillpad-5", "quillpad-6"]);
    expect(storedFiles(server)).toHaveLength(6);
  });

  it("names the existing tool instead of listing a website twice", async () => {
    const server = getServer();
    await addTools(server.services, [
      makeTool({ name: "Quill Original", websiteUrl: "https://www.quillpad.example.com/" }),
    ]);
    for (const websiteUrl of [
      "https://quillpad.example.com",
      "http://QUILLPAD.example.com/?ref=producthunt",
      "https://www.quillpad.example.com#top",
    ]) {
      const { res, html } = await submit(server, { ...FIELDS, websiteUrl }, await png());
      expect(res.status).toBe(409);
      expect(html).toContain("This website is already listed as “Quill Original”.");
      expect(html).toContain('href="/tool/quill-original"');
    }
    await expectNothingStored(server, 1);
  });

  it("drops a post whose hidden honeypot field was filled", async () => {
    const server = getServer();
    const { res, html } = await submit(server, { ...FIELDS, company_url: "https://spam.example" }, await png());
    expect(res.status).toBe(400);
    expect(html).toContain("Error submitting tool: Your submission looks automated and was not sent.");
    await expectNothingStored(server, 0);
  });

  it("leaves neither row nor file when saving fails after the logo was stored", async () => {
    const server = getServer();
    const { db } = server.services.database;
    if (testEngine() === "sqlite") {
      await sql`create trigger submit_fail before insert on tools begin select raise(abort, 'disk full'); end`.execute(
        db,
      );
    } else {
      await sql`create function submit_fail() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`.execute(
        db,
      );
      await sql`create trigger submit_fail before insert on tools for each row execute function submit_fail()`.execute(
        db,
      );
    }
    try {
      const { res, html } = await submit(server, FIELDS, await png());
      expect(res.status).toBe(503);
      expect(html).toContain(
        "Error submitting tool: The submission could not be saved. Please try again in a few minutes.",
      );
      expect(html).not.toContain("disk full");
      await expectNothingStored(server, 0);
    } finally {
      await sql`drop trigger submit_fail${testEngine() === "postgres" ? sql` on tools` : sql``}`.execute(db);
      if (testEngine() === "postgres") await sql`drop function submit_fail()`.execute(db);
    }
  });
});

describe("submission rate limit", () => {
  const getServer = useTestServer({
    configure: (config) => (config.rateLimits.submit = { points: 2, durationSec: 3600 }),
  });

  it("counts only saved submissions; past the limit answers 429 with Retry-After", async () => {
    const server = getServer();
    // Refused posts of every kind spend nothing: a person correcting the form does not run out of tries.
    for (let i = 0; i < 3; i++)
      expect((await submit(server, { ...FIELDS, name: "" }, await png())).res.status).toBe(400);
    expect((await submit(server, FIELDS, { bytes: await testImage("gif"), name: "logo.gif" })).res.status).toBe(400);
    expect(
      (await submit(server, FIELDS, { bytes: Buffer.alloc(LOGO_LIMITS.maxBytes + 10), name: "big.png" })).res.status,
    ).toBe(413);
    expect((await submit(server, FIELDS, await png())).res.status).toBe(303);
    expect((await submit(server, FIELDS, await png())).res.status).toBe(409);
    expect(
      (await submit(server, { ...FIELDS, websiteUrl: "https://second.example.com" }, await png())).res.status,
    ).toBe(303);
    const { res, html } = await submit(server, { ...FIELDS, websiteUrl: "https://other.example.com" }, await png());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(html).toContain("Error submitting tool: Too many submissions from your network. Please try again later.");
    expect((await toolRows(server)).length).toBe(2);
  });
});
