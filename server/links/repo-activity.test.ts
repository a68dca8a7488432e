import { describe, expect, it } from "vitest";
import { publicRepository } from "./repo-activity.ts";

describe("publicRepository", () => {
  it("reads a repository of each forge, pages below it included", () => {
    expect(publicRepository("https://github.com/acme/widget")).toEqual({ forge: "github", path: "acme/widget" });
    expect(publicRepository("https://github.com/acme/widget.git")).toEqual({ forge: "github", path: "acme/widget" });
    expect(publicRepository("https://github.com/acme/widget/tree/main/docs")).toEqual({
      forge: "github",
      path: "acme/widget",
    });
    expect(publicRepository("https://gitlab.com/group/sub/project/-/tree/main")).toEqual({
      forge: "gitlab",
      path: "group/sub/project",
    });
    expect(publicRepository("https://codeberg.org/forgejo/forgejo")).toEqual({
      forge: "codeberg",
      path: "forgejo/forgejo",
    });
  });

  it("names no repository for a user page, a page of the forge, another site or no address", () => {
    expect(publicRepository("https://github.com/acme")).toBeNull();
    expect(publicRepository("https://github.com/marketplace/actions")).toBeNull();
    expect(publicRepository("https://example.com/acme/widget")).toBeNull();
    expect(publicRepository("https://github.com.evil.example/acme/widget")).toBeNull();
    expect(publicRepository("not a url")).toBeNull();
    expect(publicRepository("https://github.com/acme/wid%20get")).toBeNull();
  });
});
