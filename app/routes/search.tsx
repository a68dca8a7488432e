import { data, redirect } from "react-router";
import { parsePage } from "../../core/catalog.ts";
import { filterQuery, isFiltered, NO_FILTERS, parseFilters, type ListFilters } from "../../core/filters.ts";
import {
  DEFAULT_SEARCH_ORDER,
  displayQuery,
  MAX_QUERY_LENGTH,
  parseSearchOrder,
  SEARCH_ORDERS,
  type SearchOrder,
} from "../../core/search.ts";
import { ActiveFilters, FilterBar } from "../components/filter-bar.tsx";
import { PageScript } from "../components/page-script.tsx";
import { Pagination } from "../components/pagination.tsx";
import { SearchBox } from "../components/search-box.tsx";
import { SponsoredNote } from "../components/featured-badge.tsx";
import { ToolGrid } from "../components/tool-card.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { servicesContextKey } from "../context.ts";
import { seoMeta, siteNameFrom } from "../lib/meta.ts";
import { PageLink } from "../components/ui/page-link.tsx";
import { TextLink } from "../components/ui/text-link.tsx";
import type { Route } from "./+types/search.ts";
import type { RouteHandle } from "../root.tsx";

const POPULAR_SEARCHES = [
  "AI tools",
  "Project management",
  "Design software",
  "Analytics",
  "Marketing automation",
  "Code editors",
];

/** A search's narrowing and order, as its address carries them. */
interface SearchView {
  filters: ListFilters;
  order: SearchOrder;
}
const UNNARROWED: SearchView = { filters: NO_FILTERS, order: DEFAULT_SEARCH_ORDER };

/** The canonical URL of a search: the term in the path, URL-encoded; then the order, the filters and the page. */
function searchPath(term: string, page = 1, fromHome = false, view: SearchView = UNNARROWED): string {
  const parts: string[] = [];
  if (view.order !== DEFAULT_SEARCH_ORDER) parts.push(`sort=${view.order}`);
  const filters = filterQuery(view.filters);
  if (filters) parts.push(filters);
  if (page > 1) parts.push(`page=${page}`);
  if (fromHome) parts.push("src=home");
  return `/search/${encodeURIComponent(term)}${parts.length > 0 ? `?${parts.join("&")}` : ""}`;
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const fromHome = url.searchParams.get("from") === "home" || url.searchParams.get("src") === "home";
  // The search box submits ?q= (without JavaScript too): move the term into the path.
  const q = url.searchParams.get("q");
  // A term far past the limit is answered here (400 below), not sent on in a redirect's Location
  // header that proxies refuse for its length.
  const { filters } = parseFilters(url.searchParams);
  const order = parseSearchOrder(url.searchParams.get("sort"));
  const view = { filters, order: order ?? DEFAULT_SEARCH_ORDER };
  const target = q === null ? null : q.trim() === "" ? "/search" : searchPath(q.trim(), 1, fromHome, view);
  if (target !== null && target.length <= MAX_QUERY_LENGTH * 12) throw redirect(target, 303);
  const page = parsePage(url.searchParams.get("page"));
  if (page === null || order === null) throw redirect(searchPath(params.term ?? "", 1, fromHome, view), 301);
  // Filters and order written another way (the filter form's repeated boxes, its default sort) have one address.
  if (params.term !== undefined && url.searchParams.get("from") === null) {
    const canonical = searchPath(params.term, page, fromHome, view);
    if (canonical.slice(canonical.indexOf("?") === -1 ? canonical.length : canonical.indexOf("?")) !== url.search)
      throw redirect(canonical, 301);
  }

  const { search } = context.get(servicesContextKey);
  const raw = q ?? params.term ?? "";
  const outcome = await search.search(raw, page, { sidebars: true, ...view });
  // Browsers and shared caches ask again each time (every search is counted, on the way in:
  // server/search/tracking.ts); the page cache keeps it until the catalogue changes.
  const init = { headers: { "Cache-Control": "no-cache" } };
  if (outcome.kind === "too-long") return data(outcome, { ...init, status: 400 });
  if (outcome.kind === "results" && outcome.total > 0 && page > outcome.pages)
    throw data("There is no such page.", { status: 404 });
  // Matching is on the normalised query; the page shows the term as the visitor typed it.
  return data(outcome.kind === "results" ? { ...outcome, term: displayQuery(raw) } : outcome, init);
}

