import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import Stripe from "stripe";
import { listenLocal, type LocalServer } from "./listen.ts";

// A small fake of Stripe's REST API on 127.0.0.1, enough for the official SDK pointed at it with
// `apiBase: { host: "127.0.0.1", port, protocol: "http" }`: checkout sessions (create, retrieve),
// idempotency keys, and controls a test uses to play the buyer (pay) or an outage (failNext).
// Webhook events are built and signed here too, with the SDK's own signing helper.

/** A nested value of a form-encoded Stripe request (`a[b][0][c]=v`). */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/** A Checkout Session as Stripe answers it (the fields the app and tests read). */
export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  mode: string;
  payment_status: "unpaid" | "paid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  metadata: Record<string, string>;
  client_reference_id: string | null;
  payment_intent: string | null;
  amount_total: number | null;
  currency: string | null;
  success_url: string | null;
  cancel_url: string | null;
  created: number;
  livemode: false;
  /** What the buyer typed at checkout: null until paid. */
  customer_details: { email: string | null } | null;
}

/** A refund made through `POST /v1/refunds`. */
export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: "succeeded";
  metadata: Record<string, string>;
}

/** The payment behind a paid session, and its charge (what refunds change). */
export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "succeeded";
  metadata: Record<string, string>;
  latest_charge: string;
}

export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  captured: true;
  paid: true;
  status: "succeeded";
  currency: string;
  payment_intent: string;
}

/** One request the fake received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  idempotencyKey: string | null;
  /** The form body, nested as Stripe reads it. */
  form: Record<string, FormValue>;
  /** The HTTP status the fake answered with. */
  status: number;
}

export interface StripeFake {
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** What `config.payments.apiBase` needs to send the SDK here. */
  apiBase: { host: string; port: number; protocol: "http" };
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  /** The session-create requests only. */
  creates(): RecordedRequest[];
  /** A session by id, as the fake holds it (undefined when unknown). */
  session(id: string): FakeSession | undefined;
  /** The buyer pays (giving `email`, if any): payment_status "paid", status "complete", a payment intent. Returns the session. */
  pay(id: string, buyer?: { email?: string }): FakeSession;
  /** The payment intent by id (created by `pay`). */
  paymentIntent(id: string): FakePaymentIntent | undefined;
  /**
   * Refunds a paid session's charge, all of it unless `amountCents` is given. The session itself
   * stays `payment_status: "paid"`, as Stripe's does. Returns the charge as it is now.
   */
  refund(sessionId: string, amountCents?: number): FakeCharge;
  /** The refunds made through the API (`POST /v1/refunds`), in order. */
  refunds(): FakeRefund[];
  /** The session times out: status "expired". */
  expire(id: string): FakeSession;
  /** The next `count` requests (optionally only those whose path starts with `pathPrefix`) get a 500. */
  failNext(count: number, pathPrefix?: string): void;
  /** Forgets sessions, recorded requests and pending failures. */
  reset(): void;
  close(): Promise<void>;
}

