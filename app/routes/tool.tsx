import { data, isRouteErrorResponse, redirect } from "react-router";
import { alternativesPath, categoryPath, LIMITS, tagPath } from "../../core/catalog.ts";
import { discontinuedLongAgo, LIFECYCLE_LABELS } from "../../core/lifecycle.ts";
import { formatAddedFull, formatAddedShort } from "../../core/dates.ts";
import { metaDescription, toolJsonLd, toolTitle } from "../../core/seo.ts";
import { REVIEW_INTENT, reviewJsonLd, reviewOrder, reviewsHref, reviewsPage } from "../../core/reviews.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { descriptionHtml, descriptionText } from "../../server/catalog/description.ts";
import { compareSuggestions } from "../../server/catalog/compare.ts";
import { findTool } from "../../server/catalog/queries.ts";
import { badgeSnippets } from "../../server/badge/render.ts";
import { TOOL_IMAGE_SIZE, toolImagePath } from "../../server/og/service.ts";
import { collectionsOfTool } from "../../server/collections/service.ts";
import { collectionPath } from "../../core/collections.ts";
import { toolReviews } from "../../server/reviews/service.ts";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { CompareForm } from "../components/compare-form.tsx";
import { FeaturedBadge } from "../components/featured-badge.tsx";
import { LifecycleBadge } from "../components/lifecycle-badge.tsx";
import { LikeButton } from "../components/like-button.tsx";
import { StatusPage } from "../components/not-found.tsx";
import { PageScript } from "../components/page-script.tsx";
import { ReportForm, type ReportReply } from "../components/report-form.tsx";
import { ReviewForm, type ReviewReply } from "../components/review-form.tsx";
import { ToolReviews } from "../components/tool-reviews.tsx";
import { CompactToolCard } from "../components/tool-card.tsx";
import { ToolLogo } from "../components/tool-logo.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { PageLink } from "../components/ui/page-link.tsx";
import { requestContextKey, servicesContextKey } from "../context.ts";
import { readForm } from "../lib/form.ts";
import { absoluteUrl, seoMeta } from "../lib/meta.ts";
import { categoryName, outboundRel } from "../lib/tools.ts";
import type { Route } from "./+types/tool.ts";
import type { RouteHandle } from "../root.tsx";
import { helpfulAction, reportAction, reviewAction } from "./tool-forms.ts";
import { lifecycleThresholds } from "../../server/catalog/lifecycle.ts";

// Tool pages are where search engines land: sent as HTML, with only the like button's own script
// (ADR 005; every public page since ADR 024).

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { database, catalog, now, config } = context.get(servicesContextKey);
  const at = now();
  const tool = await findTool(database, params.key, at, lifecycleThresholds(config));
  if (!tool) throw data("Tool not found.", { status: 404 });
  // Looked up by id, or by an old spelling: the slug URL is the one address of the page.
  if (params.key !== tool.slug) throw redirect(`/tool/${encodeURIComponent(tool.slug)}`, 301);
  const isPublic = (PUBLIC_STATUSES as readonly string[]).includes(tool.status);
  const [related, compareWith, collections, reviews] = await Promise.all([
    catalog.related(at, tool, LIMITS.relatedShown),
    compareSuggestions(catalog, at, tool.id),
    // The published collections it is in (docs/decisions/053); a tool no one sees is in none.
    isPublic ? collectionsOfTool(database, tool.id) : [],
    // Only public tools take and show reviews (docs/decisions/051).
    isPublic
      ? toolReviews(
          database,
          tool.id,
          reviewsPage(new URL(request.url).searchParams.get("reviews")),
          reviewOrder(new URL(request.url).searchParams.get("sort")),
        )
      : null,
  ]);
  const { description, ...rest } = tool;
  return {
    tool: {
      ...rest,
      descriptionHtml: descriptionHtml(description),
      descriptionText: descriptionText(description),
      isPublic,
    },
    // The link preview's image (docs/decisions/026): a pending tool has none yet, its logo stands in.
    shareImage: isPublic ? { url: toolImagePath(tool, config.siteName), ...TOOL_IMAGE_SIZE } : null,
    // What its owner may put on their own site (docs/decisions/032).
    badge: isPublic ? badgeSnippets({ siteUrl: config.siteUrl, siteName: config.siteName, slug: tool.slug }) : null,
    related,
    compareWith,
    collections,
    reviews,
    reviewOrder: reviewOrder(new URL(request.url).searchParams.get("sort")),
    // Dates of another year than this one say which.
    now: at,
    // Discontinued long enough ago: still reachable, but no longer offered to search engines.
    noindex: discontinuedLongAgo(
      { manual: tool.manualLifecycle, lifecycleSetAt: tool.lifecycleSetAt },
      config.lifecycle.noindexDays,
      at,
    ),
  };
}

