import { sql } from "kysely";
import { websiteKey } from "../../core/submission.ts";
import type { ToolContent, ToolSource, ToolStatus } from "../../core/tool.ts";
import { newId } from "../platform/db/ids.ts";
import type { NewToolRow, ToolUpdate } from "../platform/db/types.ts";
import type { CatalogWrite } from "./change.ts";

// Every write of the catalogue's tables (tools, their categories and tags), each taking the
// CatalogWrite of a change (server/catalog/change.ts) and saying what it changed. Nothing else
// writes these tables (server/catalog/boundary.test.ts).

/** A complete tool to store: its content plus what the server decides. */
export interface NewTool extends ToolContent {
  id: string;
  slug: string;
  status: ToolStatus;
  source: ToolSource;
  logoUrl: string | null;
  screenshotUrl: string | null;
  submitterEmail: string | null;
  upvotesCount: number;
  createdAt: number;
  updatedAt: number;
  /** The hash of a free submission's private status link. */
  statusTokenHash?: string | null;
  /** Where an imported tool came from (its launch page). */
  sourceUrl?: string | null;
}

// Rows per INSERT: 500 tools × 23 columns stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
const BATCH = 500;

/** Inserts tools with their category and tag memberships: new listings. */
export async function insertTools(write: CatalogWrite, tools: readonly NewTool[]): Promise<void> {
  const { db } = write;
  for (let i = 0; i < tools.length; i += BATCH) {
    const batch = tools.slice(i, i + BATCH);
    await db.insertInto("tools").values(batch.map(toRow)).execute();
    const categories = batch.flatMap((t) =>
      t.categories.map((category, position) => ({ tool_id: t.id, category, position })),
    );
    const tags = batch.flatMap((t) => t.tags.map((tag, position) => ({ tool_id: t.id, tag, position })));
    for (let j = 0; j < categories.length; j += BATCH * 2) {
      await db
        .insertInto("tool_categories")
        .values(categories.slice(j, j + BATCH * 2))
        .execute();
    }
    for (let j = 0; j < tags.length; j += BATCH * 2) {
      await db
        .insertInto("tool_tags")
        .values(tags.slice(j, j + BATCH * 2))
        .execute();
    }
    write.changed(
      "listing",
      batch.map((t) => t.id),
    );
  }
}

