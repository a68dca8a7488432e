import { data, isRouteErrorResponse, redirect } from "react-router";
import { categoryBySlug } from "../../core/categories.ts";
import { itemListJsonLd } from "../../core/seo.ts";
import { alternativesPath, comparePath, LIMITS } from "../../core/catalog.ts";
import { alternativesPage } from "../../server/catalog/alternatives.ts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { CompareForm } from "../components/compare-form.tsx";
import { StatusPage } from "../components/not-found.tsx";
import { PageScript } from "../components/page-script.tsx";
import { Pagination } from "../components/pagination.tsx";
import { ToolCard } from "../components/tool-card.tsx";
import { ToolLogo } from "../components/tool-logo.tsx";
import { PageLink } from "../components/ui/page-link.tsx";
import { servicesContextKey } from "../context.ts";
import { absoluteUrl, seoMeta, siteNameFrom } from "../lib/meta.ts";
import { cardView } from "../lib/tools.ts";
import type { Route } from "./+types/alternatives.ts";
import type { RouteHandle } from "../root.tsx";

// "Alternatives to X": where search engines bring people looking for a tool like one they know
// (how tools are found alike: docs/decisions/029).

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const outcome = await alternativesPage(context.get(servicesContextKey), {
    key: params.key,
    query: new URL(request.url).searchParams,
  });
  if (outcome.kind === "moved") throw redirect(outcome.to, 301);
  if (outcome.kind === "not-found") throw data(outcome.message, { status: 404 });
  const { items, ...view } = outcome.view;
  return { ...view, items: items.map((item) => ({ card: cardView(item), shares: item.shares })) };
}

/** The like buttons it shows: a like of one of these tools makes the stored page stale (app/root.tsx RouteHandle). */
export const handle = {
  likeCounts: (data: Route.ComponentProps["loaderData"]) => data.items.map(({ card }) => card.id),
} satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData)
    return [{ title: `Page Not Found — ${siteNameFrom(matches)}` }, { name: "robots", content: "noindex" }];
  const { tool, total, page, pages, canonical, items } = loaderData;
  const title = `Alternatives to ${tool.name}${page > 1 ? ` — page ${page}` : ""} — ${siteNameFrom(matches)}`;
  const tags = seoMeta(matches, {
    title,
    description: `${total.toLocaleString("en-US")} ${total === 1 ? "tool" : "tools"} like ${tool.name} (${tool.tagline}), with what each has in common with it.`,
    path: canonical,
  });
  if (page > 1)
    tags.push({ tagName: "link", rel: "prev", href: absoluteUrl(matches, alternativesPath(tool.slug, page - 1)) });
  if (page < pages)
    tags.push({ tagName: "link", rel: "next", href: absoluteUrl(matches, alternativesPath(tool.slug, page + 1)) });
  tags.push({
    "script:ld+json": itemListJsonLd({
      name: `Alternatives to ${tool.name}`,
      url: absoluteUrl(matches, canonical),
      firstPosition: (page - 1) * LIMITS.alternativesPageSize + 1,
      items: items.map(({ card }) => ({
        name: card.name,
        url: absoluteUrl(matches, `/tool/${encodeURIComponent(card.slug)}`),
      })),
    }),
  });
  return tags;
};

/** What an alternative has in common with the tool, in words. */
function sharesText(shares: Route.ComponentProps["loaderData"]["items"][number]["shares"]): string {
  const parts = [
    ...shares.categories.map((slug) => categoryBySlug(slug)?.name ?? slug),
    ...shares.tags,
    ...shares.platforms,
    ...(shares.pricingModel ? [shares.pricingModel] : []),
  ];
  return parts.join(", ");
}

export default function Alternatives({ loaderData }: Route.ComponentProps) {
  const { tool, items, total, page, pages } = loaderData;
  const toolPath = `/tool/${encodeURIComponent(tool.slug)}`;
  return (
    <div className="space-y-6">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: tool.name, to: toolPath }, { label: "Alternatives" }]} />
      <div className="flex items-center gap-4">
        <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size={56} />
        <div className="min-w-0 wrap-anywhere">
          <h1 className="text-3xl font-bold">Alternatives to {tool.name}</h1>
          <p className="mt-1 text-slate-700">
            {total.toLocaleString("en-US")} {total === 1 ? "tool shares" : "tools share"} a category or a tag with{" "}
            <PageLink to={toolPath} className="text-brand-700 underline">
              {tool.name}
            </PageLink>
            , the closest first.
          </p>
        </div>
      </div>
      <CompareForm
        chosen={[tool.slug]}
        label={`Compare ${tool.name} with…`}
        suggestions={items.map(({ card }) => card.name)}
      />
      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold">No tool is like {tool.name} yet.</p>
          <p className="mt-1 text-slate-700">
            <PageLink to="/browse/all" className="text-brand-700 underline">
              Browse all tools
            </PageLink>
            .
          </p>
        </div>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={`Alternatives to ${tool.name}`}>
          {items.map(({ card, shares }) => (
            <li key={card.id} className="min-w-0 space-y-2 wrap-anywhere">
              {/* Wrapped: a card fills its parent's height, and the lines below belong under it. */}
              <div>
                <ToolCard tool={card} headingLevel={2} />
              </div>
              <p className="text-sm text-slate-700">
                <span className="font-medium text-slate-900">In common:</span> {sharesText(shares)}
              </p>
              <p className="text-sm">
                <PageLink to={comparePath([tool, card])} className="text-brand-700 underline">
                  Compare {card.name} with {tool.name}
                </PageLink>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pages={pages} hrefFor={(n) => alternativesPath(tool.slug, n)} />
      <PageScript name="likes" />
    </div>
  );
}

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
