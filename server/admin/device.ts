import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieValue } from "../platform/http/cookies.ts";

// A browser that has signed in as an admin before carries a signed device cookie naming that
// admin. Guesses from other addresses slow logins to the username down, but not from this browser
// (docs/decisions/018): nobody can lock the admin out of a browser they have used.

const MAX_AGE_SEC = 365 * 24 * 60 * 60;
const ID = /^d_[A-Za-z0-9_-]{22}$/;

/** The device cookie's name: `__Host-` prefixed over HTTPS, like the session's. */
export function deviceCookieName(https: boolean): string {
  return https ? "__Host-ts_admin_device" : "ts_admin_device";
}

const sign = (secret: string, id: string, username: string) =>
  createHmac("sha256", secret).update(`admin-device\n${id}\n${username.trim().toLowerCase()}`).digest("base64url");

/** The device id of a request's cookie when it was issued to a browser signed in as `username`, else null. */
export function knownDevice(
  secret: string,
  cookieHeader: string | undefined,
  username: string,
  https: boolean,
): string | null {
  const value = cookieValue(cookieHeader, deviceCookieName(https));
  if (!value) return null;
  const dot = value.indexOf(".");
  const id = value.slice(0, dot);
  if (dot < 0 || !ID.test(id)) return null;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(secret, id, username));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The Set-Cookie value that marks this browser as one `username` signed in with. */
export function deviceCookie(secret: string, username: string, https: boolean): string {
  const id = `d_${randomBytes(16).toString("base64url")}`;
  const attributes = [`Max-Age=${MAX_AGE_SEC}`, "Path=/", "HttpOnly", "SameSite=Strict", ...(https ? ["Secure"] : [])];
  return `${deviceCookieName(https)}=${id}.${sign(secret, id, username)}; ${attributes.join("; ")}`;
}
