import type { Page } from "@playwright/test";
import sharp from "sharp";
import { insertTools } from "../../server/catalog/write.ts";
import { newId } from "../../server/platform/db/ids.ts";
import { changeE2eCatalog, e2eDatabase, HOSTILE_TOOL } from "./fixture-tools.ts";
import { expect, test } from "./fixtures.ts";

// Paying to feature a tool on the built-in test checkout (no Stripe key in the e2e server). The
// demo catalogue has Linear featured at $100; the tool featured here pays $250.

const TARGET = { name: "Quartzline", slug: "quartzline" };

// This journey's own visitor address (the e2e server trusts its loopback proxy): see global-setup.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.11" } });

test.beforeAll(async () => {
  // A public tool of this journey's own, written as another instance would.
  await changeE2eCatalog((write, now) =>
    insertTools(write, [
      {
        ...HOSTILE_TOOL,
        id: newId(),
        name: TARGET.name,
        slug: TARGET.slug,
        tagline: "Crystal-clear dashboards",
        description: "Dashboards for small teams.",
        websiteUrl: "https://quartzline.example.com",
        createdAt: now - 86_400_000,
        updatedAt: now - 86_400_000,
      },
    ]),
  );
});

async function openDialog(page: Page) {
  const before = page.url();
  await page.getByRole("banner").getByRole("link", { name: "Get Featured" }).click();
  const dialog = page.getByRole("dialog", { name: "Get Featured" });
  await expect(dialog).toBeVisible();
  // It opens on the page the visitor is on: the address does not change.
  expect(page.url()).toBe(before);
  return dialog;
}

