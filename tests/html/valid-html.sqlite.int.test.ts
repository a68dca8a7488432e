import fs from "node:fs";
import path from "node:path";
import { HtmlValidate, type Message } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../../server/admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../../server/admin/session.ts";
import {
  addToolToCollection,
  createCollection,
  setCollectionStatus,
  setToolNote,
} from "../../server/collections/service.ts";
import { saveContactMessage } from "../../server/contact/service.ts";
import { unsubscribeToken } from "../../server/digest/subscribers.ts";
import { storeCatalogFile } from "../../server/importer/catalog-file.ts";
import { addPaidOrder, addTools, makeTool } from "../support/catalog.ts";
import { BROWSER_UA } from "../support/html.ts";
import { fileOf, testImage } from "../support/images.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

// Every page the site serves is valid HTML (ADR 033): html-validate's rules for what the standard
// allows (element content and parents, attributes and their values, duplicate and malformed ids,
// one main, labels that point somewhere) and for a whole document (doctype, title). Ids must be
// made of safe characters (a letter first; letters, digits, - and _). The pages' HTML does not
// depend on the database engine, so this runs on SQLite alone.

const validator = new HtmlValidate({
  extends: ["html-validate:standard", "html-validate:document"],
  rules: {
    // Ids are checked by SAFE_ID below (React's own ids start with an underscore, which is fine).
    "valid-id": ["error", { relaxed: true }],
    // Our own assets from our own origin: integrity hashes guard other origins' files.
    "require-sri": "off",
    // React writes a boolean attribute as attr="" — valid HTML, but not this rule's preferred style.
    "attribute-boolean-style": "off",
    // Inline <script type="application/ld+json"> and the like are data blocks: fine.
    "script-element": "off",
  },
});

const describeMessage = (m: Message) =>
  `${m.ruleId} at ${m.line}:${m.column}: ${m.message} — ${(m.selector ?? "").slice(0, 120)}`;

/** What an id may be made of: a letter or underscore first, then letters, digits, - and _. */
const SAFE_ID = /^[A-Za-z_][A-Za-z0-9_-]*$/;

async function problemsOf(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  const unsafe = [...html.matchAll(/<[a-z][^>]*?\sid="([^"]*)"/g)].map((m) => m[1]!).filter((id) => !SAFE_ID.test(id));
  // `multiple` belongs to e-mail and file inputs (and select) only; the checker does not know it for the others.
  const misusedMultiple = [...html.matchAll(/<input\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\smultiple(=|\s|>|\/)/.test(tag) && !/\stype="(email|file)"/.test(tag));
  return [
    ...misusedMultiple.map((tag) => `multiple on ${tag.slice(0, 120)}`),
    ...report.results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map(describeMessage)),
    ...unsafe.map((id) => `unsafe id ${JSON.stringify(id)}`),
  ];
}

