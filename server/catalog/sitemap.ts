import { CATEGORIES } from "../../core/categories.ts";
import { LIMITS } from "../../core/catalog.ts";
import { discontinuedLongAgo } from "../../core/lifecycle.ts";
import { atomFeedXml, sitemapIndexXml, sitemapXml, type AtomEntry } from "./feeds.ts";
import type { PublicCatalog } from "./public.ts";
import type { ToolUrl } from "./queries.ts";
import type { Config } from "../platform/config.ts";

const STATIC_PATHS = [
  "/",
  "/browse/all",
  "/trending",
  "/trending/today",
  "/submit-tool",
  "/about",
  "/ranking",
  "/contact",
  "/privacy-policy",
];

async function pagePaths(catalog: PublicCatalog, now: number): Promise<string[]> {
  const [counts, tags] = await Promise.all([catalog.categoryCounts(now), catalog.tagSlugs(now)]);
  return [
    ...STATIC_PATHS,
    ...CATEGORIES.filter((c) => (counts.get(c.slug) ?? 0) > 0).map((c) => `/browse/${c.slug}`),
    ...tags.map((slug) => `/tag/${slug}`),
  ];
}

// Each public tool has two pages: its own and its alternatives'.
const PAGES_PER_TOOL = 2;

/** Where the sitemap is and what it lists: a discontinued tool leaves it `noindexDays` after (its page then says noindex). */
export interface SitemapSite {
  siteUrl: string;
  maxUrls: number;
  noindexDays: number;
}

/** A page the catalogue does not know of (the published collections), by path, with when it last changed. */
export interface ExtraPage {
  path: string;
  lastmod?: number;
}

function pageEntries(siteUrl: string, paths: readonly string[], extra: readonly ExtraPage[]) {
  return [
    ...paths.map((p) => ({ loc: `${siteUrl}${p}` })),
    ...extra.map((p) => ({ loc: `${siteUrl}${p.path}`, ...(p.lastmod ? { lastmod: p.lastmod } : {}) })),
  ];
}

/** The sitemap's settings. */
export function sitemapSite(config: Pick<Config, "siteUrl" | "sitemapMaxUrls" | "lifecycle">): SitemapSite {
  return { siteUrl: config.siteUrl, maxUrls: config.sitemapMaxUrls, noindexDays: config.lifecycle.noindexDays };
}

// Every public tool, unreachable and discontinued ones too: their pages stay reachable.
const EVERY_TOOL = { pricing: [], platforms: [], inactive: true };

function toolEntries(site: SitemapSite, now: number, tools: ToolUrl[]) {
  const { siteUrl } = site;
  const listed = tools.filter(
    (t) => !discontinuedLongAgo({ manual: t.manualLifecycle, lifecycleSetAt: t.lifecycleSetAt }, site.noindexDays, now),
  );
  return listed.flatMap((t) => [
    { loc: `${siteUrl}/tool/${encodeURIComponent(t.slug)}`, lastmod: t.updatedAt },
    { loc: `${siteUrl}/alternatives/${encodeURIComponent(t.slug)}` },
  ]);
}

/**
 * `/sitemap.xml`: every public page in one file while they fit in `maxUrls`, else an index of
 * `/sitemaps/pages.xml` and `/sitemaps/tools-N.xml` files of at most `maxUrls` each.
 */
export async function sitemapDocument(
  catalog: PublicCatalog,
  now: number,
  site: SitemapSite,
  extra: readonly ExtraPage[] = [],
): Promise<string> {
  const { siteUrl, maxUrls } = site;
  const [pages, tools] = await Promise.all([pagePaths(catalog, now), catalog.count(now, EVERY_TOOL)]);
  if (pages.length + extra.length + PAGES_PER_TOOL * tools <= maxUrls) {
    const toolUrls = await catalog.urls(now, { offset: 0, limit: tools });
    return sitemapXml([...pageEntries(siteUrl, pages, extra), ...toolEntries(site, now, toolUrls)]);
  }
  const parts = Math.ceil(tools / toolsPerPart(maxUrls));
  return sitemapIndexXml([
    { loc: `${siteUrl}/sitemaps/pages.xml` },
    ...Array.from({ length: parts }, (_, i) => ({ loc: `${siteUrl}/sitemaps/tools-${i + 1}.xml` })),
  ]);
}

/** One file of the sitemap index (`pages.xml` or `tools-N.xml`); null for a file that does not exist. */
export async function sitemapPart(
  catalog: PublicCatalog,
  now: number,
  site: SitemapSite,
  file: string,
  extra: readonly ExtraPage[] = [],
): Promise<string | null> {
  const { siteUrl, maxUrls } = site;
  if (file === "pages.xml") return sitemapXml(pageEntries(siteUrl, await pagePaths(catalog, now), extra));
  const match = /^tools-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match) return null;
  const n = Number(match[1]);
  const perPart = toolsPerPart(maxUrls);
  const tools = await catalog.urls(now, { offset: (n - 1) * perPart, limit: perPart });
  if (tools.length === 0) return null;
  return sitemapXml(toolEntries(site, now, tools));
}

const toolsPerPart = (maxUrls: number) => Math.max(1, Math.floor(maxUrls / PAGES_PER_TOOL));

/** A published collection as the feed announces it (server/collections). */
export interface FeedCollection {
  path: string;
  title: string;
  summary: string;
  publishedAt: number;
  updatedAt: number;
}

/** `/feed.xml`: an Atom feed of the newest public tools and published collections, newest first. */
export async function feedDocument(
  catalog: PublicCatalog,
  now: number,
  site: { url: string; name: string },
  collections: readonly FeedCollection[] = [],
): Promise<string> {
  const tools = await catalog.latest(now, LIMITS.feedEntries);
  const entries: AtomEntry[] = [
    ...tools.map((t) => ({
      id: `${site.url}/tool/${encodeURIComponent(t.slug)}`,
      title: t.name,
      url: `${site.url}/tool/${encodeURIComponent(t.slug)}`,
      summary: t.tagline,
      updated: t.createdAt,
      published: t.createdAt,
      categories: t.categories,
    })),
    ...collections.map((c) => ({
      id: `${site.url}${c.path}`,
      title: `Collection: ${c.title}`,
      url: `${site.url}${c.path}`,
      summary: c.summary,
      updated: Math.max(c.updatedAt, c.publishedAt),
      published: c.publishedAt,
      categories: ["collection"],
    })),
  ]
    // Stable: among equal times, tools keep their order and come first.
    .sort((a, b) => b.published - a.published)
    .slice(0, LIMITS.feedEntries);
  return atomFeedXml({
    id: `${site.url}/feed.xml`,
    title: `${site.name} — new tools and collections`,
    selfUrl: `${site.url}/feed.xml`,
    siteUrl: `${site.url}/`,
    updated: entries.length > 0 ? Math.max(...entries.map((e) => e.updated)) : now,
    entries,
  });
}
