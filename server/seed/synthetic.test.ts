import { describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "../../core/categories.ts";
import { seededRandom, syntheticTools } from "./synthetic.ts";

describe("syntheticTools", () => {
  const tools = syntheticTools(2000, { offset: 0, now: 1_800_000_000_000, seed: 7 });

  it("makes unique slugs and valid categories", () => {
    expect(new Set(tools.map((t) => t.slug)).size).toBe(2000);
    for (const t of tools) {
      expect(t.slug).toMatch(/^[a-z0-9-]+$/);
      expect(t.categories.length).toBeGreaterThanOrEqual(1);
      for (const c of t.categories) expect(CATEGORY_SLUGS).toContain(c);
    }
  });

  it("keeps about one in twenty pending", () => {
    const pending = tools.filter((t) => t.status === "pending").length;
    expect(pending).toBeGreaterThan(50);
    expect(pending).toBeLessThan(160);
  });

  it("is reproducible from its seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
    const again = syntheticTools(3, { offset: 0, now: 1_800_000_000_000, seed: 7 });
    expect(again.map((t) => t.name)).toEqual(tools.slice(0, 3).map((t) => t.name));
  });
});