function toRow(t: NewTool): NewToolRow {
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    tagline: t.tagline,
    description: t.description,
    website_url: t.websiteUrl,
    website_key: websiteKey(t.websiteUrl),
    logo_url: t.logoUrl,
    screenshot_url: t.screenshotUrl,
    platforms: JSON.stringify(t.platforms),
    pricing_model: t.pricingModel,
    pricing_details: t.pricingDetails,
    features: JSON.stringify(t.features),
    use_cases: JSON.stringify(t.useCases),
    integrations: JSON.stringify(t.integrations),
    target_audience: JSON.stringify(t.targetAudience),
    submitter_email: t.submitterEmail,
    status_token_hash: t.statusTokenHash ?? null,
    source_url: t.sourceUrl ?? null,
    submitted_by_uid: null,
    status: t.status,
    source: t.source,
    upvotes_count: t.upvotesCount,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

/**
 * Records a payment already made (demo data, imports of past orders): a paid order that features
 * the tool for a year from `paidAt`. Live payments go through checkout and fulfilment instead.
 */
export async function insertPaidOrder(
  write: CatalogWrite,
  order: { toolId: string; toolName: string; amountCents: number; provider: string; sessionId: string; paidAt: number },
): Promise<void> {
  await write.db
    .insertInto("orders")
    .values({
      id: newId(),
      tool_id: order.toolId,
      tool_name: order.toolName,
      amount_cents: order.amountCents,
      provider: order.provider,
      provider_session_id: order.sessionId,
      status: "paid",
      created_at: order.paidAt,
      updated_at: order.paidAt,
      paid_at: order.paidAt,
      featured_from: order.paidAt,
    })
    .execute();
  write.changed("featuring", [order.toolId]);
}

/** A tool as a moderation change names it. */
export interface ChangedTool {
  id: string;
  name: string;
}

/**
 * Moves tools that are in one of the `from` states to `status` (with the reason a rejection gives,
 * or none), and returns the ones it moved: they join or leave the public lists.
 */
export async function setToolStatus(
  write: CatalogWrite,
  ids: readonly string[],
  change: { from: readonly ToolStatus[]; to: ToolStatus; rejectionReason: string | null },
): Promise<ChangedTool[]> {
  if (ids.length === 0) return [];
  const rows = await write.db
    .updateTable("tools")
    .set({ status: change.to, rejection_reason: change.rejectionReason, updated_at: write.now })
    .where("id", "in", [...ids])
    .where("status", "in", [...change.from])
    .returning(["id", "name"])
    .execute();
  write.changed(
    "listing",
    rows.map((r) => r.id),
  );
  return rows;
}

/**
 * Deletes tools for good: their likes, categories, tags and search rows go with them (foreign keys
 * cascade; the likes are deleted first, as they leave the total of likes), their orders stay
 * (tool_id set null). Returns what was deleted, for the audit log and the stored files to remove; RETURNING names only the rows this transaction deleted, so a
 * concurrent delete is not reported twice.
 */
export async function deleteTools(write: CatalogWrite, ids: readonly string[]) {
  if (ids.length === 0) return [];
  // The likes go first, by hand rather than by the cascade, to know how many the total loses: a
  // concurrent delete of the same tools waits on their rows and then finds none to take.
  const likes = await write.db
    .deleteFrom("likes")
    .where("tool_id", "in", [...ids])
    .executeTakeFirst();
  const rows = await write.db
    .deleteFrom("tools")
    .where("id", "in", [...ids])
    .returning(["id", "name", "slug", "status", "logo_url", "screenshot_url"])
    .execute();
  await moveLikesTotal(write, -Number(likes.numDeletedRows));
  write.changed(
    "listing",
    rows.map((r) => r.id),
  );
  return rows;
}

/**
 * Writes a tool's edited fields, and replaces its categories or tags when given; false when there
 * is no such tool.
 */
export async function updateToolRow(
  write: CatalogWrite,
  id: string,
  fields: Omit<ToolUpdate, "id" | "updated_at">,
  lists: { categories?: readonly string[]; tags?: readonly string[] } = {},
): Promise<boolean> {
  const { db } = write;
  const result = await db
    .updateTable("tools")
    .set({ ...fields, updated_at: write.now })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (lists.categories) {
    await db.deleteFrom("tool_categories").where("tool_id", "=", id).execute();
    if (lists.categories.length > 0) {
      await db
        .insertInto("tool_categories")
        .values(lists.categories.map((category, position) => ({ tool_id: id, category, position })))
        .execute();
    }
  }
  if (lists.tags) {
    await db.deleteFrom("tool_tags").where("tool_id", "=", id).execute();
    if (lists.tags.length > 0) {
      await db
        .insertInto("tool_tags")
        .values(lists.tags.map((tag, position) => ({ tool_id: id, tag, position })))
        .execute();
    }
  }
  write.changed("listing", [id]);
  return true;
}

/**
 * A tool's status (null when there is none), its row locked until the change ends: writing the row
 * takes the lock on PostgreSQL, where a reader would not wait for another change of the tool to
 * commit; SQLite runs one write transaction at a time anyway.
 */
export async function lockedToolStatus(write: CatalogWrite, toolId: string): Promise<string | null> {
  const row = await write.db
    .updateTable("tools")
    .set({ status: sql<string>`status` })
    .where("id", "=", toolId)
    .returning("status")
    .executeTakeFirst();
  return row?.status ?? null;
}

/** Moves the total of every like (the dashboard's figure) by `by`, in the change that added or removed them. */
export async function moveLikesTotal(write: CatalogWrite, by: number): Promise<void> {
  if (by === 0) return;
  await write.db
    .updateTable("catalog_state")
    .set({ likes_total: sql<number>`likes_total + ${by}` })
    .where("id", "=", 1)
    .execute();
}

/**
 * Moves a tool's like count by the likes added less those taken back (never below zero, whatever a
 * count imported or edited by hand says), and returns the new count.
 */
export async function moveLikeCount(write: CatalogWrite, toolId: string, by: number): Promise<number> {
  const row = await write.db
    .updateTable("tools")
    .set({ upvotes_count: sql<number>`case when upvotes_count + ${by} > 0 then upvotes_count + ${by} else 0 end` })
    .where("id", "=", toolId)
    .returning("upvotes_count")
    .executeTakeFirstOrThrow();
  write.changed("counts", [toolId]);
  return row.upvotes_count;
}

/**
 * Counts a tool's published reviews again, and the sum of their ratings (docs/decisions/051):
 * after a review is published, replaced or taken down. The tool page shows them, so its stored
 * copies go too.
 */
export async function recountReviews(write: CatalogWrite, toolId: string): Promise<void> {
  const published = (column: "count" | "sum") =>
    sql<number>`(select ${sql.raw(column === "count" ? "count(*)" : "coalesce(sum(rating), 0)")} from reviews where reviews.tool_id = tools.id and reviews.status = 'published')`;
  await write.db
    .updateTable("tools")
    .set({ comments_count: published("count"), rating_sum: published("sum") })
    .where("id", "=", toolId)
    .execute();
  write.changed("listing", [toolId]);
}

/** Gives a tool its new screenshot; false when the tool is gone. */
export async function setScreenshot(write: CatalogWrite, toolId: string, screenshotUrl: string): Promise<boolean> {
  const result = await write.db
    .updateTable("tools")
    .set({ screenshot_url: screenshotUrl, updated_at: write.now })
    .where("id", "=", toolId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  write.changed("media", [toolId]);
  return true;
}

/** Sets a tool's lifecycle by hand (null: derived again from what the link check finds) and its successor. */
export async function recordLifecycle(
  write: CatalogWrite,
  toolId: string,
  lifecycle: "discontinued" | "acquired" | null,
  successorId: string | null,
): Promise<void> {
  await write.db
    .updateTable("tools")
    .set({ lifecycle, successor_id: successorId, lifecycle_set_at: lifecycle === null ? null : write.now })
    .where("id", "=", toolId)
    .execute();
}

/** Records what the link check found at a tool's website, and how many checks in a row failed. */
export async function recordLinkCheck(
  write: CatalogWrite,
  toolId: string,
  check: {
    checkedAt: number;
    result: string;
    failures: number;
    /** Set when the website answered: a hash of the start of its page (none for a refusal). */
    answered?: { siteHash: string | null };
    /** The source repository's last activity, when the website names one and its forge answered. */
    repoActivityAt?: number | null;
    /** Whether the check moved the tool into or out of the lists (core/lifecycle.ts, hiddenFromLists). */
    relisted?: boolean;
  },
): Promise<void> {
  const { answered } = check;
  await write.db
    .updateTable("tools")
    .set((eb) => ({
      link_checked_at: check.checkedAt,
      link_check_result: check.result,
      link_failures: check.failures,
      ...(answered
        ? {
            link_ok_at: check.checkedAt,
            ...(answered.siteHash !== null
              ? {
                  site_hash: answered.siteHash,
                  // First seen, or changed since: the site changed now (as far as the check can tell).
                  site_changed_at: eb
                    .case()
                    .when(eb.or([eb("site_hash", "is", null), eb("site_hash", "<>", answered.siteHash)]))
                    .then(check.checkedAt)
                    .else(eb.ref("site_changed_at"))
                    .end(),
                }
              : {}),
          }
        : {}),
      ...(check.repoActivityAt != null ? { repo_activity_at: check.repoActivityAt } : {}),
    }))
    .where("id", "=", toolId)
    .execute();
  write.changed(check.relisted ? "listing" : "links", [toolId]);
}
