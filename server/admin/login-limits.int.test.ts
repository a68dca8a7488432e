import { describe, expect, it } from "vitest";
import { decodeEntities } from "../../tests/support/html.ts";
import { startTestServer, useTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin, ensureAdmin, setAdminPassword, verifyLogin } from "./accounts.ts";

// Admin login limits (docs/decisions/018): points are spent before the password is checked, walls
// stand per address and per username at one address, the username as a whole is slowed but never
// closed, and a browser that signed in before keeps its own budget.

const USERNAME = "night-editor";
const PASSWORD = "correct horse battery staple";

function login(server: TestServer, fields: Record<string, string>, from: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(fields),
    // The test server trusts its loopback proxy, so each attempt says which address it comes from.
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      "X-Forwarded-For": from,
      ...headers,
    },
    redirect: "manual",
  });
}

/** The device cookie a successful login gave, as a Cookie header. */
function deviceOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("ts_admin_device="));
  if (!cookie) throw new Error("no device cookie");
  return cookie.split(";")[0]!;
}

async function auditRows(server: TestServer) {
  return server.services.database.db
    .selectFrom("audit_log")
    .select(["action", "admin_username", "admin_user_id", "ip", "detail"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

describe("admin login limits", () => {
  const getServer = useTestServer({
    configure: (config) => {
      config.trustProxy = "loopback";
      config.rateLimits.loginIp = { points: 10, durationSec: 4 };
      config.rateLimits.loginUserIp = { points: 5, durationSec: 4 };
      config.rateLimits.loginUser = { points: 1000, durationSec: 4 };
    },
  });
  let server: TestServer;
  const ready = async () => {
    if (server) return server;
    server = getServer();
    await createAdmin(server.services.database, USERNAME, PASSWORD, Date.now());
    return server;
  };

  it("counts 60 parallel wrong passwords from one address before checking any: at most 5 are checked, the rest refused", async () => {
    const s = await ready();
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(s, { username: USERNAME, password: `guess ${i}` }, "203.0.113.60").then((r) => r.status),
      ),
    );
    // Two counters (the address's and the username's at it) take the parallel attempts in their
    // own orders, so one attempt may pass one and meet the other's wall: at most 5 get through.
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - checked);
  });

  it("walls one username at one address after 5 failures (even the right password), and lets it in after the window", async () => {
    const s = await ready();
    const from = "203.0.113.20";
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await login(s, { username: USERNAME, password: `guess ${i}` }, from)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const meanwhile = await login(s, { username: USERNAME, password: PASSWORD }, from);
    expect(meanwhile.status).toBe(429);
    expect(Number(meanwhile.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(decodeEntities(await meanwhile.text())).toMatch(
      /Too many failed logins\. Please try again in \d+ minutes?\./,
    );
    // Another address is not affected by this one's failures.
    expect((await login(s, { username: USERNAME, password: PASSWORD }, "203.0.113.21")).status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 4100));
    expect((await login(s, { username: USERNAME, password: PASSWORD }, from)).status).toBe(302);
  });

  it("walls one address after 10 failures, whatever usernames it tries", async () => {
    const s = await ready();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await login(s, { username: `user-${i % 4}`, password: "guess" }, "203.0.113.30")).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it("counts an IPv6 client by its /64: rotating addresses inside it gains nothing", async () => {
    const s = await ready();
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++)
      statuses.push(
        (await login(s, { username: USERNAME, password: "guess" }, `2001:db8:aa:bb::${i.toString(16)}`)).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await login(s, { username: USERNAME, password: PASSWORD }, "2001:db8:aa:cc::1")).status).toBe(302);
  });

  it("records sign-ins, failures, the lockout (once) and sign-outs in the audit log, with the address", async () => {
    const s = await ready();
    await s.services.database.db.deleteFrom("audit_log").execute();
    const ok = await login(s, { username: USERNAME, password: PASSWORD }, "198.51.100.7");
    expect(ok.status).toBe(302);
    for (let i = 0; i < 7; i++) await login(s, { username: "intruder", password: `guess ${i}` }, "198.51.100.8");
    const session = ok.headers.getSetCookie()[0]!.split(";")[0]!;
    const logout = await fetch(`${s.url}/admin/logout`, {
      method: "POST",
      headers: { cookie: session, Origin: s.url, "X-Forwarded-For": "198.51.100.7" },
      redirect: "manual",
    });
    expect(logout.status).toBe(302);

    const rows = await auditRows(s);
    expect(rows.map((r) => [r.action, r.admin_username, r.ip])).toEqual([
      ["login", USERNAME, "198.51.100.7"],
      ...Array(5).fill(["login-failed", "intruder", "198.51.100.8"]),
      ["login-locked", "intruder", "198.51.100.8"],
      ["logout", USERNAME, "198.51.100.7"],
    ]);
    expect(rows[0]!.admin_user_id).not.toBeNull();
    expect(rows[1]!.admin_user_id).toBeNull();

    const cookie = (await login(s, { username: USERNAME, password: PASSWORD }, "198.51.100.7")).headers
      .getSetCookie()[0]!
      .split(";")[0]!;
    const page = decodeEntities(await (await fetch(`${s.url}/admin/audit`, { headers: { cookie } })).text()).replace(
      /<!-- -->/g,
      "",
    );
    for (const label of ["Signed in", "Sign-in failed", "Sign-in locked", "Signed out"])
      expect(page).toContain(`>${label}</td>`);
    expect(page).toContain(">198.51.100.8</td>");
  });
});

