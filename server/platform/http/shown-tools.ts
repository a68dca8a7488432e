import { createContext, type RouterContext, type RouterContextProvider } from "react-router";

// What a rendered answer shows of which tools, for the page cache (page-cache.ts): the tools whose
// like counts it shows (a like of one of them on this instance makes the stored answer stale at
// once) and the featured placements it shows (each sending of it to a person is an impression of
// them). This module is evaluated twice in one process — natively by the server, and again inside
// React Router's server bundle when a route imports it — and context keys compare by identity, so
// both copies take the keys from globalThis (as app/context.ts does its own).
const registry = globalThis as typeof globalThis & {
  __toolshelfLikeCounts?: RouterContext<readonly string[]>;
  __toolshelfFeatured?: RouterContext<readonly string[]>;
};

/** The tools whose like counts the answer being rendered shows. */
export const shownLikeCounts: RouterContext<readonly string[]> = (registry.__toolshelfLikeCounts ??= createContext<
  readonly string[]
>([]));

/** The featured placements (tool ids) the answer being rendered shows. */
export const shownFeatured: RouterContext<readonly string[]> = (registry.__toolshelfFeatured ??= createContext<
  readonly string[]
>([]));

/**
 * Said by a resource route's loader, which has no document whose route handles could say it (a
 * tool page's Markdown): the tools whose like counts its answer shows.
 */
export function showsLikeCounts(context: Pick<RouterContextProvider, "set">, toolIds: readonly string[]): void {
  context.set(shownLikeCounts, toolIds);
}
