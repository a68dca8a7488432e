import { gzipSync } from "node:zlib";
import type { Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

test.describe("site shell", () => {
  test("home shows the shell and the demo catalogue, and the footer leads to every page", async ({
    page,
    visit,
    checkA11y,
  }) => {
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

  test("the API reference lists the endpoints and links to the description", async ({ page, visit }) => {
    expect(await visit("/developers/api")).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "JSON API reference" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "GET /api/v1/tools", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "/api/v1/openapi.json", exact: true })).toHaveAttribute(
      "href",
      "/api/v1/openapi.json",
    );
  });

  test("the footer leads to how ranking works: search points, sorts, paid placement, likes", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await visit("/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "How ranking works" }).click();
    await expect(page).toHaveURL(/\/ranking$/);
    await expect(page.getByRole("heading", { level: 1, name: "How ranking works" })).toBeVisible();
    for (const name of [
      "How search scores a tool",
      "How lists are sorted",
      "Featured placement is paid",
      "Likes cannot be bought",
    ])
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(page.getByRole("table", { name: /^Points for/ }).getByText("Featured · sponsored")).toBeVisible();
    await checkA11y();
    // Its tables scroll inside their own box on a narrow phone; the page does not.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test("keyboard users can skip to the content", async ({ page, visit }) => {
    await visit("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
  });

  test("public and admin pages run under the CSP without a single CSP issue in the browser", async ({ page }) => {
    // What DevTools' Issues panel (and Lighthouse's best-practices audit) lists.
    const cdp = await page.context().newCDPSession(page);
    const issues: string[] = [];
    cdp.on("Audits.issueAdded", ({ issue }) => {
      if (issue.code === "ContentSecurityPolicyIssue")
        issues.push(`${page.url()}: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
    });
    await cdp.send("Audits.enable");
    for (const path of [
      "/",
      "/browse/all",
      "/search/design",
      "/submit-tool",
      "/contact",
      "/tool/notion",
      "/admin/login",
    ]) {
      await page.goto(path, { waitUntil: "networkidle" });
      // Typing into a form parses it with the shared schemas (Zod), which once probed for eval.
      const field = page.locator("input[type=text], input[type=search]").first();
      if (await field.count()) await field.fill("x");
    }
    expect(issues).toEqual([]);
  });

  test("every public page runs at most 30 KB of JavaScript (gzip) before the first interaction", async ({
    page,
    request,
  }) => {
    // docs/decisions/024: public pages do not hydrate; their scripts are small and inline, and the
    // feature dialog is loaded only when opened. Script files and inline scripts count, each gzipped
    // here (whatever the server's encoding), as loaded by the time the network is quiet.
    const tools = (await (await request.get("/api/v1/tools?pageSize=50")).json()) as {
      data: { id: string; slug: string; isFeatured: boolean }[];
    };
    const tool = tools.data.find((t) => !t.isFeatured)!;
    const checkout = await request.post("/api/checkout-session", {
      data: { toolId: tool.id, amount: 19 },
      // The checkouts of this test's own address (the limits count per address).
      headers: { Accept: "application/json", "X-Forwarded-For": "203.0.113.15" },
    });
    expect(checkout.status()).toBe(200);
    const { url: testCheckout } = (await checkout.json()) as { url: string };
    const pages = [
      "/",
      "/browse/all",
      "/browse/design/name?page=1",
      "/search/design",
      `/tool/${tool.slug}`,
      "/about",
      "/developers/api",
      "/ranking",
      "/privacy-policy",
      "/contact",
      "/submit-tool",
      "/no-such-page",
      "/payment-success?session_id=cs_test_budget12345678",
      "/payment-cancel",
      "/submission/no-such-token",
      // The checkout's address, relative to this site for the test checkout.
      new URL(testCheckout, "http://localhost").pathname,
    ];
    const budget = 30 * 1024;
    const measured: Record<string, number> = {};
    const files: string[] = [];
    for (const path of pages) {
      const loaded: Promise<Buffer>[] = [];
      const onResponse = (response: Response) => {
        if (response.request().resourceType() !== "script") return;
        files.push(`${path}: ${response.url()}`);
        loaded.push(response.body());
      };
      page.on("response", onResponse);
      await page.goto(path, { waitUntil: "networkidle" });
      page.off("response", onResponse);
      const inline = await page
        .locator('script:not([src]):not([type="application/ld+json"])')
        .evaluateAll((scripts) => scripts.map((s) => s.textContent ?? ""));
      const bodies = [...(await Promise.all(loaded)), ...inline.map((text) => Buffer.from(text))];
      measured[path] = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
    }
    expect(
      Object.entries(measured).filter(([, bytes]) => bytes > budget),
      JSON.stringify(measured),
    ).toEqual([]);
    // Only the pages' own inline scripts so far: no script file is loaded before an interaction.
    expect(files).toEqual([]);
  });

  test("the privacy policy says what is kept of digest readers' and claimants' addresses, why and how long", async ({
    page,
    visit,
  }) => {
    await visit("/privacy-policy");
    const digest = page
      .getByRole("heading", { level: 2, name: "Weekly digest readers" })
      .locator("xpath=following-sibling::p[1]");
    await expect(digest).toContainText("48 hours");
    await expect(digest).toContainText("unsubscribing erases your address");
    const owners = page
      .getByRole("heading", { level: 2, name: "Owners who claim a listing" })
      .locator("xpath=following-sibling::p[1]");
    await expect(owners).toContainText("one hour");
    await expect(owners).toContainText("kept while the claim exists");
  });

  test("pages fit a 360 px wide screen without sideways scrolling", async ({ page, visit }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      "/",
      "/browse/all",
      "/search/design",
      "/tool/notion",
      "/submit",
      "/about",
      "/contact",
      "/privacy-policy",
      "/missing",
    ]) {
      await visit(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("on a phone (390 × 844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header folds its links into a Menu, which opens and leads on", async ({ page, visit, checkA11y }) => {
    await visit("/");
    const header = page.getByRole("banner");
    const browse = header.getByRole("link", { name: "Browse", exact: true });
    await expect(browse).toBeHidden();
    const box = await header.boundingBox();
    // The wordmark and the Menu in one row, the search box in a row of its own under them.
    expect(box!.height, "two compact rows").toBeLessThan(120);
    await expect(header.getByRole("search", { name: "Site" }).getByLabel("Search tools")).toBeVisible();
    await header.getByText("Menu").click();
    for (const name of ["Browse", "Get Featured", "Submit"])
      await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
    await checkA11y();
    await browse.click();
    await expect(page).toHaveURL(/\/browse$/);
    // The next page starts with the menu closed.
    await expect(page.getByRole("banner").getByRole("link", { name: "Browse", exact: true })).toBeHidden();
  });

  // Search is the exception: a person came for the matches, so they come first there (the search journey checks it).
  test("paid placement shows near the top: the first featured tool above the fold, before the list", async ({
    page,
    visit,
  }) => {
    for (const [path, list] of [
      ["/", "Latest tools"],
      ["/browse/all", "All tools, Latest"],
    ] as const) {
      await visit(path);
      const featured = page.getByRole("region", { name: /^Featured/ });
      const first = featured.getByRole("listitem").first();
      await expect(first, path).toBeVisible();
      const top = (await first.boundingBox())!.y;
      expect(top, `${path}: first featured tool at ${top} px`).toBeLessThan(844 - 100);
      const listTop = (await page.getByRole("region", { name: list }).boundingBox())!.y;
      expect(top, path).toBeLessThan(listTop);
    }
  });

  test("browse shows its tools first, the categories folded into one line", async ({ page, visit, checkA11y }) => {
    await visit("/browse/all");
    const categories = page.getByRole("navigation", { name: "Categories" });
    await expect(categories.getByRole("link", { name: /^Design\b/ })).toBeHidden();
    const firstTool = page.getByRole("region", { name: "All tools, Latest" }).getByRole("listitem").first();
    expect((await firstTool.boundingBox())!.y).toBeLessThan(844 * 1.5);
    await page.getByText("Categories", { exact: true }).first().click();
    await categories.getByRole("link", { name: /^Design\b/ }).click();
    await expect(page).toHaveURL(/\/browse\/design$/);
    await checkA11y();
  });

  test("the test-mode banner is one line, whose link leads to what test mode means", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await visit("/");
    const banner = page.getByRole("complementary", { name: "Payments" });
    await expect(banner).toContainText("Test mode: no real payments.");
    const line = banner.getByRole("paragraph");
    const lineHeight = await line.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await line.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
    // The whole line shows, its link too.
    const link = banner.getByRole("link", { name: "More about test mode" });
    const [lineBox, linkBox] = [(await line.boundingBox())!, (await link.boundingBox())!];
    expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(lineBox.x + lineBox.width);
    expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await link.click();
    await expect(page).toHaveURL(/\/about#test-mode$/);
    await expect(page.getByRole("heading", { level: 2, name: "Test mode" })).toBeVisible();
    await checkA11y();
  });

  test("search boxes show their whole placeholder, down to 360 px", async ({ page, visit }) => {
    for (const [path, width] of [
      ["/", 390],
      ["/search", 390],
      ["/", 360],
      ["/search", 360],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      await visit(path);
      const input = page.getByRole("main").getByRole("searchbox");
      const room = await input.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const content = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return content - context.measureText(el.placeholder).width;
      });
      expect(room, `${path} at ${width} px`).toBeGreaterThan(0);
    }
  });
});

test.describe("on a wide screen (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the header shows its three links in a row, with no Menu", async ({ page, visit }) => {
    await visit("/");
    const header = page.getByRole("banner");
    await expect(header.getByText("Menu")).toBeHidden();
    const tops = [];
    for (const name of ["Browse", "Get Featured", "Submit"]) {
      const link = header.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      tops.push(Math.round((await link.boundingBox())!.y));
    }
    expect(new Set(tops).size).toBe(1);
  });

  test("home: Get Featured is no current page, Tab reaches Latest before Featured, one digest form", async ({
    page,
    visit,
  }) => {
    await visit("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Featured" })).not.toHaveAttribute(
      "aria-current",
      /.*/,
    );
    // Featured stands to the right, but the keyboard (the document's order) meets the latest tools first.
    const latest = page.getByRole("region", { name: "Latest tools" });
    const featured = page.getByRole("region", { name: /^Featured/ });
    expect((await featured.boundingBox())!.x).toBeGreaterThan((await latest.boundingBox())!.x);
    const seen: string[] = [];
    await page.getByRole("searchbox").first().focus();
    for (let i = 0; i < 60 && seen.length < 2; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(
        () => document.activeElement?.closest("section[aria-labelledby]")?.getAttribute("aria-labelledby") ?? "",
      );
      if ((where === "latest-title" || where === "featured-title") && !seen.includes(where)) seen.push(where);
    }
    expect(seen).toEqual(["latest-title", "featured-title"]);
    await expect(page.getByRole("textbox", { name: "E-mail address" })).toHaveCount(1);
    // Elsewhere the footer has it.
    await visit("/about");
    await expect(page.getByRole("contentinfo").getByRole("textbox", { name: "E-mail address" })).toHaveCount(1);
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

    test("the server's field messages, what was typed kept, then 'Message Sent!'", async ({
      page,
      visit,
      checkA11y,
    }) => {
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

// The dark theme follows the system setting (docs/decisions/025-dark-theme.md). The journeys check
// every page in the light theme; this is the one extra pass over the pages in the dark one, axe's
// colour contrast included.
test.describe("dark theme", () => {
  test.use({ colorScheme: "dark", extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.14" } });

  /** Relative luminance (0 black – 1 white) of an element's computed colour, however the CSS wrote it. */
  const luminance = (page: Page, selector: string, property: "color" | "background-color") =>
    page
      .locator(selector)
      .first()
      .evaluate((element, name) => {
        const context = document.createElement("canvas").getContext("2d")!;
        context.fillStyle = getComputedStyle(element).getPropertyValue(name);
        context.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0] = [...context.getImageData(0, 0, 1, 1).data].map((c) => {
          const s = c / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      }, property);

  test("follows the system setting: a dark page with light text, solid buttons still white on blue", async ({
    page,
  }) => {
    await page.goto("/");
    const search = 'main button[type="submit"]';
    expect(await luminance(page, "body", "background-color")).toBeLessThan(0.02);
    expect(await luminance(page, "body", "color")).toBeGreaterThan(0.8);
    expect(await luminance(page, search, "color")).toBeGreaterThan(0.95);
    expect(await luminance(page, search, "background-color")).toBeLessThan(0.1);

    await page.emulateMedia({ colorScheme: "light" });
    expect(await luminance(page, "body", "background-color")).toBeGreaterThan(0.95);
    expect(await luminance(page, "body", "color")).toBeLessThan(0.02);
    expect(await luminance(page, search, "color")).toBeGreaterThan(0.95);
  });

  // One test a page, so each has its own time and a failure names its page.
  for (const [path, status] of [
    ["/", 200],
    ["/browse/all", 200],
    ["/search/design", 200],
    ["/search/zzzqqq", 200],
    ["/tool/notion", 200],
    ["/submit-tool", 200],
    ["/about", 200],
    ["/ranking", 200],
    ["/collections", 200],
    ["/payment-cancel", 200],
    ["/no/such/page", 404],
  ] as const) {
    test(`${path} passes axe in the dark theme`, async ({ visit }) => {
      expect(await visit(path)).toBe(status);
    });
  }

  test("the contact form's messages and the feature dialog pass axe in the dark theme", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await visit("/contact");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await checkA11y();
    await page.goto("/?featured=true");
    await expect(page.getByRole("dialog", { name: "Get Featured" })).toBeVisible();
    await checkA11y();
  });

  test("the admin pages pass axe in the dark theme", async ({ page, visit }) => {
    // One sign-in for eleven pages, each checked by axe.
    test.slow();
    expect(await visit("/admin/login")).toBe(200);
    await page.getByLabel("Username").fill(process.env.E2E_ADMIN_USERNAME!);
    await page.getByLabel("Password").fill(process.env.E2E_ADMIN_PASSWORD!);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    for (const path of [
      "/admin/dashboard",
      "/admin/moderation",
      "/admin/add-tool",
      "/admin",
      "/admin/messages",
      "/admin/orders",
      "/admin/audit",
      "/admin/jobs",
      "/admin/collections",
      "/admin/tools",
    ]) {
      expect(await visit(path), path).toBe(200);
    }
    const edit = await page.locator('main a[href^="/admin/tools/"]').first().getAttribute("href");
    expect(await visit(edit!)).toBe(200);
  });
});
