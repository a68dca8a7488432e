import { sql } from "kysely";
import { isManualLifecycle, type ManualLifecycleState } from "../../core/lifecycle.ts";
import { websiteKey } from "../../core/submission.ts";
import { PUBLIC_STATUSES, type ToolContent, type ToolStatus } from "../../core/tool.ts";
import { memberships, toolContentOf } from "../catalog/queries.ts";
import type { Database } from "../platform/db/index.ts";
import { ToolGoneError } from "../platform/errors.ts";
import { changeCatalog } from "../catalog/change.ts";
import { updateToolRow } from "../catalog/write.ts";
import { readLogo, storeLogo } from "../submissions/logo.ts";
import { findToolByWebsite } from "../submissions/service.ts";
import { recordAudit } from "../audit/audit.ts";
import { startFeaturedYears } from "../payments/orders.ts";
import { paidOrdersOf } from "../payments/settlement.ts";
import { deleteStoredFiles, type ModerationDeps } from "./moderation.ts";
import type { Admin } from "./session.ts";

// The admin's view of the whole catalogue, whatever each tool's status: the list, and the edit
// of one tool. An edit is one catalogue change with its audit entry.

/** A row of the admin tool list. */
export interface AdminToolListItem {
  id: string;
  slug: string;
  name: string;
  status: ToolStatus;
  source: string;
  logoUrl: string | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * One page of all tools, newest first, optionally only those of one status and those whose name
 * contains `search` (any case); with the total for the same filter.
 */
export async function listAdminTools(
  database: Database,
  options: { search: string; status: ToolStatus | null; page: number; pageSize: number },
): Promise<{ items: AdminToolListItem[]; total: number }> {
  let base = database.db.selectFrom("tools");
  if (options.status) base = base.where("status", "=", options.status);
  const needle = options.search.trim().toLowerCase();
  if (needle) {
    // LIKE's wildcards in the text are matched as themselves.
    const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`lower(${sql.ref("name")}) like ${pattern} escape '\\'`);
  }
  const [rows, count] = await Promise.all([
    base
      .select(["id", "slug", "name", "status", "source", "logo_url", "created_at", "updated_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      status: r.status as ToolStatus,
      source: r.source,
      logoUrl: r.logo_url,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
    total: count.n,
  };
}

/** Everything the edit page shows and may change, plus what it only shows. */
export interface EditableTool extends ToolContent {
  id: string;
  slug: string;
  status: ToolStatus;
  source: string;
  rejectionReason: string | null;
  submitterEmail: string | null;
  logoUrl: string | null;
  screenshotUrl: string | null;
  createdAt: number;
  updatedAt: number;
  /** The lifecycle state set by hand (null: derived by the link check), and the successor's slug. */
  lifecycle: ManualLifecycleState | null;
  successorSlug: string | null;
}

/** A tool of any status by id, for the edit page; null when there is none. */
export async function findToolForEdit(database: Database, id: string): Promise<EditableTool | null> {
  const row = await database.db.selectFrom("tools").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [categories, tags, successor] = await Promise.all([
    memberships(database, "tool_categories", [id]),
    memberships(database, "tool_tags", [id]),
    row.successor_id === null
      ? undefined
      : database.db.selectFrom("tools").select("slug").where("id", "=", row.successor_id).executeTakeFirst(),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    ...toolContentOf(row, categories.get(id) ?? [], tags.get(id) ?? []),
    status: row.status as ToolStatus,
    source: row.source,
    rejectionReason: row.rejection_reason,
    submitterEmail: row.submitter_email,
    logoUrl: row.logo_url,
    screenshotUrl: row.screenshot_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lifecycle: isManualLifecycle(row.lifecycle) ? row.lifecycle : null,
    successorSlug: successor?.slug ?? null,
  };
}

/** What an edit sets: the submission form's content, the submitter's email, the status and a rejection's reason. */
export interface ToolEdit extends ToolContent {
  submitterEmail: string | null;
  status: ToolStatus;
  /** Kept only when the status is rejected. */
  rejectionReason: string | null;
}

export type UpdateToolResult =
  /** Saved; `changed` names the fields that changed (empty: nothing to save, nothing written). */
  | { kind: "saved"; changed: string[] }
  | { kind: "not-found" }
  /** The new logo was refused; nothing was changed. */
  | { kind: "bad-logo"; message: string }
  /** Another tool already lists the new website; nothing was changed. */
  | { kind: "duplicate"; existing: { slug: string; name: string } }
  /** Rejected here while someone's payment for it stands (it would be left "paid"); nothing was changed. */
  | { kind: "paid"; message: string };

/** Why the edit page does not reject a paid tool. */
export const PAID_REJECT_ELSEWHERE =
  "This tool has payments in force. Reject it from the moderation queue, which refunds them or keeps them as credit; a listed tool's payments are refunded at the payment provider first.";

const EDITABLE_FIELDS = [
  "name",
  "tagline",
  "websiteUrl",
  "description",
  "categories",
  "tags",
  "platforms",
  "pricingModel",
  "pricingDetails",
  "features",
  "useCases",
  "integrations",
  "targetAudience",
  "submitterEmail",
  "status",
  "rejectionReason",
] as const;

/**
 * Saves an admin's edit of a tool: its fields, categories and tags, status, and (when `logo` is
 * given) a new logo, re-encoded like a submitted one, that replaces the old; the old file is
 * removed once the change is committed. The slug stays, so the tool's address does not change.
 */
export async function updateTool(
  deps: ModerationDeps,
  admin: Admin,
  id: string,
  edit: ToolEdit,
  logo: { name: string; bytes: Buffer } | null,
): Promise<UpdateToolResult> {
  const { database, storage } = deps;
  const current = await findToolForEdit(database, id);
  if (!current) return { kind: "not-found" };
  if (
    edit.status === "rejected" &&
    current.status !== "rejected" &&
    // A priority review is owed back only while the submission waits; featuring always is.
    (await paidOrdersOf(database.db, [id])).some((o) => o.kind === "featuring" || current.status === "pending")
  ) {
    return { kind: "paid", message: PAID_REJECT_ELSEWHERE };
  }
  // Browsers send a textarea's line breaks as CRLF; stored text keeps LF, so an untouched field compares equal.
  const lf = (text: string) => text.replace(/\r\n?/g, "\n");
  const next: ToolEdit = {
    ...edit,
    description: lf(edit.description),
    pricingDetails: lf(edit.pricingDetails),
    rejectionReason: edit.status === "rejected" && edit.rejectionReason !== null ? lf(edit.rejectionReason) : null,
  };

  if (websiteKey(next.websiteUrl) !== websiteKey(current.websiteUrl)) {
    const existing = await findToolByWebsite(database, next.websiteUrl, id);
    if (existing) return { kind: "duplicate", existing };
  }

  const changed: string[] = EDITABLE_FIELDS.filter(
    (field) => JSON.stringify(current[field]) !== JSON.stringify(next[field]),
  );
  let newLogo: { key: string; url: string } | null = null;
  if (logo) {
    const processed = await readLogo(logo.bytes);
    if (processed.kind === "bad-logo") return processed;
    newLogo = await storeLogo(storage, current.slug, deps.now(), logo.name, processed.webp);
    changed.push("logo");
  }
  if (changed.length === 0) return { kind: "saved", changed };

  try {
    await changeCatalog(deps, async (write) => {
      const found = await updateToolRow(
        write,
        id,
        {
          name: next.name,
          tagline: next.tagline,
          website_url: next.websiteUrl,
          website_key: websiteKey(next.websiteUrl),
          description: next.description,
          platforms: JSON.stringify(next.platforms),
          pricing_model: next.pricingModel,
          pricing_details: next.pricingDetails,
          features: JSON.stringify(next.features),
          use_cases: JSON.stringify(next.useCases),
          integrations: JSON.stringify(next.integrations),
          target_audience: JSON.stringify(next.targetAudience),
          submitter_email: next.submitterEmail,
          status: next.status,
          rejection_reason: next.rejectionReason,
          ...(newLogo ? { logo_url: newLogo.url } : {}),
        },
        {
          ...(changed.includes("categories") ? { categories: next.categories } : {}),
          ...(changed.includes("tags") ? { tags: next.tags } : {}),
        },
      );
      if (!found) throw new ToolGoneError();
      // Made public here rather than from the queue: a year paid for while it waited starts now.
      if ((PUBLIC_STATUSES as readonly string[]).includes(next.status)) await startFeaturedYears(write, [id]);
      await recordAudit(
        write.db,
        admin,
        [
          {
            action: "edit",
            toolId: id,
            toolName: next.name,
            detail: {
              changed,
              ...(current.status !== next.status ? { status: { from: current.status, to: next.status } } : {}),
              ...(current.name !== next.name ? { formerName: current.name } : {}),
            },
          },
        ],
        write.now,
      );
    });
  } catch (error) {
    if (newLogo) await storage.delete(newLogo.key).catch(() => undefined);
    if (error instanceof ToolGoneError) return { kind: "not-found" };
    throw error;
  }
  if (newLogo && current.logoUrl !== newLogo.url) await deleteStoredFiles(deps, [current.logoUrl]);
  return { kind: "saved", changed };
}
