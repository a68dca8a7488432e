import { sql } from "kysely";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { slugify } from "../../core/slug.ts";
import type { Database } from "../db/index.ts";
import { newId } from "../db/ids.ts";
import type { Logger } from "../logger.ts";
import type { Storage } from "../storage/index.ts";
import { changeCatalog, type CatalogChangeDeps } from "../catalog/change.ts";
import { insertPaidOrder, insertTools, type NewTool } from "../catalog/write.ts";
import { DEMO_TOOLS } from "./demo-tools.ts";
import { renderLetterLogo } from "./logos.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Loads the demo catalogue into an empty database (first start of a new install). Returns how
 * many tools it added: 0 when there were tools already.
 */
export async function seedDemoIfEmpty(deps: {
  database: Database;
  storage: Storage;
  log: Logger;
  now: number;
  /** The page caches to tell, when the seeding process serves pages. */
  freshness?: CatalogChangeDeps["freshness"];
}): Promise<number> {
  const { database, storage, log, now } = deps;
  const { count } = await database.db
    .selectFrom("tools")
    .select(sql<number>`count(*)`.as("count"))
    .executeTakeFirstOrThrow();
  if (count > 0) return 0;

  const tools: NewTool[] = [];
  const orders: { tool: NewTool; amountUsd: number; paidAt: number }[] = [];
  for (const demo of DEMO_TOOLS) {
    const slug = slugify(demo.name.trim());
    const createdAt = now - demo.addedDaysAgo * DAY_MS - tools.length * 60_000;
    const logoUrl = await storage.put(
      `logos/${slug}_${createdAt}_logo.webp`,
      await renderLetterLogo(demo.name, demo.brandColor),
      "image/webp",
    );
    const tool: NewTool = {
      id: newId(),
      slug,
      name: demo.name,
      tagline: demo.tagline,
      websiteUrl: demo.websiteUrl,
      description: demo.description,
      categories: [...demo.categories],
      tags: [...demo.tags],
      platforms: [...demo.platforms],
      pricingModel: demo.pricingModel,
      pricingDetails: demo.pricingDetails,
      features: [...demo.features],
      useCases: [...demo.useCases],
      integrations: [...demo.integrations],
      targetAudience: [...demo.targetAudience],
      status: demo.status ?? "approved",
      source: "demo",
      logoUrl,
      screenshotUrl: null,
      submitterEmail: null,
      upvotesCount: demo.upvotes,
      createdAt,
      updatedAt: createdAt,
    };
    tools.push(tool);
    if (demo.featured) {
      orders.push({ tool, amountUsd: demo.featured.amountUsd, paidAt: now - demo.featured.paidDaysAgo * DAY_MS });
    }
  }

  try {
    await changeCatalog({ database, freshness: deps.freshness, now: () => now }, async (write) => {
      await insertTools(write, tools);
      for (const { tool, amountUsd, paidAt } of orders) {
        await insertPaidOrder(write, {
          toolId: tool.id,
          toolName: tool.name,
          amountCents: amountUsd * 100,
          provider: "test",
          sessionId: `demo_${tool.id}`,
          paidAt,
        });
      }
    });
  } catch (error) {
    // Another instance seeding the same empty database at the same moment wins; ours rolls back.
    const again = await database.db
      .selectFrom("tools")
      .select(sql<number>`count(*)`.as("count"))
      .executeTakeFirstOrThrow();
    if (again.count > 0) return 0;
    throw error;
  }
  const featured = orders.filter((o) => o.paidAt + FEATURED_DURATION_MS > now).length;
  log.info({ tools: tools.length, featured }, "demo catalogue loaded");
  return tools.length;
}
