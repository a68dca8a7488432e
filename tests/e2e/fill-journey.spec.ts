import { expect, signIn, test } from "./fixtures.ts";

// "Fill from website" on the submit page, with and without JavaScript, against the fake maker
// website the global setup serves (allow-listed for the server's fetches): an address the server
// may not read is refused with a message; a real one fills the empty fields and proposes the
// site's icon as the logo, what was typed stays, and the tool is submitted only when the person
// sends the form.

const FILLED = "Filled in from the website: name, description, logo. Please check them before you submit.";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`filling the submit form from a website ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });
    const path = `fillpad-${javaScriptEnabled ? "js" : "html"}`;
    const name = `fillpad ${javaScriptEnabled ? "js" : "html"}`;

    test("a private address is refused; a maker's site fills the empty fields and its logo is submitted", async ({
      page,
      visit,
      checkA11y,
    }) => {
      const website = `${process.env.E2E_WEBSITE_URL}/${path}`;
      expect(await visit("/submit-tool")).toBe(200);
      // With JavaScript the page is never reloaded: this mark would be lost.
      if (javaScriptEnabled) await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
      const status = page.locator("[data-fill-status]");
      const fillButton = page.getByRole("button", { name: "Fill from website" });

      await page.getByLabel("Website URL *").fill("http://127.0.0.1:9/");
      await fillButton.click();
      await expect(status).toHaveText("That address is not allowed: only public http and https websites can be read.");
      await expect(page.getByLabel("Name *")).toHaveValue("");

      await page.getByLabel("Tagline *").fill("My own tagline");
      await page.getByLabel("Website URL *").fill(website);
      await fillButton.click();
      await expect(status).toHaveText(FILLED);
      await expect(status).toHaveAttribute("role", "status");
      await expect(page.getByLabel("Name *")).toHaveValue(name);
      // What the person typed is kept.
      await expect(page.getByLabel("Tagline *")).toHaveValue("My own tagline");
      await expect(page.getByLabel("Description")).toHaveValue(
        `${name} — Launch site: the fastest way to get things done.`,
      );
      await expect(page.getByRole("img", { name: "Logo found on the website" })).toBeVisible();
      // The file is optional now: the website's logo is used unless one is chosen.
      await expect(page.getByLabel("Logo", { exact: true })).not.toHaveAttribute("required");
      await expect(page.getByText("The logo from the website above is used unless you choose a file.")).toBeVisible();
      if (javaScriptEnabled) expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
      await checkA11y();

      // Enter in a field sends the form, not a fill: here refused for its missing category, the
      // website's logo still proposed (without JavaScript, by the server's answer).
      await page.getByLabel("Name *").press("Enter");
      await expect(page.getByText("Please select at least one category.").last()).toBeVisible();
      await expect(page.getByRole("img", { name: "Logo found on the website" })).toBeVisible();
      await expect(page.getByLabel("Tagline *")).toHaveValue("My own tagline");

      // Nothing was submitted by the fill; the person sends the form.
      await page.getByRole("group", { name: "Categories *" }).getByLabel("Productivity").check();
      await page.getByRole("button", { name: "Submit Tool" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
      await page.getByRole("link", { name: "See its page" }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByText("My own tagline")).toBeVisible();
    });
  });
}

test.describe("filling the admin's add-tool form from a website (the admin area hydrates)", () => {
  test("fills in place, keeps what was typed, and the tool is added with the website's logo", async ({
    page,
    checkA11y,
  }) => {
    test.setTimeout(60_000);
    await page.goto("/admin/add-tool");
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1, name: "Add Tool" })).toBeVisible();
    // Hydrated once the import box's button is disabled while its input is blank.
    await expect(page.getByRole("button", { name: "Import Tool" })).toBeDisabled();
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

    await page.getByLabel("Tagline *").fill("Typed by the admin");
    await page.getByLabel("Website URL *").fill(`${process.env.E2E_WEBSITE_URL}/fillpad-admin`);
    await page.getByRole("button", { name: "Fill from website" }).click();
    await expect(page.locator("[data-fill-status]")).toHaveText(FILLED);
    await expect(page.getByLabel("Name *")).toHaveValue("fillpad admin");
    await expect(page.getByLabel("Tagline *")).toHaveValue("Typed by the admin");
    await expect(page.getByRole("img", { name: "Logo found on the website" })).toBeVisible();
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    await checkA11y();

    await page.getByRole("group", { name: "Categories *" }).getByLabel("Productivity").check();
    await page.getByRole("button", { name: "Add Tool" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tool added" })).toBeVisible({ timeout: 40_000 });
    await page.getByRole("link", { name: "See its page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "fillpad admin" })).toBeVisible();
    await expect(page.getByRole("img", { name: /fillpad admin/i }).first()).toBeVisible();
  });
});
