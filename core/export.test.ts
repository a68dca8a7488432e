import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import {
  ADMIN_CSV_HEADER,
  adminCsvRow,
  adminToolRecordSchema,
  csvCell,
  escapeCsvCell,
  unescapeCsvCell,
  exportFileName,
  type AdminToolRecord,
} from "./export.ts";

function record(overrides: Partial<AdminToolRecord> = {}): AdminToolRecord {
  return {
    id: "t1",
    slug: "notes",
    name: "Notes",
    tagline: "Write things down",
    websiteUrl: "https://notes.example.com",
    logoUrl: null,
    url: "https://toolshelf.example/tool/notes",
    categories: ["productivity", "design"],
    pricingModel: "Free",
    upvotesCount: 3,
    isFeatured: false,
    sponsored: false,
    featuredPrice: 0,
    featuredUntil: null,
    createdAt: "2026-05-01T00:00:00.000Z",
    lifecycle: "active",
    description: "First paragraph.\n\nSecond, with a comma.",
    screenshotUrl: null,
    tags: ["notes", "markdown"],
    platforms: ["Web", "macOS"],
    pricingDetails: "",
    features: ["Fast"],
    useCases: [],
    integrations: ["Slack"],
    targetAudience: ["Writers"],
    updatedAt: "2026-05-02T00:00:00.000Z",
    lastCheckedAt: null,
    lastUpdatedAt: null,
    successor: null,
    commentsCount: 0,
    rating: { average: null, count: 0 },
    status: "pending",
    rejectionReason: null,
    source: "free_submission",
    sourceUrl: null,
    websiteKey: "notes.example.com",
    linkCheckedAt: null,
    linkCheckResult: null,
    linkFailures: 0,
    paidOrders: 0,
    paidUsd: 0,
    lastPaidAt: null,
    ...overrides,
  };
}

describe("escapeCsvCell", () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'],
    ["+1+2", "'+1+2"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
    // A quote of its own gets one more, so the import takes off only what the export added.
    ["'quoted", "''quoted"],
  ])("prefixes a quote to %j", (input, escaped) => {
    expect(escapeCsvCell(input)).toBe(escaped);
  });

  it.each(["", "Notes", "1+1", "a=b", " =1", "e-mail", "https://x.example/?a=-1"])("leaves %j as it is", (input) => {
    expect(escapeCsvCell(input)).toBe(input);
  });
});

describe("csvCell", () => {
  it("writes null as nothing, numbers in figures and booleans as words", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(false)).toBe("false");
  });

  it("joins a list with semicolons, escaping every item that could start a formula", () => {
    expect(csvCell(["Web", "macOS"])).toBe("Web;macOS");
    expect(csvCell([])).toBe("");
    expect(csvCell(["=cmd", "ok", "@x"])).toBe("'=cmd;ok;'@x");
    expect(csvCell(["ok", "-1"])).toBe("ok;'-1");
  });
});

describe("the admin CSV", () => {
  it("begins with the columns the CSV import reads, under their names", () => {
    expect(ADMIN_CSV_HEADER.slice(0, 8)).toEqual([
      "name",
      "website_url",
      "tagline",
      "description",
      "categories",
      "pricing_model",
      "platforms",
      "tags",
    ]);
    expect(new Set(ADMIN_CSV_HEADER).size).toBe(ADMIN_CSV_HEADER.length);
    expect(ADMIN_CSV_HEADER).not.toContain("submitter_email");
    expect(ADMIN_CSV_HEADER.some((name) => /mail|token|hash/.test(name))).toBe(false);
  });

  it("builds one cell per column, in the header's order", () => {
    const row = adminCsvRow(record({ pricingModel: null, paidOrders: 2, paidUsd: 75.5 }));
    expect(row).toHaveLength(ADMIN_CSV_HEADER.length);
    const cells = Object.fromEntries(ADMIN_CSV_HEADER.map((name, i) => [name, row[i]]));
    expect(cells).toMatchObject({
      name: "Notes",
      website_url: "https://notes.example.com",
      categories: "productivity;design",
      pricing_model: "",
      platforms: "Web;macOS",
      tags: "notes;markdown",
      status: "pending",
      is_featured: "false",
      paid_orders: "2",
      paid_usd: "75.5",
      created_at: "2026-05-01T00:00:00.000Z",
      source: "free_submission",
      description: "First paragraph.\n\nSecond, with a comma.",
    });
  });

  it("escapes formula cells wherever they are, and reads back as written through csv-stringify and csv-parse", () => {
    const hostile = record({
      name: "=cmd|' /C calc'!A0",
      tagline: "+tagline",
      description: "-description",
      rejectionReason: "@reason",
      tags: ["=tag"],
    });
    const text = stringify([ADMIN_CSV_HEADER, adminCsvRow(hostile)], { record_delimiter: "windows" });
    const [header, row] = parse(text) as string[][];
    expect(header).toEqual(ADMIN_CSV_HEADER);
    const cells = Object.fromEntries(ADMIN_CSV_HEADER.map((name, i) => [name, row![i]]));
    expect(cells).toMatchObject({
      name: "'=cmd|' /C calc'!A0",
      tagline: "'+tagline",
      description: "'-description",
      rejection_reason: "'@reason",
      tags: "'=tag",
    });
    for (const cell of row!) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    // And back as they were, for the CSV import of our own export.
    expect(unescapeCsvCell(cells.name!)).toBe(hostile.name);
    expect(unescapeCsvCell(cells.rejection_reason!)).toBe("@reason");
  });
});

describe("the admin record", () => {
  it("is a ToolDetail with its private state, and no e-mail address", () => {
    expect(adminToolRecordSchema.parse(record())).toEqual(record());
    expect(Object.keys(adminToolRecordSchema.shape).some((key) => /mail|token|hash/i.test(key))).toBe(false);
  });
});

describe("exportFileName", () => {
  it("names the file after the site and the day (UTC)", () => {
    expect(exportFileName(Date.UTC(2026, 10, 28, 23, 59), "csv")).toBe("toolshelf-catalogue-2026-11-28.csv");
    expect(exportFileName(Date.UTC(2026, 0, 2), "jsonl")).toBe("toolshelf-catalogue-2026-01-02.jsonl");
  });
});
