import fs from "node:fs";
import path from "node:path";

// Integration tests drive the production server build; `npm test` builds it first.
export default function setup() {
  const build = path.resolve("build/server/index.js");
  if (!fs.existsSync(build)) {
    throw new Error("No server build at build/server/index.js: run `npm run build` before the integration tests.");
  }
}
