import { Form, Link } from "react-router";
import { CATEGORIES } from "../../core/categories.ts";
import { listLatestPublicTools } from "../../server/catalog/queries.ts";
import { ToolLogo } from "../components/tool-logo.tsx";
import { servicesContextKey } from "../context.ts";
import { siteNameFrom } from "../lib/meta.ts";
import type { Route } from "./+types/home.ts";

const LATEST_COUNT = 8;
const categoryName = new Map<string, string>(CATEGORIES.map((c) => [c.slug, c.name]));

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteNameFrom(matches);
  return [
    { title: `${site} — discover software, AI and web tools` },
    { name: "description", content: "A directory of software, AI and web tools: browse by category, search, and find the right tool." },
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContextKey);
  return { latest: await listLatestPublicTools(database, LATEST_COUNT) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { latest } = loaderData;
  return (
    <div className="space-y-12">
      <section aria-labelledby="hero-title" className="rounded-2xl bg-brand-50 px-6 py-12 text-center sm:px-12">
        <h1 id="hero-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Find the right tool for the job
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700">
          Software, AI and web tools, hand-checked and sorted by what they do.
        </p>
        <Form method="get" action="/search" role="search" className="mx-auto mt-6 flex max-w-xl gap-2">
          <label htmlFor="hero-q" className="sr-only">
            Search tools
          </label>
          <input
            id="hero-q"
            name="q"
            type="search"
            required
            maxLength={200}
            placeholder="Search tools, e.g. note-taking"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-4 py-3 text-base"
          />
          <button type="submit" className="rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800">
            Search
          </button>
        </Form>
      </section>

      <section aria-labelledby="latest-title">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="latest-title" className="text-2xl font-bold">
            Latest tools
          </h2>
          <Link to="/submit" className="text-sm font-medium text-brand-700 underline underline-offset-4">
            Submit tool
          </Link>
        </div>
        {latest.length === 0 ? (
          <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">
            No tools are listed yet. <Link to="/submit" className="text-brand-700 underline">Submit the first one</Link>.
          </p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {latest.map((tool) => (
              <li key={tool.id} className="rounded-xl border border-slate-200 p-4 hover:border-brand-600">
                <Link to={`/tool/${tool.slug || tool.id}`} className="flex items-start gap-3">
                  <ToolLogo name={tool.name} logoUrl={tool.logoUrl} />
                  <span className="min-w-0">
                    <span className="block font-semibold">{tool.name}</span>
                    <span className="mt-1 line-clamp-2 block text-sm text-slate-700">{tool.tagline}</span>
                  </span>
                </Link>
                {tool.categories[0] && (
                  <p className="mt-3 text-xs text-slate-700">{categoryName.get(tool.categories[0])}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
