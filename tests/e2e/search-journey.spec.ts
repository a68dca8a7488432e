import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const CHIPS = [
  "AI tools",
  "Project management",
  "Design software",
  "Analytics",
  "Marketing automation",
  "Code editors",
];

/** The search form of the page's content (the header has its own). */
const mainSearch = (page: Page) => page.getByRole("main").getByRole("search");

async function searchFor(page: Page, term: string) {
  await mainSearch(page).getByRole("searchbox", { name: "Search tools" }).fill(term);
  await mainSearch(page).getByRole("button", { name: "Search" }).click();
}

/** The header's search box: a combobox once its script runs, a plain search box without. */
const headerSearch = (page: Page) => page.getByRole("banner").getByRole("search", { name: "Site" });

function journeys(jsLabel: string) {
  test(`${jsLabel}: the popular-search chips lead to results with sidebars and related tools`, async ({
    page,
    visit,
    checkA11y,
  }) => {
    expect(await visit("/search")).toBe(200);
    const chips = page.getByRole("region", { name: "Popular searches" }).getByRole("link");
    await expect(chips).toHaveText(CHIPS);
    await chips.filter({ hasText: "Project management" }).click();
    await expect(page).toHaveURL(/\/search\/Project%20management$/);
    // Shown as typed (the chip's words), matched without regard to case.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for Project management");
    await expect(mainSearch(page).getByRole("searchbox", { name: "Search tools" })).toHaveValue("Project management");
    await expect(page.getByRole("heading", { name: /^\d+ results?$/ })).toBeVisible();
    const results = page.getByRole("region", { name: /results?$/ }).getByRole("listitem");
    expect(await results.count()).toBeGreaterThan(0);
    await expect(page.getByRole("region", { name: "Featured Tools" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Community favourites" }).getByRole("listitem")).toHaveCount(5);
    await expect(page.getByRole("region", { name: "Related Tools" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Can't find what you're looking for?" })).toBeVisible();
    await checkA11y();
  });

  test(`${jsLabel}: a nonsense query shows the no-results state; a typo offers 'did you mean'`, async ({
    page,
    visit,
    checkA11y,
  }) => {
    await visit("/search");
    await searchFor(page, "qqxzzv plorb");
    await expect(page.getByRole("heading", { name: "0 results" })).toBeVisible();
    const noResults = page.getByRole("region", { name: "0 results" });
    await expect(noResults.getByText("No tools match your search.")).toBeVisible();
    await expect(noResults.getByRole("link", { name: "Browse all tools" })).toHaveAttribute("href", "/browse/all");
    await expect(noResults.getByRole("link", { name: "submit a tool" })).toHaveAttribute("href", "/submit");
    await checkA11y();

    await searchFor(page, "notoin");
    const noMatch = page.getByRole("region", { name: "0 results" });
    await expect(noMatch.getByText("Did you mean")).toBeVisible();
    await noMatch.getByRole("link", { name: "notion", exact: true }).click();
    await expect(page).toHaveURL(/\/search\/notion$/);
    await expect(page.getByRole("region", { name: /results?$/ }).getByRole("link", { name: "Notion" })).toBeVisible();
    await checkA11y();
  });

  test(`${jsLabel}: the home page's search box searches`, async ({ page, visit }) => {
    await visit("/");
    await mainSearch(page).getByRole("searchbox", { name: "Search tools" }).fill("figma");
    await mainSearch(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\/figma(\?src=home)?$/);
    await expect(page.getByRole("region", { name: /results?$/ }).getByRole("link", { name: "Figma" })).toBeVisible();
  });
}

test.describe("search", () => {
  journeys("with JavaScript");

  test("the header's box suggests tools and categories as one types, and the keyboard chooses one", async ({
    page,
    visit,
    checkA11y,
  }) => {
    expect(await visit("/about")).toBe(200);
    const box = headerSearch(page).getByRole("combobox", { name: "Search tools" });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    const answer = page.waitForResponse((r) => r.url().includes("/api/v1/suggest?q=des"));
    await box.pressSequentially("des");
    expect((await answer).status()).toBe(200);
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const options = list.getByRole("option");
    await expect(options.filter({ hasText: "Category" })).toHaveText([/^Design\s+Category$/]);
    expect(await options.filter({ hasText: "Tool" }).count()).toBeGreaterThan(0);
    await expect(page.getByRole("status").filter({ hasText: /suggestions?: up and down arrows/ })).toHaveCount(1);
    await checkA11y();

    // Down to the first option (the active descendant), up wraps to the last: the Design category.
    await box.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
    await box.press("ArrowUp");
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    // Escape closes the list, the text stays.
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue("des");
    await box.press("ArrowDown");
    await expect(list).toBeVisible();
    await box.press("ArrowUp");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/browse\/design$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Design");
  });

  test("a tool suggested opens its page; Enter with none chosen searches", async ({ page, visit }) => {
    expect(await visit("/browse/all")).toBe(200);
    const box = headerSearch(page).getByRole("combobox", { name: "Search tools" });
    await box.pressSequentially("figm");
    const option = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name: /^Figma\s+Tool$/ });
    await option.click();
    await expect(page).toHaveURL(/\/tool\/figma$/);

    const again = headerSearch(page).getByRole("combobox", { name: "Search tools" });
    await again.pressSequentially("notion");
    await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeVisible();
    await again.press("Enter");
    await expect(page).toHaveURL(/\/search\/notion$/);
  });

  test("the results take the filter bar: a tick applies at once, a chip removes it, the sort reorders", async ({
    page,
    visit,
    checkA11y,
  }) => {
    expect(await visit("/search/project%20management")).toBe(200);
    const form = page.getByRole("form", { name: "Filters" });
    await page.locator("summary", { hasText: /^Filters/ }).click();
    const freemium = form.getByRole("group", { name: "Pricing" }).getByRole("checkbox", { name: /^Freemium \d+$/ });
    const expected = Number(
      ((await freemium.evaluate((box) => box.closest("label")!.textContent!)) ?? "").replace(/\D/g, ""),
    );
    await freemium.check();
    await expect(page).toHaveURL(/\/search\/project%20management\?pricing=freemium$/);
    await expect(page.getByRole("heading", { name: new RegExp(`^${expected} results?$`) })).toBeVisible();
    await expect(page.getByRole("link", { name: "Remove filter: Freemium" })).toBeVisible();
    await checkA11y();

    await page.getByLabel("Sort by").selectOption({ label: "Name A-Z" });
    await expect(page).toHaveURL(/\/search\/project%20management\?sort=name&pricing=freemium$/);
    const names = await page
      .getByRole("region", { name: /results?$/ })
      .getByRole("heading", { level: 3 })
      .allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    await page.getByRole("link", { name: "Remove filter: Freemium" }).click();
    await expect(page).toHaveURL(/\/search\/project%20management\?sort=name$/);
    await page.getByRole("link", { name: "Clear all" }).click();
    await expect(page).toHaveURL(/\/search\/project%20management$/);
  });

  test("on a phone the results come before the sponsored carousel", async ({ page, visit }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await visit("/search/project%20management")).toBe(200);
    const results = page.getByRole("region", { name: /^\d+ results?$/ });
    const featured = page.getByRole("region", { name: "Featured Tools" });
    await expect(featured.getByRole("listitem").first()).toBeAttached();
    expect((await results.boundingBox())!.y).toBeLessThan((await featured.boundingBox())!.y);
  });
});

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  journeys("without JavaScript");

  test("the results' filters apply with the Apply button, a tick kept when the sort changes", async ({
    page,
    visit,
  }) => {
    expect(await visit("/search/project%20management")).toBe(200);
    const form = page.getByRole("form", { name: "Filters" });
    await page.locator("summary", { hasText: /^Filters/ }).click();
    await form
      .getByRole("group", { name: "Platform" })
      .getByRole("checkbox", { name: /^Web \d+$/ })
      .check();
    await page.getByLabel("Sort by").selectOption({ label: "Latest" });
    await form.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/\/search\/project%20management\?sort=recent&platform=web$/);
    await expect(page.getByRole("link", { name: "Remove filter: Web" })).toBeVisible();
  });

  test("the header's box is a plain form to /search on every page", async ({ page, visit }) => {
    for (const path of ["/about", "/browse/all", "/tool/notion"]) {
      expect(await visit(path)).toBe(200);
      const form = headerSearch(page);
      await expect(form.getByRole("combobox")).toHaveCount(0);
      await form.getByRole("searchbox", { name: "Search tools" }).fill("canva");
      await form.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/search\/canva$/);
      await expect(page.getByRole("region", { name: /results?$/ }).getByRole("link", { name: "Canva" })).toBeVisible();
    }
  });
});