function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`;
}

/**
 * Parses a form-encoded body the way Stripe does: bracketed keys nest, numeric segments make
 * arrays (`line_items[0][price_data][unit_amount]=25000`).
 */
export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) {
      root[key] = value;
      continue;
    }
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((s) => s[1]!)];
    let node: Record<string, FormValue> | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const index = Array.isArray(node) ? (segment === "" ? node.length : Number(segment)) : segment;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[index] = value;
      } else {
        if (container[index] === undefined || typeof container[index] === "string") {
          container[index] = /^\d*$/.test(path[i + 1]!) ? [] : {};
        }
        node = container[index] as Record<string, FormValue> | FormValue[];
      }
    }
  }
  return root;
}

function stripeError(
  res: ServerResponse,
  status: number,
  error: { type: string; code?: string; message: string; param?: string },
) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": stripeId("req") });
  res.end(JSON.stringify({ error }));
}

function send(res: ServerResponse, body: unknown) {
  res.writeHead(200, { "Content-Type": "application/json", "Request-Id": stripeId("req") });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const asString = (v: FormValue | undefined): string | null => (typeof v === "string" ? v : null);
const asRecord = (v: FormValue | undefined): Record<string, FormValue> =>
  v && typeof v === "object" && !Array.isArray(v) ? v : {};
const asList = (v: FormValue | undefined): FormValue[] =>
  Array.isArray(v) ? v : v && typeof v === "object" ? Object.values(v) : [];

/** Starts the fake on an ephemeral port of 127.0.0.1. */
export async function startStripeFake(): Promise<StripeFake> {
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds: FakeRefund[] = [];
  const refundsByKey = new Map<string, FakeRefund>();
  let failures: { count: number; pathPrefix: string } = { count: 0, pathPrefix: "" };

  function createSession(form: Record<string, FormValue>): FakeSession {
    const id = stripeId("cs_test");
    let amount = 0;
    let currency: string | null = null;
    for (const item of asList(form.line_items)) {
      const line = asRecord(item);
      const price = asRecord(line.price_data);
      amount += Number(asString(price.unit_amount) ?? 0) * Number(asString(line.quantity) ?? 1);
      currency ??= asString(price.currency);
    }
    const metadata = Object.fromEntries(
      Object.entries(asRecord(form.metadata)).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    const session: FakeSession = {
      id,
      object: "checkout.session",
      url: `https://checkout.stripe.test/c/pay/${id}`,
      mode: asString(form.mode) ?? "payment",
      payment_status: "unpaid",
      status: "open",
      metadata,
      client_reference_id: asString(form.client_reference_id),
      payment_intent: null,
      amount_total: amount,
      currency,
      success_url: asString(form.success_url),
      cancel_url: asString(form.cancel_url),
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      customer_details: null,
    };
    sessions.set(id, session);
    return session;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(req);
    const key = req.headers["idempotency-key"];
    const record: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      headers: req.headers,
      idempotencyKey: typeof key === "string" ? key : null,
      form: parseStripeForm(req.method === "GET" ? url.search.slice(1) : raw),
      status: 200,
    };
    requests.push(record);
    const answer = (status: number) => (record.status = status);

    if (!/^Bearer sk_test_\w+$/.test(req.headers.authorization ?? "")) {
      answer(401);
      return stripeError(res, 401, { type: "invalid_request_error", message: "Invalid API Key provided." });
    }
    if (failures.count > 0 && url.pathname.startsWith(failures.pathPrefix)) {
      failures.count--;
      answer(500);
      return stripeError(res, 500, { type: "api_error", message: "An unknown error occurred (fake outage)." });
    }

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const existing = record.idempotencyKey ? byIdempotencyKey.get(record.idempotencyKey) : undefined;
      if (existing) {
        res.setHeader("Idempotent-Replayed", "true");
        return send(res, sessions.get(existing));
      }
      const session = createSession(record.form);
      if (record.idempotencyKey) byIdempotencyKey.set(record.idempotencyKey, session.id);
      return send(res, session);
    }
    const expand = asList(record.form.expand).filter((e): e is string => typeof e === "string");
    const missing = (what: string, id: string) => {
      answer(404);
      stripeError(res, 404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "id",
        message: `No such ${what}: '${id}'`,
      });
    };
    const intentView = (id: string, prefix: string) => {
      const intent = paymentIntents.get(id);
      if (!intent) return id;
      return expand.includes(`${prefix}latest_charge`)
        ? { ...intent, latest_charge: charges.get(intent.latest_charge) }
        : intent;
    };
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && one) {
      const id = decodeURIComponent(one[1]!);
      const session = sessions.get(id);
      if (!session) return missing("checkout.session", id);
      const expanded = expand.includes("payment_intent") || expand.includes("payment_intent.latest_charge");
      return send(
        res,
        expanded && session.payment_intent
          ? { ...session, payment_intent: intentView(session.payment_intent, "payment_intent.") }
          : session,
      );
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && intent) {
      const id = decodeURIComponent(intent[1]!);
      return paymentIntents.has(id) ? send(res, intentView(id, "")) : missing("payment_intent", id);
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      // A refund of a payment intent's charge, all that is left of it unless `amount` says less.
      const existing = record.idempotencyKey ? refundsByKey.get(record.idempotencyKey) : undefined;
      if (existing) {
        res.setHeader("Idempotent-Replayed", "true");
        return send(res, existing);
      }
      const intentId = asString(record.form.payment_intent);
      const paid = intentId ? paymentIntents.get(intentId) : undefined;
      if (!intentId || !paid) return missing("payment_intent", intentId ?? "");
      const refunded = charges.get(paid.latest_charge)!;
      if (refunded.refunded) {
        answer(400);
        return stripeError(res, 400, {
          type: "invalid_request_error",
          code: "charge_already_refunded",
          message: `Charge ${refunded.id} has already been refunded.`,
        });
      }
      const left = refunded.amount - refunded.amount_refunded;
      const amount = record.form.amount === undefined ? left : Math.min(left, Number(asString(record.form.amount)));
      refunded.amount_refunded += amount;
      refunded.refunded = refunded.amount_refunded >= refunded.amount;
      const made: FakeRefund = {
        id: stripeId("re"),
        object: "refund",
        amount,
        charge: refunded.id,
        payment_intent: intentId,
        currency: refunded.currency,
        status: "succeeded",
        metadata: Object.fromEntries(
          Object.entries((record.form.metadata ?? {}) as Record<string, FormValue>).map(([k, v]) => [k, String(v)]),
        ),
      };
      refunds.push(made);
      if (record.idempotencyKey) refundsByKey.set(record.idempotencyKey, made);
      return send(res, made);
    }
    const charge = /^\/v1\/charges\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && charge) {
      const id = decodeURIComponent(charge[1]!);
      const found = charges.get(id);
      return found ? send(res, found) : missing("charge", id);
    }
    answer(404);
    return stripeError(res, 404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
    });
  }

  const local: LocalServer = await listenLocal((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) stripeError(res, 500, { type: "api_error", message: String(error) });
    });
  });

  function must(id: string): FakeSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`the Stripe fake has no session ${id}`);
    return session;
  }

  return {
    url: local.url,
    apiBase: { host: "127.0.0.1", port: local.port, protocol: "http" },
    requests,
    creates: () => requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions"),
    session: (id) => sessions.get(id),
    pay(id, buyer) {
      const session = must(id);
      session.payment_status = "paid";
      session.status = "complete";
      session.customer_details = { email: buyer?.email ?? null };
      if (!session.payment_intent) {
        const amount = session.amount_total ?? 0;
        const currency = session.currency ?? "usd";
        const charge: FakeCharge = {
          id: stripeId("ch"),
          object: "charge",
          amount,
          amount_captured: amount,
          amount_refunded: 0,
          refunded: false,
          captured: true,
          paid: true,
          status: "succeeded",
          currency,
          payment_intent: stripeId("pi"),
        };
        charges.set(charge.id, charge);
        paymentIntents.set(charge.payment_intent, {
          id: charge.payment_intent,
          object: "payment_intent",
          amount,
          amount_received: amount,
          currency,
          status: "succeeded",
          metadata: { ...session.metadata },
          latest_charge: charge.id,
        });
        session.payment_intent = charge.payment_intent;
      }
      return session;
    },
    paymentIntent: (id) => paymentIntents.get(id),
    refunds: () => [...refunds],
    refund(sessionId, amountCents) {
      const session = must(sessionId);
      const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
      if (!intent) throw new Error(`the Stripe fake's session ${sessionId} is not paid`);
      const charge = charges.get(intent.latest_charge)!;
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amountCents ?? charge.amount));
      charge.refunded = charge.amount_refunded >= charge.amount;
      return { ...charge };
    },
    expire(id) {
      const session = must(id);
      session.status = "expired";
      session.url = null;
      return session;
    },
    failNext(count, pathPrefix = "") {
      failures = { count, pathPrefix };
    },
    reset() {
      sessions.clear();
      byIdempotencyKey.clear();
      paymentIntents.clear();
      charges.clear();
      refunds.length = 0;
      refundsByKey.clear();
      requests.length = 0;
      failures = { count: 0, pathPrefix: "" };
    },
    close: () => local.close(),
  };
}

