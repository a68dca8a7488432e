import { describe, expect, it } from "vitest";
import { toolPageKey } from "./views.ts";

describe("toolPageKey", () => {
  it("is the key of a tool page's path, decoded, without its query", () => {
    expect(toolPageKey("/tool/quillpad")).toBe("quillpad");
    expect(toolPageKey("/tool/Quillpad?ref=x")).toBe("quillpad");
    expect(toolPageKey("/tool/caf%C3%A9")).toBe("café");
  });
  it("is null for other paths and for what is not a page", () => {
    expect(toolPageKey("/")).toBeNull();
    expect(toolPageKey("/tool/")).toBeNull();
    expect(toolPageKey("/tools/x")).toBeNull();
    expect(toolPageKey("/tool/a/b")).toBeNull();
    expect(toolPageKey("/tool/x.data")).toBeNull();
    expect(toolPageKey("/tool/%E0%A4%A")).toBeNull();
    expect(toolPageKey(`/tool/${"a".repeat(301)}`)).toBeNull();
  });
});
