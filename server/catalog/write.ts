import type { Kysely } from "kysely";
import { websiteKey } from "../../core/submission.ts";
import type { ToolContent, ToolSource, ToolStatus } from "../../core/tool.ts";
import { newId } from "../db/ids.ts";
import type { DB, NewToolRow } from "../db/types.ts";
import { reindexTools } from "../search/indexer.ts";
import { markCatalogChanged } from "./freshness.ts";

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
}

// Rows per INSERT: 500 tools × 23 columns stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
const BATCH = 500;

/**
 * Inserts tools with their category and tag memberships and marks the catalogue changed (through
 * reindexTools). Call inside a transaction for all-or-nothing, then tell the instance's freshness
 * (`changed()`).
 */
export async function insertTools(db: Kysely<DB>, tools: readonly NewTool[], now: number): Promise<void> {
  for (let i = 0; i < tools.length; i += BATCH) {
    const batch = tools.slice(i, i + BATCH);
    await db.insertInto("tools").values(batch.map(toRow)).execute();
    const categories = batch.flatMap((t) => t.categories.map((category, position) => ({ tool_id: t.id, category, position })));
    const tags = batch.flatMap((t) => t.tags.map((tag, position) => ({ tool_id: t.id, tag, position })));
    for (let j = 0; j < categories.length; j += BATCH * 2) {
      await db.insertInto("tool_categories").values(categories.slice(j, j + BATCH * 2)).execute();
    }
    for (let j = 0; j < tags.length; j += BATCH * 2) {
      await db.insertInto("tool_tags").values(tags.slice(j, j + BATCH * 2)).execute();
    }
    await reindexTools(db, batch.map((t) => t.id), now);
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
 * the tool for a year from `paidAt`, and marks the catalogue changed. Live payments go through
 * checkout and fulfilment instead.
 */
export async function insertPaidOrder(
  db: Kysely<DB>,
  order: { toolId: string; toolName: string; amountCents: number; provider: string; sessionId: string; paidAt: number },
): Promise<void> {
  await db
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
    })
    .execute();
  await markCatalogChanged(db, order.paidAt);
}
