import type { ContactInput } from "../../core/contact.ts";
import type { Database } from "../platform/db/index.ts";
import { cookieValue } from "../platform/http/cookies.ts";
import { newId } from "../platform/db/ids.ts";

/** Stores one contact message (already validated) and returns its id. */
export async function saveContactMessage(database: Database, input: ContactInput, now: number): Promise<string> {
  const id = newId();
  await database.db
    .insertInto("contacts")
    .values({ id, ...input, submitted_at: now, read_at: null })
    .execute();
  return id;
}

/**
 * The cookie that says this browser has just sent a message: set by the send, read once by the
 * page it leads to (`/contact?sent=1`), so only the sender sees "Message Sent!". Its value is the
 * new message's id, which nobody else knows.
 */
export const CONTACT_SENT_COOKIE = "ts_contact_sent";
/** How long after sending the confirmation can be shown. */
const SENT_SHOWN_FOR_MS = 10 * 60 * 1000;
const MESSAGE_ID = /^[\w-]{1,64}$/;

/** The Set-Cookie value that carries a sent message's id to the confirmation, or (`messageId` null) clears it. */
export function contactSentCookie(messageId: string | null, secure: boolean): string {
  const attributes = [
    `Max-Age=${messageId ? SENT_SHOWN_FOR_MS / 1000 : 0}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ];
  return `${CONTACT_SENT_COOKIE}=${messageId ?? ""}; ${attributes.join("; ")}`;
}

/** Whether the request's cookie names a message sent in the last few minutes. */
export async function justSentMessage(
  database: Database,
  cookieHeader: string | undefined,
  now: number,
): Promise<boolean> {
  const id = cookieValue(cookieHeader, CONTACT_SENT_COOKIE);
  if (!id || !MESSAGE_ID.test(id)) return false;
  const row = await database.db
    .selectFrom("contacts")
    .select("id")
    .where("id", "=", id)
    .where("submitted_at", ">=", now - SENT_SHOWN_FOR_MS)
    .executeTakeFirst();
  return row !== undefined;
}
