import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";
import type { Config } from "../platform/config.ts";
import { addPaidOrder, addTools, makeTool } from "../../tests/support/catalog.ts";
import { startLocalSmtp, type LocalSmtp, type ReceivedMail } from "../../tests/support/smtp.ts";
import { postForm, startTestServer, type TestServer } from "../../tests/support/server.ts";
import { isoWeekKey } from "../../core/digest.ts";

// The weekly digest end to end, on the real app and database: subscribe, the confirmation mail as
// a real SMTP server received it, confirm, the digest job's run, both unsubscribes, retries, and
// the outbox without SMTP_URL.

const DAY = 24 * 60 * 60 * 1000;
const JOB = "weekly-digest";

function quickMail(config: Config) {
  config.mail = { ...config.mail, retries: 1, retryBaseMs: 10, perSecond: 100 };
  config.rateLimits.digestSubscribe = { points: 1000, durationSec: 60 };
}

/** A message's header section with folded lines joined (RFC 5322 folding of long headers). */
const unfolded = (raw: string) => raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");

/** The first absolute link to `pathPart` in a text. */
function linkIn(text: string, pathPart: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${pathPart}[^\\s"<>]+`).exec(text);
  if (!match) throw new Error(`no ${pathPart} link in: ${text}`);
  return match[0];
}

async function seedTools(server: TestServer) {
  const now = server.services.now();
  const fresh = makeTool({ name: `<b>Fresh</b> & "Co"`, tagline: "New <i>this</i> week", createdAt: now - DAY });
  const old = makeTool({ name: "Old Timer", createdAt: now - 30 * DAY });
  const paid = makeTool({ name: "Paid Placement", createdAt: now - 60 * DAY });
  const pending = makeTool({
    name: "Still Pending",
    status: "pending",
    source: "free_submission",
    createdAt: now - DAY,
  });
  await addTools(server.services, [fresh, old, paid, pending]);
  await addPaidOrder(server.services, paid, 50, now - DAY);
  return { fresh, old, paid, pending };
}

describe("the weekly digest over SMTP", () => {
  let smtp: LocalSmtp;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    server = await startTestServer({ env: { SMTP_URL: smtp.url }, configure: quickMail });
    const now = server.services.now();
    const admin = await createAdmin(server.services.database, "digest-admin", "a long enough password", now);
    cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, admin.id, now)}`;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const mailsTo = (address: string, subject: RegExp) =>
    smtp.received.filter((m) => m.to.includes(address) && subject.test(m.parsed.subject ?? ""));
  const subscriberRow = (email: string | null, id?: string) =>
    server.services.database.db
      .selectFrom("digest_subscribers")
      .selectAll()
      .where((eb) => (id ? eb("id", "=", id) : eb("email", "=", email)))
      .executeTakeFirst();
  const run = async () => {
    const outcome = await server.services.scheduler.run(JOB);
    if (outcome.kind !== "finished") throw new Error(`the run did not happen: ${outcome.kind}`);
    expect(outcome.run.status, outcome.run.error ?? "").toBe("succeeded");
    return outcome.run.summary as { week: string; sent: number; failed: number; outcome: string };
  };
  /** Subscribes and confirms an address through the pages and the confirmation mail; its subscriber id. */
  async function subscribeAndConfirm(email: string): Promise<string> {
    const before = smtp.received.length;
    expect((await postForm(`${server.url}/digest`, { email })).status).toBe(303);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const confirm = new URL(linkIn(mail!.parsed.text ?? "", "/digest/confirm/")).pathname;
    expect((await postForm(`${server.url}${confirm}`, {})).status).toBe(200);
    const row = await subscriberRow(email);
    expect(row?.status).toBe("confirmed");
    return row!.id;
  }

  it("runs with nothing to send and says so, sending nothing", async () => {
    await subscribeAndConfirm("early@example.org");
    const before = smtp.received.length;
    const summary = await run();
    expect(summary.sent).toBe(0);
    expect(summary.outcome).toMatch(/Nothing new and nothing featured/);
    expect(await server.services.database.db.selectFrom("digest_issues").selectAll().execute()).toEqual([]);
    expect(smtp.received.length).toBe(before);
  });

  let digest: ReceivedMail;
  let tools: Awaited<ReturnType<typeof seedTools>>;

  it("subscribes with double opt-in and sends the week's digest with both bodies and both headers", async () => {
    tools = await seedTools(server);
    const before = smtp.received.length;
    const post = await postForm(`${server.url}/digest`, { email: "  Reader.One@EXAMPLE.com " });
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/digest?sent=1");
    expect(await (await fetch(`${server.url}/digest?sent=1`)).text()).toContain("Check your inbox to confirm");

    const [confirmation] = (await smtp.waitFor(before + 1)).slice(before);
    expect(confirmation!.to).toEqual(["Reader.One@example.com"]);
    expect(confirmation!.parsed.subject).toMatch(/Confirm your subscription/);
    const link = linkIn(confirmation!.parsed.text ?? "", "/digest/confirm/");
    expect(confirmation!.parsed.html).toContain(link);
    const row = await subscriberRow("Reader.One@example.com");
    expect(row).toMatchObject({ status: "pending" });
    // Only the token's hash is stored.
    const token = link.split("/").pop()!;
    expect(row!.confirm_token_hash).not.toContain(token);

    // Opening the link (as a mail scanner would) confirms nothing; its button does.
    const confirmPath = new URL(link).pathname;
    const page = await fetch(`${server.url}${confirmPath}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/no-store/);
    expect(await page.text()).toContain("Confirm subscription");
    expect((await subscriberRow("Reader.One@example.com"))!.status).toBe("pending");
    const confirmed = await postForm(`${server.url}${confirmPath}`, {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("subscribed");
    expect((await subscriberRow("Reader.One@example.com"))!.status).toBe("confirmed");

    const sentBefore = smtp.received.length;
    const summary = await run();
    expect(summary).toMatchObject({ week: isoWeekKey(server.services.now(), "Europe/Amsterdam"), sent: 2, failed: 0 });
    await smtp.waitFor(sentBefore + 2);
    const [mail] = mailsTo("Reader.One@example.com", / weekly: /);
    digest = mail!;
    expect(digest.parsed.subject).toBe("toolshelf/ weekly: 1 new tool");
    const text = digest.parsed.text ?? "";
    const html = String(digest.parsed.html);
    expect(text).toContain(`<b>Fresh</b> & "Co" — New <i>this</i> week`);
    expect(text).toContain("Paid Placement");
    expect(text).not.toContain("Old Timer");
    expect(text).not.toContain("Still Pending");
    expect(html).toContain("&lt;b&gt;Fresh&lt;/b&gt; &amp; &quot;Co&quot;");
    expect(html).not.toContain("<b>Fresh</b>");
    expect(html).toContain(`/tool/${tools.paid.slug}`);
    const unsubscribe = linkIn(text, "/digest/unsubscribe/");
    expect(html).toContain(unsubscribe);
    const headers = unfolded(digest.raw);
    expect(headers).toMatch(new RegExp(`^List-Unsubscribe: <${unsubscribe.replace(/[.?]/g, "\\$&")}>\\r?$`, "m"));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // A second run of the week sends nobody the issue again.
    const again = await run();
    expect(again).toMatchObject({ sent: 0, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo("Reader.One@example.com", / weekly: /)).toHaveLength(1);
  });

  it("answers a subscribe post the same whatever the address's state, mailing only who needs it", async () => {
    const before = smtp.received.length;
    const confirmedAgain = await postForm(`${server.url}/digest`, { email: "Reader.One@example.com" });
    const fresh = await postForm(`${server.url}/digest`, { email: "someone.new@example.net" });
    expect([confirmedAgain.status, confirmedAgain.headers.get("location")]).toEqual([
      fresh.status,
      fresh.headers.get("location"),
    ]);
    await smtp.waitFor(before + 1);
    // Pending and asked again at once: no second mail (re-sent only after a while).
    expect((await postForm(`${server.url}/digest`, { email: "someone.new@example.net" })).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.slice(before).map((m) => m.to[0])).toEqual(["someone.new@example.net"]);
  });

  it("unsubscribes in one click: a POST of List-Unsubscribe=One-Click to the List-Unsubscribe URL (RFC 8058)", async () => {
    const url = /^List-Unsubscribe: <([^>]+)>/m.exec(unfolded(digest.raw))![1]!;
    const target = `${server.url}${new URL(url).pathname}`;
    const row = await subscriberRow("Reader.One@example.com");
    // Refused without the one-click body, and for a token this site did not sign: nothing changes.
    const wrongBody = await fetch(target, {
      method: "POST",
      body: "unsubscribe=yes",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(wrongBody.status).toBe(400);
    const forged = await fetch(`${target.slice(0, -3)}AAA`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(forged.status).toBe(404);
    expect((await subscriberRow(null, row!.id))!.status).toBe("confirmed");

    // As a mail provider posts it: no cookie, an Origin of its own.
    const response = await fetch(target, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    const after = await subscriberRow(null, row!.id);
    expect(after).toMatchObject({ status: "unsubscribed", email: null, confirm_token_hash: null });
    // Again: still 200, and the page says so.
    expect(
      (
        await fetch(target, {
          method: "POST",
          body: "List-Unsubscribe=One-Click",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(200);
    expect(await (await fetch(target)).text()).toContain("You are unsubscribed");
  });

  it("unsubscribes by the link in the body: a page with a button", async () => {
    const id = await subscribeAndConfirm("reader.two@example.com");
    const before = smtp.received.length;
    // Confirmed after this week's issue went out: the next run of the week sends it to them.
    expect(await run()).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const link = linkIn(mail!.parsed.text ?? "", "/digest/unsubscribe/");
    const page = `${server.url}${new URL(link).pathname}`;
    const html = await (await fetch(page)).text();
    expect(html).toContain("Unsubscribe from the weekly digest");
    expect((await subscriberRow(null, id))!.status).toBe("confirmed");
    const pressed = await postForm(page, { "List-Unsubscribe": "One-Click", source: "page" });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toBe(new URL(link).pathname);
    expect(await (await fetch(page)).text()).toContain("You are unsubscribed");
    expect((await subscriberRow(null, id))!.status).toBe("unsubscribed");
  });

  it("tries a failed send again in the next run, and never sends a reader the week's issue twice", async () => {
    const a = await subscribeAndConfirm("retry.a@example.com");
    const b = await subscribeAndConfirm("retry.b@example.com");
    const c = await subscribeAndConfirm("crashed.c@example.com");
    const week = isoWeekKey(server.services.now(), "Europe/Amsterdam");
    // A run that died after claiming c's send: c is not sent again (at most once).
    await server.services.database.db
      .insertInto("digest_deliveries")
      .values({
        week,
        subscriber_id: c,
        status: "sending",
        attempts: 1,
        last_error: null,
        updated_at: server.services.now(),
        sent_at: null,
      })
      .execute();
    const first = [a, b].sort()[0];
    const before = smtp.received.length;
    smtp.refuseNext(1, 550);
    expect(await run()).toMatchObject({ sent: 1, failed: 1 });
    const failed = await server.services.database.db
      .selectFrom("digest_deliveries")
      .selectAll()
      .where("week", "=", week)
      .where("status", "=", "failed")
      .execute();
    expect(failed.map((d) => d.subscriber_id)).toEqual([first]);

    expect(await run()).toMatchObject({ sent: 1, failed: 0 });
    expect(await run()).toMatchObject({ sent: 0, failed: 0 });
    await smtp.waitFor(before + 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo("retry.a@example.com", / weekly: /)).toHaveLength(1);
    expect(mailsTo("retry.b@example.com", / weekly: /)).toHaveLength(1);
    expect(mailsTo("crashed.c@example.com", / weekly: /)).toHaveLength(0);
    const retried = await server.services.database.db
      .selectFrom("digest_deliveries")
      .select(["status", "attempts"])
      .where("subscriber_id", "=", first!)
      .executeTakeFirst();
    expect(retried).toEqual({ status: "sent", attempts: 2 });
  });

  it("shows the admin the readers, where mails go and the last sends, and runs the digest now", async () => {
    const page = await fetch(`${server.url}/admin/digest`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Confirmed readers");
    expect(html).toContain("Unsubscribed");
    expect(html).toContain(`smtp://127.0.0.1:${new URL(smtp.url).port}`);
    expect(html).toContain(isoWeekKey(server.services.now(), "Europe/Amsterdam"));
    const ran = await postForm(`${server.url}/admin/digest`, { intent: "run" }, { Cookie: cookie });
    expect(ran.status).toBe(200);
    expect(await ran.text()).toContain("Every confirmed reader already has this week");
    // Listed with the other jobs.
    expect(await (await fetch(`${server.url}/admin/jobs`, { headers: { Cookie: cookie } })).text()).toContain(
      "Weekly digest",
    );
    // And its confirmed readers on the dashboard.
    expect(await (await fetch(`${server.url}/admin/dashboard`, { headers: { Cookie: cookie } })).text()).toMatch(
      /Weekly digest readers<\/dt><dd[^>]*>\d+<\/dd>/,
    );
  });
});

describe("the weekly digest without SMTP_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ configure: quickMail });
  });
  afterAll(async () => {
    await server?.close();
  });

  const outbox = () => path.join(server.services.config.dataDir, "outbox");
  async function outboxMails(): Promise<(ParsedMail & { raw: string })[]> {
    const names = (await readdir(outbox()).catch(() => [] as string[])).filter((name) => name.endsWith(".eml")).sort();
    return Promise.all(
      names.map(async (name) => {
        const raw = await readFile(path.join(outbox(), name), "utf8");
        return Object.assign(await simpleParser(raw), { raw });
      }),
    );
  }
  async function waitForOutbox(count: number): Promise<(ParsedMail & { raw: string })[]> {
    for (let i = 0; i < 200; i++) {
      const mails = await outboxMails();
      if (mails.length >= count) return mails;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`expected ${count} mails in the outbox`);
  }

  it("writes the confirmation and the digest as .eml files to DATA_DIR/outbox, and the flow works", async () => {
    await seedTools(server);
    expect((await postForm(`${server.url}/digest`, { email: "outbox@example.com" })).status).toBe(303);
    const [confirmation] = await waitForOutbox(1);
    const confirm = new URL(linkIn(confirmation!.text ?? "", "/digest/confirm/")).pathname;
    expect((await postForm(`${server.url}${confirm}`, {})).status).toBe(200);

    const outcome = await server.services.scheduler.run(JOB);
    expect(outcome.kind === "finished" && outcome.run.summary).toMatchObject({ sent: 1, failed: 0 });
    const mails = await waitForOutbox(2);
    const digest = mails.find((m) => / weekly: /.test(m.subject ?? ""))!;
    expect(digest.to && "text" in digest.to ? digest.to.text : "").toBe("outbox@example.com");
    expect(digest.text).toContain("Paid Placement");
    expect(String(digest.html)).toContain("&lt;b&gt;Fresh&lt;/b&gt;");
    const headers = unfolded(digest.raw);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/digest\/unsubscribe\/[0-9a-z]{20}\.[\w-]{43}>$/m,
    );

    const page = await fetch(`${server.url}/admin/digest`);
    // Signed out: the admin login, not the page.
    expect(await page.text()).not.toContain("Confirmed readers");
  });
});

describe("the weekly digest's clock and its stops", () => {
  let smtp: LocalSmtp;
  let server: TestServer;
  let clock = Date.now();

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    server = await startTestServer({
      env: { SMTP_URL: smtp.url },
      now: () => clock,
      configure: (config) => {
        quickMail(config);
        // Slow enough to stop a run between two mails.
        config.mail.perSecond = 5;
      },
    });
    await seedTools(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("refuses a confirmation link after 48 hours, forgets the address by the scheduled job, and sends a fresh link on a new subscribe", async () => {
    const before = smtp.received.length;
    expect((await postForm(`${server.url}/digest`, { email: "late@example.com" })).status).toBe(303);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const confirm = new URL(linkIn(mail!.parsed.text ?? "", "/digest/confirm/")).pathname;
    clock += 48 * 60 * 60 * 1000 + 1;
    const page = await fetch(`${server.url}${confirm}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Link not valid");
    expect((await postForm(`${server.url}${confirm}`, {})).status).toBe(404);
    const row = () =>
      server.services.database.db
        .selectFrom("digest_subscribers")
        .select("status")
        .where("email", "=", "late@example.com")
        .executeTakeFirst();
    expect(await row()).toEqual({ status: "pending" });

    // The housekeeping job forgets addresses nobody confirmed in time, and keeps those whose link still works
    // and the confirmed ones; a new subscribe starts over.
    const now = server.services.now();
    await server.services.database.db
      .insertInto("digest_subscribers")
      .values([
        {
          id: "waitingreader0000001",
          email: "waiting@example.com",
          status: "pending",
          confirm_token_hash: "x",
          confirm_expires_at: now + 60_000,
          confirm_sent_at: now,
          created_at: now,
          confirmed_at: null,
          unsubscribed_at: null,
        },
        {
          id: "confirmedreader00001",
          email: "kept@example.com",
          status: "confirmed",
          confirm_token_hash: null,
          confirm_expires_at: now - 60_000,
          confirm_sent_at: now - 120_000,
          created_at: now - 120_000,
          confirmed_at: now - 90_000,
          unsubscribed_at: null,
        },
      ])
      .execute();
    const outcome = await server.services.scheduler.run("unconfirmed-readers-prune");
    expect(outcome.kind === "finished" && [outcome.run.status, outcome.run.summary]).toEqual([
      "succeeded",
      { forgotten: 1 },
    ]);
    expect(await row()).toBeUndefined();
    const kept = await server.services.database.db
      .selectFrom("digest_subscribers")
      .select("email")
      .where("id", "in", ["waitingreader0000001", "confirmedreader00001"])
      .orderBy("email")
      .execute();
    expect(kept.map((r) => r.email)).toEqual(["kept@example.com", "waiting@example.com"]);
    await server.services.database.db
      .deleteFrom("digest_subscribers")
      .where("id", "in", ["waitingreader0000001", "confirmedreader00001"])
      .execute();
    expect((await postForm(`${server.url}/digest`, { email: "late@example.com" })).status).toBe(303);
    const [again] = (await smtp.waitFor(before + 2)).slice(before + 1);
    const fresh = new URL(linkIn(again!.parsed.text ?? "", "/digest/confirm/")).pathname;
    expect(fresh).not.toBe(confirm);
    expect((await postForm(`${server.url}${fresh}`, {})).status).toBe(200);
    expect(await row()).toEqual({ status: "confirmed" });
  });

  it("stops a run between two mails when its signal aborts, and the next run sends only the rest", async () => {
    const now = server.services.now();
    const ids = Array.from({ length: 5 }, (_, i) => `stopreader${String(i).padStart(10, "0")}`);
    await server.services.database.db
      .insertInto("digest_subscribers")
      .values(
        ids.map((id, i) => ({
          id,
          email: `stop${i}@example.com`,
          status: "confirmed" as const,
          confirm_token_hash: null,
          confirm_expires_at: null,
          confirm_sent_at: now,
          created_at: now,
          confirmed_at: now,
          unsubscribed_at: null,
        })),
      )
      .execute();
    const before = smtp.received.length;
    const running = server.services.scheduler.run(JOB);
    await smtp.waitFor(before + 1);
    // What the server does on SIGTERM: abort the runs and wait for them.
    await server.services.scheduler.stop();
    const stopped = await running;
    expect(stopped.kind === "finished" && stopped.run.status).toBe("interrupted");
    const sentFirst = smtp.received.length - before;
    expect(sentFirst).toBeLessThan(ids.length);

    const outcome = await server.services.scheduler.run(JOB);
    expect(outcome.kind === "finished" && outcome.run.status).toBe("succeeded");
    await smtp.waitFor(before + ids.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const digests = smtp.received.slice(before).filter((m) => / weekly: /.test(m.parsed.subject ?? ""));
    // Everyone once: "late@example.com" (confirmed above) and the five.
    expect(digests.map((m) => m.to[0]).sort()).toEqual(
      ["late@example.com", ...ids.map((_, i) => `stop${i}@example.com`)].sort(),
    );
  });
});

describe("the subscribe form's limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      configure: (config) => (config.rateLimits.digestSubscribe = { points: 2, durationSec: 600 }),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses posts past the address's budget with the form's words and Retry-After, storing nothing", async () => {
    for (const email of ["one@example.com", "not an address"])
      expect((await postForm(`${server.url}/digest`, { email })).status).not.toBe(429);
    const refused = await postForm(`${server.url}/digest`, { email: "three@example.com" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many subscriptions from your network");
    const emails = await server.services.database.db.selectFrom("digest_subscribers").select("email").execute();
    expect(emails).toEqual([{ email: "one@example.com" }]);
  });
});
