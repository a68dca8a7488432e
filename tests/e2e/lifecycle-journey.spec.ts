import type { Page } from "@playwright/test";
import { deleteTools, insertTools } from "../../server/catalog/write.ts";
import { makeTool } from "../support/catalog.ts";
import { changeE2eCatalog, e2eDatabase } from "./fixture-tools.ts";
import { expect, overflow, signIn, test } from "./fixtures.ts";

// The admin marks a tool discontinued, naming the tool that took over, from its edit page (a
// successor that is no tool is refused first); a visitor finds its page pointing there and to its
// alternatives, and the lists without it unless they ask for inactive tools too, where it carries
// its badge; the admin sets it back to active and it is listed again. Its own tools, newest in
// Utilities (so first on that list) and in no other journey's counted lists; deleted at the end.

const run = Date.now();
const goner = makeTool({
  name: `Lifecycle Journey ${run}`,
  categories: ["utilities"],
  tags: ["lifecycle-journey"],
  createdAt: run,
});
const successor = makeTool({
  name: `Lifecycle Heir ${run}`,
  categories: ["utilities"],
  tags: ["lifecycle-journey"],
  createdAt: run - 1,
});
const BROWSE = "/browse/utilities";

// This journey's own visitor address (the e2e server trusts its loopback proxy): see global-setup.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.47" } });
// Seven pages checked by axe, two of them at a phone's width too.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  await changeE2eCatalog((write) => insertTools(write, [goner, successor]));
  // Written as another instance would: the server sees it within its freshness poll.
  await expect
    .poll(async () => (await fetch(`${process.env.E2E_BASE_URL}/tool/${goner.slug}`)).status, { timeout: 10_000 })
    .toBe(200);
});

test.afterAll(async () => {
  await changeE2eCatalog((write) => deleteTools(write, [goner.id, successor.id]));
});

/** The tool's state as stored, read beside the server. */
async function storedLifecycle(): Promise<{ lifecycle: string | null; successor_id: string | null }> {
  const database = e2eDatabase();
  try {
    return await database.db
      .selectFrom("tools")
      .select(["lifecycle", "successor_id"])
      .where("id", "=", goner.id)
      .executeTakeFirstOrThrow();
  } finally {
    await database.close();
  }
}

/** The tool's card in the list shown, by its title link. */
const card = (page: Page) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name: goner.name, exact: true }) });

