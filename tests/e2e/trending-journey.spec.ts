import { insertTools } from "../../server/catalog/write.ts";
import { makeTool } from "../support/catalog.ts";
import { changeE2eCatalog } from "./fixture-tools.ts";
import { expect, signIn, test } from "./fixtures.ts";

// A visitor likes a tool; once the counted likes are written and the trending scores worked out (an
// admin runs both jobs from the jobs screen rather than waiting for them), the tool is on /trending,
// on "Today" and on the home page's section. Every page is checked with axe. The tool is this run's own.

const run = Date.now();
test.use({ extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${(run >> 3) % 250}` } });

test("a liked tool shows on the trending pages and the home page once the scores are worked out", async ({
  page,
  visit,
  checkA11y,
}) => {
  const tool = makeTool({ name: `Trending Journey ${run}` });
  await changeE2eCatalog((write) => insertTools(write, [tool]));

  expect(await visit("/trending")).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Trending this week" })).toBeVisible();
  await expect(page.getByRole("link", { name: "This week" })).toHaveAttribute("aria-current", "page");

  await page.goto(`/tool/${tool.slug}`);
  const liked = page.waitForResponse((r) => r.url().includes(`/like/${tool.id}`));
  await page.locator(`form[action="/like/${tool.id}"] button[aria-pressed]`).first().click();
  expect((await liked).status()).toBe(200);

  await page.goto("/admin/jobs");
  await signIn(page);
  await page.getByRole("button", { name: "Run now (Counted views, clicks, impressions, likes and searches)" }).click();
  await expect(
    page
      .getByText(
        /Wrote \d+ day counts of tool page views, \d+ of website clicks, \d+ of featured impressions, \d+ hour and day counts of likes/,
      )
      .first(),
  ).toBeVisible();
  await page.getByRole("button", { name: "Run now (Trending scores)" }).click();
  await expect(page.getByText(/Scored [1-9]\d* tools from \d+ reviews, [1-9]\d* likes/).first()).toBeVisible();

  expect(await visit("/trending")).toBe(200);
  await expect(page.getByRole("heading", { name: tool.name })).toBeVisible();

  await page.getByRole("link", { name: "Today" }).click();
  await expect(page).toHaveURL(/\/trending\/today$/);
  await expect(page.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: tool.name })).toBeVisible();
  await checkA11y();

  expect(await visit("/")).toBe(200);
  const section = page.getByRole("region", { name: "Trending this week" });
  await expect(section).toBeVisible();
  await section.getByRole("link", { name: "All trending tools" }).click();
  await expect(page).toHaveURL(/\/trending$/);
});
