import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieValue } from "../platform/http/cookies.ts";

/** The visitor cookie's name. */
export const VISITOR_COOKIE = "ts_visitor";
// Two years: about as long as a browser keeps a cookie anyway.
const MAX_AGE_SEC = 2 * 365 * 24 * 60 * 60;
const ID = /^v_[A-Za-z0-9_-]{22}$/;

/**
 * Anonymous visitors, known by a signed cookie: `id.signature`. A value whose signature does not
 * check out (edited, forged, signed with another key) is no visitor at all, so nobody can act as
 * someone else by writing their id into a cookie.
 */
export interface VisitorCookies {
  /** The visitor id in a Cookie header, or null when there is none or it is not genuine. */
  read(cookieHeader: string | undefined): string | null;
  /** A new visitor id and the Set-Cookie header value that gives it to the browser. */
  issue(): { id: string; setCookie: string };
}

export function visitorCookies(secret: string, options: { secure: boolean }): VisitorCookies {
  // A KeyObject, made once: given a string, createHmac checks and wraps the key on every call.
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  const sign = (id: string) => createHmac("sha256", key).update(id).digest("base64url");
  return {
    read(header) {
      const value = cookieValue(header, VISITOR_COOKIE);
      if (!value) return null;
      const dot = value.indexOf(".");
      const id = value.slice(0, dot);
      if (dot < 0 || !ID.test(id)) return null;
      const given = Buffer.from(value.slice(dot + 1));
      const expected = Buffer.from(sign(id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
    issue() {
      const id = `v_${randomBytes(16).toString("base64url")}`;
      const attributes = [
        `Max-Age=${MAX_AGE_SEC}`,
        "Path=/",
        "HttpOnly",
        "SameSite=Lax",
        ...(options.secure ? ["Secure"] : []),
      ];
      return { id, setCookie: `${VISITOR_COOKIE}=${id}.${sign(id)}; ${attributes.join("; ")}` };
    },
  };
}
