// Counts a request adds to in memory and a scheduled job writes a batch at a time, so that counting
// costs a request a Map update and never a database write. Each instance holds and writes its own
// counts (a write adds them to what is stored, so instances never overwrite one another); a crash
// loses what was not yet written, at most one interval's worth.

export interface BatchedCounts {
  /** Adds `n` (which may be negative) to the count under `entry`. */
  add(entry: string, n: number): void;
  /** The counts held and not yet written. */
  held(): ReadonlyMap<string, number>;
  /**
   * Writes the held counts and says how many rows the write reports; a failed write keeps them for
   * the next one, and throws. One write at a time: a second call waits for the first, then writes
   * what came since.
   */
  flush(): Promise<number>;
}

/**
 * Counts under string entries, at most `maxEntries` distinct ones between writes (past it a new
 * entry is dropped: a guard against a flood of distinct keys, not a limit normal traffic meets).
 */
export function createBatchedCounts(options: {
  maxEntries: number;
  write: (batch: ReadonlyMap<string, number>) => Promise<number>;
}): BatchedCounts {
  let counts = new Map<string, number>();
  let flushing: Promise<number> | null = null;

  const add = (entry: string, n: number) => {
    const held = counts.get(entry);
    if (held === undefined && counts.size >= options.maxEntries) return;
    counts.set(entry, (held ?? 0) + n);
  };

  const flush = () => {
    const run = async () => {
      if (flushing) await flushing.catch(() => undefined);
      if (counts.size === 0) return 0;
      const batch = counts;
      counts = new Map();
      try {
        return await options.write(batch);
      } catch (error) {
        for (const [entry, n] of batch) add(entry, n);
        throw error;
      }
    };
    const current = run();
    flushing = current;
    return current.finally(() => {
      if (flushing === current) flushing = null;
    });
  };

  return { add, held: () => counts, flush };
}
