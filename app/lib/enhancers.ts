/**
 * The scripts a page that does not hydrate may inline (docs/decisions/024): each is
 * app/enhancers/<name>.ts, bundled on its own by the build (vite.config.ts) and rendered by
 * PageScript where the page needs it.
 */
export const ENHANCERS = [
  /** Like buttons work in place (tool pages and every list of cards). */
  "likes",
  /** A list's filters and sort go to their address when changed (browse, search). */
  "filter-form",
  /** The header's search box suggests tools and categories as one types (every page). */
  "search-suggest",
  /** Get Featured opens the feature dialog, loaded on first use (home). */
  "feature-dialog",
  /** The submit form's feature amount: shown when chosen, with its slider and priority. */
  "feature-amount",
  /** After a submission to feature: on to checkout after 2 seconds. */
  "checkout-continue",
  /** A form's submit button says it is busy, and a second submit is ignored. */
  "busy-forms",
  /** The payment success page waits for the payment to be confirmed. */
  "payment-status",
  /** A form's error summary: focused when shown, filled in by the browser's own checks before a post. */
  "form-checks",
  /** A logo input checks the file's size and type before the upload and shows it on its plate. */
  "logo-input",
  /** "Fill from website" fills a tool form's fields in place. */
  "website-fill",
] as const;

export type EnhancerName = (typeof ENHANCERS)[number];
