/**
 * Writes requests in batches, one batch at a time per key: a request that arrives while its key's
 * batch is being written waits, with the others that arrive meanwhile, for the next batch. A burst
 * on one key then costs a few writes instead of one each, and at most one of them holds a database
 * connection (docs/decisions/034).
 */
export function createBatcher<In, Out>(options: {
  /** Most requests in one batch. */
  maxBatch: number;
  /** Writes one batch; answers one result per request, in order. */
  write: (key: string, batch: In[]) => Promise<Out[]>;
}): (key: string, request: In) => Promise<Out> {
  const { maxBatch, write } = options;
  const waiting = new Map<string, { request: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[]>();
  const writing = new Set<string>();

  async function writeAll(key: string): Promise<void> {
    writing.add(key);
    try {
      for (;;) {
        const queue = waiting.get(key);
        if (!queue) return;
        const batch = queue.splice(0, maxBatch);
        if (queue.length === 0) waiting.delete(key);
        try {
          const results = await write(
            key,
            batch.map((item) => item.request),
          );
          batch.forEach((item, i) => item.resolve(results[i]!));
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      writing.delete(key);
    }
  }

  return (key, request) =>
    new Promise<Out>((resolve, reject) => {
      const queue = waiting.get(key);
      if (queue) queue.push({ request, resolve, reject });
      else waiting.set(key, [{ request, resolve, reject }]);
      if (!writing.has(key)) void writeAll(key);
    });
}
