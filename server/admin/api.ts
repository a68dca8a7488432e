import express, { type Router } from "express";
import { takeScreenshotSchema } from "../../core/api.ts";
import { servesHttps } from "../config.ts";
import { sendError, type ErrorCode } from "../http/errors.ts";
import { ScreenshotError } from "../screenshots/capture.ts";
import { ToolGoneError } from "../screenshots/service.ts";
import type { AppServices } from "../services.ts";
import { requireAdmin } from "./session.ts";
import { dashboardStats } from "./stats.ts";

const SCREENSHOT_ERRORS: Record<ScreenshotError["code"], ErrorCode> = {
  unavailable: "unavailable",
  "forbidden-address": "invalid-argument",
  "bad-url": "invalid-argument",
  timeout: "deadline-exceeded",
  failed: "unavailable",
};

/** `/api/admin`: the server functions only an admin may call (DESIGN "JSON API"). */
export function adminApi(services: AppServices): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  router.use(requireAdmin(services.database, services.now, servesHttps(services.config)));
  router.use(express.json({ limit: "16kb" }));

  // Admin stats (spec §7): the counts of all tools, approved, pending and featured ones.
  router.get("/stats", async (_req, res, next) => {
    try {
      const { totalTools, approvedTools, pendingTools, featuredTools } = await dashboardStats(services.database, services.now());
      res.json({ totalTools, approvedTools, pendingTools, featuredTools });
    } catch (error) {
      next(error);
    }
  });

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
  return router;
}
