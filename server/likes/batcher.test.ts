import { describe, expect, it } from "vitest";
import { createBatcher } from "./batcher.ts";

/** A write that records its batches and finishes only when told to. */
function heldWrites() {
  const batches: { key: string; batch: number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const write = (key: string, batch: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({ key, batch, finish: () => resolve(batch.map((n) => `${key}:${n}`)), fail: reject });
    });
  return { batches, write };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("createBatcher", () => {
  it("writes the first request at once, and those that arrive during its write together next", async () => {
    const { batches, write } = heldWrites();
    const submit = createBatcher({ maxBatch: 10, write });
    const first = submit("tool", 1);
    const rest = [2, 3, 4].map((n) => submit("tool", n));
    expect(batches.map((b) => b.batch)).toEqual([[1]]);

    batches[0]!.finish();
    expect(await first).toBe("tool:1");
    await settle();
    expect(batches.map((b) => b.batch)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.finish();
    expect(await Promise.all(rest)).toEqual(["tool:2", "tool:3", "tool:4"]);
  });

  it("keeps one write at a time per key, and keys apart", async () => {
    const { batches, write } = heldWrites();
    const submit = createBatcher({ maxBatch: 10, write });
    const answers = [submit("a", 1), submit("b", 1), submit("a", 2), submit("b", 2)];
    expect(batches.map(({ key, batch }) => [key, batch])).toEqual([
      ["a", [1]],
      ["b", [1]],
    ]);
    batches[1]!.finish();
    await settle();
    // b's next batch starts while a's first is still being written.
    expect(batches.map(({ key, batch }) => [key, batch])).toEqual([
      ["a", [1]],
      ["b", [1]],
      ["b", [2]],
    ]);
    batches[0]!.finish();
    batches[2]!.finish();
    await settle();
    batches[3]!.finish();
    expect(await Promise.all(answers)).toEqual(["a:1", "b:1", "a:2", "b:2"]);
  });

  it("takes at most maxBatch requests in one write, in the order they came", async () => {
    const { batches, write } = heldWrites();
    const submit = createBatcher({ maxBatch: 2, write });
    const answers = [1, 2, 3, 4, 5, 6].map((n) => submit("tool", n));
    for (let i = 0; i < 4; i++) {
      batches[i]!.finish();
      await settle();
    }
    expect(batches.map((b) => b.batch)).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(await Promise.all(answers)).toEqual(["tool:1", "tool:2", "tool:3", "tool:4", "tool:5", "tool:6"]);
  });

  it("fails only the requests of a failed write, and goes on with the next", async () => {
    const { batches, write } = heldWrites();
    const submit = createBatcher({ maxBatch: 10, write });
    const first = submit("tool", 1);
    const second = submit("tool", 2);
    batches[0]!.fail(new Error("database gone"));
    await expect(first).rejects.toThrow("database gone");
    await settle();
    batches[1]!.finish();
    expect(await second).toBe("tool:2");
    // Idle again: a new request is written at once.
    const third = submit("tool", 3);
    expect(batches.map((b) => b.batch)).toEqual([[1], [2], [3]]);
    batches[2]!.finish();
    expect(await third).toBe("tool:3");
  });
});
