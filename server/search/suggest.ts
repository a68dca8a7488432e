import { CATEGORIES, isValidCategoryLabel } from "../../core/categories.ts";
import { wordStartsAt } from "../../core/search.ts";
import type { PublicCatalog } from "../catalog/public.ts";

/** Most tools and categories a search box suggests. */
export const SUGGEST_LIMITS = { tools: 6, categories: 3 } as const;

/** What a search box suggests as its text is typed: tools and categories whose name has it where a word starts. */
export interface Suggestions {
  tools: { slug: string; name: string; tagline: string; path: string }[];
  categories: { slug: string; name: string; count: number; path: string }[];
}

/**
 * Suggestions for a normalised query (core/search.ts), from the catalogue held in memory: tools
 * by name (shortest names first), and categories with public tools, by name. Like the lists and
 * search by default, they leave out tools that are unreachable or discontinued (their pages stay
 * reachable).
 */
export async function suggest(
  deps: { catalog: Pick<PublicCatalog, "namedLike" | "categoryCounts">; now: () => number },
  query: string,
): Promise<Suggestions> {
  const now = deps.now();
  const [tools, counts] = await Promise.all([
    deps.catalog.namedLike(now, query, SUGGEST_LIMITS.tools, { inactive: false }),
    deps.catalog.categoryCounts(now),
  ]);
  const categories = CATEGORIES.filter(
    (c) => isValidCategoryLabel(c.name) && (counts.get(c.slug) ?? 0) > 0 && wordStartsAt(c.name.toLowerCase(), query),
  )
    .slice(0, SUGGEST_LIMITS.categories)
    .map((c) => ({ slug: c.slug, name: c.name, count: counts.get(c.slug) ?? 0, path: `/browse/${c.slug}` }));
  return {
    tools: tools.map((t) => ({
      slug: t.slug,
      name: t.name,
      tagline: t.tagline,
      path: `/tool/${encodeURIComponent(t.slug)}`,
    })),
    categories,
  };
}
