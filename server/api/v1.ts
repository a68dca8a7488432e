import express, { type Router } from "express";
import { alternativesQuerySchema, searchQuerySchema, suggestQuerySchema, toolListQuerySchema } from "../../core/api.ts";
import type { SuggestJson } from "../../core/api-responses.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { PublicCatalog } from "../catalog/public.ts";
import {
  alternativesAnswer,
  categoriesAnswer,
  collectionAnswer,
  collectionsAnswer,
  searchAnswer,
  toolAnswer,
  toolListAnswer,
  type CatalogAnswerDeps,
} from "./answers.ts";
import { publicExportHandler, type PublicExport } from "./export.ts";
import { openApiJson } from "./openapi.ts";
import type { Logger } from "../platform/logger.ts";
import { sendError } from "../platform/http/errors.ts";
import type { PageCache } from "../platform/http/page-cache.ts";
import { clientIp } from "../platform/http/client.ts";
import { addressKey, type RateLimiter } from "../platform/ratelimit/index.ts";
import { suggest } from "../search/suggest.ts";

// The public, read-only JSON API (README: "JSON API"). Open to every origin: it only returns what
// the public pages show. Never returns a submitter's e-mail or anything not public.

/** What the public JSON API needs of the running server. */
export interface ApiV1Deps extends CatalogAnswerDeps {
  /** The public catalogue in memory: lists, facets, alternatives, counts, and suggestions. */
  catalog: CatalogAnswerDeps["catalog"] & Pick<PublicCatalog, "namedLike">;
  /** The generation a kept search answer belongs to. */
  freshness: Pick<CatalogFreshness, "generation">;
  /** Every public tool as JSON Lines, kept per generation. */
  catalogExport: Pick<PublicExport, "current">;
  log: Logger;
  limiters: { suggest: RateLimiter };
}

/**
 * `/api/v1`: tools (list and one), search, suggestions, categories, the whole catalogue as JSON
 * Lines, and their description (server/api/openapi.ts). `answers` (the page cache, when on) keeps
 * search answers.
 */
export function apiV1(services: ApiV1Deps, answers: Pick<PageCache, "keepJson"> | null): Router {
  const router = express.Router();

  router.use((req, res, next) => {
    res.set("Access-Control-Allow-Origin", "*");
    res.set("Vary", "Accept-Encoding");
    if (req.method === "OPTIONS") {
      res.set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
      res.set("Access-Control-Allow-Headers", "Content-Type");
      res.set("Access-Control-Max-Age", "86400");
      res.status(204).end();
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD, OPTIONS");
      sendError(res, "invalid-argument", "This API is read-only: use GET.");
      return;
    }
    res.set("Cache-Control", "public, max-age=60");
    // `?page=1&page=2` has no one meaning: refused in our words rather than the schema library's.
    const repeated = Object.entries(req.query).find(([, value]) => Array.isArray(value));
    if (repeated) {
      sendError(res, "invalid-argument", `${repeated[0].slice(0, 40)} may be given only once.`);
      return;
    }
    next();
  });

  router.get("/export.jsonl", publicExportHandler(services.catalogExport, services.log));

  router.get("/openapi.json", (_req, res) => {
    res.type("application/json").send(openApiJson(services.config.siteUrl));
  });

  router.get("/tools", async (req, res, next) => {
    try {
      const parsed = toolListQuerySchema.safeParse(req.query);
      if (!parsed.success) {
        sendError(
          res,
          "invalid-argument",
          parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join(" "),
        );
        return;
      }
      res.json(await toolListAnswer(services, parsed.data));
    } catch (error) {
      next(error);
    }
  });

  router.get("/tools/:key", async (req, res, next) => {
    try {
      const answer = await toolAnswer(services, req.params.key);
      if (!answer) {
        sendError(res, "not-found", "No public tool has that slug or id.");
        return;
      }
      res.json(answer);
    } catch (error) {
      next(error);
    }
  });

  router.get("/tools/:key/alternatives", async (req, res, next) => {
    try {
      const parsed = alternativesQuerySchema.safeParse(req.query);
      if (!parsed.success) {
        sendError(res, "invalid-argument", parsed.error.issues[0]?.message ?? "The query could not be read.");
        return;
      }
      const answer = await alternativesAnswer(services, req.params.key, parsed.data.page ?? 1);
      if (!answer) {
        sendError(res, "not-found", "No public tool has that slug or id.");
        return;
      }
      res.json(answer);
    } catch (error) {
      next(error);
    }
  });

  router.get("/search", async (req, res, next) => {
    try {
      const parsed = searchQuerySchema.safeParse(req.query);
      if (!parsed.success) {
        sendError(res, "invalid-argument", parsed.error.issues[0]?.message ?? "The query could not be read.");
        return;
      }
      const { q, page, cursor, include } = parsed.data;
      // Read before searching: the answer is kept for this generation or a later one, never an older.
      const made = { generation: await services.freshness.generation(), madeAt: services.now() };
      const outcome = await searchAnswer(services, q, page ?? 1, cursor, include);
      if (outcome.kind === "too-long") {
        sendError(res, "invalid-argument", `q must be at most ${outcome.maxLength} characters.`);
        return;
      }
      if (outcome.kind === "prompt") {
        sendError(res, "invalid-argument", "q is required: the words to search for.");
        return;
      }
      res.set("Cache-Control", "public, max-age=60");
      // A repeated search is then answered before Express runs, like a stored page.
      if (answers) await answers.keepJson(req, res, outcome.answer, { ...made, likeCounts: outcome.likeCounts });
      else res.json(outcome.answer);
    } catch (error) {
      next(error);
    }
  });

  // The header search box's suggestions, asked for at each pause in typing: answered from the
  // catalogue in memory, and limited per address so a script cannot make it a crawl.
  router.get("/suggest", async (req, res, next) => {
    try {
      const limit = await services.limiters.suggest.consume(addressKey(clientIp(req)));
      if (limit.limited) {
        res.set("Retry-After", String(limit.retryAfterSec));
        sendError(res, "resource-exhausted", "Too many suggestions asked for in a short time. Please wait a moment.");
        return;
      }
      const parsed = suggestQuerySchema.safeParse(req.query);
      if (!parsed.success) {
        sendError(res, "invalid-argument", parsed.error.issues[0]?.message ?? "The query could not be read.");
        return;
      }
      res.json({ query: parsed.data.q, data: await suggest(services, parsed.data.q) } satisfies SuggestJson);
    } catch (error) {
      next(error);
    }
  });

  router.get("/categories", async (_req, res, next) => {
    try {
      res.json(await categoriesAnswer(services));
    } catch (error) {
      next(error);
    }
  });

  router.get("/collections", async (_req, res, next) => {
    try {
      res.json(await collectionsAnswer(services));
    } catch (error) {
      next(error);
    }
  });

  router.get("/collections/:slug", async (req, res, next) => {
    try {
      const answer = await collectionAnswer(services, req.params.slug);
      if (!answer) {
        sendError(res, "not-found", "No published collection has that slug.");
        return;
      }
      res.json(answer);
    } catch (error) {
      next(error);
    }
  });

  router.use((_req, res) => sendError(res, "not-found", "No such endpoint."));
  return router;
}
