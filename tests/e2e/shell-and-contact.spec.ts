import { expect, test } from "./fixtures.ts";

test.describe("site shell", () => {
  test("home shows the shell and the demo catalogue, and the footer leads to every page", async ({ page, visit, checkA11y }) => {
    expect(await visit("/")).toBe(200);
    const header = page.getByRole("banner");
    for (const name of ["Browse", "Get Featured", "Submit"]) {
      await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const latest = page.getByRole("region", { name: "Latest tools" });
    await expect(latest.getByRole("listitem")).toHaveCount(8);

    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "About Us" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect(page).toHaveTitle("About Us — toolshelf/");
    await checkA11y();

    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await checkA11y();

    await footer.getByRole("link", { name: "Home" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Find the right tool for the job" })).toBeVisible();
  });

  test("an unknown path shows the 404 page with a way home", async ({ page, visit }) => {
    expect(await visit("/this/does/not/exist")).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("keyboard users can skip to the content", async ({ page, visit }) => {
    await visit("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
  });

  test("hydrated and plain pages run under the CSP without a single CSP issue in the browser", async ({ page }) => {
    // What DevTools' Issues panel (and Lighthouse's best-practices audit) lists.
    const cdp = await page.context().newCDPSession(page);
    const issues: string[] = [];
    cdp.on("Audits.issueAdded", ({ issue }) => {
      if (issue.code === "ContentSecurityPolicyIssue") issues.push(`${page.url()}: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
    });
    await cdp.send("Audits.enable");
    for (const path of ["/", "/browse/all", "/search/design", "/submit-tool", "/contact", "/tool/notion", "/admin/login"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      // Typing into a form parses it with the shared schemas (Zod), which once probed for eval.
      const field = page.locator("input[type=text], input[type=search]").first();
      if (await field.count()) await field.fill("x");
    }
    expect(issues).toEqual([]);
  });

  test("pages fit a 360 px wide screen without sideways scrolling", async ({ page, visit }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/", "/about", "/contact", "/privacy-policy", "/missing"]) {
      await visit(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("contact form", () => {
  test("with JavaScript: field messages, then 'Message Sent!'", async ({ page, visit, checkA11y }) => {
    await visit("/contact");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(page.getByText("Message is required.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await checkA11y();

    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Subject").fill("Listing update");
    await page.getByLabel("Message").fill("Please update the pricing of a tool.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Message Sent!" })).toBeVisible();
    await checkA11y();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server's field messages, what was typed kept, then 'Message Sent!'", async ({ page, visit, checkA11y }) => {
      await visit("/contact");
      await page.getByLabel("Name").fill("Alan Turing");
      await page.getByLabel("Email").fill("alan@example");
      await page.getByLabel("Subject").fill("Hello");
      await page.getByLabel("Message").fill("A message typed without scripts.");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
      await expect(page.getByLabel("Message")).toHaveValue("A message typed without scripts.");
      await checkA11y();

      await page.getByLabel("Email").fill("alan@example.com");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Message Sent!" })).toBeVisible();
    });
  });
});
