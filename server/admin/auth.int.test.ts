import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeEntities } from "../../tests/support/html.ts";
import { startTestServer, useTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin, ensureAdmin, listAdmins, verifyLogin } from "./accounts.ts";
import { adminCookieName, ADMIN_SESSION_IDLE_MS, ADMIN_SESSION_MAX_MS, createAdminSession } from "./session.ts";

const USERNAME = "chief-editor";
const PASSWORD = "correct horse battery staple";

/** Every admin page (GET) and the JSON admin API. */
const PAGES = [
  "/admin",
  "/admin/dashboard",
  "/admin/moderation",
  "/admin/tools",
  "/admin/add-tool",
  "/admin/import",
  "/admin/messages",
  "/admin/orders",
  "/admin/audit",
  "/admin/dashboard.data",
];
const API = ["/api/admin/stats"];

function login(server: TestServer, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...headers },
    redirect: "manual",
  });
}

const tokenOf = (res: Response) =>
  /^(?:__Host-)?ts_admin=([^;]*)/.exec(res.headers.getSetCookie()[0] ?? "")?.[1] ?? null;

async function expectSignedOut(server: TestServer, cookie: string | null) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  for (const page of PAGES) {
    const res = await fetch(`${server.url}${page}`, { headers, redirect: "manual" });
    expect(res.status, page).toBe(401);
    if (!page.endsWith(".data")) expect(decodeEntities(await res.text()), page).toContain("Admin Login");
    else await res.arrayBuffer();
  }
  for (const endpoint of API) {
    const res = await fetch(`${server.url}${endpoint}`, { headers });
    expect(res.status, endpoint).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "unauthenticated", message: "Sign in as an admin to do this." },
    });
  }
}

