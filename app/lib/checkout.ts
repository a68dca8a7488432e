// Starting a checkout from the browser: what the feature dialog (a React island) and the submit
// page's paid path (an enhancer) share (docs/decisions/024: one module, two thin bindings).
import { CHECKOUT_MESSAGES, checkoutOutcome, type CheckoutOutcome } from "../../core/featuring.ts";

/**
 * Asks the server for a checkout session for `toolId` at `amount` whole dollars and says where to
 * send the browser, or what to tell the visitor.
 */
export async function startCheckout(toolId: string, amount: number): Promise<CheckoutOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/checkout-session", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ toolId, amount }),
    });
  } catch {
    return { kind: "error", message: CHECKOUT_MESSAGES.failed };
  }
  const body: unknown = await response.json().catch(() => null);
  return checkoutOutcome(response.ok, body, window.location.href);
}

/** How long the submit page waits before it goes on to checkout by itself (docs/design.md#constants). */
export const CHECKOUT_DELAY_MS = 2000;

/** What the submit page says about going on to checkout, by stage. */
export const CONTINUE_TEXT = {
  waiting: "Continuing to checkout in 2 seconds…",
  busy: "Opening checkout…",
  stopped: "Continue to the payment provider’s secure page to pay.",
} as const;

const startedKey = (toolId: string) => `toolshelf:checkout-started:${toolId}`;

/** Whether this tab already went on to checkout for the tool (then coming back must not go again by itself). */
export function checkoutStarted(toolId: string): boolean {
  try {
    return window.sessionStorage.getItem(startedKey(toolId)) === "1";
  } catch {
    return false;
  }
}

export function markCheckoutStarted(toolId: string): void {
  try {
    window.sessionStorage.setItem(startedKey(toolId), "1");
  } catch {
    // Storage unavailable (private mode): coming back may count down once more, which is harmless.
  }
}
