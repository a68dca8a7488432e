import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures.ts";

// An owner puts the tool's badge on their own site (docs/decisions/032): the tool page offers the
// snippets, the snippet works on another site's page, and the badge leads back to the listing.

test("a tool's owner copies the badge snippet, and it shows and links back from their own page", async ({
  page,
  visit,
  checkA11y,
  baseURL,
}) => {
  expect(await visit("/tool/todoist")).toBe(200);
  const owner = page.locator("section", { has: page.getByRole("heading", { name: "For the owner" }) });
  await expect(owner.getByRole("link", { name: /Claim it/ })).toHaveAttribute("href", "/claim/todoist");

  // By keyboard: the badge's snippets are behind a disclosure.
  const summary = owner.getByText("Add a badge to your site");
  await summary.focus();
  await page.keyboard.press("Enter");
  const html = owner.getByLabel("HTML");
  const markdown = owner.getByLabel("Markdown");
  await expect(html).toBeVisible();
  await checkA11y();
  const snippet = await html.inputValue();
  expect(snippet).toMatch(
    /^<a href="http:\/\/[^"]+\/tool\/todoist"><img src="http:\/\/[^"]+\/badge\/todoist\.svg" alt="Listed on [^"]+" height="28"><\/a>$/,
  );
  expect(await markdown.inputValue()).toMatch(
    /^\[!\[Listed on .+\]\(http:\/\/\S+\/badge\/todoist\.svg\)\]\(http:\/\/\S+\/tool\/todoist\)$/,
  );
  // The preview above the snippets has loaded.
  await expect
    .poll(() => owner.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(100);

  // On the owner's own page (another origin): the badge loads, says what it is, and links back.
  // The journeys' server runs without SITE_URL, so its snippets name http://localhost:<port>, which
  // this machine resolves to ::1 while the server listens on 127.0.0.1: the snippet is pointed at
  // the address it listens on, as SITE_URL would in production.
  const siteOrigin = new URL(/src="([^"]+)"/.exec(snippet)![1]!).origin;
  const ownerPage = `<!doctype html><html lang="en"><title>Todoist</title><body><main>${snippet.replaceAll(siteOrigin, baseURL!)}</main></body></html>`;
  // Another site on this machine (a page on the public internet may not load from loopback).
  const ownerSite = http.createServer((_req, res) =>
    res.writeHead(200, { "Content-Type": "text/html" }).end(ownerPage),
  );
  await new Promise<void>((resolve) => ownerSite.listen(0, "127.0.0.2", resolve));
  try {
    await page.goto(`http://127.0.0.2:${(ownerSite.address() as AddressInfo).port}/`);
    const badge = page.getByRole("img", { name: /^Listed on / });
    await expect(badge).toBeVisible();
    await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    await badge.click();
    await expect(page).toHaveURL(/\/tool\/todoist$/);
  } finally {
    ownerSite.close();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Todoist" })).toBeVisible();

  // The dark variant, and a badge for a tool that is not listed.
  const dark = await page.goto("/badge/todoist.svg?theme=dark");
  expect(dark?.status()).toBe(200);
  expect(await dark?.text()).toContain('fill="#0f172a"');
  const missing = await page.goto("/badge/no-such-tool.svg");
  expect(missing?.status()).toBe(404);
  expect(await missing?.text()).toContain("has this badge.");
});
