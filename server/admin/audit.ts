import { sql, type Kysely } from "kysely";
import type { Admin } from "./session.ts";
import type { Database } from "../db/index.ts";
import { newId } from "../db/ids.ts";
import type { AuditLogTable, DB } from "../db/types.ts";

// The audit log: what each admin did to which tool, and when. Entries are written inside the
// transaction of the change they describe, so there is never a change without its entry (or an
// entry for a change that was rolled back).

export type AuditAction = AuditLogTable["action"];

/** One change to one tool. `detail` is stored as JSON when it is an object. */
export interface AuditEntry {
  action: AuditAction;
  toolId: string;
  toolName: string;
  detail?: Record<string, unknown> | string;
}

/** Writes entries for `admin`'s changes; call with the transaction that makes them. */
export async function recordAudit(db: Kysely<DB>, admin: Admin, entries: readonly AuditEntry[], now: number): Promise<void> {
  if (entries.length === 0) return;
  // 8 columns a row: 500 rows stay far under both engines' parameter limits.
  for (let i = 0; i < entries.length; i += 500) {
    await db
      .insertInto("audit_log")
      .values(
        entries.slice(i, i + 500).map((e) => ({
          id: newId(),
          admin_user_id: admin.id,
          admin_username: admin.username,
          action: e.action,
          tool_id: e.toolId,
          tool_name: e.toolName,
          detail: e.detail === undefined ? "" : typeof e.detail === "string" ? e.detail : JSON.stringify(e.detail),
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
        "audit_log.created_at",
        "tools.id as existing_id",
      ])
      .orderBy("audit_log.created_at", "desc")
      .orderBy("audit_log.id", "desc")
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    db.selectFrom("audit_log").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
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
      createdAt: r.created_at,
    })),
    total: count.n,
  };
}
