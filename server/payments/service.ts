import type Stripe from "stripe";
import { z } from "zod";
import { featuredUntil, FEATURING_UNAVAILABLE, TEST_PROVIDER, usdToCents } from "../../core/featuring.ts";
import { priorityReviewItem, type OrderKind } from "../../core/priority-review.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { changeCatalog } from "../catalog/change.ts";
import { hashStatusToken } from "../submissions/service.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { CodedError } from "../platform/errors.ts";
import type { Logger } from "../platform/logger.ts";
import type { Mailer } from "../platform/mail/mailer.ts";
import type { Metrics, PaymentEventType } from "../platform/metrics/index.ts";
import {
  attachSession,
  createOrder,
  expireOrder,
  findOrder,
  fulfilOrder,
  recordEvent,
  refundOrder,
  type Order,
} from "./orders.ts";
import { lineItemName, PaymentProviderError, stripeProvider, testProvider, type PaymentProvider } from "./providers.ts";
import { mailReceipt } from "./receipt.ts";
import { paidReviewOf, unwantedReview, type UnwantedReview } from "./priority-review.ts";
import { settleOrders } from "./settlement.ts";

/** What the success page knows about a checkout session. */
export interface CheckoutStatus {
  /**
   * paid: fulfilled (the tool is featured, or will be once approved); refunded: paid and given
   * back (`refundNote` says why when the site said); pending: not paid (yet); unknown: no such session.
   */
  status: "paid" | "refunded" | "pending" | "unknown";
  toolName: string | null;
  toolSlug: string | null;
  /**
   * Where the tool stands: listed (featured now), pending (featured once approved, for a year from
   * then), or gone (rejected or deleted: featured nowhere). Null until paid.
   */
  listing: "listed" | "pending" | "gone" | null;
  /** When the year this payment bought ends (epoch ms), once paid and its tool approved. */
  featuredUntil: number | null;
  /** The paid order, whose report its payer is linked to; null until paid. */
  orderId: string | null;
  /** What was bought: featuring, or a priority review (which has no report and no featured year). */
  kind: OrderKind;
  /** A paid priority review's deadline (epoch ms); null otherwise. */
  reviewDueAt: number | null;
  /** A refunded payment: given back, or kept as credit (null when the provider refunded it on its own). */
  settledAs: "refund" | "credit" | null;
  /** Why, when the site said; null otherwise. */
  refundNote: string | null;
}

/** Why a checkout cannot start, as the catalogue's code it is answered with. */
export type CheckoutErrorCode = "invalid-argument" | "unavailable";

/** A checkout that cannot start: the tool is unknown (400) or the provider failed (503). */
export class CheckoutError extends CodedError<CheckoutErrorCode> {}

/** A webhook whose signature does not check out (or is too old): answered 400, nothing done. */
export class WebhookSignatureError extends CodedError<"bad-signature"> {
  constructor(message: string, options?: ErrorOptions) {
    super("bad-signature", message, options);
  }
}

/** A signed webhook without the fields its type must have: answered 400, nothing done. */
export class WebhookEventError extends CodedError<"bad-event"> {
  constructor(message: string, options?: ErrorOptions) {
    super("bad-event", message, options);
  }
}

// Stripe's ids and event types: short printable text.
const stripeText = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);
const sessionObject = z.object({
  id: stripeText,
  client_reference_id: stripeText.nullish(),
  metadata: z.object({ orderId: stripeText.optional() }).nullish(),
});
const chargeObject = z.object({
  payment_intent: z.union([stripeText, z.object({ id: stripeText })]).nullish(),
  refunded: z.boolean(),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
});

/** What a verified event says, in the fields this endpoint acts on. */
type ReadEvent = { id: string; type: string } & (
  | { kind: "paid"; sessionId: string }
  | { kind: "expired"; orderId: string | null }
  | { kind: "refunded"; paymentId: string | null; full: boolean }
  | { kind: "other" }
);

/** The fields of a verified event this endpoint acts on; null when it lacks them or has them in another shape. */
export function readEvent(event: unknown): ReadEvent | null {
  const base = z
    .object({ id: stripeText, type: stripeText, data: z.object({ object: z.unknown() }).optional() })
    .safeParse(event);
  if (!base.success) return null;
  const { id, type, data } = base.data;
  switch (type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = sessionObject.safeParse(data?.object);
      return session.success ? { id, type, kind: "paid", sessionId: session.data.id } : null;
    }
    case "checkout.session.expired": {
      const session = sessionObject.safeParse(data?.object);
      if (!session.success) return null;
      return {
        id,
        type,
        kind: "expired",
        orderId: session.data.metadata?.orderId ?? session.data.client_reference_id ?? null,
      };
    }
    case "charge.refunded": {
      const charge = chargeObject.safeParse(data?.object);
      if (!charge.success) return null;
      const intent = charge.data.payment_intent;
      return {
        id,
        type,
        kind: "refunded",
        paymentId: typeof intent === "string" ? intent : (intent?.id ?? null),
        full: charge.data.refunded || charge.data.amount_refunded >= charge.data.amount,
      };
    }
    default:
      return { id, type, kind: "other" };
  }
}

