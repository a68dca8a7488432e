import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The catalogue has one entry point for writes (server/catalog/change.ts, docs/decisions/021):
// these tests read the server's source and fail when anything else writes its tables, moves its
// version or tells the page caches by hand.

const ROOT = path.resolve(import.meta.dirname, "..");

/** Every source file of the server that runs in production: no tests, no frozen migrations. */
function serverSources(): { file: string; text: string }[] {
  return (fs.readdirSync(ROOT, { recursive: true }) as string[])
    .filter(
      (file) =>
        /\.tsx?$/.test(file) &&
        !/\.test\.ts$/.test(file) &&
        !file.startsWith(["platform", "db", "migrations"].join(path.sep)),
    )
    .map((file) => ({ file: file.split(path.sep).join("/"), text: fs.readFileSync(path.join(ROOT, file), "utf8") }));
}

const CATALOG_TABLES = ["tools", "tool_categories", "tool_tags", "tool_search", "tool_search_gone", "catalog_state"];
const WRITE = new RegExp(
  String.raw`\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*["'](${CATALOG_TABLES.join("|")})["']` +
    String.raw`|\b(insert\s+into|update|delete\s+from)\s+"?(${CATALOG_TABLES.join("|")})\b`,
  "i",
);

/** Where each table may be written: the catalogue's write module, its version, and the search rows. */
const WRITERS = new Set(["catalog/write.ts", "catalog/freshness.ts", "catalog/indexer.ts"]);

describe("the catalogue's one entry point for writes", () => {
  const sources = serverSources();

  it("finds the server's sources (so the checks below look at something)", () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.some((s) => s.file === "catalog/write.ts")).toBe(true);
    // The pattern itself: a write is seen in all its spellings, a read is not.
    expect(WRITE.test(`db.updateTable("tools")`)).toBe(true);
    expect(WRITE.test(`trx.deleteFrom('tool_tags')`)).toBe(true);
    expect(WRITE.test("sql`update tools set x = 1`")).toBe(true);
    expect(WRITE.test(`db.selectFrom("tools")`)).toBe(false);
  });

  it("has nothing but server/catalog/write.ts write tools, categories and tags (and the version and search rows their own modules)", () => {
    const offenders = sources
      .filter((s) => !WRITERS.has(s.file) && WRITE.test(s.text))
      .map((s) => `${s.file}: ${WRITE.exec(s.text)?.[0]}`);
    expect(offenders).toEqual([]);
  });

  it("moves the catalogue version, rebuilds search rows and tells page caches only through changeCatalog", () => {
    const calls = [
      [/\bmarkCatalogChanged\(/, ["catalog/freshness.ts", "catalog/change.ts", "catalog/indexer.ts"]],
      [/\breindexTools\(/, ["catalog/indexer.ts", "catalog/change.ts"]],
      [/\bfreshness\??\.changed\(/, ["catalog/change.ts"]],
    ] as const;
    const offenders: string[] = [];
    for (const [pattern, allowed] of calls) {
      for (const s of sources)
        if (pattern.test(s.text) && !(allowed as readonly string[]).includes(s.file))
          offenders.push(`${s.file}: ${pattern}`);
    }
    expect(offenders).toEqual([]);
  });

  it("has every function of server/catalog/write.ts take the change it is part of", () => {
    const write = sources.find((s) => s.file === "catalog/write.ts")!.text;
    const exported = [...write.matchAll(/export async function (\w+)\(\s*(\w+)\s*:\s*(\w+)/g)];
    expect(exported.length).toBeGreaterThan(5);
    for (const [, name, , type] of exported) expect(type, name).toBe("CatalogWrite");
  });
});
