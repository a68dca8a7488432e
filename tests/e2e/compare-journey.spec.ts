import type { Page } from "@playwright/test";
import { categoryBySlug } from "../../core/categories.ts";
import { DEMO_TOOLS } from "../../server/seed/demo-tools.ts";
import { expect, test } from "./fixtures.ts";

// Without JavaScript each axe check is a second, scripted copy of the page: six pages and their
// copies need more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

// Support tools of the demo catalogue: no other journey likes, edits or moderates them, so their
// counts and facts are the seed's.
const demo = (name: string) => DEMO_TOOLS.find((tool) => tool.name === name)!;

/** What the comparison table shows: the tools heading its columns, and each row's cells (a list's items, or the text). */
async function comparisonTable(page: Page, names: string[]) {
  const table = page.getByRole("table", { name: `${names.join(" vs ")}, side by side`, exact: true });
  await expect(table).toBeVisible();
  return table.evaluate((element) => {
    const read = (node: Element) => {
      const copy = node.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll("[aria-hidden=true]")) hidden.remove();
      return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
    };
    const columns = [...element.querySelectorAll("thead th[scope=col]")].map(read);
    const rows: Record<string, (string | string[])[]> = {};
    for (const tr of element.querySelectorAll("tbody tr")) {
      const label = read(tr.querySelector("th[scope=row]")!);
      rows[label] = [...tr.querySelectorAll("td")].map((td) => {
        const list = td.querySelector("ul");
        if (list) return [...list.querySelectorAll("li")].map(read);
        return (td as HTMLElement).innerText.replace(/\s+/g, " ").trim();
      });
    }
    return { columns, rows };
  });
}

/** The rows the demo data says the table must have for these tools (Added is read from their pages). */
function expectedRows(names: string[]) {
  const tools = names.map(demo);
  return {
    Tagline: tools.map((t) => t.tagline),
    Pricing: tools.map((t) => `${t.pricingModel} ${t.pricingDetails}`),
    Platforms: tools.map((t) => [...t.platforms]),
    Categories: tools.map((t) => t.categories.map((slug) => categoryBySlug(slug)!.name)),
    Features: tools.map((t) => [...t.features]),
    Integrations: tools.map((t) => [...t.integrations]),
    // Each count in its like button, named by it ("Like, 12 likes").
    Likes: tools.map((t) => `Like, ${t.upvotes.toLocaleString("en-US")} ${t.upvotes === 1 ? "like" : "likes"}`),
    Links: tools.map((t) => [`${t.name} on this site`, `${t.name}'s website`]),
  };
}

/** The comparison of these tools (in slug order) as the page shows it, checked against the demo data. */
async function expectComparison(page: Page, names: string[], slugs: string[], added: Map<string, string>) {
  await expect(page).toHaveURL(new RegExp(`/compare/${slugs.join("-vs-")}$`));
  await expect(page).toHaveTitle(new RegExp(`^${names.join(" vs ")} — compare — `));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(names.join(" vs "));
  const { columns, rows } = await comparisonTable(page, names);
  expect(columns).toEqual(names);
  expect(Object.keys(rows)).toEqual([
    "Tagline",
    "Pricing",
    "Platforms",
    "Categories",
    "Features",
    "Integrations",
    "Likes",
    "Added",
    "Links",
  ]);
  const { Added, ...rest } = rows;
  expect(rest).toEqual(expectedRows(names));
  for (const [i, name] of names.entries()) {
    expect(Added![i], name).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    if (added.has(name)) expect(Added![i], name).toBe(added.get(name));
  }
  const table = page.getByRole("table");
  for (const [i, name] of names.entries()) {
    await expect(table.getByRole("link", { name: `${name} on this site`, exact: true })).toHaveAttribute(
      "href",
      `/tool/${slugs[i]}`,
    );
    await expect(table.getByRole("link", { name: `${name}'s website`, exact: true })).toHaveAttribute(
      "href",
      demo(name).websiteUrl,
    );
  }
}

/** The date a tool's page says it was added. */
async function addedOn(page: Page): Promise<string> {
  const facts = page.getByRole("complementary", { name: "Tool facts" });
  return (await facts
    .locator("dt", { hasText: /^Added$/ })
    .locator("xpath=following-sibling::dd")
    .textContent())!.trim();
}

/** Zendesk's page → compare with Help Scout, typed by name → add a misspelt tool, then Intercom → an alternative's comparison. */
async function compareJourney(page: Page, visit: (path: string) => Promise<number>, checkA11y: () => Promise<void>) {
  const added = new Map<string, string>();
  expect(await visit("/tool/help-scout")).toBe(200);
  added.set("Help Scout", await addedOn(page));
  expect(await visit("/tool/zendesk")).toBe(200);
  added.set("Zendesk", await addedOn(page));

  const related = page.getByRole("complementary", { name: "Related Tools" });
  const field = page.getByRole("combobox", { name: "Compare Zendesk with…", exact: true });
  await related.getByRole("combobox", { name: "Compare Zendesk with…", exact: true }).fill("help scout");
  await related.locator("form", { has: field }).getByRole("button", { name: "Compare", exact: true }).click();
  await expectComparison(page, ["Help Scout", "Zendesk"], ["help-scout", "zendesk"], added);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").last()).toHaveText(/Compare/);
  await checkA11y();

  // A name that names no tool: said above the form, which asks again.
  const more = page.getByRole("combobox", { name: "Add a tool to the comparison", exact: true });
  await more.fill("Intercomm");
  await more.press("Enter");
  await expect(page).toHaveURL(/\/compare\?a=help-scout&b=zendesk&c=Intercomm$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare tools");
  await expect(page.getByRole("alert")).toHaveText("No public tool is called “Intercomm”.");
  await expect(page.getByRole("table")).toHaveCount(0);
  await checkA11y();

  await page.getByRole("combobox", { name: "First tool", exact: true }).fill("Zendesk");
  await page.getByRole("combobox", { name: "Second tool", exact: true }).fill("HELP SCOUT");
  await page.getByRole("combobox", { name: "Third tool (optional)", exact: true }).fill("intercom");
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  await expectComparison(page, ["Help Scout", "Intercom", "Zendesk"], ["help-scout", "intercom", "zendesk"], added);
  // Three is as many as a comparison holds.
  await expect(page.getByRole("combobox", { name: "Add a tool to the comparison" })).toHaveCount(0);
  await checkA11y();

  // From the alternatives page: each alternative links its comparison with the tool.
  expect(await visit("/alternatives/zendesk")).toBe(200);
  const crisp = page
    .getByRole("list", { name: "Alternatives to Zendesk", exact: true })
    .getByRole("link", { name: "Compare Crisp with Zendesk", exact: true });
  await expect(crisp).toHaveAttribute("href", "/compare/crisp-vs-zendesk");
  await crisp.click();
  await expectComparison(page, ["Crisp", "Zendesk"], ["crisp", "zendesk"], added);
  await expect(page.getByRole("combobox", { name: "Add a tool to the comparison", exact: true })).toBeVisible();
  await checkA11y();

  // And back to one of the tools from its column.
  await page.getByRole("table").getByRole("link", { name: "Crisp on this site", exact: true }).click();
  await expect(page).toHaveURL(/\/tool\/crisp$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crisp");
}

test.describe("comparing tools", () => {
  test("a tool page → a tool typed by name → a third tool → an alternative's comparison", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await compareJourney(page, visit, checkA11y);
  });
});

test.describe("comparing tools without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same journey", async ({ page, visit, checkA11y }) => {
    await compareJourney(page, visit, checkA11y);
  });
});
