import type { Locator, Page } from "@playwright/test";
import { deleteToolInAdmin, expect, signIn, test } from "./fixtures.ts";

// The admin imports a Product Hunt launch: the import box refuses what is not a launch URL, imports
// the fake's "quillmate" launch (logo, screenshot, mapped categories, our ref on the website link),
// the tool is public at once, and a second import of the same launch is recognised. The imported
// tool is deleted at the end (or, after a failure, in afterAll), so the journeys after this one see
// the demo catalogue as it was.

// This journey's own visitor address (the e2e server trusts its loopback proxy): see global-setup.
const VISITOR = { "X-Forwarded-For": "203.0.113.13" };
test.use({ extraHTTPHeaders: VISITOR });
// The import (a fetch, a logo, a screenshot of the website) and a dozen pages checked with axe.
test.describe.configure({ timeout: 60_000 });

const NAME = "Quillmate";
const SLUG = "quillmate";
// The fake's launch has the categories "AI writing tools", "Productivity", "Writing", "Marketing":
// core/import.ts mapCategories keeps the first 3 that map (ai, productivity, content).
const CATEGORIES = ["AI & Machine Learning", "Productivity", "Content Creation"];
const NOT_A_CATEGORY = "Marketing";

const launchUrl = () => `${process.env.E2E_PRODUCT_HUNT_URL}/products/${SLUG}`;

let cleanedUp = false;

/** Follows a browse page's category link; returns the category's list, newest first. */
async function openCategory(page: Page, category: string): Promise<Locator> {
  const escaped = category.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await page
    .getByRole("navigation", { name: "Categories" })
    .getByRole("link", { name: new RegExp(`^${escaped}\\b`) })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(category);
  return page.getByRole("region", { name: `${category}, Latest` });
}

