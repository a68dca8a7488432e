import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../config.ts";
import { addTools, makeTool } from "../../../tests/support/catalog.ts";
import { postForm, useTestServer, type TestServer } from "../../../tests/support/server.ts";
import { startLocalSmtp, type LocalSmtp } from "../../../tests/support/smtp.ts";

// Mail to recipients, on a real SMTP server on 127.0.0.1: confirmation and claim mails are limited
// per inbox however its address is written, per day (outliving the digest's waiting row) and
// per site per hour; addresses at internationalised top-level domains are mailed; and every value
// put into a mail stays on its one line.

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** Many clients (each its own address), SMTP on 127.0.0.1, and limits per client out of the way. */
function mailing(config: Config) {
  config.trustProxy = "loopback";
  config.mail = { ...config.mail, smtpUrl: smtp.url, retries: 0, perSecond: 100 };
  config.rateLimits.digestSubscribe = { points: 1000, durationSec: 600 };
  config.digest = { ...config.digest, enabled: false };
}

/** Mails received to any of the addresses. */
const mailsTo = (addresses: readonly string[]) =>
  smtp.received.filter((mail) => mail.to.some((to) => addresses.includes(to)));

/** Waits until `count` mails to any of the addresses have arrived (the sends are in the background). */
async function arrived(addresses: readonly string[], count: number) {
  const until = Date.now() + 10_000;
  while (mailsTo(addresses).length < count) {
    if (Date.now() > until) throw new Error(`expected ${count} mails, received ${mailsTo(addresses).length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Variants of one Gmail inbox: case, +tags, dots, googlemail.com. */
const ALICE = [
  "alice@gmail.com",
  "ALICE@gmail.com",
  "alice+1@gmail.com",
  "a.lice@gmail.com",
  "A.L.I.C.E@gmail.com",
  "alice+news@googlemail.com",
  "al.ice+2@GMAIL.com",
  "Alice+x@Gmail.Com",
];

describe("digest confirmations aimed at one inbox", () => {
  const getServer = useTestServer({ configure: mailing });
  let s: TestServer;
  beforeAll(() => {
    s = getServer();
  });
  const subscribe = (email: string, from: string) =>
    postForm(`${s.url}/digest`, { email }, { "X-Forwarded-For": from });
  const rows = () => s.services.database.db.selectFrom("digest_subscribers").select(["email", "status"]).execute();
  /** Mails sent before it have left once a mail to a fresh inbox, sent after them, has arrived. */
  async function settled(marker: string) {
    expect((await subscribe(marker, "192.0.2.250")).status).toBe(303);
    await arrived([marker], 1);
  }

  it("sends one inbox 3 confirmation mails a day, however its address is written, and answers every post the same", async () => {
    for (const [i, email] of ALICE.entries()) {
      const res = await subscribe(email, `198.51.100.${i + 1}`);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/digest?sent=1");
    }
    await arrived(ALICE, 3);
    await settled("marker-1@example.org");
    expect(mailsTo(ALICE)).toHaveLength(3);
    // Only the addresses mailed are waiting; the others left nothing behind.
    expect((await rows()).filter((row) => ALICE.includes(row.email ?? ""))).toHaveLength(3);
  });

  it("keeps the inbox's count when its waiting rows are gone, or made again", async () => {
    await s.services.database.db.deleteFrom("digest_subscribers").where("email", "in", ALICE).execute();
    for (const [i, email] of ALICE.slice(0, 4).entries())
      expect((await subscribe(email, `198.51.100.${20 + i}`)).status).toBe(303);
    await settled("marker-2@example.org");
    expect(mailsTo(ALICE)).toHaveLength(3);
    expect((await rows()).filter((row) => ALICE.includes(row.email ?? ""))).toHaveLength(0);
  });
});

describe("digest confirmations from the whole site", () => {
  const getServer = useTestServer({
    configure: (config) => {
      mailing(config);
      config.rateLimits.confirmationMails = { points: 4, durationSec: 3600 };
    },
  });

  it("stop at the hourly budget, whoever posts, and the answer stays the same", async () => {
    const s = getServer();
    const inboxes = Array.from({ length: 7 }, (_, i) => `reader${i}@site-cap.example`);
    for (const [i, email] of inboxes.entries())
      expect((await postForm(`${s.url}/digest`, { email }, { "X-Forwarded-For": `203.0.113.${i + 1}` })).status).toBe(
        303,
      );
    await arrived(inboxes, 4);
    const stored = await s.services.database.db
      .selectFrom("digest_subscribers")
      .select("email")
      .where("email", "in", inboxes)
      .execute();
    expect(stored).toHaveLength(4);
    // Only the stored ones were mailed: the rest of the budget went to nobody.
    expect(
      mailsTo(inboxes)
        .map((mail) => mail.to[0])
        .sort(),
    ).toEqual(stored.map((row) => row.email).sort());
  });
});

describe("claim mails aimed at one inbox", () => {
  const getServer = useTestServer({
    configure: (config) => {
      mailing(config);
      config.rateLimits.claimAddress = { points: 1000, durationSec: 3600 };
      config.rateLimits.claimToolAddress = { points: 1000, durationSec: 3600 };
    },
  });
  const tool = makeTool({ name: "Variant Claims", websiteUrl: "https://variant-claims.example" });

  it("send one inbox 5 a day, however its address is written", async () => {
    const s = getServer();
    await addTools(s.services, [tool]);
    const variants = [
      "admin@variant-claims.example",
      "ADMIN@variant-claims.example",
      "admin+1@variant-claims.example",
      "Admin+two@Variant-Claims.example",
      "admin+3@variant-claims.example",
      "admin+4@variant-claims.example",
      "ADMIN+5@variant-claims.example",
    ];
    const statuses: number[] = [];
    for (const [i, email] of variants.entries()) {
      statuses.push(
        (
          await postForm(
            `${s.url}/claim/${tool.slug}`,
            { intent: "email", email },
            { "X-Forwarded-For": `198.51.100.${100 + i}` },
          )
        ).status,
      );
    }
    // A refused request sends nothing, so the five accepted are all the mails there are.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const inbox = variants.map((email) => email.toLowerCase());
    await arrived(inbox, 5);
    expect(mailsTo(inbox)).toHaveLength(5);
  });
});

describe("claim mails from the whole site", () => {
  const getServer = useTestServer({
    configure: (config) => {
      mailing(config);
      config.rateLimits.confirmationMails = { points: 3, durationSec: 3600 };
    },
  });

  it("share the hourly budget with digest confirmations: past it a claim is refused and nothing is sent", async () => {
    const s = getServer();
    const tools = Array.from({ length: 3 }, (_, i) =>
      makeTool({ name: `Site Budget ${i}`, websiteUrl: `https://site-budget-${i}.example` }),
    );
    await addTools(s.services, tools);
    expect(
      (
        await postForm(
          `${s.url}/digest`,
          { email: "reader@site-budget.example" },
          { "X-Forwarded-For": "203.0.113.60" },
        )
      ).status,
    ).toBe(303);
    const claim = (i: number) =>
      postForm(
        `${s.url}/claim/${tools[i]!.slug}`,
        { intent: "email", email: `admin@site-budget-${i}.example` },
        { "X-Forwarded-For": `203.0.113.${70 + i}` },
      );
    const statuses = [(await claim(0)).status, (await claim(1)).status];
    const refused = await claim(2);
    expect(statuses).toEqual([200, 200]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const inboxes = ["reader@site-budget.example", ...tools.map((_, i) => `admin@site-budget-${i}.example`)];
    await arrived(inboxes, 3);
    expect(
      mailsTo(inboxes)
        .map((mail) => mail.to[0])
        .sort(),
    ).toEqual(inboxes.slice(0, 3).sort());
    // The refused claim wrote nothing.
    const claims = await s.services.database.db.selectFrom("tool_claims").select("tool_id").execute();
    expect(claims.map((row) => row.tool_id).sort()).toEqual([tools[0]!.id, tools[1]!.id].sort());
  });
});

