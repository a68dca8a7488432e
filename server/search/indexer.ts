import type { Kysely } from "kysely";
import { CATEGORIES } from "../../core/categories.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { descriptionText } from "../catalog/description.ts";
import { markCatalogChanged } from "../catalog/freshness.ts";
import type { DB } from "../db/types.ts";

const CATEGORY_NAMES = new Map<string, string>(CATEGORIES.map((c) => [c.slug, c.name]));
const BATCH = 500;

/**
 * Brings the search rows in step with the given tools: public ones get their current text,
 * others (pending, rejected, deleted) leave. Run by changeCatalog (server/catalog/change.ts) in
 * the transaction of the write: it marks the catalogue changed and stamps the rows with the new
 * version, which tells every instance's in-memory index what to reload. Returns that version.
 */
export async function reindexTools(db: Kysely<DB>, toolIds: readonly string[], now: number): Promise<number> {
  const revision = await markCatalogChanged(db, now);
  for (let i = 0; i < toolIds.length; i += BATCH) {
    const ids = toolIds.slice(i, i + BATCH);
    await db.deleteFrom("tool_search").where("tool_id", "in", ids).execute();
    const [tools, categories, tags] = await Promise.all([
      db
        .selectFrom("tools")
        .select(["id", "name", "tagline", "description"])
        .where("id", "in", ids)
        .where("status", "in", PUBLIC_STATUSES)
        .execute(),
      db.selectFrom("tool_categories").select(["tool_id", "category"]).where("tool_id", "in", ids).orderBy("position").execute(),
      db.selectFrom("tool_tags").select(["tool_id", "tag"]).where("tool_id", "in", ids).orderBy("position").execute(),
    ]);
    if (tools.length === 0) continue;
    const categoryNames = groupByTool(categories.map((r) => [r.tool_id, CATEGORY_NAMES.get(r.category) ?? r.category]));
    const tagNames = groupByTool(tags.map((r) => [r.tool_id, r.tag]));
    await db
      .insertInto("tool_search")
      .values(
        tools.map((t) => ({
          tool_id: t.id,
          name: t.name.toLowerCase(),
          tagline: t.tagline.toLowerCase(),
          description: descriptionText(t.description).toLowerCase(),
          // Newlines: a normalised query never contains one, so no match can span two items.
          categories: (categoryNames.get(t.id) ?? []).join("\n").toLowerCase(),
          tags: (tagNames.get(t.id) ?? []).join("\n").toLowerCase(),
          revision,
        })),
      )
      .execute();
  }
  return revision;
}

function groupByTool(pairs: [string, string][]): Map<string, string[]> {
  const byTool = new Map<string, string[]>();
  for (const [toolId, value] of pairs) {
    const list = byTool.get(toolId);
    if (list) list.push(value);
    else byTool.set(toolId, [value]);
  }
  return byTool;
}
