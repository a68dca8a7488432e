import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import type { Database } from "../db/index.ts";
import { cookieValue } from "../http/cookies.ts";
import { sendError } from "../http/errors.ts";

/** The admin session cookie: an unguessable token, stored only as its SHA-256. */
export const ADMIN_COOKIE = "ts_admin";

/** How long an admin session lasts without use. */
export const ADMIN_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface Admin {
  id: string;
  username: string;
}

/** Opens a session for an admin who has proven who they are; returns the cookie's token. */
export async function createAdminSession(database: Database, adminUserId: string, now: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await database.db
    .insertInto("sessions")
    .values({ id: hashToken(token), admin_user_id: adminUserId, created_at: now, last_seen_at: now, expires_at: now + ADMIN_SESSION_IDLE_MS })
    .execute();
  return token;
}

/** The admin a request's session cookie belongs to, or null (no cookie, unknown or expired session). */
export async function adminOfCookie(database: Database, cookieHeader: string | undefined, now: number): Promise<Admin | null> {
  const token = cookieValue(cookieHeader, ADMIN_COOKIE);
  if (!token || token.length > 200) return null;
  const row = await database.db
    .selectFrom("sessions")
    .innerJoin("admin_users", "admin_users.id", "sessions.admin_user_id")
    .select(["admin_users.id", "admin_users.username", "sessions.id as session_id", "sessions.expires_at"])
    .where("sessions.id", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return null;
  await database.db
    .updateTable("sessions")
    .set({ last_seen_at: now, expires_at: now + ADMIN_SESSION_IDLE_MS })
    .where("id", "=", row.session_id)
    .execute();
  return { id: row.id, username: row.username };
}

/** Lets a JSON API request through only with a live admin session (401 otherwise). */
export function requireAdmin(database: Database, now: () => number): RequestHandler {
  return (req, res, next) => {
    adminOfCookie(database, req.get("cookie"), now()).then((admin) => {
      if (!admin) return sendError(res, "unauthenticated", "Sign in as an admin to do this.");
      res.locals.admin = admin;
      next();
    }, next);
  };
}
