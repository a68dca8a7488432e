import { sql, type Kysely } from "kysely";
import type { Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";
import type { AuditAction, DB } from "../platform/db/types.ts";

// The audit log: what each admin did to which tool or message, and when; and the security events
// of the admin area (sign-ins, failures, lockouts, sign-outs) with the address they came from.
// Changes write their entries inside their own transaction, so there is never a change without
// its entry (or an entry for a change that was rolled back).

export type { AuditAction };

/** One action. `detail` is stored as JSON when it is an object. */
export interface AuditEntry {
  action: AuditAction;
  /** The tool acted on, when it was a tool. */
  toolId?: string | null;
  /** What was acted on: the tool's name, a message's subject; empty for sign-ins. */
  toolName?: string;
  detail?: Record<string, unknown> | string;
}

/**
 * Who acted: an admin, or for a failed sign-in the username that was tried (`id` null when no
 * admin has it), with the client address where there was a request.
 */
export interface AuditActor {
  id: string | null;
  username: string;
  ip?: string | null;
}

/** Writes entries for `actor`'s actions; call with the transaction that makes them. */
export async function recordAudit(
  db: Kysely<DB>,
  actor: AuditActor,
  entries: readonly AuditEntry[],
  now: number,
): Promise<void> {
  if (entries.length === 0) return;
  // 9 columns a row: 500 rows stay far under both engines' parameter limits.
  for (let i = 0; i < entries.length; i += 500) {
    await db
      .insertInto("audit_log")
      .values(
        entries.slice(i, i + 500).map((e) => ({
          id: newId(),
          admin_user_id: actor.id,
          // What a stranger typed as a username is kept, but not at any length.
          admin_username: actor.username.slice(0, 64),
          action: e.action,
          tool_id: e.toolId ?? null,
          tool_name: e.toolName ?? "",
          detail: e.detail === undefined ? "" : typeof e.detail === "string" ? e.detail : JSON.stringify(e.detail),
          ip: actor.ip ?? null,
          created_at: now,
        })),
      )
      .execute();
  }
}

/** An entry as the audit page shows it. */
export interface AuditLogItem {
  id: string;
  adminUsername: string;
  action: AuditAction;
  toolId: string | null;
  toolName: string;
  /** Whether the tool still exists (then its edit page can be linked). */
  toolExists: boolean;
  detail: string;
  ip: string | null;
  createdAt: number;
}

/** One page of the log, newest first, with the total number of entries. */
export async function listAuditLog(
  database: Database,
  options: { page: number; pageSize: number },
): Promise<{ items: AuditLogItem[]; total: number }> {
  const { db } = database;
  const [rows, count] = await Promise.all([
    db
      .selectFrom("audit_log")
      .leftJoin("tools", "tools.id", "audit_log.tool_id")
      .select([
        "audit_log.id",
        "audit_log.admin_username",
        "audit_log.action",
        "audit_log.tool_id",
        "audit_log.tool_name",
        "audit_log.detail",
        "audit_log.ip",
        "audit_log.created_at",
        "tools.id as existing_id",
      ])
      .orderBy("audit_log.created_at", "desc")
      .orderBy("audit_log.id", "desc")
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    db
      .selectFrom("audit_log")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      adminUsername: r.admin_username,
      action: r.action,
      toolId: r.tool_id,
      toolName: r.tool_name,
      toolExists: r.existing_id !== null,
      detail: r.detail,
      ip: r.ip,
      createdAt: r.created_at,
    })),
    total: count.n,
  };
}