/** The metrics' name of a webhook event by what it said. */
const WEBHOOK_EVENT = {
  paid: "webhook_paid",
  expired: "webhook_expired",
  refunded: "webhook_refunded",
  other: "webhook_other",
} as const satisfies Record<ReadEvent["kind"], PaymentEventType>;

export interface PaymentService {
  /** How featuring is paid here (PAYMENTS_MODE); "off": it is not sold at all. */
  mode: Config["payments"]["mode"];
  /**
   * createCheckoutSession (docs/design.md#json-api): an order and the provider's hosted checkout —
   * for featuring the tool at an amount, or for a priority review of a pending submission at the
   * configured price (bought with its status token only).
   */
  startCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** The state of a session, asking the provider (and fulfilling) when our order is not paid yet. */
  status(sessionId: string): Promise<CheckoutStatus>;
  /** The test checkout's two buttons; null when there is no such test session. */
  payTest(sessionId: string): Promise<{ toolId: string | null } | null>;
  cancelTest(sessionId: string): Promise<{ toolId: string | null } | null>;
  /**
   * Gives these paid orders' money back at their provider (an admin rejected the tool). Resolves
   * once every one is refunded; marking them refunded is the caller's, in its catalogue change.
   */
  refund(orders: readonly { id: string; provider: string; paymentId: string | null }[]): Promise<void>;
  /** A Stripe webhook: verified, recorded once, acted on inside one transaction. */
  handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
}

/** What a checkout buys: featuring at an amount, or a priority review at its fixed price. */
export type CheckoutInput = { toolId: string; statusToken?: string } & (
  { kind?: "featuring"; amountUsd: number } | { kind: "priority-review" }
);

/** Why a priority review cannot be bought, in the buyer's words. */
export const PRIORITY_REVIEW_REFUSALS = {
  off: "Priority review is not offered on this site.",
  token: "A priority review is bought from the submission's private status link.",
  decided: "This submission is no longer waiting for review.",
  paid: "Priority review is already paid for this submission.",
} as const;

/** Why a priority review was given back as soon as it was paid, as its order's note says. */
const UNWANTED_REVIEW_NOTES = {
  decided: "Refunded at once: the submission had already been reviewed when the payment arrived.",
  paid: "Refunded at once: a priority review of this submission had already been paid for.",
} as const satisfies Record<UnwantedReview["why"], string>;

export interface PaymentDeps {
  config: Config;
  database: Database;
  /** Sends the confirmation mail of each payment. */
  mailer: Mailer;
  /** Signs the placement's report link in that mail. */
  signingKey: () => Promise<string>;
  freshness: CatalogFreshness;
  log: Logger;
  now: () => number;
  /** Counts webhook events handled and orders fulfilled, once committed. */
  metrics: Pick<Metrics, "paymentEvent">;
}

