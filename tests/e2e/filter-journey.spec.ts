import type { Page } from "@playwright/test";
import { DEMO_TOOLS } from "../../server/seed/demo-tools.ts";
import { expect, test } from "./fixtures.ts";

// Nine pages checked with axe: without JavaScript each check (a second, scripted copy of the page)
// takes about 2.5 s here, close to the default 30 s in all.
test.describe.configure({ timeout: 60_000 });

// Expected lists come from the demo catalogue itself. The combinations used here are ones no tool
// another journey leaves public (Free ones, in Utilities) falls into, so the suite's order does not matter.
const PUBLIC_DEMO = DEMO_TOOLS.filter((tool) => tool.status !== "pending");
const FREEMIUM = PUBLIC_DEMO.filter((tool) => tool.pricingModel === "Freemium");
const FREEMIUM_WEB = FREEMIUM.filter((tool) => tool.platforms.includes("Web"));
const DESIGN = PUBLIC_DEMO.filter((tool) => tool.categories.includes("design"));
const DESIGN_FREEMIUM_WEB = DESIGN.filter((tool) => tool.pricingModel === "Freemium" && tool.platforms.includes("Web"));
const DESIGN_PAID_WEB = DESIGN.filter((tool) => tool.pricingModel === "Paid" && tool.platforms.includes("Web"));

/** Lower-case ASCII order, as the server sorts names on both engines. */
function byName(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name).sort(byName);

/** The heading's count line, as the page writes it. */
function countLine(total: number, featured: number): string {
  return `${total} ${total === 1 ? "tool" : "tools"}${featured > 0 ? ` · ${featured} shown under Featured` : ""}`;
}

const filtersForm = (page: Page) => page.getByRole("form", { name: "Filters" });
const filtersToggle = (page: Page) => page.locator("summary", { hasText: /^Filters/ });
const filtersDisclosure = (page: Page) => page.locator("details", { has: filtersToggle(page) });

/** A filter option's checkbox ("Freemium 38": its label, then the count it would give). */
const option = (page: Page, group: "Pricing" | "Platform", label: string) =>
  filtersForm(page).getByRole("group", { name: group }).getByRole("checkbox", { name: new RegExp(`^${label} \\d+$`) });

/** The count shown beside a filter option. */
async function optionCount(page: Page, group: "Pricing" | "Platform", label: string): Promise<number> {
  const name = await option(page, group, label).evaluate((box) => box.closest("label")!.textContent!);
  return Number(name.slice(label.length));
}

/** Shows a folded left-column disclosure (phones), or checks it is laid open (wide screens). */
async function showDisclosure(page: Page, summary: "Categories" | "Filters", folded: boolean) {
  const toggle = page.locator("summary", { hasText: new RegExp(`^${summary}`) });
  const content = summary === "Filters" ? filtersForm(page) : page.getByRole("navigation", { name: "Categories" });
  if (folded) {
    await expect(toggle).toBeVisible();
    if (!(await content.isVisible())) await toggle.click();
  } else {
    await expect(toggle).toBeHidden();
  }
  await expect(content).toBeVisible();
}

/** The tools of the main list and of the Featured column, each as [name, href]. */
async function shownTools(page: Page, listName: string): Promise<{ listed: [string, string][]; featured: [string, string][] }> {
  const read = (region: string) =>
    page
      .getByRole("region", { name: region, exact: true })
      .getByRole("heading", { level: 3 })
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => [a.textContent!.trim(), a.getAttribute("href")!] as [string, string]));
  return { listed: await read(listName), featured: await read("Featured") };
}

/** Checks with the public API that a tool has the pricing model and platform filtered by. */
async function expectToolMatches(page: Page, href: string, pricing: string[], platform: string) {
  const response = await page.request.get(`/api/v1/tools/${href.replace(/^\/tool\//, "")}`);
  expect(response.status(), href).toBe(200);
  const { data } = (await response.json()) as { data: { pricingModel: string; platforms: string[] } };
  expect(pricing, `${href} pricing`).toContain(data.pricingModel);
  expect(data.platforms, `${href} platforms`).toContain(platform);
}

/**
 * All tools → Freemium + Web → Name A-Z → page 2 → a tool → back → Design (filters kept) →
 * Paid added (the form's repeated values become one address) → filters cleared.
 */
