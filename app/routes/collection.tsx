import { data, isRouteErrorResponse, redirect } from "react-router";
import { collectionJsonLd, collectionPath, toolCount } from "../../core/collections.ts";
import { metaDescription } from "../../core/seo.ts";
import { lifecycleThresholds } from "../../server/catalog/lifecycle.ts";
import { publishedCollection } from "../../server/collections/service.ts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { StatusPage } from "../components/not-found.tsx";
import { PageScript } from "../components/page-script.tsx";
import { ToolCard } from "../components/tool-card.tsx";
import { servicesContextKey } from "../context.ts";
import { absoluteUrl, seoMeta, siteNameFrom } from "../lib/meta.ts";
import { cardView } from "../lib/tools.ts";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/collection.ts";
import { introHtml, introText } from "../../server/collections/intro.ts";

// One published collection (docs/decisions/053): its introduction, then its public tools in the
// admin's order, each card with the admin's note. Inactive tools keep their place and their badge:
// the list was chosen by hand. A draft, or an address no collection has, is not found.

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, now, config } = context.get(servicesContextKey);
  // Addresses are lower-case: another spelling is the same page, at its one address.
  const lower = params.slug.toLowerCase();
  if (lower !== params.slug) throw redirect(collectionPath(lower), 301);
  const found = await publishedCollection(database, params.slug, now(), lifecycleThresholds(config));
  if (!found) throw data("There is no published collection at this address.", { status: 404 });
  const { collection, items } = found;
  return {
    slug: collection.slug,
    title: collection.title,
    introHtml: introHtml(collection.intro),
    introText: introText(collection.intro),
    items: items.map((item) => ({ ...cardView(item), note: item.note })),
  };
}

/** The like buttons it shows: a like of one of these tools makes the stored page stale (app/root.tsx RouteHandle). */
export const handle = {
  likeCounts: (data: Route.ComponentProps["loaderData"]) => data.items.map((tool) => tool.id),
} satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData)
    return [{ title: `Collection Not Found — ${siteNameFrom(matches)}` }, { name: "robots", content: "noindex" }];
  const { title, introText, items, slug } = loaderData;
  const description = metaDescription(introText, `${title}: ${toolCount(items.length)} chosen by hand.`);
  const tags = seoMeta(matches, {
    title: `${title} — ${siteNameFrom(matches)}`,
    description,
    path: collectionPath(slug),
  });
  tags.push({
    "script:ld+json": collectionJsonLd({
      title,
      description,
      url: absoluteUrl(matches, collectionPath(slug)),
      tools: items.map((tool) => ({
        name: tool.name,
        url: absoluteUrl(matches, `/tool/${encodeURIComponent(tool.slug)}`),
      })),
    }),
  });
  return tags;
};

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { title, introHtml, items } = loaderData;
  return (
    <div className="space-y-6">
      <Breadcrumb
        items={[{ label: "Home", to: "/" }, { label: "Collections", to: "/collections" }, { label: title }]}
      />
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold wrap-anywhere">{title}</h1>
        <p className="mt-1 text-slate-700">{toolCount(items.length)}, in the order we suggest them</p>
        {introHtml && (
          <div
            className="mt-4 space-y-3 leading-relaxed text-slate-800 wrap-anywhere [&_a]:text-brand-700 [&_a]:underline [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
            dangerouslySetInnerHTML={{ __html: introHtml }}
          />
        )}
      </div>
      {items.length === 0 ? (
        <p className="text-slate-700">No tools in this collection at the moment.</p>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={`Tools in ${title}`}>
          {items.map((tool) => (
            <li key={tool.id} className="flex min-w-0 flex-col gap-2">
              <ToolCard tool={tool} headingLevel={2} />
              {tool.note && <p className="px-1 text-sm text-slate-800 wrap-anywhere">{tool.note}</p>}
            </li>
          ))}
        </ol>
      )}
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
      title="Collection Not Found"
      message={message}
      link={{ to: "/collections", label: "All collections" }}
    />
  );
}
