import { redirect } from "react-router";
import { toolMarkdown } from "../../core/markdown.ts";
import { toolDetail } from "../../server/api/tool-json.ts";
import { findPublicTool } from "../../server/catalog/queries.ts";
import { showsLikeCounts } from "../../server/platform/http/shown-tools.ts";
import { servicesContextKey } from "../context.ts";
import type { Route } from "./+types/tool-markdown.ts";
import { lifecycleThresholds } from "../../server/catalog/lifecycle.ts";

// A tool page as Markdown (/tool/{slug}.md, the llmstxt.org convention of a page's address with
// .md added), for assistants. Its own route `tool/:key.md`, which React Router ranks above the
// page's `tool/:key` (a parameter with a static suffix), so the page's loader stays a page's and
// the route table gives it its own label and no view counting. Public tools only: a tool under
// review has a page for its submitter, but nothing to hand to machines.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, config, now } = context.get(servicesContextKey);
  const tool = await findPublicTool(database, params.key, now(), lifecycleThresholds(config));
  if (!tool) {
    throw new Response("Tool not found.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // As the page: looked up by id, or by an old spelling, it moves to the slug's address.
  if (params.key !== tool.slug) throw redirect(`/tool/${encodeURIComponent(tool.slug)}.md`, 301);
  // It shows the like count: a like makes the stored copy stale at once, as it does the page.
  showsLikeCounts(context, [tool.id]);
  // No Cache-Control of its own: kept and dropped with the page (server/platform/http/page-cache.ts).
  return new Response(toolMarkdown(toolDetail(tool, config.siteUrl), config.siteUrl), {
    headers: { "Content-Type": "text/markdown; charset=utf-8" },
  });
}
