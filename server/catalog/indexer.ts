import type { Kysely } from "kysely";
import { CATEGORIES } from "../../core/categories.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import type { DB } from "../platform/db/types.ts";
import { descriptionText } from "./description.ts";
import { markCatalogChanged } from "./freshness.ts";

const CATEGORY_NAMES = new Map<string, string>(CATEGORIES.map((c) => [c.slug, c.name]));
const BATCH = 500;

/**
 * Brings the search rows in step with the given tools: public ones get their current text,
 * others (pending, rejected, deleted) leave, with a tombstone. Run by changeCatalog
 * (server/catalog/change.ts) in the transaction of the write: it marks the catalogue changed and
 * stamps the rows and tombstones with the new version, which tells every instance's catalogue in
 * memory what to reload and what to drop. Returns that version.
 */
export async function reindexTools(db: Kysely<DB>, toolIds: readonly string[], now: number): Promise<number> {
  const revision = await markCatalogChanged(db, now);
  for (let i = 0; i < toolIds.length; i += BATCH) {
    const ids = toolIds.slice(i, i + BATCH);
    const held = new Set(
      (await db.selectFrom("tool_search").select("tool_id").where("tool_id", "in", ids).execute()).map(
        (r) => r.tool_id,
      ),
    );
    await db.deleteFrom("tool_search").where("tool_id", "in", ids).execute();
    const [rows, categories, tags] = await Promise.all([
      db
        .selectFrom("tools")
        .select(["id", "name", "tagline", "description", "status"])
        .where("id", "in", ids)
        .execute(),
      db
        .selectFrom("tool_categories")
        .select(["tool_id", "category"])
        .where("tool_id", "in", ids)
        .orderBy("position")
        .execute(),
      db.selectFrom("tool_tags").select(["tool_id", "tag"]).where("tool_id", "in", ids).orderBy("position").execute(),
    ]);
    const tools = rows.filter((t) => (PUBLIC_STATUSES as readonly string[]).includes(t.status));
    const listed = new Set(tools.map((t) => t.id));
    const exists = new Set(rows.map((t) => t.id));
    // Gone from the public lists: it had a search row, or it was deleted (taking its row with it).
    // A tool that was never public (a new submission, a rejected one) leaves nothing behind.
    const gone = ids.filter((id) => !listed.has(id) && (held.has(id) || !exists.has(id)));
    if (listed.size > 0)
      await db
        .deleteFrom("tool_search_gone")
        .where("tool_id", "in", [...listed])
        .execute();
    if (gone.length > 0) {
      await db
        .insertInto("tool_search_gone")
        .values(gone.map((id) => ({ tool_id: id, revision })))
        .onConflict((oc) => oc.column("tool_id").doUpdateSet({ revision }))
        .execute();
    }
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
