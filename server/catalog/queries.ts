import type { CategorySlug } from "../../core/categories.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import type { Database } from "../db/index.ts";

/** What a tool card shows. */
export interface ToolCard {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  websiteUrl: string;
  logoUrl: string | null;
  categories: CategorySlug[];
  upvotesCount: number;
  createdAt: number;
}

/** The newest public tools (approved or verified), newest first. */
export async function listLatestPublicTools(database: Database, limit: number): Promise<ToolCard[]> {
  const rows = await database.db
    .selectFrom("tools")
    .select(["id", "slug", "name", "tagline", "website_url", "logo_url", "upvotes_count", "created_at"])
    .where("status", "in", PUBLIC_STATUSES)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  const categories = await categoriesOf(
    database,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    tagline: r.tagline,
    websiteUrl: r.website_url,
    logoUrl: r.logo_url,
    categories: categories.get(r.id) ?? [],
    upvotesCount: r.upvotes_count,
    createdAt: r.created_at,
  }));
}

/** Each tool's categories in the order they were given. */
async function categoriesOf(database: Database, ids: string[]): Promise<Map<string, CategorySlug[]>> {
  const byTool = new Map<string, CategorySlug[]>();
  if (ids.length === 0) return byTool;
  const rows = await database.db
    .selectFrom("tool_categories")
    .select(["tool_id", "category"])
    .where("tool_id", "in", ids)
    .orderBy("tool_id")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = byTool.get(row.tool_id) ?? [];
    list.push(row.category as CategorySlug);
    byTool.set(row.tool_id, list);
  }
  return byTool;
}