async function filterJourney(page: Page, checkA11y: () => Promise<void>, folded: boolean, sortBy: (page: Page) => Promise<void>) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All tools");
  // Nothing chosen yet: on a phone the filters are folded away, below the list's heading.
  await expect(filtersDisclosure(page)).not.toHaveAttribute("open");
  if (folded) await expect(filtersForm(page)).toBeHidden();
  await showDisclosure(page, "Filters", folded);
  // Unfiltered, an option's count is every tool it would give.
  expect(await optionCount(page, "Pricing", "Freemium")).toBe(FREEMIUM.length);
  await expect(filtersForm(page).getByRole("link", { name: "Clear filters", exact: true })).toHaveCount(0);

  await option(page, "Pricing", "Freemium").check();
  await option(page, "Platform", "Web").check();
  await filtersForm(page).getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/browse\/all\?pricing=freemium&platform=web$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All tools");
  // Filters chosen: the disclosure comes open, so they show on a phone too.
  await expect(filtersDisclosure(page)).toHaveAttribute("open", "");
  await expect(filtersToggle(page)).toHaveText("Filters (2)");
  await showDisclosure(page, "Filters", folded);
  await expect(option(page, "Pricing", "Freemium")).toBeChecked();
  await expect(option(page, "Platform", "Web")).toBeChecked();
  await expect(option(page, "Pricing", "Free")).not.toBeChecked();
  // Each chosen option now gives exactly the tools listed.
  expect(await optionCount(page, "Pricing", "Freemium")).toBe(FREEMIUM_WEB.length);
  expect(await optionCount(page, "Platform", "Web")).toBe(FREEMIUM_WEB.length);
  await expect(filtersForm(page).getByRole("link", { name: "Clear filters", exact: true })).toHaveAttribute("href", "/browse/all");
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await checkA11y();

  await sortBy(page);
  await expect(page).toHaveURL(/\/browse\/all\/name\?pricing=freemium&platform=web$/);
  await expect(option(page, "Pricing", "Freemium")).toBeChecked();
  await expect(option(page, "Platform", "Web")).toBeChecked();
  const first = await shownTools(page, "All tools, Name A-Z");
  expect(first.listed).toHaveLength(24);
  await expect(page.getByText(countLine(FREEMIUM_WEB.length, first.featured.length), { exact: true })).toBeVisible();
  await checkA11y();

  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/\/browse\/all\/name\?pricing=freemium&platform=web&page=2$/);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(option(page, "Pricing", "Freemium")).toBeChecked();
  await expect(page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: /Previous/ })).toHaveAttribute(
    "href",
    "/browse/all/name?pricing=freemium&platform=web",
  );
  const second = await shownTools(page, "All tools, Name A-Z");
  await checkA11y();

  // The two pages and the Featured column are every Freemium tool on the web, once each.
  const listed = [...first.listed, ...second.listed];
  expect(listed.map(([name]) => name)).toEqual(listed.map(([name]) => name).sort(byName));
  expect([...listed, ...first.featured].map(([name]) => name).sort(byName)).toEqual(names(FREEMIUM_WEB));
  for (const [, href] of [...listed, ...first.featured]) await expectToolMatches(page, href, ["Freemium"], "Web");

  // The tool's own page says the same.
  const [toolName, toolHref] = second.listed[0]!;
  await page.getByRole("region", { name: "All tools, Name A-Z" }).getByRole("link", { name: toolName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${toolHref}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(toolName);
  const facts = page.getByRole("complementary", { name: "Tool facts" });
  await expect(facts.locator('dt:text-is("Pricing") + dd')).toHaveText("Freemium");
  await expect(facts.locator('dt:text-is("Platforms") + dd')).toHaveText(/(^|, )Web(,|$)/);
  await checkA11y();

  await page.goBack();
  await expect(page).toHaveURL(/\/browse\/all\/name\?pricing=freemium&platform=web&page=2$/);

  // Another category keeps the sort and the filters (and starts at its page 1).
  await showDisclosure(page, "Categories", folded);
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: /^Design\b/ }).click();
  await expect(page).toHaveURL(/\/browse\/design\/name\?pricing=freemium&platform=web$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Design");
  const design = await shownTools(page, "Design, Name A-Z");
  await expect(page.getByText(countLine(DESIGN_FREEMIUM_WEB.length, design.featured.length), { exact: true })).toBeVisible();
  expect([...design.listed, ...design.featured].map(([name]) => name).sort(byName)).toEqual(names(DESIGN_FREEMIUM_WEB));
  await showDisclosure(page, "Filters", folded);
  await expect(option(page, "Pricing", "Freemium")).toBeChecked();
  await expect(option(page, "Platform", "Web")).toBeChecked();
  expect(await optionCount(page, "Pricing", "Paid")).toBe(DESIGN_PAID_WEB.length);
  await checkA11y();

  // Two pricing models: the checkboxes send `pricing` twice, the server answers with one address.
  await option(page, "Pricing", "Paid").check();
  await filtersForm(page).getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/browse\/design\/name\?pricing=freemium,paid&platform=web$/);
  const both = await shownTools(page, "Design, Name A-Z");
  const designBoth = [...DESIGN_FREEMIUM_WEB, ...DESIGN_PAID_WEB];
  await expect(page.getByText(countLine(designBoth.length, both.featured.length), { exact: true })).toBeVisible();
  expect([...both.listed, ...both.featured].map(([name]) => name).sort(byName)).toEqual(names(designBoth));
  for (const [, href] of [...both.listed, ...both.featured]) await expectToolMatches(page, href, ["Freemium", "Paid"], "Web");
  await expect(filtersToggle(page)).toHaveText("Filters (3)");
  await checkA11y();

  // Clearing the filters keeps the category and the sort.
  await showDisclosure(page, "Filters", folded);
  await filtersForm(page).getByRole("link", { name: "Clear filters", exact: true }).click();
  await expect(page).toHaveURL(/\/browse\/design\/name$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Design");
  const all = await shownTools(page, "Design, Name A-Z");
  await expect(page.getByText(countLine(DESIGN.length, all.featured.length), { exact: true })).toBeVisible();
  expect([...all.listed, ...all.featured].map(([name]) => name).sort(byName)).toEqual(names(DESIGN));
  await expect(filtersToggle(page)).toHaveText("Filters");
  await showDisclosure(page, "Filters", folded);
  await expect(filtersForm(page).getByRole("checkbox", { checked: true })).toHaveCount(0);
  await expect(filtersForm(page).getByRole("link", { name: "Clear filters", exact: true })).toHaveCount(0);
  await checkA11y();
}

