import { describe, it, expect } from "vitest";
import { CATEGORIES, hyphenate, categoryBySlug, categoryByName, isValidCategoryLabel } from "./categories.ts";

describe("hyphenate", () => {
  it("lowercases and joins words with single hyphens", () => {
    expect(hyphenate("AI & Machine Learning")).toBe("ai-machine-learning");
    expect(hyphenate("Project Management")).toBe("project-management");
  });

  it("keeps an existing hyphen as one hyphen", () => {
    expect(hyphenate("E-commerce")).toBe("e-commerce");
  });

  it("collapses any run of non a-z/0-9 characters into one hyphen", () => {
    expect(hyphenate("a  --  b__c")).toBe("a-b-c");
    expect(hyphenate("Café Über")).toBe("caf-ber");
  });

  it("keeps digits", () => {
    expect(hyphenate("Web 3.0 Tools")).toBe("web-3-0-tools");
  });

  it("removes leading and trailing hyphens", () => {
    expect(hyphenate("  (Utilities)!  ")).toBe("utilities");
    expect(hyphenate("---")).toBe("");
  });
});

describe("categoryBySlug", () => {
  it("finds every category by its table slug", () => {
    for (const category of CATEGORIES) {
      expect(categoryBySlug(category.slug)).toBe(category);
    }
  });

  it("accepts the documented browse slugs plus project-management", () => {
    const slugs = [
      "ai",
      "productivity",
      "design",
      "development",
      "marketing",
      "analytics",
      "communication",
      "finance",
      "ecommerce",
      "education",
      "health",
      "entertainment",
      "security",
      "social",
      "content",
      "support",
      "utilities",
      "project-management",
    ];
    for (const slug of slugs) expect(categoryBySlug(slug), slug).toBeDefined();
    expect(new Set(slugs.map((s) => categoryBySlug(s))).size).toBe(18);
  });

  it("matches any other slug against the name's hyphenated form", () => {
    expect(categoryBySlug("social-media")?.name).toBe("Social Media");
    expect(categoryBySlug("ai-machine-learning")?.name).toBe("AI & Machine Learning");
    expect(categoryBySlug("e-commerce")?.name).toBe("E-commerce");
    expect(categoryBySlug("content-creation")?.name).toBe("Content Creation");
    expect(categoryBySlug("customer-support")?.name).toBe("Customer Support");
  });

  it("is case-sensitive and exact", () => {
    expect(categoryBySlug("AI")).toBeUndefined();
    expect(categoryBySlug("Social-Media")).toBeUndefined();
    expect(categoryBySlug(" ai")).toBeUndefined();
    expect(categoryBySlug("social-")).toBeUndefined();
  });

  it("returns undefined for slugs that are not categories", () => {
    expect(categoryBySlug("all")).toBeUndefined();
    expect(categoryBySlug("")).toBeUndefined();
    expect(categoryBySlug("Social Media")).toBeUndefined();
  });
});

describe("categoryByName", () => {
  it("finds a category by its exact name", () => {
    expect(categoryByName("AI & Machine Learning")?.slug).toBe("ai");
    expect(categoryByName("E-commerce")?.slug).toBe("ecommerce");
  });

  it("ignores case and surrounding whitespace", () => {
    expect(categoryByName("  social media ")?.slug).toBe("social");
    expect(categoryByName("PROJECT MANAGEMENT")?.slug).toBe("project-management");
  });

  it("does not match slugs, hyphenated forms or partial names", () => {
    expect(categoryByName("social")).toBeUndefined();
    expect(categoryByName("social-media")).toBeUndefined();
    expect(categoryByName("Social  Media")).toBeUndefined();
    expect(categoryByName("Machine Learning")).toBeUndefined();
    expect(categoryByName("")).toBeUndefined();
  });
});

describe("isValidCategoryLabel", () => {
  it("accepts ordinary category names", () => {
    for (const category of CATEGORIES) expect(isValidCategoryLabel(category.name)).toBe(true);
  });

  it("needs at least 2 characters after trimming", () => {
    expect(isValidCategoryLabel(" AI ")).toBe(true);
    expect(isValidCategoryLabel("  X  ")).toBe(false);
    expect(isValidCategoryLabel("   ")).toBe(false);
    expect(isValidCategoryLabel("")).toBe(false);
  });

  it("rejects labels that are all digits", () => {
    // Also caught by the needs-a-letter rule; this pins the "not all digits" clause of docs/design.md#validation.
    expect(isValidCategoryLabel("3D")).toBe(true);
    expect(isValidCategoryLabel("42")).toBe(false);
    expect(isValidCategoryLabel(" 2024 ")).toBe(false);
  });

  it("rejects a single lowercase letter", () => {
    // Also caught by the length rule; this pins the "not a single lower-case letter" clause
    // of docs/design.md#validation.
    expect(isValidCategoryLabel("ab")).toBe(true);
    expect(isValidCategoryLabel("a")).toBe(false);
    expect(isValidCategoryLabel(" z ")).toBe(false);
  });

  it("rejects labels containing 'undefined' or 'null', in any case", () => {
    expect(isValidCategoryLabel("Nul")).toBe(true);
    expect(isValidCategoryLabel("undefined")).toBe(false);
    expect(isValidCategoryLabel("Category UNDEFINED")).toBe(false);
    expect(isValidCategoryLabel("null")).toBe(false);
    expect(isValidCategoryLabel("Nullable")).toBe(false);
  });

  it("needs at least one letter, in any script", () => {
    expect(isValidCategoryLabel("日本")).toBe(true);
    expect(isValidCategoryLabel("Ünï")).toBe(true);
    expect(isValidCategoryLabel("1-2")).toBe(false);
    expect(isValidCategoryLabel("!!")).toBe(false);
    expect(isValidCategoryLabel("--")).toBe(false);
  });
});
