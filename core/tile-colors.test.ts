import { describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "./categories.ts";
import { CATEGORY_COLORS, categoryColor, contrastRatio, tileColor } from "./tile-colors.ts";

describe("tile colours", () => {
  it("gives every category its own colour that white text sits on at WCAG AA", () => {
    expect(Object.keys(CATEGORY_COLORS).sort()).toEqual([...CATEGORY_SLUGS].sort());
    const colors = CATEGORY_SLUGS.map(categoryColor);
    expect(new Set(colors).size).toBe(CATEGORY_SLUGS.length);
    for (const color of colors) {
      expect(color).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio(color, "#ffffff"), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("falls back to the first colour for a category it does not know", () => {
    expect(categoryColor("no-such-category")).toBe(CATEGORY_COLORS.ai);
    expect(categoryColor("constructor")).toBe(CATEGORY_COLORS.ai);
    expect(categoryColor(undefined)).toBe(CATEGORY_COLORS.ai);
  });

  it("colours a name the same way every time, whatever its case and spaces", () => {
    expect(tileColor("Notion")).toBe(tileColor("  notion "));
    expect(Object.values(CATEGORY_COLORS)).toContain(tileColor("Notion"));
    expect(Object.values(CATEGORY_COLORS)).toContain(tileColor(""));
    expect(Object.values(CATEGORY_COLORS)).toContain(tileColor("🚀 Launch ‮evil"));
  });

  it("spreads names over the palette, so a list of logo-less tools is not one colour", () => {
    const names = Array.from({ length: 24 }, (_, i) => `Tool ${i + 1}`);
    expect(new Set(names.map(tileColor)).size).toBeGreaterThanOrEqual(10);
    // Eight neighbours on a list page: at least five colours among them.
    expect(
      new Set(["Notion", "Obsidian", "Todoist", "Things 3", "Grammarly", "Heptabase", "Figma", "Canva"].map(tileColor))
        .size,
    ).toBeGreaterThanOrEqual(5);
  });
});

describe("contrast ratio", () => {
  it("matches the WCAG reference values, in either order", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });
});
