// `npm run build`: the production bundle (React Router: server build + hashed browser assets).
// With --if-missing (used by `npm start`) it only builds when there is no build yet.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (process.argv.includes("--if-missing") && fs.existsSync(path.join(root, "build/server/index.js"))) {
  process.exit(0);
}
const started = Date.now();
const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