/** What it shows of which tools: like buttons (a like makes the stored page stale) and featured placements (app/root.tsx RouteHandle). */
export const handle = {
  likeCounts: (data: Route.ComponentProps["loaderData"]) =>
    data.kind === "results"
      ? [...data.items, ...data.featured, ...data.related, ...data.favourites].map((tool) => tool.id)
      : [],
  featured: (data: Route.ComponentProps["loaderData"]) =>
    data.kind === "results" ? data.featured.map((tool) => tool.id) : [],
} satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteNameFrom(matches);
  const query = loaderData?.kind === "results" ? loaderData.query : null;
  const term = loaderData?.kind === "results" ? loaderData.term : null;
  return [
    ...seoMeta(matches, {
      title: term ? `“${term}” — search — ${site}` : `Search tools — ${site}`,
      description: "Search software, AI and web tools by name, purpose, category or tag.",
      path: query ? searchPath(query) : "/search",
    }),
    // Result pages are endless variations of the catalogue: keep them out of search engines.
    ...(query ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const outcome = loaderData;
  const term = outcome.kind === "results" ? outcome.term : "";
  return (
    <div className="space-y-8">
      <section aria-labelledby="search-title" className="space-y-4">
        <h1 id="search-title" className="text-3xl font-bold">
          {outcome.kind === "results" ? (
            <>
              Results for <q>{outcome.term}</q>
            </>
          ) : (
            "Search tools"
          )}
        </h1>
        <SearchBox id="search-q" defaultValue={term} className="max-w-2xl" />
        <p className="text-sm text-slate-700">
          Results are ordered by how well they match; payment adds no points.{" "}
          <TextLink to="/ranking">How ranking works</TextLink>
        </p>
        {outcome.kind === "too-long" && (
          <Alert tone="error">
            Search terms can be at most {outcome.maxLength} characters. Please shorten your search.
          </Alert>
        )}
        {outcome.kind === "results" && (
          <>
            {/* The same filters and sort as browse, over the matches. */}
            <ActiveFilters
              filters={outcome.filters}
              hrefFor={(next) => searchPath(outcome.term, 1, false, { filters: next, order: outcome.order })}
              clearAll={
                isFiltered(outcome.filters) || outcome.filters.inactive || outcome.order !== DEFAULT_SEARCH_ORDER
                  ? searchPath(outcome.term)
                  : null
              }
            />
            <FilterBar
              action={`/search/${encodeURIComponent(outcome.term)}`}
              filters={outcome.filters}
              facets={outcome.facets}
              sort={{
                value: outcome.order,
                options: (Object.keys(SEARCH_ORDERS) as SearchOrder[]).map((o) => ({
                  value: o,
                  label: SEARCH_ORDERS[o],
                })),
              }}
            />
          </>
        )}
      </section>

      {outcome.kind !== "results" ? (
        <section aria-labelledby="popular-title">
          <h2 id="popular-title" className="text-lg font-semibold">
            Popular searches
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {POPULAR_SEARCHES.map((chip) => (
              <li key={chip}>
                <PageLink
                  to={searchPath(chip)}
                  className="inline-block rounded-full border border-slate-300 px-4 py-2 text-sm font-medium hover:border-brand-600 hover:text-brand-700"
                >
                  {chip}
                </PageLink>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        // On phones the results, then the paid placement (when there is any), then the rest; from lg the
        // featured tools and the favourites are the right-hand column.
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:grid-rows-[auto_1fr]">
          <section aria-labelledby="results-title" className="min-w-0 lg:col-start-1 lg:row-start-1">
            <h2 id="results-title" className="text-lg font-semibold" aria-live="polite">
              {outcome.total.toLocaleString("en-US")} {outcome.total === 1 ? "result" : "results"}
            </h2>
            {outcome.total === 0 ? (
              <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-8 text-center">
                <p className="font-semibold">No tools match your search.</p>
                {outcome.suggestion && (
                  <p className="mt-2">
                    Did you mean{" "}
                    <PageLink to={searchPath(outcome.suggestion)} className="font-semibold text-brand-700 underline">
                      {outcome.suggestion}
                    </PageLink>
                    ?
                  </p>
                )}
                <p className="mt-2 text-slate-700">
                  <PageLink to="/browse/all" className="text-brand-700 underline">
                    Browse all tools
                  </PageLink>{" "}
                  or{" "}
                  <PageLink to="/submit" className="text-brand-700 underline">
                    submit a tool
                  </PageLink>
                  .
                </p>
              </div>
            ) : (
              <div className="mt-4">
                <ToolGrid tools={outcome.items} columns={2} />
                <Pagination
                  page={outcome.page}
                  pages={outcome.pages}
                  hrefFor={(n) =>
                    searchPath(outcome.term, n, false, { filters: outcome.filters, order: outcome.order })
                  }
                />
              </div>
            )}
          </section>
          <section
            aria-labelledby="featured-title"
            className={`min-w-0 lg:col-start-2 lg:row-start-1 ${outcome.featured.length === 0 ? "max-lg:hidden" : ""}`}
          >
            <h2 id="featured-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
              Featured Tools
            </h2>
            <SponsoredNote />
            <div className="mt-3">
              {outcome.featured.length === 0 ? (
                <p className="text-sm text-slate-700">No featured tools yet.</p>
              ) : (
                <ToolGrid tools={outcome.featured} layout="featured" listedAbove={outcome.items} />
              )}
            </div>
          </section>
          <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-2">
            {outcome.related.length > 0 && (
              <section aria-labelledby="related-title">
                <h2 id="related-title" className="text-lg font-semibold">
                  Related Tools
                </h2>
                <div className="mt-4">
                  <ToolGrid tools={outcome.related} columns={3} listedAbove={[...outcome.items, ...outcome.featured]} />
                </div>
              </section>
            )}
            <section aria-labelledby="cta-title" className="rounded-xl bg-brand-50 p-6">
              <h2 id="cta-title" className="text-lg font-semibold">
                Can&apos;t find what you&apos;re looking for?
              </h2>
              <p className="mt-1 text-slate-700">
                If a tool is missing, add it: submissions are free and reviewed by a person.{" "}
                <PageLink to="/submit" className="font-medium text-brand-700 underline">
                  Submit a tool
                </PageLink>
              </p>
            </section>
          </div>
          <section aria-labelledby="favourites-title" className="min-w-0 lg:col-start-2 lg:row-start-2">
            <h2 id="favourites-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
              Community favourites
            </h2>
            <div className="mt-3">
              <ToolGrid
                tools={outcome.favourites}
                columns={1}
                listedAbove={[...outcome.items, ...outcome.featured, ...outcome.related]}
              />
            </div>
          </section>
        </div>
      )}
      {/* The results and the sidebars are cards with like buttons. */}
      {outcome.kind === "results" && <PageScript name="likes" />}
      {outcome.kind === "results" && <PageScript name="filter-form" />}
    </div>
  );
}
