import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTool } from "../tests/support/catalog.ts";
import { createTestDatabase, databaseUrlOf, type TestDatabase } from "../tests/support/database.ts";
import { BROWSER_UA } from "../tests/support/html.ts";
import { fileOf, testImage } from "../tests/support/images.ts";
import { listenLocal, type LocalServer } from "../tests/support/listen.ts";
import { startServerProcess } from "../tests/support/server-process.ts";
import { changeCatalog } from "./catalog/change.ts";
import { insertTools } from "./catalog/write.ts";

// Two production servers on one PostgreSQL database and one S3 bucket (s3rver), behind one origin:
// a proxy in front of both, as a load balancer would be. A request goes to the instance its
// `x-instance` header names (a or b); the proxy passes the client's X-Forwarded-For along.

const BUCKET = "toolshelf-two";
const ADMIN = { username: "shared-admin", password: "correct horse battery staple" };
type Instance = "a" | "b";

interface Running {
  child: ChildProcess;
  port: number;
  lines: string[];
}

let testDb: TestDatabase;
let s3: S3rver;
let s3Dir: string;
let site: LocalServer;
let proxy: LocalServer;
const instances = new Map<Instance, Running>();
const dataDirs: string[] = [];

/** A request through the shared origin to one instance. */
function send(
  instance: Instance,
  pathname: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${proxy.url}${pathname}`, {
    redirect: "manual",
    ...init,
    headers: { "User-Agent": BROWSER_UA, Origin: proxy.url, "x-instance": instance, ...init.headers },
  });
}

let clients = 0;
/** A new client address: each like comes from another visitor at another address. */
function anotherAddress(): string {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

function like(instance: Instance, toolId: string, intent: "like" | "unlike") {
  return send(instance, `/like/${toolId}`, {
    method: "POST",
    body: new URLSearchParams({ intent }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
      "X-Forwarded-For": anotherAddress(),
    },
  });
}

/** The like count a page shows for a tool (its like button's text). */
function shownCount(html: string, toolId: string): number | null {
  const form = html.indexOf(`action="/like/${toolId}"`);
  if (form === -1) return null;
  const count = /data-like-count="">([\d,]+)</.exec(html.slice(form))?.[1];
  return count === undefined ? null : Number(count.replaceAll(",", ""));
}

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await sleep(50);
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  // The tools' website, visited by the link check.
  site = await listenLocal((_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Up</title>"),
  );
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolshelf-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  const s3Url = `http://127.0.0.1:${s3Port}`;
  proxy = await listenLocal((req, res) => {
    const target = instances.get(req.headers["x-instance"] === "b" ? "b" : "a")!;
    const upstream = http.request(
      { host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.headersSent || res.writeHead(502).end());
    req.pipe(upstream);
  });
  proxy.server.keepAliveTimeout = 60_000;

  await changeCatalog({ database: testDb.database, now: Date.now }, (write) =>
    insertTools(write, [makeTool({ name: "Shared Favourite", websiteUrl: `${site.url}/` })]),
  );
  // Started at the same moment, as an orchestrator does: both create the configured admin.
  const starting = (["a", "b"] as const).map(async (name) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toolshelf-${name}-`));
    dataDirs.push(dataDir);
    const started = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrlOf(testDb.target),
      SITE_URL: proxy.url,
      TRUST_PROXY: "loopback",
      SESSION_SECRET: "one-secret-for-every-instance-0123456789",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Url,
      S3_PUBLIC_URL: `${s3Url}/${BUCKET}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      OUTBOUND_ALLOW: new URL(site.url).host,
      SEED_DEMO: "false",
      PRODUCT_HUNT_AUTO_IMPORT: "false",
      LINK_CHECK_ENABLED: "true",
      // Both instances wake every second; a job still runs once a minute between them.
      LINK_CHECK_SCHEDULE: "* * * * * *",
      LINK_CHECK_SPACING_MS: "0",
    });
    instances.set(name, started);
  });
  await Promise.all(starting);
}, 120_000);

