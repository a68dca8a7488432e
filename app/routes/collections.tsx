import { collectionPath, toolCount } from "../../core/collections.ts";
import { metaDescription } from "../../core/seo.ts";
import { publishedCollections } from "../../server/collections/service.ts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { PageLink } from "../components/ui/page-link.tsx";
import { servicesContextKey } from "../context.ts";
import { seoMeta, siteNameFrom } from "../lib/meta.ts";
import type { Route } from "./+types/collections.ts";
import { introText } from "../../server/collections/intro.ts";

// The published collections (docs/decisions/053), the most recently published first, each with its
// number of public tools and the start of its introduction.

export async function loader({ context }: Route.LoaderArgs) {
  const collections = await publishedCollections(context.get(servicesContextKey).database);
  return {
    collections: collections.map((c) => ({
      slug: c.slug,
      title: c.title,
      tools: c.tools,
      summary: metaDescription(introText(c.intro), ""),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: `Collections — ${siteNameFrom(matches)}`,
    description: "Lists of tools chosen by hand, each with a word on why a tool is there.",
    path: "/collections",
  });

export default function Collections({ loaderData }: Route.ComponentProps) {
  const { collections } = loaderData;
  return (
    <div className="space-y-6">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Collections" }]} />
      <div>
        <h1 className="text-3xl font-bold">Collections</h1>
        <p className="mt-1 text-slate-700">Lists of tools chosen by hand, each with a word on why a tool is there.</p>
      </div>
      {collections.length === 0 ? (
        <p className="text-slate-700">No collections yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {collections.map((c) => (
            <li key={c.slug} className="min-w-0">
              <article className="h-full rounded-xl border border-slate-200 p-4">
                <h2 className="text-xl font-semibold wrap-anywhere">
                  <PageLink to={collectionPath(c.slug)} className="text-brand-700 underline underline-offset-4">
                    {c.title}
                  </PageLink>
                </h2>
                <p className="mt-1 text-sm text-slate-700">{toolCount(c.tools)}</p>
                {c.summary && <p className="mt-2 line-clamp-3 text-slate-800 wrap-anywhere">{c.summary}</p>}
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
