import type { ToolDetailJson, ToolSummaryJson } from "../../core/api-responses.ts";
import { centsToUsd } from "../../core/featuring.ts";
import { descriptionText } from "../catalog/description.ts";
import type { ToolCard, ToolDetail } from "../catalog/queries.ts";

// A tool as every machine-readable answer gives it: the JSON API, the MCP tools and the export.

/** A stored file's URL for clients elsewhere: paths on this site become absolute. */
function onSite(url: string | null, siteUrl: string): string | null {
  return url?.startsWith("/") ? `${siteUrl}${url}` : url;
}

/** A tool as a list shows it (core/api-responses.ts, ToolSummary). */
export function toolSummary(tool: ToolCard, siteUrl: string): ToolSummaryJson {
  return {
    id: tool.id,
    slug: tool.slug,
    name: tool.name,
    tagline: tool.tagline,
    websiteUrl: tool.websiteUrl,
    logoUrl: onSite(tool.logoUrl, siteUrl),
    url: `${siteUrl}/tool/${encodeURIComponent(tool.slug)}`,
    categories: tool.categories,
    pricingModel: tool.pricingModel,
    upvotesCount: tool.upvotesCount,
    isFeatured: tool.featured !== null,
    sponsored: tool.featured !== null,
    featuredPrice: tool.featured ? centsToUsd(tool.featured.priceCents) : 0,
    featuredUntil: tool.featured ? new Date(tool.featured.until).toISOString() : null,
    createdAt: new Date(tool.createdAt).toISOString(),
    lifecycle: tool.lifecycle,
  };
}

/** Everything public about one tool (core/api-responses.ts, ToolDetail). */
export function toolDetail(tool: ToolDetail, siteUrl: string): ToolDetailJson {
  return {
    ...toolSummary(tool, siteUrl),
    description: descriptionText(tool.description),
    screenshotUrl: onSite(tool.screenshotUrl, siteUrl),
    tags: tool.tags,
    platforms: tool.platforms,
    pricingDetails: tool.pricingDetails,
    features: tool.features,
    useCases: tool.useCases,
    integrations: tool.integrations,
    targetAudience: tool.targetAudience,
    updatedAt: new Date(tool.updatedAt).toISOString(),
    lastCheckedAt: tool.linkCheck ? new Date(tool.linkCheck.checkedAt).toISOString() : null,
    lastUpdatedAt: tool.lastUpdatedAt === null ? null : new Date(tool.lastUpdatedAt).toISOString(),
    successor: tool.successor && {
      ...tool.successor,
      url: `${siteUrl}/tool/${encodeURIComponent(tool.successor.slug)}`,
    },
    commentsCount: tool.rating.count,
    rating: tool.rating,
  };
}
