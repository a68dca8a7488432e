/**
 * The flags every Chromium run by this project gets, screenshots and browser tests alike
 * (docs/design.md#stack): headless, and none of Chromium's own background traffic. Screenshots leave out
 * --no-sandbox: they have the sandbox wherever the machine allows it (docs/decisions/016); the
 * browser tests, which only visit this project's own pages, keep it.
 */
export const CHROMIUM_BASE_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