describe("guesses at one username from many addresses", () => {
  const getServer = useTestServer({
    configure: (config) => {
      config.trustProxy = "loopback";
      config.rateLimits.loginUser = { points: 10, durationSec: 60 };
      config.loginSlowdown = { stepMs: 1000, maxMs: 3000, maxQueueMs: 30_000 };
    },
  });

  it("slow the username down but never wall it: the right password still gets in, at once from a browser that signed in before", async () => {
    const server = getServer();
    await createAdmin(server.services.database, USERNAME, PASSWORD, Date.now());
    // The admin's own browser, from before the attack.
    const device = deviceOf(await login(server, { username: USERNAME, password: PASSWORD }, "192.0.2.200"));

    // 24 failures from two addresses together: the review's lockout took 20 (10 from each).
    const attacks = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        login(server, { username: USERNAME, password: `guess ${i}` }, `198.51.100.${i < 12 ? 1 : 2}`),
      ),
    );
    // Each address gets its 5, the rest are walled per address; nothing walls the username.
    expect(attacks.filter((r) => r.status === 401)).toHaveLength(10);

    // More addresses: slowed past 10 failures at the username, never refused.
    const spread: number[] = [];
    for (let i = 0; i < 3; i++)
      spread.push((await login(server, { username: USERNAME, password: "guess" }, `198.51.100.${10 + i}`)).status);
    expect(spread).toEqual(Array(3).fill(401));

    // The right password from an address that never failed: slowed (3 s, the cap), but in.
    const started = Date.now();
    const slowed = await login(server, { username: USERNAME, password: PASSWORD }, "192.0.2.50");
    expect(slowed.status).toBe(302);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);

    // From the admin's own browser, at another address: not slowed by anyone else's failures.
    const fromDevice = Date.now();
    const known = await login(server, { username: USERNAME, password: PASSWORD }, "192.0.2.60", { cookie: device });
    expect(known.status).toBe(302);
    expect(Date.now() - fromDevice).toBeLessThan(2000);

    // A device cookie signed for another admin, or tampered, is no help.
    expect(deviceOf(known)).not.toBe(device);
    const tampered = `${device.slice(0, -2)}${device.endsWith("AA") ? "BB" : "AA"}`;
    const stranger = Date.now();
    expect(
      (await login(server, { username: USERNAME, password: PASSWORD }, "192.0.2.61", { cookie: tampered })).status,
    ).toBe(302);
    expect(Date.now() - stranger).toBeGreaterThanOrEqual(3000);
  });

  it("give a known browser a budget of its own", async () => {
    const server = getServer();
    const device = deviceOf(await login(server, { username: USERNAME, password: PASSWORD }, "192.0.2.70"));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await login(server, { username: USERNAME, password: "typo" }, "192.0.2.70", { cookie: device })).status,
      );
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });
});

