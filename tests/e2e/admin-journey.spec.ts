import type { Page } from "@playwright/test";
import sharp from "sharp";
import { e2eDatabase } from "./fixture-tools.ts";
import { expect, test } from "./fixtures.ts";

// The admin's day: sign in, check the figures, approve one submission (it goes public), edit it,
// reject another with a reason (its submitter's private link says why), sign out. The approved
// tool is deleted at the end, so the journeys after this one see the demo catalogue as it was.

// This journey's own visitor address (the e2e server trusts its loopback proxy): see global-setup.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.10" } });
// A dozen pages, each checked by axe, and a paid submission's checkout: about 50 s on this 2-core
// machine.
test.describe.configure({ timeout: 90_000 });

/** Submits a tool through the public form (and, `paid`, pays $100 to feature it); returns the private status link it shows. */
async function submitTool(page: Page, name: string, paid = false): Promise<string> {
  await page.goto("/submit-tool");
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel("Tagline *").fill(`${name} does one thing well`);
  await page.getByLabel("Website URL *").fill(`https://${name.toLowerCase()}.example.com`);
  await page.getByRole("group", { name: "Categories *" }).getByLabel("Utilities").check();
  await page.getByLabel("Logo *").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 64, height: 64, channels: 4, background: "#5040c0" } })
      .png()
      .toBuffer(),
  });
  if (paid) await page.getByLabel("Feature this tool after submitting").check();
  await page.getByRole("button", { name: "Submit Tool" }).click();
  await expect(page.getByText("Tool submitted successfully! We'll review it shortly.")).toBeVisible();
  const link = page.getByRole("link", { name: /\/submission\// });
  // An absolute link to SITE_URL; the e2e server has none of its own (it listens on port 0), so the path is taken.
  const statusPath = new URL((await link.getAttribute("href"))!).pathname;
  if (paid) {
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: "Pay $100" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 10_000 });
  }
  return statusPath;
}

/** The number a dashboard card shows for `label`. */
async function figure(page: Page, label: string): Promise<number> {
  const text = await page
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]")
    .textContent();
  return Number((text ?? "").replace(/[^0-9]/g, ""));
}

test("sign in → figures → approve → public and searchable → edit → reject with a reason → the submitter sees it → sign out", async ({
  page,
  visit,
  checkA11y,
}) => {
  await submitTool(page, "Approvable");
  const rejectedLink = await submitTool(page, "Rejectable");
  const refundedLink = await submitTool(page, "Refundable", true);

  // Signed out, an admin page shows the login in place.
  expect(await visit("/admin/moderation")).toBe(401);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await page.getByLabel("Username").fill(process.env.E2E_ADMIN_USERNAME!);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password!");
  await page.getByLabel("Username").fill(process.env.E2E_ADMIN_USERNAME!);
  await page.getByLabel("Password").fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
  await checkA11y();

  // The dashboard's figures are the database's.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const db = e2eDatabase();
  try {
    const counts = await db.db.selectFrom("tools").select(["status"]).execute();
    expect(await figure(page, "Total tools")).toBe(counts.length);
    expect(await figure(page, "Pending")).toBe(counts.filter((c) => c.status === "pending").length);
    expect(await figure(page, "Approved")).toBe(counts.filter((c) => c.status === "approved").length);
  } finally {
    await db.close();
  }
  await checkA11y();

  // Approve one: it is public at once, in browse and in search.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Moderation" }).click();
  await page.getByRole("button", { name: "Approve Approvable" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Approvable" })).toHaveCount(0);
  await visit("/browse/all");
  await expect(page.getByRole("heading", { level: 3, name: "Approvable" })).toBeVisible();
  await visit("/search/approvable");
  await expect(page.getByRole("heading", { level: 3, name: "Approvable" }).first()).toBeVisible();

  // Edit its tagline.
  await visit("/admin/tools?q=Approvable");
  await page.getByRole("link", { name: "Approvable" }).first().click();
  await page.getByLabel("Tagline *").fill("Now with a better tagline");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\?saved=1$/);
  await visit("/tool/approvable");
  await expect(page.getByText("Now with a better tagline").first()).toBeVisible();

  // Reject the other with a reason; its submitter's link says so.
  await visit("/admin/moderation");
  const card = page.getByRole("article", { name: "Rejectable" });
  await card.getByText("Reject Rejectable…").click();
  await card.getByLabel("Reason (optional, shown to the submitter)").fill("Not a software tool.");
  await card.getByRole("button", { name: "Reject Rejectable" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Rejectable" })).toHaveCount(0);
  await visit(rejectedLink);
  await expect(page.getByText("Rejected")).toBeVisible();
  await expect(page.getByText("Not a software tool.")).toBeVisible();

  // A paid one: rejecting it asks what becomes of the money; refunded, its submitter is told.
  await visit("/admin/moderation");
  const paidCard = page.getByRole("article", { name: "Refundable" });
  await paidCard.getByText("Reject Refundable…").click();
  const money = paidCard.getByRole("group", { name: "Paid $100 to be featured" });
  await expect(money).toBeVisible();
  await checkA11y();
  await money.getByLabel("Refund $100").check();
  await paidCard.getByRole("button", { name: "Reject Refundable" }).click();
  await expect(page.getByText("Rejected 1 tool: “Refundable”. The payment was refunded.")).toBeVisible();
  await visit(refundedLink);
  await expect(page.getByText("Your payment of $100 has been refunded")).toBeVisible();
  await expect(page.getByRole("link", { name: "submit the tool again" })).toBeVisible();

  // Leave the catalogue as it was: the approved tool goes again.
  await visit("/admin/tools?q=Approvable");
  await page.getByRole("link", { name: "Approvable" }).first().click();
  await page.getByLabel(/I understand/).check();
  await page.getByRole("button", { name: /^Delete/ }).click();
  // Deleted: the list of tools again (the post has finished before the next page is asked for).
  await expect(page).toHaveURL(/\/admin\/tools$/);
  await visit("/tool/approvable");
  await expect(page.getByRole("heading", { level: 1, name: "Approvable" })).toHaveCount(0);

  // Sign out: back at the login.
  await visit("/admin/dashboard");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  expect(await visit("/admin/dashboard")).toBe(401);
});
