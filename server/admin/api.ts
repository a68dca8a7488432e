import express, { type Router } from "express";
import { takeScreenshotSchema } from "../../core/api.ts";
import { scrapeBusyMessage, scrapeFailedMessage } from "../../core/import.ts";
import { servesHttps, type Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { ToolGoneError } from "../platform/errors.ts";
import { sendError, type ErrorCode } from "../platform/http/errors.ts";
import type { ScheduledJob, Scheduler } from "../platform/jobs/scheduler.ts";
import type { Logger } from "../platform/logger.ts";
import { ScreenshotError } from "../screenshots/capture.ts";
import type { ScreenshotService } from "../screenshots/service.ts";
import { adminExportHandler } from "./export.ts";
import { requireAdmin } from "./session.ts";
import { dashboardStats } from "./stats.ts";

const SCREENSHOT_ERRORS: Record<ScreenshotError["code"], ErrorCode> = {
  unavailable: "unavailable",
  "forbidden-address": "invalid-argument",
  "bad-url": "invalid-argument",
  timeout: "deadline-exceeded",
  failed: "unavailable",
};

/** What the admin API needs of the running server. */
export interface AdminApiDeps {
  database: Database;
  now: () => number;
  config: Pick<Config, "siteUrl" | "lifecycle" | "linkHealth">;
  log: Logger;
  screenshots: Pick<ScreenshotService, "take">;
  scheduler: Pick<Scheduler, "run">;
  /** The Product Hunt import among the scheduler's jobs: what `/scrape` runs. */
  importJob: Pick<ScheduledJob, "name">;
}

/** `/api/admin`: the server functions only an admin may call (docs/design.md#json-api). */
export function adminApi(services: AdminApiDeps): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  router.use(requireAdmin(services.database, services.now, servesHttps(services.config)));
  router.use(express.json({ limit: "16kb" }));

  // Admin stats (docs/design.md#json-api): the counts of all tools, approved, pending and featured ones.
  router.get("/stats", async (_req, res, next) => {
    try {
      const { totalTools, approvedTools, pendingTools, featuredTools } = await dashboardStats(
        services.database,
        services.now(),
      );
      res.json({ totalTools, approvedTools, pendingTools, featuredTools });
    } catch (error) {
      next(error);
    }
  });

  // The whole catalogue, every status, with what only admins see (README: "Exporting the catalogue").
  router.get("/export.jsonl", adminExportHandler(services, "jsonl"));
  router.get("/export.csv", adminExportHandler(services, "csv"));

  router.post("/take-screenshot", async (req, res, next) => {
    const parsed = takeScreenshotSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendError(res, "invalid-argument", parsed.error.issues[0]!.message);
    try {
      const screenshotUrl = await services.screenshots.take(parsed.data.url, parsed.data.toolId);
      res.json({ screenshotUrl });
    } catch (error) {
      if (error instanceof ToolGoneError) return sendError(res, "not-found", error.message);
      if (error instanceof ScreenshotError) return sendError(res, SCREENSHOT_ERRORS[error.code], error.message);
      next(error);
    }
  });
  // The manual Product Hunt import (docs/design.md#product-hunt-import): answers when the run has finished.
  router.post("/scrape", async (_req, res, next) => {
    try {
      const outcome = await services.scheduler.run(services.importJob.name);
      if (outcome.kind !== "finished")
        return sendError(
          res,
          "aborted",
          scrapeBusyMessage(outcome.kind === "busy" ? (outcome.run?.startedAt ?? null) : null),
        );
      const { run } = outcome;
      if (run.status !== "succeeded")
        return sendError(res, "unavailable", scrapeFailedMessage(run.error ?? "The run did not finish."));
      const { urlsFound, toolsProcessed, savedCount, timestamp } = run.summary;
      res.json({ urlsFound, toolsProcessed, savedCount, timestamp, itemErrors: run.itemErrors });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
