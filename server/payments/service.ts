import type Stripe from "stripe";
import { usdToCents } from "../../core/featuring.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/index.ts";
import type { Logger } from "../logger.ts";
import type { AppServices } from "../services.ts";
import { attachSession, createOrder, expireOrder, findOrder, fulfilOrder, recordEvent, refundOrder } from "./orders.ts";
import { PaymentProviderError, stripeProvider, testProvider, type PaymentProvider } from "./providers.ts";

/** What the success page knows about a checkout session. */
export interface CheckoutStatus {
  /** paid: fulfilled (the tool is featured, or will be once approved); pending: not paid (yet); unknown: no such session. */
  status: "paid" | "pending" | "unknown";
  toolName: string | null;
  toolSlug: string | null;
}

/** A checkout that cannot start: the tool is unknown (400) or the provider failed (503). */
export class CheckoutError extends Error {
  readonly code: "invalid-argument" | "unavailable";
  constructor(code: "invalid-argument" | "unavailable", message: string) {
    super(message);
    this.name = "CheckoutError";
    this.code = code;
  }
}

/** A webhook whose signature does not check out (or is too old): answered 400, nothing done. */
export class WebhookSignatureError extends Error {}

export interface PaymentService {
  provider: PaymentProvider["name"];
  /** createCheckoutSession (spec §7): an order for the tool and amount, and the provider's hosted checkout. */
  startCheckout(input: { toolId: string; amountUsd: number }): Promise<{ sessionId: string; url: string }>;
  /** The state of a session, asking the provider (and fulfilling) when our order is not paid yet. */
  status(sessionId: string): Promise<CheckoutStatus>;
  /** The test checkout's two buttons; null when there is no such test session. */
  payTest(sessionId: string): Promise<{ toolId: string | null } | null>;
  cancelTest(sessionId: string): Promise<{ toolId: string | null } | null>;
  /** A Stripe webhook: verified, recorded once, acted on inside one transaction. */
  handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
}

export interface PaymentDeps {
  config: Config;
  database: Database;
  freshness: CatalogFreshness;
  log: Logger;
  now: () => number;
}

export function createPaymentService({ config, database, freshness, log, now }: PaymentDeps): PaymentService {
  const { db } = database;
  const provider =
    config.payments.provider === "stripe"
      ? stripeProvider(config.payments)
      : testProvider(async (sessionId) => {
          const order = await findOrder(db, { sessionId });
          return order && order.provider === "test" ? order : null;
        });

  /** Fulfils the order of a session the provider says is paid; records `event` with it when given. */
  async function settle(session: { orderId: string | null; paymentId: string | null }, event?: { id: string; type: string }): Promise<void> {
    const changed = await db.transaction().execute(async (trx) => {
      if (event && !(await recordEvent(trx, event, now()))) return false;
      if (!session.orderId) return false;
      return fulfilOrder(trx, session.orderId, { paidAt: now(), paymentId: session.paymentId });
    });
    if (changed) freshness.changed();
  }

  async function testSession(sessionId: string) {
    if (provider.name !== "test") return null;
    const order = await findOrder(db, { sessionId });
    return order && order.provider === "test" ? order : null;
  }

  return {
    provider: provider.name,

    async startCheckout({ toolId, amountUsd }) {
      // Public or pending (the submit form's paid path); a rejected or unknown tool is not sold.
      const tool = await db
        .selectFrom("tools")
        .select(["id", "name"])
        .where("id", "=", toolId)
        .where("status", "in", ["approved", "verified", "pending"])
        .executeTakeFirst();
      if (!tool) throw new CheckoutError("invalid-argument", "No tool has this id.");
      const amountCents = usdToCents(amountUsd);
      const orderId = await createOrder(db, { toolId: tool.id, toolName: tool.name, amountCents, provider: provider.name }, now());
      const base = config.siteUrl;
      try {
        const session = await provider.createSession(
          { orderId, toolId: tool.id, toolName: tool.name, amountCents },
          {
            // {CHECKOUT_SESSION_ID} is filled in by Stripe.
            success: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}&tool_id=${encodeURIComponent(tool.id)}`,
            cancel: `${base}/payment-cancel?tool_id=${encodeURIComponent(tool.id)}`,
          },
        );
        await attachSession(db, orderId, session.sessionId, now());
        return session;
      } catch (error) {
        await attachSession(db, orderId, null, now()).catch(() => undefined);
        log.warn({ err: error, orderId }, "checkout session not created");
        throw new CheckoutError("unavailable", error instanceof PaymentProviderError ? error.message : "Could not initiate payment.");
      }
    },

    async status(sessionId) {
      const order = sessionId.length <= 255 ? await findOrder(db, { sessionId }) : null;
      if (!order || order.provider !== provider.name) return { status: "unknown", toolName: null, toolSlug: null };
      const tool = order.toolId
        ? await db.selectFrom("tools").select(["name", "slug"]).where("id", "=", order.toolId).executeTakeFirst()
        : undefined;
      const about = { toolName: tool?.name ?? order.toolName, toolSlug: tool?.slug ?? null };
      if (order.status === "paid") return { status: "paid", ...about };
      if (order.status === "refunded" || order.status === "failed") return { status: "pending", ...about };
      // The webhook may not have come yet: ask the provider, and fulfil if it says paid.
      const session = provider.name === "stripe" ? await provider.getSession(sessionId).catch(() => null) : null;
      if (session?.paid && session.orderId === order.id) {
        await settle(session);
        return { status: "paid", ...about };
      }
      return { status: "pending", ...about };
    },

    async payTest(sessionId) {
      const order = await testSession(sessionId);
      if (!order) return null;
      await settle({ orderId: order.id, paymentId: null });
      return { toolId: order.toolId };
    },

    async cancelTest(sessionId) {
      const order = await testSession(sessionId);
      if (!order) return null;
      await expireOrder(db, order.id, now());
      return { toolId: order.toolId };
    },

    async handleStripeWebhook(rawBody, signature) {
      const stripe = provider.stripe;
      if (!stripe || config.payments.provider !== "stripe") throw new WebhookSignatureError("Stripe is not configured here.");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", config.payments.webhookSecret);
      } catch {
        throw new WebhookSignatureError("The signature does not match this body.");
      }
      const ref = { id: event.id, type: event.type };
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          // Events may come late, twice, or in either order: the session's state now decides.
          const session = await provider.getSession(event.data.object.id);
          if (session?.paid) return settle(session, ref);
          await db.transaction().execute((trx) => recordEvent(trx, ref, now()));
          return;
        }
        case "checkout.session.expired": {
          const orderId = event.data.object.metadata?.orderId ?? event.data.object.client_reference_id;
          await db.transaction().execute(async (trx) => {
            if ((await recordEvent(trx, ref, now())) && orderId) await expireOrder(trx, orderId, now());
          });
          return;
        }
        case "charge.refunded": {
          const charge = event.data.object;
          const paymentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
          // A partial refund leaves the payment in force; a full one takes its weight away.
          const full = charge.refunded || charge.amount_refunded >= charge.amount;
          const changed = await db.transaction().execute(async (trx) => {
            if (!(await recordEvent(trx, ref, now())) || !paymentId || !full) return false;
            return refundOrder(trx, { paymentId }, now());
          });
          if (changed) freshness.changed();
          return;
        }
        default:
          await db.transaction().execute((trx) => recordEvent(trx, ref, now()));
      }
    },
  };
}

/** The state of checkout session `sessionId` (the success page's question). */
export function checkoutStatus(services: AppServices, sessionId: string): Promise<CheckoutStatus> {
  return services.payments.status(sessionId);
}
