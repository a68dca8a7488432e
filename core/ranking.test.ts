import { describe, expect, it } from "vitest";
import { EXAMPLE_QUERY, EXAMPLE_TOOLS, rankingExample } from "./ranking.ts";
import { scoreTool } from "./search.ts";

describe("the ranking page's worked example", () => {
  const rows = rankingExample();

  it("adds up each field's points to the score search gives", () => {
    for (const row of rows) expect(row.score).toBe(scoreTool(row.tool, EXAMPLE_QUERY));
  });

  it("scores the phrase in the tagline and every word once per field", () => {
    expect(rows.map((r) => [r.tool.name, r.points, r.score])).toEqual([
      ["Quill", { name: 0, tagline: 3 + 2 + 2, description: 1 + 1, categories: 0, tags: 1 }, 10],
      ["Jotter", { name: 0, tagline: 2 + 2, description: 0, categories: 0, tags: 0 }, 4],
      ["Notemark", { name: 0, tagline: 2, description: 1, categories: 0, tags: 1 }, 4],
    ]);
  });

  // What the page says with it: payment never passes a higher score, and only breaks a tie.
  it("shows a sponsored tool first among equal scores, though listed earlier, and never above a higher score", () => {
    const [first, second, third] = rows;
    expect(first!.tool.sponsored).toBe(false);
    expect(first!.score).toBeGreaterThan(second!.score);
    expect(second!.tool.sponsored).toBe(true);
    expect(second!.score).toBe(third!.score);
    expect(second!.tool.listedDaysAgo).toBeGreaterThan(third!.tool.listedDaysAgo);
    expect(EXAMPLE_TOOLS.filter((t) => t.sponsored)).toHaveLength(1);
  });
});
