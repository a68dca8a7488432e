// `node scripts/bench/import.ts [--imports 10]`: how long a Product Hunt import takes, on the
// production server (core 0, SQLite in a temp DATA_DIR, system Chromium) with this process and a
// fake Product Hunt (tests/support/product-hunt-fake.ts: launch pages in Product Hunt's format,
// /r/ redirects, 512×512 PNG logos) plus the launches' website on core 1 (see
// docs/design.md#measuring-speed).
//
// Two figures:
// - one import: the admin's post of a launch URL to /admin/import until its answer — read the
//   launch page, follow the /r/ redirect to the site, fetch and re-encode the logo, save, take the
//   screenshot (Chromium loads the site, 1280×800 WebP). One at a time; the first (Chromium
//   launching) is shown apart.
// - one automatic run: the same number of new launches read from the feed and imported in one
//   run (POST /api/admin/scrape), with PRODUCT_HUNT_REQUEST_SPACING_MS=0 so the figure is our work,
//   not the politeness pause (3 s a launch by default).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { adminCookieName, createAdminSession } from "../../server/admin/session.ts";
import { openDatabase } from "../../server/platform/db/index.ts";
import { startFakeWebsite, startProductHuntFake, type FakeLaunch } from "../../tests/support/product-hunt-fake.ts";
import { fail, HOST, lpad, median, root, run, runPinned, startApp, USER_AGENT } from "./lib.ts";

const { values } = parseArgs({ options: { imports: { type: "string", default: "10" } } });
const count = Number(values.imports);
if (!Number.isInteger(count) || count < 3 || count > 100) fail("--imports must be a whole number from 3 to 100");

const ADMIN = { username: "bench-admin", password: "bench admin password, long enough" };

function launch(i: number, batch: string, website: string): FakeLaunch {
  return {
    id: 2_000_000 + i + (batch === "run" ? 1000 : 0),
    slug: `bench-${batch}-${i}`,
    name: `Bench ${batch} ${i}`,
    tagline: "Does one thing well",
    description: "A launch for the benchmark.\n\nWith two paragraphs.",
    website: `${website}/${batch}-${i}`,
    categories: ["Developer Tools", "Productivity"],
    topics: ["Developer Tools"],
    logo: "image",
    format: "full",
    visitLink: "redirect",
    publishedAt: new Date(Date.now() - i * 60_000).toISOString(),
  };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => lpad(x.toFixed(0), 6);

async function main(tmp: string): Promise<void> {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    await run(process.execPath, ["scripts/build.ts"], process.env);
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"))
    fail("no Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH");
  const site = await startFakeWebsite("Bench site");
  const manual = Array.from({ length: count }, (_, i) => launch(i + 1, "one", site.url));
  // The feed lists only the run's launches while the run goes; the manual ones are added first.
  const productHunt = await startProductHuntFake({ launches: manual });
  const dataDir = path.join(tmp, "data");
  const { port } = await startApp({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    OUTBOUND_ALLOW: `${productHunt.hostPort},${site.hostPort}`,
    PRODUCT_HUNT_BASE_URL: productHunt.baseUrl,
    PRODUCT_HUNT_API_URL: productHunt.apiUrl,
    PRODUCT_HUNT_REQUEST_SPACING_MS: "0",
    PRODUCT_HUNT_IMPORT_LIMIT: String(count),
    PRODUCT_HUNT_AUTO_IMPORT: "false",
    LINK_CHECK_ENABLED: "false",
  });
  const database = openDatabase({ engine: "sqlite", file: path.join(dataDir, "toolshelf.db") });
  const base = `http://${HOST}:${port}`;
  const one: number[] = [];
  let runMs = 0;
  let runSaved = 0;
  try {
    const admin = await database.db
      .selectFrom("admin_users")
      .select("id")
      .where("username", "=", ADMIN.username)
      .executeTakeFirstOrThrow();
    const cookie = `${adminCookieName(false)}=${await createAdminSession(database, admin.id, Date.now())}`;
    const headers = { cookie, Origin: base, "User-Agent": USER_AGENT };

    for (const item of manual) {
      const t0 = performance.now();
      const res = await fetch(`${base}/admin/import`, {
        method: "POST",
        body: new URLSearchParams({ url: productHunt.launchUrl(item.slug) }),
        headers: { ...headers, Accept: "text/html" },
      });
      await res.arrayBuffer();
      one.push(performance.now() - t0);
      const row = await database.db
        .selectFrom("tools")
        .select(["status", "screenshot_url", "logo_url"])
        .where("source_url", "like", `%/products/${item.slug}`)
        .executeTakeFirst();
      if (
        res.status !== 200 ||
        row?.status !== "approved" ||
        !row.screenshot_url ||
        !row.logo_url?.includes("/logos/")
      ) {
        throw new Error(`import of ${item.slug} answered ${res.status}; saved: ${JSON.stringify(row)}`);
      }
    }

    productHunt.launches.splice(
      0,
      productHunt.launches.length,
      ...Array.from({ length: count }, (_, i) => launch(i + 1, "run", site.url)),
    );
    const t0 = performance.now();
    const res = await fetch(`${base}/api/admin/scrape`, {
      method: "POST",
      headers: { ...headers, Accept: "application/json" },
    });
    const body = (await res.json()) as { savedCount?: number };
    runMs = performance.now() - t0;
    if (res.status !== 200 || body.savedCount !== count)
      throw new Error(`the run answered ${res.status}: ${JSON.stringify(body)}`);
    runSaved = body.savedCount;
  } finally {
    await database.close();
    await productHunt.close();
    await site.close();
  }

  const warm = one.slice(1);
  console.log(`\nProduct Hunt import against the local fake, production server on core 0, SQLite, system Chromium`);
  console.log(`${"".padEnd(40)} ${lpad("p50", 6)} ${lpad("p95", 6)} ${lpad("max", 6)}  ms`);
  console.log(
    `${`one import (${warm.length}, one at a time)`.padEnd(40)} ${ms(median(warm))} ${ms(pct(warm, 95))} ${ms(Math.max(...warm))}  (browser running)`,
  );
  console.log(`${"first, launching Chromium".padEnd(40)} ${ms(one[0]!)}`);
  console.log(
    `${`automatic run of ${count} new launches`.padEnd(40)} ${ms(runMs)}  total, ${runSaved} saved, ${(runMs / count).toFixed(0)} ms a launch`,
  );
}

await runPinned({ script: import.meta.url, main });
