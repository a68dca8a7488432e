import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCheckout } from "../../tests/support/checkout.ts";
import { decodeEntities, locationOf, textOf } from "../../tests/support/html.ts";
import { fileOf, testImage } from "../../tests/support/images.ts";
import { startLocalSmtp, type LocalSmtp } from "../../tests/support/smtp.ts";
import { postForm, startTestServer, type TestServer } from "../../tests/support/server.ts";
import { renderStatusLink } from "./status-mail.ts";

// A submission's private status link is mailed to the address the submitter gave (through a real
// SMTP server on 127.0.0.1), and a paid submission finds it again on the payment success page.

async function submit(server: TestServer, name: string, email: string | null) {
  const body = new FormData();
  const fields: Record<string, string> = {
    name,
    tagline: "A tool to test status links",
    websiteUrl: `https://${name.toLowerCase()}.example.com`,
    categories: "productivity",
    pricingModel: "Free",
    feature: "on",
    featureAmount: "150",
    ...(email ? { submitterEmail: email } : {}),
  };
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append("logo", fileOf(await testImage("png", 96, 96), "logo.png"));
  const res = await fetch(`${server.url}/submit-tool`, {
    method: "POST",
    body,
    headers: { Origin: server.url, Accept: "text/html" },
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  const location = locationOf(res, server.url)!;
  const token = /\/submit-tool\/([A-Za-z0-9_-]{43})\?feature=150$/.exec(location)?.[1];
  expect(token).toBeDefined();
  return { token: token!, location };
}

describe("the status link mail", () => {
  let smtp: LocalSmtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    server = await startTestServer({
      env: { SMTP_URL: smtp.url, PAYMENTS_MODE: "test" },
      configure: (config) => {
        config.rateLimits.submit = { points: 1000, durationSec: 60 };
        config.rateLimits.checkout = { points: 1000, durationSec: 60 };
        config.rateLimits.statusLinkRecipient = { points: 2, durationSec: 24 * 60 * 60 };
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("mails the link to the submitter, and the success page repeats it after paying", async () => {
    const before = smtp.received.length;
    const { token, location } = await submit(server, "Statusmail", "maker@statusmail.example.com");
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(["maker@statusmail.example.com"]);
    expect(mail!.parsed.text).toContain(`/submission/${token}`);

    // The confirmation keeps the link and waits for a click: no countdown to checkout.
    const confirmation = textOf(decodeEntities(await (await fetch(`${server.url}${location}`)).text()));
    expect(confirmation).toContain(`/submission/${token}`);
    expect(confirmation).toContain("we have sent the link there too");
    expect(confirmation).not.toContain("Continuing to checkout");
    expect(confirmation).toContain("featured from the day it is approved");

    const tool = await server.services.database.db
      .selectFrom("tools")
      .select("id")
      .where("name", "=", "Statusmail")
      .executeTakeFirstOrThrow();
    const started = await postCheckout(server, { toolId: tool.id, amount: 150, statusToken: token });
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    const paid = await postForm(new URL(url, server.url).href, { intent: "pay" }, { Accept: "text/html" });
    expect(paid.status).toBe(303);
    const success = locationOf(paid, server.url)!;
    expect(success).toContain(`status=${token}`);
    const page = textOf(decodeEntities(await (await fetch(new URL(success, server.url))).text()));
    expect(page).toContain("Your private link to follow the submission:");
    expect(page).toContain(`/submission/${token}`);
  });

  it("refuses another tool's token, and never shows a token the paid tool does not own", async () => {
    const mine = await submit(server, "Ownlink", null);
    const other = await submit(server, "Otherlink", null);
    const tool = await server.services.database.db
      .selectFrom("tools")
      .select("id")
      .where("name", "=", "Ownlink")
      .executeTakeFirstOrThrow();
    const refused = await postCheckout(server, { toolId: tool.id, amount: 150, statusToken: other.token });
    expect(refused.status).toBe(400);
    const malformed = await postCheckout(server, { toolId: tool.id, amount: 150, statusToken: "not a token" });
    expect(malformed.status).toBe(400);

    const started = (await (await postCheckout(server, { toolId: tool.id, amount: 150 })).json()) as { url: string };
    const paid = await postForm(new URL(started.url, server.url).href, { intent: "pay" }, { Accept: "text/html" });
    // Someone else's token glued onto the success address is not shown.
    const success = `${locationOf(paid, server.url)!}&status=${other.token}`;
    const page = textOf(decodeEntities(await (await fetch(new URL(success, server.url))).text()));
    expect(page).toContain("Payment Successful!");
    expect(page).not.toContain(other.token);
    expect(page).not.toContain(mine.token);
  });

  it("sends one inbox no more than its daily budget, however the address is written", async () => {
    // Only this inbox's mail is counted: an earlier test's payment confirmation may still come in.
    const budget = () => smtp.received.filter((mail) => mail.to.some((to) => /^budget/i.test(to))).length;
    await submit(server, "Budgetone", "budget@example.com");
    await submit(server, "Budgettwo", "Budget+2@example.com");
    await submit(server, "Budgetthree", "budget@example.com");
    await expect.poll(budget).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(budget()).toBe(2);
  });

  it("escapes the tool's name and keeps the subject on one line", () => {
    const mail = renderStatusLink("S", { name: "A\r\nBcc: x@y.z <b>", statusUrl: "https://s.example/submission/t" });
    expect(mail.subject).toBe("Your submission of A Bcc: x@y.z <b> to S");
    expect(mail.html).toContain("A Bcc: x@y.z &lt;b&gt;");
    expect(mail.html).not.toContain("<b>");
  });
});
