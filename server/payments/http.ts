import express, { type Router } from "express";
import { checkoutRequestSchema, featureCandidatesQuerySchema, priorityReviewRequestSchema } from "../../core/api.ts";
import type { PublicCatalog } from "../catalog/public.ts";
import { ERROR_STATUS, sendError, wantsJson, type ErrorCode } from "../platform/http/errors.ts";
import { sameSite, sameSitePath } from "../platform/http/origin.ts";
import { clientIp } from "../platform/http/client.ts";
import { sendPlainPage } from "../platform/http/plain-page.ts";
import type { Logger } from "../platform/logger.ts";
import { addressKey, type RateLimiter } from "../platform/ratelimit/index.ts";
import { CheckoutError, WebhookEventError, WebhookSignatureError, type PaymentService } from "./service.ts";

const CANDIDATES_LIMIT = 20;

/** What the feature dialog's calls need of the running server. */
export interface PaymentRoutesDeps {
  now: () => number;
  catalog: Pick<PublicCatalog, "featureCandidates">;
  payments: Pick<PaymentService, "startCheckout" | "status">;
  limiters: { checkout: RateLimiter };
}

/**
 * `/api/checkout-session` and `/api/feature-candidates`: the feature dialog's two calls. A checkout
 * is asked for as JSON by the dialog's script, or by a plain form post (answered with a redirect
 * to the checkout page), from this site's pages only.
 */
export function paymentRoutes(services: PaymentRoutesDeps): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  router.get("/feature-candidates", async (req, res, next) => {
    const parsed = featureCandidatesQuerySchema.safeParse(req.query);
    if (!parsed.success)
      return sendError(res, "invalid-argument", parsed.error.issues[0]?.message ?? "The query could not be read.");
    try {
      const { items, more, eligible, ranking } = await services.catalog.featureCandidates(
        services.now(),
        { text: parsed.data.q, id: parsed.data.tool },
        CANDIDATES_LIMIT,
      );
      res.json({ data: items, more, eligible, ranking });
    } catch (error) {
      next(error);
    }
  });

  router.post(
    "/checkout-session",
    express.json({ limit: "4kb" }),
    express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 10 }),
    async (req, res, next) => {
      const back = sameSitePath(req.get("referer"), req) ?? "/?featured=true";
      const fail = (code: ErrorCode, message: string) =>
        wantsJson(req) || req.is("application/json")
          ? sendError(res, code, message)
          : sendPlainPage(res, ERROR_STATUS[code], {
              title: "Payment error",
              message,
              link: { href: back, label: "Go back" },
            });

      const origin = req.get("origin");
      if (origin && !sameSite(origin, req))
        return fail("permission-denied", "Payments are only started from this site's pages.");
      const limit = await services.limiters.checkout.consume(addressKey(clientIp(req)));
      if (limit.limited) {
        res.set("Retry-After", String(limit.retryAfterSec));
        return fail("resource-exhausted", "Too many payment attempts in a short time. Please try again later.");
      }
      const body: unknown = req.body ?? {};
      // Featuring unless the body names the priority review; each product has its own fields.
      const priority = typeof body === "object" && body !== null && "product" in body;
      const parsed = priority ? priorityReviewRequestSchema.safeParse(body) : checkoutRequestSchema.safeParse(body);
      if (!parsed.success)
        return fail("invalid-argument", parsed.error.issues[0]?.message ?? "The request could not be read.");
      try {
        const session = await services.payments.startCheckout(
          "amount" in parsed.data
            ? { toolId: parsed.data.toolId, amountUsd: parsed.data.amount, statusToken: parsed.data.statusToken }
            : { kind: "priority-review", toolId: parsed.data.toolId, statusToken: parsed.data.statusToken },
        );
        if (wantsJson(req) || req.is("application/json")) return res.json(session);
        res.redirect(303, session.url);
      } catch (error) {
        if (error instanceof CheckoutError) return fail(error.code, error.message);
        next(error);
      }
    },
  );

  router.get("/checkout-session/:sessionId", async (req, res, next) => {
    try {
      const { status } = await services.payments.status(String(req.params.sessionId));
      res.json({ status });
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** `POST /webhooks/stripe`: the raw body is needed for the signature, so nothing parses it first. */
export function stripeWebhook(services: {
  payments: Pick<PaymentService, "handleStripeWebhook">;
  log: Logger;
}): Router {
  const router = express.Router();
  router.post("/", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await services.payments.handleStripeWebhook(
        Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        req.get("stripe-signature"),
      );
      // Only now: what the event asked for has committed.
      res.json({ received: true });
    } catch (error) {
      if (error instanceof WebhookSignatureError || error instanceof WebhookEventError)
        return sendError(res, "invalid-argument", error.message);
      services.log.error({ err: error }, "stripe webhook not handled; Stripe will retry");
      sendError(res, "internal", "The event could not be handled now.");
    }
  });
  return router;
}
