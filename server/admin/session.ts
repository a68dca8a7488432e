import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import type { Database } from "../platform/db/index.ts";
import { cookieValue } from "../platform/http/cookies.ts";
import { sendError } from "../platform/http/errors.ts";
import { fromThisSite } from "../platform/http/origin.ts";
import { recordAudit } from "../audit/audit.ts";

/** How long a session lasts without use, and at most. */
export const ADMIN_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const ADMIN_SESSION_MAX_MS = 24 * 60 * 60 * 1000;

/**
 * The session cookie's name: with the `__Host-` prefix over HTTPS (the browser then insists on
 * Secure, Path=/ and no Domain, so no other site or subdomain can set it).
 */
export function adminCookieName(https: boolean): string {
  return https ? "__Host-ts_admin" : "ts_admin";
}

/** The Set-Cookie value that carries a session token, or clears it (`token` null). */
export function adminCookie(token: string | null, https: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(https ? ["Secure"] : [])];
  return token === null
    ? `${adminCookieName(https)}=; Max-Age=0; ${attributes.join("; ")}`
    : `${adminCookieName(https)}=${token}; Max-Age=${ADMIN_SESSION_MAX_MS / 1000}; ${attributes.join("; ")}`;
}

// Only the token's SHA-256 is stored, so a leaked table does not leak sessions.
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface Admin {
  id: string;
  username: string;
}

/** Opens a session for an admin who has proven who they are (a new token at every login); returns the token. */
export async function createAdminSession(database: Database, adminUserId: string, now: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await database.db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      admin_user_id: adminUserId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + ADMIN_SESSION_IDLE_MS,
    })
    .execute();
  return token;
}

/**
 * The admin of a request's session cookie, or null: no cookie, a token we never issued, a session
 * ended by logout, idle for 2 hours, or older than 24. A live session's idle clock restarts.
 */
export async function adminOfCookie(
  database: Database,
  cookieHeader: string | undefined,
  https: boolean,
  now: number,
): Promise<Admin | null> {
  const token = cookieValue(cookieHeader, adminCookieName(https));
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const id = hashToken(token);
  const row = await database.db
    .selectFrom("sessions")
    .innerJoin("admin_users", "admin_users.id", "sessions.admin_user_id")
    .select(["admin_users.id", "admin_users.username", "sessions.created_at", "sessions.expires_at"])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= now || row.created_at + ADMIN_SESSION_MAX_MS <= now) {
    await database.db.deleteFrom("sessions").where("id", "=", id).execute();
    return null;
  }
  await database.db
    .updateTable("sessions")
    .set({
      last_seen_at: now,
      expires_at: Math.min(now + ADMIN_SESSION_IDLE_MS, row.created_at + ADMIN_SESSION_MAX_MS),
    })
    .where("id", "=", id)
    .execute();
  return { id: row.id, username: row.username };
}

/** Ends the session of a request's cookie (logout), recording it for the admin it belonged to. */
export async function endAdminSession(
  database: Database,
  cookieHeader: string | undefined,
  https: boolean,
  audit: { ip: string; now: number },
): Promise<void> {
  const token = cookieValue(cookieHeader, adminCookieName(https));
  if (!token) return;
  await database.db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom("sessions")
      .where("id", "=", hashToken(token))
      .returning("admin_user_id")
      .executeTakeFirst();
    if (!ended) return;
    const admin = await trx
      .selectFrom("admin_users")
      .select(["id", "username"])
      .where("id", "=", ended.admin_user_id)
      .executeTakeFirst();
    if (admin) await recordAudit(trx, { ...admin, ip: audit.ip }, [{ action: "logout" }], audit.now);
  });
}

/** Lets a JSON API request through only with a live admin session (401), and a POST only from this site (403). */
export function requireAdmin(database: Database, now: () => number, https: boolean): RequestHandler {
  return (req, res, next) => {
    adminOfCookie(database, req.get("cookie"), https, now()).then((admin) => {
      if (!admin) return sendError(res, "unauthenticated", "Sign in as an admin to do this.");
      if (req.method !== "GET" && req.method !== "HEAD" && !fromThisSite(req)) {
        return sendError(res, "permission-denied", "Admin changes are only accepted from this site's pages.");
      }
      res.locals.admin = admin;
      next();
    }, next);
  };
}
