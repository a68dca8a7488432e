import { formatUsd } from "../../core/featuring.ts";
import {
  PRIORITY_REVIEW_BUSINESS_DAYS,
  PRIORITY_REVIEW_PRODUCT,
  PRIORITY_REVIEW_TEXTS,
} from "../../core/priority-review.ts";
import type { PriorityReviewState } from "../../server/payments/priority-review.ts";
import { UtcTime } from "./utc-time.tsx";

/**
 * A pending submission's priority review, on its confirmation and status pages: the offer, a
 * plain form to the checkout endpoint (which answers with a redirect to the payment page, so no
 * script is needed), or, once paid, when the review is due. Either way it says that paying never
 * buys approval.
 */
export function PriorityReviewOffer({
  toolId,
  statusToken,
  review,
}: {
  toolId: string;
  statusToken: string;
  review: PriorityReviewState;
}) {
  const price = formatUsd(review.priceCents);
  return (
    <section
      aria-labelledby="priority-review-title"
      className="mx-auto mt-6 max-w-lg rounded-xl border border-brand-100 bg-brand-50 p-5 text-left"
    >
      <h2 id="priority-review-title" className="text-lg font-semibold">
        {PRIORITY_REVIEW_TEXTS.offer}
      </h2>
      {review.dueAt === null ? (
        <>
          <p className="mt-1 text-slate-800">
            For {price}, your submission goes to the front of the review queue, and we answer it within{" "}
            {PRIORITY_REVIEW_BUSINESS_DAYS} business days.
          </p>
          <p className="mt-2 text-sm text-slate-700">{PRIORITY_REVIEW_TEXTS.noApproval}</p>
          <form method="post" action="/api/checkout-session" className="mt-4">
            <input type="hidden" name="product" value={PRIORITY_REVIEW_PRODUCT} />
            <input type="hidden" name="toolId" value={toolId} />
            <input type="hidden" name="statusToken" value={statusToken} />
            <button
              type="submit"
              className="rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
            >
              Pay {price} for priority review
            </button>
          </form>
        </>
      ) : (
        <>
          <p className="mt-1 text-slate-800" role="status">
            {PRIORITY_REVIEW_TEXTS.alreadyPaid} It will be reviewed by <UtcTime ms={review.dueAt} />.
          </p>
          <p className="mt-2 text-sm text-slate-700">{PRIORITY_REVIEW_TEXTS.noApproval}</p>
        </>
      )}
    </section>
  );
}
