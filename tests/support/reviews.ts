import { randomBytes } from "node:crypto";
import { createAdmin } from "../../server/admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../../server/admin/session.ts";
import { hashToken } from "../../server/claims/service.ts";
import type { Database } from "../../server/platform/db/index.ts";
import { newId } from "../../server/platform/db/ids.ts";
import { BROWSER_UA } from "./html.ts";
import type { TestServer } from "./server.ts";
import type { ReceivedMail } from "./smtp.ts";

// What the review tests (integration and hostile) share: posting the review form as a browser
// without scripts does, the link a confirmation mail carries, a verified owner and an admin.

/** A valid review's fields, for a test to vary. */
export const REVIEW_FIELDS = {
  intent: "review",
  rating: "4",
  text: "Fast and simple; the export saved me an afternoon.",
  email: "reviewer@example.com",
} as const;

/** Posts the review form of a tool page from `address`. */
export function postReview(
  server: TestServer,
  slug: string,
  fields: Record<string, string>,
  options: { address?: string } = {},
) {
  return fetch(`${server.url}/tool/${slug}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      "User-Agent": BROWSER_UA,
      Accept: "text/html",
      "X-Forwarded-For": options.address ?? "203.0.113.20",
    },
    redirect: "manual",
  });
}

/** The confirmation link's token in a review's confirmation mail. */
export function reviewConfirmToken(mail: ReceivedMail): string {
  const match = /\/review\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? "");
  if (!match) throw new Error(`no confirmation link in: ${mail.parsed.text}`);
  return match[1]!;
}

/** Presses "Confirm review" on a confirmation page. */
export function confirmReviewLink(server: TestServer, token: string) {
  return fetch(`${server.url}/review/confirm/${token}`, {
    method: "POST",
    body: new URLSearchParams({}),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      "User-Agent": BROWSER_UA,
      Accept: "text/html",
    },
    redirect: "manual",
  });
}

/**
 * Makes `email` (or the website `domain`) a verified owner of a tool, as a finished claim does, in
 * `database` (a test server's, or the e2e server's opened beside it); returns their owner link's token.
 */
export async function addVerifiedOwner(
  database: Database,
  toolId: string,
  owner: { email: string | null; domain: string },
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await database.db
    .insertInto("tool_claims")
    .values({
      id: newId(),
      tool_id: toolId,
      method: owner.email ? "email" : "website",
      email: owner.email,
      domain: owner.domain,
      site_code: null,
      secret_hash: null,
      owner_token_hash: hashToken(token),
      next_owner_token_hash: null,
      status: "verified",
      expires_at: now + 24 * 60 * 60 * 1000,
      created_at: now,
      verified_at: now,
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The cookie of a new admin's session. */
export async function reviewAdminCookie(server: TestServer): Promise<string> {
  const { database, now } = server.services;
  const admin = await createAdmin(database, `reviews-${newId().slice(0, 8)}`, "a long enough password", now());
  return `${adminCookieName(false)}=${await createAdminSession(database, admin.id, now())}`;
}

/** Posts the admin's review queue form. */
export function moderate(server: TestServer, cookie: string, fields: Record<string, string>) {
  return fetch(`${server.url}/admin/reviews`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      "User-Agent": BROWSER_UA,
      Accept: "text/html",
      cookie,
    },
    redirect: "manual",
  });
}
