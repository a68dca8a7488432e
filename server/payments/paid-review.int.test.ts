import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatUtcStamp } from "../../core/dates.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { reviewDueAt } from "../../core/priority-review.ts";
import { createAdmin } from "../admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";
import { postCheckout } from "../../tests/support/checkout.ts";
import { decodeEntities, getPage, sectionLabelledBy, textOf, toolSlugs } from "../../tests/support/html.ts";
import { fileOf, testImage } from "../../tests/support/images.ts";
import { startLocalSmtp, type LocalSmtp } from "../../tests/support/smtp.ts";
import { postForm, startTestServer, type TestServer } from "../../tests/support/server.ts";
import {
  refundedCharge,
  sessionCompleted,
  signedEvent,
  startStripeFake,
  type FormValue,
  type StripeFake,
} from "../../tests/support/stripe-fake.ts";
import type { Config } from "../platform/config.ts";

// A submission paid for while it waits for review (both engines, through the real endpoints):
// its featured year starts at approval, and rejecting it settles the payment — refunded (at
// Stripe through its API, here a fake on 127.0.0.1; in test mode by marking it) or kept as credit
// with a note — and tells the submitter by mail and on the status page. A priority review bought
// from the status link comes first in the queue with its deadline, is flagged when overdue, and is
// refunded whenever its submission is rejected; every payment is confirmed by mail.

const DAY = 24 * 60 * 60 * 1000;

interface Harness {
  server: TestServer;
  cookie: string;
  clock: { at: number };
  adminId: string;
}

async function start(smtp: LocalSmtp, configure?: (config: Config) => void): Promise<Harness> {
  const clock = { at: Date.UTC(2026, 0, 10, 12) };
  const server = await startTestServer({
    env: { SMTP_URL: smtp.url, PAYMENTS_MODE: "test" },
    now: () => clock.at,
    configure: (config) => {
      config.rateLimits.submit = { points: 1000, durationSec: 60 };
      config.rateLimits.checkout = { points: 1000, durationSec: 60 };
      configure?.(config);
    },
  });
  const admin = await createAdmin(server.services.database, "reviewer", "a long enough password", clock.at);
  const h = { server, cookie: "", clock, adminId: admin.id };
  await signIn(h);
  return h;
}

/** A fresh admin session at the harness's time (moving the clock far ends the old one). */
async function signIn(h: Harness): Promise<void> {
  h.cookie = `${adminCookieName(false)}=${await createAdminSession(h.server.services.database, h.adminId, h.clock.at)}`;
}

