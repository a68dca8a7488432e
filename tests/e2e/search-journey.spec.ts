import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const CHIPS = ["AI tools", "Project management", "Design software", "Analytics", "Marketing automation", "Code editors"];

async function searchFor(page: Page, term: string) {
  await page.getByRole("searchbox", { name: "Search tools" }).fill(term);
  await page.getByRole("button", { name: "Search" }).click();
}

function journeys(jsLabel: string) {
  test(`${jsLabel}: the popular-search chips lead to results with sidebars and related tools`, async ({ page, visit, checkA11y }) => {
    expect(await visit("/search")).toBe(200);
    const chips = page.getByRole("region", { name: "Popular searches" }).getByRole("link");
    await expect(chips).toHaveText(CHIPS);
    await chips.filter({ hasText: "Project management" }).click();
    await expect(page).toHaveURL(/\/search\/Project%20management$/);
    // Shown as typed (the chip's words), matched without regard to case.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for Project management");
    await expect(page.getByRole("main").getByRole("searchbox", { name: "Search tools" })).toHaveValue("Project management");
    await expect(page.getByRole("heading", { name: /^\d+ results?$/ })).toBeVisible();
    const results = page.getByRole("region", { name: /results?$/ }).getByRole("listitem");
    expect(await results.count()).toBeGreaterThan(0);
    await expect(page.getByRole("region", { name: "Featured Tools" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Community favourites" }).getByRole("listitem")).toHaveCount(5);
    await expect(page.getByRole("region", { name: "Related Tools" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Can't find what you're looking for?" })).toBeVisible();
    await checkA11y();
  });

  test(`${jsLabel}: a nonsense query shows the no-results state; a typo offers 'did you mean'`, async ({ page, visit, checkA11y }) => {
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
    await page.getByRole("searchbox", { name: "Search tools" }).fill("figma");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\/figma(\?src=home)?$/);
    await expect(page.getByRole("region", { name: /results?$/ }).getByRole("link", { name: "Figma" })).toBeVisible();
  });
}

test.describe("search", () => {
  journeys("with JavaScript");
});

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  journeys("without JavaScript");
});
