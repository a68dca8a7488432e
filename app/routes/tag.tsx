import { data, isRouteErrorResponse, redirect } from "react-router";
import { tagPath } from "../../core/catalog.ts";
import { tagPage } from "../../server/catalog/tags.ts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { InactiveToggle, NoScriptApply } from "../components/filter-bar.tsx";
import { StatusPage } from "../components/not-found.tsx";
import { PageScript } from "../components/page-script.tsx";
import { Pagination } from "../components/pagination.tsx";
import { ToolGrid } from "../components/tool-card.tsx";
import { servicesContextKey } from "../context.ts";
import { absoluteUrl, seoMeta, siteNameFrom } from "../lib/meta.ts";
import { cardView } from "../lib/tools.ts";
import type { Route } from "./+types/tag.ts";
import type { RouteHandle } from "../root.tsx";

// The tools carrying one tag, newest first: where a tag on a card or a tool page leads.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const outcome = await tagPage(context.get(servicesContextKey), {
    slug: params.slug,
    query: new URL(request.url).searchParams,
  });
  if (outcome.kind === "moved") throw redirect(outcome.to, 301);
  if (outcome.kind === "not-found") throw data(outcome.message, { status: 404 });
  const { items, ...view } = outcome.view;
  return { ...view, items: items.map(cardView) };
}

/** The like buttons it shows: a like of one of these tools makes the stored page stale (app/root.tsx RouteHandle). */
export const handle = {
  likeCounts: (data: Route.ComponentProps["loaderData"]) => data.items.map((tool) => tool.id),
} satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData)
    return [{ title: `Page Not Found — ${siteNameFrom(matches)}` }, { name: "robots", content: "noindex" }];
  const { tag, total, page, pages, canonical } = loaderData;
  const tags = seoMeta(matches, {
    title: `Tools tagged “${tag}”${page > 1 ? ` — page ${page}` : ""} — ${siteNameFrom(matches)}`,
    description: `${total.toLocaleString("en-US")} ${total === 1 ? "tool" : "tools"} tagged “${tag}”: what they do, platforms, pricing.`,
    path: canonical,
  });
  if (page > 1)
    tags.push({
      tagName: "link",
      rel: "prev",
      href: absoluteUrl(matches, tagPath(tag, page - 1, loaderData.inactive)!),
    });
  if (page < pages)
    tags.push({
      tagName: "link",
      rel: "next",
      href: absoluteUrl(matches, tagPath(tag, page + 1, loaderData.inactive)!),
    });
  return tags;
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, items, total, page, pages, inactive } = loaderData;
  return (
    <div className="space-y-6">
      <Breadcrumb
        items={[{ label: "Home", to: "/" }, { label: "Browse", to: "/browse/all" }, { label: `Tag: ${tag}` }]}
      />
      <div>
        <h1 className="text-3xl font-bold wrap-anywhere">Tools tagged “{tag}”</h1>
        <p className="mt-1 text-slate-700">
          {total.toLocaleString("en-US")} {total === 1 ? "tool" : "tools"}, the newest first
        </p>
      </div>
      <form
        method="get"
        action={tagPath(tag)!}
        aria-label="Filters"
        data-apply-on-change=""
        className="flex flex-wrap items-center gap-3"
      >
        <InactiveToggle checked={inactive} />
        <NoScriptApply />
      </form>
      <ToolGrid tools={items} columns={3} headingLevel={2} />
      <Pagination page={page} pages={pages} hrefFor={(n) => tagPath(tag, n, inactive)!} />
      <PageScript name="likes" />
      <PageScript name="filter-form" />
    </div>
  );
}

// The title and noindex come from meta (a document has one title).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "This page could not be shown.";
  return (
    <StatusPage
      headTags={false}
      title="Page Not Found"
      message={message}
      link={{ to: "/browse/all", label: "Browse All Tools" }}
    />
  );
}
