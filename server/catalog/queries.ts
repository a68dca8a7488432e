import { sql, type SelectQueryBuilder } from "kysely";
import type { CategorySlug } from "../../core/categories.ts";
import type { Sort } from "../../core/catalog.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import type { Platform } from "../../core/platforms.ts";
import type { PricingModel } from "../../core/pricing.ts";
import { PUBLIC_STATUSES, type ToolContent, type ToolStatus } from "../../core/tool.ts";
import type { Database } from "../db/index.ts";
import type { DB, ToolRow } from "../db/types.ts";

// Reads of the public catalogue. "Featured" is decided here, in the query: a public tool with paid
// orders whose year is still running; its weight is the sum of those payments (docs/design.md#rule-3).

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
}

type Db = Database["db"];

/** Paid orders in force at `now`: paid within the last year (docs/design.md#rule-3), one row per order. */
export function paidOrdersInForce(db: Db, now: number) {
  return db.selectFrom("orders").where("orders.status", "=", "paid").where("orders.paid_at", ">", now - FEATURED_DURATION_MS);
}

/** Paid orders in force at `now`, one row per tool: weight and the latest payment. */
export function runningPayments(db: Db, now: number) {
  return paidOrdersInForce(db, now)
    .select([
      "orders.tool_id",
      sql<number>`sum(orders.amount_cents)`.as("featured_cents"),
      sql<number>`max(orders.paid_at)`.as("last_paid_at"),
    ])
    .groupBy("orders.tool_id");
}

/** The columns previewOf reads. */
export const PREVIEW_COLUMNS = ["tools.id", "tools.slug", "tools.name", "tools.tagline", "tools.website_url", "tools.logo_url"] as const;

const CARD_COLUMNS = [
  ...PREVIEW_COLUMNS,
  "tools.pricing_model",
  "tools.upvotes_count",
  "tools.created_at",
  "f.featured_cents",
  "f.last_paid_at",
] as const;

// Written out, not bound as parameters: SQLite uses a partial index only when the query repeats
// its predicate literally (migration 2026-11-22T01). The values are our own constants.
const IS_PUBLIC = sql<boolean>`${sql.ref("tools.status")} in (${sql.raw(PUBLIC_STATUSES.map((s) => `'${s}'`).join(", "))})`;

/** Public tools with their running featured placement (if any) joined as `f`. */
function publicTools(db: Db, now: number) {
  return db
    .selectFrom("tools")
    .leftJoin(runningPayments(db, now).as("f"), "f.tool_id", "tools.id")
    .where(IS_PUBLIC);
}

