import { describe, expect, it } from "vitest";
import { LIKE_LOCK_MS, likesWord } from "./like-button.ts";
import { likeSchema, safeReturnPath } from "./likes.ts";

describe("like requests", () => {
  it.each(["like", "unlike", "toggle"])("accepts the intent %j", (intent) => {
    expect(likeSchema.parse({ intent })).toEqual({ intent });
  });

  it("flips the state when no intent is sent (the form without JavaScript)", () => {
    expect(likeSchema.parse({})).toEqual({ intent: "toggle" });
  });

  it.each([[{ intent: "LIKE" }], [{ intent: "upvote" }], [{ intent: "" }], [{ intent: ["like"] }]])(
    "refuses %j with a clear message",
    (input) => {
      const result = likeSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Intent must be like, unlike or toggle.");
    },
  );

  it("locks the button for 2 seconds after a click (docs/design.md#constants)", () => {
    expect(LIKE_LOCK_MS).toBe(2000);
  });
});

describe("safeReturnPath", () => {
  it.each(["/", "/browse/all?page=2", "/tool/notion", "/search/ai%20tools#top"])(
    "keeps this site's path %j",
    (path) => {
      expect(safeReturnPath(path, "/fallback")).toBe(path);
    },
  );

  it.each([
    undefined,
    "",
    "browse",
    "//evil.example/x",
    "/\\evil.example",
    "/a\\b",
    "https://evil.example/",
    "javascript:alert(1)",
    "/ok\nLocation: https://evil.example",
    "/tab\there",
    "/del\u007f",
  ])("falls back for %j", (value) => {
    expect(safeReturnPath(value, "/fallback")).toBe("/fallback");
  });
});

describe("likesWord", () => {
  it.each([
    [0, "likes"],
    [1, "like"],
    [2, "likes"],
    [1000, "likes"],
  ])("%i → %s", (count, word) => {
    expect(likesWord(count)).toBe(word);
  });
});