/** Whether an <img> has loaded with real pixels. */
async function loaded(image: Locator): Promise<boolean> {
  return image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

/** The text of the tool page's "Quick Info" fact named `label`. */
function fact(page: Page, label: string): Locator {
  return page
    .getByRole("complementary", { name: "Tool facts" })
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/**
 * Records, from now on, whether the import box's busy panel was ever in the page (the import may
 * take only a moment, too short to be sure to catch it by polling).
 */
async function watchBusyPanel(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { sawBusyPanel: string | null; busyObserver?: MutationObserver };
    w.sawBusyPanel = null;
    w.busyObserver?.disconnect();
    const look = () => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? "";
        if (text.includes("Importing Tool...")) w.sawBusyPanel ??= text;
      }
    };
    w.busyObserver = new MutationObserver(look);
    w.busyObserver.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function busyPanelSeen(page: Page): Promise<string | null> {
  return page.evaluate(() => (window as unknown as { sawBusyPanel: string | null }).sawBusyPanel);
}

test.afterAll(async ({ browser }) => {
  if (cleanedUp) return;
  // The journey stopped before its own clean-up: sign in afresh and delete the tool if it was saved.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: VISITOR });
  try {
    const page = await context.newPage();
    await page.goto("/admin/tools");
    await signIn(page);
    if (await deleteToolInAdmin(page, NAME)) {
      console.log(`import-journey: ${NAME} was deleted after the journey stopped`);
      expect((await page.request.get(`/tool/${SLUG}`)).status()).toBe(404);
    }
  } finally {
    await context.close();
  }
});

test("sign in → the import box refuses a non-launch URL → imports a launch → its public page → a second import is a duplicate → delete", async ({
  page,
  visit,
  checkA11y,
}) => {
  const input = page.getByLabel("Product Hunt launch URL");
  const importButton = page.getByRole("button", { name: "Import Tool" });
  const fieldMessage = page.locator("#import-url-error");

  await test.step("sign in: /admin is the Admin Tool Import", async () => {
    expect(await visit("/admin")).toBe(401);
    await signIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Tool Import" })).toBeVisible();
    await expect(input).toHaveAttribute("placeholder", `${process.env.E2E_PRODUCT_HUNT_URL}/products/your-launch`);
    await expect(input).toHaveValue("");
    // Disabled while blank (once the page is hydrated; before that a plain form posts).
    await expect(importButton).toBeDisabled();
    await input.fill("   ");
    await expect(importButton).toBeDisabled();
    await input.fill("");
    await checkA11y();
  });

  await test.step("a URL that is not a Product Hunt launch: refused in the browser, nothing posted", async () => {
    const posts: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === "POST") posts.push(request.url());
    };
    page.on("request", onRequest);
    await input.fill("https://example.com/products/x");
    await expect(importButton).toBeEnabled();
    await importButton.click();
    await expect(fieldMessage).toHaveText("Please enter a valid Product Hunt URL!");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(/Please enter a valid Product Hunt URL!/);
    await expect(input).toBeFocused();
    await checkA11y();
    page.off("request", onRequest);
    expect(posts, "the browser-side check posts nothing").toEqual([]);

    // Cleared: nothing to import, the button is disabled again.
    await input.fill("");
    await expect(importButton).toBeDisabled();

    // The server gives the same answers to a post made without the browser-side check (a plain
    // form post from this site: admin posts from elsewhere are refused).
    const origin = { Origin: new URL(page.url()).origin };
    const refused = await page.request.post("/admin/import", {
      form: { url: "https://example.com/products/x" },
      headers: origin,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Please enter a valid Product Hunt URL!");
    const blank = await page.request.post("/admin/import", { form: { url: "   " }, headers: origin });
    expect(blank.status()).toBe(400);
    expect(await blank.text()).toContain("Please enter a Product Hunt URL!");
  });

  const successBanner = page.getByRole("status").filter({ hasText: `${NAME} successfully imported and saved!` });

  await test.step("import the launch: busy, then saved, and the input is cleared", async () => {
    await input.fill(launchUrl());
    // The message follows the typing: a launch URL is fine.
    await expect(fieldMessage).toHaveText("");
    await expect(input).not.toHaveAttribute("aria-invalid", "true");

    await watchBusyPanel(page);
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/import"),
      {
        timeout: 20_000,
      },
    );
    await importButton.click();
    // Busy (it may be brief) or already done.
    const busyPanel = page.getByRole("status").filter({ hasText: "Importing Tool..." });
    await expect(busyPanel.or(successBanner)).toBeVisible();
    expect((await answered).status()).toBe(200);
    await expect(successBanner).toBeVisible({ timeout: 10_000 });

    const busyText = await busyPanelSeen(page);
    expect(busyText, "the busy panel showed while the import ran").not.toBeNull();
    expect(busyText).toContain("Please wait while we extract and save the data");
    await expect(busyPanel).toHaveCount(0);

    await expect(successBanner).not.toContainText("Screenshot could not be captured.");
    await expect(successBanner).not.toContainText("favicon");
    await expect(input).toHaveValue("");
    await expect(input).toBeEnabled();
    await expect(importButton).toBeDisabled();
    await checkA11y();
  });

  await test.step("the banner's link: the public tool page", async () => {
    await successBanner.getByRole("link", { name: `View tool ${NAME}` }).click();
    await expect(page).toHaveURL(new RegExp(`/tool/${SLUG}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NAME);

    // The logo, stored by us, and loaded.
    const logo = page.getByRole("main").locator("header img");
    await expect(logo).toHaveCount(1);
    await expect(logo).toHaveAttribute("src", /^\/uploads\/logos\//);
    await expect.poll(() => loaded(logo), { message: "the logo loads" }).toBe(true);

    // The website's screenshot, loaded.
    const screenshot = page.getByRole("img", { name: `Screenshot of ${NAME}` });
    await expect(screenshot).toBeVisible();
    await expect.poll(() => loaded(screenshot), { message: "the screenshot loads" }).toBe(true);

    // The categories: the page shows the first ones (LIMITS.categoriesShown); all three are
    // checked below through the category lists and the admin's edit form.
    const categories = fact(page, "Categories");
    await expect(categories).toHaveText(CATEGORIES.slice(0, 2).join(", "));
    await expect(categories).not.toContainText(NOT_A_CATEGORY);

    // The website link (through the counted way out) carries our ref, not Product Hunt's.
    const website = page.getByRole("link", { name: /Visit Website/ });
    const out = await page.request.get((await website.getAttribute("href"))!, { maxRedirects: 0 });
    expect(out.status()).toBe(302);
    const href = out.headers()["location"]!;
    expect(new URL(href).searchParams.getAll("ref")).toEqual(["toolshelf"]);
    expect(href).not.toContain("ref=producthunt");
    await checkA11y();
  });

  await test.step("public at once: newest in browse, in its three categories (not Marketing), in search", async () => {
    await visit("/browse/all");
    await expect(
      page.getByRole("region", { name: "All tools, Latest" }).getByRole("heading", { level: 3 }).first(),
    ).toHaveText(NAME);
    for (const category of CATEGORIES) {
      const list = await openCategory(page, category);
      await expect(list.getByRole("heading", { level: 3, name: NAME })).toBeVisible();
    }
    const marketing = await openCategory(page, NOT_A_CATEGORY);
    await expect(marketing.getByRole("heading", { level: 3 }).first()).toBeVisible();
    await expect(marketing.getByRole("heading", { level: 3, name: NAME })).toHaveCount(0);

    await visit(`/search/${SLUG}`);
    await expect(
      page.getByRole("region", { name: /results?$/ }).getByRole("heading", { level: 3, name: NAME }),
    ).toBeVisible();
  });

  await test.step("the same launch again: already in the directory", async () => {
    await visit("/admin");
    await expect(importButton).toBeDisabled();
    await input.fill(launchUrl());
    await importButton.click();
    const info = page.getByRole("status").filter({ hasText: `${NAME} is already in the directory.` });
    await expect(info).toBeVisible({ timeout: 10_000 });
    await expect(info.getByRole("link", { name: `See ${NAME}` })).toHaveAttribute("href", `/tool/${SLUG}`);
    await expect(successBanner).toHaveCount(0);
    await checkA11y();
  });

  await test.step("the admin's edit form has the three categories; delete the tool: its page is gone", async () => {
    await visit(`/admin/tools?q=${NAME}`);
    await page.getByRole("table").getByRole("link", { name: NAME, exact: true }).click();
    const group = page.getByRole("group", { name: "Categories *" });
    for (const category of CATEGORIES) await expect(group.getByLabel(category, { exact: true })).toBeChecked();
    await expect(group.getByLabel(NOT_A_CATEGORY, { exact: true })).not.toBeChecked();
    await expect(group.getByRole("checkbox", { checked: true })).toHaveCount(CATEGORIES.length);

    expect(await deleteToolInAdmin(page, NAME)).toBe(true);
    cleanedUp = true;
    expect(await visit(`/tool/${SLUG}`)).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Tool Not Found" })).toBeVisible();
    await visit("/browse/all");
    await expect(page.getByRole("heading", { level: 3, name: NAME })).toHaveCount(0);
  });
});