type CardRow = {
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

async function toCards(database: Database, rows: CardRow[]): Promise<ToolCard[]> {
  const categories = await memberships(database, "tool_categories", rows.map((r) => r.id));
  return rows.map((r) => ({
    ...previewOf(r, categories),
    pricingModel: r.pricing_model,
    upvotesCount: r.upvotes_count,
    createdAt: r.created_at,
    featured: featuringOf(r),
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

/** Ids of the tools in a category (served by the (category, tool_id) index). */
function idsInCategory(db: Db, category: CategorySlug) {
  return db.selectFrom("tool_categories").select("tool_categories.tool_id").where("tool_categories.category", "=", category);
}

/**
 * Orders a list. Names compare case-insensitively on ASCII, byte by byte after that, so both
 * engines agree (PostgreSQL's default collation would otherwise ignore punctuation).
 */
function orderBySort<O>(
  query: SelectQueryBuilder<DB & { f: object }, "tools" | "f", O>,
  sort: Sort,
  engine: Database["engine"],
) {
  const nameKey =
    engine === "postgres" ? sql`lower(${sql.ref("tools.name")}) collate "C"` : sql`lower(${sql.ref("tools.name")})`;
  switch (sort) {
    case "oldest":
      return query.orderBy("tools.created_at", "asc").orderBy("tools.id", "asc");
    case "name":
      return query.orderBy(nameKey, "asc").orderBy("tools.id", "asc");
    case "name-desc":
      return query.orderBy(nameKey, "desc").orderBy("tools.id", "desc");
    default:
      return query.orderBy("tools.created_at", "desc").orderBy("tools.id", "desc");
  }
}

export interface ListOptions {
  category: CategorySlug | null;
  sort: Sort;
  page: number;
  pageSize: number;
  /** Tools to leave out: those browse already shows in its featured column. */
  excludeIds: readonly string[];
}

/** One page of public tools, with the total for the same filter. */
export async function listPublicTools(
  database: Database,
  now: number,
  options: ListOptions,
): Promise<{ items: ToolCard[]; total: number }> {
  const { db } = database;
  let base = publicTools(db, now);
  if (options.category) {
    base = base.where("tools.id", "in", idsInCategory(db, options.category));
  }
  if (options.excludeIds.length > 0) base = base.where("tools.id", "not in", options.excludeIds);
  const [rows, count] = await Promise.all([
    orderBySort(base.select(CARD_COLUMNS), options.sort, database.engine)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: await toCards(database, rows), total: count.n };
}

/** Public tools featured at `now`, highest weight first (optionally of one category). */
export async function listFeaturedTools(
  database: Database,
  now: number,
  options: { limit: number; category?: CategorySlug | null },
): Promise<ToolCard[]> {
  const { db } = database;
  let query = publicTools(db, now).where("f.tool_id", "is not", null);
  if (options.category) {
    query = query.where("tools.id", "in", idsInCategory(db, options.category));
  }
  const rows = await query
    .select(CARD_COLUMNS)
    .orderBy("f.featured_cents", "desc")
    .orderBy("f.last_paid_at", "desc")
    .orderBy("tools.id")
    .limit(options.limit)
    .execute();
  return toCards(database, rows);
}

/** The newest public tools, featured or not. */
export async function listLatestPublicTools(database: Database, now: number, limit: number): Promise<ToolCard[]> {
  const rows = await publicTools(database.db, now)
    .select(CARD_COLUMNS)
    .orderBy("tools.created_at", "desc")
    .orderBy("tools.id", "desc")
    .limit(limit)
    .execute();
  return toCards(database, rows);
}

/** How many public tools each category has (categories without any are left out). */
export async function countPublicToolsByCategory(database: Database): Promise<Map<CategorySlug, number>> {
  const rows = await database.db
    .selectFrom("tool_categories")
    .innerJoin("tools", "tools.id", "tool_categories.tool_id")
    .select(["tool_categories.category", sql<number>`count(*)`.as("n")])
    .where(IS_PUBLIC)
    .groupBy("tool_categories.category")
    .execute();
  return new Map(rows.map((r) => [r.category as CategorySlug, r.n]));
}

/**
 * A tool by slug, else by id (docs/design.md#screens). Pending tools are found too — their page is reachable by
 * link (docs/design.md#rule-4); rejected ones are not.
 */
export async function findTool(database: Database, key: string, now: number): Promise<ToolDetail | null> {
  const { db } = database;
  const select = () =>
    db
      .selectFrom("tools")
      .leftJoin(runningPayments(db, now).as("f"), "f.tool_id", "tools.id")
      .selectAll("tools")
      .select(["f.featured_cents", "f.last_paid_at"])
      .where("tools.status", "!=", "rejected");
  const row =
    (await select().where("tools.slug", "=", key).executeTakeFirst()) ??
    (await select().where("tools.id", "=", key).executeTakeFirst());
  if (!row) return null;
  const [categories, tags] = await Promise.all([
    memberships(database, "tool_categories", [row.id]),
    memberships(database, "tool_tags", [row.id]),
  ]);
  const isPublic = (PUBLIC_STATUSES as readonly string[]).includes(row.status);
  return {
    id: row.id,
    slug: row.slug,
    ...toolContentOf(row, categories.get(row.id) ?? [], tags.get(row.id) ?? []),
    logoUrl: row.logo_url,
    upvotesCount: row.upvotes_count,
    createdAt: row.created_at,
    // A paid pending tool is featured only once it is public.
    featured: isPublic ? featuringOf(row) : null,
    screenshotUrl: row.screenshot_url,
    status: row.status as ToolStatus,
    updatedAt: row.updated_at,
    linkCheck: row.link_checked_at === null ? null : { checkedAt: Number(row.link_checked_at), ok: row.link_failures === 0 },
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

/**
 * Public tools sharing the tool's first category, the tool itself left out: newest first (tool
 * page) or most liked first (search).
 */
export async function listRelatedTools(
  database: Database,
  tool: Pick<ToolCard, "id" | "categories">,
  now: number,
  limit: number,
  order: "newest" | "most-liked" = "newest",
): Promise<ToolCard[]> {
  const first = tool.categories[0];
  if (!first) return [];
  const { db } = database;
  let query = publicTools(db, now)
    .where("tools.id", "in", idsInCategory(db, first))
    .where("tools.id", "!=", tool.id)
    .select(CARD_COLUMNS);
  if (order === "most-liked") query = query.orderBy("tools.upvotes_count", "desc");
  const rows = await query.orderBy("tools.created_at", "desc").orderBy("tools.id", "desc").limit(limit).execute();
  return toCards(database, rows);
}

/** The most liked public tools ("community favourites"). */
export async function listMostLikedTools(database: Database, now: number, limit: number): Promise<ToolCard[]> {
  const rows = await publicTools(database.db, now)
    .select(CARD_COLUMNS)
    .orderBy("tools.upvotes_count", "desc")
    .orderBy("tools.created_at", "desc")
    .orderBy("tools.id", "desc")
    .limit(limit)
    .execute();
  return toCards(database, rows);
}

/** Cards of the given public tools (in no particular order; callers arrange them). */
export async function listToolCards(database: Database, now: number, ids: readonly string[]): Promise<ToolCard[]> {
  if (ids.length === 0) return [];
  const rows = await publicTools(database.db, now).where("tools.id", "in", ids).select(CARD_COLUMNS).execute();
  return toCards(database, rows);
}

/** Slugs and change times of public tools, for the sitemap, in a stable order. */
export async function listPublicToolUrls(
  database: Database,
  options: { offset: number; limit: number },
): Promise<{ slug: string; id: string; updatedAt: number }[]> {
  const rows = await database.db
    .selectFrom("tools")
    .select(["slug", "id", "updated_at"])
    .where(IS_PUBLIC)
    .orderBy("created_at")
    .orderBy("id")
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows.map((r) => ({ slug: r.slug, id: r.id, updatedAt: r.updated_at }));
}

/** How many tools are public. */
export async function countPublicTools(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom("tools")
    .select(sql<number>`count(*)`.as("n"))
    .where(IS_PUBLIC)
    .executeTakeFirstOrThrow();
  return row.n;
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

/** A tool the feature dialog offers. */
export interface FeatureCandidate {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  logoUrl: string | null;
}

/**
 * Public tools not featured at `now` whose name contains `text` (any case), shortest names first
 * (the closest matches), newest first with no text: the feature dialog's type-ahead over the
 * whole catalogue.
 */
export async function listFeatureCandidates(database: Database, text: string, now: number, limit: number): Promise<FeatureCandidate[]> {
  const { db } = database;
  let query = publicTools(db, now)
    .where("f.tool_id", "is", null)
    .select(["tools.id", "tools.slug", "tools.name", "tools.tagline", "tools.logo_url"]);
  const needle = text.trim().toLowerCase();
  if (needle) {
    // LIKE's wildcards in the text are matched as themselves.
    const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query
      .where(sql<boolean>`lower(${sql.ref("tools.name")}) like ${pattern} escape '\\'`)
      .orderBy(sql`length(${sql.ref("tools.name")})`)
      .orderBy("tools.name");
  } else {
    query = query.orderBy("tools.created_at", "desc");
  }
  const rows = await query.orderBy("tools.id").limit(limit).execute();
  return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, tagline: r.tagline, logoUrl: r.logo_url }));
}
