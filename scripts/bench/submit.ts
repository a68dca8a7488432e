// `node scripts/bench/submit.ts [--submissions 30]`: how long a free submission takes, on the
// production server (core 0, SQLite in a temp DATA_DIR, system Chromium) with this process on
// core 1 (see docs/design.md#measuring-speed). Submissions go one at a time, each
// a multipart post of the full form with a 512×512 PNG logo, to a website served here on
// 127.0.0.1 (allow-listed): a small page with a stylesheet and an image.
//
// Two figures per submission:
// - "saved": the post until its 303 — what the submitter waits for (validate, logo check and
//   re-encode, store, one transaction with the screenshot job);
// - "with screenshot": the post until the tool's screenshot is stored (the job runs right after
//   the save: Chromium loads the site, 1280×800 WebP, storage, row update). The next submission
//   starts only then, so the two never overlap. The first screenshot (browser launch) is shown apart.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { openDatabase } from "../../server/platform/db/index.ts";
import { fail, freePort, HOST, lpad, median, root, run, runPinned, sleep, startApp, USER_AGENT } from "./lib.ts";

const { values } = parseArgs({ options: { submissions: { type: "string", default: "30" } } });
const count = Number(values.submissions);
if (!Number.isInteger(count) || count < 3 || count > 250) fail("--submissions must be a whole number from 3 to 250");

/** The tool's website: a page that looks like a landing page, with a stylesheet and an image. */
async function startSite(): Promise<{ port: number; close: () => Promise<void> }> {
  const hero = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#3050c0" } })
    .jpeg()
    .toBuffer();
  const server = http.createServer((req, res) => {
    if (req.url === "/style.css")
      return res
        .writeHead(200, { "content-type": "text/css" })
        .end("body{font:18px sans-serif;margin:0}h1{padding:40px}");
    if (req.url === "/hero.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(hero);
    res.writeHead(200, { "content-type": "text/html" })
      .end(`<!doctype html><html><head><link rel="stylesheet" href="/style.css"><title>Tool</title></head>
        <body><h1>A tool that does things</h1><img src="/hero.jpg" width="800" height="400" alt=""><p>${"Lorem ipsum ".repeat(200)}</p></body></html>`);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, HOST, resolve));
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Posts the whole form as a browser does; resolves with the status and the time to the answer. */
async function postSubmission(
  port: number,
  i: number,
  sitePort: number,
  logo: Buffer,
): Promise<{ status: number; ms: number }> {
  const body = new FormData();
  const fields: Record<string, string | string[]> = {
    name: `Bench Tool ${i}`,
    tagline: "Does one thing well",
    websiteUrl: `http://${HOST}:${sitePort}/tool-${i}`,
    description: "A benchmark submission.\n\nWith two paragraphs.",
    categories: ["productivity", "ai"],
    tags: "bench, speed",
    platforms: ["Web"],
    pricingModel: "Free",
    pricingDetails: "Free",
    features: "One, Two, Three",
    useCases: "Measuring",
    integrations: "None",
    targetAudience: "Engineers",
    submitterEmail: "bench@example.com",
  };
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  body.append("logo", new File([new Uint8Array(logo)], "logo.png", { type: "image/png" }));
  const t0 = performance.now();
  const res = await fetch(`http://${HOST}:${port}/submit-tool`, {
    method: "POST",
    body,
    // Each from its own client (through the trusted proxy), as submissions come: one address may post only 10 an hour.
    headers: {
      Origin: `http://${HOST}:${port}`,
      "User-Agent": USER_AGENT,
      Accept: "text/html",
      "X-Forwarded-For": `198.51.100.${i % 250}`,
    },
    redirect: "manual",
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => lpad(x.toFixed(0), 6);

async function main(tmp: string): Promise<void> {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    await run(process.execPath, ["scripts/build.ts"], process.env);
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"))
    fail("no Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH");
  const site = await startSite();
  const dataDir = path.join(tmp, "data");
  const { port } = await startApp({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    OUTBOUND_ALLOW: `${HOST}:${site.port}`,
    TRUST_PROXY: "loopback",
  });
  const database = openDatabase({ engine: "sqlite", file: path.join(dataDir, "toolshelf.db") });
  const logo = await sharp({ create: { width: 512, height: 512, channels: 4, background: "#e04080" } })
    .png()
    .toBuffer();

  const saved: number[] = [];
  const withShot: number[] = [];
  try {
    for (let i = 1; i <= count; i++) {
      const t0 = performance.now();
      const post = await postSubmission(port, i, site.port, logo);
      if (post.status !== 303) throw new Error(`submission ${i} answered ${post.status}`);
      saved.push(post.ms);
      for (;;) {
        const row = await database.db
          .selectFrom("tools")
          .select("screenshot_url")
          .where("slug", "=", `bench-tool-${i}`)
          .executeTakeFirst();
        if (row?.screenshot_url) break;
        if (performance.now() - t0 > 60_000) throw new Error(`no screenshot for submission ${i} within 60 s`);
        await sleep(10);
      }
      withShot.push(performance.now() - t0);
    }
  } finally {
    await database.close();
    await site.close();
  }

  const warm = withShot.slice(1);
  console.log(
    `\nfree submission, ${count} one at a time (full form, 512×512 PNG logo), production server on core 0, SQLite`,
  );
  console.log(`${"".padEnd(34)} ${lpad("p50", 6)} ${lpad("p95", 6)} ${lpad("max", 6)}  ms`);
  console.log(
    `${"saved (post → 303)".padEnd(34)} ${ms(median(saved))} ${ms(pct(saved, 95))} ${ms(Math.max(...saved))}`,
  );
  console.log(
    `${"with screenshot (post → stored)".padEnd(34)} ${ms(median(warm))} ${ms(pct(warm, 95))} ${ms(Math.max(...warm))}  (browser running)`,
  );
  console.log(`${"first, launching Chromium".padEnd(34)} ${ms(withShot[0]!)}`);
}

await runPinned({ script: import.meta.url, main });
