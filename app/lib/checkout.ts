// Starting a checkout from the browser: what the feature dialog (a React island) and the submit
// page's paid path (an enhancer) share (docs/decisions/024: one module, two thin bindings).
import { CHECKOUT_MESSAGES, checkoutOutcome, type CheckoutOutcome } from "../../core/featuring.ts";

/**
 * Asks the server for a checkout session for `toolId` at `amount` whole dollars and says where to
 * send the browser, or what to tell the visitor. A submitter's `statusToken` comes back on the
 * success page, which repeats their private status link.
 */
export async function startCheckout(toolId: string, amount: number, statusToken?: string): Promise<CheckoutOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/checkout-session", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ toolId, amount, statusToken }),
    });
  } catch {
    return { kind: "error", message: CHECKOUT_MESSAGES.failed };
  }
  const body: unknown = await response.json().catch(() => null);
  return checkoutOutcome(response.ok, body, window.location.href);
}

/** What the submit page says about going on to checkout, by stage. */
export const CONTINUE_TEXT = {
  ready: "Continue to the payment provider’s secure page to pay.",
  busy: "Opening checkout…",
} as const;
