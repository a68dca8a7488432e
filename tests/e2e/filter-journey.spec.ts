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
/** The chips of the active filters (links that remove them). */
const chips = (page: Page) => page.getByRole("link", { name: /^Remove filter: / });
const clearAll = (page: Page) => page.getByRole("link", { name: "Clear all", exact: true });

/** A filter option's checkbox ("Freemium 38": its label, then the count it would give). */
/** Found in the panel closed too (its state can be read there; ticking it needs the panel open). */
const option = (page: Page, group: "Pricing" | "Platform", label: string) =>
  filtersForm(page)
    .getByRole("group", { name: group, includeHidden: true })
    .getByRole("checkbox", { name: new RegExp(`^${label} \\d+$`), includeHidden: true });

/** The count shown beside a filter option. */
async function optionCount(page: Page, group: "Pricing" | "Platform", label: string): Promise<number> {
  const name = await option(page, group, label).evaluate((box) => box.closest("label")!.textContent!);
  return Number(name.slice(label.length));
}

/** Shows the Filters panel (it opens on every screen), or a folded Categories list (phones). */
async function showDisclosure(page: Page, summary: "Categories" | "Filters", folded: boolean) {
  const toggle = page.locator("summary", { hasText: new RegExp(`^${summary}`) });
  const content =
    summary === "Filters"
      ? filtersForm(page).getByRole("group", { name: "Pricing" })
      : page.getByRole("navigation", { name: "Categories" });
  if (folded || summary === "Filters") {
    await expect(toggle).toBeVisible();
    if (!(await content.isVisible())) await toggle.click();
  } else {
    await expect(toggle).toBeHidden();
  }
  await expect(content).toBeVisible();
}

/** With JavaScript a tick applies at once; without, it waits for the Apply button. */
type Apply = (page: Page) => Promise<void>;
const appliedAtOnce: Apply = async (page) => {
  await expect(filtersForm(page).getByRole("button", { name: "Apply", exact: true })).toHaveCount(0);
};
const withApplyButton: Apply = async (page) => {
  await filtersForm(page).getByRole("button", { name: "Apply", exact: true }).click();
};

