import { changeCatalog } from "../catalog/change.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { setScreenshot } from "../catalog/write.ts";
import type { Database } from "../platform/db/index.ts";
import { ToolGoneError } from "../platform/errors.ts";
import type { JobKindOptions } from "../platform/jobs/queue.ts";
import type { Logger } from "../platform/logger.ts";
import { slugKeyPart, type Storage } from "../platform/storage/index.ts";
import { ScreenshotError, type ScreenshotCapturer } from "./capture.ts";

export interface ScreenshotService {
  /** Whether screenshots can be taken here (system Chromium present). */
  status(): Promise<"available" | "unavailable">;
  /**
   * takeScreenshot (docs/design.md#json-api): captures `url` at 1280×800, stores it under `screenshots/…` and makes
   * it the tool's screenshot; returns its URL. Throws ScreenshotError or ToolGoneError.
   */
  take(url: string, toolId: string): Promise<string>;
  close(): Promise<void>;
}

export interface ScreenshotDeps {
  database: Database;
  storage: Storage;
  freshness: CatalogFreshness;
  capturer: ScreenshotCapturer;
  now: () => number;
}

/** Screenshots of tools' websites, stored through `storage`. */
export function createScreenshotService({
  database,
  storage,
  freshness,
  capturer,
  now,
}: ScreenshotDeps): ScreenshotService {
  const { db } = database;
  return {
    status: () => capturer.status(),
    async take(url, toolId) {
      const tool = await db.selectFrom("tools").select(["slug"]).where("id", "=", toolId).executeTakeFirst();
      if (!tool) throw new ToolGoneError();
      const image = await capturer.capture(url);
      const at = now();
      const key = `screenshots/${slugKeyPart(tool.slug)}_${at}.webp`;
      const screenshotUrl = await storage.put(key, image, "image/webp");
      try {
        const updated = await changeCatalog({ database, freshness, now: () => at }, (write) =>
          setScreenshot(write, toolId, screenshotUrl),
        );
        if (!updated) throw new ToolGoneError();
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      return screenshotUrl;
    },
    close: () => capturer.close(),
  };
}

/** Errors that another attempt cannot fix: the address is refused, or not a web address at all. */
const FINAL: ReadonlySet<string> = new Set(["forbidden-address", "bad-url"]);

/**
 * The screenshot taken after a free submission: of the tool's website, unless it has one by now.
 * A failure never touches the submission; it is retried later (Chromium missing, site down), or
 * given up at once when no retry can help.
 */
export function screenshotJob(
  deps: { database: Database; screenshots: ScreenshotService; log: Logger },
  timeoutMs: number,
): JobKindOptions<"screenshot"> {
  const delays = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
  return {
    maxAttempts: delays.length + 1,
    retryDelayMs: (attempts) => delays[Math.min(attempts, delays.length) - 1]!,
    // Long enough for a capture that first waits its turn behind a few others.
    leaseMs: timeoutMs * 6,
    async handle({ toolId }) {
      const tool = await deps.database.db
        .selectFrom("tools")
        .select(["website_url", "screenshot_url"])
        .where("id", "=", toolId)
        .executeTakeFirst();
      if (!tool || tool.screenshot_url) return;
      try {
        await deps.screenshots.take(tool.website_url, toolId);
      } catch (error) {
        if (error instanceof ToolGoneError) return;
        if (error instanceof ScreenshotError && FINAL.has(error.code)) {
          deps.log.info({ toolId, code: error.code }, "screenshot: website cannot be captured; not retried");
          return;
        }
        throw error;
      }
    },
  };
}
