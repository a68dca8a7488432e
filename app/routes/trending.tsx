import { data, isRouteErrorResponse, redirect } from "react-router";
import { TRENDING_WINDOWS, trendingPath, type TrendingWindow } from "../../core/trending.ts";
import { trendingPage } from "../../server/trending/page.ts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { StatusPage } from "../components/not-found.tsx";
import { PageScript } from "../components/page-script.tsx";
import { Pagination } from "../components/pagination.tsx";
import { ToolGrid } from "../components/tool-card.tsx";
import { PageLink } from "../components/ui/page-link.tsx";
import { servicesContextKey } from "../context.ts";
import { absoluteUrl, seoMeta, siteNameFrom } from "../lib/meta.ts";
import { cardView } from "../lib/tools.ts";
import type { Route } from "./+types/trending.ts";
import type { RouteHandle } from "../root.tsx";

// The tools trending this week or today (docs/decisions/052): an order the scheduled job works out
// from recent reviews, likes and page views; the page only reads it.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const outcome = await trendingPage(context.get(servicesContextKey), {
    window: params.window,
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

const TITLES: Record<TrendingWindow, string> = { week: "Trending this week", today: "Trending today" };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData)
    return [{ title: `Page Not Found — ${siteNameFrom(matches)}` }, { name: "robots", content: "noindex" }];
  const { window, page, pages, canonical } = loaderData;
  const tags = seoMeta(matches, {
    title: `${TITLES[window]}${page > 1 ? ` — page ${page}` : ""} — ${siteNameFrom(matches)}`,
    description: `The tools people like and look at most ${window === "week" ? "this week" : "today"}, newest interest first.`,
    path: canonical,
  });
  if (page > 1) tags.push({ tagName: "link", rel: "prev", href: absoluteUrl(matches, trendingPath(window, page - 1)) });
  if (page < pages)
    tags.push({ tagName: "link", rel: "next", href: absoluteUrl(matches, trendingPath(window, page + 1)) });
  return tags;
};

export default function TrendingRoute({ loaderData }: Route.ComponentProps) {
  const { window, items, page, pages, total } = loaderData;
  return (
    <div className="space-y-6">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: TITLES[window] }]} />
      <div>
        <h1 className="text-3xl font-bold">{TITLES[window]}</h1>
        <p className="mt-1 text-slate-700">
          Tools ordered by recent reviews, likes and page views, the newest counting most.{" "}
          <PageLink to="/ranking#trending" className="text-brand-700 underline">
            How trending works
          </PageLink>
        </p>
      </div>
      <nav aria-label="Trending period">
        <ul className="flex gap-2">
          {(Object.keys(TRENDING_WINDOWS) as TrendingWindow[]).map((w) => (
            <li key={w}>
              <PageLink
                to={trendingPath(w)}
                aria-current={w === window ? "page" : undefined}
                className={
                  w === window
                    ? "inline-block rounded-lg border border-brand-700 bg-brand-700 px-4 py-2 font-medium text-white"
                    : "inline-block rounded-lg border border-slate-300 px-4 py-2 font-medium hover:border-brand-600 hover:text-brand-700"
                }
              >
                {TRENDING_WINDOWS[w].label}
              </PageLink>
            </li>
          ))}
        </ul>
      </nav>
      {total === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">
          Nothing is trending {window === "week" ? "this week" : "today"} yet. Like the tools you find useful and they
          will show here.
        </p>
      ) : (
        <ToolGrid tools={items} columns={3} headingLevel={2} />
      )}
      <Pagination page={page} pages={pages} hrefFor={(n) => trendingPath(window, n)} />
      <PageScript name="likes" />
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
      link={{ to: "/trending", label: "Trending tools" }}
    />
  );
}
