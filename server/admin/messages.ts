import { sql } from "kysely";
import { clampPage, pageCount } from "../../core/catalog.ts";
import type { Database } from "../platform/db/index.ts";
import type { MessageIntent } from "../../core/messages.ts";
import { recordAudit, type AuditActor } from "../audit/audit.ts";

/** Messages per page of the admin's list. */
export const MESSAGES_PAGE_SIZE = 50;

/** A contact message as the admin's list shows it. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  submittedAt: number;
  readAt: number | null;
}

export interface MessagePage {
  messages: ContactMessage[];
  /** 1-based; past the last page it is the last page. */
  page: number;
  pages: number;
  total: number;
  unread: number;
}

const COLUMNS = ["id", "name", "email", "subject", "message", "submitted_at", "read_at"] as const;

function toMessage(row: {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  submitted_at: number;
  read_at: number | null;
}): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    submittedAt: Number(row.submitted_at),
    readAt: row.read_at === null ? null : Number(row.read_at),
  };
}

/** One page of contact messages, newest first, with the counts of all and of unread ones. */
export async function listMessages(
  database: Database,
  page: number,
  pageSize = MESSAGES_PAGE_SIZE,
): Promise<MessagePage> {
  const { db } = database;
  const counts = await db
    .selectFrom("contacts")
    .select([sql<number>`count(*)`.as("total"), sql<number>`count(*) - count(read_at)`.as("unread")])
    .executeTakeFirst();
  const total = Number(counts?.total ?? 0);
  const pages = pageCount(total, pageSize);
  const current = clampPage(page, pages);
  const rows = await db
    .selectFrom("contacts")
    .select(COLUMNS)
    .orderBy("submitted_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return { messages: rows.map(toMessage), page: current, pages, total, unread: Number(counts?.unread ?? 0) };
}

export async function findMessage(database: Database, id: string): Promise<ContactMessage | null> {
  const row = await database.db.selectFrom("contacts").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toMessage(row) : null;
}

/**
 * Marks a message read (keeping the first time it was read) or unread; false when there is no
 * such message.
 */
export async function setMessageRead(database: Database, id: string, read: boolean, now: number): Promise<boolean> {
  const { db } = database;
  const result = read
    ? await db
        .updateTable("contacts")
        .set({ read_at: sql<number>`coalesce(read_at, ${now})` })
        .where("id", "=", id)
        .executeTakeFirst()
    : await db.updateTable("contacts").set({ read_at: null }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a message for good, recorded in the audit log (who, and whose message); false when there is no such message. */
export async function deleteMessage(database: Database, id: string, admin: AuditActor, now: number): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom("contacts")
      .where("id", "=", id)
      .returning(["subject", "name", "email"])
      .executeTakeFirst();
    if (!gone) return false;
    await recordAudit(
      trx,
      admin,
      [{ action: "message-delete", toolName: gone.subject, detail: { from: `${gone.name} <${gone.email}>` } }],
      now,
    );
    return true;
  });
}

/** The messages page: one page of the list, the message opened and the one to confirm deleting, wherever they are. */
export interface MessagesView extends MessagePage {
  /** The opened message, when it exists. */
  openId: string | null;
  confirming: ContactMessage | null;
  /** Opened or to confirm, but not on the page shown: shown above it. */
  extraMessages: ContactMessage[];
  /** An opened or confirmed message that no longer exists. */
  missing: boolean;
}

/** What the messages page shows for `?page=`, `?open=` and `?confirm=` (reading it changes nothing). */
export async function messagesView(
  database: Database,
  query: { page: number; open: string | null; confirm: string | null },
): Promise<MessagesView> {
  const { open, confirm } = query;
  const [list, opened, confirming] = await Promise.all([
    listMessages(database, query.page),
    open ? findMessage(database, open) : null,
    confirm ? findMessage(database, confirm) : null,
  ]);
  const shown = new Set(list.messages.map((m) => m.id));
  const extraMessages = [opened, confirming].filter(
    (m, i, all): m is ContactMessage => m !== null && !shown.has(m.id) && all.findIndex((o) => o?.id === m.id) === i,
  );
  return {
    ...list,
    openId: opened ? opened.id : null,
    confirming,
    extraMessages,
    missing: (open !== null && !opened) || (confirm !== null && !confirming),
  };
}

/**
 * Opens (marking it read, as opening a mail does), marks read or unread, or deletes a message;
 * false when there is no such message.
 */
export function actOnMessage(
  deps: { database: Database; now: () => number },
  admin: AuditActor,
  intent: MessageIntent,
  id: string,
): Promise<boolean> {
  if (intent === "delete") return deleteMessage(deps.database, id, admin, deps.now());
  return setMessageRead(deps.database, id, intent !== "unread", deps.now());
}
