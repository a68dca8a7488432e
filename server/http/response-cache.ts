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

/**
 * Least-recently-used store of responses, bounded by count and bytes, so a flood of distinct
 * URLs can only evict entries, never exhaust memory.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
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
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.generation !== generation || entry.madeAt < madeSince || countsChanged(entry)) {
      this.bytes -= size(entry);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= size(old);
    }
    if (size(entry) > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size(entry);
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= size(value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

function size(entry: CachedResponse): number {
  return entry.body.length + entry.gzip.length;
}
