import { data, redirect } from "react-router";
import { FEATURING_UNAVAILABLE } from "../../core/featuring.ts";
import { browsePath, DEFAULT_SORT, parseBrowseFilter, SORTS, type Sort } from "../../core/catalog.ts";
import { isFiltered, listTitle } from "../../core/filters.ts";
import { browsePage } from "../../server/catalog/browse.ts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { ActiveFilters, FilterBar } from "../components/filter-bar.tsx";
import { PageScript } from "../components/page-script.tsx";
import { Pagination } from "../components/pagination.tsx";
import { SponsoredNote } from "../components/featured-badge.tsx";
import { ToolGrid } from "../components/tool-card.tsx";
import { PageLink } from "../components/ui/page-link.tsx";
import { servicesContextKey } from "../context.ts";
import { useFeaturingOffered } from "../lib/featuring.ts";
import { absoluteUrl, seoMeta, siteNameFrom } from "../lib/meta.ts";
import { cardView } from "../lib/tools.ts";
import type { Route } from "./+types/browse.ts";
import type { RouteHandle } from "../root.tsx";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const outcome = await browsePage(context.get(servicesContextKey), {
    filter: params.filter,
    sort: params.sort,
    query: new URL(request.url).searchParams,
  });
  if (outcome.kind === "moved") throw redirect(outcome.to, 301);
  if (outcome.kind === "not-found") throw data(outcome.message, { status: 404 });
  const { tools, featured, ...page } = outcome.page;
  return { ...page, tools: tools.map(cardView), featured: featured.map(cardView) };
}

/** What it shows of which tools: like buttons (a like makes the stored page stale) and featured placements (app/root.tsx RouteHandle). */
export const handle = {
  likeCounts: (data: Route.ComponentProps["loaderData"]) => [...data.tools, ...data.featured].map((tool) => tool.id),
  featured: (data: Route.ComponentProps["loaderData"]) => data.featured.map((tool) => tool.id),
} satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: `Page Not Found — ${siteNameFrom(matches)}` }];
  const { filter, sort, page, pages, canonical, total } = loaderData;
  const subject = isFiltered(loaderData.filters)
    ? listTitle(filter?.name ?? null, loaderData.filters)
    : filter
      ? `${filter.name} tools`
      : "All tools";
  const pageSuffix = page > 1 ? ` — page ${page}` : "";
  const sortSuffix = sort === DEFAULT_SORT ? "" : ` (${SORTS[sort]})`;
  const tags = seoMeta(matches, {
    title: `${subject}${sortSuffix}${pageSuffix} — ${siteNameFrom(matches)}`,
    description: filter
      ? `${total.toLocaleString("en-US")} ${filter.name} tools, compared: what they do, platforms, pricing.`
      : `Browse ${total.toLocaleString("en-US")} software, AI and web tools by category.`,
    path: canonical,
  });
  const filterValue = filter ? parseBrowseFilter(filter.slug)! : ({ kind: "all" } as const);
  const hrefFor = (n: number) => absoluteUrl(matches, browsePath(filterValue, sort, n, loaderData.filters));
  if (page > 1) tags.push({ tagName: "link", rel: "prev", href: hrefFor(page - 1) });
  if (page < pages) tags.push({ tagName: "link", rel: "next", href: hrefFor(page + 1) });
  return tags;
};

