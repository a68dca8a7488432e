import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEFERRED = [
  "sharp",
  "stripe",
  "@aws-sdk/client-s3",
  "nodemailer",
  "satori",
  "@resvg/resvg-js",
  "@observablehq/plot",
  "linkedom",
];
/** Only the screenshot worker, a child process of its own, loads Playwright (server/screenshots/worker.ts). */
const NEVER_AT_START = [...DEFERRED, "playwright-core"];

// A fresh Node process (Vitest's own has loaded who knows what) records every module it resolves,
// imports what server/main.ts imports, makes the Stripe and S3 adapters as createServices does in
// those modes, then loads the deferred modules: the last step shows the recording sees them.
const CHILD = `
import { registerHooks } from "node:module";
const urls = [];
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    urls.push(result.url);
    return result;
  },
});
const loaded = (names) => names.filter((name) => urls.some((url) => url.includes("/node_modules/" + name + "/")));
for (const file of ["services.ts", "app.ts", "admin/accounts.ts", "platform/db/migrate.ts", "payments/mode.ts", "seed/demo.ts"]) {
  await import("../server/" + file);
}
const { stripeProvider } = await import("../server/payments/providers.ts");
const { s3Storage } = await import("../server/platform/storage/s3.ts");
stripeProvider({ mode: "stripe", secretKey: "sk_test_unused", webhookSecret: "whsec_unused" });
s3Storage({ kind: "s3", bucket: "unused", region: "us-east-1", publicUrl: "https://files.example", forcePathStyle: false });
const atStart = loaded(${JSON.stringify(NEVER_AT_START)});
const lazy = await import("../server/platform/lazy-imports.ts");
await Promise.all([lazy.loadSharp(), lazy.loadStripe(), lazy.loadS3(), lazy.loadNodemailer(), lazy.loadSatori(), lazy.loadResvg(), lazy.loadPlot()]);
console.log(JSON.stringify({ atStart, afterLoading: loaded(${JSON.stringify(DEFERRED)}) }));
`;

// sharp that cannot be found: the logo pipeline fails with the import's own error (as the server
// failed to start with it before sharp was deferred), not as a logo it could not read.
const MISSING_SHARP = `
import { registerHooks } from "node:module";
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === "sharp") throw Object.assign(new Error("Cannot find package 'sharp'"), { code: "ERR_MODULE_NOT_FOUND" });
    return next(specifier, context);
  },
});
const { readLogo } = await import("../server/submissions/logo.ts");
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const outcome = await readLogo(png).then((value) => ({ value }), (error) => ({ error: error.message, code: error.code }));
console.log(JSON.stringify(outcome));
`;

/** The last line a fresh Node process running `script` in the repository prints, as JSON. */
async function runNode(script: string): Promise<unknown> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--no-warnings", "--input-type=module", "-e", script],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
}

describe("modules loaded on first use (server/platform/lazy-imports.ts)", () => {
  it("are not loaded by what the server imports at start, and are by their loaders", { timeout: 60_000 }, async () => {
    expect(await runNode(CHILD)).toEqual({ atStart: [], afterLoading: DEFERRED });
  });

  it(
    "fail the operation that needs them with the import's error when they cannot load",
    { timeout: 60_000 },
    async () => {
      expect(await runNode(MISSING_SHARP)).toEqual({
        error: "Cannot find package 'sharp'",
        code: "ERR_MODULE_NOT_FOUND",
      });
    },
  );
});
