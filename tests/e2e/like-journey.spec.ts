import { sql } from "kysely";
import type { Locator, Page } from "@playwright/test";
import { LIKE_LOCK_MS } from "../../core/like-button.ts";
import { e2eDatabase } from "./fixture-tools.ts";
import { expect, test } from "./fixtures.ts";

// Liking a tool without an account: on the tool page and on the cards of a list (pages sent without
// React's scripts, the button enhanced by the page's own small script: ADR 005, ADR 024), with the
// server failing, and without JavaScript. Each journey uses its own demo tool, so the counts of one
// do not move another's.

/** The tool page's own like button: the first like form of the page (related tools' come later). */
const likeButton = (page: Page) => page.locator('form[action^="/like/"] button[aria-pressed]').first();

/** The count a like button shows and reads out ("Like, 1,234 likes"). */
async function countOf(button: Locator): Promise<number> {
  const name = ((await button.textContent()) ?? "").trim();
  const match = /^Like, ([\d,]+) likes?$/.exec(name);
  if (!match) throw new Error(`unexpected like button name ${JSON.stringify(name)}`);
  return Number(match[1]!.replace(/,/g, ""));
}

/** Waits for the lock that follows a click (LIKE_LOCK_MS) to end. */
async function expectUnlocked(button: Locator) {
  await expect(button).not.toHaveAttribute("aria-disabled", "true", { timeout: LIKE_LOCK_MS + 5_000 });
}

async function expectButton(button: Locator, liked: boolean, count: number) {
  await expect(button).toHaveAttribute("aria-pressed", String(liked));
  const likes = `${count.toLocaleString("en-US")} ${count === 1 ? "like" : "likes"}`;
  await expect(button).toHaveAccessibleName(`Like, ${likes}`);
}

