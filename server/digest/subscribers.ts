import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";
import type { Logger } from "../platform/logger.ts";
import type { Mailer } from "../platform/mail/mailer.ts";
import { spendConfirmationMail } from "../platform/mail/recipients.ts";
import type { RateLimiter } from "../platform/ratelimit/index.ts";
import { renderConfirmation } from "./render.ts";

// The digest's readers (double opt-in): subscribing stores the address pending and mails a
// one-time confirmation link (only its hash is kept, and it expires); confirming makes the reader
// confirmed; unsubscribing, by a link signed with the site's key, erases the address and keeps
// the row only as a count and for the send records.

export interface SubscriberDeps {
  config: Pick<Config, "siteUrl" | "siteName" | "digest" | "rateLimits">;
  database: Database;
  mailer: Mailer;
  log: Logger;
  now: () => number;
  signingKey: () => Promise<string>;
  /** Confirmation mails per inbox a day, and from the whole site an hour. */
  limiters: Record<"digestRecipient" | "confirmationMails", RateLimiter>;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** A confirmation token as made here: 32 random bytes, base64url. */
const CONFIRM_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** An unsubscribe token: the reader's id, a dot, and its signature (base64url of an HMAC-SHA256). */
const UNSUBSCRIBE_TOKEN = /^([0-9a-z]{20})\.([A-Za-z0-9_-]{43})$/;

/** The address of a confirmation link. */
export function confirmUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/digest/confirm/${token}`;
}

/** The address of a reader's unsubscribe link (the List-Unsubscribe URL and the link in the body). */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/digest/unsubscribe/${token}`;
}

function signature(key: string, subscriberId: string): string {
  return createHmac("sha256", key).update(`digest-unsubscribe:${subscriberId}`).digest("base64url");
}

/** A reader's unsubscribe token: their id and its signature with the site's key (nothing stored). */
export async function unsubscribeToken(
  deps: Pick<SubscriberDeps, "signingKey">,
  subscriberId: string,
): Promise<string> {
  return `${subscriberId}.${signature(await deps.signingKey(), subscriberId)}`;
}

