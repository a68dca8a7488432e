import { createHash } from "node:crypto";
import express, { type Router } from "express";
import { BadgeQuerySchema } from "../../core/badge.ts";
import { publicToolBadge } from "../catalog/queries.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { renderBadge, type BadgeContent } from "./render.ts";

/** How long other sites' visitors (and caches between) keep a badge before asking again. */
const MAX_AGE_S = 300;

/** What the badge route needs of the running server. */
export interface BadgeRoutesDeps {
  database: Database;
  now: () => number;
  config: Pick<Config, "siteName">;
}

/**
 * `GET /badge/{slug}.svg[?theme=dark]`: a public tool's badge for its owner's site — "Listed on"
 * or, while featured, "Featured on" the site, with its like count; a theme it does not know draws
 * the default one. Always answered as an SVG, so an embedded badge says what is wrong in place: a
 * 404 one for an unknown or non-public tool. Revalidated by ETag (the SVG's hash).
 */
export function badgeRoutes(services: BadgeRoutesDeps): Router {
  const router = express.Router();
  const { siteName } = services.config;
  router.all("/:file", async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD");
      return sendBadge(
        req,
        res,
        405,
        { kind: "missing", siteName, message: "This badge can only be read (GET)." },
        "light",
      );
    }
    const { theme } = BadgeQuerySchema.parse(req.query);
    const file = String(req.params.file);
    const badge = file.endsWith(".svg")
      ? await publicToolBadge(services.database, file.slice(0, -".svg".length), services.now())
      : null;
    if (!badge)
      return sendBadge(
        req,
        res,
        404,
        { kind: "missing", siteName, message: `No public tool on ${siteName} has this badge.` },
        theme,
      );
    sendBadge(req, res, 200, { kind: "tool", siteName, ...badge }, theme);
  });
  router.use((req, res) =>
    sendBadge(
      req,
      res,
      404,
      { kind: "missing", siteName, message: `No public tool on ${siteName} has this badge.` },
      "light",
    ),
  );
  return router;
}

function sendBadge(
  req: express.Request,
  res: express.Response,
  status: number,
  content: BadgeContent,
  theme: "light" | "dark",
) {
  const svg = renderBadge(content, theme);
  const etag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 22)}"`;
  res.set({
    "Content-Type": "image/svg+xml; charset=utf-8",
    // Shown on other sites: their pages may load it. An SVG opened on its own runs nothing.
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "Cache-Control": status === 200 ? `public, max-age=${MAX_AGE_S}` : "public, max-age=60",
    ETag: etag,
  });
  // Compared by hand, as server/og/http.ts does (fetch's no-cache makes req.fresh say stale).
  const conditional = req.get("if-none-match");
  if (
    status === 200 &&
    conditional?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")
  ) {
    return res.status(304).end();
  }
  res.status(status).send(svg);
}
