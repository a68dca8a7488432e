import { averageRating } from "../../core/reviews.ts";
import { sql } from "kysely";
import type { CategorySlug } from "../../core/categories.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import {
  isManualLifecycle,
  lastUpdatedAt,
  lifecycleOf,
  type LifecycleState,
  type LifecycleThresholds,
  type ManualLifecycleState,
} from "../../core/lifecycle.ts";
import type { Platform } from "../../core/platforms.ts";
import type { PricingModel } from "../../core/pricing.ts";
import { PUBLIC_STATUSES, type ToolContent, type ToolStatus } from "../../core/tool.ts";
import type { Database } from "../platform/db/index.ts";
import type { ToolRow } from "../platform/db/types.ts";

// Reads of tool rows by key: cards and tool pages. Which tools a list shows, and in what order, is
// decided by the catalogue in memory (server/catalog/public.ts); these read the rows it names.
// "Featured" is read per row: a public tool with paid orders whose year is still running; its
// weight is the sum of those payments (docs/design.md#rule-3).

/** A running featured placement: the weight (sum of payments in force) and when it ends. */
export interface Featuring {
  priceCents: number;
  until: number;
}

/** What a tool card shows. */
export interface ToolCard {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  websiteUrl: string;
  logoUrl: string | null;
  categories: CategorySlug[];
  pricingModel: string | null;
  upvotesCount: number;
  createdAt: number;
  featured: Featuring | null;
  /** Whether it is still alive (core/lifecycle.ts): a card shows a badge for anything but active. */
  lifecycle: LifecycleState;
}

/** Everything the tool page shows. */
export interface ToolDetail extends ToolCard {
  description: string;
  screenshotUrl: string | null;
  tags: string[];
  platforms: string[];
  pricingDetails: string;
  features: string[];
  useCases: string[];
  integrations: string[];
  targetAudience: string[];
  status: ToolStatus;
  updatedAt: number;
  /** When the weekly check last reached the website (ms), and whether it answered; null before the first check. */
  linkCheck: { checkedAt: number; ok: boolean } | null;
  /** When the link check last saw the website change or the repository's last activity, whichever is later. */
  lastUpdatedAt: number | null;
  /** The state set by hand, and when (discontinued tools leave search engines' indexes some time after). */
  manualLifecycle: ManualLifecycleState | null;
  lifecycleSetAt: number | null;
  /** The public tool that took over, when one is named. */
  successor: { slug: string; name: string } | null;
  /** Its published reviews: how many, and their mean to one decimal (null without any). */
  rating: { average: number | null; count: number };
}

/** The columns a tool's lifecycle is derived from. */
const LIFECYCLE_COLUMNS = [
  "tools.lifecycle",
  "tools.link_failures",
  "tools.link_ok_at",
  "tools.site_changed_at",
  "tools.repo_activity_at",
] as const;

type LifecycleRow = Pick<
  ToolRow,
  "lifecycle" | "link_failures" | "link_ok_at" | "site_changed_at" | "repo_activity_at"
>;

const time = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** A row's lifecycle facts, as core/lifecycle.ts reads them (bigints come back as text from PostgreSQL). */
function lifecycleFacts(row: LifecycleRow) {
  return {
    manual: row.lifecycle,
    linkFailures: row.link_failures,
    lastOkAt: time(row.link_ok_at),
    siteChangedAt: time(row.site_changed_at),
    repoActivityAt: time(row.repo_activity_at),
  };
}

type Db = Database["db"];

/**
 * Paid orders in force at `now` (docs/design.md#rule-3), one row per order: their featured year
 * began within the last year (`featured_from`: payment, or approval for a tool paid for while it
 * waited for review; null while it still waits).
 */
export function paidOrdersInForce(db: Db, now: number) {
  return db
    .selectFrom("orders")
    .where("orders.status", "=", "paid")
    .where("orders.featured_from", ">", now - FEATURED_DURATION_MS);
}

