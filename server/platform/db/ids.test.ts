import { describe, expect, it } from "vitest";
import { newId } from "./ids.ts";

describe("newId", () => {
  it("is 20 characters of [0-9a-z]", () => {
    for (let i = 0; i < 200; i++) expect(newId()).toMatch(/^[0-9a-z]{20}$/);
  });

  it("does not repeat", () => {
    const ids = new Set(Array.from({ length: 5000 }, newId));
    expect(ids.size).toBe(5000);
  });
});
