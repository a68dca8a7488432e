import { insertTools } from "../../server/catalog/write.ts";
import { makeTool } from "../support/catalog.ts";
import { changeE2eCatalog } from "./fixture-tools.ts";
import { expect, signIn, test } from "./fixtures.ts";
import { mailsTo } from "./mail.ts";

// A visitor reports a problem with a listing from its page (the report form works with and
// without scripts), the admin finds it in the Reports queue and resolves it, and the reporter
// gets a mail saying what was done (sent over SMTP to the local server of global-setup). Each
// run reports tools of its own, from a network of its own: one report per visitor, tool and day.

const run = Date.now();
test.use({ extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${run % 250}` } });

async function addJourneyTool(name: string) {
  const tool = makeTool({ name });
  await changeE2eCatalog((write) => insertTools(write, [tool]));
  return tool;
}

test("a visitor reports a broken link → the admin rejects the report → the reporter is mailed", async ({
  page,
  visit,
  checkA11y,
}) => {
  const tool = await addJourneyTool(`Report Journey ${run}`);
  const address = `reporter-${run}@example.com`;

  expect(await visit(`/tool/${tool.slug}`)).toBe(200);
  const region = page.getByRole("region", { name: `Report a problem with ${tool.name}` });
  await expect(region.getByRole("radio", { name: "Broken link" })).toBeHidden();
  await region.getByText("Report a problem").click();
  await region.getByRole("radio", { name: "Broken link" }).check();
  await region.getByLabel("Note (optional)").fill("The website answers 404 since last week.");
  await region.getByLabel("Your e-mail (optional)").fill(address);
  await region.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you: your report was sent." })).toBeVisible();
  await checkA11y();

  await page.goto("/admin/reports");
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const group = page.getByRole("article", { name: new RegExp(tool.name) });
  await expect(group).toContainText("Broken link: 1");
  await expect(group).toContainText("The website answers 404 since last week.");
  await expect(group).toContainText("awaits a reply");
  await expect(group).not.toContainText(address);
  await expect(group.getByRole("link", { name: /Edit the tool/ })).toHaveAttribute("href", `/admin/tools/${tool.id}`);
  await checkA11y();

  await group.getByRole("button", { name: `Reject (reports about ${tool.name})`, exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `1 report about “${tool.name}” rejected. 1 reporter was mailed.` }),
  ).toBeVisible();
  await expect(page.getByRole("article", { name: new RegExp(tool.name) })).toHaveCount(0);
  await checkA11y();

  const [mail] = await mailsTo(address, 1);
  expect(mail!.subject).toContain(`Your report about ${tool.name}`);
  expect(mail!.text).toContain("We checked the listing and found it correct as it is");

  // The audit log names what was done.
  await page.goto("/admin/audit");
  await expect(page.getByRole("table")).toContainText("Resolved reports");
  await expect(page.getByRole("table")).toContainText("Rejected (1 report)");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused report comes back with what was typed; the corrected one is thanked, a second one too", async ({
    page,
    visit,
    checkA11y,
  }) => {
    const tool = await addJourneyTool(`Report Journey Plain ${run}`);
    expect(await visit(`/tool/${tool.slug}`)).toBe(200);
    const region = page.getByRole("region", { name: `Report a problem with ${tool.name}` });
    await region.getByText("Report a problem").click();
    await region.getByLabel("Note (optional)").fill("Listed twice, as far as I can see.");
    await region.getByLabel("Your e-mail (optional)").fill("not an address");
    await region.getByRole("button", { name: "Send report" }).click();

    // The page again, the disclosure open, the messages by their fields, what was typed kept.
    await expect(region.getByText("Please choose what is wrong with this listing.")).toBeVisible();
    await expect(region.getByText("Please enter a valid email address, or leave it empty.")).toBeVisible();
    await expect(region.getByLabel("Note (optional)")).toHaveValue("Listed twice, as far as I can see.");
    await checkA11y();

    await region.getByRole("radio", { name: "Duplicate" }).check();
    await region.getByLabel("Your e-mail (optional)").fill("");
    await region.getByRole("button", { name: "Send report" }).click();
    await expect(region.getByText("Thank you: your report was sent.")).toBeVisible();
    await checkA11y();

    // Once a day per visitor: the form is there again for the next visit, a second report is only thanked.
    await page.goto(`/tool/${tool.slug}`);
    await region.getByText("Report a problem").click();
    await region.getByRole("radio", { name: "Other" }).check();
    await region.getByRole("button", { name: "Send report" }).click();
    await expect(region.getByText("You have already reported this tool today.")).toBeVisible();
  });
});