/** The columns previewOf reads. */
export const PREVIEW_COLUMNS = [
  "tools.id",
  "tools.slug",
  "tools.name",
  "tools.tagline",
  "tools.website_url",
  "tools.logo_url",
] as const;

/**
 * A tool's running featured weight and latest payment at `now`, read per row through the
 * (tool_id, status, featured_from) index: a handful of orders per tool, never all of them.
 */
function featuringColumns(now: number) {
  const inForce = (column: "amount_cents" | "featured_from", aggregate: "sum" | "max") =>
    sql<number | null>`(select ${sql.raw(aggregate)}(${sql.ref(`orders.${column}`)}) from ${sql.table("orders")}
      where ${sql.ref("orders.tool_id")} = ${sql.ref("tools.id")} and ${sql.ref("orders.status")} = 'paid'
      and ${sql.ref("orders.featured_from")} > ${now - FEATURED_DURATION_MS})`;
  return [
    inForce("amount_cents", "sum").as("featured_cents"),
    inForce("featured_from", "max").as("last_paid_at"),
  ] as const;
}

function cardColumns(now: number) {
  return [
    ...PREVIEW_COLUMNS,
    "tools.pricing_model",
    "tools.upvotes_count",
    "tools.created_at",
    ...LIFECYCLE_COLUMNS,
    ...featuringColumns(now),
  ] as const;
}

// Written out, not bound as parameters: SQLite uses a partial index only when the query repeats
// its predicate literally (migration 2026-11-22T01). The values are our own constants.
const IS_PUBLIC = sql<boolean>`${sql.ref("tools.status")} in (${sql.raw(PUBLIC_STATUSES.map((s) => `'${s}'`).join(", "))})`;

type CardRow = LifecycleRow & {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  website_url: string;
  logo_url: string | null;
  pricing_model: string | null;
  upvotes_count: number;
  created_at: number;
  featured_cents: number | null;
  last_paid_at: number | null;
};

function featuringOf(row: { featured_cents: number | null; last_paid_at: number | null }): Featuring | null {
  return row.featured_cents && row.last_paid_at !== null
    ? { priceCents: row.featured_cents, until: row.last_paid_at + FEATURED_DURATION_MS }
    : null;
}

/** What every preview of a tool begins with: its card's, and the moderation queue's. */
export type ToolPreview = Pick<ToolCard, "id" | "slug" | "name" | "tagline" | "websiteUrl" | "logoUrl" | "categories">;

/** A row's preview fields; `categories` holds each tool's, as memberships reads them. */
export function previewOf(
  row: Pick<ToolRow, "id" | "slug" | "name" | "tagline" | "website_url" | "logo_url">,
  categories: Map<string, string[]>,
): ToolPreview {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    websiteUrl: row.website_url,
    logoUrl: row.logo_url,
    categories: (categories.get(row.id) ?? []) as CategorySlug[],
  };
}

async function toCards(
  database: Database,
  rows: CardRow[],
  now: number,
  thresholds: LifecycleThresholds,
): Promise<ToolCard[]> {
  const categories = await memberships(
    database,
    "tool_categories",
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...previewOf(r, categories),
    pricingModel: r.pricing_model,
    upvotesCount: r.upvotes_count,
    createdAt: r.created_at,
    featured: featuringOf(r),
    lifecycle: lifecycleOf(lifecycleFacts(r), thresholds, now),
  }));
}

/** Each tool's categories or tags, in the order they were given. */
export async function memberships(
  database: Database,
  table: "tool_categories" | "tool_tags",
  ids: string[],
): Promise<Map<string, string[]>> {
  const byTool = new Map<string, string[]>();
  if (ids.length === 0) return byTool;
  const value = table === "tool_categories" ? "category" : "tag";
  const rows = await database.db
    .selectFrom(table)
    .select(["tool_id", sql<string>`${sql.ref(value)}`.as("value")])
    .where("tool_id", "in", ids)
    .orderBy("tool_id")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = byTool.get(row.tool_id) ?? [];
    list.push(row.value);
    byTool.set(row.tool_id, list);
  }
  return byTool;
}

