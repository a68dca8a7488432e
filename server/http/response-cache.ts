import { LRUCache } from "lru-cache";

/** A stored response, ready to send again without running any application code. */
export interface CachedResponse {
  status: number;
  /** Every header but the per-response ones, flat (name, value, name, value…) as `writeHead` takes them. */
  headers: string[];
  body: Buffer;
  gzip: Buffer;
  etag: string;
  generation: number;
  /** When its render began (the clock of whoever stores it): it shows like counts as they were then. */
  madeAt: number;
  /** The tools whose like count it shows. */
  likeCounts: readonly string[];
}

/**
 * Least-recently-used store of responses, bounded by count and bytes, so a flood of distinct
 * URLs can only evict entries, never exhaust memory. An entry has no age limit of its own: it
 * stays good until the catalogue moves to another generation or the like counts it shows change,
 * which the caller says on each `get`.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse>;

  constructor(maxEntries: number, maxBytes: number) {
    this.entries = new LRUCache<string, CachedResponse>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: size });
  }

  /**
   * The entry for `key` if it was stored under `generation`, made at or after `madeSince` (its
   * like counts are recent enough) and not `countsChanged` since; stale ones are dropped.
   */
  get(
    key: string,
    generation: number,
    madeSince = Number.NEGATIVE_INFINITY,
    countsChanged: (entry: CachedResponse) => boolean = () => false,
  ): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || entry.madeAt < madeSince || countsChanged(entry)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Stores `entry` under `key`, in place of what was there; one larger than the whole byte budget is not kept. */
  set(key: string, entry: CachedResponse): void {
    this.entries.set(key, entry);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** An entry's weight against the byte budget; lru-cache needs it to be at least 1. */
function size(entry: CachedResponse): number {
  return Math.max(1, entry.body.length + entry.gzip.length);
}
