import { setTimeout as sleep } from "node:timers/promises";
import { servesHttps, type Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { addressKey, type RateLimiter } from "../platform/ratelimit/index.ts";
import { takeTurn } from "../platform/ratelimit/queue.ts";
import { normalizeUsername, verifyLogin } from "./accounts.ts";
import { recordAudit, type AuditActor } from "../audit/audit.ts";
import { deviceCookie, knownDevice } from "./device.ts";
import { createAdminSession } from "./session.ts";

/** What a login attempt needs of the running server. */
export interface LoginDeps {
  database: Database;
  now: () => number;
  config: Pick<Config, "siteUrl" | "rateLimits" | "loginSlowdown">;
  /** The key cookies are signed with (the known-device cookie here). */
  signingKey: () => Promise<string>;
  limiters: Record<"loginIp" | "loginUserIp" | "loginUser" | "loginDevice", RateLimiter>;
}

export type LoginOutcome =
  | { kind: "ok"; token: string; deviceCookie: string }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSec: number };

/** How long an attempt at a username waits (after the one before it) once `consumed` attempts at it exceed its free budget. */
export function loginSlowdownMs(consumed: number, budget: number, slowdown: { stepMs: number; maxMs: number }): number {
  return Math.min(slowdown.maxMs, Math.max(0, consumed - budget) * slowdown.stepMs);
}

/**
 * One login attempt (docs/decisions/018). Every attempt spends its points before the password is
 * checked, so parallel guesses cannot all pass a limit that counts only finished failures; a
 * success gives them back. Walls stand per address and per username at one address; the username
 * as a whole is slowed, its attempts past the budget taken one at a time, so strangers cannot
 * guess in parallel; a browser that signed in as that admin before skips the queue and is held to
 * its own budget alone.
 */
export async function attemptLogin(
  services: LoginDeps,
  input: { username: string; password: string; ip: string; cookieHeader: string | undefined },
): Promise<LoginOutcome> {
  const { limiters, config, database, now } = services;
  const https = servesHttps(config);
  const secret = await services.signingKey();
  const user = normalizeUsername(input.username).toLowerCase();
  const address = addressKey(input.ip);
  const actor: AuditActor = { id: null, username: normalizeUsername(input.username), ip: input.ip };
  const audit = (action: "login" | "login-failed" | "login-locked", detail?: Record<string, unknown>) =>
    recordAudit(database.db, actor, [{ action, detail }], now());

  const device = knownDevice(secret, input.cookieHeader, user, https);
  // Narrowest wall first, one after the other: an attempt refused by one wall never holds a point
  // at another, so parallel attempts cannot crowd each other out of a budget they all had room in.
  const walls: { limiter: RateLimiter; key: string; points: number; by: string }[] = device
    ? [{ limiter: limiters.loginDevice, key: device, points: config.rateLimits.loginDevice.points, by: "device" }]
    : [
        {
          limiter: limiters.loginUserIp,
          key: `${address}\n${user}`,
          points: config.rateLimits.loginUserIp.points,
          by: "username-at-address",
        },
        { limiter: limiters.loginIp, key: address, points: config.rateLimits.loginIp.points, by: "address" },
      ];
  const spentAt: typeof walls = [];
  const refund = () => Promise.all(spentAt.map((wall) => wall.limiter.refund(wall.key)));
  for (const wall of walls) {
    const state = await wall.limiter.consume(wall.key);
    if (!state.limited) {
      spentAt.push(wall);
      continue;
    }
    // A refused attempt guesses nothing, so it spends nothing at the other walls either.
    await refund();
    // Recorded once, when the wall goes up (the first attempt over the budget), not at every knock.
    if (state.consumed === wall.points + 1) await audit("login-locked", { by: wall.by });
    return { kind: "throttled", retryAfterSec: state.retryAfterSec };
  }

  let slowed: string | null = null;
  if (!device) {
    const atUser = await limiters.loginUser.consume(user);
    slowed = user;
    const waitMs = loginSlowdownMs(atUser.consumed, config.rateLimits.loginUser.points, config.loginSlowdown);
    if (atUser.consumed === config.rateLimits.loginUser.points + 1)
      await audit("login-locked", { by: "username", slowdown: true });
    if (waitMs > 0) {
      // Past the free budget the username's attempts queue, across instances, each starting its
      // delay after the one before: parallel guesses from many addresses wait one after the other
      // instead of side by side. A queue longer than anyone should wait refuses at once, taking
      // nothing (it guessed nothing).
      const turn = await takeTurn(database, `login_queue:${user}`, {
        spacingMs: waitMs,
        maxWaitMs: config.loginSlowdown.maxQueueMs,
        now: now(),
      });
      if (turn.kind === "full") {
        await Promise.all([refund(), limiters.loginUser.refund(user)]);
        return { kind: "throttled", retryAfterSec: turn.retryAfterSec };
      }
      await sleep(Math.max(0, turn.at - now()));
    }
  }

  const admin = await verifyLogin(database, input.username, input.password);
  if (!admin) {
    await audit("login-failed");
    return { kind: "invalid" };
  }
  await Promise.all([refund(), slowed ? limiters.loginUser.refund(slowed) : undefined]);
  actor.id = admin.id;
  actor.username = admin.username;
  await audit("login", device ? { device: "known" } : undefined);
  return {
    kind: "ok",
    token: await createAdminSession(database, admin.id, now()),
    deviceCookie: deviceCookie(secret, user, https),
  };
}
