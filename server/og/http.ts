import express, { type Router } from "express";
import { sendPlainPage } from "../platform/http/plain-page.ts";
import { ToolImagesBusyError, type ToolImages } from "./service.ts";

/** How long a shared cache may keep the image at its address without a version (`/og/{slug}.png`). */
const UNVERSIONED_MAX_AGE_S = 300;

/**
 * `GET /og/{slug}.png`: a public tool's image for link previews (docs/decisions/026), 1200×630.
 * Pages link it with `?v={version}`; under its current version it never changes and is cached for
 * good, without one (or under an old one) it is today's image, cached briefly. Unknown and
 * non-public tools are a 404.
 */
export function toolImageRoutes(services: { toolImages: ToolImages }): Router {
  const router = express.Router();
  router.all("/:file", async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD");
      return sendPlainPage(res, 405, { title: "Not allowed", message: "This image can only be read (GET)." });
    }
    const file = String(req.params.file);
    const found = file.endsWith(".png") ? await services.toolImages.find(file.slice(0, -".png".length)) : null;
    if (!found) return sendPlainPage(res, 404, { title: "Not found", message: "No public tool has this image." });

    const current = req.query.v === found.version;
    const etag = `"${found.version}"`;
    res.set({
      "Cache-Control": current ? "public, max-age=31536000, immutable" : `public, max-age=${UNVERSIONED_MAX_AGE_S}`,
      ETag: etag,
      // Shown on other sites: their pages may load it.
      "Cross-Origin-Resource-Policy": "cross-origin",
    });
    // Compared by hand, as the page cache does: Express's req.fresh says "stale" to any request
    // with Cache-Control: no-cache, which fetch() adds to every conditional request.
    const conditional = req.get("if-none-match");
    if (conditional?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*"))
      return res.status(304).end();
    try {
      res.type("png").send(await services.toolImages.png(found));
    } catch (error) {
      if (!(error instanceof ToolImagesBusyError)) throw error;
      res.removeHeader("ETag");
      res.set("Retry-After", "5");
      sendPlainPage(res, 503, {
        title: "Busy",
        message: "Too many images are being drawn. Please try again in a few seconds.",
      });
    }
  });
  router.use((_req, res) => sendPlainPage(res, 404, { title: "Not found", message: "No public tool has this image." }));
  return router;
}