/** Cards of the given public tools, in the order given; ids that are not public are left out. */
export async function listToolCards(
  database: Database,
  now: number,
  ids: readonly string[],
  thresholds: LifecycleThresholds,
): Promise<ToolCard[]> {
  if (ids.length === 0) return [];
  const rows = await database.db
    .selectFrom("tools")
    .select([...cardColumns(now), "tools.status"])
    .where("tools.id", "in", ids)
    .execute();
  // Public is checked here, not in the query: with a status term SQLite may prefer a status index to the key.
  const cards = new Map(
    (await toCards(database, rows.filter(isPublicRow), now, thresholds)).map((card) => [card.id, card]),
  );
  return ids.flatMap((id) => cards.get(id) ?? []);
}

function isPublicRow(row: { status: string }): boolean {
  return (PUBLIC_STATUSES as readonly string[]).includes(row.status);
}

/**
 * Ids of the most liked public tools, most liked first (then newest): `limit` of them from
 * `offset`, read along the (upvotes_count, created_at, id) index of public tools. SQLite is told
 * to use it: its planner would rather read every public tool through the status index and sort.
 */
export async function mostLikedIds(database: Database, options: { limit: number; offset?: number }): Promise<string[]> {
  const from = database.engine === "sqlite" ? sql`tools indexed by tools_public_likes` : sql`tools`;
  const { rows } = await sql<{ id: string }>`select tools.id from ${from} where ${IS_PUBLIC}
    order by tools.upvotes_count desc, tools.created_at desc, tools.id desc
    limit ${options.limit} offset ${options.offset ?? 0}`.execute(database.db);
  return rows.map((r) => r.id);
}

/** The like counts of the public tools among `ids` (read by primary key). */
export async function likeCounts(database: Database, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await database.db
    .selectFrom("tools")
    .select(["tools.id", "tools.upvotes_count", "tools.status"])
    .where("tools.id", "in", ids)
    .execute();
  // Public is checked here, as for cards: with a status term SQLite scans the status index instead.
  return new Map(rows.filter(isPublicRow).map((r) => [r.id, r.upvotes_count]));
}