afterAll(async () => {
  for (const { child } of instances.values()) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }
  await proxy?.close();
  await site?.close();
  await s3?.close();
  await testDb?.drop();
  for (const dir of [s3Dir, ...dataDirs]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("two instances on one database and one bucket", () => {
  it("count 1,000 concurrent likes spread over both exactly, on both", async () => {
    const { id } = await testDb.database.db
      .selectFrom("tools")
      .select("id")
      .where("slug", "=", "shared-favourite")
      .executeTakeFirstOrThrow();
    // Both have the tool page stored before the likes.
    for (const instance of ["a", "b"] as const) await (await send(instance, "/tool/shared-favourite")).text();

    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => like(i % 2 === 0 ? "a" : "b", id, "like")),
    );
    expect(answers.map((r) => r.status).filter((status) => status !== 200)).toEqual([]);
    const counts = ((await Promise.all(answers.map((r) => r.json()))) as { count: number }[]).map((b) => b.count);
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));

    // Each instance tells a new visitor the exact count, and its page shows it within the lag allowed.
    for (const instance of ["a", "b"] as const) {
      expect(((await (await like(instance, id, "unlike")).json()) as { count: number }).count).toBe(1000);
      const shown = await until(
        `the count on ${instance}'s tool page`,
        async () => shownCount(await (await send(instance, "/tool/shared-favourite")).text(), id),
        (count) => count === 1000,
        5000,
      );
      expect(shown).toBe(1000);
    }
  });

  it("take an admin session made on one as valid on the other", async () => {
    const login = await send("a", "/admin/login", {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.7" },
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("ts_admin="))!
      .split(";")[0]!;
    const onB = await send("b", "/admin/dashboard", { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Dashboard");
    expect((await send("b", "/admin/dashboard")).status).toBe(401);
  });

  it("show a tool added on one on the other's stored pages within a second, with its logo from the bucket", async () => {
    const login = await send("a", "/admin/login", {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.8" },
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("ts_admin="))!
      .split(";")[0]!;
    // b has /browse/all stored.
    await (await send("b", "/browse/all")).text();
    expect((await send("b", "/browse/all")).headers.get("x-cache")).toBe("HIT");

    const logo = await testImage("png", 120, 120);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Second Instance Pick",
      tagline: "Added on a",
      websiteUrl: "http://10.0.0.1/",
      categories: "design",
    })) {
      form.append(name, value);
    }
    form.append("logo", fileOf(logo, "logo.png"));
    const added = await send("a", "/admin/add-tool", { method: "POST", body: form, headers: { cookie } });
    expect(added.status).toBe(303);
    const addedAt = Date.now();
    await until(
      "the new tool on b's /browse/all",
      async () => (await (await send("b", "/browse/all")).text()).includes("Second Instance Pick"),
      Boolean,
      1000,
    );
    expect(Date.now() - addedAt).toBeLessThanOrEqual(1000);

    const { logo_url: logoUrl } = await testDb.database.db
      .selectFrom("tools")
      .select("logo_url")
      .where("slug", "=", "second-instance-pick")
      .executeTakeFirstOrThrow();
    expect(logoUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${BUCKET}/logos/second-instance-pick_`));
    for (const instance of ["a", "b"] as const) {
      expect(await (await send(instance, "/tool/second-instance-pick")).text()).toContain(`src="${logoUrl}"`);
    }
    const image = await fetch(logoUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);
  });

  it("share rate limits: failed logins from one address count on both", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await send(i % 2 === 0 ? "a" : "b", "/admin/login", {
        method: "POST",
        body: new URLSearchParams({ username: ADMIN.username, password: `wrong guess ${i}` }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.99" },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it("run a scheduled job once per tick between them, though both wake for it", async () => {
    const { db } = testDb.database;
    const runs = () =>
      db.selectFrom("scheduled_runs").select(["slot", "status", "summary"]).where("job", "=", "link-health").execute();
    await until("a finished link check", runs, (rows) => rows.some((row) => row.status === "succeeded"), 70_000);
    // Both woke every second meanwhile: one run per scheduled minute, one visit of the site per run.
    await sleep(2000);
    const rows = await runs();
    expect(new Set(rows.map((row) => row.slot)).size).toBe(rows.length);
    expect(site.hits).toBe(rows.filter((row) => row.status === "succeeded").length);
  });
});
