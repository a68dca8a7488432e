import type { AppServices } from "../services.ts";
import { verifyLogin } from "./accounts.ts";
import { createAdminSession } from "./session.ts";

export type LoginOutcome =
  | { kind: "ok"; token: string }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSec: number };

/**
 * One login attempt. Only failures count against the limits (per address and per username), so
 * the real admin is never slowed by their own successful logins; a throttled attempt is answered
 * before the password is even checked.
 */
export async function attemptLogin(services: AppServices, input: { username: string; password: string; ip: string }): Promise<LoginOutcome> {
  const { loginIp, loginUser } = services.limiters;
  const userKey = input.username.trim().toLowerCase();
  for (const check of [await loginIp.check(input.ip), await loginUser.check(userKey)]) {
    if (check.limited) return { kind: "throttled", retryAfterSec: check.retryAfterSec };
  }
  const admin = await verifyLogin(services.database, input.username, input.password);
  if (!admin) {
    await Promise.all([loginIp.consume(input.ip), loginUser.consume(userKey)]);
    return { kind: "invalid" };
  }
  return { kind: "ok", token: await createAdminSession(services.database, admin.id, services.now()) };
}
