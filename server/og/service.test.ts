import { describe, expect, it } from "vitest";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { createLogger } from "../platform/logger.ts";
import { diskStorage } from "../platform/storage/index.ts";
import {
  createToolImages,
  toolImagePath,
  toolImageVersion,
  ToolImagesBusyError,
  type ToolImageSource,
} from "./service.ts";

const tool: ToolImageSource = {
  slug: "notion",
  name: "Notion",
  tagline: "All-in-one workspace",
  logoUrl: null,
  categories: ["productivity"],
};

/**
 * The images of a process whose lookups are not used here: `png` draws from the source it is
 * given and reads no row (the integration tests cover `find` against both engines).
 */
function images(maxBytes?: number) {
  const config: Pick<Config, "siteName" | "storage"> = {
    siteName: "toolshelf/",
    storage: { kind: "disk", root: "/nonexistent" },
  };
  return createToolImages({
    database: null as unknown as Database,
    storage: diskStorage("/nonexistent"),
    config,
    log: createLogger("silent"),
    maxBytes,
  });
}

const entry = (source: ToolImageSource) => ({ source, version: toolImageVersion(source, "toolshelf/") });

describe("toolImageVersion and toolImagePath", () => {
  it("changes with everything the image shows, and only with that", () => {
    const version = toolImageVersion(tool, "toolshelf/");
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(toolImageVersion({ ...tool }, "toolshelf/")).toBe(version);
    for (const changed of [
      { ...tool, name: "Notion 2" },
      { ...tool, tagline: "Another tagline" },
      { ...tool, logoUrl: "/uploads/logos/notion_1_logo.webp" },
      { ...tool, categories: ["design"] },
      { ...tool, categories: ["productivity", "design"] },
    ]) {
      expect(toolImageVersion(changed, "toolshelf/"), JSON.stringify(changed)).not.toBe(version);
    }
    expect(toolImageVersion(tool, "Other Site")).not.toBe(version);
    // The slug is the address, not the picture.
    const moved: ToolImageSource = { ...tool, slug: "other" };
    expect(toolImageVersion(moved, "toolshelf/")).toBe(version);
  });

  it("addresses the image by slug, escaped, with its version", () => {
    expect(toolImagePath(tool, "toolshelf/")).toBe(`/og/notion.png?v=${toolImageVersion(tool, "toolshelf/")}`);
    expect(toolImagePath({ ...tool, slug: "a b/c?d" }, "toolshelf/")).toMatch(
      /^\/og\/a%20b%2Fc%3Fd\.png\?v=[0-9a-f]{16}$/,
    );
  });
});

describe("createToolImages", () => {
  it("draws a version once, however many ask for it at the same time, and keeps it", async () => {
    const toolImages = images();
    const asked = await Promise.all(Array.from({ length: 8 }, () => toolImages.png(entry(tool))));
    expect(new Set(asked).size).toBe(1);
    expect(asked[0]!.subarray(1, 4).toString()).toBe("PNG");
    // Asked again later: the same bytes from memory, not a new drawing.
    expect(await toolImages.png(entry(tool))).toBe(asked[0]);
  });

  it("draws a new image for a new version", async () => {
    const toolImages = images();
    const before = await toolImages.png(entry(tool));
    const after = await toolImages.png(entry({ ...tool, name: "Notion Renamed" }));
    expect(after.equals(before)).toBe(false);
  });

  it("keeps at most its byte budget, dropping the least recently used", async () => {
    const first = await images().png(entry(tool));
    // Room for about one image: the second drops the first, which is then drawn again.
    const toolImages = images(Math.ceil(first.length * 1.5));
    const a = await toolImages.png(entry(tool));
    await toolImages.png(entry({ ...tool, name: "Other" }));
    const again = await toolImages.png(entry(tool));
    expect(again).not.toBe(a);
    expect(again.equals(a)).toBe(true);
  });

  it("tells a flood of new versions to come back later rather than queueing without end", async () => {
    const toolImages = images();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => toolImages.png(entry({ ...tool, name: `Tool ${i}` }))),
    );
    const busy = outcomes.filter((o) => o.status === "rejected");
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.every((o) => o.status === "rejected" && o.reason instanceof ToolImagesBusyError)).toBe(true);
    expect(outcomes.filter((o) => o.status === "fulfilled").length).toBeGreaterThanOrEqual(32);
  }, 30_000);
});
