import { setImmediate as yieldToEvents } from "node:timers/promises";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { listToolCards, paidOrdersInForce, type ToolCard } from "../catalog/queries.ts";
import type { Database } from "../db/index.ts";
import type { Logger } from "../logger.ts";
import { TextIndex, type IndexedTool } from "./text-index.ts";

/** One page of search results and how many there are in all. */
export interface SearchPage {
  items: (ToolCard & { score: number })[];
  total: number;
}

/** Search over this instance's in-memory index of tool_search (docs/decisions/007-search-in-memory.md). */
export interface ToolSearch {
  /**
   * Public tools matching a normalised query, scored and ordered by the product's rule
   * (core/search.ts): score, then featured, then featured price, then newest.
   */
  find(normalizedQuery: string, now: number, options: { page: number; pageSize: number }): Promise<SearchPage>;
  /** Loads the index ahead of the first search (the server calls it at start). */
  warm(now: number): Promise<void>;
  /** Tools held, and slots used (live or retired) by the index. */
  stats(): { tools: number; slots: number };
}

// Rows upserted between two yields to the event loop while (re)building: requests keep flowing.
const BUILD_CHUNK = 2000;
const FETCH_BATCH = 500;
// Retired slots (replaced or removed tools) tolerated before a rebuild, beyond one per live tool.
const REBUILD_AFTER_RETIRED = 1000;

/**
 * The index follows the catalogue generation (server/catalog/freshness.ts): a write on this
 * instance shows in the next search, another instance's within the freshness poll. Each sync
 * reads the rows whose revision is newer than the newest it holds, and the paid orders in force;
 * the row count tells it when rows were deleted, and only then does it compare ids.
 */
export function createToolSearch(database: Database, freshness: CatalogFreshness, log: Logger): ToolSearch {
  let index: TextIndex | null = null;
  /** The newest revision applied to `index`; -1 before the first load (rows start at 0). */
  let revision = -1;
  let syncedGeneration = -1;
  let syncing: Promise<void> | null = null;
  let rebuilding = false;

  async function loadRows(where: { newerThan: number } | { ids: string[] }): Promise<(IndexedTool & { revision: number })[]> {
    let query = database.db
      .selectFrom("tool_search as s")
      .innerJoin("tools as t", "t.id", "s.tool_id")
      .select(["s.tool_id as id", "t.created_at as createdAt", "s.name", "s.tagline", "s.description", "s.categories", "s.tags", "s.revision"]);
    query = "ids" in where ? query.where("s.tool_id", "in", where.ids) : query.where("s.revision", ">", where.newerThan);
    return query.execute();
  }

  /** Applies rows newer than `since` to `target` (yielding now and then if `chunked`); returns the newest revision. */
  async function applyNewer(target: TextIndex, since: number, chunked: boolean): Promise<number> {
    let newest = since;
    const rows = await loadRows({ newerThan: since });
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      target.upsert(row);
      newest = Math.max(newest, row.revision);
      if (chunked && i % BUILD_CHUNK === BUILD_CHUNK - 1) await yieldToEvents();
    }
    return newest;
  }

  async function sync(generation: number, now: number): Promise<void> {
    // The first load is built in chunks that yield, so other requests are served meanwhile.
    let target = index;
    let since = revision;
    if (!target) {
      target = new TextIndex();
      since = -1;
    }
    since = await applyNewer(target, since, since === -1);
    // Reading the rows and counting them are separate statements, so a write may land between:
    // then ids are compared, rows the index lacks are fetched by id, and the revision is left
    // where the read put it, so the next sync reads them again.
    const [count, payments] = await Promise.all([
      database.db.selectFrom("tool_search").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      paidOrdersInForce(database.db, now)
        .select(["orders.tool_id as toolId", "orders.amount_cents as amountCents", "orders.paid_at as paidAt"])
        .execute(),
    ]);
    if (Number(count.n) !== target.size) {
      const stored = new Set((await database.db.selectFrom("tool_search").select("tool_id").execute()).map((r) => r.tool_id));
      for (const id of [...target.toolIds()]) if (!stored.has(id)) target.remove(id);
      const missing = [...stored].filter((id) => !target.has(id));
      for (let i = 0; i < missing.length; i += FETCH_BATCH) {
        for (const row of await loadRows({ ids: missing.slice(i, i + FETCH_BATCH) })) target.upsert(row);
      }
    }
    // Orders outlive their tool (tool_id becomes null); the filter on paid_at already drops unpaid ones.
    target.setPayments(
      payments.flatMap(({ toolId, amountCents, paidAt }) => (toolId !== null && paidAt !== null ? [{ toolId, amountCents, paidAt }] : [])),
    );
    index = target;
    revision = since;
    syncedGeneration = Math.max(syncedGeneration, generation);
    if (target.slots - target.size > Math.max(target.size, REBUILD_AFTER_RETIRED)) rebuildInBackground();
  }

  /**
   * Replaced and removed tools leave retired slots behind; once they outnumber the live ones (and
   * a thousand), a fresh index is loaded while the old one keeps answering, swapped in between
   * syncs, and brought up to date by the next sync.
   */
  function rebuildInBackground(): void {
    if (rebuilding) return;
    rebuilding = true;
    void (async () => {
      try {
        const fresh = new TextIndex();
        const since = await applyNewer(fresh, -1, true);
        while (syncing) await syncing.catch(() => {});
        index = fresh;
        revision = since;
        syncedGeneration = -1;
      } catch (error) {
        log.warn({ err: error }, "search index rebuild failed; the current index stays");
      } finally {
        rebuilding = false;
      }
    })();
  }

  async function ready(now: number): Promise<TextIndex> {
    const generation = await freshness.generation();
    while (syncedGeneration < generation) {
      syncing ??= sync(generation, now).finally(() => (syncing = null));
      try {
        await syncing;
      } catch (error) {
        // Without the database there is nothing better than the index as it was, if there is one.
        if (!index) throw error;
        log.warn({ err: error }, "search index sync failed; answering from the index as it was");
        break;
      }
    }
    return index!;
  }

  return {
    async find(normalizedQuery, now, options) {
      const { hits, total } = (await ready(now)).search(normalizedQuery, now, options);
      const cards = new Map((await listToolCards(database, now, hits.map((h) => h.id))).map((c) => [c.id, c]));
      return {
        // A tool deleted since the index last synced has no card: it is left out.
        items: hits.flatMap((h) => {
          const card = cards.get(h.id);
          return card ? [{ ...card, score: h.score }] : [];
        }),
        total,
      };
    },
    async warm(now) {
      await ready(now);
    },
    stats() {
      return { tools: index?.size ?? 0, slots: index?.slots ?? 0 };
    },
  };
}
