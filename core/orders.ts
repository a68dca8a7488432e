// The states of a featuring order as the admin sees them: both the orders query (server) and the
// orders page (browser) need them.

/** A checkout still `created` this long after it began is shown as abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The states the admin sees: the stored ones, with `created` split in two — still open, or
 * abandoned (the buyer never came back, and no expiry event said so) — and `refunded` too: given
 * back, or kept as credit for the submitter of a rejected tool.
 */
export const ORDER_DISPLAY_STATUSES = [
  "created",
  "abandoned",
  "paid",
  "refunded",
  "credit",
  "expired",
  "failed",
] as const;
export type OrderDisplayStatus = (typeof ORDER_DISPLAY_STATUSES)[number];

export function isOrderDisplayStatus(value: string | null | undefined): value is OrderDisplayStatus {
  return (ORDER_DISPLAY_STATUSES as readonly string[]).includes(value ?? "");
}

/** What the admin sees of an order's state at `now`; a rejected tool's payment kept for its submitter is "credit". */
export function orderDisplayStatus(
  status: string,
  createdAt: number,
  now: number,
  settledAs: string | null = null,
): OrderDisplayStatus | string {
  if (status === "created" && createdAt <= now - ABANDONED_AFTER_MS) return "abandoned";
  if (status === "refunded" && settledAs === "credit") return "credit";
  return status;
}