// A report's answer is this visitor's own (what they typed, whether it was taken): never kept by
// any cache. Its Retry-After on 429 reaches the document only through here.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) headers.set(name, value);
  return headers;
};

const PRIVATE = { "Cache-Control": "private, no-store" };

/** A tool page's forms (tool-forms.ts): a review, a "helpful" vote, or else a report. */
export async function action({ request, params, context }: Route.ActionArgs) {
  // The page takes form posts and no other change (a DELETE or PUT is not a report).
  if (request.method !== "POST")
    throw data("A tool page can only be read, or sent a report.", {
      status: 405,
      headers: { ...PRIVATE, Allow: "GET, HEAD, POST" },
    });
  const services = context.get(servicesContextKey);
  const { addressKey } = context.get(requestContextKey);
  const formData = await readForm(request);
  const visitor = { cookieHeader: request.headers.get("cookie") ?? undefined, addressKey };
  const intent = formData.get("intent");
  if (intent === REVIEW_INTENT) return reviewAction(formData, params.key, services, addressKey);
  if (intent === "helpful") return helpfulAction(formData, params.key, services, visitor);
  return reportAction(formData, params.key, services, visitor);
}

/** The like buttons it shows: a like of one of these tools makes the stored page stale (app/root.tsx RouteHandle). */
export const handle = {
  likeCounts: (data: Route.ComponentProps["loaderData"]) => [data.tool.id],
} satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) {
    // A post refused before the page was read (a report that is not a form) is no missing tool.
    const refused = isRouteErrorResponse(error) && error.status !== 404;
    return [{ title: refused ? "Not accepted" : "Tool Not Found" }, { name: "robots", content: "noindex" }];
  }
  const { tool, shareImage, noindex } = loaderData;
  const path = `/tool/${encodeURIComponent(tool.slug)}`;
  const title = toolTitle(tool.name, tool.tagline);
  const tags = seoMeta(matches, {
    title,
    description: metaDescription(tool.descriptionText, tool.tagline),
    path,
    image: shareImage ? { ...shareImage, alt: title } : tool.logoUrl,
    type: "article",
    noindex: !tool.isPublic || noindex,
  });
  // The same page as Markdown, for assistants (app/routes/tool-markdown.ts): public tools only.
  if (tool.isPublic) tags.push({ tagName: "link", rel: "alternate", type: "text/markdown", href: `${path}.md` });
  const reviewed = loaderData.reviews && reviewJsonLd(loaderData.reviews.summary, loaderData.reviews.reviews);
  tags.push({
    "script:ld+json": {
      ...toolJsonLd({
        name: tool.name,
        tagline: tool.tagline,
        descriptionText: tool.descriptionText,
        url: absoluteUrl(matches, path),
        websiteUrl: tool.websiteUrl,
        logoUrl: tool.logoUrl ? absoluteUrl(matches, tool.logoUrl) : null,
        categories: tool.categories,
        platforms: tool.platforms,
        pricingModel: tool.pricingModel,
        createdAt: tool.createdAt,
        upvotesCount: tool.upvotesCount,
      }),
      // Ratings only when there are published reviews: an empty rating misstates the tool.
      ...reviewed,
    },
  });
  return tags;
};