export default function Browse({ loaderData }: Route.ComponentProps) {
  const featuring = useFeaturingOffered();
  const { filter, sort, page, pages, tools, total, featured, categories, allCount, anyFeatured, filters, facets } =
    loaderData;
  const filtered = isFiltered(filters);
  const filterValue = filter ? parseBrowseFilter(filter.slug)! : ({ kind: "all" } as const);
  // "Free design tools": the heading, the breadcrumb and the title say what the list is narrowed to.
  const heading = listTitle(filter?.name ?? null, filters);

  return (
    <div className="space-y-6">
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: "Browse", to: "/browse/all" },
          { label: heading, to: browsePath(filterValue, DEFAULT_SORT, 1, filters) },
          { label: SORTS[sort] },
        ]}
      />
      <div className="space-y-3">
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-2">
          <h1 className="min-w-0 text-3xl font-bold wrap-anywhere">{heading}</h1>
          <ActiveFilters
            filters={filters}
            hrefFor={(next) => browsePath(filterValue, sort, 1, next)}
            extra={filter ? [{ label: filter.name, href: browsePath({ kind: "all" }, sort, 1, filters) }] : []}
            clearAll={filter || filtered || filters.inactive || sort !== DEFAULT_SORT ? "/browse/all" : null}
          />
        </div>
        <p className="text-slate-700" aria-live="polite">
          {total.toLocaleString("en-US")} {total === 1 ? "tool" : "tools"}
          {/* The list below leaves out the featured ones: say where they are, so the counts add up. */}
          {featured.length > 0 && ` · ${featured.length.toLocaleString("en-US")} shown under Featured`}
        </p>
        <FilterBar
          action={browsePath(filterValue, DEFAULT_SORT)}
          filters={filters}
          facets={facets}
          sort={{ value: sort, options: (Object.keys(SORTS) as Sort[]).map((s) => ({ value: s, label: SORTS[s] })) }}
        />
      </div>

      {/* Phones: the categories folded away, then the featured strip, then the list. From lg: three columns. */}
      <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)_15rem]">
        <details className="browse-categories lg:col-start-1 lg:row-start-1">
          <summary>Categories</summary>
          <nav aria-label="Categories" className="mt-3 lg:mt-0">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700 max-lg:sr-only">Categories</h2>
            <ul className="mt-1 grid grid-cols-1 gap-0.5 sm:grid-cols-2 lg:mt-3 lg:grid-cols-1">
              <li>
                <CategoryLink
                  to={browsePath({ kind: "all" }, sort, 1, filters)}
                  current={!filter}
                  label="All tools"
                  count={allCount}
                />
              </li>
              {categories.map((c) => (
                <li key={c.slug}>
                  <CategoryLink
                    to={browsePath(parseBrowseFilter(c.slug)!, sort, 1, filters)}
                    current={filter?.slug === c.slug}
                    label={c.name}
                    count={c.count}
                  />
                </li>
              ))}
            </ul>
          </nav>
        </details>

        <FeaturedColumn featured={featured} featuring={featuring} anyFeatured={anyFeatured} />

        <section aria-labelledby="list-title" className="min-w-0 lg:col-start-2 lg:row-start-1">
          <h2 id="list-title" className="sr-only">
            {heading}, {SORTS[sort]}
          </h2>
          {tools.length === 0 && featured.length > 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">
              {`${featured.length === 1 ? "The one tool here is" : "Every tool here is"} shown under Featured.`}
            </p>
          ) : tools.length === 0 && filtered ? (
            <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
              <p className="font-semibold">No tools match these filters.</p>
              <p className="mt-1 text-slate-700">Remove a filter above to see more tools.</p>
            </div>
          ) : tools.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
              <p className="font-semibold">No tools here yet.</p>
              <p className="mt-1 text-slate-700">
                <PageLink to="/submit" className="text-brand-700 underline">
                  Submit a tool
                </PageLink>{" "}
                or{" "}
                <PageLink to="/browse/all" className="text-brand-700 underline">
                  browse all tools
                </PageLink>
                .
              </p>
            </div>
          ) : (
            <ToolGrid tools={tools} columns={2} />
          )}
          <Pagination page={page} pages={pages} hrefFor={(n) => browsePath(filterValue, sort, n, filters)} />
        </section>
      </div>
      <PageScript name="likes" />
      <PageScript name="filter-form" />
    </div>
  );
}

/** Paid placement: a strip right under the heading on narrow screens, the right-hand column from lg. */
function FeaturedColumn({
  featured,
  featuring,
  anyFeatured,
}: {
  featured: Route.ComponentProps["loaderData"]["featured"];
  featuring: boolean;
  anyFeatured: boolean;
}) {
  return (
    <section aria-labelledby="featured-title" className="min-w-0 lg:col-start-3 lg:row-start-1">
      <h2 id="featured-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        Featured
      </h2>
      <SponsoredNote />
      <div className="mt-3">
        {featured.length === 0 ? (
          <p className="rounded-lg border border-dashed border-amber-300 p-4 text-sm">
            {featuring ? (
              <>
                {/* "Be the first" only while nothing is featured anywhere; else none of them is in this list. */}
                {anyFeatured ? (
                  "No featured tool is in this list. Feature yours here."
                ) : (
                  <>
                    <span className="font-semibold">Be the first</span> to feature a tool here.
                  </>
                )}{" "}
                <PageLink to="/?featured=true" className="text-brand-700 underline">
                  Get Featured
                </PageLink>
              </>
            ) : (
              FEATURING_UNAVAILABLE
            )}
          </p>
        ) : (
          <ToolGrid tools={featured} layout="featured" />
        )}
      </div>
    </section>
  );
}

function CategoryLink({ to, current, label, count }: { to: string; current: boolean; label: string; count?: number }) {
  return (
    <PageLink to={to} aria-current={current ? "page" : undefined} className="category-link">
      <span>{label}</span>
      {count !== undefined && <span className="text-xs text-slate-700">{count.toLocaleString("en-US")}</span>}
    </PageLink>
  );
}
