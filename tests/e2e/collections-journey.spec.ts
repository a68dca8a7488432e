import { insertTools } from "../../server/catalog/write.ts";
import { makeTool } from "../support/catalog.ts";
import { changeE2eCatalog } from "./fixture-tools.ts";
import { expect, signIn, test } from "./fixtures.ts";

// An admin makes a collection — creates it, adds tools by address and through the search, writes
// a note, puts the tools in order from the keyboard with Move up / Move down, publishes it — and a
// visitor finds it: in the list of collections, on its page in that order with the note, and from
// the page of a tool in it. Each run makes tools and a collection of its own.

const run = Date.now();
test.use({ extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${(run % 250) + 1}` } });

async function addJourneyTools(names: string[]) {
  const tools = names.map((name) => makeTool({ name }));
  await changeE2eCatalog((write) => insertTools(write, tools));
  return tools;
}

test("an admin curates a collection from the keyboard → a visitor reads it in that order", async ({
  page,
  visit,
  checkA11y,
}) => {
  const [first, second, third] = await addJourneyTools([
    `Curated Quill ${run}`,
    `Curated Inkwell ${run}`,
    `Curated Margin ${run}`,
  ]);
  const title = `Writing desk ${run}`;

  await page.goto("/admin/collections");
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Introduction").fill("Three tools for people who write every day.");
  await page.getByRole("button", { name: "Create collection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Collection created as a draft." })).toBeVisible();
  await checkA11y();

  // Two tools by their address, the third found by name.
  for (const tool of [first!, second!]) {
    await page.getByLabel("Tool address (slug)").fill(tool.slug);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: `Added “${tool.name}”.` })).toBeVisible();
  }
  // The search reads the catalogue in memory, which sees tools added elsewhere within a poll.
  await expect(async () => {
    await page.getByRole("searchbox", { name: "Find a tool by name" }).fill(third!.name);
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByRole("button", { name: `Add ${third!.name}` })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.getByRole("button", { name: `Add ${third!.name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added “${third!.name}”.` })).toBeVisible();

  await page.getByLabel(`Note for ${second!.name}`).fill("The one to start with.");
  await page.getByRole("button", { name: `Save note for ${second!.name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Saved the note of “${second!.name}”.` })).toBeVisible();

  // From the keyboard: Margin up twice, the focus staying on the button pressed.
  const order = page.getByRole("list").filter({ has: page.getByRole("button", { name: /^Move up/ }) });
  const moveUp = page.getByRole("button", { name: `Move up ${third!.name}` });
  await moveUp.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Moved “${third!.name}” up.` })).toBeVisible();
  await expect(moveUp).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(order.getByRole("listitem").first()).toContainText(third!.name);
  // At the top Move up is off; the focus goes to Move down, where the next press is.
  await expect(page.getByRole("button", { name: `Move down ${third!.name}` })).toBeFocused();
  await expect(order.getByRole("listitem")).toHaveText([
    new RegExp(third!.name),
    new RegExp(first!.name),
    new RegExp(second!.name),
  ]);
  await checkA11y();

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published: the collection is on the site." })).toBeVisible();
  await checkA11y();

  // The visitor.
  expect(await visit("/collections")).toBe(200);
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: title }) });
  await expect(card).toContainText("3 tools");
  await card.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await checkA11y();
  const tools = page.getByRole("list", { name: `Tools in ${title}` }).getByRole("listitem");
  await expect(tools).toHaveText([new RegExp(third!.name), new RegExp(first!.name), new RegExp(second!.name)]);
  await expect(tools.nth(2)).toContainText("The one to start with.");
  await expect(page.getByText("Three tools for people who write every day.")).toBeVisible();
  // The notes and the introduction stay readable in the dark theme too.
  await page.emulateMedia({ colorScheme: "dark" });
  await checkA11y();
  await page.emulateMedia({ colorScheme: "light" });

  expect(await visit(`/tool/${first!.slug}`)).toBe(200);
  const section = page.getByRole("region", { name: "In collections" });
  await section.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin orders a collection with the buttons alone, the focus kept on the button pressed", async ({
    page,
    checkA11y,
  }) => {
    const [first, second] = await addJourneyTools([`Plain Quill ${run}`, `Plain Inkwell ${run}`]);
    await page.goto("/admin/collections");
    await signIn(page);
    await page.getByLabel("Title").fill(`Plain desk ${run}`);
    await page.getByRole("button", { name: "Create collection" }).click();
    for (const tool of [first!, second!]) {
      await page.getByLabel("Tool address (slug)").fill(tool.slug);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expect(page.getByText(`Added “${tool.name}”.`)).toBeVisible();
    }
    await page.getByRole("button", { name: `Move down ${first!.name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`Moved “${first!.name}” down.`)).toBeVisible();
    const order = page.getByRole("list").filter({ has: page.getByRole("button", { name: /^Move up/ }) });
    await expect(order.getByRole("listitem")).toHaveText([new RegExp(second!.name), new RegExp(first!.name)]);
    await expect(page.getByRole("button", { name: `Move up ${first!.name}` })).toBeFocused();
    await checkA11y();
  });
});
