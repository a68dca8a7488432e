import type { Page } from "@playwright/test";
import { formatUtcStamp } from "../../core/dates.ts";
import { PRIORITY_REVIEW_TEXTS, reviewDueAt } from "../../core/priority-review.ts";
import { testImage } from "../support/images.ts";
import { expect, overflow, signIn, test } from "./fixtures.ts";
import { mailsTo } from "./mail.ts";

// A submitter pays for a priority review of their pending submission on the built-in test
// checkout: the success page says when it will be reviewed and that paying buys no approval, the
// status link says it is paid, and the admin's queue shows it first (before a submission made
// earlier) with its deadline. Rejected, its review is refunded on its own: the admin is told, the
// submitter is mailed (over SMTP, to the local server of global-setup) and their status page says
// so, and the order is listed as refunded. Each run submits tools of its own.

const run = Date.now();
const EARLIER = { name: `Queue Earlier ${run}`, website: `https://queue-earlier-${run}.example.com` };
const PRIORITY = { name: `Priority Review ${run}`, website: `https://priority-review-${run}.example.com` };
const SUBMITTER = `priority-${run}@example.com`;
const OFFER = PRIORITY_REVIEW_TEXTS.offer;

// This journey's own visitor address (the e2e server trusts its loopback proxy): see global-setup.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.52" } });
// Two submissions, a checkout, the admin's queue and orders, each page checked by axe.
test.describe.configure({ timeout: 90_000 });