describe("addresses at internationalised top-level domains", () => {
  const getServer = useTestServer({ configure: mailing });
  const tool = makeTool({ name: "Russian Domain Tool", websiteUrl: "https://пример.рф/" });

  it("are taken by the claim form, and mailed", async () => {
    const s = getServer();
    await addTools(s.services, [tool]);
    const email = "admin@xn--e1afmkfd.xn--p1ai";
    const before = smtp.received.length;
    const res = await postForm(
      `${s.url}/claim/${tool.slug}`,
      { intent: "email", email },
      { "X-Forwarded-For": "192.0.2.30" },
    );
    expect(res.status).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    // The SMTP server may show the domain in Unicode (пример.рф): the same domain.
    const ascii = (address: string) =>
      address.replace(/@(.+)$/, (_, domain: string) => `@${new URL(`http://${domain}`).hostname}`);
    expect(mail!.to.map(ascii)).toEqual([email]);
  });
});

describe("values in mails", () => {
  const getServer = useTestServer({ configure: mailing });
  // Stored before names were checked, or by a hand edit of the database: the mail must cope.
  const tool = makeTool({
    name: "Acme\r\n\r\nUrgent: sign in again at https://evil.example/login\u2028Thanks",
    websiteUrl: "https://one-line-mail.example",
  });

  it("keep a tool's name on its one line in the claim mail's text and subject", async () => {
    const s = getServer();
    await addTools(s.services, [tool]);
    const before = smtp.received.length;
    expect(
      (
        await postForm(
          `${s.url}/claim/${tool.slug}`,
          { intent: "email", email: "admin@one-line-mail.example" },
          { "X-Forwarded-For": "192.0.2.9" },
        )
      ).status,
    ).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const lines = (mail!.parsed.text ?? "").split(/\r?\n|\u2028/);
    expect(lines.some((line) => line.startsWith("Urgent"))).toBe(false);
    expect(lines[0]).toContain("Acme Urgent: sign in again at https://evil.example/login Thanks on");
    expect(mail!.parsed.subject).toBe(
      `Confirm that you own Acme Urgent: sign in again at https://evil.example/login Thanks on ${s.services.config.siteName}`,
    );
    expect(mail!.parsed.html).not.toMatch(/Acme\s*\n/);
  });
});
