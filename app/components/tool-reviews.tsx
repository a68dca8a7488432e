import type { ReactNode } from "react";
import { formatAddedFull } from "../../core/dates.ts";
import { ratingSentence, reviewerName, type RatingSummary } from "../../core/reviews.ts";
import { PageLink } from "./ui/page-link.tsx";

/** A published review as the tool page gets it (server/reviews/service.ts, PublishedReview). */
export interface ShownReview {
  id: string;
  rating: number;
  text: string;
  pros: string;
  cons: string;
  name: string;
  publishedAt: number;
  reply: { text: string; publishedAt: number } | null;
  helpful: number;
}

type Order = "newest" | "helpful";

/** Stars as a picture for the eye; the words beside them are what assistive technology reads. */
function Stars({ rating }: { rating: number }) {
  const whole = Math.round(rating);
  return (
    <span aria-hidden="true" className="tracking-tight text-amber-800">
      {"★".repeat(whole)}
      <span className="text-slate-500">{"★".repeat(5 - whole)}</span>
    </span>
  );
}

/**
 * The reviews of a tool page: the average, the count and the distribution (bars drawn for the eye,
 * each with its numbers in text), then the published reviews newest first, a page at a time by
 * plain links (`?reviews=N`). Reviews are plain text: React escapes them and nothing turns into a
 * link. Each has a "Helpful" button, a plain form too; the reviews may be read the most found
 * helpful first. `form` is the "write a review" form, shown after them.
 */
export function ToolReviews({
  slug,
  toolName,
  summary,
  reviews,
  page,
  totalPages,
  order,
  hrefFor: pageHref,
  form,
}: {
  slug: string;
  toolName: string;
  summary: RatingSummary;
  reviews: ShownReview[];
  page: number;
  totalPages: number;
  order: Order;
  hrefFor: (order: Order, page: number) => string;
  form: ReactNode;
}) {
  const hrefFor = (n: number) => `${pageHref(order, n)}#reviews`;
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="space-y-4">
      <h2 id="reviews-title" className="text-xl font-semibold">
        Reviews
      </h2>
      {summary.average === null ? (
        <p className="text-slate-700">No reviews of {toolName} yet. Be the first to write one.</p>
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-8">
          <p className="shrink-0">
            <span className="block text-4xl font-bold">{summary.average.toFixed(1)}</span>
            <Stars rating={summary.average} />
            <span className="block text-sm text-slate-700">{ratingSentence(summary.average, summary.count)}</span>
          </p>
          <ul className="w-full max-w-sm space-y-1 text-sm" aria-label="Ratings by stars">
            {summary.distribution.map((row) => (
              <li key={row.stars} className="flex items-center gap-2">
                <span className="w-14 shrink-0">
                  {row.stars} {row.stars === 1 ? "star" : "stars"}
                </span>
                <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded bg-slate-200">
                  <span className="block h-full bg-amber-600" style={{ width: `${row.percent}%` }} />
                </span>
                <span className="w-24 shrink-0 text-right text-slate-700">
                  {row.count.toLocaleString("en-US")} ({row.percent}%)
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {summary.count > 1 && (
        <nav aria-label="Order of reviews" className="flex gap-4 text-sm">
          {(
            [
              ["newest", "Newest first"],
              ["helpful", "Most helpful first"],
            ] as const
          ).map(([value, label]) =>
            value === order ? (
              <span key={value} aria-current="page" className="font-semibold">
                {label}
              </span>
            ) : (
              <PageLink
                key={value}
                to={`${pageHref(value, 1)}#reviews`}
                className="font-medium text-brand-700 underline"
              >
                {label}
              </PageLink>
            ),
          )}
        </nav>
      )}
      {reviews.length > 0 && (
        <ol className="space-y-4">
          {reviews.map((review) => (
            <li key={review.id}>
              <article aria-labelledby={`review-${review.id}`} className="rounded-xl border border-slate-200 p-4">
                <h3 id={`review-${review.id}`} className="text-base font-semibold wrap-anywhere">
                  <Stars rating={review.rating} /> <span className="sr-only">Rated </span>
                  {review.rating} out of 5 <span className="font-normal text-slate-700">by</span>{" "}
                  {reviewerName(review.name)}
                </h3>
                <p className="text-sm text-slate-700">
                  <time dateTime={new Date(review.publishedAt).toISOString()}>
                    {formatAddedFull(review.publishedAt)}
                  </time>
                </p>
                <p className="mt-2 whitespace-pre-line wrap-anywhere text-slate-800">{review.text}</p>
                {(review.pros || review.cons) && (
                  <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
                    {review.pros && (
                      <div>
                        <dt className="font-medium text-slate-900">Pros</dt>
                        <dd className="whitespace-pre-line wrap-anywhere text-slate-800">{review.pros}</dd>
                      </div>
                    )}
                    {review.cons && (
                      <div>
                        <dt className="font-medium text-slate-900">Cons</dt>
                        <dd className="whitespace-pre-line wrap-anywhere text-slate-800">{review.cons}</dd>
                      </div>
                    )}
                  </dl>
                )}
                <form method="post" action={`/tool/${encodeURIComponent(slug)}`} className="mt-3">
                  <input type="hidden" name="intent" value="helpful" />
                  <input type="hidden" name="review" value={review.id} />
                  <input type="hidden" name="sort" value={order} />
                  <input type="hidden" name="reviews" value={page} />
                  <button
                    type="submit"
                    className="rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-800 hover:bg-slate-100"
                  >
                    Helpful<span className="sr-only"> (the review by {reviewerName(review.name)})</span> ·{" "}
                    {review.helpful.toLocaleString("en-US")}
                  </button>
                </form>
                {review.reply && (
                  <div className="mt-3 border-l-4 border-brand-700 bg-slate-50 p-3 text-sm">
                    <p className="font-medium text-slate-900">Reply from the owner of {toolName}</p>
                    <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">{review.reply.text}</p>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
      {totalPages > 1 && (
        <nav aria-label="Review pages" className="flex flex-wrap items-center gap-3 text-sm">
          {page > 1 && (
            <PageLink to={hrefFor(page - 1)} rel="prev" className="font-medium text-brand-700 underline">
              Newer reviews
            </PageLink>
          )}
          <span>
            Page {page} of {totalPages}
          </span>
          {page < totalPages && (
            <PageLink to={hrefFor(page + 1)} rel="next" className="font-medium text-brand-700 underline">
              Older reviews
            </PageLink>
          )}
        </nav>
      )}
      {form}
    </section>
  );
}