describe("parallel guesses at one username past its budget", () => {
  // Well above what a password check takes, even on a busy machine, so the queue shows.
  const DELAY_MS = 400;
  const getServer = useTestServer({
    configure: (config) => {
      config.trustProxy = "loopback";
      config.rateLimits.loginUser = { points: 2, durationSec: 60 };
      config.loginSlowdown = { stepMs: DELAY_MS, maxMs: DELAY_MS, maxQueueMs: 8 * DELAY_MS };
    },
  });
  const QUEUED = "queued-editor";
  let server: TestServer;
  let device: string;
  const timed = async (attempt: Promise<Response>) => {
    const res = await attempt;
    return { status: res.status, at: Date.now() };
  };

  it("are taken one at a time: N of them take at least N delays", async () => {
    server = getServer();
    await createAdmin(server.services.database, QUEUED, PASSWORD, Date.now());
    device = deviceOf(await login(server, { username: QUEUED, password: PASSWORD }, "192.0.2.1"));
    // The budget (2) spent by two earlier failures.
    for (const from of ["192.0.2.2", "192.0.2.3"])
      expect((await login(server, { username: QUEUED, password: "guess" }, from)).status).toBe(401);

    const started = Date.now();
    const guesses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        timed(login(server, { username: QUEUED, password: `guess ${i}` }, `198.51.100.${50 + i}`)),
      ),
    );
    expect(guesses.map((g) => g.status)).toEqual(Array(6).fill(401));
    expect(Date.now() - started).toBeGreaterThanOrEqual(6 * DELAY_MS);
    // Answered one after the other, not side by side: the first and the last a queue apart.
    const times = guesses.map((g) => g.at);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(5 * DELAY_MS - 50);
  });

  it("let a browser that signed in before skip the queue, and refuse at once what would wait too long", async () => {
    const started = Date.now();
    // 12 guesses: the queue holds 8 turns of them, the rest are refused.
    const [answered, known] = await Promise.all([
      Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          timed(login(server, { username: QUEUED, password: `again ${i}` }, `198.51.100.${80 + i}`)),
        ),
      ),
      timed(login(server, { username: QUEUED, password: PASSWORD }, "192.0.2.40", { cookie: device })),
    ]);
    expect(known.status).toBe(302);
    const queued = answered.filter((g) => g.status === 401);
    const refused = answered.filter((g) => g.status === 429);
    expect(queued.length + refused.length).toBe(12);
    expect(queued.length).toBeGreaterThanOrEqual(6);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    const drained = Math.max(...queued.map((g) => g.at));
    expect(drained - started).toBeGreaterThanOrEqual(6 * DELAY_MS);
    // Neither the known browser nor the refused guesses waited for the queue.
    expect(known.at).toBeLessThan(drained - 2 * DELAY_MS);
    for (const guess of refused) expect(guess.at).toBeLessThan(drained - 2 * DELAY_MS);
  });
});

describe("ADMIN_PASSWORD at start", () => {
  it("is applied when it changes, and does not undo a reset made with `npm run admin` at the next restart", async () => {
    const server = await startTestServer();
    try {
      const { database } = server.services;
      const log = { warn: () => {}, info: () => {}, debug: () => {} } as never;
      await ensureAdmin(database, { username: "ops", password: "first password!!" }, log, Date.now());
      // The operator resets the password by hand…
      await setAdminPassword(database, "ops", "reset by hand!!", Date.now());
      // …and restarts with the same environment: the reset stands.
      await ensureAdmin(database, { username: "ops", password: "first password!!" }, log, Date.now());
      expect(await verifyLogin(database, "ops", "reset by hand!!")).not.toBeNull();
      expect(await verifyLogin(database, "ops", "first password!!")).toBeNull();
      // A new ADMIN_PASSWORD is applied, once.
      await ensureAdmin(database, { username: "ops", password: "second password!!" }, log, Date.now());
      expect(await verifyLogin(database, "ops", "second password!!")).not.toBeNull();
      await setAdminPassword(database, "ops", "reset again!!!", Date.now());
      await ensureAdmin(database, { username: "ops", password: "second password!!" }, log, Date.now());
      expect(await verifyLogin(database, "ops", "reset again!!!")).not.toBeNull();
      const actions = await database.db
        .selectFrom("audit_log")
        .select(["action", "admin_username"])
        .where("action", "=", "password-set")
        .execute();
      expect(actions).toEqual([{ action: "password-set", admin_username: "ops" }]);
    } finally {
      await server.close();
    }
  });
});
