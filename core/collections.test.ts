import { describe, expect, it } from "vitest";
import {
  COLLECTION_LIMITS,
  collectionActionSchema,
  collectionFields,
  collectionFieldsSchema,
  collectionJsonLd,
  collectionPath,
  collectionSlugFrom,
  isCollectionSlug,
  moveInOrder,
  publishProblem,
  toolKeyOf,
} from "./collections.ts";

describe("a collection's address", () => {
  it("is made from the title when none is typed, within the limit, never starting or ending with a hyphen", () => {
    expect(collectionSlugFrom("Best Note-Taking Apps (2026)!")).toBe("best-note-taking-apps-2026");
    expect(collectionSlugFrom("  -- Tools__for  writers -- ")).toBe("tools-for-writers");
    expect(collectionSlugFrom("日本語")).toBe("");
    const long = collectionSlugFrom(`${"word ".repeat(40)}`);
    expect(long.length).toBeLessThanOrEqual(COLLECTION_LIMITS.slug);
    expect(isCollectionSlug(long)).toBe(true);
  });

  it("takes lower-case words joined by single hyphens only", () => {
    for (const good of ["a", "best-apps", "top-10-tools"]) expect(isCollectionSlug(good), good).toBe(true);
    for (const bad of ["", "Best", "-a", "a-", "a--b", "a b", "a/b", "../x", "ä", "a".repeat(81)])
      expect(isCollectionSlug(bad), bad).toBe(false);
    expect(collectionPath("best-apps")).toBe("/collections/best-apps");
  });
});

describe("the collection's fields", () => {
  it("trims the title and introduction, and makes the address from the title when left empty", () => {
    const parsed = collectionFieldsSchema.parse({ title: "  Writing tools ", slug: "  ", intro: " Hello " });
    expect(collectionFields(parsed)).toEqual({ title: "Writing tools", slug: "writing-tools", intro: "Hello" });
  });

  it("gives no fields when neither the address nor the title gives one", () => {
    expect(collectionFields(collectionFieldsSchema.parse({ title: "日本語" }))).toBeNull();
  });

  it("refuses an empty or over-long title, a bad address, an over-long introduction, with their messages", () => {
    const messages = (input: object) =>
      collectionFieldsSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages({ title: " " })).toEqual(["title: Please enter a title."]);
    expect(messages({ title: "x".repeat(121) })).toEqual(["title: The title must be at most 120 characters."]);
    expect(messages({ title: "Ok", slug: "Not Ok" })).toEqual([
      "slug: The address may hold only lower-case letters, digits and single hyphens (like best-note-apps).",
    ]);
    expect(messages({ title: "Ok", intro: "x".repeat(5001) })).toEqual([
      "intro: The introduction must be at most 5,000 characters.",
    ]);
    expect(messages({ title: ["a", "b"] })).toEqual(["title: Give one value here, not several."]);
  });
});

describe("the admin's actions", () => {
  it("reads each intent with what it needs, and refuses unknown ones in words of ours", () => {
    expect(collectionActionSchema.parse({ intent: "move-up", tool: "abc123" })).toEqual({
      intent: "move-up",
      tool: "abc123",
    });
    expect(collectionActionSchema.parse({ intent: "set-note", tool: "abc", note: "  Good  " })).toEqual({
      intent: "set-note",
      tool: "abc",
      note: "Good",
    });
    expect(collectionActionSchema.safeParse({ intent: "drop-table" }).error?.issues[0]?.message).toBe(
      "The request could not be understood. Please use the page's buttons.",
    );
    expect(collectionActionSchema.safeParse({ intent: "move-up", tool: "../x" }).error?.issues[0]?.message).toBe(
      "That tool is not in this collection.",
    );
    expect(
      collectionActionSchema.safeParse({ intent: "set-note", tool: "a", note: "n".repeat(281) }).error?.issues[0]
        ?.message,
    ).toBe("A note must be at most 280 characters.");
    expect(collectionActionSchema.safeParse({ intent: "delete" }).error?.issues[0]?.message).toBe(
      "Tick the box to confirm that the collection is to be deleted.",
    );
    expect(collectionActionSchema.safeParse({ intent: "add-tool", tool: "  " }).error?.issues[0]?.message).toBe(
      "Please enter the address (slug) of a tool.",
    );
  });

  it("reads a tool typed as its slug or as its page's address", () => {
    expect(toolKeyOf(" Notion ")).toBe("notion");
    expect(toolKeyOf("https://tools.example/tool/notion?ref=x#top")).toBe("notion");
    expect(toolKeyOf("/tool/notion/")).toBe("notion");
  });
});

describe("the order of a collection", () => {
  const ids = ["a", "b", "c"];

  it("moves a tool one place up or down, leaving the list given as it was", () => {
    expect(moveInOrder(ids, "b", "up")).toEqual(["b", "a", "c"]);
    expect(moveInOrder(ids, "b", "down")).toEqual(["a", "c", "b"]);
    expect(moveInOrder(ids, "c", "up")).toEqual(["a", "c", "b"]);
    expect(ids).toEqual(["a", "b", "c"]);
  });

  it("does not move the first up, the last down, or a tool not in the list", () => {
    expect(moveInOrder(ids, "a", "up")).toBeNull();
    expect(moveInOrder(ids, "c", "down")).toBeNull();
    expect(moveInOrder(ids, "z", "up")).toBeNull();
  });

  it("publishes only a collection with a public tool to show", () => {
    expect(publishProblem(0)).toBe("Add at least one public tool before publishing the collection.");
    expect(publishProblem(1)).toBeNull();
  });
});

describe("a collection's structured data", () => {
  it("lists its tools in order, numbered from 1", () => {
    const data = collectionJsonLd({
      title: "Picks",
      description: "Two tools.",
      url: "https://tools.example/collections/picks",
      tools: [
        { name: "B", url: "https://tools.example/tool/b" },
        { name: "A", url: "https://tools.example/tool/a" },
      ],
    });
    expect(data).toMatchObject({
      "@type": "CollectionPage",
      name: "Picks",
      url: "https://tools.example/collections/picks",
    });
    expect(data.mainEntity.numberOfItems).toBe(2);
    expect(data.mainEntity.itemListElement.map((e) => [e.position, e.name, e.url])).toEqual([
      [1, "B", "https://tools.example/tool/b"],
      [2, "A", "https://tools.example/tool/a"],
    ]);
  });
});
