import { sql } from "kysely";
import { descriptionText } from "../catalog/description.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { memberships, PREVIEW_COLUMNS, previewOf, type ToolPreview } from "../catalog/queries.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import type { Logger } from "../platform/logger.ts";
import type { Mailer } from "../platform/mail/mailer.ts";
import { changeCatalog } from "../catalog/change.ts";
import { deleteTools as deleteToolRows, setToolStatus, type ChangedTool } from "../catalog/write.ts";
import { ownStorageKey, type Storage } from "../platform/storage/index.ts";
import { CodedError } from "../platform/errors.ts";
import { startFeaturedYears } from "../payments/orders.ts";
import type { PaymentService } from "../payments/service.ts";
import {
  mailPaidRejection,
  paidOrdersOf,
  settleOrders,
  type PaidOrder,
  type Settlement,
} from "../payments/settlement.ts";
import { settlementText } from "../../core/featuring.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Admin } from "./session.ts";

// Moderation (docs/design.md#rule-5): the queue of pending submissions and what admins do with them.
// Every change is one catalogue change (server/catalog/change.ts) with its audit entries.

/** What the moderation functions need of the running server. */
export interface ModerationDeps {
  database: Database;
  storage: Storage;
  /** Told after each change commits, so this instance's pages follow at once. */
  freshness: Pick<CatalogFreshness, "changed">;
  now: () => number;
  log: Logger;
  /** Refunds a rejected tool's payments. */
  payments: Pick<PaymentService, "refund">;
  mailer: Mailer;
  config: Pick<Config, "storage" | "siteName">;
}

/** A pending tool as the queue previews it: the start of its card, and what a moderator weighs. */
export interface QueueItem extends ToolPreview {
  /** The start of the description as plain text. */
  excerpt: string;
  source: string;
  createdAt: number;
  /** The sum of its paid featuring orders (cents), or null when nobody paid to feature it. */
  paidCents: number | null;
  /** When its paid priority review is due (epoch ms), or null when none was paid for. */
  reviewDueAt: number | null;
}

const EXCERPT_LENGTH = 280;

