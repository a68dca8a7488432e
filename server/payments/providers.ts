import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { FEATURED_DAYS, TEST_PROVIDER } from "../../core/featuring.ts";
import type { Config } from "../platform/config.ts";
import { CodedError } from "../platform/errors.ts";
import { loadStripe } from "../platform/lazy-imports.ts";

/** Where Stripe's hosted checkout pages live (the site's CSP lets forms end there). */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/** What a checkout session is for. */
export interface CheckoutOrder {
  orderId: string;
  toolId: string;
  toolName: string;
  amountCents: number;
  /** The line item the buyer pays for, as their receipt names it (lineItemName, priorityReviewItem). */
  item: string;
}

/** A session's state at the provider, re-read whenever it matters (events may come in any order). */
export interface ProviderSession {
  id: string;
  orderId: string | null;
  paid: boolean;
  /** The payment a refund will name (Stripe's payment intent). */
  paymentId: string | null;
  /** The address the buyer gave at checkout, for the confirmation mail; null when none. */
  email: string | null;
}

/** Why the provider could not do what was asked; the message is fit for the buyer. */
export class PaymentProviderError extends CodedError<"provider-failed"> {
  constructor(message: string, options?: ErrorOptions) {
    super("provider-failed", message, options);
  }
}

export interface PaymentProvider {
  name: "stripe" | typeof TEST_PROVIDER;
  /** A hosted checkout for the order: its id and where to send the buyer. */
  createSession(
    order: CheckoutOrder,
    urls: { success: string; cancel: string },
  ): Promise<{ sessionId: string; url: string }>;
  /** The session as the provider knows it now; null when it has no such session. */
  getSession(sessionId: string): Promise<ProviderSession | null>;
  /**
   * Gives a payment back in full (an admin rejected the tool it paid for); `key` makes a retry
   * the same refund. The test provider took no money, so it has none to give back.
   */
  refund(payment: { orderId: string; paymentId: string | null }): Promise<void>;
  /** Stripe's client, for webhook signatures (loaded on first use); null for the test provider. */
  stripe: (() => Promise<Stripe>) | null;
}

/** The line item's name: the tool and what is bought (for a tool waiting for review, a year from its approval). */
export function lineItemName(toolName: string, fromApproval = false): string {
  return `${toolName} — featured for 1 year (${FEATURED_DAYS} days)${fromApproval ? " from its approval" : ""}`;
}

/**
 * Stripe Checkout, through the official SDK (docs/design.md#rule-2). The SDK is loaded by the
 * first call that needs it (server/platform/lazy-imports.ts), outside the calls' error handling: an SDK
 * that cannot load fails the call with its own error, not as a payment the provider refused.
 */
export function stripeProvider(config: Extract<Config["payments"], { mode: "stripe" }>): PaymentProvider {
  let client: Stripe | null = null;
  async function sdk(): Promise<{ StripeSdk: typeof Stripe; stripe: Stripe }> {
    const StripeSdk = await loadStripe();
    client ??= new StripeSdk(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(config.apiBase ?? {}),
    });
    return { StripeSdk, stripe: client };
  }
  return {
    name: "stripe",
    stripe: async () => (await sdk()).stripe,
    async createSession(order, urls) {
      const { StripeSdk, stripe } = await sdk();
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: "usd",
                  unit_amount: order.amountCents,
                  product_data: { name: order.item },
                },
              },
            ],
            client_reference_id: order.orderId,
            metadata: { orderId: order.orderId, toolId: order.toolId },
            payment_intent_data: { metadata: { orderId: order.orderId, toolId: order.toolId } },
            success_url: urls.success,
            cancel_url: urls.cancel,
          },
          // The same order never makes two sessions, whatever retries happen on the way.
          { idempotencyKey: `checkout-${order.orderId}` },
        );
        if (!session.url) throw new PaymentProviderError("The payment provider did not return a checkout page.");
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError(stripeMessage(StripeSdk, error));
      }
    },
    async getSession(sessionId) {
      const { StripeSdk, stripe } = await sdk();
      try {
        // With its charge: a session stays "paid" after its payment was refunded in full, which
        // may happen before the paid event is handled; such a payment features nothing.
        const session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ["payment_intent.latest_charge"],
        });
        const intent = typeof session.payment_intent === "string" ? null : session.payment_intent;
        const charge = intent && typeof intent.latest_charge !== "string" ? intent.latest_charge : null;
        const refunded = charge !== null && (charge.refunded || charge.amount_refunded >= charge.amount);
        return {
          id: session.id,
          orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
          paid: (session.payment_status === "paid" || session.payment_status === "no_payment_required") && !refunded,
          paymentId:
            typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
          email: session.customer_details?.email ?? null,
        };
      } catch (error) {
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw new PaymentProviderError(stripeMessage(StripeSdk, error));
      }
    },
    async refund({ orderId, paymentId }) {
      if (!paymentId)
        throw new PaymentProviderError(
          "This payment has no payment reference at the provider, so it cannot be refunded from here.",
        );
      const { StripeSdk, stripe } = await sdk();
      try {
        await stripe.refunds.create(
          { payment_intent: paymentId, metadata: { orderId } },
          { idempotencyKey: `refund-${orderId}` },
        );
      } catch (error) {
        // Refunded already (by hand in the dashboard, say): what was asked for is done.
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError && error.code === "charge_already_refunded")
          return;
        throw new PaymentProviderError(stripeMessage(StripeSdk, error));
      }
    },
  };
}

function stripeMessage(StripeSdk: typeof Stripe, error: unknown): string {
  // Card and request errors carry text meant for people; anything else stays in the log.
  if (error instanceof StripeSdk.errors.StripeInvalidRequestError || error instanceof StripeSdk.errors.StripeCardError)
    return error.message;
  return "The payment provider could not be reached. Please try again in a few minutes.";
}

/**
 * The built-in test checkout (no account, no charge): sessions are our own orders, paid on the
 * app's own page `/test-checkout/{sessionId}`. Never used when Stripe is configured.
 */
export function testProvider(
  readOrder: (sessionId: string) => Promise<{ id: string; status: string } | null>,
): PaymentProvider {
  return {
    name: TEST_PROVIDER,
    stripe: null,
    async createSession(_order, urls) {
      const sessionId = `test_${randomBytes(18).toString("base64url")}`;
      // A submitter's status token goes on to the success page, as Stripe's success address carries it.
      const status = new URL(urls.success).searchParams.get("status");
      return { sessionId, url: `/test-checkout/${sessionId}${status ? `?status=${encodeURIComponent(status)}` : ""}` };
    },
    async refund() {},
    async getSession(sessionId) {
      const order = await readOrder(sessionId);
      if (!order) return null;
      return {
        id: sessionId,
        orderId: order.id,
        paid: order.status === "paid" || order.status === "refunded",
        paymentId: null,
        email: null,
      };
    },
  };
}
