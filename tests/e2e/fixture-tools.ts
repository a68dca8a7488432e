import path from "node:path";
import { emptyToolContent } from "../../core/tool.ts";
import { changeCatalog, type CatalogWrite } from "../../server/catalog/change.ts";
import type { NewTool } from "../../server/catalog/write.ts";
import { openDatabase, type Database } from "../../server/platform/db/index.ts";

/** The e2e server's database, opened beside it as another instance would open it. */
export function e2eDatabase(): Database {
  return openDatabase({ engine: "sqlite", file: path.join(process.env.E2E_DATA_DIR!, "toolshelf.db") });
}

/**
 * Changes the e2e server's catalogue as another instance would (the server sees the change within
 * its freshness poll); `now` is the one moment the change is written at.
 */
export async function changeE2eCatalog(change: (write: CatalogWrite, now: number) => Promise<unknown>): Promise<void> {
  const database = e2eDatabase();
  const now = Date.now();
  try {
    await changeCatalog({ database, now: () => now }, (write) => change(write, now));
  } finally {
    await database.close();
  }
}

/** A public tool whose description tries every way to run script (added by the global setup). */
export const HOSTILE_TOOL: Omit<NewTool, "id" | "createdAt" | "updatedAt"> = {
  ...emptyToolContent(),
  slug: "hostile-fixture",
  name: "Hostile Fixture",
  tagline: "A listing whose description tries to run script",
  websiteUrl: "https://hostile-fixture.example.com",
  description:
    '<p>Harmless words stay.</p><script>alert("script")</script><img src=x onerror=alert("img")>' +
    '<a href="javascript:alert(\'link\')">click me</a><iframe src="https://evil.example"></iframe>' +
    '<svg onload=alert("svg")></svg><p style="color:red" onclick="alert(\'p\')">Second paragraph.</p>',
  categories: ["utilities"],
  tags: ["fixture"],
  platforms: ["Web"],
  pricingModel: "Free",
  status: "approved",
  source: "admin",
  logoUrl: null,
  screenshotUrl: null,
  submitterEmail: null,
  upvotesCount: 0,
};