test.describe("liking a tool", () => {
  test("on the tool page: like, a locked second click, unlike after the lock, and a reload keeps the state", async ({
    page,
    visit,
  }) => {
    expect(await visit("/tool/todoist")).toBe(200);
    // The page ships no JavaScript files: the button is enhanced by the page's own small script.
    expect(await page.locator("script[src]").count()).toBe(0);
    const button = likeButton(page);
    const start = await countOf(button);
    await expectButton(button, false, start);
    const likesSent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/like/")) likesSent.push(request.url());
    });

    await button.click();
    await expectButton(button, true, start + 1);
    // Within the lock a click does nothing. (Playwright would wait for aria-disabled to clear;
    // a person's click is not held back, so it is forced.)
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await button.click({ force: true });
    // Until the lock ends, the forced click sent nothing and changed nothing.
    await expectUnlocked(button);
    expect(likesSent).toHaveLength(1);
    await expectButton(button, true, start + 1);

    await button.click();
    await expectButton(button, false, start);

    await expectUnlocked(button);
    const answer = page.waitForResponse((r) => r.url().includes("/like/"));
    await button.click();
    await expectButton(button, true, start + 1);
    expect((await answer).status()).toBe(200);
    await page.reload();
    await expectButton(likeButton(page), true, start + 1);
  });

  test("with the keyboard, on a card of a list page, and the tool page agrees", async ({ page, visit }) => {
    expect(await visit("/browse/productivity/name")).toBe(200);
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: "Obsidian", exact: true }) });
    const button = card.getByRole("button", { name: /^Like, / });
    const start = await countOf(button);
    await button.focus();
    await expect(button).toBeFocused();
    const answer = page.waitForResponse((r) => r.url().includes("/like/") && r.request().method() === "POST");
    await page.keyboard.press("Space");
    await expectButton(button, true, start + 1);
    expect((await answer).status()).toBe(200);

    await card.getByRole("link", { name: "Obsidian" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Obsidian");
    await expectButton(likeButton(page), true, start + 1);
  });

  test.describe("from a network that has liked the tool too often today", () => {
    const NETWORK = "203.0.113.31";
    test.use({ extraHTTPHeaders: { "X-Forwarded-For": NETWORK } });

    test("the button goes back and a polite message says why", async ({ page, visit, baseURL, checkA11y }) => {
      expect(await visit("/tool/figma")).toBe(200);
      const button = likeButton(page);
      const start = await countOf(button);
      const toolId = decodeURIComponent(
        ((await page.locator('form[action^="/like/"]').first().getAttribute("action")) ?? "").slice("/like/".length),
      );
      // Twenty other people behind the same address like it first: the network's budget for the day.
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`${baseURL}/like/${encodeURIComponent(toolId)}`, {
          method: "POST",
          headers: {
            Accept: "application/json",
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": NETWORK,
          },
          body: "intent=like",
        });
        expect(res.status).toBe(200);
      }
      const answer = page.waitForResponse((r) => r.url().includes("/like/"));
      await button.click();
      expect((await answer).status()).toBe(429);
      await expectButton(button, false, start);
      const status = page.getByRole("status").filter({ hasText: "liked too often" });
      await expect(status).toHaveText(
        "This tool has been liked too often from your network today. Please try again tomorrow.",
      );
      await expect(status).toBeVisible();
      await expect(status).toHaveAttribute("role", "status");
      await checkA11y();
    });
  });

  test("when the server answers 500, the button goes back and a message says the like did not go through", async ({
    page,
    visit,
  }) => {
    const database = e2eDatabase();
    const dialogs: string[] = [];
    const errors: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    try {
      expect(await visit("/tool/grammarly")).toBe(200);
      const button = likeButton(page);
      const start = await countOf(button);
      // A real failure: the server's database refuses new likes.
      await sql`create trigger e2e_likes_fail before insert on likes begin select raise(abort, 'likes are failing'); end`.execute(
        database.db,
      );
      const answer = page.waitForResponse((r) => r.url().includes("/like/"));
      await button.click();
      expect((await answer).status()).toBe(500);
      await expectButton(button, false, start);
      expect(dialogs).toEqual([]);
      await expect(
        page.getByRole("status").filter({ hasText: "Something went wrong on our side. Please try again." }),
      ).toBeVisible();
      await expect.poll(() => errors.some((e) => e.includes("the like did not go through"))).toBe(true);

      // Working again: the next try after the lock goes through.
      await sql`drop trigger e2e_likes_fail`.execute(database.db);
      await expectUnlocked(button);
      await button.click();
      await expectButton(button, true, start + 1);
    } finally {
      await sql`drop trigger if exists e2e_likes_fail`.execute(database.db);
      await database.close();
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the button is a form: it likes, comes back to the page, and unlikes", async ({ page, visit }) => {
      expect(await visit("/tool/canva")).toBe(200);
      const button = () => likeButton(page);
      const start = await countOf(button());
      await button().click();
      await expect(page).toHaveURL(/\/tool\/canva#tool-[\w-]+$/);
      expect(await countOf(button())).toBe(start + 1);
      await button().click();
      await expect(page).toHaveURL(/\/tool\/canva#tool-[\w-]+$/);
      expect(await countOf(button())).toBe(start);
    });

    test("a like on a card of a long list comes back to that card, not to the top", async ({ page, visit }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await visit("/browse/all/name")).toBe(200);
      // The last card of the list, far below the fold on a phone.
      const card = page.locator('section[aria-labelledby="list-title"] article').last();
      const button = card.getByRole("button", { name: /^Like, / });
      const start = await countOf(button);
      await button.click();
      const id = await card.getAttribute("id");
      expect(id).toMatch(/^tool-/);
      await expect(page).toHaveURL(new RegExp(`/browse/all/name#${id}$`));
      expect(await countOf(button)).toBe(start + 1);
      // The card is on screen, not left below the fold.
      await expect(card).toBeInViewport();
      await button.click();
      expect(await countOf(button)).toBe(start);
    });
  });
});
