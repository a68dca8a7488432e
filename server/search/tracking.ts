import { sql } from "kysely";
import { trackableTerm } from "../../core/search.ts";
import type { Database } from "../db/index.ts";
import type { Logger } from "../logger.ts";
import type { RateLimiter } from "../ratelimit/index.ts";

/** Where a search came from (spec §3): the home page's hero box, or the search page itself. */
export type SearchSource = { kind: "homepage" } | { kind: "search-page"; resultCount: number };

/**
 * Counts a search in its term's record (spec §3), keyed by the lower-cased term. Terms shorter
 * than 2 characters are not counted, nor repeats of one term by one client beyond its limit.
 */
export async function recordSearch(
  deps: { database: Database; limiter: RateLimiter },
  search: { raw: string; client: string; source: SearchSource; now: number },
): Promise<"recorded" | "ignored" | "limited"> {
  const term = trackableTerm(search.raw);
  if (term === null) return "ignored";
  const limit = await deps.limiter.consume(`${search.client}\n${term}`);
  if (limit.limited) return "limited";
  const source = search.source.kind === "homepage" ? "homepage" : null;
  const resultCount = search.source.kind === "search-page" ? search.source.resultCount : null;
  await deps.database.db
    .insertInto("search_terms")
    .values({ term, search_count: 1, last_searched: search.now, created_at: search.now, source, result_count: resultCount })
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

/**
 * Records a search without the visitor waiting for it or seeing it fail: tracking must never
 * slow or break a search (failures are logged only).
 */
export function recordSearchInBackground(
  deps: { database: Database; limiter: RateLimiter; log: Logger },
  search: Parameters<typeof recordSearch>[1],
): Promise<void> {
  return recordSearch(deps, search).then(
    () => undefined,
    (error: unknown) => deps.log.warn({ err: error }, "search term not recorded"),
  );
}
