import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";

const SUCCESS = "Tool submitted successfully! We'll review it shortly.";

const png = () =>
  sharp({ create: { width: 128, height: 128, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

/** Fills the form completely; `name` and the website make each run's tool its own. */
async function fillForm(page: Page, name: string, website: string) {
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel("Tagline *").fill("Plans your week from your inbox");
  await page.getByLabel("Website URL *").fill(website);
  await page.getByLabel("Description").fill("Reads your mail and proposes a plan.\nEvery Monday.");
  const categories = page.getByRole("group", { name: "Categories *" });
  await categories.getByLabel("Productivity").check();
  await categories.getByLabel("AI & Machine Learning").check();
  await page.getByRole("group", { name: "Platforms" }).getByLabel("Web").check();
  await page.getByLabel("Pricing model").selectOption("Freemium");
  await page.getByLabel("Pricing details").fill("Free for one inbox.");
  await page.getByLabel("Tags").fill("planning, email ,, calendar");
  await page.getByLabel("Features").fill("Weekly plan, Inbox triage");
  await page.getByLabel("Use cases").fill("Busy founders");
  await page.getByLabel("Integrations").fill("Gmail, Outlook");
  await page.getByLabel("Target audience").fill("Small teams");
  await page.getByLabel("Your email (optional)").fill("maker@weekplan.example.com");
  await page.getByLabel("Logo *").setInputFiles({ name: "weekplan.png", mimeType: "image/png", buffer: await png() });
}

/** The submitted tool is on no public list and its own page says Pending. */
async function expectPendingOnly(page: Page, name: string, slug: string) {
  for (const path of ["/", "/browse/all", "/browse/productivity"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  }
  const response = await page.goto(`/tool/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Pending review.")).toBeVisible();
  await expect(page.getByText("maker@weekplan.example.com")).toHaveCount(0);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`submitting a tool ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });
    // Every refusal is sent and checked by axe in turn: on a busy 2-core runner that takes close to
    // the default 30 seconds.
    test.describe.configure({ timeout: 60_000 });
    const suffix = javaScriptEnabled ? "Js" : "Html";
    const name = `Weekplan ${suffix}`;
    const slug = `weekplan-${suffix.toLowerCase()}`;

    test("each required field says what is missing; a bad logo is refused; a complete submission is pending", async ({
      page,
      visit,
      checkA11y,
    }) => {
      expect(await visit("/submit-tool")).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Submit a Tool" })).toBeVisible();
      await expect(page.getByText("Square PNG or JPG, max 5MB.")).toBeVisible();

      // Nothing filled in: every required field says so (the browser's own checks are off: the
      // server's messages are the ones that count).
      await page.locator("form[enctype='multipart/form-data']").evaluate((form) => form.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: "Submit Tool" }).click();
      await expect(page.getByText("Name is required.").last()).toBeVisible();
      await expect(page.getByText("Tagline is required.").last()).toBeVisible();
      await expect(page.getByText("Website URL is required.").last()).toBeVisible();
      await expect(page.getByText("Please select at least one category.").last()).toBeVisible();
      await expect(page.getByText("Please upload a logo file.").last()).toBeVisible();
      await expect(page.getByLabel("Name *")).toHaveAttribute("aria-invalid", "true");
      // Every error at once in the summary at the top, which has focus and links to each field
      // (with JavaScript from the browser's own checks, without it from the server's answer).
      const summary = page.locator("[data-error-summary]");
      await expect(summary).toBeFocused();
      await expect(summary).toHaveAttribute("role", "alert");
      await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
      const nameId = await page.getByLabel("Name *").getAttribute("id");
      await expect(summary.getByRole("link", { name: "Name is required." })).toHaveAttribute("href", `#${nameId}`);
      for (const message of [
        "Tagline is required.",
        "Website URL is required.",
        "Please select at least one category.",
        "Please upload a logo file.",
      ]) {
        await expect(summary.getByRole("link", { name: message })).toBeVisible();
      }
      if (javaScriptEnabled) {
        await summary.getByRole("link", { name: "Please select at least one category." }).click();
        await expect(page.getByRole("group", { name: "Categories *" }).getByRole("checkbox").first()).toBeFocused();
      }
      await checkA11y();

      // A name with no letters or digits makes no address (the server's check), said with every other problem.
      await fillForm(page, "!!! ???", `https://${slug}.example.com`);
      await page.getByRole("group", { name: "Categories *" }).getByLabel("Productivity").uncheck();
      await page.getByRole("group", { name: "Categories *" }).getByLabel("AI & Machine Learning").uncheck();
      await page.getByLabel("Tagline *").fill("Plans your week");
      if (javaScriptEnabled) {
        // The browser's checks stop the post while a category is missing.
        await page.getByRole("button", { name: "Submit Tool" }).click();
        await expect(summary.getByRole("link")).toHaveText(["Please select at least one category."]);
        await page.getByRole("group", { name: "Categories *" }).getByLabel("Productivity").check();
        await page.getByRole("button", { name: "Submit Tool" }).click();
        await expect(summary.getByRole("link")).toHaveText(["Tool name cannot be empty."]);
      } else {
        await page.getByRole("button", { name: "Submit Tool" }).click();
        await expect(summary.getByRole("link")).toHaveText([
          "Tool name cannot be empty.",
          "Please select at least one category.",
        ]);
      }
      await expect(summary).toBeFocused();
      await expect(page.getByText("Tool name cannot be empty.").last()).toBeVisible();
      // What was typed is still there.
      await expect(page.getByLabel("Tagline *")).toHaveValue("Plans your week");

      // A GIF is refused by its content, with the message the form shows (docs/design.md#validation).
      await fillForm(page, name, `https://${slug}.example.com`);
      await page.getByLabel("Logo *").setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f00" } })
          .gif()
          .toBuffer(),
      });
      await page.getByRole("button", { name: "Submit Tool" }).click();
      await expect(
        page
          .getByText("Logo upload failed: GIF images are not accepted: use a PNG, JPEG or WebP file. Please try again.")
          .last(),
      ).toBeVisible();
      await expect(page.getByLabel("Website URL *")).toHaveValue(`https://${slug}.example.com`);
      await checkA11y();

      // Now complete, with a PNG logo.
      await fillForm(page, name, `https://${slug}.example.com`);
      await page.getByRole("button", { name: "Submit Tool" }).click();
      await expect(page.getByRole("status")).toHaveText(SUCCESS);
      await expect(page).toHaveURL(/\/submit-tool\/[A-Za-z0-9_-]{43}$/);
      await checkA11y();
      await page.getByRole("link", { name: "See its page" }).click();
      await expect(page.getByText("Pending review.")).toBeVisible();
      await expect(
        page
          .getByRole("img", { name: `${name} logo` })
          .or(page.locator(`img[src*="/uploads/logos/${slug}_"]`))
          .first(),
      ).toBeVisible();
      await checkA11y();

      await expectPendingOnly(page, name, slug);
    });
  });
}