/** Submits a tool through the public form, featuring not chosen; returns the path of its private status link. */
async function submitTool(page: Page, tool: { name: string; website: string }, email?: string): Promise<string> {
  await page.goto("/submit-tool");
  await page.getByLabel("Name *").fill(tool.name);
  await page.getByLabel("Tagline *").fill(`${tool.name} does one thing well`);
  await page.getByLabel("Website URL *").fill(tool.website);
  await page.getByRole("group", { name: "Categories *" }).getByLabel("Utilities").check();
  if (email) await page.getByLabel("Your email (optional)").fill(email);
  await page.getByLabel("Logo *").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: await testImage("png", 64, 64),
  });
  await page.getByRole("button", { name: "Submit Tool" }).click();
  await expect(page.getByRole("main").getByRole("status").first()).toHaveText(
    "Tool submitted successfully! We'll review it shortly.",
  );
  // An absolute link to SITE_URL; the e2e server has none of its own (it listens on port 0), so the path is taken.
  const href = await page.getByRole("link", { name: /\/submission\// }).getAttribute("href");
  return new URL(href!).pathname;
}

/** The mail to the submitter whose subject matches, once it has come (they get others too, such as the status link). */
async function mailWithSubject(subject: RegExp) {
  await expect
    .poll(async () => (await mailsTo(SUBMITTER, 1)).some((mail) => subject.test(mail.subject ?? "")), {
      message: `a mail to ${SUBMITTER} about ${subject.source}`,
      timeout: 10_000,
    })
    .toBe(true);
  return (await mailsTo(SUBMITTER, 1)).find((mail) => subject.test(mail.subject ?? ""))!;
}

/** The names of the moderation queue's tools, in its order, over all its pages (signed in). */
async function queueNames(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (let n = 1; ; n++) {
    await page.goto(`/admin/moderation${n > 1 ? `?page=${n}` : ""}`);
    await expect(page.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
    const queue = page.getByRole("list", { name: "Pending tools" });
    if ((await queue.count()) === 0) return names;
    const onPage = await queue.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
    names.push(...onPage.map((name) => name.trim()));
    if (onPage.length === 0 || names.includes(EARLIER.name)) return names;
  }
}

test("priority review: submit → pay on the test checkout → first in the queue → rejected and refunded → mailed", async ({
  page,
  visit,
  checkA11y,
}) => {
  // An earlier submission, still pending: the paid one goes before it all the same.
  await submitTool(page, EARLIER);
  const statusPath = await submitTool(page, PRIORITY, SUBMITTER);

  // The confirmation offers the review, and says that it buys no approval.
  const offer = page.getByRole("region", { name: OFFER });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(PRIORITY_REVIEW_TEXTS.noApproval);
  const pay = offer.getByRole("button", { name: "Pay $29 for priority review" });
  await expect(pay).toBeVisible();
  await checkA11y();

  // On a phone, the offer and its button fit the window's width.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(offer).toBeVisible();
  expect(await overflow(page), "the confirmation reaches past a 390-px window").toEqual({ by: 0, culprit: "" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  for (const part of [offer, pay]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await page.setViewportSize(desktop);

  // A plain form post: the checkout endpoint answers with the test checkout.
  await pay.click();
  await expect(page).toHaveURL(/\/test-checkout\/test_/);
  await expect(page.getByText("Test mode — no real charge")).toBeVisible();
  await expect(page.getByText(PRIORITY.name)).toBeVisible();
  await expect(page.getByText("Priority review within 2 business days")).toBeVisible();
  await expect(page.getByText(PRIORITY_REVIEW_TEXTS.noApproval)).toBeVisible();
  await checkA11y();
  const paidFrom = Date.now();
  await page.getByRole("button", { name: "Pay $29", exact: true }).click();

  // Paid: when it will be reviewed, that approval was not bought, and no placement's report.
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 10_000 });
  const paidBy = Date.now();
  const confirmed = page.getByRole("main").getByRole("status");
  await expect(confirmed).toContainText(
    `Your payment for a priority review of ${PRIORITY.name} is confirmed. We will review it by `,
  );
  const dueIso = (await confirmed.locator("time").getAttribute("datetime"))!;
  const dueAt = Date.parse(dueIso);
  // Two business days from the moment it was paid, weekends not counted.
  expect(dueAt).toBeGreaterThanOrEqual(reviewDueAt(paidFrom - 1000));
  expect(dueAt).toBeLessThanOrEqual(reviewDueAt(paidBy));
  const due = formatUtcStamp(dueAt);
  await expect(confirmed).toContainText(`We will review it by ${due} (2 business days).`);
  await expect(page.getByText(PRIORITY_REVIEW_TEXTS.noApproval)).toBeVisible();
  await expect(page.locator('a[href*="/sponsor/"]')).toHaveCount(0);
  await expect(page.getByText("/sponsor/")).toHaveCount(0);
  await checkA11y();

  // The private status link says it is paid for, and by when it is due; it offers no second payment.
  expect(await visit(statusPath)).toBe(200);
  await expect(page.getByText("Status: Pending")).toBeVisible();
  const paidOffer = page.getByRole("region", { name: OFFER });
  await expect(paidOffer.getByRole("status")).toHaveText(
    `${PRIORITY_REVIEW_TEXTS.alreadyPaid} It will be reviewed by ${due}.`,
  );
  await expect(paidOffer.getByRole("button")).toHaveCount(0);

  // The payment is confirmed by mail to the submitter, who paid from their status link.
  const receipt = await mailWithSubject(new RegExp(`^Payment received: priority review of ${PRIORITY.name} on `));
  expect(receipt.text).toContain("Thank you: your payment of $29 is confirmed.");
  expect(receipt.text).toContain(`We will review "${PRIORITY.name}" by ${due}.`);
  expect(receipt.text).toContain(PRIORITY_REVIEW_TEXTS.noApproval);
  expect(receipt.text).not.toContain("/sponsor/");

  // The admin's queue: the paid review first, with its deadline, before the earlier submission.
  await page.goto("/admin/moderation");
  await signIn(page);
  const names = await queueNames(page);
  expect(names[0], "the first tool in the moderation queue").toBe(PRIORITY.name);
  expect(names).toContain(EARLIER.name);
  expect(names.indexOf(PRIORITY.name)).toBeLessThan(names.indexOf(EARLIER.name));
  await page.goto("/admin/moderation");
  const card = page.getByRole("article", { name: PRIORITY.name, exact: true });
  await expect(page.getByRole("list", { name: "Pending tools" }).getByRole("article").first()).toHaveAccessibleName(
    PRIORITY.name,
  );
  await expect(card.getByText(`Priority review · due ${due}`, { exact: true })).toBeVisible();
  await expect(card.getByText(/Overdue/)).toHaveCount(0);
  await expect(card.getByText(/to be featured/)).toHaveCount(0);
  await checkA11y();

  // Rejecting it refunds the review: said in the form, and nothing to choose about the money.
  await card.getByText(`Reject ${PRIORITY.name}…`).click();
  await expect(
    card.getByText(
      "Its priority review was paid for: rejecting it refunds that payment in full, and the submitter is told by mail.",
    ),
  ).toBeVisible();
  await expect(card.getByRole("radio")).toHaveCount(0);
  await expect(card.getByRole("group", { name: /to be featured/ })).toHaveCount(0);
  await checkA11y();
  await card.getByLabel("Reason (optional, shown to the submitter)").fill("Not a software tool.");
  await card.getByRole("button", { name: `Reject ${PRIORITY.name}`, exact: true }).click();
  await expect(
    page.getByText(`Rejected 1 tool: “${PRIORITY.name}”. Its priority review was refunded.`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: PRIORITY.name, exact: true })).toHaveCount(0);

  // The submitter is mailed, with the refund (other mails to them, such as the status link, are not this one).
  const mail = await mailWithSubject(new RegExp(`^${PRIORITY.name} was not accepted on `));
  expect(mail.text).toContain(`"${PRIORITY.name}", which you submitted and paid to have reviewed first on `);
  expect(mail.text).toContain("Reason: Not a software tool.");
  expect(mail.text).toContain("Your payment of $29 has been refunded; it can take a few days to reach your account.");

  // The status link: rejected, with the reason and the refund; no offer any more.
  expect(await visit(statusPath)).toBe(200);
  await expect(page.getByText("Status: Rejected")).toBeVisible();
  await expect(page.getByText("Not a software tool.")).toBeVisible();
  await expect(
    page.getByText("Your payment of $29 has been refunded; it can take a few days to reach your account."),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: OFFER })).toHaveCount(0);

  // The admin's orders: the priority review, refunded.
  await page.goto("/admin/orders?status=refunded");
  // Rejected, the tool is no longer listed: the row names it all the same.
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader").filter({ hasText: PRIORITY.name }) });
  await expect(row).toHaveCount(1);
  const headers = await page.getByRole("columnheader").allTextContents();
  const cells = await row.getByRole("cell").allTextContents();
  // The row's header is the tool; its cells follow the other column headers.
  const cell = (header: string) => cells[headers.indexOf(header) - 1]!.trim();
  expect(cell("For")).toBe("Priority review");
  expect(cell("Amount")).toBe("$29");
  expect(cell("Status")).toBe("Refunded");
});