/** Ids of a category's most liked public tools (all of them, through the category's index: for small categories). */
export async function mostLikedIdsIn(database: Database, category: CategorySlug, limit: number): Promise<string[]> {
  const rows = await database.db
    .selectFrom("tool_categories")
    .innerJoin("tools", "tools.id", "tool_categories.tool_id")
    .select("tools.id")
    .where("tool_categories.category", "=", category)
    .where(IS_PUBLIC)
    .orderBy("tools.upvotes_count", "desc")
    .orderBy("tools.created_at", "desc")
    .orderBy("tools.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A tool by slug, else by id (docs/design.md#screens), else by the slug in lower case (slugs are,
 * and an address typed or pasted by hand often is not). Pending tools are found too — their page
 * is reachable by link (docs/design.md#rule-4); rejected ones are not.
 */
export async function findTool(
  database: Database,
  key: string,
  now: number,
  thresholds: LifecycleThresholds,
): Promise<ToolDetail | null> {
  const { db } = database;
  const select = () =>
    db.selectFrom("tools").selectAll("tools").select(featuringColumns(now)).where("tools.status", "!=", "rejected");
  const lower = key.toLowerCase();
  const row =
    (await select().where("tools.slug", "=", key).executeTakeFirst()) ??
    (await select().where("tools.id", "=", key).executeTakeFirst()) ??
    (lower === key ? undefined : await select().where("tools.slug", "=", lower).executeTakeFirst());
  if (!row) return null;
  const [categories, tags, successors] = await Promise.all([
    memberships(database, "tool_categories", [row.id]),
    memberships(database, "tool_tags", [row.id]),
    successorsOf(database, [row]),
  ]);
  return detailOf(row, categories, tags, successors, now, thresholds);
}

/** The public successors the rows name, by id. */
async function successorsOf(
  database: Database,
  rows: readonly { successor_id: string | null }[],
): Promise<Map<string, { slug: string; name: string }>> {
  const ids = [...new Set(rows.flatMap((r) => (r.successor_id === null ? [] : [r.successor_id])))];
  if (ids.length === 0) return new Map();
  const found = await database.db
    .selectFrom("tools")
    .select(["id", "slug", "name", "status"])
    .where("id", "in", ids)
    .execute();
  return new Map(found.filter(isPublicRow).map((r) => [r.id, { slug: r.slug, name: r.name }]));
}

/** A tools row with its featuring columns as the tool page shows it; `categories` and `tags` as memberships reads them. */
function detailOf(
  row: ToolRow & { featured_cents: number | null; last_paid_at: number | null },
  categories: Map<string, string[]>,
  tags: Map<string, string[]>,
  successors: Map<string, { slug: string; name: string }>,
  now: number,
  thresholds: LifecycleThresholds,
): ToolDetail {
  const facts = lifecycleFacts(row);
  return {
    id: row.id,
    slug: row.slug,
    ...toolContentOf(row, categories.get(row.id) ?? [], tags.get(row.id) ?? []),
    logoUrl: row.logo_url,
    upvotesCount: row.upvotes_count,
    createdAt: row.created_at,
    // A paid pending tool is featured only once it is public.
    featured: isPublicRow(row) ? featuringOf(row) : null,
    screenshotUrl: row.screenshot_url,
    status: row.status as ToolStatus,
    updatedAt: row.updated_at,
    linkCheck:
      row.link_checked_at === null ? null : { checkedAt: Number(row.link_checked_at), ok: row.link_failures === 0 },
    lifecycle: lifecycleOf(facts, thresholds, now),
    lastUpdatedAt: lastUpdatedAt(facts),
    manualLifecycle: isManualLifecycle(row.lifecycle) ? row.lifecycle : null,
    lifecycleSetAt: time(row.lifecycle_set_at),
    successor: (row.successor_id !== null && successors.get(row.successor_id)) || null,
    rating: {
      average: averageRating(Number(row.rating_sum), Number(row.comments_count)),
      count: Number(row.comments_count),
    },
  };
}

/** A public tool by slug (or id), as findTool reads it; null when none is public. */
export async function findPublicTool(
  database: Database,
  key: string,
  now: number,
  thresholds: LifecycleThresholds,
): Promise<ToolDetail | null> {
  // A NUL names no tool (and PostgreSQL text cannot hold one).
  if (key === "" || key.includes("\u0000")) return null;
  const tool = await findTool(database, key, now, thresholds);
  return tool && (PUBLIC_STATUSES as readonly string[]).includes(tool.status) ? tool : null;
}

/**
 * Every tool's details with its row, `batchSize` tools at a time in id order — the public ones, or
 * all of them whatever their status (`publicOnly: false`, for admins). Read by keyset (after the
 * last id of the batch before), so each batch costs the same and no more than one is held, however
 * large the catalogue: the exports stream these.
 */
export async function* toolDetailBatches(
  database: Database,
  now: number,
  options: { publicOnly: boolean; batchSize?: number; thresholds: LifecycleThresholds },
): AsyncGenerator<{ row: ToolRow; detail: ToolDetail }[]> {
  const batchSize = options.batchSize ?? 500;
  let after: string | null = null;
  for (;;) {
    let query = database.db.selectFrom("tools").selectAll("tools").select(featuringColumns(now));
    if (options.publicOnly) query = query.where(IS_PUBLIC);
    if (after !== null) query = query.where("tools.id", ">", after);
    const rows = await query.orderBy("tools.id").limit(batchSize).execute();
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const [categories, tags, successors] = await Promise.all([
      memberships(database, "tool_categories", ids),
      memberships(database, "tool_tags", ids),
      successorsOf(database, rows),
    ]);
    yield rows.map((row) => ({
      row,
      detail: detailOf(row, categories, tags, successors, now, options.thresholds),
    }));
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** A public tool's name and look by slug (or id), for pages about it that show no more: null when none is public. */
export async function findPublicToolHead(
  database: Database,
  key: string,
): Promise<(Pick<ToolCard, "id" | "slug" | "name" | "tagline" | "logoUrl"> & { websiteUrl: string }) | null> {
  const select = () =>
    database.db
      .selectFrom("tools")
      .select(["id", "slug", "name", "tagline", "logo_url", "website_url"])
      .where(IS_PUBLIC);
  const row =
    (await select().where("slug", "=", key).executeTakeFirst()) ??
    (await select().where("id", "=", key).executeTakeFirst());
  return row
    ? {
        id: row.id,
        slug: row.slug,
        name: row.name,
        tagline: row.tagline,
        logoUrl: row.logo_url,
        websiteUrl: row.website_url,
      }
    : null;
}

/** What a public tool's badge shows (server/badge), by slug: its likes and whether it is featured at `now`; null when none is public. */
export async function publicToolBadge(
  database: Database,
  slug: string,
  now: number,
): Promise<{ likes: number; featured: boolean } | null> {
  const row = await database.db
    .selectFrom("tools")
    .select(["tools.upvotes_count", ...featuringColumns(now)])
    .where("tools.slug", "=", slug)
    .where(IS_PUBLIC)
    .executeTakeFirst();
  return row ? { likes: row.upvotes_count, featured: featuringOf(row) !== null } : null;
}

/** What a tool's image shows (server/og), by slug: public tools only, else null. */
export async function publicToolImageContent(
  database: Database,
  slug: string,
): Promise<{ slug: string; name: string; tagline: string; logoUrl: string | null; categories: CategorySlug[] } | null> {
  const row = await database.db
    .selectFrom("tools")
    .select(["id", "slug", "name", "tagline", "logo_url", "status"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row || !isPublicRow(row)) return null;
  const categories = await memberships(database, "tool_categories", [row.id]);
  return {
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    logoUrl: row.logo_url,
    categories: (categories.get(row.id) ?? []) as CategorySlug[],
  };
}

/** A tools row's content as the forms give it; its categories and tags live in their own tables (see memberships). */
export function toolContentOf(row: ToolRow, categories: string[], tags: string[]): ToolContent {
  return {
    name: row.name,
    tagline: row.tagline,
    websiteUrl: row.website_url,
    description: row.description,
    categories: categories as CategorySlug[],
    tags,
    platforms: parseList(row.platforms) as Platform[],
    pricingModel: row.pricing_model as PricingModel | null,
    pricingDetails: row.pricing_details,
    features: parseList(row.features),
    useCases: parseList(row.use_cases),
    integrations: parseList(row.integrations),
    targetAudience: parseList(row.target_audience),
  };
}

/** Slugs and change times of the given public tools, in the order given. */
/** A public tool's address and change time as the sitemap lists it, with what says whether it still should. */
export interface ToolUrl {
  slug: string;
  id: string;
  updatedAt: number;
  manualLifecycle: ManualLifecycleState | null;
  lifecycleSetAt: number | null;
}

export async function toolUrls(database: Database, ids: readonly string[]): Promise<ToolUrl[]> {
  const byId = new Map<string, ToolUrl>();
  // In statements of a thousand: a sitemap file asks for up to 50,000.
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await database.db
      .selectFrom("tools")
      .select(["slug", "id", "updated_at", "status", "lifecycle", "lifecycle_set_at"])
      .where("id", "in", ids.slice(i, i + 1000))
      .execute();
    for (const r of rows.filter(isPublicRow))
      byId.set(r.id, {
        slug: r.slug,
        id: r.id,
        updatedAt: r.updated_at,
        manualLifecycle: isManualLifecycle(r.lifecycle) ? r.lifecycle : null,
        lifecycleSetAt: time(r.lifecycle_set_at),
      });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A stored JSON list of strings; anything else reads as empty. */
export function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
