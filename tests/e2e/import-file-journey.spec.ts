import { deleteToolInAdmin, expect, signIn, test } from "./fixtures.ts";

// The admin imports a catalogue from a Markdown file: the preview maps the list's headings (one is
// unknown and mapped by hand), shows what is new, what is already listed and what is refused;
// confirming runs the import, whose progress page refreshes itself until it ends; the tools wait
// in moderation. They are deleted at the end (or, after a failure, in afterAll), so the journeys
// after this one see the demo catalogue as it was.

const VISITOR = { "X-Forwarded-For": "203.0.113.46" };
test.use({ extraHTTPHeaders: VISITOR });
test.describe.configure({ timeout: 60_000 });

const NEW_TOOLS = ["E2E Sketchpad", "E2E Oddity"];
const LIST = `# Awesome E2E Tools

## Design
- [E2E Sketchpad](https://e2e-sketchpad.io) - Sketch interfaces in the browser.
- [Figma](https://www.figma.com) - Already in the demo catalogue.

## Miscellaneous Stuff
- [E2E Oddity](https://e2e-oddity.dev) - Fits nowhere else.
- [Broken Entry](https://broken-entry.dev - the link is never closed
`;

let cleanedUp = false;

test.afterAll(async ({ browser }) => {
  if (cleanedUp) return;
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: VISITOR });
  try {
    const page = await context.newPage();
    await page.goto("/admin/tools");
    await signIn(page);
    for (const name of NEW_TOOLS) await deleteToolInAdmin(page, name);
  } finally {
    await context.close();
  }
});

test("sign in → upload a Markdown list → map an unknown heading → preview → confirm → progress to the end → the tools wait in moderation", async ({
  page,
  visit,
  checkA11y,
}) => {
  await test.step("sign in on the import page", async () => {
    expect(await visit("/admin/import/file")).toBe(401);
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1, name: "Import from a file" })).toBeVisible();
    await checkA11y();
  });

  await test.step("upload the list: the preview maps the known heading and leaves the other unmapped", async () => {
    await page
      .getByLabel("File", { exact: true })
      .setInputFiles({ name: "awesome-e2e.md", mimeType: "text/markdown", buffer: Buffer.from(LIST) });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page).toHaveURL(/\/admin\/import\/file\?id=/);
    await expect(page.getByTestId("count-add")).toHaveText("1");
    await expect(page.getByTestId("count-existing")).toHaveText("1");
    await expect(page.getByTestId("count-refused")).toHaveText("2");
    await expect(page.getByLabel("Category for Design")).toHaveValue("design");
    await expect(page.getByLabel("Category for Miscellaneous Stuff")).toHaveValue("");
    await expect(page.getByText(/Figma.*listed as/)).toBeVisible();
    await expect(page.getByText("Its heading is not mapped to a category.")).toBeVisible();
    await expect(page.getByText("The entry's link has no closing parenthesis, or a space in it.")).toBeVisible();
    await checkA11y();
  });

  await test.step("map the unknown heading to Utilities and update the preview", async () => {
    await page.getByLabel("Category for Miscellaneous Stuff").selectOption("utilities");
    await page.getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByTestId("count-add")).toHaveText("2");
    await expect(page.getByTestId("count-refused")).toHaveText("1");
    await expect(page.getByLabel("Category for Miscellaneous Stuff")).toHaveValue("utilities");
  });

  await test.step("confirm: the progress page runs to the end", async () => {
    await page.getByRole("button", { name: "Confirm import of 2 tools" }).click();
    await expect(page.getByRole("status")).toHaveText(/Finished: 4 of 4 lines done\./, { timeout: 20_000 });
    await expect(page.getByTestId("progress-added")).toHaveText("2");
    await expect(page.getByTestId("progress-skipped")).toHaveText("1");
    await expect(page.getByTestId("progress-failed")).toHaveText("1");
    await checkA11y();
  });

  await test.step("the new tools wait in moderation", async () => {
    await page.getByRole("link", { name: "Review them in moderation" }).click();
    for (const name of NEW_TOOLS) await expect(page.getByRole("article", { name })).toBeVisible();
  });

  await test.step("clean up", async () => {
    for (const name of NEW_TOOLS) expect(await deleteToolInAdmin(page, name)).toBe(true);
    cleanedUp = true;
  });
});