// ——— Webhook events ———

/** A Stripe event of `type` about `object`, as Stripe posts it to a webhook endpoint. */
export interface FakeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, unknown> };
}

export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number } = {},
): FakeEvent {
  return {
    id: options.id ?? stripeId("evt"),
    object: "event",
    api_version: "2025-10-29.clover",
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...object } },
  };
}

/** `checkout.session.completed` carrying the session as it is (a snapshot; the app must re-read it). */
export const sessionCompleted = (session: FakeSession, options?: { id?: string }) =>
  stripeEvent("checkout.session.completed", { ...session }, options);

export const asyncPaymentSucceeded = (session: FakeSession, options?: { id?: string }) =>
  stripeEvent("checkout.session.async_payment_succeeded", { ...session, payment_status: "paid" }, options);

export const sessionExpired = (session: FakeSession, options?: { id?: string }) =>
  stripeEvent("checkout.session.expired", { ...session, status: "expired", url: null }, options);

/**
 * `charge.refunded`: `amountRefunded` of `amount` (cents) given back; `refunded` is true only when
 * all was. A `FakeCharge` from the fake's `refund` fits too (`refundedCharge`).
 */
export function chargeRefunded(
  charge: {
    paymentIntent: string | null;
    amount: number;
    amountRefunded: number;
    refunded?: boolean;
    chargeId?: string;
  },
  options?: { id?: string },
): FakeEvent {
  return stripeEvent(
    "charge.refunded",
    {
      id: charge.chargeId ?? stripeId("ch"),
      object: "charge",
      amount: charge.amount,
      amount_captured: charge.amount,
      amount_refunded: charge.amountRefunded,
      refunded: charge.refunded ?? charge.amountRefunded >= charge.amount,
      captured: true,
      currency: "usd",
      paid: true,
      status: "succeeded",
      payment_intent: charge.paymentIntent,
    },
    options,
  );
}

/** `charge.refunded` for a charge as the fake holds it after `refund`. */
export const refundedCharge = (charge: FakeCharge, options?: { id?: string }) =>
  chargeRefunded(
    {
      chargeId: charge.id,
      paymentIntent: charge.payment_intent,
      amount: charge.amount,
      amountRefunded: charge.amount_refunded,
      refunded: charge.refunded,
    },
    options,
  );

const signer = new Stripe("sk_test_signing_only");

/** A `Stripe-Signature` header for `payload`, made by the SDK itself; `timestamp` in seconds. */
export function signPayload(payload: string, secret: string, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

/** An event as the body Stripe posts and the header it signs it with. */
export function signedEvent(event: FakeEvent, secret: string, timestamp?: number): { body: string; signature: string } {
  const body = JSON.stringify(event, null, 2);
  return { body, signature: signPayload(body, secret, timestamp) };
}
