// Priority review: a submitter pays a fixed price to have their submission reviewed within a few
// business days. It buys a quicker answer, never approval; a rejected one is refunded in full.

import { DAY_MS } from "./dates.ts";

/** The `product` a checkout request names when it buys a priority review rather than featuring. */
export const PRIORITY_REVIEW_PRODUCT = "priority-review";

/** How many business days a paid review may take. */
export const PRIORITY_REVIEW_BUSINESS_DAYS = 2;

/** What an order buys: a year of featuring, or a priority review of a pending submission. */
export const ORDER_KINDS = ["featuring", "priority-review"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** Saturday and Sunday, by the UTC calendar (the deadline is the same for every reader). */
function isWeekend(at: number): boolean {
  const day = new Date(at).getUTCDay();
  return day === 0 || day === 6;
}

/**
 * When a priority review paid at `paidAt` is due: that many business days later, weekends not
 * counted. Paid on a weekend, the count starts on Monday at 00:00 UTC; paid on Friday at 15:00,
 * it is due on Tuesday at 15:00.
 */
export function reviewDueAt(paidAt: number, businessDays = PRIORITY_REVIEW_BUSINESS_DAYS): number {
  let at = paidAt;
  while (isWeekend(at)) at = Math.floor(at / DAY_MS) * DAY_MS + DAY_MS;
  for (let left = businessDays; left > 0;) {
    at += DAY_MS;
    if (!isWeekend(at)) left -= 1;
  }
  return at;
}

/** Whether a paid review still waiting at `now` is past its deadline. */
export function isReviewOverdue(dueAt: number, now: number): boolean {
  return now > dueAt;
}

/** The texts a submitter reads wherever priority review is offered or bought. */
export const PRIORITY_REVIEW_TEXTS = {
  offer: `Get reviewed within ${PRIORITY_REVIEW_BUSINESS_DAYS} business days`,
  /** Said on the offer, the checkout, the success page and the receipt. */
  noApproval:
    "Paying buys a faster review, not approval: the submission is judged by the same rules as every other. If it is not accepted, the payment is refunded in full.",
  alreadyPaid: "Priority review is paid for this submission.",
} as const;

/** The line item and receipt name of a priority review. */
export function priorityReviewItem(toolName: string): string {
  return `${toolName} — priority review within ${PRIORITY_REVIEW_BUSINESS_DAYS} business days (approval not guaranteed)`;
}
