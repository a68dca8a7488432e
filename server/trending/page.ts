import { pageCount, parsePage } from "../../core/catalog.ts";
import {
  DEFAULT_TRENDING_WINDOW,
  TRENDING_PAGE_SIZE,
  TRENDING_WINDOWS,
  trendingPath,
  type TrendingWindow,
} from "../../core/trending.ts";
import type { PublicCatalog, TrendingPage } from "../catalog/public.ts";

/** What `/trending` and `/trending/today` show: one page of the tools trending in the window. */
export interface TrendingView extends TrendingPage {
  window: TrendingWindow;
  page: number;
  pages: number;
  /** The page's one address. */
  canonical: string;
}

export type TrendingOutcome =
  | { kind: "page"; view: TrendingView }
  /** Another spelling of the page (`?page=1`, `/trending/week`). */
  | { kind: "moved"; to: string }
  | { kind: "not-found"; message: string };

/** `/trending/{window?}?page=`: the page, or where its one address is, or why there is none. */
export async function trendingPage(
  deps: { catalog: PublicCatalog; now: () => number },
  request: { window: string | undefined; query: URLSearchParams },
): Promise<TrendingOutcome> {
  const named = request.window ?? DEFAULT_TRENDING_WINDOW;
  if (!Object.hasOwn(TRENDING_WINDOWS, named)) return { kind: "not-found", message: "There is no such trending list." };
  const window = named as TrendingWindow;
  const page = parsePage(request.query.get("page"));
  if (page === null) return { kind: "moved", to: trendingPath(window) };
  const canonical = trendingPath(window, page);
  if (request.window === DEFAULT_TRENDING_WINDOW || request.query.get("page") === "1")
    return { kind: "moved", to: canonical };
  const found = await deps.catalog.trending(deps.now(), window, { page, pageSize: TRENDING_PAGE_SIZE });
  const pages = pageCount(found.total, TRENDING_PAGE_SIZE);
  if (page > pages) return { kind: "not-found", message: "There is no such page." };
  return { kind: "page", view: { ...found, window, page, pages, canonical } };
}
