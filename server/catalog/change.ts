import type { Kysely } from "kysely";
import type { Database } from "../platform/db/index.ts";
import type { DB } from "../platform/db/types.ts";
import { markCatalogChanged, type CatalogFreshness } from "./freshness.ts";
import { reindexTools } from "./indexer.ts";

// The one way to change the catalogue (docs/decisions/021). Everything that public pages, the API
// or search show — tools, their categories and tags, their search rows, like counts, paid
// placement, link checks — is written inside changeCatalog, which knows what changed, brings the
// search rows and the catalogue version in step in the same transaction, and tells this instance's
// caches once, after the commit. server/catalog/boundary.test.ts keeps other modules from writing
// those tables.

/**
 * What a write changed, as caches and search need to know it:
 * - `listing`: a tool's content or its place in the public lists (new, approved, rejected, edited,
 *   deleted): its search rows are rebuilt;
 * - `counts`: like counts only;
 * - `featuring`: paid placement (an order paid or refunded);
 * - `media`: a logo or screenshot;
 * - `links`: the result of a link check;
 * - `collections`: a published collection (server/collections): its pages, and the tool pages it links from.
 * - `trending`: the trending scores (server/trending/).
 */
export type ChangeKind = "listing" | "counts" | "featuring" | "media" | "links" | "collections" | "trending";

/** What one committed change did: the kinds, the tools concerned, and the catalogue version it made. */
export interface CatalogChange {
  kinds: ReadonlySet<ChangeKind>;
  toolIds: ReadonlySet<string>;
  version: number;
}

/** The handle a catalogue write works with: its transaction, its time, and where it says what it changed. */
export interface CatalogWrite {
  /** The transaction: every write of the change goes through it, catalogue or not (audit, jobs, events). */
  db: Kysely<DB>;
  /** One time for the whole change. */
  now: number;
  /** Says that the change did `kind` to these tools; nothing said, nothing is told to anyone. */
  changed(kind: ChangeKind, toolIds?: Iterable<string>): void;
}

export interface CatalogChangeDeps {
  database: Database;
  now: () => number;
  /**
   * This instance's page caches, told after the commit. A process that serves no pages (a script)
   * has none: other instances learn of the change from the catalogue version within a second.
   */
  freshness?: Pick<CatalogFreshness, "changed">;
}

/**
 * Runs `fn` in one transaction as a change of the catalogue. Before the commit it rebuilds the
 * search rows of the tools whose listing changed and moves the catalogue version on (once, for the
 * whole change); after the commit it tells the caches once. A change that said nothing changed
 * writes no version and tells no one.
 */
export async function changeCatalog<T>(deps: CatalogChangeDeps, fn: (write: CatalogWrite) => Promise<T>): Promise<T> {
  const now = deps.now();
  const kinds = new Set<ChangeKind>();
  const toolIds = new Set<string>();
  const listed = new Set<string>();
  let version = 0;
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const value = await fn({
      db: trx,
      now,
      changed(kind, ids = []) {
        kinds.add(kind);
        for (const id of ids) {
          toolIds.add(id);
          if (kind === "listing") listed.add(id);
        }
      },
    });
    if (kinds.size > 0) {
      version =
        listed.size > 0
          ? await reindexTools(trx, [...listed], now)
          : await markCatalogChanged(trx, now, [...kinds].every((kind) => kind === "counts") ? "counts" : "listing");
    }
    return value;
  });
  if (kinds.size > 0) deps.freshness?.changed({ kinds, toolIds, version });
  return result;
}
