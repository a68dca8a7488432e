import { describe, expect, it } from "vitest";
import { createBatchedCounts } from "./batched-counts.ts";

describe("batched counts", () => {
  it("adds up counts per entry, negative ones too, and writes them once", async () => {
    const written: Map<string, number>[] = [];
    const counts = createBatchedCounts({
      maxEntries: 10,
      write: async (batch) => {
        written.push(new Map(batch));
        return batch.size;
      },
    });
    counts.add("a", 1);
    counts.add("a", 2);
    counts.add("b", -1);
    expect(await counts.flush()).toBe(2);
    expect(written).toEqual([
      new Map([
        ["a", 3],
        ["b", -1],
      ]),
    ]);
    expect(counts.held().size).toBe(0);
    // Nothing held: nothing written.
    expect(await counts.flush()).toBe(0);
    expect(written).toHaveLength(1);
  });

  it("keeps the counts of a failed write for the next one, with what came since", async () => {
    let fail = true;
    const written: Map<string, number>[] = [];
    const counts = createBatchedCounts({
      maxEntries: 10,
      write: async (batch) => {
        if (fail) throw new Error("database down");
        written.push(new Map(batch));
        return batch.size;
      },
    });
    counts.add("a", 1);
    await expect(counts.flush()).rejects.toThrow("database down");
    counts.add("a", 1);
    fail = false;
    await counts.flush();
    expect(written).toEqual([new Map([["a", 2]])]);
  });

  it("writes one batch at a time: a second flush waits, then writes what came since", async () => {
    const order: string[] = [];
    let release!: () => void;
    const counts = createBatchedCounts({
      maxEntries: 10,
      write: async (batch) => {
        const entries = [...batch.keys()].join(",");
        order.push(`start ${entries}`);
        if (entries === "a") await new Promise<void>((resolve) => (release = resolve));
        order.push(`end ${entries}`);
        return batch.size;
      },
    });
    counts.add("a", 1);
    const first = counts.flush();
    counts.add("b", 1);
    const second = counts.flush();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["start a", "end a", "start b", "end b"]);
  });

  it("holds at most maxEntries distinct entries between writes, still adding to those held", async () => {
    const counts = createBatchedCounts({ maxEntries: 2, write: async (batch) => batch.size });
    counts.add("a", 1);
    counts.add("b", 1);
    counts.add("c", 1);
    counts.add("a", 1);
    expect([...counts.held()]).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
  });
});
