import { CATEGORIES, type CategorySlug } from "../../core/categories.ts";
import type { ToolStatus } from "../../core/tool.ts";
import type { ToolCard } from "../../server/catalog/queries.ts";

const NAMES = new Map<string, string>(CATEGORIES.map((c) => [c.slug, c.name]));

/** A category's display name from its slug. */
export function categoryName(slug: CategorySlug | string): string {
  return NAMES.get(slug) ?? slug;
}

/** How the admin pages name a tool's moderation state. */
export const TOOL_STATUS_LABELS: Record<ToolStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  verified: "Verified",
  rejected: "Rejected",
};

/**
 * Where a card leads (docs/design.md#screens): the tool page by slug, else by id, else the tool's own website.
 * Returns whether the target is external.
 */
export function toolHref(tool: { slug?: string | null; id?: string | null; websiteUrl: string }): {
  href: string;
  external: boolean;
} {
  if (tool.slug) return { href: `/tool/${encodeURIComponent(tool.slug)}`, external: false };
  if (tool.id) return { href: `/tool/${encodeURIComponent(tool.id)}`, external: false };
  return { href: tool.websiteUrl, external: true };
}

/**
 * The rel of a link out to a tool's website: a featured tool's is a paid link, marked "sponsored"
 * as search engines ask; any other is "nofollow", as the site does not vouch for it.
 */
export function outboundRel(tool: { featured: object | null }): string {
  return tool.featured ? "noopener sponsored" : "noopener nofollow";
}

/** The fields a tool card shows, and no more: lists send these to the browser for hydration too. */
export function cardView(
  tool: Pick<
    ToolCard,
    | "id"
    | "slug"
    | "name"
    | "tagline"
    | "websiteUrl"
    | "logoUrl"
    | "categories"
    | "upvotesCount"
    | "featured"
    | "lifecycle"
  >,
) {
  return {
    id: tool.id,
    slug: tool.slug,
    name: tool.name,
    tagline: tool.tagline,
    websiteUrl: tool.websiteUrl,
    logoUrl: tool.logoUrl,
    categories: tool.categories.slice(0, 1),
    upvotesCount: tool.upvotesCount,
    featured: tool.featured ? { priceCents: tool.featured.priceCents } : null,
    lifecycle: tool.lifecycle,
  };
}

export type CardView = ReturnType<typeof cardView>;