test("featuring a tool: dialog → test checkout → success, then first on the home page above a tool paid $100", async ({
  page,
  visit,
  checkA11y,
}) => {
  await visit("/about");
  // Closed, the dialog gives focus back to the link that opened it.
  const first = await openDialog(page);
  await page.keyboard.press("Escape");
  await expect(first).toBeHidden();
  await expect(page.getByRole("banner").getByRole("link", { name: "Get Featured" })).toBeFocused();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/About/);
  const dialog = await openDialog(page);
  await checkA11y();

  // The first tools are listed, and the status says they are only the first of all of them.
  await expect(
    dialog.getByText(/^Showing the first 20 of \d+ tools\. Type a name to search all of them\.$/),
  ).toBeVisible();
  await expect(dialog.getByRole("radiogroup", { name: "Matching tools" }).getByRole("radio")).toHaveCount(20);

  // Pay with no tool chosen.
  await dialog.getByRole("button", { name: /^Pay/ }).click();
  await expect(dialog.getByText("Please select a tool to feature")).toBeVisible();

  // Type-ahead over the whole catalogue.
  await dialog.getByLabel("Search tools by name").fill("quartz");
  await dialog.getByRole("radio", { name: new RegExp(TARGET.name) }).check();
  await dialog.getByLabel("Amount in US dollars").fill("250");
  // docs/design.md#constants: from 100 Medium, from 500 High.
  await expect(dialog.getByText("Tier:")).toHaveText("Tier: Medium");
  // Where the amount would place it among the featured tools now.
  await expect(dialog.getByText(/^This places you #\d+ of \d+ featured tools now\.$/)).toBeVisible();
  await dialog.getByLabel("Amount in US dollars").fill("5000");
  await expect(dialog.getByText(/^This places you #1 of \d+ featured tools now\.$/)).toBeVisible();
  await dialog.getByLabel("Amount in US dollars").fill("250");
  await dialog.getByLabel("Amount in US dollars").blur();
  await dialog.getByRole("button", { name: "Pay $250" }).click();

  // The test checkout stands in for the card provider.
  await expect(page).toHaveURL(/\/test-checkout\/test_/);
  const sessionId = page.url().split("/").pop()!;
  await expect(page.getByText("Test mode — no real charge")).toBeVisible();
  await expect(page.getByText(TARGET.name)).toBeVisible();
  await checkA11y();
  await page.getByRole("button", { name: "Pay $250" }).click();

  await expect(page.getByText("Processing Payment")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(sessionId.slice(-8).toUpperCase())).toBeVisible();
  await checkA11y();

  // The payer's private link to the placement's report: figures from today, and nothing without the link.
  const reportUrl = await page.getByRole("link", { name: /\/sponsor\// }).getAttribute("href");
  expect(reportUrl).toMatch(/\/sponsor\/[\w-]+\.[\w-]{43}$/);
  expect(await visit(new URL(reportUrl!).pathname)).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: TARGET.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Since it started (1 day)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the figures (CSV)" })).toBeVisible();
  const [orderId] = new URL(reportUrl!).pathname.split("/").pop()!.split(".");
  expect(await visit(`/sponsor/${orderId}`)).toBe(404);
  await expect(page.getByRole("heading", { name: "Report not found" })).toBeVisible();
  await expect(page.getByText(TARGET.name)).toHaveCount(0);

  // On the home page the tool is featured, above Linear (paid $100), with its badge.
  await visit("/");
  const featured = page.getByRole("region", { name: "Featured" });
  const names = await featured.getByRole("heading", { level: 3 }).allTextContents();
  expect(names).toContain(TARGET.name);
  expect(names.indexOf(TARGET.name)).toBeLessThan(names.indexOf("Linear"));
  await expect(featured.getByRole("listitem").filter({ hasText: TARGET.name }).getByText("$250")).toBeVisible();

  // Featured, it can be topped up: it is offered with what it has in force.
  const again = await openDialog(page);
  await again.getByLabel("Search tools by name").fill("quartz");
  await expect(again.getByText("Featured now, $250 in force: paying adds to it")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(again).toBeHidden();
});

test("cancelling the test checkout leads back to the dialog", async ({ page, visit, checkA11y }) => {
  await visit("/");
  const dialog = await openDialog(page);
  await dialog.getByLabel("Search tools by name").fill("Trello");
  await dialog.getByRole("radio", { name: /Trello/ }).check();
  await dialog.getByRole("button", { name: "Pay $19" }).click();
  await expect(page).toHaveURL(/\/test-checkout\//);
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
  await expect(page.getByText("No charges were made")).toBeVisible();
  await checkA11y();
  await page.getByRole("link", { name: "Try Again" }).click();
  // The dialog opens here, with the tool chosen again.
  const again = page.getByRole("dialog", { name: "Get Featured" });
  await expect(again).toBeVisible();
  await expect(page).toHaveURL(/\/payment-cancel/);
  await expect(again.getByText("Selected: Trello")).toBeVisible();
});

test("a made-up session never shows success", async ({ page, visit }) => {
  expect(await visit("/payment-success?session_id=cs_test_madeup12345678")).toBe(200);
  // Once 'Processing Payment' has had its least time, the page settles on its answer.
  await expect(page.getByRole("heading", { name: "Payment Not Found" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Processing Payment" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toHaveCount(0);
});

test("the success page waits for a payment confirmed after it opened, then names the tool", async ({
  page,
  visit,
  checkA11y,
}) => {
  // A checkout still open: the page says it is processing and asks again every second.
  const tools = (await (await page.request.get("/api/v1/tools?pageSize=50")).json()) as {
    data: { id: string; name: string; isFeatured: boolean }[];
  };
  const tool = tools.data.find((t) => !t.isFeatured && t.name !== TARGET.name)!;
  const checkout = await page.request.post("/api/checkout-session", {
    data: { toolId: tool.id, amount: 19 },
    headers: { Accept: "application/json" },
  });
  expect(checkout.status()).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  expect(await visit(`/payment-success?session_id=${encodeURIComponent(sessionId)}`)).toBe(200);
  await expect(page.getByRole("heading", { name: "Processing Payment" })).toBeVisible();

  // Paid meanwhile (the test checkout's Pay, as the payment provider would confirm it).
  const paid = await page.request.post(`/test-checkout/${encodeURIComponent(sessionId)}`, {
    form: { intent: "pay" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("main").getByRole("status")).toContainText(tool.name);
  await expect(page).toHaveTitle(/^Payment Successful! — /);
  await expect(page.getByRole("heading", { name: "Processing Payment" })).toBeHidden();
  await checkA11y();
});

test("the submit form's paid path: saved pending, then checkout, ending with a paid order and the tool still pending", async ({
  page,
  visit,
}) => {
  // The page's clock is ours to move, so waiting to see that nothing happens takes no real time.
  await page.clock.install();
  await visit("/submit-tool");
  await page.getByLabel("Name *").fill("Ledgerleaf");
  await page.getByLabel("Tagline *").fill("Books for freelancers");
  await page.getByLabel("Website URL *").fill("https://ledgerleaf.example.com");
  await page.getByRole("group", { name: "Categories *" }).getByLabel("Finance").check();
  await page.getByLabel("Logo *").setInputFiles({
    name: "ledgerleaf.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 96, height: 96, channels: 4, background: "#208050" } })
      .png()
      .toBuffer(),
  });
  const amount = page.getByLabel("Feature amount in US dollars");
  const slider = page.getByRole("slider", { name: "Feature amount slider" });
  await expect(amount).toBeHidden();
  await page.getByLabel("Feature this tool after submitting").check();
  await expect(amount).toHaveValue("100");
  // The slider (the page's script shows it), the presets and the typed amount move together, with
  // the tier: $100 is the same tier here as at checkout.
  const tier = page.getByText("Tier:");
  await expect(slider).toHaveAttribute("aria-valuetext", "$100, Medium tier");
  await expect(tier).toHaveText(/^Tier: Medium/);
  await slider.focus();
  await page.keyboard.press("Home");
  await expect(amount).toHaveValue("19");
  await expect(tier).toHaveText(/^Tier: Standard/);
  await expect(slider).toHaveAttribute("aria-valuetext", "$19, Standard tier");
  // The track's stops are close where people buy: one step up from $19 is $25.
  await page.keyboard.press("ArrowRight");
  await expect(amount).toHaveValue("25");
  await page.getByRole("group", { name: "Preset amounts" }).getByRole("button", { name: "$500" }).click();
  await expect(amount).toHaveValue("500");
  await expect(tier).toHaveText(/^Tier: High/);
  await expect(page.getByRole("button", { name: "$500" })).toHaveAttribute("aria-pressed", "true");
  await amount.fill("100");
  await expect(slider).toHaveAttribute("aria-valuetext", "$100, Medium tier");
  await expect(tier).toHaveText(/^Tier: Medium/);
  await page.getByRole("button", { name: "Submit Tool" }).click();

  await expect(page.getByRole("main").getByRole("status").first()).toHaveText(
    "Tool submitted successfully! We'll review it shortly.",
  );
  const statusLink = (await page.getByRole("link", { name: /\/submission\// }).textContent())!;
  // The page waits for the click: the private status link can be kept first. Ready, it stays put
  // however long the visitor takes.
  await expect(page.getByText("Continue to the payment provider’s secure page to pay.")).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(page).toHaveURL(/\/submit-tool\//);
  await expect(page.getByText("Continuing to checkout")).toHaveCount(0);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/test_/, { timeout: 10_000 });
  await expect(page.getByText("Ledgerleaf")).toBeVisible();
  await expect(page.getByText("1 year from approval (Medium)")).toBeVisible();
  await page.getByRole("button", { name: "Pay $100" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 10_000 });
  // Paid while pending: the page says it is featured once approved, not that it is featured now.
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    "Ledgerleaf is still waiting for review, so it is not featured yet.",
  );
  await expect(page.getByText("is now featured")).toHaveCount(0);
  await expect(page.getByText(/Its featured year of 365 days starts on the day it is approved/)).toBeVisible();
  // The success page repeats the private status link.
  await expect(page.getByRole("link", { name: statusLink })).toBeVisible();

  const db = e2eDatabase();
  try {
    const tool = await db.db
      .selectFrom("tools")
      .select(["id", "status"])
      .where("slug", "=", "ledgerleaf")
      .executeTakeFirstOrThrow();
    expect(tool.status).toBe("pending");
    const orders = await db.db
      .selectFrom("orders")
      .select(["status", "amount_cents"])
      .where("tool_id", "=", tool.id)
      .execute();
    expect(orders).toEqual([{ status: "paid", amount_cents: 10_000 }]);
  } finally {
    await db.close();
  }
  // Paid but pending: featured nowhere until an admin approves it.
  await visit("/");
  await expect(page.getByRole("region", { name: "Featured" }).getByText("Ledgerleaf")).toHaveCount(0);
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Get Featured from the header's menu opens the dialog on the page, and closing it returns to the menu", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await visit("/browse");
    const menu = page.getByRole("banner").locator("summary");
    await menu.click();
    await page.getByRole("banner").getByRole("link", { name: "Get Featured" }).click();
    const dialog = page.getByRole("dialog", { name: "Get Featured" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/browse$/);
    // The stepped slider and its presets fit the phone's width.
    await expect(dialog.getByRole("group", { name: "Preset amounts" })).toBeVisible();
    await checkA11y();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menu).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
