import { describe, it, expect } from "vitest";
import { slugify, uniqueSlug } from "./slug.ts";

describe("slugify", () => {
  it("lowercases", () => {
    expect(slugify("Notion")).toBe("notion");
  });

  it("turns whitespace into hyphens", () => {
    expect(slugify("Visual Studio Code")).toBe("visual-studio-code");
  });

  it("turns a run of whitespace into a single hyphen", () => {
    expect(slugify("a  b")).toBe("a-b");
  });

  it("treats tabs and newlines as whitespace", () => {
    expect(slugify("a\tb\nc\r\nd")).toBe("a-b-c-d");
  });

  it("removes non-word characters and collapses the hyphens left behind", () => {
    expect(slugify("Figma — Design")).toBe("figma-design");
    expect(slugify("C++ Builder!")).toBe("c-builder");
    expect(slugify("Tom & Jerry's")).toBe("tom-jerrys");
  });

  it("keeps digits, underscores and hyphens", () => {
    expect(slugify("under_score")).toBe("under_score");
    expect(slugify("Web3 Tool-Kit 2")).toBe("web3-tool-kit-2");
  });

  it("collapses repeated hyphens", () => {
    expect(slugify("---")).toBe("-");
    expect(slugify("a--b")).toBe("a-b");
    expect(slugify("a - b")).toBe("a-b");
  });

  it("drops letters outside ASCII, possibly leaving an empty slug", () => {
    expect(slugify("日本語")).toBe("");
    expect(slugify("Café")).toBe("caf");
  });

  it("does not trim leading or trailing hyphens or whitespace", () => {
    expect(slugify(" Notion ")).toBe("-notion-");
    expect(slugify("-Notion-")).toBe("-notion-");
    expect(slugify("!Notion")).toBe("notion");
  });
});

describe("uniqueSlug", () => {
  it("returns the base when it is free", () => {
    expect(uniqueSlug("notion", () => false)).toBe("notion");
  });

  it("appends -2, -3, … until a candidate is free", () => {
    const taken = new Set(["notion", "notion-2", "notion-3"]);
    expect(uniqueSlug("notion", (c) => taken.has(c))).toBe("notion-4");
  });

  it("starts numbering at 2", () => {
    expect(uniqueSlug("notion", (c) => c === "notion")).toBe("notion-2");
  });

  it("asks about candidates in order and stops at the first free one", () => {
    const asked: string[] = [];
    uniqueSlug("x", (c) => {
      asked.push(c);
      return asked.length < 3;
    });
    expect(asked).toEqual(["x", "x-2", "x-3"]);
  });

  it("does not skip gaps", () => {
    const taken = new Set(["notion", "notion-3"]);
    expect(uniqueSlug("notion", (c) => taken.has(c))).toBe("notion-2");
  });
});