/** Opens the tool's edit page as the admin (signing in on the login it shows when signed out). */
async function openEditPage(page: Page) {
  await page.goto(`/admin/tools/${goner.id}`);
  if (await page.getByRole("heading", { level: 1, name: "Admin Login" }).isVisible()) await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${goner.name}` })).toBeVisible();
}

/** No page of the admin's is seen by the visitor: the session cookie goes. */
async function becomeVisitor(page: Page) {
  await page.context().clearCookies();
}

/** No sideways scrolling at a phone's width, with `shown` on screen. */
async function fitsPhone(page: Page, shown: ReturnType<Page["getByText"]>) {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expect(shown).toBeVisible();
    expect(await overflow(page), `${page.url()} reaches past a 390-px window`).toEqual({ by: 0, culprit: "" });
    const box = (await shown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  } finally {
    await page.setViewportSize(before);
  }
}

test("the admin marks a tool discontinued with its successor → visitors are pointed on, lists leave it out unless asked → active again", async ({
  page,
  visit,
  checkA11y,
}) => {
  // A tool in the list before anything is set, without a badge.
  expect(await visit(BROWSE)).toBe(200);
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByText("Discontinued")).toHaveCount(0);

  await openEditPage(page);
  const state = page.getByLabel("State", { exact: true });
  const successorSlug = page.getByLabel("Successor (a public tool's slug)");
  await expect(state).toHaveValue("active");
  await expect(successorSlug).toHaveValue("");
  await checkA11y();

  // By keyboard alone: the next state down, the successor's field next in the tab order, Enter sends.
  // A slug that names no tool first: refused, by the field, nothing changed.
  await state.focus();
  await page.keyboard.press("ArrowDown");
  await expect(state).toHaveValue("discontinued");
  await page.keyboard.press("Tab");
  await expect(successorSlug).toBeFocused();
  await page.keyboard.type("no-such-successor");
  await page.keyboard.press("Enter");
  const refusal = `No public tool has the slug “no-such-successor”.`;
  await expect(page.getByText(refusal)).toBeVisible();
  await expect(successorSlug).toHaveAttribute("aria-invalid", "true");
  // Described by its hint, then by what was wrong.
  await expect(successorSlug).toHaveAccessibleDescription(
    `Optional; kept only when the tool is discontinued or acquired. ${refusal}`,
  );
  await expect(successorSlug).toHaveValue("no-such-successor");
  await expect(page.getByText("Changes saved.")).toHaveCount(0);
  await checkA11y();
  expect(await storedLifecycle()).toEqual({ lifecycle: null, successor_id: null });

  await successorSlug.fill(successor.slug);
  await successorSlug.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/tools/${goner.id}\\?saved=1$`));
  await expect(state).toHaveValue("discontinued");
  await expect(successorSlug).toHaveValue(successor.slug);
  await expect(page.getByText(refusal)).toHaveCount(0);
  expect(await storedLifecycle()).toEqual({ lifecycle: "discontinued", successor_id: successor.id });

  // A visitor on its page: told, and pointed to the successor and to alternatives.
  await becomeVisitor(page);
  expect(await visit(`/tool/${goner.slug}`)).toBe(200);
  const notice = page.getByRole("status").filter({ hasText: `${goner.name} is discontinued.` });
  await expect(notice).toContainText(`Its successor is ${successor.name}`);
  await expect(notice.getByRole("link", { name: successor.name, exact: true })).toHaveAttribute(
    "href",
    `/tool/${successor.slug}`,
  );
  await expect(notice.getByRole("link", { name: `alternatives to ${goner.name}` })).toHaveAttribute(
    "href",
    `/alternatives/${goner.slug}`,
  );
  const pageBadge = page.getByRole("main").locator(".badge-lifecycle");
  await expect(pageBadge).toHaveText("Discontinued");
  await fitsPhone(page, notice);

  await notice.getByRole("link", { name: successor.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tool/${successor.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(successor.name);

  // The list leaves it out; ticking "show unreachable and discontinued" brings it back, badged.
  expect(await visit(BROWSE)).toBe(200);
  await expect(page.getByRole("link", { name: successor.name, exact: true })).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  await page.locator("summary", { hasText: /^Filters/ }).click();
  const showInactive = page
    .getByRole("form", { name: "Filters" })
    .getByRole("checkbox", { name: "Show unreachable and discontinued tools" });
  await expect(showInactive).not.toBeChecked();
  await showInactive.check();
  await expect(page).toHaveURL(/[?&]include=inactive/);
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByText("Discontinued", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Remove filter: Unreachable and discontinued shown" })).toBeVisible();
  await expect(showInactive).toBeChecked();
  await checkA11y();
  await fitsPhone(page, card(page).getByText("Discontinued", { exact: true }));

  // Back to active: listed again without the box ticked, without badge or notice.
  await openEditPage(page);
  await state.selectOption({ label: "Active" });
  await page.getByRole("button", { name: "Set lifecycle" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  await expect(state).toHaveValue("active");
  await expect(successorSlug).toHaveValue("");
  expect(await storedLifecycle()).toEqual({ lifecycle: null, successor_id: null });

  // Both changes are in the audit log, saying what they were.
  await page.goto("/admin/audit");
  const entries = page.getByRole("row").filter({ hasText: goner.name });
  await expect(entries.filter({ hasText: "Lifecycle: Discontinued → Active" })).toHaveCount(1);
  await expect(
    entries.filter({ hasText: `Lifecycle: Active → Discontinued · Successor: /tool/${successor.slug}` }),
  ).toHaveCount(1);

  await becomeVisitor(page);
  expect(await visit(BROWSE)).toBe(200);
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByText("Discontinued")).toHaveCount(0);
  expect(await visit(`/tool/${goner.slug}`)).toBe(200);
  await expect(page.getByText(`${goner.name} is discontinued.`)).toHaveCount(0);
  await expect(page.getByRole("main").locator(".badge-lifecycle")).toHaveCount(0);
});