export default function ToolPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, related, badge, now, compareWith, collections, reviews, reviewOrder: order } = loaderData;
  const reviewReply = isReviewReply(actionData) ? actionData : undefined;
  const reportReply = isReviewReply(actionData) ? undefined : (actionData as ReportReply | undefined);
  const featured = tool.featured;
  const category = tool.categories[0];
  return (
    <div className="space-y-8">
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: "Browse", to: "/browse/all" },
          ...(category ? [{ label: categoryName(category), to: categoryPath(category) }] : []),
          { label: tool.name },
        ]}
      />

      {!tool.isPublic && (
        <Alert tone="warning">
          <strong>Pending review.</strong> This tool was submitted and is waiting for review; it is not listed yet.
        </Alert>
      )}

      {tool.isPublic && tool.lifecycle !== "active" && <LifecycleNotice tool={tool} />}

      <header className="flex flex-col gap-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size={80} />
          <div className="min-w-0">
            <h1 className="text-3xl font-bold wrap-anywhere">{tool.name}</h1>
            <p className="mt-1 text-lg text-slate-700 wrap-anywhere">{tool.tagline}</p>
            <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-700">
              {featured && <FeaturedBadge priceCents={featured.priceCents} />}
              <LifecycleBadge state={tool.lifecycle} />
              <span>
                Added{" "}
                <time dateTime={new Date(tool.createdAt).toISOString()}>{formatAddedShort(tool.createdAt, now)}</time>
              </span>
            </p>
            <div className="mt-3">
              {tool.isPublic ? (
                <LikeButton toolId={tool.id} count={tool.upvotesCount} size="large" />
              ) : (
                // A tool under review cannot be liked yet; its count is shown as it is.
                <span>♥ {tool.upvotesCount.toLocaleString("en-US")}</span>
              )}
            </div>
          </div>
        </div>
        <a
          // A public tool's way out is counted (/go); a tool under review has no public address yet.
          href={tool.isPublic ? `/go/${encodeURIComponent(tool.slug)}` : tool.websiteUrl}
          target="_blank"
          rel={outboundRel(tool)}
          className="inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800"
        >
          Visit Website<span className="sr-only"> (opens in a new tab)</span>
          <span aria-hidden="true" className="ml-2">
            ↗
          </span>
        </a>
      </header>

      {/* Phones: what the tool is first (preview, description), then its facts, then related tools. From lg: facts | main | related. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[16rem_minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-8 wrap-anywhere lg:col-start-2 lg:row-start-1">
          {tool.screenshotUrl && (
            <Section title="Preview">
              <img
                src={tool.screenshotUrl}
                alt={`Screenshot of ${tool.name}`}
                width={1280}
                height={800}
                className="h-auto w-full rounded-lg border border-slate-200"
              />
            </Section>
          )}
          {tool.descriptionHtml && (
            <Section title="About">
              <div
                className="space-y-3 leading-relaxed text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
                dangerouslySetInnerHTML={{ __html: tool.descriptionHtml }}
              />
            </Section>
          )}
          <ListSection title="Features" items={tool.features} />
          <ListSection title="Use Cases" items={tool.useCases} />
          <ListSection title="Target Audience" items={tool.targetAudience} />
          {tool.integrations.length > 0 && (
            <Section title="Integrations">
              <ul className="grid grid-cols-2 gap-x-6 gap-y-1 text-slate-800">
                {tool.integrations.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </Section>
          )}
          {tool.pricingDetails && (
            <Section title="Pricing Details">
              <p className="text-slate-800">{tool.pricingDetails}</p>
            </Section>
          )}
          {reviews && (
            <ToolReviews
              slug={tool.slug}
              toolName={tool.name}
              summary={reviews.summary}
              reviews={reviews.reviews}
              page={reviews.page}
              totalPages={reviews.totalPages}
              order={order}
              hrefFor={(o, n) => reviewsHref(tool.slug, o, n)}
              form={<ReviewForm slug={tool.slug} toolName={tool.name} reply={reviewReply} />}
            />
          )}
        </div>

        <aside className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1" aria-label="Tool facts">
          <InfoBox title="Quick Info">
            <dl className="space-y-2 text-sm">
              {tool.categories.length > 0 && (
                <Fact label="Categories">
                  {tool.categories.slice(0, LIMITS.categoriesShown).map((slug, i) => (
                    <span key={slug}>
                      {i > 0 && ", "}
                      <PageLink to={categoryPath(slug)} className="text-brand-700 underline">
                        {categoryName(slug)}
                      </PageLink>
                    </span>
                  ))}
                </Fact>
              )}
              {tool.pricingModel && <Fact label="Pricing">{tool.pricingModel}</Fact>}
              {tool.platforms.length > 0 && (
                <Fact label="Platforms">{tool.platforms.slice(0, LIMITS.platformsShown).join(", ")}</Fact>
              )}
            </dl>
          </InfoBox>
          {tool.tags.length > 0 && (
            <InfoBox title="Tags">
              <ul className="flex flex-wrap gap-2">
                {tool.tags.slice(0, LIMITS.tagsShown).map((tag) => {
                  const to = tagPath(tag);
                  return (
                    <li key={tag} className="min-w-0 wrap-anywhere">
                      {to ? (
                        <PageLink to={to} className="tag-chip">
                          {tag}
                        </PageLink>
                      ) : (
                        <span className="tag-chip">{tag}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </InfoBox>
          )}
          <InfoBox title="Tool Info">
            <dl className="space-y-2 text-sm">
              <Fact label="Status">{tool.isPublic ? "Verified" : "Pending"}</Fact>
              {featured && <Fact label="Placement">Featured Tool</Fact>}
              <Fact label="Added">{formatAddedFull(tool.createdAt)}</Fact>
              {tool.lifecycle !== "active" && <Fact label="Lifecycle">{LIFECYCLE_LABELS[tool.lifecycle]}</Fact>}
              {tool.linkCheck && (
                <Fact label="Last checked">
                  {formatAddedFull(tool.linkCheck.checkedAt)}
                  {!tool.linkCheck.ok && " — not reachable"}
                </Fact>
              )}
              {tool.lastUpdatedAt !== null && <Fact label="Last updated">{formatAddedFull(tool.lastUpdatedAt)}</Fact>}
            </dl>
          </InfoBox>
          {badge && <OwnerBox slug={tool.slug} name={tool.name} badge={badge} />}
          {tool.isPublic && <ReportForm slug={tool.slug} toolName={tool.name} reply={reportReply} />}
        </aside>

        <aside className="min-w-0 lg:col-start-3 lg:row-start-1" aria-labelledby="related-title">
          <h2 id="related-title" className="text-lg font-semibold">
            Related Tools
          </h2>
          {related.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">No related tools yet.</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {related.map((r) => (
                <li key={r.id}>
                  <CompactToolCard tool={r} />
                </li>
              ))}
            </ul>
          )}
          {tool.isPublic && (
            <div className="mt-4 space-y-3 text-sm">
              <p>
                <PageLink
                  to={`/alternatives/${encodeURIComponent(tool.slug)}`}
                  className="font-medium text-brand-700 underline wrap-anywhere"
                >
                  Alternatives to {tool.name}
                </PageLink>
              </p>
              <CompareForm chosen={[tool.slug]} label={`Compare ${tool.name} with…`} suggestions={compareWith} />
            </div>
          )}
          {collections.length > 0 && (
            <section aria-labelledby="collections-title" className="mt-6">
              <h2 id="collections-title" className="text-lg font-semibold">
                In collections
              </h2>
              <ul className="mt-2 space-y-1 text-sm">
                {collections.map((c) => (
                  <li key={c.slug}>
                    <PageLink
                      to={collectionPath(c.slug)}
                      className="font-medium text-brand-700 underline wrap-anywhere"
                    >
                      {c.title}
                    </PageLink>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>
      <PageScript name="likes" />
    </div>
  );
}

function isReviewReply(reply: unknown): reply is ReviewReply {
  return typeof reply === "object" && reply !== null && (reply as { which?: unknown }).which === "review";
}

// The title and noindex come from meta (a document has one title).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage
        headTags={false}
        title="Tool Not Found"
        message="The tool you are looking for does not exist or is no longer available."
        link={{ to: "/browse/all", label: "Browse All Tools" }}
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string") {
    return (
      <StatusPage
        headTags={false}
        title="Not accepted"
        message={error.data}
        link={{ to: "/browse/all", label: "Browse All Tools" }}
      />
    );
  }
  return (
    <StatusPage
      headTags={false}
      title="Something went wrong"
      message="Failed to load tool details. Please try again."
      link={{ to: "/", label: "Go to Homepage" }}
    />
  );
}

/** For the tool's owner: claiming the listing, and the badge for their own site with its snippets. */
function OwnerBox({
  slug,
  name,
  badge,
}: {
  slug: string;
  name: string;
  badge: { html: string; markdown: string; imageUrl: string };
}) {
  return (
    <InfoBox title="For the owner">
      <p className="text-sm text-slate-800">
        Is this your tool?{" "}
        <PageLink to={`/claim/${encodeURIComponent(slug)}`} className="font-medium text-brand-700 underline">
          Claim it<span className="sr-only"> ({name})</span>
        </PageLink>
      </p>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
          Add a badge to your site
        </summary>
        <div className="mt-3 space-y-3">
          {/* From this site itself (its own address, which the page's CSP allows), whatever SITE_URL says. */}
          <img
            src={`/badge/${encodeURIComponent(slug)}.svg`}
            alt=""
            height={28}
            loading="lazy"
            className="h-7 w-auto"
          />
          <Snippet id="badge-html" label="HTML" text={badge.html} />
          <Snippet id="badge-markdown" label="Markdown" text={badge.markdown} />
          <p className="text-xs text-slate-700">
            For a dark page, add <code>?theme=dark</code> to the image address. The badge shows your like count, and
            says &ldquo;Featured&rdquo; while the tool is featured.
          </p>
        </div>
      </details>
    </InfoBox>
  );
}

function Snippet({ id, label, text }: { id: string; label: string; text: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        rows={3}
        value={text}
        className="mt-1 w-full resize-none rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      />
    </div>
  );
}

function InfoBox({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-700">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function ListSection({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Section title={title}>
      <ul className="list-disc space-y-1 pl-5 text-slate-800">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Section>
  );
}

/** What a visitor should know before choosing a tool that may no longer be alive, and where to go instead. */
function LifecycleNotice({ tool }: { tool: Route.ComponentProps["loaderData"]["tool"] }) {
  const alternatives = (
    <PageLink to={alternativesPath(tool.slug)} className="underline">
      alternatives to {tool.name}
    </PageLink>
  );
  const successor = tool.successor && (
    <PageLink to={`/tool/${encodeURIComponent(tool.successor.slug)}`} className="underline">
      {tool.successor.name}
    </PageLink>
  );
  const says = {
    discontinued: <strong>{tool.name} is discontinued.</strong>,
    acquired: <strong>{tool.name} was acquired.</strong>,
    unreachable: <strong>{tool.name}’s website could not be reached in the last checks.</strong>,
    stale: <strong>{tool.name} has not shown any change for a long time.</strong>,
  }[tool.lifecycle as Exclude<typeof tool.lifecycle, "active">];
  return (
    <Alert tone="warning">
      {says} {successor && <>Its successor is {successor}. </>}
      See the {alternatives}.
    </Alert>
  );
}
