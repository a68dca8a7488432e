import { data, Form, redirect } from "react-router";
import { FEATURING_UNAVAILABLE } from "../../core/featuring.ts";
import { browsePath, DEFAULT_SORT, parseBrowseFilter, SORTS, type Sort } from "../../core/catalog.ts";
import { isFiltered, PLATFORM_SLUGS, PRICING_SLUGS } from "../../core/filters.ts";
import { browsePage } from "../../server/catalog/browse.ts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { PageScript } from "../components/page-script.tsx";
import { Pagination } from "../components/pagination.tsx";
import { ToolGrid } from "../components/tool-card.tsx";
import { PageLink } from "../components/ui/page-link.tsx";
import { servicesContextKey } from "../context.ts";
import { useFeaturingOffered } from "../lib/featuring.ts";
import { absoluteUrl, seoMeta, siteNameFrom } from "../lib/meta.ts";
import { cardView } from "../lib/tools.ts";
import type { Route } from "./+types/browse.ts";

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

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: `Page Not Found — ${siteNameFrom(matches)}` }];
  const { filter, sort, page, pages, canonical, total } = loaderData;
  const subject = filter ? `${filter.name} tools` : "All tools";
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
  const { filter, sort, page, pages, tools, total, featured, categories, allCount, filters, facets } = loaderData;
  const filtered = isFiltered(filters);
  const filterValue = filter ? parseBrowseFilter(filter.slug)! : ({ kind: "all" } as const);
  const heading = filter ? filter.name : "All tools";

  return (
    <div className="space-y-6">
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: "Browse", to: "/browse/all" },
          { label: heading, to: browsePath(filterValue, DEFAULT_SORT) },
          { label: SORTS[sort] },
        ]}
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{heading}</h1>
          <p className="mt-1 text-slate-700" aria-live="polite">
            {total.toLocaleString("en-US")} {total === 1 ? "tool" : "tools"}
            {/* The list below leaves out the featured ones: say where they are, so the counts add up. */}
            {featured.length > 0 && ` · ${featured.length.toLocaleString("en-US")} shown under Featured`}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <Form method="get" action={browsePath(filterValue, DEFAULT_SORT)} className="flex items-end gap-2">
            {/* The filters go along with a sort chosen without JavaScript. */}
            {filters.pricing.length > 0 && <input type="hidden" name="pricing" value={filters.pricing.map((m) => PRICING_SLUGS[m]).join(",")} />}
            {filters.platforms.length > 0 && <input type="hidden" name="platform" value={filters.platforms.map((p) => PLATFORM_SLUGS[p]).join(",")} />}
            <div>
              <label htmlFor="sort" className="block text-sm font-medium">
                Sort by
              </label>
              {/* With JavaScript a choice goes to its option's address at once (app/enhancers/sort-select.ts). */}
              <select
                id="sort"
                name="sort"
                defaultValue={sort}
                autoComplete="off"
                data-navigate=""
                className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
              >
                {(Object.keys(SORTS) as Sort[]).map((s) => (
                  <option key={s} value={s} data-href={browsePath(filterValue, s, 1, filters)}>
                    {SORTS[s]}
                  </option>
                ))}
              </select>
            </div>
            <noscript>
              <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 font-medium">
                Apply
              </button>
            </noscript>
          </Form>
          {(filter || sort !== DEFAULT_SORT || filtered) && (
            <PageLink to="/browse/all" className="rounded-lg border border-slate-300 px-3 py-2 font-medium hover:border-brand-600">
              Clear Filters
            </PageLink>
          )}
        </div>
      </div>

      {/* Phones: the categories folded away, then the featured strip, then the list. From lg: three columns. */}
      <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)_15rem]">
        <div className="space-y-4 lg:col-start-1 lg:row-start-1">
        <details className="browse-categories">
          <summary>Categories</summary>
          <nav aria-label="Categories" className="mt-3 lg:mt-0">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700 max-lg:sr-only">Categories</h2>
            <ul className="mt-1 grid grid-cols-1 gap-0.5 sm:grid-cols-2 lg:mt-3 lg:grid-cols-1">
              <li>
                <CategoryLink to={browsePath({ kind: "all" }, sort, 1, filters)} current={!filter} label="All tools" count={allCount} />
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

        <FilterPanel action={browsePath(filterValue, sort)} filters={filters} facets={facets} />
        </div>

        <FeaturedColumn featured={featured} featuring={featuring} />

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
              <p className="mt-1 text-slate-700">
                <PageLink to={browsePath(filterValue, sort)} className="text-brand-700 underline">
                  Clear the filters
                </PageLink>{" "}
                to see every {filter ? `${filter.name} tool` : "tool"}.
              </p>
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
      <PageScript name="sort-select" />
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/**
 * Pricing and platform filters: a form of checkboxes that works without JavaScript (the server
 * writes the choice as one canonical address), each option with the tools it would give.
 */
function FilterPanel({ action, filters, facets }: { action: string; filters: LoaderData["filters"]; facets: LoaderData["facets"] }) {
  const chosen = filters.pricing.length + filters.platforms.length;
  return (
    <details className="browse-categories" open={chosen > 0 || undefined}>
      <summary>Filters{chosen > 0 && ` (${chosen})`}</summary>
      <Form method="get" action={action} aria-label="Filters" className="mt-3 space-y-4 lg:mt-0">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700 max-lg:sr-only">Filters</h2>
        <FilterGroup
          legend="Pricing"
          name="pricing"
          options={facets.pricing.map(({ model, count }) => ({ value: PRICING_SLUGS[model], label: model, count, checked: filters.pricing.includes(model) }))}
        />
        <FilterGroup
          legend="Platform"
          name="platform"
          options={facets.platforms.map(({ platform, count }) => ({
            value: PLATFORM_SLUGS[platform],
            label: platform,
            count,
            checked: filters.platforms.includes(platform),
          }))}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800">
            Apply filters
          </button>
          {chosen > 0 && (
            <PageLink to={action} className="text-sm text-brand-700 underline">
              Clear filters
            </PageLink>
          )}
        </div>
      </Form>
    </details>
  );
}

function FilterGroup({ legend, name, options }: { legend: string; name: string; options: { value: string; label: string; count: number; checked: boolean }[] }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <ul className="mt-1 space-y-1">
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={name} value={option.value} defaultChecked={option.checked} className="h-4 w-4" />
              <span>{option.label}</span>{" "}
              <span className="text-xs text-slate-700">{option.count.toLocaleString("en-US")}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Paid placement: a strip right under the heading on narrow screens, the right-hand column from lg. */
function FeaturedColumn({ featured, featuring }: { featured: Route.ComponentProps["loaderData"]["featured"]; featuring: boolean }) {
  return (
    <section aria-labelledby="featured-title" className="min-w-0 lg:col-start-3 lg:row-start-1">
      <h2 id="featured-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        Featured
      </h2>
      <div className="mt-3">
        {featured.length === 0 ? (
          <p className="rounded-lg border border-dashed border-amber-300 p-4 text-sm">
            {featuring ? (
              <>
                <span className="font-semibold">Be the first</span> to feature a tool here.{" "}
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
