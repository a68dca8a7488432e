import { insertTools } from "../../server/catalog/write.ts";
import { makeTool } from "../support/catalog.ts";
import { addVerifiedOwner } from "../support/reviews.ts";
import { changeE2eCatalog, e2eDatabase } from "./fixture-tools.ts";
import { expect, signIn, test } from "./fixtures.ts";
import { mailsTo } from "./mail.ts";

// A visitor writes a review on a tool page (a plain form), confirms it from the mail, the admin
// publishes it from the Reviews queue and the page shows it with the average; the tool's verified
// owner replies from their owner page, the admin publishes the reply, and it shows under the
// review. Every page on the way is checked with axe. Each run reviews a tool of its own, from a
// network of its own.

const run = Date.now();
test.use({ extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${(run + 7) % 250}` } });

/** Makes a verified owner of the tool in the e2e server's database; returns their owner page's path. */
async function verifiedOwnerPath(toolId: string, email: string): Promise<string> {
  const database = e2eDatabase();
  try {
    return `/owner/${await addVerifiedOwner(database, toolId, { email, domain: email.split("@")[1]! })}`;
  } finally {
    await database.close();
  }
}

test("write a review → confirm by mail → the admin publishes it → shown with the average → the owner replies → reply published", async ({
  page,
  visit,
  checkA11y,
}) => {
  const tool = makeTool({ name: `Review Journey ${run}` });
  await changeE2eCatalog((write) => insertTools(write, [tool]));
  const address = `reviewer-${run}@example.com`;
  const text = "Planning our sprints got much faster; <b>the</b> board view is clear.";

  expect(await visit(`/tool/${tool.slug}`)).toBe(200);
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews).toContainText(`No reviews of ${tool.name} yet.`);
  const form = page.getByRole("region", { name: "Write a review" });
  await form
    .getByRole("group", { name: `Your rating of ${tool.name}` })
    .getByRole("radio", { name: /^5 stars/ })
    .check();
  await form.getByLabel("Your review").fill(text);
  await form.getByLabel("Pros (optional)").fill("Keyboard shortcuts");
  await form.getByLabel("Name to show (optional)").fill("Ana");
  await form.getByLabel("Your e-mail").fill(address);
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();
  await checkA11y();

  const [mail] = await mailsTo(address, 1);
  expect(mail!.subject).toBe(`Confirm your review of ${tool.name} on toolshelf/`);
  const link = /https?:\/\/\S+\/review\/confirm\/\S+/.exec(mail!.text ?? "")![0];
  expect(await visit(new URL(link).pathname)).toBe(200);
  await page.getByRole("button", { name: "Confirm review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review confirmed" })).toBeVisible();
  await checkA11y();

  await page.goto("/admin/reviews");
  await signIn(page);
  const item = page.getByRole("article", { name: new RegExp(tool.name) });
  await expect(item).toContainText(text);
  await expect(item).not.toContainText(address);
  await checkA11y();
  await item.getByRole("button", { name: `Publish the review of ${tool.name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Review published (${tool.name}).` })).toBeVisible();

  expect(await visit(`/tool/${tool.slug}`)).toBe(200);
  await expect(reviews).toContainText("5.0 out of 5 from 1 review");
  await expect(reviews.getByRole("list", { name: "Ratings by stars" })).toContainText("5 stars1 (100%)");
  const shown = reviews.getByRole("article", { name: /5 out of 5 by Ana/ });
  await expect(shown).toContainText(text);
  await expect(shown.getByRole("link")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(address);
  // A reader finds it helpful: counted, and the page comes back at the review.
  await shown.getByRole("button", { name: /^Helpful/ }).click();
  await expect(shown.getByRole("button", { name: /^Helpful/ })).toContainText("· 1");
  expect(new URL(page.url()).hash).toMatch(/^#review-/);

  // The owner answers from their page; the answer waits for the admin.
  const ownerPath = await verifiedOwnerPath(tool.id, `owner-${run}@example.org`);
  expect(await visit(ownerPath)).toBe(200);
  const ownerReviews = page.getByRole("region", { name: "Reviews" });
  await ownerReviews.getByLabel(/Your reply/).fill("Thank you, Ana! A dark mode is on its way.");
  await ownerReviews.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Thank you: your reply waits for a moderator")).toBeVisible();
  await expect(ownerReviews).toContainText("Your reply (waiting for a moderator)");
  await checkA11y();

  await page.goto("/admin/reviews");
  const reply = page.getByRole("article", { name: new RegExp(tool.name) });
  await expect(reply).toContainText("A dark mode is on its way.");
  await reply.getByRole("button", { name: `Publish the reply about ${tool.name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Reply published (${tool.name}).` })).toBeVisible();

  expect(await visit(`/tool/${tool.slug}`)).toBe(200);
  await expect(shown).toContainText(`Reply from the owner of ${tool.name}`);
  await expect(shown).toContainText("A dark mode is on its way.");

  // The audit log names each decision.
  await page.goto("/admin/audit");
  await expect(page.getByRole("table")).toContainText("Approved review");
  await expect(page.getByRole("table")).toContainText("Approved owner's reply");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused review comes back with its messages and what was typed; the corrected one is sent", async ({
    page,
    visit,
    checkA11y,
  }) => {
    const tool = makeTool({ name: `Review Journey Plain ${run}` });
    await changeE2eCatalog((write) => insertTools(write, [tool]));
    expect(await visit(`/tool/${tool.slug}`)).toBe(200);
    const form = page.getByRole("region", { name: "Write a review" });
    await form.getByLabel("Your review").fill("Too short");
    await form.getByLabel("Your e-mail").evaluate((input: HTMLInputElement) => input.setAttribute("type", "text"));
    await form.getByLabel("Your e-mail").fill("not an address");
    // The browser's own checks are what a script-free page has; the server's are what count.
    await form.locator("form").evaluate((element: HTMLFormElement) => element.setAttribute("novalidate", ""));
    await form.getByRole("button", { name: "Send review" }).click();

    await expect(form.getByText("Please choose a rating from 1 to 5 stars.")).toBeVisible();
    await expect(form.getByText("Please write at least 20 characters.")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Your review")).toHaveValue("Too short");
    await checkA11y();

    await form.getByRole("radio", { name: /^3 stars/ }).check();
    await form.getByLabel("Your review").fill("Does the job, though the setup took me an hour.");
    await form.getByLabel("Your e-mail").fill(`plain-${run}@example.com`);
    await form.getByRole("button", { name: "Send review" }).click();
    await expect(form.getByText("Check your inbox")).toBeVisible();
    await checkA11y();
    const [mail] = await mailsTo(`plain-${run}@example.com`, 1);
    expect(mail!.subject).toBe(`Confirm your review of ${tool.name} on toolshelf/`);
  });
});
