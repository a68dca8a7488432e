import { expect, test } from "./fixtures.ts";
import { mailsTo } from "./mail.ts";

// A maker claims their listing: by e-mail at the website's domain (the one-time link read from
// the mail the e2e server sends over SMTP to the local server of global-setup), gets the private
// owner page, proposes a new tagline, an admin approves it from moderation (it is published) and
// then revokes the claim (the owner link stops working). Every new page is checked with axe.

// This journey's own visitor address (the e2e server trusts its loopback proxy): see global-setup.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.21" } });

const NEW_TAGLINE = "Budgeting that gives every dollar a job, now told by its makers";

test("claim by e-mail → owner page → propose an edit → the admin approves it → published → the admin revokes the claim", async ({
  page,
  visit,
  checkA11y,
}) => {
  // Eight pages checked with axe, on two cores.
  test.setTimeout(120_000);
  expect(await visit("/claim/ynab")).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Is YNAB your tool? Claim it" })).toBeVisible();

  // An address elsewhere is refused with the form's own words, next to the field.
  const address = page.getByLabel("Your e-mail address at the website's domain");
  await address.fill("someone@example.org");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(
    page.getByText(
      "Please use an address at ynab.com itself (not at a subdomain of it), so we know the website is yours.",
    ),
  ).toBeVisible();
  // What was typed is still there to correct.
  await expect(page.getByLabel("Your e-mail address at the website's domain")).toHaveValue("someone@example.org");
  await checkA11y();

  // The keyboard path: type the address, Enter sends the form.
  await page.getByLabel("Your e-mail address at the website's domain").fill("maker@ynab.com");
  await page.getByLabel("Your e-mail address at the website's domain").press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: "We have sent a confirmation link to maker@ynab.com" }),
  ).toBeVisible();
  await checkA11y();

  const [mail] = await mailsTo("maker@ynab.com", 1);
  const confirm = /\/claim\/ynab\?confirm=[A-Za-z0-9_-]{43}/.exec(mail!.text ?? "")![0];
  expect(await visit(confirm)).toBe(200);
  await page.getByRole("button", { name: "Confirm that I own it" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You own YNAB on this directory" })).toBeVisible();
  await checkA11y();
  // An absolute link to SITE_URL; the e2e server has none of its own (it listens on port 0), so the path is taken.
  const ownerPath = new URL((await page.getByRole("link", { name: /\/owner\// }).getAttribute("href"))!).pathname;

  expect(await visit(ownerPath)).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "YNAB: owner page" })).toBeVisible();
  await expect(page.getByRole("term").getByText("Likes", { exact: true })).toBeVisible();
  await expect(page.getByText("Page views, all time")).toBeVisible();
  // A refused proposal opens on the error summary, which links to the field.
  await page.getByLabel("Tagline *").fill("");
  await page.getByRole("button", { name: "Send for review" }).click();
  const summary = page.locator("[data-error-summary]");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText(["Tagline is required."]);
  await summary.getByRole("link", { name: "Tagline is required." }).click();
  await expect(page.getByLabel("Tagline *")).toBeFocused();
  await page.getByLabel("Tagline *").fill(NEW_TAGLINE);
  await page.getByRole("button", { name: "Send for review" }).click();
  await expect(page.getByText("Thank you: your changes were sent for review.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Waiting for review" })).toBeVisible();
  await checkA11y();

  // The website proof, for those without an address at the domain: a code and the three places to put it.
  await visit("/claim/ynab");
  await page.getByRole("button", { name: "Get a verification code" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Verify by the website" })).toBeVisible();
  await expect(page.getByText(/<meta name="toolshelf-verification" content="toolshelf-[0-9a-z]{32}">/)).toBeVisible();
  await expect(
    page.getByText("https://www.ynab.com/.well-known/toolshelf-verification.txt", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("_toolshelf-verification.ynab.com", { exact: true })).toBeVisible();
  await checkA11y();

  // The admin sees the edit as a diff in moderation and approves it: the listing changes.
  expect(await visit("/admin/moderation")).toBe(401);
  await page.getByLabel("Username").fill(process.env.E2E_ADMIN_USERNAME!);
  await page.getByLabel("Password").fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole("button", { name: "Login" }).click();
  const edits = page.getByRole("region", { name: "Owners' edits" });
  const edit = edits.getByRole("article", { name: "YNAB" });
  await expect(edit.getByRole("row", { name: /Tagline/ })).toContainText(NEW_TAGLINE);
  await checkA11y();
  await edit.getByRole("button", { name: "Approve the edit of YNAB" }).click();
  await expect(page.getByText("Approved and published the edit of “YNAB” by maker@ynab.com.")).toBeVisible();
  await visit("/tool/ynab");
  await expect(page.getByText(NEW_TAGLINE).first()).toBeVisible();

  // The admin revokes the claim: the owner link stops working at once.
  expect(await visit("/admin/claims")).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Claims" })).toBeVisible();
  await page.getByRole("button", { name: "Revoke the claim of YNAB by maker@ynab.com" }).click();
  await expect(page.getByText("Revoked the claim of “YNAB”: its owner link no longer works.")).toBeVisible();
  await checkA11y();
  expect(await visit(ownerPath)).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Owner link not found" })).toBeVisible();
});
