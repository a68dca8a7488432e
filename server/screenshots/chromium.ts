/**
 * The flags every Chromium run by this project gets, screenshots and browser tests alike (DESIGN
 * "Stack"): headless, and none of Chromium's own background traffic.
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
