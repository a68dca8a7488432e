import type { CategorySlug } from "../../core/categories.ts";
import { slugify } from "../../core/slug.ts";
import { changeCatalog } from "../../server/catalog/change.ts";
import { insertPaidOrder, insertTools, type NewTool } from "../../server/catalog/write.ts";
import { newId } from "../../server/db/ids.ts";
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
