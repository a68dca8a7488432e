import { listCursorText, searchCursorText, type SearchQuery, type ToolListQuery } from "../../core/api.ts";
import type {
  AlternativesJson,
  CategoriesJson,
  CollectionJson,
  CollectionListJson,
  SearchJson,
  ToolJson,
  ToolListJson,
} from "../../core/api-responses.ts";
import { collectionPath } from "../../core/collections.ts";
import { publishedCollection, publishedCollections } from "../collections/service.ts";
import { categoryBySlug, CATEGORIES } from "../../core/categories.ts";
import { LIMITS, pageCount } from "../../core/catalog.ts";
import { parseFilters, PLATFORM_SLUGS, PRICING_SLUGS } from "../../core/filters.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import type { PublicCatalog } from "../catalog/public.ts";
import { findPublicToolHead, findTool } from "../catalog/queries.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { SEARCH_LIMITS, type SearchService } from "../search/service.ts";
import { toolDetail, toolSummary } from "./tool-json.ts";
import { lifecycleThresholds } from "../catalog/lifecycle.ts";
import { introText } from "../collections/intro.ts";

// The answers of the machine-readable catalogue, built once for both doors to it: the JSON API
// (server/api/v1.ts) and the MCP tools (server/mcp). Public tools only.

/** What the answers read of the running server. */
export interface CatalogAnswerDeps {
  database: Database;
  now: () => number;
  config: Pick<Config, "siteUrl" | "lifecycle" | "linkHealth">;
  catalog: Pick<PublicCatalog, "list" | "facets" | "alternatives" | "categoryCounts">;
  search: SearchService;
}

/**
 * One page of public tools, of a category or all, filtered and sorted, with the filters' counts:
 * by page number, or the page after a cursor's position (found in the sorted list, never by skipping).
 */
export async function toolListAnswer(deps: CatalogAnswerDeps, q: ToolListQuery): Promise<ToolListJson> {
  const page = q.page ?? 1;
  const category = q.category && q.category !== "all" ? categoryBySlug(q.category)!.slug : null;
  const { filters } = parseFilters(
    new URLSearchParams({ pricing: q.pricing ?? "", platform: q.platform ?? "", include: q.include ?? "" }),
  );
  const now = deps.now();
  const [{ items, total, next: end }, facets] = await Promise.all([
    deps.catalog.list(now, {
      category,
      sort: q.sort,
      page,
      pageSize: q.pageSize,
      after: q.cursor,
      excludeIds: [],
      filters,
    }),
    deps.catalog.facets(now, { category, filters }),
  ]);
  return {
    data: items.map((t) => toolSummary(t, deps.config.siteUrl)),
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
  };
}

/** Everything public about the tool a slug or id names; null when no public tool has it. */
export async function toolAnswer(deps: CatalogAnswerDeps, key: string): Promise<ToolJson | null> {
  // A NUL names no tool (and PostgreSQL text cannot hold one).
  const tool = key.includes("\u0000")
    ? null
    : await findTool(deps.database, key, deps.now(), lifecycleThresholds(deps.config));
  if (!tool || !(PUBLIC_STATUSES as readonly string[]).includes(tool.status)) return null;
  return { data: toolDetail(tool, deps.config.siteUrl) };
}

/** One page of the public tools most like the one a slug or id names; null when no public tool has it. */
export async function alternativesAnswer(
  deps: CatalogAnswerDeps,
  key: string,
  page: number,
): Promise<AlternativesJson | null> {
  const now = deps.now();
  const tool = key.includes("\u0000") ? null : await findPublicToolHead(deps.database, key);
  const found =
    tool && (await deps.catalog.alternatives(now, tool.id, { page, pageSize: LIMITS.alternativesPageSize }));
  if (!tool || !found) return null;
  return {
    tool: { id: tool.id, slug: tool.slug, name: tool.name },
    data: found.items.map(({ shares, ...card }) => ({ ...toolSummary(card, deps.config.siteUrl), shares })),
    page,
    pageSize: LIMITS.alternativesPageSize,
    total: found.total,
    totalPages: pageCount(found.total, LIMITS.alternativesPageSize),
  };
}

/**
 * One page of the site's search for a raw query, scored as the search page scores it, with the
 * tools it shows (`likeCounts`); or why there is none: no words to search for, or too many characters.
 * By page number, or the page after a cursor's position.
 */
export async function searchAnswer(
  deps: CatalogAnswerDeps,
  raw: string,
  page: number,
  cursor?: SearchQuery["cursor"],
  include?: SearchQuery["include"],
) {
  const outcome = await deps.search.search(raw, page, {
    sidebars: false,
    after: cursor,
    ...(include ? { filters: { pricing: [], platforms: [], inactive: true } } : {}),
  });
  if (outcome.kind !== "results") return outcome;
  const answer: SearchJson = {
    query: outcome.query,
    data: outcome.items.map((t) => ({ ...toolSummary(t, deps.config.siteUrl), score: t.score })),
    page: cursor ? null : outcome.page,
    pageSize: SEARCH_LIMITS.pageSize,
    total: outcome.total,
    totalPages: outcome.pages,
    nextCursor: outcome.next ? searchCursorText(outcome.next) : null,
    suggestion: outcome.suggestion,
  };
  return { kind: "results", answer, likeCounts: outcome.items.map((t) => t.id) } as const;
}

/** Every category with its number of public tools. */
export async function categoriesAnswer(deps: CatalogAnswerDeps): Promise<CategoriesJson> {
  const counts = await deps.catalog.categoryCounts(deps.now());
  return { data: CATEGORIES.map((c) => ({ slug: c.slug, name: c.name, count: counts.get(c.slug) ?? 0 })) };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Every published collection, the most recently published first, with its number of public tools. */
export async function collectionsAnswer(deps: CatalogAnswerDeps): Promise<CollectionListJson> {
  const collections = await publishedCollections(deps.database);
  return {
    data: collections.map((c) => ({
      slug: c.slug,
      title: c.title,
      introduction: introText(c.intro),
      url: `${deps.config.siteUrl}${collectionPath(c.slug)}`,
      toolCount: c.tools,
      publishedAt: iso(c.publishedAt),
      updatedAt: iso(c.updatedAt),
    })),
  };
}

/** A published collection with its public tools in order, each with its note; null for a draft or an unknown slug. */
export async function collectionAnswer(deps: CatalogAnswerDeps, slug: string): Promise<CollectionJson | null> {
  const found = await publishedCollection(deps.database, slug, deps.now(), lifecycleThresholds(deps.config));
  if (!found) return null;
  const { collection, items } = found;
  return {
    data: {
      slug: collection.slug,
      title: collection.title,
      introduction: introText(collection.intro),
      url: `${deps.config.siteUrl}${collectionPath(collection.slug)}`,
      toolCount: items.length,
      publishedAt: iso(collection.publishedAt ?? collection.updatedAt),
      updatedAt: iso(collection.updatedAt),
      tools: items.map(({ note, ...card }) => ({ ...toolSummary(card, deps.config.siteUrl), note })),
    },
  };
}