describe("every page is valid HTML", () => {
  let server: TestServer;
  let cookie: string;
  let pending: string;
  let statusPath: string;
  let successPath: string;
  /** The owners' and readers' pages that only a mailed link opens. */
  let claimConfirmPath: string;
  let ownerPath: string;
  let digestConfirmPath: string;
  let unsubscribePath: string;
  /** A published collection of two tools, one with a note; and a draft with none. */
  let collectionId: string;
  let draftId: string;
  const toolA = makeTool({
    name: "Valid Alpha",
    features: ["Fast", "Small"],
    platforms: ["Web", "Browser Extension"],
    tags: ["notes", "two words"],
  });
  const toolB = makeTool({ name: "Valid Beta", categories: ["ai", "design"], pricingModel: "Paid" });
  const toolPending = makeTool({ name: "Valid Pending", status: "pending", source: "free_submission" });

  beforeAll(async () => {
    server = await startTestServer({ env: { PAYMENTS_MODE: "test" } });
    const now = server.services.now();
    await addTools(server.services, [
      toolA,
      toolB,
      toolPending,
      ...Array.from({ length: 30 }, (_, i) => makeTool({ name: `Valid Filler ${i}` })),
    ]);
    await addPaidOrder(server.services, toolB, 80, now - 1000);
    const admin = await createAdmin(server.services.database, "html-admin", "a long enough password", now);
    cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, admin.id, now)}`;
    const collection = await createCollection(server.services, admin, {
      title: "Valid picks",
      slug: "valid-picks",
      intro: "Two tools.\n\n<ul><li>One</li></ul>",
    });
    const draft = await createCollection(server.services, admin, {
      title: "Valid draft",
      slug: "valid-draft",
      intro: "",
    });
    if (collection.kind !== "created" || draft.kind !== "created") throw new Error("collections not created");
    collectionId = collection.id;
    draftId = draft.id;
    await addToolToCollection(server.services, admin, collectionId, toolA.slug);
    await addToolToCollection(server.services, admin, collectionId, toolB.slug);
    await setToolNote(server.services, admin, collectionId, toolB.id, "The paid one.");
    await setCollectionStatus(server.services, admin, collectionId, "published");
    await saveContactMessage(
      server.services.database,
      { name: "Ann", email: "ann@example.org", subject: "Hello", message: "A message long enough to keep." },
      now,
    );
    // A submission through the form: its private status page.
    const body = new FormData();
    for (const [k, v] of Object.entries({
      name: "Valid Submitted",
      tagline: "Submitted for the checker",
      websiteUrl: "https://valid-submitted.example.com",
      description: "Text.",
      pricingModel: "Free",
      submitterEmail: "maker@example.org",
    }))
      body.append(k, v);
    body.append("categories", "productivity");
    body.append("platforms", "Browser Extension");
    body.append("logo", fileOf(await testImage("png", 64, 64), "logo.png"));
    const res = await fetch(`${server.url}/submit-tool`, {
      method: "POST",
      body,
      headers: { Origin: server.url, Accept: "text/html" },
      redirect: "manual",
    });
    // Sent on to the form's success state, which links the private status page.
    successPath = res.headers.get("location") ?? "";
    const token = /^\/submit-tool\/([A-Za-z0-9_-]+)$/.exec(successPath)?.[1];
    if (!token) throw new Error(`no status token after submitting: ${res.status} ${await res.text()}`);
    statusPath = `/submission/${token}`;

    // A claim by e-mail and a subscription, their mails read from the outbox (no SMTP_URL here).
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      redirect: "manual" as const,
    });
    const outbox = path.join(server.services.config.dataDir, "outbox");
    const newestMail = async (before: number) => {
      for (
        let i = 0;
        i < 100 &&
        (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(".eml")).length : 0) <= before;
        i++
      )
        await new Promise((r) => setTimeout(r, 50));
      const files = fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith(".eml"))
        .sort();
      // Quoted-printable: soft line breaks joined, "=" decoded.
      return fs
        .readFileSync(path.join(outbox, files.at(-1)!), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
    };
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(".eml")).length : 0);
    const claimHost = new URL(toolA.websiteUrl).hostname;
    let before = mails();
    expect(
      (await fetch(`${server.url}/claim/${toolA.slug}`, form({ intent: "email", email: `owner@${claimHost}` }))).status,
    ).toBe(200);
    const claimToken = /\?confirm=([A-Za-z0-9_-]{43})/.exec(await newestMail(before))![1]!;
    claimConfirmPath = `/claim/${toolA.slug}?confirm=${claimToken}`;
    const confirmed = await fetch(`${server.url}/claim/${toolA.slug}`, form({ intent: "confirm", token: claimToken }));
    const confirmedHtml = await confirmed.text();
    ownerPath = /(\/owner\/[A-Za-z0-9_-]{43})/.exec(confirmedHtml)![1]!;
    // An open report, so the owner page and the admin's reports queue show their lists.
    expect(
      (
        await fetch(
          `${server.url}/tool/${toolA.slug}`,
          form({ reason: "wrong-information", note: "Line one.\nLine two.", email: "r@example.com" }),
        )
      ).status,
    ).toBe(200);
    // An owner's edit waiting, so moderation shows its markup too.
    expect(
      (
        await fetch(
          `${server.url}${ownerPath}`,
          form({ name: toolA.name, tagline: "Proposed by its owner", categories: toolA.categories[0]! }),
        )
      ).status,
    ).toBe(303);
    before = mails();
    expect((await fetch(`${server.url}/digest`, form({ email: "reader@example.org" }))).status).toBe(303);
    digestConfirmPath = /(\/digest\/confirm\/[A-Za-z0-9_-]+)/.exec(await newestMail(before))![1]!;
    const subscriber = await server.services.database.db
      .selectFrom("digest_subscribers")
      .select("id")
      .executeTakeFirstOrThrow();
    unsubscribePath = `/digest/unsubscribe/${await unsubscribeToken(server.services, subscriber.id)}`;
    pending = toolPending.slug;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function page(
    path: string,
    init: RequestInit & { admin?: boolean } = {},
  ): Promise<{ status: number; html: string }> {
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        "User-Agent": BROWSER_UA,
        Accept: "text/html",
        ...(init.admin ? { cookie } : {}),
        ...(init.headers as Record<string, string>),
      },
      redirect: "manual",
    });
    return { status: res.status, html: await res.text() };
  }

  const publicPages = () => [
    "/",
    "/browse/all",
    "/browse/all/name?page=2",
    "/browse/ai",
    "/browse/all?pricing=free,paid&platforms=web",
    "/browse/no-such-category",
    "/alternatives/no-such-tool",
    `/tool/${toolA.slug}`,
    `/tool/${toolB.slug}`,
    `/tool/${pending}`,
    `/alternatives/${toolA.slug}`,
    "/compare",
    `/compare/${toolA.slug}-vs-${toolB.slug}`,
    "/search/valid",
    "/search/zzzznothing",
    "/search",
    "/about",
    "/developers/api",
    "/ranking",
    "/collections",
    "/collections/valid-picks",
    "/collections/valid-draft",
    "/trending",
    "/trending/today",
    "/browse/all/trending",
    "/privacy-policy",
    "/contact",
    "/submit-tool",
    "/submit",
    "/payment-success",
    "/payment-cancel",
    successPath,
    statusPath,
    "/submission/no-such-token",
    "/no-such-page",
    "/tool/no-such-tool",
    "/admin/login",
    `/claim/${toolB.slug}`,
    claimConfirmPath,
    ownerPath,
    "/claim/no-such-tool",
    "/owner/no-such-token",
    "/digest",
    "/digest?sent=1",
    digestConfirmPath,
    "/digest/confirm/no-such-token",
    unsubscribePath,
  ];

  it("the public pages", async () => {
    expect(statusPath).toMatch(/^\/submission\//);
    const problems: string[] = [];
    for (const path of publicPages()) {
      const { status, html } = await page(path);
      expect([200, 404], path).toContain(status);
      for (const p of await problemsOf(html)) problems.push(`${path}: ${p}`);
    }
    expect(problems).toEqual([]);
  });

  it("the admin pages", async () => {
    const problems: string[] = [];
    // A file import's preview (a mapped and an unmapped heading, a refused line) and its finished progress.
    const list =
      "## Design\n- [Valid Html](https://valid-html.io) - x\n## Odd Things\n- [Odd](https://odd.io)\n- [Broken](https://broken\n";
    const stored = async () => {
      const result = await storeCatalogFile(
        server.services,
        { text: list, fileName: "list.md", format: "markdown" },
        { id: null, username: "valid-html" },
      );
      if (!result.ok) throw new Error(result.message);
      return result.id;
    };
    const preview = await stored();
    const finished = await stored();
    await server.services.database.db
      .updateTable("file_imports")
      .set({ status: "finished", total: 3, done: 3, added: 1, failed: 2 })
      .where("id", "=", finished)
      .execute();
    for (const path of [
      "/admin/import/file",
      `/admin/import/file?id=${preview}`,
      `/admin/import/file?id=${finished}`,
      "/admin/dashboard",
      "/admin/moderation",
      "/admin/tools",
      "/admin/tools?q=valid",
      `/admin/tools/${toolA.id}`,
      "/admin/tools/no-such-id",
      "/admin/add-tool",
      "/admin/import",
      "/admin/messages",
      "/admin/orders",
      "/admin/audit",
      "/admin/jobs",
      "/admin/claims",
      "/admin/digest",
      "/admin/reports",
      "/admin/collections",
      `/admin/collections/${collectionId}`,
      `/admin/collections/${collectionId}?q=valid`,
      `/admin/collections/${draftId}`,
      "/admin/collections/no-such-id",
    ]) {
      const { status, html } = await page(path, { admin: true });
      expect([200, 404], path).toContain(status);
      for (const p of await problemsOf(html)) problems.push(`${path}: ${p}`);
    }
    expect(problems).toEqual([]);
  });

  it("forms answered with their errors", async () => {
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    });
    const problems: string[] = [];
    for (const [path, init] of [
      ["/contact", form({ name: "", email: "not an address", subject: "", message: "x" })],
      ["/admin/login", form({ username: "nobody", password: "wrong" })],
      ["/submit-tool", form({ name: "" })],
      // "Fill from website" answered with its status line (an address it may not read).
      ["/submit-tool", form({ intent: "fill", websiteUrl: "http://127.0.0.1:9/" })],
      [`/claim/${toolB.slug}`, form({ intent: "email", email: "someone@elsewhere.example" })],
      ["/digest", form({ email: "not an address" })],
      [`/tool/${toolA.slug}`, form({ reason: "nonsense", note: "<b>x</b>", email: "not an address" })],
      [`/tool/${toolA.slug}`, form({ reason: "broken-link", note: "Its site moved." })],
    ] as const) {
      const { status, html } = await page(path, init);
      expect(status, path).toBeLessThan(500);
      for (const p of await problemsOf(html)) problems.push(`POST ${path}: ${p}`);
    }
    expect(problems).toEqual([]);
  });
});
