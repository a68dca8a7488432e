import { CATEGORIES, type CategorySlug } from "../../core/categories.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { compareRanked, scoreTool, type RankedTool } from "../../core/search.ts";
import { slugify } from "../../core/slug.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { changeCatalog } from "../../server/catalog/change.ts";
import { descriptionText } from "../../server/catalog/description.ts";
import { insertPaidOrder, insertTools, type NewTool } from "../../server/catalog/write.ts";
import { newId } from "../../server/platform/db/ids.ts";
import type { AppServices } from "../../server/services.ts";

let counter = 0;

/** A complete tool with sensible defaults; `overrides` set what a test cares about. */
export function makeTool(overrides: Partial<NewTool> & { name?: string } = {}): NewTool {
  counter++;
  const name = overrides.name ?? `Test Tool ${counter}`;
  const createdAt = overrides.createdAt ?? Date.UTC(2026, 0, 1) + counter * 60_000;
  return {
    id: newId(),
    slug: slugify(name),
    name,
    tagline: `Tagline of ${name}`,
    websiteUrl: `https://${slugify(name)}.example.com`,
    description: `${name} does useful things.\n\nSecond paragraph.`,
    categories: ["productivity" as CategorySlug],
    tags: ["testing"],
    platforms: ["Web"],
    pricingModel: "Free",
    pricingDetails: "Free forever.",
    features: ["One", "Two"],
    useCases: ["Testing"],
    integrations: ["Slack"],
    targetAudience: ["Developers"],
    status: "approved",
    source: "admin",
    logoUrl: null,
    screenshotUrl: null,
    submitterEmail: null,
    upvotesCount: 0,
    updatedAt: createdAt,
    ...overrides,
    createdAt,
  };
}

/** Stores tools the way the app does: one catalogue change, which tells the page cache. */
export async function addTools(services: AppServices, tools: NewTool[]): Promise<void> {
  await changeCatalog(services, (write) => insertTools(write, tools));
}

/** Records a paid featuring order for a tool. */
export async function addPaidOrder(
  services: AppServices,
  tool: Pick<NewTool, "id" | "name">,
  amountUsd: number,
  paidAt: number,
): Promise<void> {
  await changeCatalog(services, (write) =>
    insertPaidOrder(write, {
      toolId: tool.id,
      toolName: tool.name,
      amountCents: amountUsd * 100,
      provider: "test",
      sessionId: `test_${newId()}`,
      paidAt,
    }),
  );
}

/**
 * Stores tools the way another instance of the app would: committed, recorded in catalog_state,
 * but without telling this instance's freshness. This instance can only notice by polling.
 */
export async function addToolsFromAnotherInstance(services: AppServices, tools: NewTool[]): Promise<void> {
  await changeCatalog({ database: services.database, now: services.now }, (write) => insertTools(write, tools));
}

/** One day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

const CATEGORY_NAME = new Map(CATEGORIES.map((c) => [c.slug, c.name]));

/**
 * What search must answer, by brute force over every public tool with the core rules (scoreTool,
 * compareRanked; docs/design.md rule 13): the matching tools in result order, with their scores.
 * The oracle the index is tested against, on both engines.
 */
export function searchByBruteForce(
  entries: readonly { tool: NewTool; orders: readonly { amountUsd: number; paidAt: number }[] }[],
  normalized: string,
  now: number,
): { tool: NewTool; score: number }[] {
  const ranked: (RankedTool & { tool: NewTool })[] = [];
  for (const { tool, orders } of entries) {
    if (!(PUBLIC_STATUSES as readonly string[]).includes(tool.status)) continue;
    const score = scoreTool(
      {
        name: tool.name,
        tagline: tool.tagline,
        description: descriptionText(tool.description),
        categories: tool.categories.map((slug) => CATEGORY_NAME.get(slug)!),
        tags: tool.tags,
      },
      normalized,
    );
    if (score <= 0) continue;
    const running = orders.filter((o) => o.paidAt > now - FEATURED_DURATION_MS && o.paidAt <= now);
    ranked.push({
      score,
      featured: running.length > 0,
      featuredPriceCents: running.reduce((sum, o) => sum + o.amountUsd * 100, 0),
      createdAt: tool.createdAt,
      id: tool.id,
      tool,
    });
  }
  return ranked.sort(compareRanked).map((r) => ({ tool: r.tool, score: r.score }));
}
