import { defineConfig } from "@playwright/test";
import { CHROMIUM_BASE_ARGS } from "./server/screenshots/chromium.ts";

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Two cores: one for the server, one for the browser.
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    // System Chromium only, with the project's flags: browsers are never downloaded (README, Prerequisites).
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_BASE_ARGS },
    trace: "off",
    screenshot: "off",
  },
});
