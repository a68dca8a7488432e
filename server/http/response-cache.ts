/** A stored response, ready to send again without running any application code. */
export interface CachedResponse {
  status: number;
  /** Every header but the per-response ones, flat (name, value, name, value…) as `writeHead` takes them. */
  headers: string[];
  body: Buffer;
  gzip: Buffer;
  etag: string;
  generation: number;
  /** When its render began (Date.now()): it shows like counts as they were then. */
  madeAt: number;
  /** The tools whose like count it shows. */
  likeCounts: readonly string[];
}

/** A stored entry in the recency list: most recently used first. */
interface Link {
  key: string;
  entry: CachedResponse;
  newer: Link | null;
  older: Link | null;
}

/**
 * Least-recently-used store of responses, bounded by count and bytes, so a flood of distinct
 * URLs can only evict entries, never exhaust memory. A hit moves its entry to the front of a
 * linked list and leaves the Map alone: deleting and setting a key on every hit left the Map's
 * table full of holes, rebuilt every few thousand hits, which cost a warm page ~3 µs a request
 * once a thousand pages were stored, and garbage for the collector.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Link>();
  private newest: Link | null = null;
  private oldest: Link | null = null;
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(maxEntries: number, maxBytes: number) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
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
    const link = this.entries.get(key);
    if (!link) return undefined;
    const { entry } = link;
    if (entry.generation !== generation || entry.madeAt < madeSince || countsChanged(entry)) {
      this.drop(link);
      return undefined;
    }
    if (link !== this.newest) {
      this.unlink(link);
      this.pushNewest(link);
    }
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    const old = this.entries.get(key);
    if (old) this.drop(old);
    if (size(entry) > this.maxBytes) return;
    const link: Link = { key, entry, newer: null, older: null };
    this.entries.set(key, link);
    this.pushNewest(link);
    this.bytes += size(entry);
    while (this.oldest && (this.entries.size > this.maxEntries || this.bytes > this.maxBytes)) this.drop(this.oldest);
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(link: Link): void {
    this.unlink(link);
    this.entries.delete(link.key);
    this.bytes -= size(link.entry);
  }

  private unlink(link: Link): void {
    if (link.newer) link.newer.older = link.older;
    else this.newest = link.older;
    if (link.older) link.older.newer = link.newer;
    else this.oldest = link.newer;
    link.newer = null;
    link.older = null;
  }

  private pushNewest(link: Link): void {
    link.older = this.newest;
    if (this.newest) this.newest.newer = link;
    else this.oldest = link;
    this.newest = link;
  }
}

function size(entry: CachedResponse): number {
  return entry.body.length + entry.gzip.length;
}