/** A submission through the public form, with an address; its id and status token. */
async function submit({ server }: Harness, name: string): Promise<{ id: string; slug: string; token: string }> {
  const body = new FormData();
  const fields = {
    name,
    tagline: "Paid while waiting",
    websiteUrl: `https://${name.toLowerCase()}.example.com`,
    categories: "productivity",
    pricingModel: "Free",
    submitterEmail: `maker@${name.toLowerCase()}.example.com`,
  };
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append("logo", fileOf(await testImage("png", 64, 64), "logo.png"));
  const res = await fetch(`${server.url}/submit-tool`, {
    method: "POST",
    body,
    headers: { Origin: server.url },
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  const token = /\/submit-tool\/([A-Za-z0-9_-]{43})/.exec(res.headers.get("location")!)![1]!;
  const row = await server.services.database.db
    .selectFrom("tools")
    .select(["id", "slug"])
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return { ...row, token };
}

/** Pays for the tool on the test checkout; the session id. */
async function payTest({ server }: Harness, toolId: string, amount: number): Promise<string> {
  const started = await postCheckout(server, { toolId, amount });
  expect(started.status).toBe(200);
  const { sessionId, url } = (await started.json()) as { sessionId: string; url: string };
  expect((await postForm(new URL(url, server.url).href, { intent: "pay" })).status).toBe(303);
  return sessionId;
}

function moderate({ server, cookie }: Harness, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  return fetch(`${server.url}/admin/moderation`, {
    method: "POST",
    body,
    headers: { Origin: server.url, cookie },
    redirect: "manual",
  });
}

const ordersOf = ({ server }: Harness, toolId: string) =>
  server.services.database.db
    .selectFrom("orders")
    .selectAll()
    .where("tool_id", "=", toolId)
    .orderBy("created_at")
    .execute();

async function homeFeatured({ server }: Harness): Promise<string[]> {
  return toolSlugs(sectionLabelledBy((await getPage(server.url, "/")).html, "featured-title"));
}

async function featuredUntil({ server }: Harness, id: string): Promise<string | null> {
  const body = (await (await fetch(`${server.url}/api/v1/tools?pageSize=100`)).json()) as {
    data: { id: string; featuredUntil: string | null }[];
  };
  return body.data.find((t) => t.id === id)?.featuredUntil ?? null;
}

/** The mail to `to` with `subject`, once it has arrived. */
async function mailTo(smtp: LocalSmtp, to: string, subject: string) {
  for (let tries = 0; tries < 50; tries++) {
    const mail = smtp.received.find((m) => m.to.includes(to) && m.parsed.subject === subject);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}: ${subject}`);
}

const statusText = async ({ server }: Harness, token: string) =>
  textOf((await getPage(server.url, `/submission/${token}`)).html);

/** Buys the submission's priority review from its status link, as the offer's plain form does; the checkout's address. */
async function buyReview({ server }: Harness, tool: { id: string; token: string }): Promise<string> {
  const res = await postForm(
    `${server.url}/api/checkout-session`,
    { product: "priority-review", toolId: tool.id, statusToken: tool.token },
    { Origin: server.url },
  );
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!, server.url).href;
}

/** Asks for the submission's priority review, with its status link, and expects a 400 saying `message`. */
async function refusedReview({ server }: Harness, tool: { id: string; token: string }, message: string) {
  const res = await postCheckout(server, { product: "priority-review", toolId: tool.id, statusToken: tool.token });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
}

const adminText = async ({ server, cookie }: Harness, path: string) =>
  textOf((await getPage(server.url, path, { headers: { cookie } })).html);

describe("a paid submission under review (test mode)", () => {
  let smtp: LocalSmtp;
  let h: Harness;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    h = await start(smtp);
  });
  afterAll(async () => {
    await h?.server.close();
    await smtp?.close();
  });

  it("is featured from its approval, for a year from then, not from the payment", async () => {
    const tool = await submit(h, "Waitpaid");
    await payTest(h, tool.id, 150);
    const [order] = await ordersOf(h, tool.id);
    expect(order).toMatchObject({ status: "paid", featured_from: null });
    expect(await homeFeatured(h)).not.toContain(tool.slug);

    // Reviewed 20 days later: the year starts then.
    h.clock.at += 20 * DAY;
    await signIn(h);
    expect((await moderate(h, { intent: "approve", ids: tool.id, formKey: "bulk" })).status).toBe(200);
    const [approved] = await ordersOf(h, tool.id);
    expect(Number(approved!.featured_from)).toBe(h.clock.at);
    expect(Number(approved!.paid_at)).toBe(h.clock.at - 20 * DAY);
    expect(await homeFeatured(h)).toContain(tool.slug);
    expect(await featuredUntil(h, tool.id)).toBe(new Date(h.clock.at + FEATURED_DURATION_MS).toISOString());

    // A year after the payment it is still featured; a year after the approval it is not.
    h.clock.at += FEATURED_DURATION_MS - 10 * DAY;
    expect(await homeFeatured(h)).toContain(tool.slug);
    h.clock.at += 11 * DAY;
    expect(await homeFeatured(h)).not.toContain(tool.slug);
  });

  it("ranks a listed tool by the sum of its payments in force (a top-up adds to it)", async () => {
    await signIn(h);
    const topped = await submit(h, "Toppedup");
    const single = await submit(h, "Singlepay");
    expect((await moderate(h, { intent: "approve", ids: [topped.id, single.id], formKey: "bulk" })).status).toBe(200);
    await payTest(h, topped.id, 100);
    await payTest(h, single.id, 150);
    let featured = await homeFeatured(h);
    expect(featured.indexOf(single.slug)).toBeLessThan(featured.indexOf(topped.slug));
    // Topped up by $100: $200 in all now ranks above $150.
    await payTest(h, topped.id, 100);
    featured = await homeFeatured(h);
    expect(featured.indexOf(topped.slug)).toBeLessThan(featured.indexOf(single.slug));
  });

  it("is not rejected without settling the payment, nor together with others", async () => {
    const paid = await submit(h, "Unsettled");
    const free = await submit(h, "Freeone");
    await payTest(h, paid.id, 500);
    const together = await moderate(h, { intent: "reject", ids: [paid.id, free.id], formKey: "bulk", reason: "No" });
    expect(together.status).toBe(400);
    expect(decodeEntities(await together.text())).toContain(
      "reject it on its own, choosing to refund the payment or keep it as credit",
    );
    const unchosen = await moderate(h, { intent: "reject", ids: paid.id, formKey: `reject:${paid.id}` });
    expect(unchosen.status).toBe(400);
    expect(decodeEntities(await unchosen.text())).toContain("choose to refund the payment or keep it as credit");
    const noNote = await moderate(h, {
      intent: "reject",
      ids: paid.id,
      formKey: `reject:${paid.id}`,
      payment: "credit",
      paymentNote: "  ",
    });
    expect(noNote.status).toBe(400);
    const bogus = await moderate(h, { intent: "reject", ids: paid.id, formKey: `reject:${paid.id}`, payment: "keep" });
    expect(bogus.status).toBe(400);
    const rows = await h.server.services.database.db
      .selectFrom("tools")
      .select(["id", "status"])
      .where("id", "in", [paid.id, free.id])
      .execute();
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);
    expect((await ordersOf(h, paid.id)).map((o) => o.status)).toEqual(["paid"]);
    // The queue's reject panel says it was paid, and asks what to do with the money.
    const queue = textOf((await getPage(h.server.url, "/admin/moderation", { headers: { cookie: h.cookie } })).html);
    expect(queue).toContain("Paid $500 to be featured");
    expect(queue).toContain("Refund $500");
    expect(queue).toContain("Keep $500 as credit");
  });

  it("is not rejected from its edit page while paid for (it would be left paid)", async () => {
    const tool = await submit(h, "Editpaid");
    await payTest(h, tool.id, 100);
    const row = await h.server.services.database.db
      .selectFrom("tools")
      .selectAll()
      .where("id", "=", tool.id)
      .executeTakeFirstOrThrow();
    const body = new FormData();
    const fields: Record<string, string> = {
      intent: "save",
      name: row.name,
      tagline: row.tagline,
      websiteUrl: row.website_url,
      description: row.description,
      categories: "productivity",
      pricingModel: "Free",
      status: "rejected",
      rejectionReason: "",
    };
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append("logo", new File([], ""));
    const res = await fetch(`${h.server.url}/admin/tools/${tool.id}`, {
      method: "POST",
      body,
      headers: { Origin: h.server.url, cookie: h.cookie },
      redirect: "manual",
    });
    expect(res.status).toBe(409);
    expect(decodeEntities(await res.text())).toContain(
      "This tool has payments in force. Reject it from the moderation queue",
    );
    const after = await h.server.services.database.db
      .selectFrom("tools")
      .select("status")
      .where("id", "=", tool.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("pending");
    expect((await ordersOf(h, tool.id)).map((o) => o.status)).toEqual(["paid"]);
  });

  it("refunds (marked refunded in test mode), and tells the submitter by mail and on the status page", async () => {
    const tool = await submit(h, "Refundme");
    await payTest(h, tool.id, 250);
    const res = await moderate(h, {
      intent: "reject",
      ids: tool.id,
      formKey: `reject:${tool.id}`,
      reason: "Not a software tool.",
      payment: "refund",
    });
    expect(res.status).toBe(200);
    expect(decodeEntities(await res.text())).toContain("The payment was refunded.");
    expect(await ordersOf(h, tool.id)).toMatchObject([
      { status: "refunded", settled_as: "refund", refunded_at: h.clock.at },
    ]);
    const mail = await mailTo(smtp, "maker@refundme.example.com", "Refundme was not accepted on toolshelf/");
    expect(mail.parsed.subject).toBe("Refundme was not accepted on toolshelf/");
    expect(mail.parsed.text).toContain("Reason: Not a software tool.");
    expect(mail.parsed.text).toContain("Your payment of $250 has been refunded");
    const page = await statusText(h, tool.token);
    expect(page).toContain("Status: Rejected");
    expect(page).toContain("Your payment of $250 has been refunded");
    const audit = await h.server.services.database.db
      .selectFrom("audit_log")
      .select("detail")
      .where("tool_id", "=", tool.id)
      .execute();
    expect(JSON.parse(audit[0]!.detail)).toEqual({ reason: "Not a software tool.", payment: "refund" });
  });

  it("keeps the payment as credit with a note the submitter reads", async () => {
    const tool = await submit(h, "Creditme");
    await payTest(h, tool.id, 100);
    const res = await moderate(h, {
      intent: "reject",
      ids: tool.id,
      formKey: `reject:${tool.id}`,
      payment: "credit",
      paymentNote: "Resubmit with a working website and we feature it at no charge.",
    });
    expect(res.status).toBe(200);
    expect(await ordersOf(h, tool.id)).toMatchObject([
      {
        status: "refunded",
        settled_as: "credit",
        refunded_at: null,
        settled_note: "Resubmit with a working website and we feature it at no charge.",
      },
    ]);
    expect(await statusText(h, tool.token)).toContain(
      "Your payment of $100 is kept as credit for a future listing: Resubmit with a working website and we feature it at no charge.",
    );
  });

  it("mails the submitter who paid from their status link a confirmation, with the placement's report", async () => {
    const tool = await submit(h, "Receipted");
    const started = await postCheckout(h.server, { toolId: tool.id, amount: 120, statusToken: tool.token });
    const { url } = (await started.json()) as { url: string };
    expect((await postForm(new URL(url, h.server.url).href, { intent: "pay" })).status).toBe(303);
    const site = h.server.services.config.siteName;
    const mail = await mailTo(smtp, "maker@receipted.example.com", `Payment received: Receipted featured on ${site}`);
    const text = mail.parsed.text ?? "";
    expect(text).toContain("Thank you: your payment of $120 is confirmed.");
    expect(text).toContain('"Receipted" is featured for 365 days from the day it is approved.');
    const report = /(https?:\/\/\S+\/sponsor\/\S+)/.exec(text)?.[1];
    expect(report).toBeDefined();
    const page = await getPage(h.server.url, new URL(report!).pathname);
    expect(page.res.status).toBe(200);
    expect(textOf(page.html)).toContain("Receipted");
  });

  it("mails no confirmation for a payment made without the status link", async () => {
    const tool = await submit(h, "Unreceipted");
    await payTest(h, tool.id, 60);
    const [order] = await ordersOf(h, tool.id);
    expect(order).toMatchObject({ status: "paid", receipt_email: null });
    // A confirmation is sent right after the payment commits: none has come in this while.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.received.filter(
        (m) => m.to.includes("maker@unreceipted.example.com") && m.parsed.subject?.startsWith("Payment received"),
      ),
    ).toEqual([]);
  });
  it("is offered, paid, first in the queue with its deadline, flagged when overdue, refunded when rejected", async () => {
    await submit(h, "Olderfree");
    const featured = await submit(h, "Olderfeatured");
    await payTest(h, featured.id, 100);
    h.clock.at += 60_000;
    const tool = await submit(h, "Hurried");
    const offer = textOf((await getPage(h.server.url, `/submit-tool/${tool.token}`)).html);
    expect(offer).toContain("Get reviewed within 2 business days");
    expect(offer).toContain("Pay $29 for priority review");
    expect(offer).toContain("Paying buys a faster review, not approval");

    const checkout = await buyReview(h, tool);
    expect(textOf((await getPage(checkout, "")).html)).toContain("Priority review within 2 business days");
    const paid = await postForm(checkout, { intent: "pay" });
    expect(paid.status).toBe(303);
    const [order] = await ordersOf(h, tool.id);
    expect(order).toMatchObject({
      kind: "priority-review",
      status: "paid",
      featured_from: null,
      receipt_email: "maker@hurried.example.com",
    });
    expect(Number(order!.amount_cents)).toBe(2900);
    expect(Number(order!.review_due_at)).toBe(reviewDueAt(Number(order!.paid_at)));
    const due = formatUtcStamp(Number(order!.review_due_at));

    // What the payer reads: the deadline, no approval bought, no placement's report.
    const back = new URL(paid.headers.get("location")!, h.server.url);
    const success = await getPage(h.server.url, `${back.pathname}${back.search}`);
    const successText = textOf(success.html);
    expect(successText).toContain(
      `Your payment for a priority review of Hurried is confirmed. We will review it by ${due}`,
    );
    expect(successText).toContain("Paying buys a faster review, not approval");
    expect(success.html).not.toContain("/sponsor/");
    const site = h.server.services.config.siteName;
    const receipt = await mailTo(
      smtp,
      "maker@hurried.example.com",
      `Payment received: priority review of Hurried on ${site}`,
    );
    expect(receipt.parsed.text).toContain(`We will review "Hurried" by ${due}.`);
    expect(await statusText(h, tool.token)).toContain(
      `Priority review is paid for this submission. It will be reviewed by ${due}`,
    );
    // Bought once only, and never a featured placement.
    await refusedReview(h, tool, "Priority review is already paid for this submission.");

    // First in the queue, before an older free submission and one paid to be featured.
    await signIn(h);
    const queue = await adminText(h, "/admin/moderation");
    expect(queue).toContain(`Priority review · due ${due}`);
    const at = (name: string) => queue.indexOf(name);
    expect(at("Hurried")).toBeGreaterThan(-1);
    expect(at("Hurried")).toBeLessThan(at("Olderfeatured"));
    expect(at("Olderfeatured")).toBeLessThan(at("Olderfree"));
    expect(await adminText(h, "/admin/dashboard")).not.toContain("priority review is overdue");

    // Past its deadline: flagged on the dashboard and in the queue.
    h.clock.at = Number(order!.review_due_at) + 60_000;
    await signIn(h);
    const dashboard = await adminText(h, "/admin/dashboard");
    expect(dashboard).toContain("1 paid priority review is overdue");
    expect(dashboard).toContain(`Hurried, due ${due}`);
    expect(await adminText(h, "/admin/moderation")).toContain(`Overdue · Priority review · due ${due}`);

    // Rejected with no choice to make about the money: refunded, said, mailed, audited.
    const res = await moderate(h, {
      intent: "reject",
      ids: tool.id,
      formKey: `reject:${tool.id}`,
      reason: "Not a tool",
    });
    expect(res.status).toBe(200);
    expect(decodeEntities(await res.text())).toContain("Its priority review was refunded.");
    const [refunded] = await ordersOf(h, tool.id);
    expect(refunded).toMatchObject({ status: "refunded", settled_as: "refund", refunded_at: h.clock.at });
    const mail = await mailTo(smtp, "maker@hurried.example.com", `Hurried was not accepted on ${site}`);
    expect(mail.parsed.text).toContain("which you submitted and paid to have reviewed first");
    expect(mail.parsed.text).toContain("Your payment of $29 has been refunded");
    expect(await statusText(h, tool.token)).toContain("Your payment of $29 has been refunded");
    const audit = await h.server.services.database.db
      .selectFrom("audit_log")
      .select("detail")
      .where("tool_id", "=", tool.id)
      .where("action", "=", "reject")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.detail))).toEqual({ reason: "Not a tool", priorityReview: "refund" });
    expect(await adminText(h, "/admin/dashboard")).not.toContain("priority review is overdue");
  });

  it("stays paid when the submission is approved, and never features it", async () => {
    const tool = await submit(h, "Approvedfast");
    await postForm(await buyReview(h, tool), { intent: "pay" });
    await signIn(h);
    expect((await moderate(h, { intent: "approve", ids: tool.id, formKey: "bulk" })).status).toBe(200);
    expect(await ordersOf(h, tool.id)).toMatchObject([
      { kind: "priority-review", status: "paid", featured_from: null },
    ]);
    expect(await homeFeatured(h)).not.toContain(tool.slug);
    expect(await featuredUntil(h, tool.id)).toBeNull();
    // Delivered: rejecting the listing later refunds nothing and asks nothing about it.
    const res = await moderate(h, { intent: "reject", ids: tool.id, formKey: `reject:${tool.id}` });
    expect(res.status).toBe(200);
    expect(decodeEntities(await res.text())).not.toContain("priority review was refunded");
    expect(await ordersOf(h, tool.id)).toMatchObject([{ status: "paid" }]);
  });

  it("gives back at once a review paid twice, or paid after its submission was decided", async () => {
    // Two checkouts opened before either is paid: both are paid, the second is refunded.
    const tool = await submit(h, "Twiceopened");
    const checkouts = [await buyReview(h, tool), await buyReview(h, tool)];
    for (const checkout of checkouts) expect((await postForm(checkout, { intent: "pay" })).status).toBe(303);
    const orders = await ordersOf(h, tool.id);
    expect(orders).toMatchObject([
      { kind: "priority-review", status: "paid", settled_as: null },
      {
        kind: "priority-review",
        status: "refunded",
        settled_as: "refund",
        settled_note: "Refunded at once: a priority review of this submission had already been paid for.",
      },
    ]);
    expect(orders[1]!.refunded_at).toBe(h.clock.at);
    const refundedPage = textOf(
      (await getPage(h.server.url, `/payment-success?session_id=${orders[1]!.provider_session_id}`)).html,
    );
    expect(refundedPage).toContain("Payment refunded");
    expect(refundedPage).toContain("Your payment for a priority review of Twiceopened has been refunded in full.");
    expect(refundedPage).toContain("a priority review of this submission had already been paid for");
    expect(refundedPage).not.toContain("Payment Successful");
    // The API's answer is final too, so the page's script stops asking.
    const api = await fetch(`${h.server.url}/api/checkout-session/${orders[1]!.provider_session_id}`);
    expect(await api.json()).toEqual({ status: "refunded" });
    // Confirmed once, for the review that stands; the status page keeps its deadline.
    const subject = `Payment received: priority review of Twiceopened on ${h.server.services.config.siteName}`;
    await mailTo(smtp, "maker@twiceopened.example.com", subject);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.parsed.subject === subject)).toHaveLength(1);
    expect(await statusText(h, tool.token)).toContain("Priority review is paid for this submission.");

    // Paid after an admin approved the submission: nobody will review it first, so it is given back.
    const late = await submit(h, "Paidlate");
    const checkout = await buyReview(h, late);
    await signIn(h);
    expect((await moderate(h, { intent: "approve", ids: late.id, formKey: "bulk" })).status).toBe(200);
    expect((await postForm(checkout, { intent: "pay" })).status).toBe(303);
    expect(await ordersOf(h, late.id)).toMatchObject([
      {
        status: "refunded",
        settled_as: "refund",
        settled_note: "Refunded at once: the submission had already been reviewed when the payment arrived.",
        review_due_at: expect.any(Number),
      },
    ]);
  });

  it("is refused without the status link, once decided, and answers hostile bodies clearly", async () => {
    const tool = await submit(h, "Refusedreview");
    const other = await submit(h, "Othertoken");
    const cases: [unknown, number, string][] = [
      [{ product: "priority-review", toolId: tool.id }, 400, "statusToken is required"],
      [
        { product: "priority-review", toolId: tool.id, statusToken: other.token },
        400,
        "This status link does not belong to this tool.",
      ],
      [
        { product: "featured-forever", toolId: tool.id, statusToken: tool.token },
        400,
        "product must be priority-review",
      ],
      [{ product: "priority-review", toolId: "x".repeat(300), statusToken: tool.token }, 400, "toolId"],
      [
        { product: ["priority-review"], toolId: tool.id, statusToken: tool.token },
        400,
        "product must be priority-review",
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await postCheckout(h.server, body);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
    }
    await signIn(h);
    expect((await moderate(h, { intent: "approve", ids: tool.id, formKey: "bulk" })).status).toBe(200);
    await refusedReview(h, tool, "This submission is no longer waiting for review.");
    expect(await ordersOf(h, tool.id)).toEqual([]);
    expect(await statusText(h, tool.token)).not.toContain("Get reviewed within");
    // A rejected one, asked with its own status link, is told the same (not "no such tool").
    expect((await moderate(h, { intent: "reject", ids: other.id, formKey: `reject:${other.id}` })).status).toBe(200);
    await refusedReview(h, other, "This submission is no longer waiting for review.");
    expect(await ordersOf(h, other.id)).toEqual([]);
  });
});

describe("a paid submission rejected with a refund through Stripe", () => {
  let smtp: LocalSmtp;
  let fake: StripeFake;
  let h: Harness;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    fake = await startStripeFake();
    h = await start(smtp, (config) => {
      config.payments = {
        mode: "stripe",
        secretKey: "sk_test_fake",
        webhookSecret: "whsec_test",
        apiBase: fake.apiBase,
      };
    });
  });
  afterAll(async () => {
    await h?.server.close();
    await fake?.close();
    await smtp?.close();
  });

  async function payStripe(toolId: string, amount: number, email?: string): Promise<void> {
    const started = await postCheckout(h.server, { toolId, amount });
    expect(started.status).toBe(200);
    const { sessionId } = (await started.json()) as { sessionId: string };
    // Stripe's page says what is bought: a year from the tool's approval.
    const item = (fake.creates().at(-1)!.form.line_items as FormValue[])[0] as {
      price_data: { product_data: { name: string } };
    };
    expect(item.price_data.product_data.name).toMatch(/featured for 1 year \(365 days\) from its approval$/);
    fake.pay(sessionId, { email });
    // The success page asks Stripe, and fulfils the order.
    const success = await fetch(`${h.server.url}/payment-success?session_id=${sessionId}`);
    expect(success.status).toBe(200);
  }

  it("asks Stripe for the refund of the payment first; a failure changes nothing", async () => {
    const tool = await submit(h, "Striperefund");
    await payStripe(tool.id, 300);
    const [paid] = await ordersOf(h, tool.id);
    expect(paid).toMatchObject({ status: "paid" });
    const intent = paid!.provider_payment_id!;
    expect(intent).toMatch(/^pi_/);

    fake.failNext(3, "/v1/refunds");
    const failed = await moderate(h, {
      intent: "reject",
      ids: tool.id,
      formKey: `reject:${tool.id}`,
      payment: "refund",
    });
    expect(failed.status).toBe(502);
    expect(decodeEntities(await failed.text())).toContain("The refund was not made, so nothing was rejected");
    expect((await ordersOf(h, tool.id)).map((o) => o.status)).toEqual(["paid"]);
    expect(
      (
        await h.server.services.database.db
          .selectFrom("tools")
          .select("status")
          .where("id", "=", tool.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("pending");

    const res = await moderate(h, { intent: "reject", ids: tool.id, formKey: `reject:${tool.id}`, payment: "refund" });
    expect(res.status).toBe(200);
    expect(fake.refunds()).toMatchObject([{ payment_intent: intent, amount: 30_000, metadata: { orderId: paid!.id } }]);
    expect(fake.paymentIntent(intent)).toBeDefined();
    expect(await ordersOf(h, tool.id)).toMatchObject([{ status: "refunded" }]);
    const refundRequests = fake.requests.filter((r) => r.path === "/v1/refunds");
    expect(new Set(refundRequests.map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${paid!.id}`]));
  });

  it("sells a priority review: said on Stripe's page, replayed events are harmless, a rejection refunds it", async () => {
    const tool = await submit(h, "Stripereview");
    const started = await postCheckout(h.server, {
      product: "priority-review",
      toolId: tool.id,
      statusToken: tool.token,
    });
    expect(started.status).toBe(200);
    const { sessionId } = (await started.json()) as { sessionId: string };
    const item = (fake.creates().at(-1)!.form.line_items as FormValue[])[0] as {
      price_data: { unit_amount: string; product_data: { name: string } };
    };
    expect(item.price_data.product_data.name).toBe(
      "Stripereview — priority review within 2 business days (approval not guaranteed)",
    );
    expect(item.price_data.unit_amount).toBe("2900");

    // Paid, and the signed event delivered twice: one order paid once, its deadline unmoved.
    const session = fake.pay(sessionId);
    const event = sessionCompleted(session);
    const deliver = () => {
      const { body, signature } = signedEvent(event, "whsec_test");
      return fetch(`${h.server.url}/webhooks/stripe`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      });
    };
    expect((await deliver()).status).toBe(200);
    const [paid] = await ordersOf(h, tool.id);
    expect(paid).toMatchObject({ kind: "priority-review", status: "paid", featured_from: null });
    h.clock.at += 60_000;
    expect((await deliver()).status).toBe(200);
    const [replayed] = await ordersOf(h, tool.id);
    expect(replayed).toEqual(paid);
    const events = await h.server.services.database.db
      .selectFrom("payment_events")
      .select("event_id")
      .where("event_id", "=", event.id)
      .execute();
    expect(events).toHaveLength(1);

    // Rejected: Stripe is asked for the refund once, and the order is refunded.
    await signIn(h);
    const before = fake.refunds().length;
    const res = await moderate(h, { intent: "reject", ids: tool.id, formKey: `reject:${tool.id}` });
    expect(res.status).toBe(200);
    expect(fake.refunds().slice(before)).toMatchObject([
      { payment_intent: paid!.provider_payment_id, amount: 2900, metadata: { orderId: paid!.id } },
    ]);
    expect(await ordersOf(h, tool.id)).toMatchObject([{ status: "refunded", settled_as: "refund" }]);
    // Stripe's own refund event, then its replay, change nothing more.
    const refunded = refundedCharge(fake.refund(sessionId));
    for (let i = 0; i < 2; i++) {
      const { body, signature } = signedEvent(refunded, "whsec_test");
      const sent = await fetch(`${h.server.url}/webhooks/stripe`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      });
      expect(sent.status).toBe(200);
    }
    expect(await ordersOf(h, tool.id)).toMatchObject([{ status: "refunded", settled_as: "refund" }]);
  });

  it("refunds through Stripe the second of two reviews paid at once, whichever webhook comes first", async () => {
    const tool = await submit(h, "Stripetwice");
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const started = await postCheckout(h.server, {
        product: "priority-review",
        toolId: tool.id,
        statusToken: tool.token,
      });
      expect(started.status).toBe(200);
      sessions.push(((await started.json()) as { sessionId: string }).sessionId);
    }
    const events = sessions.map((id) => sessionCompleted(fake.pay(id)));
    const before = fake.refunds().length;
    const sent = await Promise.all(
      events.map((event) => {
        const { body, signature } = signedEvent(event, "whsec_test");
        return fetch(`${h.server.url}/webhooks/stripe`, {
          method: "POST",
          body,
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        });
      }),
    );
    expect(sent.map((r) => r.status)).toEqual([200, 200]);
    const orders = await ordersOf(h, tool.id);
    const kept = orders.filter((o) => o.status === "paid");
    const given = orders.filter((o) => o.status === "refunded");
    expect(kept).toHaveLength(1);
    expect(given).toMatchObject([{ settled_as: "refund" }]);
    expect(fake.refunds().slice(before)).toMatchObject([
      { payment_intent: given[0]!.provider_payment_id, amount: 2900, metadata: { orderId: given[0]!.id } },
    ]);
    // Stripe's refund event for it, and the replay of both payments, change nothing more.
    const replies = await Promise.all(
      [refundedCharge(fake.refund(given[0]!.provider_session_id!)), ...events].map((event) => {
        const { body, signature } = signedEvent(event, "whsec_test");
        return fetch(`${h.server.url}/webhooks/stripe`, {
          method: "POST",
          body,
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        });
      }),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await ordersOf(h, tool.id)).toEqual(orders);
    expect(fake.refunds().slice(before)).toHaveLength(1);
  });

  it("mails the confirmation to the address the buyer gave Stripe, once", async () => {
    const tool = await submit(h, "Stripereceipt");
    await payStripe(tool.id, 200, "buyer@elsewhere.example.org");
    const site = h.server.services.config.siteName;
    const mail = await mailTo(
      smtp,
      "buyer@elsewhere.example.org",
      `Payment received: Stripereceipt featured on ${site}`,
    );
    expect(mail.parsed.text).toContain("Thank you: your payment of $200 is confirmed.");
    expect(mail.parsed.text).toMatch(/\/sponsor\/\S+/);
    // Asked again (the success page reloaded), the paid order is not confirmed twice.
    const [order] = await ordersOf(h, tool.id);
    await fetch(`${h.server.url}/payment-success?session_id=${order!.provider_session_id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.to.includes("buyer@elsewhere.example.org"))).toHaveLength(1);
  });
});

describe("a priority review not sold", () => {
  it("is neither offered nor sold at a price of 0, nor with payments off", async () => {
    const smtp = await startLocalSmtp();
    for (const configure of [
      (config: Config) => (config.priorityReview = { priceCents: 0 }),
      // Featuring's own refusal would speak of featuring: the review's says what is not sold.
      (config: Config) => (config.payments = { mode: "off" }),
    ]) {
      const h = await start(smtp, configure);
      try {
        const tool = await submit(h, "Notsold");
        expect(textOf((await getPage(h.server.url, `/submit-tool/${tool.token}`)).html)).not.toContain(
          "Get reviewed within",
        );
        expect(await statusText(h, tool.token)).not.toContain("Get reviewed within");
        const res = await postCheckout(h.server, {
          product: "priority-review",
          toolId: tool.id,
          statusToken: tool.token,
        });
        expect(res.status).toBe(503);
        expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
          "Priority review is not offered on this site.",
        );
        expect(await ordersOf(h, tool.id)).toEqual([]);
      } finally {
        await h.server.close();
      }
    }
    await smtp.close();
  });
});
