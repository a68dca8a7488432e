import { describe, expect, it } from "vitest";
import { categoryPath, pageNumbers, tagPath, tagSlug } from "./catalog.ts";

describe("pageNumbers", () => {
  it("shows every page of a short list", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows the first, the last and two either side of the current page, a gap as null", () => {
    expect(pageNumbers(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageNumbers(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageNumbers(10, 10)).toEqual([1, null, 8, 9, 10]);
  });

  it("shows a one-page gap as its page, not as a gap", () => {
    expect(pageNumbers(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 10]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("tag and category addresses", () => {
  it("makes a tag's address as a slug is made, case and spaces folded", () => {
    expect(tagSlug("note-taking")).toBe("note-taking");
    expect(tagSlug("Machine Learning")).toBe("machine-learning");
    expect(tagSlug(" C++ ")).toBe("c");
    expect(tagPath("Wiki")).toBe("/tag/wiki");
    expect(tagPath("wiki", 3)).toBe("/tag/wiki?page=3");
  });

  it("gives a tag of no ASCII word characters no address", () => {
    expect(tagSlug("日本語")).toBe("");
    expect(tagPath("日本語")).toBeNull();
    expect(tagPath("--")).toBeNull();
  });

  it("leads a category to its browse page", () => {
    expect(categoryPath("design")).toBe("/browse/design");
    expect(categoryPath("no-such-category")).toBe("/browse/all");
  });
});
