import { data, redirect } from "react-router";
import { categoryBySlug } from "../../core/categories.ts";
import { comparePath, LIMITS } from "../../core/catalog.ts";
import { formatAddedFull } from "../../core/dates.ts";
import { compareForm, comparePage, compareSuggestions } from "../../server/catalog/compare.ts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { CompareForm } from "../components/compare-form.tsx";
import { LikeButton } from "../components/like-button.tsx";
import { PageScript } from "../components/page-script.tsx";
import { FeaturedBadge } from "../components/featured-badge.tsx";
import { ToolLogo } from "../components/tool-logo.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { PageLink } from "../components/ui/page-link.tsx";
import { servicesContextKey } from "../context.ts";
import { seoMeta, siteNameFrom } from "../lib/meta.ts";
import { outboundRel } from "../lib/tools.ts";
import type { Route } from "./+types/compare.ts";
import type { RouteHandle } from "../root.tsx";

// Two or three tools side by side (ADR 029): `/compare/{a}-vs-{b}[-vs-{c}]`, slugs in alphabetical
// order; `/compare` is the form's address (server/catalog/compare.ts).

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  // Only the form (no key in the path) reads the query string.
  const query = params.key === undefined ? new URL(request.url).searchParams : null;
  const outcome = query ? await compareForm(services, query) : await comparePage(services, params.key!);
  if (outcome.kind === "moved") throw redirect(outcome.to, 301);
  // A refused form comes back with what was typed.
  const typed = ["a", "b", "c"].map((name) => query?.get(name)?.slice(0, 200) ?? "");
  // The empty form suggests the most liked tools' names.
  const popular = async () =>
    (await services.catalog.mostLiked(services.now(), LIMITS.compareSuggestions)).map((tool) => tool.name);
  if (outcome.kind === "form") return { tools: null, message: null, typed, suggestions: await popular() };
  if (outcome.kind !== "page") {
    return data(
      { tools: null, message: outcome.message, typed, suggestions: await popular() },
      { status: outcome.kind === "invalid" ? 400 : 404 },
    );
  }
  const chosen = new Set(outcome.tools.map((tool) => tool.name));
  const suggestions = (await compareSuggestions(services.catalog, services.now(), outcome.tools[0]!.id)).filter(
    (name) => !chosen.has(name),
  );
  return {
    message: null,
    typed,
    suggestions,
    tools: outcome.tools.map((tool) => ({
      id: tool.id,
      slug: tool.slug,
      name: tool.name,
      tagline: tool.tagline,
      logoUrl: tool.logoUrl,
      websiteUrl: tool.websiteUrl,
      pricingModel: tool.pricingModel,
      pricingDetails: tool.pricingDetails,
      platforms: tool.platforms,
      categories: tool.categories,
      features: tool.features,
      integrations: tool.integrations,
      upvotesCount: tool.upvotesCount,
      createdAt: tool.createdAt,
      // Whether its website link is a paid one, and its column is labelled sponsored.
      featured: tool.featured ? {} : null,
    })),
  };
}

/** The like buttons it shows: a like of one of these tools makes the stored page stale (app/root.tsx RouteHandle). */
export const handle = {
  likeCounts: (data: Route.ComponentProps["loaderData"]) => data.tools?.map((tool) => tool.id) ?? [],
} satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteNameFrom(matches);
  if (!loaderData?.tools) {
    return [{ title: `Compare tools — ${site}` }, { name: "robots", content: "noindex" }];
  }
  const names = loaderData.tools.map((tool) => tool.name);
  return seoMeta(matches, {
    title: `${names.join(" vs ")} — compare — ${site}`,
    description: `${names.join(" and ").replace(/ and (?=.* and )/, ", ")} side by side: pricing, platforms, categories, features, integrations and likes.`,
    path: comparePath(loaderData.tools),
  });
};

type Compared = NonNullable<Route.ComponentProps["loaderData"]["tools"]>[number];

