import type { Config } from "../config.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { Database } from "../db/index.ts";
import type { Logger } from "../logger.ts";
import type { ScreenshotService } from "../screenshots/service.ts";
import type { Storage } from "../storage/index.ts";

export interface ImporterDeps {
  config: Pick<Config, "productHunt" | "schedules" | "faviconServiceUrl" | "siteName" | "siteUrl" | "outboundAllow">;
  database: Database;
  storage: Storage;
  freshness: CatalogFreshness;
  screenshots: ScreenshotService;
  log: Logger;
  now: () => number;
}

/** An import that could not be done; the message is for the admin ('Import failed: {message}'). */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportError";
  }
}

export type ImportResult =
  /** Saved, approved and public. `logo`: stored from Product Hunt, a favicon-service URL, or none. */
  | { kind: "saved"; tool: { id: string; slug: string; name: string }; screenshotUrl: string | null; logo: "stored" | "favicon" | "none" }
  /** The launch (or its website) is already in the directory; nothing was saved. */
  | { kind: "duplicate"; existing: { slug: string; name: string } };

/** Imports one Product Hunt launch by its URL (issue 9). Throws ImportError for what the admin should read. */
export async function importLaunch(_deps: ImporterDeps, _url: string): Promise<ImportResult> {
  throw new ImportError("Not built yet.");
}
