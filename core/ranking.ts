import { compareRanked, normalizeQuery, scoreBreakdown, type SearchableTool, type SearchField } from "./search.ts";

// The worked example of the "How ranking works" page: sample tools scored and ordered by the
// search rules themselves, so the numbers the page prints are the ones search would give.

/** A sample tool of the example: what search reads of it, and what orders equal scores. */
interface SampleTool extends SearchableTool {
  id: string;
  sponsored: boolean;
  /** Featured weight in force, in cents (0 unless sponsored). */
  featuredPriceCents: number;
  /** Days before the example's date it was listed. */
  listedDaysAgo: number;
}

/** The query of the example, as a visitor would type it. */
export const EXAMPLE_QUERY = "Markdown notes";

const DAY = 24 * 60 * 60 * 1000;

/** Three made-up tools: one scoring most, and two scoring the same, one of them sponsored but listed earlier. */
export const EXAMPLE_TOOLS: readonly SampleTool[] = [
  {
    id: "example-jotter",
    name: "Jotter",
    tagline: "Quick notes in Markdown",
    description: "A scratch pad for the day.",
    categories: ["Productivity"],
    tags: ["writing"],
    sponsored: true,
    featuredPriceCents: 5000,
    listedDaysAgo: 30,
  },
  {
    id: "example-notemark",
    name: "Notemark",
    tagline: "A Markdown editor",
    description: "Notes and documents in plain text.",
    categories: ["Productivity"],
    tags: ["markdown", "writing"],
    sponsored: false,
    featuredPriceCents: 0,
    listedDaysAgo: 2,
  },
  {
    id: "example-quill",
    name: "Quill",
    tagline: "Markdown notes for teams",
    description: "Write and share notes in Markdown.",
    categories: ["Productivity"],
    tags: ["notes"],
    sponsored: false,
    featuredPriceCents: 0,
    listedDaysAgo: 90,
  },
];

/** One row of the example: a sample tool, its points per field and in all, in result order. */
export interface ExampleRow {
  tool: SampleTool;
  points: Record<SearchField, number>;
  score: number;
}

/** The example's tools scored for EXAMPLE_QUERY and put in the order search results take. */
export function rankingExample(): ExampleRow[] {
  const query = normalizeQuery(EXAMPLE_QUERY);
  const rows = EXAMPLE_TOOLS.map((tool) => {
    const points = scoreBreakdown(tool, query);
    return { tool, points, score: Object.values(points).reduce((sum, p) => sum + p, 0) };
  });
  const ranked = (row: ExampleRow) => ({
    score: row.score,
    featured: row.tool.sponsored,
    featuredPriceCents: row.tool.featuredPriceCents,
    createdAt: -row.tool.listedDaysAgo * DAY,
    id: row.tool.id,
  });
  return rows.sort((a, b) => compareRanked(ranked(a), ranked(b)));
}
