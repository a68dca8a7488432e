import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";
import type { Config } from "../platform/config.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import type { NewTool } from "../catalog/write.ts";
import {
  BROWSER_UA,
  decodeEntities,
  element,
  elements,
  getPage,
  locationOf,
  startTags,
  textOf,
} from "../../tests/support/html.ts";
import { testImage } from "../../tests/support/images.ts";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";
import { startLocalSmtp, type LocalSmtp } from "../../tests/support/smtp.ts";

// Claiming a listing (ADR 032) end to end against the real app: by e-mail (the mail read from a
// real SMTP server), by meta tag and by file (a fake website on 127.0.0.1, reached through the
// safe outbound fetch), the owner page with its counts, owners' edits through moderation, the
// admin's claims and revocation, and the limits.

/** A website on 127.0.0.1 whose home pages and well-known file the tests set. */
interface FakeSite {
  origin: string;
  host: string;
  pages: Map<string, { status: number; body: string; type?: string }>;
  close(): Promise<void>;
}

async function startFakeSite(): Promise<FakeSite> {
  const pages = new Map<string, { status: number; body: string; type?: string }>();
  const server: Server = http.createServer((req, res) => {
    const page = pages.get(req.url ?? "/") ?? { status: 404, body: "not found" };
    res.writeHead(page.status, { "content-type": page.type ?? "text/html; charset=utf-8" });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    pages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const OWNER_LINK = /\/owner\/([A-Za-z0-9_-]{43})/;
const CONFIRM_LINK = /\/claim\/[^\s?"]+\?confirm=([A-Za-z0-9_-]{43})/;
const SITE_CODE = /toolshelf-[0-9a-z]{32}/;

let smtp: LocalSmtp;
let site: FakeSite;
const clock = { now: Date.UTC(2026, 10, 27, 12) };
beforeAll(async () => {
  smtp = await startLocalSmtp();
  site = await startFakeSite();
});
afterAll(async () => {
  await smtp?.close();
  await site?.close();
});

function generous(config: Config) {
  for (const key of ["claimAddress", "claimToolAddress", "claimRecipient", "claimVerify", "ownerEdit"] as const)
    config.rateLimits[key] = { points: 1000, durationSec: 3600 };
}

async function auditActions(server: TestServer, toolId: string): Promise<string[]> {
  const rows = await server.services.database.db
    .selectFrom("audit_log")
    .select("action")
    .where("tool_id", "=", toolId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.action);
}

async function adminCookie(server: TestServer): Promise<string> {
  const { database } = server.services;
  const admin = await createAdmin(
    database,
    `claims-admin-${Math.random().toString(36).slice(2, 8)}`,
    "a long enough password",
    clock.now,
  );
  return `${adminCookieName(false)}=${await createAdminSession(database, admin.id, clock.now)}`;
}

const FORM_HEADERS = (server: TestServer) => ({
  Origin: server.url,
  "Content-Type": "application/x-www-form-urlencoded",
  "User-Agent": BROWSER_UA,
});

/** The owner form as a browser sends it: every field as the listing has it, but for `change`. */
function ownerForm(tool: NewTool, change: Record<string, string> = {}): URLSearchParams {
  const form = new URLSearchParams();
  const fields: Record<string, string | string[]> = {
    name: tool.name,
    tagline: tool.tagline,
    description: tool.description,
    categories: tool.categories,
    tags: tool.tags.join(", "),
    platforms: tool.platforms,
    pricingModel: tool.pricingModel ?? "",
    pricingDetails: tool.pricingDetails,
    features: tool.features.join(", "),
    useCases: tool.useCases.join(", "),
    integrations: tool.integrations.join(", "),
    targetAudience: tool.targetAudience.join(", "),
    ...change,
  };
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  return form;
}

/** Claims a tool by e-mail and returns the owner token (from the page, checked against the mail). */
async function claimByEmail(server: TestServer, slug: string, email: string): Promise<string> {
  const before = smtp.received.length;
  const sent = await postForm(`${server.url}/claim/${slug}`, { intent: "email", email });
  expect(sent.status).toBe(200);
  const mails = await smtp.waitFor(before + 1);
  const token = CONFIRM_LINK.exec(mails[before]!.parsed.text ?? "")![1]!;
  const confirmed = await postForm(`${server.url}/claim/${slug}`, { intent: "confirm", token });
  expect(confirmed.status).toBe(200);
  return OWNER_LINK.exec(await confirmed.text())![1]!;
}

describe("claiming a listing", () => {
  const getServer = useTestServer({
    // Behind a proxy on this machine: each request's X-Forwarded-For is its visitor's address.
    env: { TRUST_PROXY: "loopback" },
    configure: (config) => {
      generous(config);
      config.mail = { ...config.mail, smtpUrl: smtp.url, retries: 0 };
      config.outboundAllow = [site.host];
    },
    now: () => clock.now,
  });
  const emailTool = makeTool({ name: "Claimable Mailer", websiteUrl: "https://www.claimable-mailer.example/product" });
  const metaTool = makeTool({ name: "Claimable Meta", websiteUrl: "" });
  const fileTool = makeTool({ name: "Claimable File", websiteUrl: "" });
  const pendingTool = makeTool({ name: "Claimable Pending", status: "pending", source: "free_submission" });
  const sharedTool = makeTool({ name: "Claimable Together", websiteUrl: "https://together.example/" });
  const twiceTool = makeTool({ name: "Claimable Twice", websiteUrl: "https://twice.example/" });
  const sunsetTool = makeTool({ name: "Claimable Sunset", websiteUrl: "https://sunset.example/" });
  let s: TestServer;

  beforeAll(async () => {
    s = getServer();
    metaTool.websiteUrl = `${site.origin}/meta-home`;
    fileTool.websiteUrl = `${site.origin}/file-home`;
    await addTools(s.services, [emailTool, metaTool, fileTool, pendingTool, sharedTool, twiceTool, sunsetTool]);
  });

  it("offers every way to claim a public tool, privately; a tool that is not public has no claim page", async () => {
    const { res, html } = await getPage(s.url, `/claim/${emailTool.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    const text = textOf(html);
    expect(text).toContain("Is Claimable Mailer your tool? Claim it");
    expect(text).toContain("By e-mail at claimable-mailer.example");
    expect(text).toContain("Get a verification code");
    expect(text).toContain("Mail me a new owner link");
    expect((await getPage(s.url, `/claim/${pendingTool.slug}`)).res.status).toBe(404);
    expect((await getPage(s.url, "/claim/no-such-tool")).res.status).toBe(404);
  });

  it("claims by e-mail: a one-time link to an address at the website's domain, then a private owner link", async () => {
    const refused = await postForm(`${s.url}/claim/${emailTool.slug}`, { intent: "email", email: "ada@evil.example" });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("Please use an address at claimable-mailer.example");
    expect(smtp.received).toHaveLength(0);

    const before = smtp.received.length;
    const sent = await postForm(`${s.url}/claim/${emailTool.slug}`, {
      intent: "email",
      email: "Ada@Claimable-Mailer.example",
    });
    expect(sent.status).toBe(200);
    expect(textOf(await sent.text())).toContain("We have sent a confirmation link to ada@claimable-mailer.example");
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(["ada@claimable-mailer.example"]);
    expect(mail!.parsed.subject).toContain("Confirm that you own Claimable Mailer");
    const token = CONFIRM_LINK.exec(mail!.parsed.text ?? "")![1]!;
    // Only its hash is stored.
    const stored = await s.services.database.db
      .selectFrom("tool_claims")
      .selectAll()
      .where("tool_id", "=", emailTool.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Opening the link (as a mail scanner would) uses nothing: a person confirms with a button.
    const opened = await getPage(s.url, `/claim/${emailTool.slug}?confirm=${token}`);
    expect(opened.res.status).toBe(200);
    expect(opened.res.headers.get("cache-control")).toBe("private, no-store");
    expect(textOf(opened.html)).toContain("Confirm that I own it");
    expect((await getPage(s.url, `/claim/${emailTool.slug}?confirm=${token}`)).html).toContain("Confirm that I own it");

    const confirmed = await postForm(`${s.url}/claim/${emailTool.slug}`, { intent: "confirm", token });
    expect(confirmed.status).toBe(200);
    const page = await confirmed.text();
    expect(textOf(page)).toContain("You are now a verified owner of Claimable Mailer.");
    const ownerToken = OWNER_LINK.exec(page)![1]!;
    const [ownerMail] = (await smtp.waitFor(before + 2)).slice(before + 1);
    expect(ownerMail!.to).toEqual(["ada@claimable-mailer.example"]);
    expect(OWNER_LINK.exec(ownerMail!.parsed.text ?? "")![1]).toBe(ownerToken);

    // Single use.
    const again = await postForm(`${s.url}/claim/${emailTool.slug}`, { intent: "confirm", token });
    expect(again.status).toBe(410);
    expect(textOf(await again.text())).toContain("This confirmation link has expired or has been used already.");

    const owner = await getPage(s.url, `/owner/${ownerToken}`);
    expect(owner.res.status).toBe(200);
    expect(owner.res.headers.get("cache-control")).toBe("private, no-store");
    expect(owner.html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(textOf(owner.html)).toContain("Claimable Mailer: owner page");
    expect((await auditActions(s, emailTool.id)).sort()).toEqual(["claim-request", "claim-verify"]);
  });

  it("lets an e-mailed link expire after an hour", async () => {
    const before = smtp.received.length;
    await postForm(`${s.url}/claim/${emailTool.slug}`, { intent: "email", email: "late@claimable-mailer.example" });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const token = CONFIRM_LINK.exec(mail!.parsed.text ?? "")![1]!;
    clock.now += 61 * 60 * 1000;
    expect(textOf((await getPage(s.url, `/claim/${emailTool.slug}?confirm=${token}`)).html)).toContain(
      "This confirmation link has expired: links work for one hour.",
    );
    const late = await postForm(`${s.url}/claim/${emailTool.slug}`, { intent: "confirm", token });
    expect(late.status).toBe(410);
    expect((await auditActions(s, emailTool.id)).at(-1)).toBe("claim-verify-failed");
  });

  it("mails a verified owner a fresh owner link in the background; the link in use works until the new one is opened; strangers learn nothing", async () => {
    const first = await claimByEmail(s, emailTool.slug, "bob@claimable-mailer.example");
    const before = smtp.received.length;
    // A slow mail server: the answer does not wait for it, so it cannot tell whether a mail is on its way.
    const slow = smtp.hold();
    let receivedWhenAnswered = -1;
    const asked = await fetch(`${s.url}/claim/${emailTool.slug}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "owner-link", email: "bob@claimable-mailer.example" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: s.url },
      signal: AbortSignal.timeout(5000),
    }).finally(() => {
      receivedWhenAnswered = smtp.received.length;
      slow.release();
    });
    expect(receivedWhenAnswered).toBe(before);
    expect(asked.status).toBe(200);
    const answer = textOf(await asked.text());
    expect(answer).toContain("If bob@claimable-mailer.example owns this listing, we are mailing it a new owner link.");
    expect(answer).toContain("The link you have keeps working until you open the new one.");
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const fresh = OWNER_LINK.exec(mail!.parsed.text ?? "")![1]!;
    expect(fresh).not.toBe(first);
    // Asking ended nothing: whoever asked, the link in use still works.
    expect((await getPage(s.url, `/owner/${first}`)).res.status).toBe(200);
    // The new link's first use makes it the owner's link, and ends the old one.
    expect((await getPage(s.url, `/owner/${fresh}`)).res.status).toBe(200);
    expect((await getPage(s.url, `/owner/${first}`)).res.status).toBe(404);
    expect((await getPage(s.url, `/owner/${fresh}`)).res.status).toBe(200);
    expect(await auditActions(s, emailTool.id)).toContain("owner-link");

    // A new link never opened is replaced by the next one asked for; the link in use stays.
    await postForm(`${s.url}/claim/${emailTool.slug}`, { intent: "owner-link", email: "bob@claimable-mailer.example" });
    const unused = OWNER_LINK.exec((await smtp.waitFor(before + 2))[before + 1]!.parsed.text ?? "")![1]!;
    await postForm(`${s.url}/claim/${emailTool.slug}`, { intent: "owner-link", email: "bob@claimable-mailer.example" });
    const latest = OWNER_LINK.exec((await smtp.waitFor(before + 3))[before + 2]!.parsed.text ?? "")![1]!;
    expect((await getPage(s.url, `/owner/${unused}`)).res.status).toBe(404);
    expect((await getPage(s.url, `/owner/${fresh}`)).res.status).toBe(200);
    expect((await getPage(s.url, `/owner/${latest}`)).res.status).toBe(200);
    expect((await getPage(s.url, `/owner/${fresh}`)).res.status).toBe(404);

    const stranger = await postForm(`${s.url}/claim/${emailTool.slug}`, {
      intent: "owner-link",
      email: "eve@claimable-mailer.example",
    });
    expect(stranger.status).toBe(200);
    expect(textOf(await stranger.text())).toContain("If eve@claimable-mailer.example owns this listing");
    // The background work for a stranger ends without a mail: an owner's request sent after it is the next mail.
    await postForm(`${s.url}/claim/${emailTool.slug}`, { intent: "owner-link", email: "bob@claimable-mailer.example" });
    const [next] = (await smtp.waitFor(before + 4)).slice(before + 3);
    expect(next!.to).toEqual(["bob@claimable-mailer.example"]);
    expect(smtp.received.flatMap((m) => m.to)).not.toContain("eve@claimable-mailer.example");
  });

  it("a revoked claim's owner link, new or in use, stops working", async () => {
    const inUse = await claimByEmail(s, emailTool.slug, "gone@claimable-mailer.example");
    const before = smtp.received.length;
    await postForm(`${s.url}/claim/${emailTool.slug}`, {
      intent: "owner-link",
      email: "gone@claimable-mailer.example",
    });
    const fresh = OWNER_LINK.exec((await smtp.waitFor(before + 1))[before]!.parsed.text ?? "")![1]!;
    const cookie = await adminCookie(s);
    const claim = await s.services.database.db
      .selectFrom("tool_claims")
      .select("id")
      .where("email", "=", "gone@claimable-mailer.example")
      .executeTakeFirstOrThrow();
    expect(
      (await postForm(`${s.url}/admin/claims`, { intent: "revoke", id: claim.id }, { Cookie: cookie })).status,
    ).toBe(200);
    expect((await getPage(s.url, `/owner/${fresh}`)).res.status).toBe(404);
    expect((await getPage(s.url, `/owner/${inUse}`)).res.status).toBe(404);
  });

  it("claims by a meta tag on the website's home page, fetched through the safe outbound fetch", async () => {
    const started = await postForm(`${s.url}/claim/${metaTool.slug}`, { intent: "website" });
    expect(started.status).toBe(303);
    const location = locationOf(started, s.url)!;
    expect(location).toMatch(/^\/claim\/claimable-meta\?claim=[A-Za-z0-9_-]{43}$/);
    const secret = new URL(location, s.url).searchParams.get("claim")!;
    const { res, html } = await getPage(s.url, location);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const code = SITE_CODE.exec(html)![0];
    expect(textOf(html)).toContain(`<meta name="toolshelf-verification" content="${code}">`);

    // Not there yet: the claim stays pending, the attempt is logged.
    site.pages.set("/meta-home", {
      status: 200,
      body: "<html><head><title>Meta</title></head><body>Hello</body></html>",
    });
    const early = await postForm(`${s.url}/claim/${metaTool.slug}`, { intent: "verify", claim: secret });
    expect(early.status).toBe(422);
    const said = textOf(await early.text());
    expect(said).toContain(`We did not find your code on 127.0.0.1`);
    expect(said).toContain("the code is not there");

    // Someone who only knows the published code cannot verify it.
    site.pages.set("/meta-home", {
      status: 200,
      body: `<html><head><META content="${code}" name="toolshelf-verification"></head><body></body></html>`,
    });
    const stranger = await postForm(`${s.url}/claim/${metaTool.slug}`, { intent: "verify", claim: "x".repeat(43) });
    expect(stranger.status).toBe(410);

    const verified = await postForm(`${s.url}/claim/${metaTool.slug}`, { intent: "verify", claim: secret });
    expect(verified.status).toBe(200);
    const ownerToken = OWNER_LINK.exec(await verified.text())![1]!;
    expect((await getPage(s.url, `/owner/${ownerToken}`)).res.status).toBe(200);
    expect((await auditActions(s, metaTool.id)).sort()).toEqual([
      "claim-request",
      "claim-verify",
      "claim-verify-failed",
    ]);
    const entry = await s.services.database.db
      .selectFrom("audit_log")
      .select("detail")
      .where("tool_id", "=", metaTool.id)
      .where("action", "=", "claim-verify")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail)).toMatchObject({ method: "website", proof: "meta tag" });
    // Used: the claim page no longer verifies with that secret.
    expect((await postForm(`${s.url}/claim/${metaTool.slug}`, { intent: "verify", claim: secret })).status).toBe(410);
  });

  it("claims by the well-known file at the website's origin", async () => {
    const started = await postForm(`${s.url}/claim/${fileTool.slug}`, { intent: "website" });
    const location = locationOf(started, s.url)!;
    const secret = new URL(location, s.url).searchParams.get("claim")!;
    const code = SITE_CODE.exec((await getPage(s.url, location)).html)![0];
    site.pages.set("/file-home", { status: 200, body: "<html><head></head><body>No tag</body></html>" });
    site.pages.set("/.well-known/toolshelf-verification.txt", {
      status: 200,
      body: `toolshelf-someone-else\n${code}\n`,
      type: "text/plain",
    });
    const verified = await postForm(`${s.url}/claim/${fileTool.slug}`, { intent: "verify", claim: secret });
    expect(verified.status).toBe(200);
    expect(OWNER_LINK.test(await verified.text())).toBe(true);
    const entry = await s.services.database.db
      .selectFrom("audit_log")
      .select("detail")
      .where("tool_id", "=", fileTool.id)
      .where("action", "=", "claim-verify")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail)).toMatchObject({ proof: "file" });
  });

  it("counts a tool page's views in memory once per visitor and day (cache hits included, bots not), writes them in a batch, and shows them to the owner", async () => {
    const ownerToken = await claimByEmail(s, emailTool.slug, "views@claimable-mailer.example");
    const versionBefore = await s.services.database.db
      .selectFrom("catalog_state")
      .select(["version", "counts_version"])
      .executeTakeFirstOrThrow();
    await s.services.counts.views.flush();
    const rowsBefore = await s.services.database.db.selectFrom("tool_views").selectAll().execute();
    const from = (address: string, path = `/tool/${emailTool.slug}`) =>
      getPage(s.url, path, { headers: { "X-Forwarded-For": address } });
    // One visitor three times (rendered, then from the page cache): one view.
    for (let i = 0; i < 3; i++) expect((await from("198.51.100.1")).res.status).toBe(200);
    const hit = await from("198.51.100.2");
    expect(hit.res.headers.get("x-cache")).toBe("HIT");
    // Two addresses of one IPv6 /64 are one visitor.
    await from("2001:db8:1:2::1");
    await from("2001:db8:1:2::99");
    await fetch(`${s.url}/tool/${emailTool.slug}`, {
      headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)", "X-Forwarded-For": "198.51.100.9" },
    }).then((r) => r.text());
    await from("198.51.100.3", "/tool/no-such-tool");
    // Nothing written per request.
    expect(await s.services.database.db.selectFrom("tool_views").selectAll().execute()).toEqual(rowsBefore);
    expect(s.services.counts.views.unwritten([emailTool.slug, emailTool.id])).toBe(3);
    const owner = await getPage(s.url, `/owner/${ownerToken}`);
    expect(owner.html).toMatch(/data-testid="owner-views"[^>]*>3</);

    await s.services.counts.views.flush();
    const rows = await s.services.database.db
      .selectFrom("tool_views")
      .selectAll()
      .where("tool_id", "=", emailTool.id)
      .execute();
    expect(rows.reduce((sum, r) => sum + Number(r.count), 0)).toBe(3);
    expect(s.services.counts.views.unwritten([emailTool.slug])).toBe(0);
    // Another batch adds to the same day's row: a new visitor counts, one seen today (before the write) does not.
    await from("198.51.100.4", `/tool/${emailTool.slug}?ref=newsletter`);
    await from("198.51.100.1");
    await s.services.counts.views.flush();
    const after = await s.services.database.db
      .selectFrom("tool_views")
      .selectAll()
      .where("tool_id", "=", emailTool.id)
      .execute();
    expect(after).toHaveLength(1);
    expect(Number(after[0]!.count)).toBe(4);
    expect((await getPage(s.url, `/owner/${ownerToken}`)).html).toMatch(/data-testid="owner-views"[^>]*>4</);
    // Views are no change of the catalogue: no cached page goes stale.
    expect(
      await s.services.database.db
        .selectFrom("catalog_state")
        .select(["version", "counts_version"])
        .executeTakeFirstOrThrow(),
    ).toEqual(versionBefore);
    expect((await from("198.51.100.1")).res.headers.get("x-cache")).toBe("HIT");

    // The next day the same visitor counts again, on that day's row.
    const today = clock.now;
    clock.now += 24 * 60 * 60 * 1000;
    try {
      await from("198.51.100.1");
      await s.services.counts.views.flush();
      const days = await s.services.database.db
        .selectFrom("tool_views")
        .select(["day", "count"])
        .where("tool_id", "=", emailTool.id)
        .orderBy("day")
        .execute();
      expect(days.map((r) => Number(r.count))).toEqual([4, 1]);
    } finally {
      clock.now = today;
    }
  });

  it("writes counted views by the scheduled counts-flush job", async () => {
    await s.services.counts.views.flush();
    const total = async () =>
      (
        await s.services.database.db
          .selectFrom("tool_views")
          .select("count")
          .where("tool_id", "=", emailTool.id)
          .execute()
      ).reduce((sum, r) => sum + Number(r.count), 0);
    const before = await total();
    await getPage(s.url, `/tool/${emailTool.slug}`, { headers: { "X-Forwarded-For": "198.51.100.40" } });
    await getPage(s.url, `/tool/${emailTool.slug}`, { headers: { "X-Forwarded-For": "198.51.100.41" } });
    expect(s.services.counts.views.unwritten([emailTool.slug])).toBe(2);
    const outcome = await s.services.scheduler.run("counts-flush");
    expect(outcome.kind === "finished" && [outcome.run.status, outcome.run.summary]).toEqual([
      "succeeded",
      { views: 1, clicks: 0, impressions: 0, likes: 0, searches: 0 },
    ]);
    expect(await total()).toBe(before + 2);
    expect(s.services.counts.views.unwritten([emailTool.slug])).toBe(0);
    // Nothing counted since: a run writes nothing, and says so.
    const idle = await s.services.scheduler.run("counts-flush");
    expect(idle.kind === "finished" && idle.run.summary).toEqual({
      views: 0,
      clicks: 0,
      impressions: 0,
      likes: 0,
      searches: 0,
    });
  });

  it("sends an owner's edit to moderation with a diff; approval publishes it, rejection tells the owner why", async () => {
    const ownerToken = await claimByEmail(s, emailTool.slug, "editor@claimable-mailer.example");
    const cookie = await adminCookie(s);
    const form = new FormData();
    const fields: Record<string, string> = {
      name: emailTool.name,
      tagline: "Mail, but claimed",
      description: emailTool.description,
      categories: "productivity",
      tags: "testing, mail",
      platforms: "Web",
      pricingModel: "Free",
      pricingDetails: "Free forever.",
      features: "One, Two",
      useCases: "Testing",
      integrations: "Slack",
      targetAudience: "Developers",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(
      "logo",
      new File([new Uint8Array(await testImage("png", 64, 64))], "new-logo.png", { type: "image/png" }),
    );
    const sent = await fetch(`${s.url}/owner/${ownerToken}`, {
      method: "POST",
      body: form,
      headers: { Origin: s.url, "User-Agent": BROWSER_UA },
      redirect: "manual",
    });
    expect(sent.status).toBe(303);
    expect(locationOf(sent, s.url)).toBe(`/owner/${ownerToken}?sent=1`);

    const ownerView = textOf((await getPage(s.url, `/owner/${ownerToken}?sent=1`)).html);
    expect(ownerView).toContain("your changes were sent for review");
    expect(ownerView).toContain("Waiting for review");
    // The listing has not changed.
    expect(textOf((await getPage(s.url, `/tool/${emailTool.slug}`)).html)).not.toContain("Mail, but claimed");

    const moderation = await getPage(s.url, "/admin/moderation", { headers: { Cookie: cookie } });
    const queue = textOf(moderation.html);
    expect(queue).toContain("Owners' edits");
    expect(queue).toMatch(/Tagline\s*Tagline of Claimable Mailer\s*Mail, but claimed/);
    expect(queue).toMatch(/Tags\s*testing\s*testing, mail/);
    expect(moderation.html).toContain('alt="Proposed logo"');
    const editId = (
      await s.services.database.db
        .selectFrom("owner_edits")
        .select("id")
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow()
    ).id;

    const approved = await postForm(
      `${s.url}/admin/moderation`,
      { intent: "owner-approve", id: editId, formKey: `owner-approve:${editId}` },
      { Cookie: cookie },
    );
    expect(approved.status).toBe(200);
    expect(textOf(await approved.text())).toContain(
      "Approved and published the edit of “Claimable Mailer” by editor@claimable-mailer.example.",
    );
    const tool = textOf((await getPage(s.url, `/tool/${emailTool.slug}`)).html);
    expect(tool).toContain("Mail, but claimed");
    const row = await s.services.database.db
      .selectFrom("tools")
      .select(["tagline", "logo_url", "website_url"])
      .where("id", "=", emailTool.id)
      .executeTakeFirstOrThrow();
    expect(row.tagline).toBe("Mail, but claimed");
    expect(row.logo_url).toMatch(/^\/uploads\/logos\//);
    expect(row.website_url).toBe(emailTool.websiteUrl);
    expect(textOf((await getPage(s.url, `/owner/${ownerToken}`)).html)).toContain("Your last changes were approved");

    // A second edit, a minute later, rejected with a reason.
    clock.now += 60_000;
    form.set("tagline", "Too good to be true");
    form.delete("logo");
    expect(
      (
        await fetch(`${s.url}/owner/${ownerToken}`, {
          method: "POST",
          body: form,
          headers: { Origin: s.url },
          redirect: "manual",
        })
      ).status,
    ).toBe(303);
    const second = (
      await s.services.database.db
        .selectFrom("owner_edits")
        .select("id")
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow()
    ).id;
    const rejected = await postForm(
      `${s.url}/admin/moderation`,
      { intent: "owner-reject", id: second, reason: "Taglines say what it does.", formKey: `owner-reject:${second}` },
      { Cookie: cookie },
    );
    expect(rejected.status).toBe(200);
    clock.now += 60_000;
    expect(textOf((await getPage(s.url, `/owner/${ownerToken}`)).html)).toContain(
      "Your last changes were not accepted. Reason: Taglines say what it does.",
    );
    expect(textOf((await getPage(s.url, `/tool/${emailTool.slug}`)).html)).not.toContain("Too good to be true");

    const actions = await auditActions(s, emailTool.id);
    expect(actions).toEqual(expect.arrayContaining(["owner-edit", "edit", "owner-edit-approve", "owner-edit-reject"]));
    const audit = textOf((await getPage(s.url, "/admin/audit", { headers: { Cookie: cookie } })).html);
    for (const label of [
      "Claim requested",
      "Claim verified",
      "Owner proposed an edit",
      "Approved owner's edit",
      "Rejected owner's edit",
    ])
      expect(audit).toContain(label);
  });

  it("an owner's newer edit replaces their own that is waiting: one pending edit per claim", async () => {
    const ownerToken = await claimByEmail(s, twiceTool.slug, "twice@twice.example");
    const claim = await s.services.database.db
      .selectFrom("tool_claims")
      .select("id")
      .where("email", "=", "twice@twice.example")
      .executeTakeFirstOrThrow();
    const post = (tagline: string) =>
      fetch(`${s.url}/owner/${ownerToken}`, {
        method: "POST",
        body: ownerForm(twiceTool, { tagline }),
        headers: FORM_HEADERS(s),
        redirect: "manual",
      });
    expect((await post("First idea")).status).toBe(303);
    expect((await post("Second idea")).status).toBe(303);
    const pending = await s.services.database.db
      .selectFrom("owner_edits")
      .select("content")
      .where("claim_id", "=", claim.id)
      .where("status", "=", "pending")
      .execute();
    expect(pending).toHaveLength(1);
    // Only what it changes is kept.
    expect(JSON.parse(pending[0]!.content)).toEqual({ tagline: "Second idea" });
  });

  it("keeps co-owners' edits apart: each sees and replaces only their own; moderation shows them side by side; approving one leaves the other waiting", async () => {
    const ada = await claimByEmail(s, sharedTool.slug, "ada@together.example");
    const bob = await claimByEmail(s, sharedTool.slug, "bob@together.example");
    const cookie = await adminCookie(s);
    const { db } = s.services.database;
    const post = (token: string, change: Record<string, string>) =>
      fetch(`${s.url}/owner/${token}`, {
        method: "POST",
        body: ownerForm(sharedTool, change),
        headers: FORM_HEADERS(s),
        redirect: "manual",
      });
    const form = async (token: string) => {
      const { html } = await getPage(s.url, `/owner/${token}`);
      const tagline = startTags(html, "input").find((t) => t.attrs.name === "tagline")!.attrs.value;
      const description = decodeEntities(
        element(html, "textarea", (a) => a.name === "description", "description field").inner,
      );
      return { html, tagline, description: description.replace(/^\n/, "") };
    };

    expect((await post(ada, { tagline: "Together, by Ada" })).status).toBe(303);
    // Bob sees nothing of Ada's proposal: his form starts from the live listing.
    const bobSees = await form(bob);
    expect(textOf(bobSees.html)).not.toContain("Waiting for review");
    expect(bobSees.html).not.toContain("Together, by Ada");
    expect(bobSees.tagline).toBe(sharedTool.tagline);

    expect((await post(bob, { description: "Bob rewrote the description." })).status).toBe(303);
    clock.now += 1000;
    expect((await post(ada, { tagline: "Together, by Ada again" })).status).toBe(303);
    // Ada's newer edit replaced hers, not Bob's.
    const waiting = async () =>
      (
        await db
          .selectFrom("owner_edits")
          .innerJoin("tool_claims", "tool_claims.id", "owner_edits.claim_id")
          .select(["owner_edits.id", "tool_claims.email", "owner_edits.content"])
          .where("owner_edits.tool_id", "=", sharedTool.id)
          .where("owner_edits.status", "=", "pending")
          .orderBy("tool_claims.email")
          .execute()
      ).map((row) => ({ id: row.id, email: row.email, content: JSON.parse(row.content) as unknown }));
    const both = await waiting();
    expect(both.map(({ email, content }) => ({ email, content }))).toEqual([
      { email: "ada@together.example", content: { tagline: "Together, by Ada again" } },
      { email: "bob@together.example", content: { description: "Bob rewrote the description." } },
    ]);

    // Each owner's form: the live listing with their own proposal on top, never another's.
    const adaSees = await form(ada);
    expect(adaSees.tagline).toBe("Together, by Ada again");
    expect(adaSees.description).toBe(sharedTool.description);
    expect(adaSees.html).not.toContain("Bob rewrote the description.");
    const bobSeesNow = await form(bob);
    expect(bobSeesNow.tagline).toBe(sharedTool.tagline);
    expect(bobSeesNow.description).toBe("Bob rewrote the description.");

    // Moderation: both edits of the listing side by side, each with who sent it and its own diff.
    const edits = (html: string) =>
      element(
        html,
        "article",
        (a) => a["aria-labelledby"] === `owner-edits-${sharedTool.id}`,
        "the shared tool's edits",
      );
    const items = (html: string) => elements(edits(html).inner, "li").map((li) => textOf(li.inner));
    const listed = items((await getPage(s.url, "/admin/moderation", { headers: { Cookie: cookie } })).html);
    expect(listed).toHaveLength(2);
    // Oldest first: Bob's, then Ada's newer one.
    expect(listed[0]).toMatch(
      /^Proposed by bob@together\.example on .*Description\s*Claimable Together does useful things\..*Bob rewrote the description\./,
    );
    expect(listed[0]).not.toContain("Tagline");
    expect(listed[1]).toMatch(
      /^Proposed by ada@together\.example on .*Tagline\s*Tagline of Claimable Together\s*Together, by Ada again/,
    );
    expect(listed[1]).not.toContain("Description");

    // Approving Ada's publishes hers; Bob's still waits, compared with the listing as it now is.
    const adaEdit = both.find((e) => e.email === "ada@together.example")!.id;
    const approved = await postForm(
      `${s.url}/admin/moderation`,
      { intent: "owner-approve", id: adaEdit, formKey: `owner-approve:${adaEdit}` },
      { Cookie: cookie },
    );
    expect(approved.status).toBe(200);
    expect(textOf(await approved.text())).toContain(
      "Approved and published the edit of “Claimable Together” by ada@together.example.",
    );
    expect((await waiting()).map((e) => e.email)).toEqual(["bob@together.example"]);
    const after = items((await getPage(s.url, "/admin/moderation", { headers: { Cookie: cookie } })).html);
    expect(after).toHaveLength(1);
    expect(after[0]).toContain("Proposed by bob@together.example");
    expect(after[0]).not.toContain("Tagline");
    expect((await form(bob)).tagline).toBe("Together, by Ada again");

    clock.now += 1000;
    const bobEdit = both.find((e) => e.email === "bob@together.example")!.id;
    expect(
      (
        await postForm(
          `${s.url}/admin/moderation`,
          { intent: "owner-approve", id: bobEdit, formKey: `owner-approve:${bobEdit}` },
          { Cookie: cookie },
        )
      ).status,
    ).toBe(200);
    const live = await db
      .selectFrom("tools")
      .select(["tagline", "description"])
      .where("id", "=", sharedTool.id)
      .executeTakeFirstOrThrow();
    expect(live).toEqual({ tagline: "Together, by Ada again", description: "Bob rewrote the description." });
    // The audit log names whose edit each approval published.
    const decisions = await db
      .selectFrom("audit_log")
      .select("detail")
      .where("tool_id", "=", sharedTool.id)
      .where("action", "=", "owner-edit-approve")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    expect(decisions.map((d) => (JSON.parse(d.detail) as { owner: string }).owner)).toEqual([
      "ada@together.example",
      "bob@together.example",
    ]);
  });

  it("lets an owner say the tool is discontinued, with its successor: applied as the admin sets it once approved", async () => {
    const ownerToken = await claimByEmail(s, sunsetTool.slug, "owner@sunset.example");
    const cookie = await adminCookie(s);
    const post = (change: Record<string, string>) =>
      fetch(`${s.url}/owner/${ownerToken}`, {
        method: "POST",
        body: ownerForm(sunsetTool, change),
        headers: FORM_HEADERS(s),
        redirect: "manual",
      });
    const pendingEdits = () =>
      s.services.database.db
        .selectFrom("owner_edits")
        .select(["id", "content"])
        .where("tool_id", "=", sunsetTool.id)
        .where("status", "=", "pending")
        .execute();

    // A successor that is no public tool, or the tool itself, is refused with nothing kept.
    for (const [successor, message] of [
      ["no-such-tool", "No public tool has the slug “no-such-tool”."],
      [sunsetTool.slug, "A tool cannot be its own successor."],
      [pendingTool.slug, `No public tool has the slug “${pendingTool.slug}”.`],
    ] as const) {
      const refused = await post({ lifecycle: "discontinued", successor });
      expect(refused.status, successor).toBe(400);
      expect(textOf(await refused.text())).toContain(message);
    }
    expect((await post({ lifecycle: "gone" })).status).toBe(400);
    expect(await pendingEdits()).toEqual([]);

    // A form without the state leaves the tool's life alone.
    expect((await post({ tagline: "Sunsetting soon" })).status).toBe(303);
    expect(JSON.parse((await pendingEdits())[0]!.content)).toEqual({ tagline: "Sunsetting soon" });

    expect((await post({ lifecycle: "discontinued", successor: twiceTool.slug })).status).toBe(303);
    const [edit] = await pendingEdits();
    expect(JSON.parse(edit!.content)).toEqual({ lifecycle: "discontinued", successor: twiceTool.slug });
    const queue = textOf((await getPage(s.url, "/admin/moderation", { headers: { Cookie: cookie } })).html);
    expect(queue).toMatch(/Status\s*Active\s*Discontinued/);
    expect(queue).toMatch(new RegExp(`Successor\\s*—\\s*${twiceTool.slug}`));
    // Nothing changes before an admin approves.
    const life = () =>
      s.services.database.db
        .selectFrom("tools")
        .select(["lifecycle", "successor_id"])
        .where("id", "=", sunsetTool.id)
        .executeTakeFirstOrThrow();
    expect(await life()).toEqual({ lifecycle: null, successor_id: null });

    const approved = await postForm(
      `${s.url}/admin/moderation`,
      { intent: "owner-approve", id: edit!.id, formKey: `owner-approve:${edit!.id}` },
      { Cookie: cookie },
    );
    expect(approved.status).toBe(200);
    expect(await life()).toEqual({ lifecycle: "discontinued", successor_id: twiceTool.id });
    const page = await getPage(s.url, `/tool/${sunsetTool.slug}`);
    expect(page.html).toContain(`href="/tool/${twiceTool.slug}"`);
    expect(textOf(page.html)).toContain("discontinued");
    expect(await auditActions(s, sunsetTool.id)).toEqual(expect.arrayContaining(["edit", "owner-edit-approve"]));
    // The owner's form now starts from the tool's new state.
    expect((await getPage(s.url, `/owner/${ownerToken}`)).html).toMatch(/<option value="discontinued" selected="">/);
  });

  it("lists claims for the admin, and a revoked owner link stops working at once", async () => {
    const ownerToken = await claimByEmail(s, emailTool.slug, "revoked@claimable-mailer.example");
    const cookie = await adminCookie(s);
    const list = await getPage(s.url, "/admin/claims", { headers: { Cookie: cookie } });
    expect(list.res.status).toBe(200);
    const text = textOf(list.html);
    expect(text).toContain("revoked@claimable-mailer.example");
    expect(text).toContain("127.0.0.1");
    expect(text).toContain("Verified");
    const claim = await s.services.database.db
      .selectFrom("tool_claims")
      .select("id")
      .where("email", "=", "revoked@claimable-mailer.example")
      .executeTakeFirstOrThrow();
    const revoked = await postForm(`${s.url}/admin/claims`, { intent: "revoke", id: claim.id }, { Cookie: cookie });
    expect(revoked.status).toBe(200);
    expect(textOf(await revoked.text())).toContain("Revoked the claim of “Claimable Mailer”");
    expect((await getPage(s.url, `/owner/${ownerToken}`)).res.status).toBe(404);
    expect(await auditActions(s, emailTool.id)).toContain("claim-revoke");
    expect(
      (await postForm(`${s.url}/admin/claims`, { intent: "revoke", id: claim.id }, { Cookie: cookie })).status,
    ).toBe(404);
  });
});

