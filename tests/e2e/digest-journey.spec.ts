import type { ParsedMail } from "mailparser";
import { expect, test } from "./fixtures.ts";
import { mailsTo } from "./mail.ts";

// The weekly digest as a reader and an admin meet it: subscribe on the home page, the
// confirmation mail (sent over SMTP to the local server of global-setup),
// confirm with the button, the admin's digest page and Run now, the digest, and unsubscribe with
// the link in its body. Every new page is checked with axe.

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.21" } });

/** The path of the first link to `part` in a mail's plain body (links are absolute, to SITE_URL). */
function linkPath(mail: ParsedMail, part: string): string {
  const link = new RegExp(`https?://\\S+${part}\\S+`).exec(mail.text ?? "")?.[0];
  if (!link) throw new Error(`no ${part} link in: ${mail.text}`);
  return new URL(link).pathname;
}

test("subscribe on the home page → confirm from the mail → the admin sends the digest → unsubscribe from its link", async ({
  page,
  visit,
  checkA11y,
}) => {
  const address = `reader-${Date.now()}@example.com`;

  expect(await visit("/")).toBe(200);
  const panel = page.getByRole("region", { name: "New tools in your inbox" });
  await panel.getByLabel("E-mail address").fill(address);
  await panel.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox to confirm" })).toBeVisible();
  await expect(page).toHaveURL(/\/digest\?sent=1$/);
  await checkA11y();

  const [confirmation] = await mailsTo(address, 1);
  expect(confirmation!.subject).toMatch(/Confirm your subscription/);
  expect(await visit(linkPath(confirmation!, "/digest/confirm/"))).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
  await checkA11y();

  // The admin: readers, where mails go, Run now.
  expect(await visit("/admin/digest")).toBe(401);
  await page.getByLabel("Username").fill(process.env.E2E_ADMIN_USERNAME!);
  await page.getByLabel("Password").fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Weekly digest" })).toBeVisible();
  await expect(page.getByText("Confirmed readers")).toBeVisible();
  const delivery = page.getByRole("region", { name: "Where mails go" });
  await expect(delivery).toContainText(`Through the SMTP server ${process.env.E2E_SMTP_URL} (SMTP_URL).`);
  await checkA11y();
  await page.getByRole("button", { name: "Run now (Weekly digest)" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Sent \d+, failed 0|already has this week/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("table")).toContainText(/\d{4}-W\d{2}/);
  await checkA11y();

  const digest = (await mailsTo(address, 2)).find((mail) => / weekly: /.test(mail.subject ?? ""))!;
  expect(digest.text).toContain("Featured tools");
  const unsubscribe = linkPath(digest, "/digest/unsubscribe/");
  expect(await visit(unsubscribe)).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe from the weekly digest" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  await checkA11y();
});

test("the footer's form and the digest page say the same, and the page shows the form's own messages", async ({
  page,
  visit,
  checkA11y,
}) => {
  expect(await visit("/digest")).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Weekly digest" })).toBeVisible();

  expect(await visit("/about")).toBe(200);
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("E-mail address").fill(`footer-${Date.now()}@Example.COM`);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox to confirm" })).toBeVisible();

  // The browser's own check stopped aside, the server answers with the form's words.
  await visit("/digest");
  const main = page.getByRole("main");
  await main.getByLabel("E-mail address").evaluate((input: HTMLInputElement) => input.setAttribute("type", "text"));
  await main.getByLabel("E-mail address").fill("not an address");
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(main.getByText("Please enter a valid email address.")).toBeVisible();
  await checkA11y();
});
