import { describe, expect, it } from "vitest";
import { ResponseCache, type CachedResponse } from "./response-cache.ts";

const entry = (generation: number, bytes = 10, madeAt = 1000, likeCounts: string[] = []): CachedResponse => ({
  status: 200,
  headers: [],
  body: Buffer.alloc(bytes),
  gzip: Buffer.alloc(0),
  etag: 'W/"x"',
  generation,
  madeAt,
  likeCounts,
});

describe("ResponseCache", () => {
  it("returns an entry only for the generation it was stored under", () => {
    const cache = new ResponseCache(10, 1000);
    cache.set("/", entry(1));
    expect(cache.get("/", 1)).toBeDefined();
    expect(cache.get("/", 2)).toBeUndefined();
    // A stale entry is dropped, not kept for later.
    expect(cache.get("/", 1)).toBeUndefined();
  });

  it("returns an entry only when it was made at or after the time asked for (its like counts are recent enough)", () => {
    const cache = new ResponseCache(10, 1000);
    cache.set("/", entry(1, 10, 5000));
    expect(cache.get("/", 1, 4000)).toBeDefined();
    expect(cache.get("/", 1, 5000)).toBeDefined();
    expect(cache.get("/", 1, 5001)).toBeUndefined();
    expect(cache.get("/", 1)).toBeUndefined();
  });

  it("drops an entry whose shown like counts changed since it was made", () => {
    const cache = new ResponseCache(10, 1000);
    cache.set("/tool/a", entry(1, 10, 1000, ["a"]));
    cache.set("/tool/b", entry(1, 10, 1000, ["b"]));
    const likedA = (e: CachedResponse) => e.likeCounts.includes("a");
    expect(cache.get("/tool/b", 1, 0, likedA)).toBeDefined();
    expect(cache.get("/tool/a", 1, 0, likedA)).toBeUndefined();
    expect(cache.get("/tool/a", 1)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("evicts the least recently used entry beyond its count", () => {
    const cache = new ResponseCache(2, 1000);
    cache.set("/a", entry(1));
    cache.set("/b", entry(1));
    cache.get("/a", 1);
    cache.set("/c", entry(1));
    expect(cache.get("/b", 1)).toBeUndefined();
    expect(cache.get("/a", 1)).toBeDefined();
    expect(cache.get("/c", 1)).toBeDefined();
  });

  it("stays within its byte budget and skips entries larger than it", () => {
    const cache = new ResponseCache(100, 25);
    cache.set("/a", entry(1, 10));
    cache.set("/b", entry(1, 10));
    cache.set("/c", entry(1, 10));
    expect(cache.size).toBe(2);
    expect(cache.get("/a", 1)).toBeUndefined();
    cache.set("/huge", entry(1, 26));
    expect(cache.get("/huge", 1)).toBeUndefined();
    // Nor does it leave an older entry under its key in place.
    cache.set("/c", entry(1, 26));
    expect(cache.get("/c", 1)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("keeps exactly what a plain least-recently-used list keeps, through thousands of gets, sets and stale drops", () => {
    const [maxEntries, maxBytes] = [5, 60];
    const cache = new ResponseCache(maxEntries, maxBytes);
    // The model: most recently used first.
    let model: { key: string; bytes: number; generation: number }[] = [];
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 5000; step++) {
      const key = `/page/${random(9)}`;
      const generation = random(4) === 0 ? 2 : 1;
      if (random(2) === 0) {
        const bytes = 5 + random(25);
        cache.set(key, entry(generation, bytes));
        model = model.filter((m) => m.key !== key);
        if (bytes > maxBytes) continue;
        model.unshift({ key, bytes, generation });
        while (model.length > maxEntries || model.reduce((sum, m) => sum + m.bytes, 0) > maxBytes) model.pop();
      } else {
        const got = cache.get(key, generation);
        const held = model.find((m) => m.key === key);
        model = model.filter((m) => m.key !== key);
        if (held && held.generation === generation) model.unshift(held);
        expect(got?.body.length, `step ${step}`).toBe(held && held.generation === generation ? held.bytes : undefined);
      }
      expect(cache.size, `step ${step}`).toBe(model.length);
    }
  });
});