const ROWS: { label: string; cell: (tool: Compared) => React.ReactNode }[] = [
  { label: "Tagline", cell: (tool) => tool.tagline },
  {
    label: "Pricing",
    cell: (tool) => (
      <>
        <span className="font-medium">{tool.pricingModel ?? "Not given"}</span>
        {tool.pricingDetails && <span className="block text-sm text-slate-700">{tool.pricingDetails}</span>}
      </>
    ),
  },
  { label: "Platforms", cell: (tool) => list(tool.platforms) },
  { label: "Categories", cell: (tool) => list(tool.categories.map((slug) => categoryBySlug(slug)?.name ?? slug)) },
  { label: "Features", cell: (tool) => list(tool.features) },
  { label: "Integrations", cell: (tool) => list(tool.integrations) },
  // The like button, as on the tool's page: the count is kept as fresh as every other shown count.
  { label: "Likes", cell: (tool) => <LikeButton toolId={tool.id} count={tool.upvotesCount} /> },
  { label: "Added", cell: (tool) => formatAddedFull(tool.createdAt) },
  {
    label: "Links",
    cell: (tool) => (
      <ul className="space-y-1">
        <li>
          <PageLink to={`/tool/${encodeURIComponent(tool.slug)}`} className="text-brand-700 underline">
            {tool.name} on this site
          </PageLink>
        </li>
        <li>
          <a href={tool.websiteUrl} target="_blank" rel={outboundRel(tool)} className="text-brand-700 underline">
            {tool.name}'s website
          </a>
        </li>
      </ul>
    ),
  },
];

function list(items: readonly string[]): React.ReactNode {
  if (items.length === 0) return <span className="text-slate-700">None listed</span>;
  return (
    <ul className="list-disc space-y-0.5 pl-4">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { tools, message, typed, suggestions } = loaderData;
  if (!tools) {
    return (
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-3xl font-bold">Compare tools</h1>
        {message && <Alert tone="error">{message}</Alert>}
        <p className="text-slate-700">Name two or three tools to see them side by side.</p>
        <form method="get" action="/compare" className="space-y-3">
          {(["a", "b", "c"] as const).map((field, i) => (
            <div key={field}>
              <label htmlFor={`compare-${field}`} className="block text-sm font-medium">
                {i === 2 ? "Third tool (optional)" : i === 0 ? "First tool" : "Second tool"}
              </label>
              <input
                id={`compare-${field}`}
                name={field}
                defaultValue={typed[i]}
                required={i < 2}
                maxLength={200}
                autoComplete="off"
                list="compare-suggestions"
                placeholder="A tool's name"
                className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
              />
            </div>
          ))}
          {/* The browser's own suggestions, which need no script. */}
          <datalist id="compare-suggestions">
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
            Compare
          </button>
        </form>
      </div>
    );
  }
  const names = tools.map((tool) => tool.name).join(" vs ");
  return (
    <div className="space-y-6">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Browse", to: "/browse/all" }, { label: "Compare" }]} />
      <h1 className="text-3xl font-bold wrap-anywhere">{names}</h1>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] border-collapse text-left align-top">
          <caption className="sr-only">{names}, side by side</caption>
          <thead>
            <tr>
              <td />
              {tools.map((tool) => (
                <th key={tool.id} scope="col" className="border-b border-slate-200 p-3">
                  <span className="flex items-center gap-3">
                    <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size={40} />
                    <span className="text-lg font-semibold">{tool.name}</span>
                  </span>
                  {tool.featured && <FeaturedBadge />}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label} className="border-b border-slate-200 align-top">
                <th scope="row" className="p-3 text-sm font-semibold text-slate-700">
                  {row.label}
                </th>
                {tools.map((tool) => (
                  <td key={tool.id} className="p-3">
                    {row.cell(tool)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {tools.length < LIMITS.comparedAtMost && (
        <CompareForm
          chosen={tools.map((tool) => tool.slug)}
          label="Add a tool to the comparison"
          suggestions={suggestions}
        />
      )}
      <PageScript name="likes" />
    </div>
  );
}
