import { describe, it, expect } from "vitest";
import { parseCommaList, dedupeCaseInsensitive } from "./lists.ts";

describe("parseCommaList", () => {
  it("splits on commas, trims items and drops empty ones", () => {
    expect(parseCommaList(" a, ,b ,, c ")).toEqual(["a", "b", "c"]);
  });

  it("returns nothing for empty or missing input", () => {
    expect(parseCommaList("")).toEqual([]);
    expect(parseCommaList("  ")).toEqual([]);
    expect(parseCommaList(",, ,")).toEqual([]);
    expect(parseCommaList(null)).toEqual([]);
    expect(parseCommaList(undefined)).toEqual([]);
  });

  it("keeps inner spaces, order and duplicates", () => {
    expect(parseCommaList("Small teams, Designers,Small teams")).toEqual(["Small teams", "Designers", "Small teams"]);
  });

  it("splits only on commas", () => {
    expect(parseCommaList("a; b\nc")).toEqual(["a; b\nc"]);
  });
});

describe("dedupeCaseInsensitive", () => {
  it("keeps the first spelling of each item, in order", () => {
    expect(dedupeCaseInsensitive(["Slack", "notion", "SLACK", "Notion", "Figma"])).toEqual([
      "Slack",
      "notion",
      "Figma",
    ]);
  });

  it("keeps items that differ other than by case", () => {
    expect(dedupeCaseInsensitive(["a", "a ", "b"])).toEqual(["a", "a ", "b"]);
  });

  it("handles an empty list without changing its input", () => {
    const input = ["A", "a"];
    expect(dedupeCaseInsensitive([])).toEqual([]);
    dedupeCaseInsensitive(input);
    expect(input).toEqual(["A", "a"]);
  });
});