export function createPaymentService(deps: PaymentDeps): PaymentService {
  const { config, database, freshness, log, now, metrics } = deps;
  const { db } = database;
  const provider: PaymentProvider | null =
    config.payments.mode === "stripe"
      ? stripeProvider(config.payments)
      : config.payments.mode === "test"
        ? testProvider(async (sessionId) => {
            const order = await findOrder(db, { sessionId });
            return order && order.provider === "test" ? order : null;
          })
        : null;

  /**
   * Fulfils the order of a session the provider says is paid; records `event` with it when given.
   * Resolves with whether the event was new (false: handled before, nothing done).
   */
  async function settle(
    session: { orderId: string | null; paymentId: string | null; email: string | null },
    event?: { id: string; type: string },
  ): Promise<boolean> {
    const { orderId } = session;
    const { fresh, fulfilled, unwanted } = await changeCatalog({ database, freshness, now }, async (write) => {
      if (event && !(await recordEvent(write.db, event, write.now)))
        return { fresh: false, fulfilled: false, unwanted: null };
      const paid = orderId
        ? await fulfilOrder(write, orderId, { paidAt: write.now, paymentId: session.paymentId })
        : false;
      return { fresh: true, fulfilled: paid, unwanted: paid && orderId ? await unwantedReview(write, orderId) : null };
    });
    // Counted and confirmed once committed, and only by the request that moved the order to paid;
    // the answer does not wait for the mail server.
    if (fulfilled) {
      metrics.paymentEvent("checkout_completed");
      if (unwanted) await refundUnwanted(unwanted);
      else if (orderId) void mailReceipt(deps, orderId, session.email);
    }
    return fresh;
  }

  /**
   * Gives back a priority review nobody will deliver, at once: at the provider, then marked with
   * why. When the provider fails, the order stays paid for the admin to refund by hand (the event
   * is recorded, so no replay would try again) and the payment's own request still succeeds.
   */
  async function refundUnwanted(unwanted: UnwantedReview): Promise<void> {
    try {
      await refundAtProvider([unwanted.order]);
      await changeCatalog({ database, freshness, now }, (write) =>
        settleOrders(write, [unwanted.order], { kind: "refund", note: UNWANTED_REVIEW_NOTES[unwanted.why] }),
      );
      log.info({ orderId: unwanted.order.id, why: unwanted.why }, "priority review refunded on payment");
    } catch (error) {
      log.error(
        { err: error, orderId: unwanted.order.id, why: unwanted.why },
        "priority review paid for nothing and not refunded: refund it by hand",
      );
    }
  }

  async function refundAtProvider(orders: readonly { id: string; provider: string; paymentId: string | null }[]) {
    for (const order of orders) {
      // A test order took no money (docs/decisions/017): marking it refunded is all there is to do.
      if (order.provider === TEST_PROVIDER) continue;
      if (provider?.name !== order.provider)
        throw new PaymentProviderError(
          `This site no longer takes payments through ${order.provider}: refund the payment there.`,
        );
      await provider.refund({ orderId: order.id, paymentId: order.paymentId });
    }
  }

  async function testSession(sessionId: string) {
    if (provider?.name !== "test") return null;
    const order = await findOrder(db, { sessionId });
    return order && order.provider === "test" ? order : null;
  }

  return {
    mode: config.payments.mode,

    async startCheckout(input) {
      const { toolId, statusToken } = input;
      const priority = input.kind === "priority-review";
      if (priority && (!provider || config.priorityReview.priceCents === 0))
        throw new CheckoutError("unavailable", PRIORITY_REVIEW_REFUSALS.off);
      if (!provider) throw new CheckoutError("unavailable", FEATURING_UNAVAILABLE);
      // Only the submitter, who holds the status link, can ask for their submission's review.
      if (priority && statusToken === undefined)
        throw new CheckoutError("invalid-argument", PRIORITY_REVIEW_REFUSALS.token);
      const tool = await db
        .selectFrom("tools")
        .select(["id", "name", "status", "status_token_hash", "submitter_email"])
        .where("id", "=", toolId)
        .executeTakeFirst();
      // Featuring: public or pending (the submit form's paid path); a rejected tool is not sold. A
      // review's submitter, who holds the status link, is told below that it was decided.
      if (!tool || (!priority && tool.status === "rejected"))
        throw new CheckoutError("invalid-argument", "No tool has this id.");
      // The submitter's status link rides along to the success page, which repeats it; only the
      // tool's own token does (it stays in the success address, which the logs leave out).
      if (statusToken !== undefined && tool.status_token_hash !== hashStatusToken(statusToken)) {
        throw new CheckoutError("invalid-argument", "This status link does not belong to this tool.");
      }
      if (priority) {
        if (tool.status !== "pending") throw new CheckoutError("invalid-argument", PRIORITY_REVIEW_REFUSALS.decided);
        if (await paidReviewOf(db, tool.id)) throw new CheckoutError("invalid-argument", PRIORITY_REVIEW_REFUSALS.paid);
      }
      const statusParam = statusToken === undefined ? "" : `&status=${encodeURIComponent(statusToken)}`;
      const amountCents = priority ? config.priorityReview.priceCents : usdToCents(input.amountUsd);
      const orderId = await createOrder(
        db,
        {
          toolId: tool.id,
          toolName: tool.name,
          amountCents,
          provider: provider.name,
          kind: priority ? "priority-review" : "featuring",
          // Paid from the status link (checked above): the submitter is the payer, and hears of it.
          receiptEmail: statusToken === undefined ? null : tool.submitter_email,
        },
        now(),
      );
      const base = config.siteUrl;
      try {
        const session = await provider.createSession(
          {
            orderId,
            toolId: tool.id,
            toolName: tool.name,
            amountCents,
            item: priority ? priorityReviewItem(tool.name) : lineItemName(tool.name, tool.status === "pending"),
          },
          {
            // {CHECKOUT_SESSION_ID} is filled in by Stripe.
            success: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}&tool_id=${encodeURIComponent(tool.id)}${statusParam}`,
            cancel: `${base}/payment-cancel?tool_id=${encodeURIComponent(tool.id)}`,
          },
        );
        await attachSession(db, orderId, session.sessionId, now());
        return session;
      } catch (error) {
        await attachSession(db, orderId, null, now()).catch(() => undefined);
        log.warn({ err: error, orderId }, "checkout session not created");
        throw new CheckoutError(
          "unavailable",
          error instanceof PaymentProviderError ? error.message : "Could not initiate payment.",
        );
      }
    },

    async status(sessionId) {
      const order = sessionId.length <= 255 ? await findOrder(db, { sessionId }) : null;
      const unpaid = {
        listing: null,
        featuredUntil: null,
        orderId: null,
        reviewDueAt: null,
        settledAs: null,
        refundNote: null,
      };
      if (!provider || !order || order.provider !== provider.name)
        return { status: "unknown", toolName: null, toolSlug: null, kind: "featuring", ...unpaid };
      const tool = order.toolId
        ? await db
            .selectFrom("tools")
            .select(["name", "slug", "status"])
            .where("id", "=", order.toolId)
            .executeTakeFirst()
        : undefined;
      const about = { toolName: tool?.name ?? order.toolName, toolSlug: tool?.slug ?? null, kind: order.kind };
      const paid = (paidOrder: Order): CheckoutStatus => ({
        status: "paid",
        ...about,
        orderId: paidOrder.id,
        listing: !tool
          ? "gone"
          : (PUBLIC_STATUSES as readonly string[]).includes(tool.status)
            ? "listed"
            : tool.status === "pending"
              ? "pending"
              : "gone",
        // A tool waiting for review has no end yet: its year starts when it is approved.
        featuredUntil: paidOrder.featuredFrom === null ? null : featuredUntil(paidOrder.featuredFrom),
        reviewDueAt: paidOrder.reviewDueAt,
        settledAs: null,
        refundNote: null,
      });
      if (order.status === "paid") return paid(order);
      // Given back (a rejection, a review nobody will deliver) or kept as credit: not in force.
      if (order.status === "refunded")
        return { status: "refunded", ...about, ...unpaid, settledAs: order.settledAs, refundNote: order.settledNote };
      if (order.status === "failed") return { status: "pending", ...about, ...unpaid };
      // The webhook may not have come yet: ask the provider, and fulfil if it says paid.
      const session = provider.name === "stripe" ? await provider.getSession(sessionId).catch(() => null) : null;
      if (session?.paid && session.orderId === order.id) {
        await settle(session);
        const settled = await findOrder(db, { sessionId });
        if (settled?.status === "paid") return paid(settled);
        if (settled?.status === "refunded")
          return {
            status: "refunded",
            ...about,
            ...unpaid,
            settledAs: settled.settledAs,
            refundNote: settled.settledNote,
          };
      }
      return { status: "pending", ...about, ...unpaid };
    },

    async payTest(sessionId) {
      const order = await testSession(sessionId);
      if (!order) return null;
      await settle({ orderId: order.id, paymentId: null, email: null });
      return { toolId: order.toolId };
    },

    async cancelTest(sessionId) {
      const order = await testSession(sessionId);
      if (!order) return null;
      await expireOrder(db, order.id, now());
      return { toolId: order.toolId };
    },

    refund: refundAtProvider,

    async handleStripeWebhook(rawBody, signature) {
      if (!provider?.stripe || config.payments.mode !== "stripe")
        throw new WebhookSignatureError("Stripe is not configured here.");
      const stripe = await provider.stripe();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", config.payments.webhookSecret);
      } catch {
        throw new WebhookSignatureError("The signature does not match this body.");
      }
      // Signed is not well formed: the fields read below are checked first, and an event without
      // them is refused (400) rather than failing (500) and being sent again for days.
      const read = readEvent(event);
      if (!read) throw new WebhookEventError("The event is not one this endpoint can read.");
      const ref = { id: read.id, type: read.type };
      // Whether the event was new (false: a replay of one handled before, nothing done).
      let fresh: boolean;
      switch (read.kind) {
        case "paid": {
          // Events may come late, twice, or in either order: the session's state now decides.
          const session = await provider.getSession(read.sessionId);
          fresh = session?.paid
            ? await settle(session, ref)
            : await db.transaction().execute((trx) => recordEvent(trx, ref, now()));
          break;
        }
        case "expired": {
          const { orderId } = read;
          fresh = await db.transaction().execute(async (trx) => {
            const recorded = await recordEvent(trx, ref, now());
            if (recorded && orderId) await expireOrder(trx, orderId, now());
            return recorded;
          });
          break;
        }
        case "refunded": {
          const { paymentId, full } = read;
          // A partial refund leaves the payment in force; a full one takes its weight away.
          fresh = await changeCatalog({ database, freshness, now }, async (write) => {
            const recorded = await recordEvent(write.db, ref, write.now);
            if (recorded && paymentId && full) await refundOrder(write, { paymentId });
            return recorded;
          });
          break;
        }
        default:
          fresh = await db.transaction().execute((trx) => recordEvent(trx, ref, now()));
      }
      metrics.paymentEvent(fresh ? WEBHOOK_EVENT[read.kind] : "webhook_duplicate");
    },
  };
}
