import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page } from "@playwright/test";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/**
 * Axe needs scripts in the page. For a page opened with JavaScript disabled, the same document
 * (scripts removed, so it stays as the visitor sees it) is checked in a scripted page at the same
 * URL, so its styles load as they did.
 */
async function axeViolationsWithoutScripts(browser: Browser, page: Page): Promise<string[]> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  // Contexts made inside a test inherit its options, so scripts are turned back on by name.
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route(page.url(), (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await copy.goto(page.url());
    return await axeViolations(copy);
  } finally {
    await context.close();
  }
}

export const test = base.extend<{
  /** Fails with a readable list when axe finds any WCAG A/AA violation on the page as it is now. */
  checkA11y: () => Promise<void>;
  /** Opens a path, checks it with axe, and returns the HTTP status of the document. */
  visit: (path: string) => Promise<number>;
}>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: the global setup starts the server");
    await use(url);
  },
  checkA11y: async ({ page, browser, javaScriptEnabled }, use) => {
    await use(async () => {
      const violations = javaScriptEnabled
        ? await axeViolations(page)
        : await axeViolationsWithoutScripts(browser, page);
      expect(violations, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
  visit: async ({ page, checkA11y }, use) => {
    await use(async (path) => {
      const response = await page.goto(path);
      await checkA11y();
      return response?.status() ?? 0;
    });
  },
});

/** Signs in on the login the admin area shows in place of a page (signed out). */
export async function signIn(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await page.getByLabel("Username").fill(process.env.E2E_ADMIN_USERNAME!);
  await page.getByLabel("Password").fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toHaveCount(0);
}

/** Deletes a tool through the admin UI when it is there (signed in); returns whether it was. */
export async function deleteToolInAdmin(page: Page, name: string): Promise<boolean> {
  await page.goto(`/admin/tools?q=${encodeURIComponent(name)}`);
  const link = page.getByRole("table").getByRole("link", { name, exact: true });
  if ((await link.count()) === 0) return false;
  await link.first().click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${name}` })).toBeVisible();
  await page.getByLabel(/I understand/).check();
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  // Deleted: the list of tools again (the post has finished before the next page is asked for).
  await expect(page).toHaveURL(/\/admin\/tools$/);
  return true;
}

/** How far the page's content reaches past the window's width (0 when nothing does), and what reaches out. */
export async function overflow(page: Page): Promise<{ by: number; culprit: string }> {
  return page.evaluate(() => {
    const by = document.documentElement.scrollWidth - window.innerWidth;
    let culprit = "";
    if (by > 0) {
      // The last element in document order that reaches past the window: the innermost culprit.
      for (const el of document.body.querySelectorAll("*")) {
        if (el.getBoundingClientRect().right > window.innerWidth) culprit = el.outerHTML.slice(0, 160);
      }
    }
    return { by, culprit };
  });
}

export { expect };
