import express, { type Router } from "express";
import { categoryBySlug, CATEGORIES } from "../../core/categories.ts";
import {
  alternativesQuerySchema,
  listCursorText,
  searchCursorText,
  searchQuerySchema,
  suggestQuerySchema,
  toolListQuerySchema,
} from "../../core/api.ts";
import type {
  AlternativesJson,
  CategoriesJson,
  SearchJson,
  SuggestJson,
  ToolListJson,
} from "../../core/api-responses.ts";
import { parseFilters, PLATFORM_SLUGS, PRICING_SLUGS } from "../../core/filters.ts";
import { LIMITS, pageCount } from "../../core/catalog.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { PublicCatalog } from "../catalog/public.ts";
import { findPublicToolHead, findTool } from "../catalog/queries.ts";
import { openApiJson } from "./openapi.ts";
import { toolDetail, toolSummary } from "./tool-json.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { sendError } from "../platform/http/errors.ts";
import type { PageCache } from "../platform/http/page-cache.ts";
import { clientIp } from "../platform/http/client.ts";
import { addressKey, type RateLimiter } from "../platform/ratelimit/index.ts";
import { SEARCH_LIMITS, type SearchService } from "../search/service.ts";
import { suggest } from "../search/suggest.ts";

// The public, read-only JSON API (README: "JSON API"). Open to every origin: it only returns what
// the public pages show. Never returns a submitter's e-mail or anything not public.

/** What the public JSON API needs of the running server. */
export interface ApiV1Deps {
  database: Database;
  now: () => number;
  config: Pick<Config, "siteUrl">;
  /** The public catalogue in memory: lists, facets, alternatives, counts, and suggestions. */
  catalog: Pick<PublicCatalog, "list" | "facets" | "alternatives" | "categoryCounts" | "namedLike">;
  /** The generation a kept search answer belongs to. */
  freshness: Pick<CatalogFreshness, "generation">;
  search: SearchService;
  limiters: { suggest: RateLimiter };
}

/**
 * `/api/v1`: tools (list and one), search, suggestions and categories, and their description
 * (server/api/openapi.ts). `answers` (the page cache, when on) keeps search answers.
 */
export function apiV1(services: ApiV1Deps, answers: Pick<PageCache, "keepJson"> | null): Router {
  const router = express.Router();
  const { database, config } = services;

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

  router.get("/openapi.json", (_req, res) => {
    res.type("application/json").send(openApiJson(config.siteUrl));
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
      const q = parsed.data;
      const page = q.page ?? 1;
      const category = q.category && q.category !== "all" ? categoryBySlug(q.category)!.slug : null;
      const { filters } = parseFilters(new URLSearchParams({ pricing: q.pricing ?? "", platform: q.platform ?? "" }));
      const now = services.now();
      const [{ items, total, next: end }, facets] = await Promise.all([
        services.catalog.list(now, {
          category,
          sort: q.sort,
          page,
          pageSize: q.pageSize,
          after: q.cursor,
          excludeIds: [],
          filters,
        }),
        services.catalog.facets(now, { category, filters }),
      ]);
      res.json({
        data: items.map((t) => toolSummary(t, config.siteUrl)),
        page: q.cursor ? null : page,
        pageSize: q.pageSize,
        total,
        totalPages: pageCount(total, q.pageSize),
        nextCursor: end ? listCursorText(q.sort, end) : null,
        filters: {
          pricing: filters.pricing.map((m) => PRICING_SLUGS[m]),
          platform: filters.platforms.map((p) => PLATFORM_SLUGS[p]),
        },
        facets: {
          pricing: facets.pricing.map(({ model, count }) => ({ value: PRICING_SLUGS[model], label: model, count })),
          platform: facets.platforms.map(({ platform, count }) => ({
            value: PLATFORM_SLUGS[platform],
            label: platform,
            count,
          })),
        },
      } satisfies ToolListJson);
    } catch (error) {
      next(error);
    }
  });

  router.get("/tools/:key", async (req, res, next) => {
    try {
      // A NUL names no tool (and PostgreSQL text cannot hold one).
      const tool = req.params.key.includes("\u0000") ? null : await findTool(database, req.params.key, services.now());
      if (!tool || !(PUBLIC_STATUSES as readonly string[]).includes(tool.status)) {
        sendError(res, "not-found", "No public tool has that slug or id.");
        return;
      }
      res.json({ data: toolDetail(tool, config.siteUrl) });
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
      const page = parsed.data.page ?? 1;
      const now = services.now();
      const tool = req.params.key.includes("\u0000") ? null : await findPublicToolHead(database, req.params.key);
      const found =
        tool && (await services.catalog.alternatives(now, tool.id, { page, pageSize: LIMITS.alternativesPageSize }));
      if (!tool || !found) {
        sendError(res, "not-found", "No public tool has that slug or id.");
        return;
      }
      res.json({
        tool: { id: tool.id, slug: tool.slug, name: tool.name },
        data: found.items.map(({ shares, ...card }) => ({ ...toolSummary(card, config.siteUrl), shares })),
        page,
        pageSize: LIMITS.alternativesPageSize,
        total: found.total,
        totalPages: pageCount(found.total, LIMITS.alternativesPageSize),
      } satisfies AlternativesJson);
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
      const { q, cursor } = parsed.data;
      // Read before searching: the answer is kept for this generation or a later one, never an older.
      const made = { generation: await services.freshness.generation(), madeAt: services.now() };
      const outcome = await services.search.search(q, parsed.data.page ?? 1, { sidebars: false, after: cursor });
      if (outcome.kind === "too-long") {
        sendError(res, "invalid-argument", `q must be at most ${outcome.maxLength} characters.`);
        return;
      }
      if (outcome.kind === "prompt") {
        sendError(res, "invalid-argument", "q is required: the words to search for.");
        return;
      }
      res.set("Cache-Control", "public, max-age=60");
      const answer: SearchJson = {
        query: outcome.query,
        data: outcome.items.map((t) => ({ ...toolSummary(t, config.siteUrl), score: t.score })),
        page: cursor ? null : outcome.page,
        pageSize: SEARCH_LIMITS.pageSize,
        total: outcome.total,
        totalPages: outcome.pages,
        nextCursor: outcome.next ? searchCursorText(outcome.next) : null,
        suggestion: outcome.suggestion,
      };
      // A repeated search is then answered before Express runs, like a stored page.
      if (answers) await answers.keepJson(req, res, answer, { ...made, likeCounts: outcome.items.map((t) => t.id) });
      else res.json(answer);
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
      const counts = await services.catalog.categoryCounts(services.now());
      res.json({
        data: CATEGORIES.map((c) => ({ slug: c.slug, name: c.name, count: counts.get(c.slug) ?? 0 })),
      } satisfies CategoriesJson);
    } catch (error) {
      next(error);
    }
  });

  router.use((_req, res) => sendError(res, "not-found", "No such endpoint."));
  return router;
}
