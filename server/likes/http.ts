import express, { type Router } from "express";
import { likeSchema, safeReturnPath, toolAnchor } from "../../core/likes.ts";
import { ERROR_STATUS, sendError, wantsJson, type ErrorCode } from "../platform/http/errors.ts";
import { sameSite, sameSitePath } from "../platform/http/origin.ts";
import { clientIp } from "../platform/http/client.ts";
import { sendPlainPage } from "../platform/http/plain-page.ts";
import type { LikeLimit, LikeService } from "./service.ts";
import { isToolId } from "../../core/tool.ts";
import { hasBody } from "../platform/http/body-limit.ts";

const LIMIT_MESSAGES: Record<LikeLimit, (retryAfterSec: number) => string> = {
  rate: (seconds) => `Too many likes in a short time. Please wait ${seconds} seconds.`,
  tool: () => "This tool has been liked too often from your network today. Please try again tomorrow.",
  "new-visitors": () => "Too many new visitors from your network. Please try again later.",
};

/** What the like route needs of the running server. */
export interface LikeRoutesDeps {
  likes: LikeService;
  now: () => number;
}

/**
 * `POST /like/:toolId` with `intent` (like, unlike, or toggle when absent): the script of the like
 * button gets the authoritative `{ toolId, liked, count }` as JSON; a browser without JavaScript
 * is sent back to the page of this site it came from (its Referer), else to the tool's page, at
 * the tool's card (`#tool-<id>`).
 */
export function likeRoutes(services: LikeRoutesDeps): Router {
  const router = express.Router();
  router.post(
    "/:toolId",
    express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 10 }),
    async (req, res) => {
      res.set("Cache-Control", "no-store");
      const toolId = String(req.params.toolId);
      const back = safeReturnPath(sameSitePath(req.get("referer"), req), `/tool/${encodeURIComponent(toolId)}`);
      const fail = (code: ErrorCode, message: string) =>
        wantsJson(req)
          ? sendError(res, code, message)
          : sendPlainPage(res, ERROR_STATUS[code], {
              title: "The like did not go through",
              message,
              link: { href: back, label: "Go back" },
            });

      // Another site's page may not like tools on its visitors' behalf.
      const origin = req.get("origin");
      if (origin && !sameSite(origin, req))
        return fail("permission-denied", "Likes are only accepted from this site's pages.");
      // The button posts a form (or nothing); a body of another kind would be read as no intent at all.
      if (hasBody(req) && !req.is("application/x-www-form-urlencoded"))
        return fail("unsupported-media-type", "A like is sent as a form.");
      if (!isToolId(toolId)) return fail("not-found", "No public tool has this id.");
      const parsed = likeSchema.safeParse(req.body ?? {});
      if (!parsed.success)
        return fail("invalid-argument", parsed.error.issues[0]?.message ?? "The like request could not be read.");

      const outcome = await services.likes.apply({
        toolId,
        intent: parsed.data.intent,
        cookieHeader: req.headers.cookie,
        ip: clientIp(req),
        now: services.now(),
      });
      if (outcome.setCookie) res.append("Set-Cookie", outcome.setCookie);
      switch (outcome.kind) {
        case "not-found":
          return fail("not-found", "No public tool has this id.");
        case "limited":
          res.set("Retry-After", String(outcome.retryAfterSec));
          return fail("resource-exhausted", LIMIT_MESSAGES[outcome.reason](outcome.retryAfterSec));
        case "done":
          // Back to the card that was liked, not to the top of a long list.
          return wantsJson(req) ? res.json(outcome.state) : res.redirect(303, `${back}#${toolAnchor(toolId)}`);
      }
    },
  );
  return router;
}
