import { useSearchParams } from "react-router";
import { LIMITS } from "../../core/catalog.ts";
import { HOME_TRENDING } from "../../core/trending.ts";
import { SITE_DESCRIPTION } from "../../core/seo.ts";
import { FEATURE_MIN_USD, FEATURED_DAYS, FEATURING_UNAVAILABLE } from "../../core/featuring.ts";
import { DigestForm } from "../components/digest-form.tsx";
import { PageScript } from "../components/page-script.tsx";
import { SearchBox } from "../components/search-box.tsx";
import { SponsoredNote } from "../components/featured-badge.tsx";
import { ToolGrid } from "../components/tool-card.tsx";
import { TextLink } from "../components/ui/text-link.tsx";
import { servicesContextKey } from "../context.ts";
import { useFeaturingOffered } from "../lib/featuring.ts";
import { seoMeta, siteNameFrom } from "../lib/meta.ts";
import { cardView } from "../lib/tools.ts";
import { PageLink } from "../components/ui/page-link.tsx";
import type { Route } from "./+types/home.ts";
import type { RouteHandle } from "../root.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: `${siteNameFrom(matches)} — discover software, AI and web tools`,
    description: SITE_DESCRIPTION,
    path: "/",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, now } = context.get(servicesContextKey);
  const at = now();
  const [featured, latest, trending] = await Promise.all([
    catalog.featured(at, { limit: LIMITS.homeFeatured }),
    catalog.latest(at, LIMITS.homeLatest),
    catalog.trending(at, "week", { page: 1, pageSize: HOME_TRENDING }),
  ]);
  return { featured: featured.map(cardView), latest: latest.map(cardView), trending: trending.items.map(cardView) };
}

/** What it shows of which tools: like buttons (a like makes the stored page stale) and featured placements (app/root.tsx RouteHandle). */
export const handle = {
  likeCounts: (data: Route.ComponentProps["loaderData"]) =>
    [...data.featured, ...data.latest, ...data.trending].map((tool) => tool.id),
  featured: (data: Route.ComponentProps["loaderData"]) => data.featured.map((tool) => tool.id),
} satisfies RouteHandle;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, latest, trending } = loaderData;
  const featuring = useFeaturingOffered();
  // `?featured=true` asks for the feature dialog: opened by the page's script (which then clears
  // the parameter from the address), explained here when it cannot be.
  const [searchParams] = useSearchParams();
  const wantsFeature = searchParams.get("featured") === "true";

  return (
    <div className="space-y-8 sm:space-y-12">
      <section aria-labelledby="hero-title" className="rounded-2xl bg-brand-50 px-4 py-8 text-center sm:px-12 sm:py-12">
        <h1 id="hero-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Find the right tool for the job
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700">
          Software, AI and web tools, hand-checked and sorted by what they do.
        </p>
        <SearchBox id="hero-q" fromHome className="mx-auto mt-6 max-w-xl" />
      </section>

      {wantsFeature && !featuring && (
        <section
          aria-labelledby="feature-off-title"
          role="status"
          className="rounded-xl border border-slate-300 bg-slate-50 p-6"
        >
          <h2 id="feature-off-title" className="text-xl font-bold">
            Get Featured
          </h2>
          <p className="mt-2 text-slate-800">{FEATURING_UNAVAILABLE}</p>
        </section>
      )}
      {wantsFeature && featuring && (
        <noscript className="block">
          <section aria-labelledby="feature-nojs-title" className="rounded-xl border border-amber-300 bg-amber-50 p-6">
            <h2 id="feature-nojs-title" className="text-xl font-bold">
              Get Featured
            </h2>
            <p className="mt-2 text-slate-800">
              Choosing a tool to feature needs JavaScript, which is off in this browser. Featured tools are shown first
              on the home page, in browse and in search, with a badge, for {FEATURED_DAYS} days, from ${FEATURE_MIN_USD}
              . You can also feature a new tool when you{" "}
              <a href="/submit" className="font-medium text-brand-700 underline">
                submit it
              </a>
              , or{" "}
              <a href="/contact" className="font-medium text-brand-700 underline">
                write to us
              </a>
              .
            </p>
          </section>
        </noscript>
      )}

      {/* Latest first in reading and tab order; paid placement right under the hero on phones, the right-hand column from lg. */}
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12">
        <section aria-labelledby="latest-title" className="min-w-0 lg:col-start-1 lg:row-start-1">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="latest-title" className="text-2xl font-bold">
              Latest tools
            </h2>
            <TextLink to="/submit" className="text-sm">
              Submit tool
            </TextLink>
          </div>
          <div className="mt-4">
            {latest.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">
                No tools are listed yet.{" "}
                <PageLink to="/submit" className="text-brand-700 underline">
                  Submit the first one
                </PageLink>
                .
              </p>
            ) : (
              <ToolGrid tools={latest} columns={2} listedAbove={featured} />
            )}
          </div>
          <p className="mt-6">
            <TextLink to="/browse/all">Browse all tools</TextLink>
          </p>
        </section>
        <section aria-labelledby="featured-title" className="min-w-0 max-lg:-order-1 lg:col-start-2 lg:row-start-1">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="featured-title" className="text-2xl font-bold">
              Featured
            </h2>
            {featuring && (
              <PageLink
                to="/?featured=true"
                className="rounded-lg bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-amber-300"
              >
                Get Featured
              </PageLink>
            )}
          </div>
          {!featuring && <p className="mt-1 text-sm text-slate-700">{FEATURING_UNAVAILABLE}</p>}
          <SponsoredNote />
          <div className="mt-4">
            {featured.length === 0 ? (
              <div className="rounded-lg border border-dashed border-amber-300 p-6 text-center">
                <p className="font-semibold">{featuring ? "Be the first" : "No featured tools"}</p>
                {featuring && <p className="mt-1 text-sm text-slate-700">Your tool could be featured here.</p>}
              </div>
            ) : (
              <ToolGrid tools={featured} layout="featured" />
            )}
          </div>
        </section>
      </div>
      <section aria-labelledby="trending-title">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="trending-title" className="text-2xl font-bold">
            Trending this week
          </h2>
          <TextLink to="/trending" className="text-sm">
            All trending tools
          </TextLink>
        </div>
        <div className="mt-4">
          {trending.length === 0 ? (
            <p className="text-slate-700">Nothing is trending yet: tools people like show here.</p>
          ) : (
            <ToolGrid tools={trending} columns={4} listedAbove={[...featured, ...latest]} />
          )}
        </div>
      </section>
      <section aria-labelledby="digest-title" className="rounded-2xl border border-slate-200 px-4 py-6 sm:px-8">
        <h2 id="digest-title" className="text-2xl font-bold">
          New tools in your inbox
        </h2>
        <p className="mt-1 text-slate-700">
          One mail every Monday with the week&apos;s new tools and the featured ones. We ask you to confirm first;
          unsubscribe in one click.
        </p>
        <DigestForm idPrefix="home-digest" className="mt-4 max-w-md" />
      </section>
      <PageScript name="likes" />
    </div>
  );
}
