import type { Database } from "../platform/db/index.ts";
import type { Logger } from "../platform/logger.ts";
import { catchUp } from "./catalog-load.ts";
import type { CatalogFreshness } from "./freshness.ts";
import { MemoryCatalog } from "./memory-catalog.ts";

/** This instance's copy of the public catalogue in memory, kept in step with the database (docs/decisions/023). */
export interface SyncedCatalog {
  /** The catalogue as of the current generation (a write on this instance shows at once, another's within a poll). */
  ready(now: number): Promise<MemoryCatalog>;
  /** Loads it ahead of the first request (the server calls it at start). */
  warm(now: number): Promise<void>;
  /** Whether a catalogue is in memory (loaded once), without waiting or asking the database. */
  loaded(): boolean;
  /** Tools held, and slots used (live or retired). */
  stats(): { tools: number; slots: number };
}

// Postings added (one per distinct word of a tool) before they are folded into the stream.
const COMPACT_AFTER = 50_000;
// Retired slots (replaced or removed tools) tolerated before a rebuild, beyond one per live tool.
const REBUILD_AFTER_RETIRED = 1000;

/**
 * The catalogue follows the generation (server/catalog/freshness.ts). Each sync reads the
 * tool_search rows and tombstones whose revision is newer than the version it holds, a page at a
 * time, and the paid orders in force: work that follows what changed, not the catalogue.
 */
export function createSyncedCatalog(
  database: Database,
  freshness: CatalogFreshness,
  log: Logger,
  options: { unreachableAfter: number },
): SyncedCatalog {
  let catalog: MemoryCatalog | null = null;
  /** The newest revision applied to `catalog`; -1 before the first load (rows start at 0). */
  let revision = -1;
  let syncedGeneration = -1;
  let syncing: Promise<void> | null = null;
  let rebuilding = false;

  /** A whole catalogue, and the version it is complete up to. */
  async function loadWhole(now: number): Promise<{ catalog: MemoryCatalog; revision: number }> {
    const fresh = new MemoryCatalog({ bulk: true });
    const upTo = await catchUp(database, fresh, -1, now, options.unreachableAfter);
    fresh.compact();
    return { catalog: fresh, revision: upTo };
  }

  async function sync(generation: number, now: number): Promise<void> {
    let target = catalog;
    if (!target) {
      ({ catalog: target, revision } = await loadWhole(now));
    } else {
      revision = await catchUp(database, target, revision, now, options.unreachableAfter);
      // Once many tools were added since the last time: one stream for all postings again.
      if (target.recentPostings > Math.max(COMPACT_AFTER, target.size)) target.compact();
    }
    catalog = target;
    syncedGeneration = Math.max(syncedGeneration, generation);
    if (target.slots - target.size > Math.max(target.size, REBUILD_AFTER_RETIRED)) rebuildInBackground(now);
  }

  /**
   * Replaced and removed tools leave retired slots behind; once they outnumber the live ones (and
   * a thousand), a fresh catalogue is loaded while the old one keeps answering, swapped in between
   * syncs, and brought up to date by the next sync.
   */
  function rebuildInBackground(now: number): void {
    if (rebuilding) return;
    rebuilding = true;
    void (async () => {
      try {
        const fresh = await loadWhole(now);
        while (syncing) await syncing.catch(() => {});
        catalog = fresh.catalog;
        revision = fresh.revision;
        syncedGeneration = -1;
      } catch (error) {
        log.warn({ err: error }, "catalogue rebuild failed; the current one stays");
      } finally {
        rebuilding = false;
      }
    })();
  }

  async function ready(now: number): Promise<MemoryCatalog> {
    const generation = await freshness.generation();
    while (syncedGeneration < generation) {
      syncing ??= sync(generation, now).finally(() => (syncing = null));
      try {
        await syncing;
      } catch (error) {
        // Without the database there is nothing better than the catalogue as it was, if there is one.
        if (!catalog) throw error;
        log.warn({ err: error }, "catalogue sync failed; answering from the catalogue as it was");
        break;
      }
    }
    return catalog!;
  }

  return {
    ready,
    async warm(now) {
      await ready(now);
    },
    loaded() {
      return catalog !== null;
    },
    stats() {
      return { tools: catalog?.size ?? 0, slots: catalog?.slots ?? 0 };
    },
  };
}