/** The tools of the main list and of the Featured column, each as [name, href]. */
async function shownTools(
  page: Page,
  listName: string,
): Promise<{ listed: [string, string][]; featured: [string, string][] }> {
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
 * Paid added (the form's repeated values become one address) → a chip removed → Clear all.
 */
async function filterJourney(
  page: Page,
  checkA11y: () => Promise<void>,
  folded: boolean,
  apply: Apply,
  sortBy: (page: Page) => Promise<void>,
) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All tools");
  // Nothing chosen yet: the panel is closed, and it sits near the top, not below the categories.
  await expect(filtersDisclosure(page)).not.toHaveAttribute("open");
  expect((await filtersToggle(page).boundingBox())!.y).toBeLessThan(folded ? 450 : 300);
  await expect(chips(page)).toHaveCount(0);
  await expect(clearAll(page)).toHaveCount(0);
  await showDisclosure(page, "Filters", folded);
  // Unfiltered, an option's count is every tool it would give.
  expect(await optionCount(page, "Pricing", "Freemium")).toBe(FREEMIUM.length);

  await option(page, "Pricing", "Freemium").check();
  if (apply === appliedAtOnce) {
    // Applied at once: the address and the heading change, and focus comes back to the box ticked.
    await expect(page).toHaveURL(/\/browse\/all\?pricing=freemium$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freemium tools");
    await expect(option(page, "Pricing", "Freemium")).toBeFocused();
  }
  await option(page, "Platform", "Web").check();
  await apply(page);
  await expect(page).toHaveURL(/\/browse\/all\?pricing=freemium&platform=web$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freemium tools for Web");
  await expect(page).toHaveTitle(/^Freemium tools for Web — /);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Freemium tools for Web");
  await expect(chips(page)).toHaveText(["Remove filter: Freemium", "Remove filter: Web"]);
  await expect(clearAll(page)).toHaveAttribute("href", "/browse/all");
  // The chips say what is chosen; the panel opens again only where a change was just made (with JavaScript).
  if (apply === appliedAtOnce) await expect(filtersDisclosure(page)).toHaveAttribute("open", "");
  else await expect(filtersDisclosure(page)).not.toHaveAttribute("open");
  await expect(filtersToggle(page)).toHaveText("Filters (2)");
  await expect(option(page, "Pricing", "Freemium")).toBeChecked();
  await expect(option(page, "Platform", "Web")).toBeChecked();
  await expect(option(page, "Pricing", "Free")).not.toBeChecked();
  // Each chosen option now gives exactly the tools listed, and so does "All tools" in the category list.
  expect(await optionCount(page, "Pricing", "Freemium")).toBe(FREEMIUM_WEB.length);
  expect(await optionCount(page, "Platform", "Web")).toBe(FREEMIUM_WEB.length);
  await showDisclosure(page, "Categories", folded);
  await expect(
    page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: /^All tools\b/ }),
  ).toHaveText(new RegExp(`^All tools\\s*${FREEMIUM_WEB.length}$`));
  await expect(
    page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: /^Design\b/ }),
  ).toHaveText(new RegExp(`^Design\\s*${DESIGN_FREEMIUM_WEB.length}$`));
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await checkA11y();

  await sortBy(page);
  await expect(page).toHaveURL(/\/browse\/all\/name\?pricing=freemium&platform=web$/);
  // The address changes when the new page commits; the clicks below are for the page loaded.
  await page.waitForLoadState("load");
  await expect(option(page, "Pricing", "Freemium")).toBeChecked();
  await expect(option(page, "Platform", "Web")).toBeChecked();
  const first = await shownTools(page, "Freemium tools for Web, Name A-Z");
  expect(first.listed).toHaveLength(24);
  await expect(page.getByText(countLine(FREEMIUM_WEB.length, first.featured.length), { exact: true })).toBeVisible();
  await checkA11y();

  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/\/browse\/all\/name\?pricing=freemium&platform=web&page=2$/);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(option(page, "Pricing", "Freemium")).toBeChecked();
  await expect(
    page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: /Previous/ }),
  ).toHaveAttribute("href", "/browse/all/name?pricing=freemium&platform=web");
  const second = await shownTools(page, "Freemium tools for Web, Name A-Z");
  await checkA11y();

  // The two pages and the Featured column are every Freemium tool on the web, once each.
  const listed = [...first.listed, ...second.listed];
  expect(listed.map(([name]) => name)).toEqual(listed.map(([name]) => name).sort(byName));
  expect([...listed, ...first.featured].map(([name]) => name).sort(byName)).toEqual(names(FREEMIUM_WEB));
  for (const [, href] of [...listed, ...first.featured]) await expectToolMatches(page, href, ["Freemium"], "Web");

  // The tool's own page says the same.
  const [toolName, toolHref] = second.listed[0]!;
  await page
    .getByRole("region", { name: "Freemium tools for Web, Name A-Z" })
    .getByRole("link", { name: toolName, exact: true })
    .click();
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
  await page
    .getByRole("navigation", { name: "Categories" })
    .getByRole("link", { name: /^Design\b/ })
    .click();
  await expect(page).toHaveURL(/\/browse\/design\/name\?pricing=freemium&platform=web$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freemium design tools for Web");
  await expect(chips(page)).toHaveText(["Remove filter: Design", "Remove filter: Freemium", "Remove filter: Web"]);
  const design = await shownTools(page, "Freemium design tools for Web, Name A-Z");
  await expect(
    page.getByText(countLine(DESIGN_FREEMIUM_WEB.length, design.featured.length), { exact: true }),
  ).toBeVisible();
  expect([...design.listed, ...design.featured].map(([name]) => name).sort(byName)).toEqual(names(DESIGN_FREEMIUM_WEB));
  await showDisclosure(page, "Filters", folded);
  await expect(option(page, "Pricing", "Freemium")).toBeChecked();
  await expect(option(page, "Platform", "Web")).toBeChecked();
  expect(await optionCount(page, "Pricing", "Paid")).toBe(DESIGN_PAID_WEB.length);
  await checkA11y();

  // Two pricing models: the checkboxes send `pricing` twice, the server answers with one address.
  await option(page, "Pricing", "Paid").check();
  await apply(page);
  await expect(page).toHaveURL(/\/browse\/design\/name\?pricing=freemium,paid&platform=web$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freemium or paid design tools for Web");
  const both = await shownTools(page, "Freemium or paid design tools for Web, Name A-Z");
  const designBoth = [...DESIGN_FREEMIUM_WEB, ...DESIGN_PAID_WEB];
  await expect(page.getByText(countLine(designBoth.length, both.featured.length), { exact: true })).toBeVisible();
  expect([...both.listed, ...both.featured].map(([name]) => name).sort(byName)).toEqual(names(designBoth));
  for (const [, href] of [...both.listed, ...both.featured])
    await expectToolMatches(page, href, ["Freemium", "Paid"], "Web");
  await expect(filtersToggle(page)).toHaveText("Filters (3)");
  await checkA11y();

  // A chip removes its filter only, the sort and the rest kept.
  await chips(page).filter({ hasText: "Web" }).click();
  await expect(page).toHaveURL(/\/browse\/design\/name\?pricing=freemium,paid$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freemium or paid design tools");
  await expect(filtersToggle(page)).toHaveText("Filters (2)");

  // "Clear all" is the one way back to every tool.
  await expect(page.getByRole("link", { name: /clear/i })).toHaveCount(1);
  await clearAll(page).click();
  await expect(page).toHaveURL(/\/browse\/all$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All tools");
  // Every public tool again (other journeys add some: the count is not the demo's alone).
  const all = await shownTools(page, "All tools, Latest");
  expect(all.listed).toHaveLength(24);
  await expect(filtersToggle(page)).toHaveText("Filters");
  await expect(chips(page)).toHaveCount(0);
  await expect(clearAll(page)).toHaveCount(0);
  await showDisclosure(page, "Filters", folded);
  await expect(filtersForm(page).getByRole("checkbox", { checked: true, includeHidden: true })).toHaveCount(0);
  await checkA11y();
}

/**
 * A combination with no tool, though each of its options alone has some in the category; then
 * one whose only tool is in the Featured column.
 */
async function emptyJourney(page: Page, visit: (path: string) => Promise<number>, checkA11y: () => Promise<void>) {
  expect(DESIGN.some((tool) => tool.pricingModel === "One-time Purchase")).toBe(true);
  expect(DESIGN.some((tool) => tool.platforms.includes("Web"))).toBe(true);
  expect(DESIGN.filter((tool) => tool.pricingModel === "One-time Purchase" && tool.platforms.includes("Web"))).toEqual(
    [],
  );

  expect(await visit("/browse/design?pricing=one-time-purchase&platform=web")).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("One-time Purchase design tools for Web");
  await expect(page.getByText("0 tools", { exact: true })).toBeVisible();
  const list = page.getByRole("region", { name: "One-time Purchase design tools for Web, Latest" });
  await expect(list.getByText("No tools match these filters.")).toBeVisible();
  await expect(list).toContainText("Remove a filter above to see more tools.");
  await expect(list.locator("article")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Featured", exact: true }).locator("article")).toHaveCount(0);
  await expect(option(page, "Pricing", "One-time Purchase")).toBeChecked();
  await expect(option(page, "Platform", "Web")).toBeChecked();
  expect(await optionCount(page, "Pricing", "One-time Purchase")).toBe(0);

  await chips(page).filter({ hasText: "One-time Purchase" }).click();
  await chips(page).filter({ hasText: "Web" }).click();
  await expect(page).toHaveURL(/\/browse\/design$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Design");
  const shown = await shownTools(page, "Design, Latest");
  await expect(page.getByText(countLine(DESIGN.length, shown.featured.length), { exact: true })).toBeVisible();
  expect([...shown.listed, ...shown.featured].map(([name]) => name).sort(byName)).toEqual(names(DESIGN));
  await expect(page.getByText("No tools match these filters.")).toHaveCount(0);
  await checkA11y();

  // A combination whose one tool is featured: the list says where it is rather than "no tools".
  const [onlyFeatured, ...others] = PUBLIC_DEMO.filter(
    (tool) => tool.categories.includes("analytics") && tool.pricingModel === "Subscription",
  );
  expect(others).toEqual([]);
  expect(onlyFeatured!.featured).toBeDefined();
  expect(await visit("/browse/analytics?pricing=subscription")).toBe(200);
  await expect(page.getByText(countLine(1, 1), { exact: true })).toBeVisible();
  expect((await shownTools(page, "Subscription analytics tools, Latest")).featured.map(([name]) => name)).toEqual([
    onlyFeatured!.name,
  ]);
  await expect(page.getByRole("region", { name: "Subscription analytics tools, Latest" })).toContainText(
    "The one tool here is shown under Featured.",
  );
  await expect(page.getByText("No tools match these filters.")).toHaveCount(0);
}

test.describe("filtering by pricing and platform", () => {
  test("all tools → Freemium on the web (applied at once) → sorted → page 2 → a tool → Design → Paid added → a chip removed → Clear all", async ({
    page,
    visit,
    checkA11y,
  }) => {
    expect(await visit("/browse/all")).toBe(200);
    await filterJourney(page, checkA11y, false, appliedAtOnce, async (p) => {
      await p.getByLabel("Sort by").selectOption({ label: "Name A-Z" });
    });
  });

  test("a combination nothing matches says so and leads back to the whole category; one only a featured tool matches says where it is", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await emptyJourney(page, visit, checkA11y);
  });

  test("the Featured column does not invite a first one while tools are featured elsewhere", async ({
    page,
    visit,
  }) => {
    expect(await visit("/browse/design?pricing=one-time-purchase&platform=web")).toBe(200);
    const featured = page.getByRole("region", { name: "Featured", exact: true });
    await expect(featured.locator("article")).toHaveCount(0);
    await expect(featured).toContainText("No featured tool is in this list.");
    await expect(featured).not.toContainText("Be the first");
  });
});

test.describe("filtering without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // A tick not yet applied goes along with a change of sort: one form, one Apply button.
  const sortWithApply = async (p: Page) => {
    await p.getByLabel("Sort by").selectOption({ label: "Name A-Z" });
    await withApplyButton(p);
  };

  test("the same journey, with the Apply button", async ({ page, visit, checkA11y }) => {
    expect(await visit("/browse/all")).toBe(200);
    await filterJourney(page, checkA11y, false, withApplyButton, sortWithApply);
  });

  test("on a phone, with the Categories folded away", async ({ page, visit, checkA11y }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await visit("/browse/all")).toBe(200);
    await filterJourney(page, checkA11y, true, withApplyButton, sortWithApply);
  });

  test("a tick not applied yet is kept when the sort changes", async ({ page, visit }) => {
    expect(await visit("/browse/design")).toBe(200);
    await showDisclosure(page, "Filters", false);
    await option(page, "Pricing", "Free").check();
    await page.getByLabel("Sort by").selectOption({ label: "Oldest" });
    await withApplyButton(page);
    await expect(page).toHaveURL(/\/browse\/design\/oldest\?pricing=free$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free design tools");
  });

  test("a combination nothing matches says so and leads back to the whole category; one only a featured tool matches says where it is", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await emptyJourney(page, visit, checkA11y);
  });
});