/**
 * A combination with no tool, though each of its options alone has some in the category; then
 * one whose only tool is in the Featured column.
 */
async function emptyJourney(page: Page, visit: (path: string) => Promise<number>, checkA11y: () => Promise<void>) {
  expect(DESIGN.some((tool) => tool.pricingModel === "One-time Purchase")).toBe(true);
  expect(DESIGN.some((tool) => tool.platforms.includes("Web"))).toBe(true);
  expect(DESIGN.filter((tool) => tool.pricingModel === "One-time Purchase" && tool.platforms.includes("Web"))).toEqual([]);

  expect(await visit("/browse/design?pricing=one-time-purchase&platform=web")).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Design");
  await expect(page.getByText("0 tools", { exact: true })).toBeVisible();
  const list = page.getByRole("region", { name: "Design, Latest" });
  await expect(list.getByText("No tools match these filters.")).toBeVisible();
  await expect(list).toContainText("Clear the filters to see every Design tool.");
  await expect(list.locator("article")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Featured", exact: true }).locator("article")).toHaveCount(0);
  await expect(option(page, "Pricing", "One-time Purchase")).toBeChecked();
  await expect(option(page, "Platform", "Web")).toBeChecked();
  expect(await optionCount(page, "Pricing", "One-time Purchase")).toBe(0);

  await list.getByRole("link", { name: "Clear the filters" }).click();
  await expect(page).toHaveURL(/\/browse\/design$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Design");
  const shown = await shownTools(page, "Design, Latest");
  await expect(page.getByText(countLine(DESIGN.length, shown.featured.length), { exact: true })).toBeVisible();
  expect([...shown.listed, ...shown.featured].map(([name]) => name).sort(byName)).toEqual(names(DESIGN));
  await expect(page.getByText("No tools match these filters.")).toHaveCount(0);
  await checkA11y();

  // A combination whose one tool is featured: the list says where it is rather than "no tools".
  const [onlyFeatured, ...others] = PUBLIC_DEMO.filter((tool) => tool.categories.includes("analytics") && tool.pricingModel === "Subscription");
  expect(others).toEqual([]);
  expect(onlyFeatured!.featured).toBeDefined();
  expect(await visit("/browse/analytics?pricing=subscription")).toBe(200);
  await expect(page.getByText(countLine(1, 1), { exact: true })).toBeVisible();
  expect((await shownTools(page, "Analytics, Latest")).featured.map(([name]) => name)).toEqual([onlyFeatured!.name]);
  await expect(page.getByRole("region", { name: "Analytics, Latest" })).toContainText("The one tool here is shown under Featured.");
  await expect(page.getByText("No tools match these filters.")).toHaveCount(0);
}

test.describe("filtering by pricing and platform", () => {
  test("all tools → Freemium on the web → sorted → page 2 → a tool → Design, filters kept → Paid added → cleared", async ({
    page,
    visit,
    checkA11y,
  }) => {
    expect(await visit("/browse/all")).toBe(200);
    // With JavaScript the sort applies on change: the Apply button stays in <noscript>.
    await filterJourney(page, checkA11y, false, async (p) => {
      await expect(p.getByRole("button", { name: "Apply", exact: true })).toHaveCount(0);
      await p.getByLabel("Sort by").selectOption({ label: "Name A-Z" });
    });
  });

  test("a combination nothing matches says so and leads back to the whole category; one only a featured tool matches says where it is", async ({ page, visit, checkA11y }) => {
    await emptyJourney(page, visit, checkA11y);
  });
});

test.describe("filtering without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  const sortWithApply = async (p: Page) => {
    const apply = p.getByRole("button", { name: "Apply", exact: true });
    await expect(apply).toBeVisible();
    await p.getByLabel("Sort by").selectOption({ label: "Name A-Z" });
    await apply.click();
  };

  test("the same journey, sorting with the Apply button", async ({ page, visit, checkA11y }) => {
    expect(await visit("/browse/all")).toBe(200);
    await filterJourney(page, checkA11y, false, sortWithApply);
  });

  test("on a phone, with the Filters and Categories folded away", async ({ page, visit, checkA11y }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await visit("/browse/all")).toBe(200);
    await filterJourney(page, checkA11y, true, sortWithApply);
  });

  test("a combination nothing matches says so and leads back to the whole category; one only a featured tool matches says where it is", async ({ page, visit, checkA11y }) => {
    await emptyJourney(page, visit, checkA11y);
  });
});
