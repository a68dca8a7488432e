import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureFreshBuild } from "../../scripts/build-freshness.ts";
import { changeCatalog } from "../../server/catalog/change.ts";
import { insertTools } from "../../server/catalog/write.ts";
import { openDatabase } from "../../server/platform/db/index.ts";
import { newId } from "../../server/platform/db/ids.ts";
import { defaultLaunches, startFakeWebsite, startProductHuntFake } from "../support/product-hunt-fake.ts";
import { startServerProcess } from "../support/server-process.ts";
import { startLocalSmtp } from "../support/smtp.ts";
import { HOSTILE_TOOL } from "./fixture-tools.ts";

/**
 * Starts the production server (as `npm start` does, the build from `npm run build`) on an
 * ephemeral port with a fresh SQLite database and the demo catalogue, and hands its URL to the
 * tests through E2E_BASE_URL (and its data directory through E2E_DATA_DIR). Its mail goes through a
 * local SMTP server, which delivers each message as an `.eml` file to E2E_MAIL_DIR (read with
 * `mailsTo` of ./mail.ts).
 */
export default async function globalSetup() {
  // The journeys run the production build: one missing or older than the code is rebuilt first.
  ensureFreshBuild(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolshelf-e2e-"));
  const admin = { username: "e2e-admin", password: "e2e admin password, long enough" };
  // Product Hunt and the launches' websites, faked on 127.0.0.1 (allow-listed for the server's fetches).
  const website = await startFakeWebsite("Launch site");
  const productHunt = await startProductHuntFake({ launches: defaultLaunches(website.url) });
  // The mail the journeys read has really been sent: over SMTP, to a server of this process that
  // puts each message where the workers can read it (not the server's own outbox, used only
  // without SMTP_URL).
  const mailDir = path.join(dataDir, "received-mail");
  fs.mkdirSync(mailDir);
  const smtp = await startLocalSmtp({ deliverTo: mailDir });
  const { child, port } = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "true",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    // Journeys that post many forms speak from their own (forwarded) address, as separate
    // visitors would, so one journey's posts do not spend another's rate limits.
    TRUST_PROXY: "loopback",
    PRODUCT_HUNT_BASE_URL: productHunt.baseUrl,
    PRODUCT_HUNT_API_URL: productHunt.apiUrl,
    OUTBOUND_ALLOW: `${productHunt.hostPort},${website.hostPort}`,
    PRODUCT_HUNT_REQUEST_SPACING_MS: "0",
    // Nothing scheduled runs while the journeys do (they would change what the pages show).
    PRODUCT_HUNT_AUTO_IMPORT: "false",
    LINK_CHECK_ENABLED: "false",
    DIGEST_ENABLED: "false",
    SMTP_URL: smtp.url,
  });
  process.env.E2E_PRODUCT_HUNT_URL = productHunt.baseUrl;
  // A maker's website for "Fill from website" (any path is a product page with an icon).
  process.env.E2E_WEBSITE_URL = website.url;
  process.env.E2E_ADMIN_USERNAME = admin.username;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  // For journeys that need the server's database to fail for real (the like button's revert).
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = smtp.url;

  // Tools no form can add yet, written as another instance would: the server sees them within
  // its freshness poll.
  const database = openDatabase({ engine: "sqlite", file: path.join(dataDir, "toolshelf.db") });
  try {
    const createdAt = Date.now() - 2 * 365 * 24 * 60 * 60 * 1000;
    await changeCatalog({ database, now: Date.now }, (write) =>
      insertTools(write, [{ ...HOSTILE_TOOL, id: newId(), createdAt, updatedAt: createdAt }]),
    );
  } finally {
    await database.close();
  }
  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await smtp.close();
    await productHunt.close();
    await website.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
