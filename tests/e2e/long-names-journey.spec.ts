import fs from "node:fs";
import path from "node:path";
import { deleteTools, insertPaidOrder, insertTools } from "../../server/catalog/write.ts";
import { newId } from "../../server/platform/db/ids.ts";
import { changeE2eCatalog, HOSTILE_TOOL } from "./fixture-tools.ts";
import { expect, overflow, test } from "./fixtures.ts";

// A tool with one very long word for a name and a long URL in its tagline, public on every list:
// no public page may scroll sideways on a 390-px phone, in either theme. Each page is also saved
// as a picture under test-results/ for a person to look at.

const LONG = {
  id: newId(),
  name: "Hyperconvergedinfrastructureorchestrationplatformultimate",
  slug: "hyperconvergedinfrastructureorchestrationplatformultimate",
  tagline:
    "Orchestrate everything from https://hyperconvergedinfrastructureorchestrationplatformultimate.example.com/getting-started",
};
const SHOTS = path.resolve("test-results/long-names");
// Its paid order: featured, so it is in the featured strips too, and in the admin's orders.
const ORDER_SESSION = `long-names-${LONG.id}`;

// This journey's own visitor address (the e2e server trusts its loopback proxy): see global-setup.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.31" }, viewport: { width: 390, height: 844 } });
// Some fifteen pages in two themes, each measured and photographed.
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  // Approved, as another instance would write it; the newest tool, so it heads home's latest list.
  await changeE2eCatalog(async (write, now) => {
    await insertTools(write, [
      {
        ...HOSTILE_TOOL,
        ...LONG,
        description: `<p>See ${LONG.tagline.split(" ").at(-1)} for the whole story.</p>`,
        websiteUrl: "https://hyperconvergedinfrastructureorchestrationplatformultimate.example.com",
        categories: ["development", "productivity"],
        tags: ["hyperconvergedinfrastructureorchestration", "orchestration"],
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await insertPaidOrder(write, {
      toolId: LONG.id,
      toolName: LONG.name,
      amountCents: 1_900,
      provider: "test",
      sessionId: ORDER_SESSION,
      paidAt: now,
    });
  });
  // The server sees another instance's write within its freshness poll: until then its stored
  // pages (home, cached by an earlier journey) are the ones from before.
  await expect
    .poll(async () => (await (await fetch(`${process.env.E2E_BASE_URL}/`)).text()).includes(LONG.name), {
      timeout: 10_000,
    })
    .toBe(true);
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await changeE2eCatalog(async (write) => {
    await write.db.deleteFrom("orders").where("provider_session_id", "=", ORDER_SESSION).execute();
    await deleteTools(write, [LONG.id]);
    write.changed("featuring", [LONG.id]);
  });
});

/** The public pages a visitor reaches, each with what shows the long-named tool is there. */
const PAGES: { path: string; shot: string; shows?: string }[] = [
  { path: "/", shot: "home", shows: LONG.name },
  { path: "/browse/all", shot: "browse-all", shows: LONG.name },
  { path: "/browse/development", shot: "browse-category", shows: LONG.name },
  { path: "/search/hyperconverged", shot: "search", shows: LONG.name },
  { path: `/tool/${LONG.slug}`, shot: "tool", shows: LONG.name },
  { path: `/alternatives/${LONG.slug}`, shot: "alternatives", shows: LONG.name },
  { path: `/compare/${LONG.slug}-vs-notion`, shot: "compare", shows: LONG.name },
  { path: "/tag/orchestration", shot: "tag", shows: LONG.name },
  { path: `/claim/${LONG.slug}`, shot: "claim", shows: LONG.name },
  { path: "/submit", shot: "submit" },
  { path: "/about", shot: "about" },
  { path: "/contact", shot: "contact" },
  { path: "/privacy-policy", shot: "privacy" },
  { path: "/digest", shot: "digest" },
  { path: "/payment-cancel", shot: "payment-cancel" },
  { path: "/payment-success", shot: "payment-success" },
];

for (const colorScheme of ["light", "dark"] as const) {
  test(`a very long name and URL: no public page scrolls sideways at 390 px (${colorScheme})`, async ({
    page,
    visit,
  }) => {
    await page.emulateMedia({ colorScheme });
    for (const { path: pagePath, shot, shows } of PAGES) {
      await visit(pagePath);
      if (shows) await expect(page.getByText(shows, { exact: false }).first(), pagePath).toBeAttached();
      expect(await overflow(page), `${pagePath} reaches past a 390-px window`).toEqual({ by: 0, culprit: "" });
      await page.screenshot({ path: path.join(SHOTS, `${shot}-390-${colorScheme}.png`), fullPage: true });
    }
  });
}

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the card's tagline wraps its long URL and ends in an ellipsis when cut", async ({ page }) => {
    await page.goto("/");
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: LONG.name }) })
      .first();
    const tagline = card.locator(".tool-card-tagline");
    const box = await tagline.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        clientWidth: el.clientWidth,
        scrollWidth: el.scrollWidth,
        clamp: style.webkitLineClamp,
        wrap: style.overflowWrap,
      };
    });
    // Nothing runs off to the side: a line that does not fit wraps, and the clamp's ellipsis ends the last.
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    expect(box.wrap).toBe("anywhere");
    expect(box.clamp).toBe("3");
    expect(await overflow(page)).toEqual({ by: 0, culprit: "" });
    await page.screenshot({ path: path.join(SHOTS, "home-1280-light.png") });

    // Featured (it has a paid order): its website link says it is a paid one.
    await page.goto(`/tool/${LONG.slug}`);
    await expect(page.getByRole("link", { name: /Visit Website/ })).toHaveAttribute("rel", "noopener sponsored");
    await page.screenshot({ path: path.join(SHOTS, "tool-1280-light.png"), fullPage: true });
  });
});

test("the admin's lists do not scroll a 390-px phone sideways either", async ({ page, visit }) => {
  expect(await visit("/admin/orders")).toBe(401);
  await page.getByLabel("Username").fill(process.env.E2E_ADMIN_USERNAME!);
  await page.getByLabel("Password").fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  for (const adminPath of ["/admin/orders", "/admin/tools", "/admin/dashboard", `/admin/tools/${LONG.id}`]) {
    await visit(adminPath);
    expect(await overflow(page), `${adminPath} reaches past a 390-px window`).toEqual({ by: 0, culprit: "" });
    await page.screenshot({
      path: path.join(SHOTS, `admin-${adminPath.split("/")[2]}${adminPath.split("/")[3] ? "-edit" : ""}-390.png`),
      fullPage: true,
    });
  }
  // The orders table scrolls within its own box, and the long-named tool's order is in it.
  const table = page.getByRole("table");
  await visit("/admin/orders");
  await expect(page.getByRole("table").getByText(LONG.name)).toBeVisible();
  expect(await table.evaluate((el) => getComputedStyle(el.parentElement!).overflowX)).toBe("auto");
});
