import { sql } from "kysely";
import { DAY_MS, startOfDay } from "../../core/dates.ts";
import { e2eDatabase } from "./fixture-tools.ts";
import { expect, overflow, signIn, test } from "./fixtures.ts";

// The admin opens the dashboard's charts on a desktop and on a phone: each chart is drawn (an
// image with a summary), its table of figures holds what the database holds, the period switches
// to 90 and 365 days through plain links, and nothing reaches past a 390-px window. Every view is
// checked with axe; a screenshot of each width is kept in test-results/.

/** A past day no other journey counts on: this run adds to its views and clicks. */
const day = startOfDay(Date.now()) - 12 * DAY_MS;
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(day);

async function siteCounts(): Promise<{ views: number; clicks: number }> {
  const database = e2eDatabase();
  try {
    const rows = await database.db.selectFrom("site_days").select(["kind", "count"]).where("day", "=", day).execute();
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.count ?? 0);
    return { views: of("views"), clicks: of("clicks") };
  } finally {
    await database.close();
  }
}

test.beforeAll(async () => {
  const database = e2eDatabase();
  try {
    await database.db
      .insertInto("site_days")
      .values([
        { kind: "views", day, count: 1234 },
        { kind: "clicks", day, count: 56 },
      ])
      .onConflict((oc) =>
        oc.columns(["kind", "day"]).doUpdateSet({ count: sql<number>`site_days.count + excluded.count` }),
      )
      .execute();
  } finally {
    await database.close();
  }
});

for (const width of [1280, 390]) {
  test(`the dashboard's charts at ${width} px`, async ({ page, checkA11y }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/dashboard");
    await signIn(page);
    const insights = page.getByRole("region", { name: "The last 30 days" });
    await expect(insights).toBeVisible();
    // Each picture is named by its summary; the SVG parts inside it are not images of their own.
    const pictures = insights.getByRole("img", { name: /, per (day|month)\./ });
    await expect(pictures).toHaveCount(6);
    for (const picture of await pictures.all()) {
      await expect(picture.locator("svg").last()).toBeVisible();
      expect((await picture.boundingBox())!.width).toBeGreaterThan(200);
    }

    const traffic = insights.getByRole("region", { name: "Page views and website clicks", exact: true });
    await traffic.getByText("Page views and website clicks: the figures").click();
    const row = traffic.getByRole("row", { name: new RegExp(`^${dayLabel} `) });
    const stored = await siteCounts();
    await expect(row.getByRole("cell")).toHaveText([
      stored.views.toLocaleString("en-US"),
      stored.clicks.toLocaleString("en-US"),
    ]);
    expect(stored.views).toBeGreaterThanOrEqual(1234);
    expect(await overflow(page), `the dashboard reaches past a ${width}-px window`).toEqual({ by: 0, culprit: "" });
    await checkA11y();
    await page.screenshot({ path: `test-results/dashboard-charts-${width}.png`, fullPage: true });

    await insights.getByRole("link", { name: "90 days" }).click();
    await expect(page.getByRole("region", { name: "The last 90 days" })).toBeVisible();
    await expect(page.getByRole("link", { name: "90 days" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "365 days" }).click();
    const year = page.getByRole("region", { name: "The last 365 days" });
    await expect(year.getByRole("img", { name: /, per (day|month)\./ })).toHaveCount(6);
    await expect(year.getByRole("img", { name: /^Revenue by month, per month\./ })).toBeVisible();
    await checkA11y();
  });
}