/** The reader an unsubscribe token was made for, or null when it was not made by this site. */
export async function subscriberOfToken(
  deps: Pick<SubscriberDeps, "signingKey">,
  token: string,
): Promise<string | null> {
  const match = UNSUBSCRIBE_TOKEN.exec(token);
  if (!match) return null;
  const [, id, given] = match;
  const expected = Buffer.from(signature(await deps.signingKey(), id!));
  const actual = Buffer.from(given!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? id! : null;
}

/**
 * A subscribe post with a valid address. Whatever the address's state the caller answers the
 * same ("check your inbox"): a confirmed reader is not mailed again; a pending one is sent a new
 * link at most once per `resendAfterMs`; a new address is stored pending and sent its link. The
 * mail leaves in the background, so how long the answer takes does not tell either.
 *
 * Before anything is written, a mail to send spends a point of its inbox's daily budget (the
 * inbox however the address is written, and kept apart from the row: deleting, re-creating or
 * varying the address does not renew it) and one of the site's hourly one. Past either nothing is
 * written or sent, and the answer is still the same: a waiting reader keeps the link they have.
 */
export async function subscribe(deps: SubscriberDeps, email: string): Promise<void> {
  const { database, config } = deps;
  const now = deps.now();
  const existing = await database.db
    .selectFrom("digest_subscribers")
    .select(["id", "status", "confirm_sent_at"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing) {
    if (existing.status !== "pending") return;
    if (existing.confirm_sent_at !== null && now - Number(existing.confirm_sent_at) < config.digest.resendAfterMs)
      return;
  }
  const spent = await spendConfirmationMail(deps, deps.limiters.digestRecipient, email);
  if (spent.limited) return;

  const token = randomBytes(32).toString("base64url");
  const fields = {
    confirm_token_hash: sha256(token),
    confirm_expires_at: now + config.digest.confirmTtlMs,
    confirm_sent_at: now,
  };
  let written: boolean;
  if (existing) {
    const updated = await database.db
      .updateTable("digest_subscribers")
      .set(fields)
      .where("id", "=", existing.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    written = Number(updated.numUpdatedRows) > 0;
  } else {
    const inserted = await database.db
      .insertInto("digest_subscribers")
      .values({
        id: newId(),
        email,
        status: "pending",
        ...fields,
        created_at: now,
        confirmed_at: null,
        unsubscribed_at: null,
      })
      // Two posts of one address at once: the first stores it, the second is the same answer.
      .onConflict((oc) => oc.column("email").doNothing())
      .executeTakeFirst();
    written = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  // Nothing to send after all (another post of the address got there first): its points back.
  if (!written) return spent.refund();
  const site = { name: config.siteName, url: config.siteUrl };
  const mail = renderConfirmation(
    site,
    confirmUrl(config.siteUrl, token),
    Math.round(config.digest.confirmTtlMs / 3_600_000),
  );
  void deps.mailer
    .send({ to: email, ...mail })
    .catch((error: unknown) => deps.log.warn({ err: error }, "digest: confirmation mail not sent"));
}

/** What a confirmation link is: waiting to be confirmed, already used, or unknown or expired. */
export type ConfirmationState = "pending" | "confirmed" | "invalid";

async function confirmationOf(database: Database, token: string, now: number) {
  if (!CONFIRM_TOKEN.test(token)) return null;
  const row = await database.db
    .selectFrom("digest_subscribers")
    .select(["id", "status", "confirm_expires_at"])
    .where("confirm_token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row || row.status === "unsubscribed") return null;
  if (row.status === "pending" && (row.confirm_expires_at === null || Number(row.confirm_expires_at) <= now))
    return null;
  return row;
}

/** The state of a confirmation link, without using it (the page that shows its button). */
export async function confirmationState(database: Database, token: string, now: number): Promise<ConfirmationState> {
  const row = await confirmationOf(database, token, now);
  return row ? (row.status === "confirmed" ? "confirmed" : "pending") : "invalid";
}

/** Confirms the subscription a link was sent for; "confirmed" also when it already was. */
export async function confirmSubscription(
  database: Database,
  token: string,
  now: number,
): Promise<"confirmed" | "invalid"> {
  const row = await confirmationOf(database, token, now);
  if (!row) return "invalid";
  if (row.status === "pending") {
    await database.db
      .updateTable("digest_subscribers")
      .set({ status: "confirmed", confirmed_at: now })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .execute();
  }
  return "confirmed";
}

/** Whether the reader a token names is still subscribed (pending or confirmed); null: no such reader. */
export async function subscriptionOf(
  database: Database,
  subscriberId: string,
): Promise<"subscribed" | "unsubscribed" | null> {
  const row = await database.db
    .selectFrom("digest_subscribers")
    .select("status")
    .where("id", "=", subscriberId)
    .executeTakeFirst();
  if (!row) return null;
  return row.status === "unsubscribed" ? "unsubscribed" : "subscribed";
}

/**
 * Unsubscribes a reader: the address and the confirmation are erased, the row stays as
 * "unsubscribed" (the admin's count, and the send records that name it). Idempotent; false when
 * there is no such reader.
 */
export async function unsubscribe(database: Database, subscriberId: string, now: number): Promise<boolean> {
  const state = await subscriptionOf(database, subscriberId);
  if (state === null) return false;
  if (state === "subscribed") {
    await database.db
      .updateTable("digest_subscribers")
      .set({
        status: "unsubscribed",
        email: null,
        confirm_token_hash: null,
        confirm_expires_at: null,
        confirm_sent_at: null,
        unsubscribed_at: now,
      })
      .where("id", "=", subscriberId)
      .where("status", "<>", "unsubscribed")
      .execute();
  }
  return true;
}

/** Pending addresses whose link expired: forgotten (nobody confirmed they wanted the digest). */
export async function forgetUnconfirmed(database: Database, now: number): Promise<number> {
  const result = await database.db
    .deleteFrom("digest_subscribers")
    .where("status", "=", "pending")
    .where("confirm_expires_at", "<=", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Readers by state, for the admin. */
export async function subscriberCounts(
  database: Database,
): Promise<{ confirmed: number; pending: number; unsubscribed: number }> {
  const rows = await database.db
    .selectFrom("digest_subscribers")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const counts = { confirmed: 0, pending: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
