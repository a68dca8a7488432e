import { sql } from "kysely";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { slugify } from "../../core/slug.ts";
import { categoryColor } from "../../core/tile-colors.ts";
import type { Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";
import type { Logger } from "../platform/logger.ts";
import { PREVIEW_CANVAS, renderToolImage } from "../og/render.ts";
import { slugKeyPart, type Storage } from "../platform/storage/index.ts";
import { changeCatalog, type CatalogChangeDeps } from "../catalog/change.ts";
import { insertPaidOrder, insertTools, type NewTool } from "../catalog/write.ts";
import { DEMO_TOOLS, type DemoTool } from "./demo-tools.ts";
import { renderLetterLogo } from "./logos.ts";
import { DAY_MS } from "../../core/dates.ts";

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
  const placed = DEMO_TOOLS.map((demo, index) => ({
    demo,
    slug: slugify(demo.name.trim()),
    createdAt: now - demo.addedDaysAgo * DAY_MS - index * 60_000,
  }));
  // Four at a time: libuv runs four image jobs at once; more would only wait in its queue.
  const media: { logoUrl: string; screenshotUrl: string }[] = [];
  for (let i = 0; i < placed.length; i += 4)
    media.push(...(await Promise.all(placed.slice(i, i + 4).map((p) => storeDemoImages(storage, p)))));
  for (const [index, { demo, slug, createdAt }] of placed.entries()) {
    const { logoUrl, screenshotUrl } = media[index]!;
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
      screenshotUrl,
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

/**
 * A demo tool's logo, a letter tile in its first category's colour (so neighbouring cards differ),
 * and its preview, drawn by the generator of link-preview images at a screenshot's size: the demo
 * catalogue visits no websites.
 */
async function storeDemoImages(
  storage: Storage,
  { demo, slug, createdAt }: { demo: DemoTool; slug: string; createdAt: number },
): Promise<{ logoUrl: string; screenshotUrl: string }> {
  const logo = await renderLetterLogo(demo.name, categoryColor(demo.categories[0]));
  const preview = await renderToolImage(
    { name: demo.name, tagline: demo.tagline, categories: demo.categories, siteName: "" },
    logo,
    {
      canvas: PREVIEW_CANVAS,
      format: "webp",
    },
  );
  const key = `${slugKeyPart(slug)}_${createdAt}`;
  const [logoUrl, screenshotUrl] = await Promise.all([
    storage.put(`logos/${key}_logo.webp`, logo, "image/webp"),
    storage.put(`screenshots/${key}_preview.webp`, preview, "image/webp"),
  ]);
  return { logoUrl, screenshotUrl };
}