describe("admin authentication", () => {
  let clock = Date.now();
  const getServer = useTestServer({
    now: () => clock,
    configure: (config) => {
      config.rateLimits.loginIp = { points: 10, durationSec: 5 };
      config.rateLimits.loginUser = { points: 1000, durationSec: 5 };
      // Each test speaks from its own address (X-Forwarded-For), so their failures do not add up.
      config.trustProxy = "loopback";
    },
  });
  let server: TestServer;
  beforeAll(async () => {
    server = getServer();
    await createAdmin(server.services.database, USERNAME, PASSWORD, clock);
  });

  it("shows the login, with status 401, on every admin page and answers 401 on the admin API without a session", async () => {
    await expectSignedOut(server, null);
  });

  it("signs in with the right password: a new HttpOnly, SameSite=Lax session cookie each time, then the dashboard", async () => {
    const first = await login(server, { username: ` ${USERNAME} `, password: PASSWORD, redirectTo: "/admin/orders" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/admin/orders");
    const [cookie, device] = first.headers.getSetCookie();
    expect(cookie).toMatch(/^ts_admin=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);
    // And the browser is remembered as one this admin signed in with (docs/decisions/018).
    expect(device).toMatch(
      /^ts_admin_device=d_[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    const second = await login(server, { username: USERNAME, password: PASSWORD });
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    expect(second.headers.get("location")).toBe("/admin/dashboard");

    const page = await fetch(`${server.url}/admin/dashboard`, { headers: { cookie: `ts_admin=${tokenOf(first)}` } });
    expect(page.status).toBe(200);
    const html = decodeEntities(await page.text());
    expect(html).toContain("Dashboard");
    expect(html).toContain(`Signed in as ${USERNAME}`);
    expect(html).not.toContain("Admin Login");
  });

  it("never sends a signed-in admin elsewhere than an admin page of this site", async () => {
    for (const redirectTo of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/browse/all",
      "/admin/logout",
    ]) {
      const res = await login(server, { username: USERNAME, password: PASSWORD, redirectTo });
      expect(res.headers.get("location"), redirectTo).toBe("/admin/dashboard");
    }
  });

  it("answers an unknown user and a wrong password alike: 'Invalid username or password!'", async () => {
    for (const fields of [
      { username: "nobody", password: PASSWORD },
      { username: USERNAME, password: "wrong password" },
    ]) {
      const res = await login(server, fields);
      expect(res.status).toBe(401);
      expect(res.headers.get("set-cookie")).toBeNull();
      const html = decodeEntities(await res.text());
      expect(html).toContain("Invalid username or password!");
      expect(html).not.toContain(fields.password);
    }
  });

  it("requires both fields", async () => {
    const res = await login(server, { username: "", password: "" });
    expect(res.status).toBe(400);
    const html = decodeEntities(await res.text());
    expect(html).toContain("Username is required.");
    expect(html).toContain("Password is required.");
  });

  it("ends sessions: logout, idle for 2 hours, older than 24 hours, a tampered or made-up cookie", async () => {
    const { database } = server.services;
    const admin = (await listAdmins(database)).find((a) => a.username === USERNAME)!;

    // Logged out: the token no longer opens anything.
    const token = await createAdminSession(database, admin.id, clock);
    const cookie = `ts_admin=${token}`;
    expect((await fetch(`${server.url}/admin/dashboard`, { headers: { cookie } })).status).toBe(200);
    const crossSiteLogout = await fetch(`${server.url}/admin/logout`, {
      method: "POST",
      headers: { cookie, Origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(crossSiteLogout.status).toBe(403);
    const logout = await fetch(`${server.url}/admin/logout`, {
      method: "POST",
      headers: { cookie, Origin: server.url },
      redirect: "manual",
    });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("set-cookie")).toMatch(/^ts_admin=; Max-Age=0;/);
    await expectSignedOut(server, cookie);

    // Idle: used within 2 hours it lives on; 2 hours without use ends it.
    const idle = `ts_admin=${await createAdminSession(database, admin.id, clock)}`;
    clock += ADMIN_SESSION_IDLE_MS - 60_000;
    expect((await fetch(`${server.url}/admin/dashboard`, { headers: { cookie: idle } })).status).toBe(200);
    clock += ADMIN_SESSION_IDLE_MS - 60_000;
    expect((await fetch(`${server.url}/admin/dashboard`, { headers: { cookie: idle } })).status).toBe(200);
    clock += ADMIN_SESSION_IDLE_MS;
    await expectSignedOut(server, idle);

    // Absolute: however busy, 24 hours after login it ends.
    const busy = `ts_admin=${await createAdminSession(database, admin.id, clock)}`;
    const loginAt = clock;
    while (clock + 90 * 60_000 < loginAt + ADMIN_SESSION_MAX_MS) {
      clock += 90 * 60_000;
      expect((await fetch(`${server.url}/admin/dashboard`, { headers: { cookie: busy } })).status).toBe(200);
    }
    clock = loginAt + ADMIN_SESSION_MAX_MS;
    await expectSignedOut(server, busy);

    // Tampered and made up.
    const live = await createAdminSession(database, admin.id, clock);
    const flipped = `${live.slice(0, -1)}${live.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      `ts_admin=${flipped}`,
      `ts_admin=${live}x`,
      "ts_admin=",
      `ts_admin=${"A".repeat(43)}`,
      `__Host-ts_admin=${live}`,
    ]) {
      await expectSignedOut(server, bad);
    }
  });

  it("refuses an admin change from another site even with a valid session (403), and one with no origin at all", async () => {
    const { database } = server.services;
    const admin = (await listAdmins(database)).find((a) => a.username === USERNAME)!;
    const cookie = `ts_admin=${await createAdminSession(database, admin.id, clock)}`;
    for (const origin of ["https://evil.example", null]) {
      const headers: Record<string, string> = { cookie, "Content-Type": "application/x-www-form-urlencoded" };
      if (origin) headers.Origin = origin;
      const page = await fetch(`${server.url}/admin/dashboard`, {
        method: "POST",
        body: "intent=anything",
        headers,
        redirect: "manual",
      });
      // A foreign Origin is refused before any route (server/platform/http/guards.ts), with a page saying why;
      // a post with no Origin and no Referer gets past it and is refused by the admin middleware.
      expect(page.status, `page from ${origin}`).toBe(403);
      if (origin)
        expect(await page.text(), `page from ${origin}`).toContain(
          "Forms are only accepted from this site&#39;s own pages.",
        );
      const api = await fetch(`${server.url}/api/admin/take-screenshot`, {
        method: "POST",
        body: JSON.stringify({ url: "https://example.com", toolId: "x" }),
        headers: { ...headers, "Content-Type": "application/json" },
      });
      expect(api.status, `api from ${origin}`).toBe(403);
    }
  });
});

describe("admin accounts at start", () => {
  it("creates a first admin with a generated password, handed back once (the server shows it) when none exists and none is configured", async () => {
    const server = await startTestServer();
    try {
      const lines: unknown[] = [];
      const log = {
        warn: (...args: unknown[]) => lines.push(args),
        info: (...args: unknown[]) => lines.push(args),
        debug: () => {},
      };
      const { database } = server.services;
      const first = await ensureAdmin(database, null, log as never, Date.now());
      expect(first?.username).toBe("admin");
      expect(first!.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
      expect(await verifyLogin(database, "admin", first!.password)).not.toBeNull();
      // Shown by the server's start, not logged here (tests/startup/startup.sqlite.int.test.ts).
      expect(lines).toEqual([]);
      // Once: a second start creates nothing and hands back nothing.
      expect(await ensureAdmin(database, null, log as never, Date.now())).toBeNull();
      // The stored hash is scrypt's, never the password.
      const row = await database.db.selectFrom("admin_users").select("password_hash").executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(row.password_hash).not.toContain(first!.password);
    } finally {
      await server.close();
    }
  });

  it("creates or updates the configured admin (ADMIN_USERNAME / ADMIN_PASSWORD), ending the old password's sessions", async () => {
    const server = await startTestServer();
    try {
      const { database } = server.services;
      const log = { warn: () => {}, info: () => {}, debug: () => {} } as never;
      await ensureAdmin(database, { username: "ops", password: "first password!!" }, log, Date.now());
      const ops = (await listAdmins(database)).find((a) => a.username === "ops")!;
      const token = await createAdminSession(database, ops.id, Date.now());
      await ensureAdmin(database, { username: "ops", password: "second password!!" }, log, Date.now());
      expect(await verifyLogin(database, "ops", "first password!!")).toBeNull();
      expect(await verifyLogin(database, "ops", "second password!!")).not.toBeNull();
      expect(
        (await fetch(`${server.url}/admin/dashboard`, { headers: { cookie: `${adminCookieName(false)}=${token}` } }))
          .status,
      ).toBe(401);
      expect((await listAdmins(database)).filter((a) => a.username === "ops")).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe("admin cookie over HTTPS", () => {
  const getServer = useTestServer({ configure: (config) => (config.siteUrl = "https://tools.example.com") });

  it("is __Host- prefixed and Secure", async () => {
    const server = getServer();
    await createAdmin(server.services.database, USERNAME, PASSWORD, Date.now());
    const res = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ username: USERNAME, password: PASSWORD }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      redirect: "manual",
    });
    const [session, device] = res.headers.getSetCookie();
    expect(session).toMatch(
      /^__Host-ts_admin=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(device).toMatch(
      /^__Host-ts_admin_device=d_[\w-]{22}\.[\w-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
  });
});

describe("the browser bundle", () => {
  it("holds no admin credential, hash or password check", () => {
    const root = path.resolve("build/client");
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
      /\.(js|css|html|json)$/.test(f),
    );
    expect(files.length).toBeGreaterThan(0);
    const text = files.map((f) => fs.readFileSync(path.join(root, f), "utf8")).join("\n");
    for (const secret of [
      "scrypt$",
      "password_hash",
      "ADMIN_PASSWORD",
      "ADMIN_USERNAME",
      "verifyPassword",
      "hashPassword",
      "timingSafeEqual",
      "admin_users",
      USERNAME,
    ]) {
      expect(text.includes(secret), secret).toBe(false);
    }
  });
});