test.describe("a website listed twice", () => {
  // Its own visitor address: the journeys above spend 127.0.0.1's submission budget.
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.12" } });

  test("the same website cannot be listed twice", async ({ page, visit }) => {
    await visit("/submit");
    await fillForm(page, "Dupecheck", "https://dupecheck.example.com");
    await page.getByRole("button", { name: "Submit Tool" }).click();
    await expect(page.getByRole("status")).toHaveText(SUCCESS);

    await visit("/submit");
    await fillForm(page, "Dupecheck Again", "https://www.dupecheck.example.com/?ref=launch");
    await page.getByRole("button", { name: "Submit Tool" }).click();
    await expect(page.getByText("This website is already listed as “Dupecheck”.").last()).toBeVisible();
    await expect(page.getByRole("link", { name: "See the listing of Dupecheck" })).toHaveAttribute(
      "href",
      "/tool/dupecheck",
    );
  });
});

test.describe("a logo checked before it is sent", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.13" } });

  test("a file too large or of another type is refused in the browser; a good one is previewed on its plate", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await visit("/submit-tool");
    const logo = page.getByLabel("Logo *");
    const preview = page.locator("[data-logo-preview]");

    await logo.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    const logoError = page.locator(`[id="${await logo.getAttribute("id")}-error"]`);
    await expect(logoError).toHaveText("Logo upload failed: The file is larger than 5 MB. Please try again.");
    await expect(logo).toHaveAttribute("aria-invalid", "true");
    await expect(preview).toBeHidden();

    await logo.setInputFiles({
      name: "anim.gif",
      mimeType: "image/gif",
      buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f00" } })
        .gif()
        .toBuffer(),
    });
    await expect(logoError).toHaveText(
      "Logo upload failed: Only PNG, JPEG and WebP images are accepted. Please try again.",
    );

    // Sending the form is stopped with the logo's message in the summary: nothing is uploaded.
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await fillForm(page, "Preview Check", "https://preview-check.example.com");
    await logo.setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    await page.getByRole("button", { name: "Submit Tool" }).click();
    await expect(page.locator("[data-error-summary]").getByRole("link")).toHaveText([
      "Logo upload failed: The file is larger than 5 MB. Please try again.",
    ]);
    await expect(page.locator("[data-error-summary]")).toBeFocused();
    expect(posted).toBe(false);

    // A wide logo that passes is shown as it will look, on the square plate.
    const wide = await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await logo.setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: wide });
    await expect(logoError).toHaveText("");
    await expect(logo).not.toHaveAttribute("aria-invalid", "true");
    const image = page.getByRole("img", { name: "Preview of your logo, wide.png" });
    await expect(image).toBeVisible();
    await expect(image).toHaveClass(/tool-logo/);
    const box = await image.boundingBox();
    expect(box?.width).toBe(box?.height);
    await checkA11y();
  });
});

test.describe("an oversized logo without JavaScript", () => {
  test.use({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.14" } });

  test("comes back with the form filled in and the logo's error, not a dead end", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await visit("/submit-tool");
    await fillForm(page, "Bigfile", "https://bigfile.example.com");
    await page
      .getByLabel("Logo *")
      .setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: Buffer.alloc(12 * 1024 * 1024, 1) });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Submit Tool" }).click(),
    ]);
    expect(response.status()).toBe(413);
    const summary = page.locator("[data-error-summary]");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText([
      "Logo upload failed: The file is larger than 5 MB. Please try again.",
    ]);
    await expect(page.getByRole("heading", { level: 1, name: "Submit a Tool" })).toBeVisible();
    await expect(page.getByLabel("Name *")).toHaveValue("Bigfile");
    await expect(page.getByLabel("Tagline *")).toHaveValue("Plans your week from your inbox");
    await expect(page.getByLabel("Your email (optional)")).toHaveValue("maker@weekplan.example.com");
    await expect(page.getByRole("group", { name: "Categories *" }).getByLabel("Productivity")).toBeChecked();
    await checkA11y();
  });
});