describe("limits against abuse of claims", () => {
  const getServer = useTestServer({
    configure: (config) => {
      config.mail = { ...config.mail, smtpUrl: smtp.url, retries: 0 };
      config.outboundAllow = [site.host];
      config.trustProxy = "loopback";
      config.rateLimits.claimRecipient = { points: 2, durationSec: 3600 };
      config.rateLimits.claimToolAddress = { points: 4, durationSec: 86400 };
      config.rateLimits.claimVerify = { points: 2, durationSec: 600 };
    },
  });
  const tool = makeTool({ name: "Limited Claims", websiteUrl: "https://limited-claims.example" });
  let s: TestServer;
  beforeAll(async () => {
    s = getServer();
    await addTools(s.services, [tool]);
  });

  it("refuses with 429 and a clear message past the limits per recipient and per tool and address, writing nothing", async () => {
    const ask = (email: string, from = "198.51.100.1") =>
      postForm(`${s.url}/claim/${tool.slug}`, { intent: "email", email }, { "X-Forwarded-For": from });
    expect((await ask("a@limited-claims.example")).status).toBe(200);
    expect((await ask("a@limited-claims.example")).status).toBe(200);
    const perRecipient = await ask("a@limited-claims.example");
    expect(perRecipient.status).toBe(429);
    expect(perRecipient.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(textOf(await perRecipient.text())).toContain(
      "Too many claim requests. Please wait a while before asking again.",
    );
    // Another address cannot mail that recipient either.
    expect((await ask("a@limited-claims.example", "198.51.100.2")).status).toBe(429);
    expect((await ask("b@limited-claims.example")).status).toBe(200);
    // This address's budget for the tool (4 a day) is spent; another address's is not.
    expect((await ask("c@limited-claims.example")).status).toBe(429);
    expect((await ask("d@limited-claims.example", "198.51.100.3")).status).toBe(200);
    const claims = await s.services.database.db.selectFrom("tool_claims").select("id").execute();
    expect(claims).toHaveLength(4);

    const verify = () =>
      postForm(
        `${s.url}/claim/${tool.slug}`,
        { intent: "confirm", token: "y".repeat(43) },
        { "X-Forwarded-For": "198.51.100.1" },
      );
    expect((await verify()).status).toBe(410);
    expect((await verify()).status).toBe(410);
    const limited = await verify();
    expect(limited.status).toBe(429);
    expect(textOf(await limited.text())).toContain("Too many verification attempts");
  });
});

describe("nothing anonymous keeps a tool's owner from claiming it", () => {
  const clock = { now: Date.UTC(2026, 10, 27, 12) };
  // The configured limits, as a public site runs them (mail is not spaced out: it is not what is tried here).
  const getServer = useTestServer({
    configure: (config) => {
      config.mail = { ...config.mail, smtpUrl: smtp.url, retries: 0, perSecond: 1000 };
      config.outboundAllow = [site.host];
      config.trustProxy = "loopback";
    },
    now: () => clock.now,
  });
  const byDomain = makeTool({ name: "Wanted By Domain", websiteUrl: "https://wanted-by-domain.example/" });
  const bySite = makeTool({ name: "Wanted By Site", websiteUrl: "" });
  let s: TestServer;
  let strangers = 0;
  /** A fresh client address, as strangers rotate through theirs. */
  const stranger = () => `203.0.113.${++strangers}`;
  const OWNER = { "X-Forwarded-For": "192.0.2.77" };
  beforeAll(async () => {
    s = getServer();
    bySite.websiteUrl = `${site.origin}/wanted-home`;
    await addTools(s.services, [byDomain, bySite]);
  });

  const startWebsite = (slug: string, headers: Record<string, string>) =>
    postForm(`${s.url}/claim/${slug}`, { intent: "website" }, headers);

  it("strangers' website starts and e-mail claims, from many addresses, cost the tool nothing", async () => {
    const perInbox = s.services.config.rateLimits.claimRecipient.points;
    for (let i = 0; i < 25; i++) {
      const from = stranger();
      expect((await startWebsite(byDomain.slug, { "X-Forwarded-For": from })).status).toBe(303);
      expect(
        (
          await postForm(
            `${s.url}/claim/${byDomain.slug}`,
            { intent: "email", email: `webmaster@wanted-by-domain.example` },
            { "X-Forwarded-For": from },
          )
        ).status,
      ).toBe(i < perInbox ? 200 : 429);
      expect(
        (
          await postForm(
            `${s.url}/claim/${byDomain.slug}`,
            { intent: "email", email: `someone${i}@wanted-by-domain.example` },
            { "X-Forwarded-For": from },
          )
        ).status,
      ).toBe(200);
    }
    const before = smtp.received.length;
    const owner = await postForm(
      `${s.url}/claim/${byDomain.slug}`,
      { intent: "email", email: "maker@wanted-by-domain.example" },
      OWNER,
    );
    expect(owner.status).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(["maker@wanted-by-domain.example"]);
    expect((await startWebsite(byDomain.slug, OWNER)).status).toBe(303);
  });

  it("strangers' website starts and failed verifications do not stop the owner's website proof", async () => {
    site.pages.set("/wanted-home", {
      status: 200,
      body: "<html><head><title>Wanted</title></head><body></body></html>",
    });
    for (let i = 0; i < 25; i++) {
      const from = { "X-Forwarded-For": stranger() };
      const started = await startWebsite(bySite.slug, from);
      expect(started.status).toBe(303);
      const secret = new URL(locationOf(started, s.url)!, s.url).searchParams.get("claim")!;
      expect((await postForm(`${s.url}/claim/${bySite.slug}`, { intent: "verify", claim: secret }, from)).status).toBe(
        422,
      );
      expect(
        (await postForm(`${s.url}/claim/${bySite.slug}`, { intent: "verify", claim: "z".repeat(43) }, from)).status,
      ).toBe(410);
    }
    const started = await startWebsite(bySite.slug, OWNER);
    expect(started.status).toBe(303);
    const location = locationOf(started, s.url)!;
    const secret = new URL(location, s.url).searchParams.get("claim")!;
    const code = SITE_CODE.exec((await getPage(s.url, location)).html)![0];
    site.pages.set("/wanted-home", {
      status: 200,
      body: `<html><head><meta name="toolshelf-verification" content="${code}"></head><body></body></html>`,
    });
    const verified = await postForm(`${s.url}/claim/${bySite.slug}`, { intent: "verify", claim: secret }, OWNER);
    expect(verified.status).toBe(200);
    expect(OWNER_LINK.test(await verified.text())).toBe(true);
  });

  it("forgets website starts never verified once they expire", async () => {
    const pending = () =>
      s.services.database.db
        .selectFrom("tool_claims")
        .select("id")
        .where("tool_id", "=", byDomain.id)
        .where("method", "=", "website")
        .where("status", "=", "pending")
        .execute();
    expect((await pending()).length).toBeGreaterThanOrEqual(26);
    clock.now += 7 * 24 * 60 * 60 * 1000 + 1;
    expect((await startWebsite(byDomain.slug, { "X-Forwarded-For": stranger() })).status).toBe(303);
    expect(await pending()).toHaveLength(1);
  });
});