function excerptOf(description: string): string {
  const text = descriptionText(description).replace(/\s+/g, " ").trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH).replace(/\s+\S*$/, "")}…`;
}

/**
 * One page of the queue: pending tools, those with a paid priority review first (soonest due
 * first), then those someone paid to feature (they are owed a quick answer too), then oldest
 * first; with the number of pending tools.
 */
export async function listModerationQueue(
  database: Database,
  options: { page: number; pageSize: number },
): Promise<{ items: QueueItem[]; total: number }> {
  const { db } = database;
  const paid = db
    .selectFrom("orders")
    .select([
      "orders.tool_id",
      sql<
        number | null
      >`sum(case when ${sql.ref("orders.kind")} = 'featuring' then ${sql.ref("orders.amount_cents")} end)`.as(
        "paid_cents",
      ),
      sql<number | null>`min(${sql.ref("orders.review_due_at")})`.as("review_due_at"),
    ])
    .where("orders.status", "=", "paid")
    .groupBy("orders.tool_id");
  const [rows, count] = await Promise.all([
    db
      .selectFrom("tools")
      .leftJoin(paid.as("p"), "p.tool_id", "tools.id")
      .select([
        ...PREVIEW_COLUMNS,
        "tools.description",
        "tools.source",
        "tools.created_at",
        "p.paid_cents",
        "p.review_due_at",
      ])
      .where("tools.status", "=", "pending")
      .orderBy(sql`case when ${sql.ref("p.review_due_at")} is null then 1 else 0 end`)
      .orderBy("p.review_due_at", "asc")
      .orderBy(sql`case when ${sql.ref("p.paid_cents")} is null then 1 else 0 end`)
      .orderBy("tools.created_at", "asc")
      .orderBy("tools.id", "asc")
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    db
      .selectFrom("tools")
      .select(sql<number>`count(*)`.as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
  ]);
  const categories = await memberships(
    database,
    "tool_categories",
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      ...previewOf(r, categories),
      excerpt: excerptOf(r.description),
      source: r.source,
      createdAt: r.created_at,
      paidCents: r.paid_cents === null ? null : Number(r.paid_cents),
      reviewDueAt: r.review_due_at === null ? null : Number(r.review_due_at),
    })),
    total: count.n,
  };
}

export type { ChangedTool };

/**
 * Approves tools that are pending or rejected (approved and verified ones stay as they are): they
 * join browse and search at once, and the featured year of any paid for while waiting starts now.
 * Returns the tools it changed.
 */
export function approveTools(deps: ModerationDeps, admin: Admin, ids: readonly string[]): Promise<ChangedTool[]> {
  return changeCatalog(deps, async (write) => {
    const rows = await setToolStatus(write, ids, {
      from: ["pending", "rejected"],
      to: "approved",
      rejectionReason: null,
    });
    await startFeaturedYears(
      write,
      rows.map((r) => r.id),
    );
    await recordAudit(
      write.db,
      admin,
      rows.map((r) => ({ action: "approve", toolId: r.id, toolName: r.name })),
      write.now,
    );
    return rows;
  });
}

/** A rejection refused before anything changed: a paid tool needs its payment settled, on its own. */
export class SettlementRequired extends CodedError<"settlement-required"> {
  constructor(message: string) {
    super("settlement-required", message);
  }
}

/** The provider did not refund a rejected tool's payment: nothing was changed. */
export class RefundFailed extends CodedError<"refund-failed"> {
  constructor(message: string, options?: ErrorOptions) {
    super("refund-failed", message, options);
  }
}

/**
 * Rejects tools not rejected already, with the reason the submitter will read (null: none given).
 * A public tool that is rejected leaves browse and search. A tool someone paid to feature is
 * rejected only on its own and with `settlement`: its payments are refunded at the provider first
 * (nothing changes here if that fails), or kept as credit with a note. A pending submission's paid
 * priority review is always refunded, whatever `settlement` says: it never bought approval. The
 * orders are marked so in the same change, and the submitters are mailed. Returns the tools it
 * changed.
 */
export async function rejectTools(
  deps: ModerationDeps,
  admin: Admin,
  ids: readonly string[],
  reason: string | null,
  settlement: Settlement | null = null,
): Promise<(ChangedTool & { reviewRefunded: boolean })[]> {
  const paid = await paidOrdersOf(deps.database.db, ids);
  const featuring = paid.filter((o) => o.kind === "featuring");
  // A review is owed back only while its submission waits: once approved, it was delivered.
  const pending = await pendingOf(deps.database, [...new Set(paid.map((o) => o.toolId))]);
  const reviews = paid.filter((o) => o.kind === "priority-review" && pending.has(o.toolId));
  if (featuring.length > 0) {
    const paidIds = new Set(featuring.map((o) => o.toolId));
    if (ids.length > 1) {
      throw new SettlementRequired(
        `${paidIds.size === 1 ? "One of the selected tools was" : "Some of the selected tools were"} paid for: reject ${paidIds.size === 1 ? "it" : "each"} on its own, choosing to refund the payment or keep it as credit. Nothing was rejected.`,
      );
    }
    if (!settlement)
      throw new SettlementRequired(
        "This tool was paid for: choose to refund the payment or keep it as credit. Nothing was rejected.",
      );
  }
  const featuringSettled = featuring.length > 0 ? settlement : null;
  const refunds = [...reviews, ...(featuringSettled?.kind === "refund" ? featuring : [])];
  if (refunds.length > 0) {
    try {
      await deps.payments.refund(refunds);
    } catch (error) {
      const said = error instanceof Error && (error as { code?: unknown }).code === "provider-failed";
      throw new RefundFailed(said ? error.message : "The payment provider could not be asked.", { cause: error });
    }
  }
  const rows = await changeCatalog(deps, async (write) => {
    const changed = await setToolStatus(write, ids, {
      from: ["pending", "approved", "verified"],
      to: "rejected",
      rejectionReason: reason,
    });
    // Settled whether or not the status changed: a refund asked for above has been made.
    if (featuringSettled) await settleOrders(write, featuring, featuringSettled);
    await settleOrders(write, reviews, REVIEW_REFUND);
    const refundedReview = new Set(reviews.map((o) => o.toolId));
    await recordAudit(
      write.db,
      admin,
      changed.map((r) => {
        const detail = {
          ...(reason === null ? {} : { reason }),
          ...(featuringSettled
            ? {
                payment: featuringSettled.kind,
                ...(featuringSettled.note ? { paymentNote: featuringSettled.note } : {}),
              }
            : {}),
          ...(refundedReview.has(r.id) ? { priorityReview: "refund" } : {}),
        };
        return {
          action: "reject",
          toolId: r.id,
          toolName: r.name,
          detail: Object.keys(detail).length === 0 ? undefined : detail,
        };
      }),
      write.now,
    );
    return changed;
  });
  // The answer does not wait for the mail server.
  for (const row of rows) {
    const ofTool = (orders: readonly PaidOrder[]) => orders.filter((o) => o.toolId === row.id);
    const cents = (orders: readonly PaidOrder[]) => orders.reduce((sum, o) => sum + o.amountCents, 0);
    const mine = { featuring: ofTool(featuringSettled ? featuring : []), reviews: ofTool(reviews) };
    if (mine.featuring.length === 0 && mine.reviews.length === 0) continue;
    const money = [
      ...(mine.featuring.length > 0 ? [settlementText(featuringSettled!, cents(mine.featuring))] : []),
      ...(mine.reviews.length > 0 ? [settlementText(REVIEW_REFUND, cents(mine.reviews))] : []),
    ].join(" ");
    void mailPaidRejection(deps, row.id, reason, money, mine.featuring.length > 0 ? "featuring" : "priority-review");
  }
  const refundedReview = new Set(reviews.map((o) => o.toolId));
  return rows.map((row) => ({ ...row, reviewRefunded: refundedReview.has(row.id) }));
}

/** What becomes of a rejected submission's priority review: given back in full. */
const REVIEW_REFUND: Settlement = { kind: "refund", note: null };

/** Which of these tools are pending. */
async function pendingOf(database: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await database.db
    .selectFrom("tools")
    .select("id")
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Deletes tools for good (server/catalog/write.ts says what goes with them). Their logo and
 * screenshot files, when stored by us, are removed after the commit, best effort: a file left
 * behind costs disk space, never correctness. Returns the tools it deleted.
 */
export async function deleteTools(deps: ModerationDeps, admin: Admin, ids: readonly string[]): Promise<ChangedTool[]> {
  const deleted = await changeCatalog(deps, async (write) => {
    const rows = await deleteToolRows(write, ids);
    await recordAudit(
      write.db,
      admin,
      rows.map((r) => ({
        action: "delete",
        toolId: r.id,
        toolName: r.name,
        detail: { slug: r.slug, status: r.status },
      })),
      write.now,
    );
    return rows;
  });
  if (deleted.length === 0) return [];
  await deleteStoredFiles(
    deps,
    deleted.flatMap((r) => [r.logo_url, r.screenshot_url]),
  );
  return deleted.map((r) => ({ id: r.id, name: r.name }));
}

/** Removes the stored files behind these URLs, where they are ours; failures are logged, not thrown. */
export async function deleteStoredFiles(
  deps: { storage: Storage; log: Logger; config: Pick<Config, "storage"> },
  urls: readonly (string | null)[],
): Promise<void> {
  const keys = urls.map((url) => ownStorageKey(url, deps.config.storage)).filter((key): key is string => key !== null);
  await Promise.all(
    keys.map((key) =>
      deps.storage
        .delete(key)
        .catch((error: unknown) => deps.log.warn({ err: error, key }, "stored file of a removed tool not deleted")),
    ),
  );
}
