import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// Without JavaScript each axe check is a second, scripted copy of the page: three pages and their
// copies need more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

// Zendesk's alternatives in the demo catalogue (docs/decisions/029), worked out by hand: 4 points
// per shared category, 2 per tag, 1 per platform, 1 for the same pricing model, then newest first.
// Customer Support and Communication are categories no other journey leaves a tool public in.
const ZENDESK_ALTERNATIVES: [name: string, inCommon: string][] = [
  [
    "Intercom",
    "Communication, Customer Support, help-desk, knowledge-base, ticketing, Web, iOS, Android, API, Subscription",
  ],
  [
    "Help Scout",
    "Communication, Customer Support, help-desk, knowledge-base, customer-service, Web, iOS, Android, API",
  ],
  ["Crisp", "Communication, Customer Support, knowledge-base, Web, iOS, Android, API"],
  ["Sprinklr", "Customer Support, Web, iOS, Android, API"],
  ["HubSpot", "Customer Support, Web, iOS, Android, API"],
  ["Loom", "Communication, Web, iOS, Android"],
  ["Proton Mail", "Communication, Web, iOS, Android"],
  ["Discord", "Communication, Web, iOS, Android"],
  ["Slack", "Communication, Web, iOS, Android"],
  ["Notion", "knowledge-base, Web, iOS, Android, API"],
];

/** The alternatives listed, each as [name, "In common:" line], in the order shown. */
async function listedAlternatives(page: Page, toolName: string): Promise<[string, string][]> {
  const items = page.getByRole("list", { name: `Alternatives to ${toolName}`, exact: true }).getByRole("listitem");
  return items.evaluateAll((lis) =>
    lis.map((li) => {
      const name = li.querySelector("h2")!.textContent!.trim();
      const line = [...li.querySelectorAll("p")]
        .map((p) => p.textContent!.replace(/\s+/g, " ").trim())
        .find((t) => t.startsWith("In common:"));
      return [name, line ?? ""] as [string, string];
    }),
  );
}

/** Zendesk's page → its alternatives → the closest one's page. */
async function alternativesJourney(
  page: Page,
  visit: (path: string) => Promise<number>,
  checkA11y: () => Promise<void>,
) {
  expect(await visit("/tool/zendesk")).toBe(200);
  const link = page
    .getByRole("complementary", { name: "Related Tools" })
    .getByRole("link", { name: "Alternatives to Zendesk", exact: true });
  await expect(link).toHaveAttribute("href", "/alternatives/zendesk");
  await link.click();

  await expect(page).toHaveURL(/\/alternatives\/zendesk$/);
  await expect(page).toHaveTitle(/^Alternatives to Zendesk — /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alternatives to Zendesk");
  await expect(page.getByText("10 tools share a category or a tag with Zendesk, the closest first.")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Zendesk" }),
  ).toHaveAttribute("href", "/tool/zendesk");
  expect(await listedAlternatives(page, "Zendesk")).toEqual(
    ZENDESK_ALTERNATIVES.map(([name, line]) => [name, `In common: ${line}`]),
  );
  // One page of ten: nothing to page through.
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  await checkA11y();

  // The page answers what the API does, in the same order.
  const api = await page.request.get("/api/v1/tools/zendesk/alternatives");
  expect(api.status()).toBe(200);
  const body = (await api.json()) as { total: number; data: { name: string }[] };
  expect(body.total).toBe(ZENDESK_ALTERNATIVES.length);
  expect(body.data.map((t) => t.name)).toEqual(ZENDESK_ALTERNATIVES.map(([name]) => name));

  const closest = page
    .getByRole("list", { name: "Alternatives to Zendesk", exact: true })
    .getByRole("listitem")
    .first()
    .getByRole("heading", { level: 2 })
    .getByRole("link");
  await expect(closest).toHaveText("Intercom");
  await expect(closest).toHaveAttribute("href", "/tool/intercom");
  await closest.click();
  await expect(page).toHaveURL(/\/tool\/intercom$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Intercom");
  // Its page links its own alternatives in turn.
  await expect(
    page
      .getByRole("complementary", { name: "Related Tools" })
      .getByRole("link", { name: "Alternatives to Intercom", exact: true }),
  ).toHaveAttribute("href", "/alternatives/intercom");
  await checkA11y();
}

test.describe("alternatives to a tool", () => {
  test("a tool page → its alternatives, with what each has in common → the closest one", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await alternativesJourney(page, visit, checkA11y);
  });
});

test.describe("alternatives without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same journey", async ({ page, visit, checkA11y }) => {
    await alternativesJourney(page, visit, checkA11y);
  });
});
