import express, { type Router } from "express";
import { likeSchema, safeReturnPath } from "../../core/likes.ts";
import { ERROR_STATUS, sendError, wantsJson, type ErrorCode } from "../http/errors.ts";
import { sameSite, sameSitePath } from "../http/origin.ts";
import { sendPlainPage } from "../http/plain-page.ts";
import type { AppServices } from "../services.ts";

/**
 * `POST /like/:toolId` with `intent` (like, unlike, or toggle when absent): the script of the like
 * button gets the authoritative `{ toolId, liked, count }` as JSON; a browser without JavaScript
 * is sent back to the page of this site it came from (its Referer), else to the tool's page.
 */
export function likeRoutes(services: AppServices): Router {
  const router = express.Router();
  router.post("/:toolId", express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 10 }), async (req, res) => {
    res.set("Cache-Control", "no-store");
    const toolId = String(req.params.toolId);
    const back = safeReturnPath(sameSitePath(req.get("referer"), req), `/tool/${encodeURIComponent(toolId)}`);
    const fail = (code: ErrorCode, message: string) =>
      wantsJson(req)
        ? sendError(res, code, message)
        : sendPlainPage(res, ERROR_STATUS[code], { title: "The like did not go through", message, link: { href: back, label: "Go back" } });

    // Another site's page may not like tools on its visitors' behalf.
    const origin = req.get("origin");
    if (origin && !sameSite(origin, req)) return fail("permission-denied", "Likes are only accepted from this site's pages.");
    const parsed = likeSchema.safeParse(req.body ?? {});
    if (!parsed.success) return fail("invalid-argument", parsed.error.issues[0]?.message ?? "The like request could not be read.");

    const outcome = await services.likes.apply({
      toolId,
      intent: parsed.data.intent,
      cookieHeader: req.headers.cookie,
      ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
      now: services.now(),
    });
    if (outcome.setCookie) res.append("Set-Cookie", outcome.setCookie);
    switch (outcome.kind) {
      case "not-found":
        return fail("not-found", "No public tool has this id.");
      case "limited":
        res.set("Retry-After", String(outcome.retryAfterSec));
        return fail("resource-exhausted", `Too many likes in a short time. Please wait ${outcome.retryAfterSec} seconds.`);
      case "done":
        return wantsJson(req) ? res.json(outcome.state) : res.redirect(303, back);
    }
  });
  return router;
}
