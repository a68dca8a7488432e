import { sql } from "kysely";
import { trackableTerm } from "../../core/search.ts";
import type { Database } from "../platform/db/index.ts";
import { lookupRoute } from "../platform/http/routes.ts";
import type { Logger } from "../platform/logger.ts";
import type { RateLimiter } from "../platform/ratelimit/index.ts";
import type { SearchDays } from "./daily.ts";
import type { SearchService } from "./service.ts";

/** Where a search came from (docs/design.md#entities): the home page's hero box, or the search page itself. */
export type SearchSource = { kind: "homepage" } | { kind: "search-page"; resultCount: number };

/** One-off terms (searched once) are forgotten after this long (by the scheduled job of ./prune-job.ts). */
export const ONE_OFF_TERM_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TrackingDeps {
  database: Database;
  /** Repeats of one term by one client. */
  limiter: RateLimiter;
  /** Terms one client may add to the list (any page can make its visitors' browsers search). */
  newTermLimiter: RateLimiter;
}

/**
 * Counts a search in its term's record (docs/design.md#entities), keyed by the lower-cased term. Terms shorter
 * than 2 characters are not counted, nor repeats of one term by one client beyond its limit, nor
 * new terms from a client that has added many lately (a plain GET writes this row, so another
 * site can make its visitors' browsers do it).
 */
export async function recordSearch(
  deps: TrackingDeps,
  search: { raw: string; client: string; source: SearchSource; now: number },
): Promise<"recorded" | "ignored" | "limited"> {
  const term = trackableTerm(search.raw);
  if (term === null) return "ignored";
  const limit = await deps.limiter.consume(`${search.client}\n${term}`);
  if (limit.limited) return "limited";
  const known = await deps.database.db
    .selectFrom("search_terms")
    .select("term")
    .where("term", "=", term)
    .executeTakeFirst();
  if (!known && (await deps.newTermLimiter.consume(search.client)).limited) return "limited";
  const source = search.source.kind === "homepage" ? "homepage" : null;
  const resultCount = search.source.kind === "search-page" ? search.source.resultCount : null;
  await deps.database.db
    .insertInto("search_terms")
    .values({
      term,
      search_count: 1,
      last_searched: search.now,
      created_at: search.now,
      source,
      result_count: resultCount,
    })
    .onConflict((oc) =>
      oc.column("term").doUpdateSet({
        search_count: sql<number>`search_terms.search_count + 1`,
        last_searched: search.now,
        source: sql<string | null>`coalesce(${source}, search_terms.source)`,
        result_count: sql<number | null>`coalesce(${resultCount}, search_terms.result_count)`,
      }),
    )
    .execute();
  return "recorded";
}

/** Forgets terms searched only once and not since 30 days: noise, not what visitors look for. */
export async function pruneOneOffTerms(database: Database, now: number): Promise<number> {
  const result = await database.db
    .deleteFrom("search_terms")
    .where("search_count", "<=", 1)
    .where("last_searched", "<", now - ONE_OFF_TERM_TTL_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Records a search without the visitor waiting for it or seeing it fail: tracking must never
 * slow or break a search (failures are logged only, and answer "failed").
 */
export function recordSearchInBackground(
  deps: TrackingDeps & { log: Logger },
  search: Parameters<typeof recordSearch>[1],
): Promise<Awaited<ReturnType<typeof recordSearch>> | "failed"> {
  return recordSearch(deps, search).catch((error: unknown) => {
    deps.log.warn({ err: error }, "search term not recorded");
    return "failed" as const;
  });
}

/** What a request for a search page counts as: its term and where it came from; null for any other request. */
export function searchRequestOf(method: string, url: string): { term: string; fromHome: boolean } | null {
  if (method !== "GET") return null;
  // The route that counts searches says so in the route table (core/route-table.ts), matched as the
  // router matches it (the page and its data URL, decoded, case-insensitively). Page 1 only.
  const term = lookupRoute(url).searchTerm;
  if (term === null) return null;
  const query = url.indexOf("?");
  const params = new URLSearchParams(query === -1 ? "" : url.slice(query + 1));
  if (params.has("page") || params.has("q")) return null;
  return { term, fromHome: params.get("from") === "home" || params.get("src") === "home" };
}

/**
 * Counts a search page served, whether rendered or answered from the page cache: counting is not
 * rendering (docs/decisions/023). The response never waits for it; the result count comes from the
 * search service, which keeps the answer the page shows. A search its term's record counts is also
 * counted for its day (./daily.ts), with whether it found anything.
 */
export async function countSearch(
  services: {
    database: Database;
    log: Logger;
    now: () => number;
    search: SearchService;
    counts: { searches: Pick<SearchDays, "record"> };
    limiters: Record<"searchTracking" | "searchNewTerm", RateLimiter>;
  },
  request: { term: string; fromHome: boolean },
  client: string,
): Promise<void> {
  const deps = {
    database: services.database,
    limiter: services.limiters.searchTracking,
    newTermLimiter: services.limiters.searchNewTerm,
    log: services.log,
  };
  try {
    const outcome = await services.search.search(request.term, 1);
    if (outcome.kind !== "results") return;
    const now = services.now();
    const recorded = await recordSearchInBackground(deps, {
      // What was searched for (control characters removed, normalised), not the raw path.
      raw: outcome.query,
      client,
      source: request.fromHome ? { kind: "homepage" } : { kind: "search-page", resultCount: outcome.total },
      now,
    });
    if (recorded === "recorded") services.counts.searches.record(now, outcome.total > 0);
  } catch (error) {
    services.log.warn({ err: error }, "search term not recorded");
  }
}
