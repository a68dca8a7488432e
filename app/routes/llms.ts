import { CATEGORIES } from "../../core/categories.ts";
import { llmsTxt } from "../../core/llms.ts";
import { SITE_DESCRIPTION } from "../../core/seo.ts";
import { servicesContextKey } from "../context.ts";
import type { Route } from "./+types/llms.ts";

// Sent as text/plain: it is a .txt file by the llmstxt.org proposal, and browsers show text/plain
// where many download text/markdown; assistants read the Markdown inside either way. No
// Cache-Control of its own: its category counts change with the catalogue, so it is kept and
// dropped like a page (server/platform/http/page-cache.ts).
export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, config, now } = context.get(servicesContextKey);
  const counts = await catalog.categoryCounts(now());
  const body = llmsTxt(
    { url: config.siteUrl, name: config.siteName, description: SITE_DESCRIPTION },
    CATEGORIES.map((c) => ({ slug: c.slug, name: c.name, count: counts.get(c.slug) ?? 0 })),
  );
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
