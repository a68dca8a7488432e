import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatAddedFull } from "../../core/dates.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import { addPaidOrder, addTools, DAY_MS, makeTool } from "../../tests/support/catalog.ts";
import { postCheckout } from "../../tests/support/checkout.ts";
import {
  cards,
  element,
  elements,
  getPage,
  headings,
  locationOf,
  sectionLabelledBy,
  textOf,
  titleOf,
  toolSlugs,
} from "../../tests/support/html.ts";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";
import {
  asyncPaymentSucceeded,
  chargeRefunded,
  refundedCharge,
  sessionCompleted,
  sessionExpired,
  signedEvent,
  signPayload,
  startStripeFake,
  stripeEvent,
  type FakeEvent,
  type FormValue,
  type StripeFake,
} from "../../tests/support/stripe-fake.ts";
import type { NewTool } from "../catalog/write.ts";
import type { Config } from "../platform/config.ts";

// Payments through the real HTTP endpoints against a real database (both engines). Only Stripe is
// fake: an HTTP server on 127.0.0.1 that the official SDK talks to (tests/support/stripe-fake.ts).
// Webhooks are signed with the SDK's own test helper and the configured secret.

const WEBHOOK_SECRET = "whsec_test";

// The success page is another change in progress: its tests run once the build has it.
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const hasSuccessPage = "routes/payment-success" in build.routes;

let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(async () => {
  await fake?.close();
});

const generousCheckouts = (config: Config) => {
  config.rateLimits.checkout = { points: 100_000, durationSec: 60 };
};

function useStripe(config: Config) {
  generousCheckouts(config);
  config.payments = { mode: "stripe", secretKey: "sk_test_fake", webhookSecret: WEBHOOK_SECRET, apiBase: fake.apiBase };
}

interface ErrorJson {
  error: { code: string; message: string };
}

const checkout = postCheckout;

/** A checkout that must succeed: the session id and checkout URL. */
async function startCheckout(
  server: TestServer,
  tool: NewTool,
  amount: number,
): Promise<{ sessionId: string; url: string }> {
  const res = await checkout(server, { toolId: tool.id, amount });
  expect(res.status).toBe(200);
  return (await res.json()) as { sessionId: string; url: string };
}

function postWebhook(server: TestServer, body: string, signature: string | null) {
  return fetch(`${server.url}/webhooks/stripe`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(signature === null ? {} : { "Stripe-Signature": signature }) },
  });
}

/** Delivers an event as Stripe does: signed with the endpoint's secret. */
async function deliver(server: TestServer, event: FakeEvent): Promise<Response> {
  const { body, signature } = signedEvent(event, WEBHOOK_SECRET);
  return postWebhook(server, body, signature);
}

async function deliverOk(server: TestServer, event: FakeEvent): Promise<void> {
  const res = await deliver(server, event);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ received: true });
}

async function ordersOf(server: TestServer, toolId: string) {
  return server.services.database.db
    .selectFrom("orders")
    .selectAll()
    .where("tool_id", "=", toolId)
    .orderBy("created_at")
    .execute();
}

async function orderOfSession(server: TestServer, sessionId: string) {
  return server.services.database.db
    .selectFrom("orders")
    .selectAll()
    .where("provider_session_id", "=", sessionId)
    .executeTakeFirstOrThrow();
}

async function allOrders(server: TestServer) {
  return server.services.database.db.selectFrom("orders").selectAll().orderBy("id").execute();
}

async function eventRows(server: TestServer, eventId?: string) {
  let query = server.services.database.db.selectFrom("payment_events").selectAll();
  if (eventId) query = query.where("event_id", "=", eventId);
  return query.execute();
}

async function catalogVersion(server: TestServer): Promise<number> {
  const row = await server.services.database.db
    .selectFrom("catalog_state")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

interface ApiTool {
  id: string;
  slug: string;
  isFeatured: boolean;
  featuredPrice: number;
  featuredUntil: string | null;
}

/** The tool as `/api/v1/tools` lists it. */
async function apiTool(server: TestServer, tool: NewTool): Promise<ApiTool | undefined> {
  const res = await fetch(`${server.url}/api/v1/tools?pageSize=100`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ApiTool[] }).data.find((t) => t.id === tool.id);
}

/** The slugs of the home page's featured column, in order. */
async function homeFeatured(server: TestServer): Promise<string[]> {
  const { res, html } = await getPage(server.url, "/");
  expect(res.status).toBe(200);
  return toolSlugs(sectionLabelledBy(html, "featured-title"));
}

/** How many cards of the home featured column are the tool's. */
async function homeFeaturedCards(server: TestServer, tool: NewTool): Promise<number> {
  const { html } = await getPage(server.url, "/");
  return cards(sectionLabelledBy(html, "featured-title")).filter((card) => toolSlugs(card.inner).includes(tool.slug))
    .length;
}

async function candidates(server: TestServer, q: string): Promise<string[]> {
  return (await candidateWeights(server, q)).map((t) => t.id);
}

/** The feature dialog's candidates for `q`, each with its weight in force (a featured one is offered for a top-up). */
async function candidateWeights(server: TestServer, q: string): Promise<{ id: string; featuredCents: number }[]> {
  const res = await fetch(`${server.url}/api/feature-candidates?q=${encodeURIComponent(q)}`, {
    headers: { Accept: "application/json" },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string; featuredCents: number }[] }).data;
}

async function checkoutStatus(server: TestServer, sessionId: string): Promise<string> {
  const res = await fetch(`${server.url}/api/checkout-session/${encodeURIComponent(sessionId)}`, {
    headers: { Accept: "application/json" },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

/** Removes every order and recorded event, so each case sees an empty featured column. */
async function clearPayments(server: TestServer) {
  const { db } = server.services.database;
  await db.deleteFrom("payment_events").execute();
  await db.deleteFrom("orders").execute();
  server.services.freshness.changed();
}

const field = (form: Record<string, FormValue>, ...keys: (string | number)[]): FormValue | undefined =>
  keys.reduce<FormValue | undefined>(
    (node, key) => (node && typeof node === "object" ? (node as Record<string, FormValue>)[key] : undefined),
    form,
  );

describe("checkout with Stripe", () => {
  const testServer = useTestServer({ configure: useStripe });
  let server: TestServer;
  const tool = makeTool({ name: "Stripe Checkout Target" });
  const pending = makeTool({ name: "Stripe Pending Target", status: "pending" });
  const rejected = makeTool({ name: "Stripe Rejected Target", status: "rejected" });
  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [tool, pending, rejected]);
  });
  beforeEach(() => fake.reset());

  it("lets a form post end on Stripe's checkout page (CSP form-action), and nowhere else", async () => {
    const csp = (await fetch(`${server.url}/submit-tool`)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com;");
  });

  it("creates one Stripe session for the order and answers its id and URL", async () => {
    const res = await checkout(server, { toolId: tool.id, amount: 250 });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { sessionId: string; url: string };
    expect(body.sessionId).toMatch(/^cs_test_/);
    expect(body.url).toBe(`https://checkout.stripe.test/c/pay/${body.sessionId}`);

    const creates = fake.creates();
    expect(creates).toHaveLength(1);
    const { form, idempotencyKey, headers } = creates[0]!;
    expect(headers.authorization).toBe("Bearer sk_test_fake");
    const order = await orderOfSession(server, body.sessionId);
    expect(order).toMatchObject({
      tool_id: tool.id,
      tool_name: tool.name,
      amount_cents: 25000,
      provider: "stripe",
      status: "created",
      paid_at: null,
    });
    expect(idempotencyKey).toBeTruthy();
    expect(idempotencyKey).toContain(order.id);
    expect(form.mode).toBe("payment");
    expect(field(form, "line_items", 0, "quantity")).toBe("1");
    expect(field(form, "line_items", 0, "price_data", "currency")).toBe("usd");
    expect(field(form, "line_items", 0, "price_data", "unit_amount")).toBe("25000");
    const name = String(field(form, "line_items", 0, "price_data", "product_data", "name"));
    expect(name).toContain(tool.name);
    expect(name).toContain("featured for 1 year");
    expect(field(form, "metadata", "orderId")).toBe(order.id);
    expect(field(form, "client_reference_id")).toBe(order.id);
    const site = server.services.config.siteUrl;
    expect(form.success_url).toBe(`${site}/payment-success?session_id={CHECKOUT_SESSION_ID}&tool_id=${tool.id}`);
    expect(form.cancel_url).toBe(`${site}/payment-cancel?tool_id=${tool.id}`);
    expect(fake.session(body.sessionId)).toMatchObject({
      amount_total: 25000,
      currency: "usd",
      metadata: { orderId: order.id },
    });
    expect(await checkoutStatus(server, body.sessionId)).toBe("pending");
  });

  it.each([
    ["an unknown tool", () => ({ toolId: "no-such-tool", amount: 250 }), /No tool has this id/],
    ["a rejected tool", () => ({ toolId: rejected.id, amount: 250 }), /No tool has this id/],
    ["amount 18 (below the minimum)", () => ({ toolId: tool.id, amount: 18 }), /amount/],
    ["amount 5001 (above the maximum)", () => ({ toolId: tool.id, amount: 5001 }), /amount/],
    ["amount 19.5 (not whole dollars)", () => ({ toolId: tool.id, amount: 19.5 }), /amount/],
    ['amount "abc"', () => ({ toolId: tool.id, amount: "abc" }), /amount/],
    ["amount -5", () => ({ toolId: tool.id, amount: -5 }), /amount/],
    ["no amount", () => ({ toolId: tool.id }), /amount/],
    ["no toolId", () => ({ amount: 250 }), /toolId/],
  ])("refuses %s with 400 and stores no order", async (_label, body, message) => {
    const before = await allOrders(server);
    const res = await checkout(server, body());
    expect(res.status).toBe(400);
    const json = (await res.json()) as ErrorJson;
    expect(json.error.code).toBe("invalid-argument");
    expect(json.error.message).toMatch(message);
    expect(await allOrders(server)).toEqual(before);
    expect(fake.creates()).toHaveLength(0);
  });

  it("sells featuring for a pending tool (the submit form's paid path)", async () => {
    const { sessionId } = await startCheckout(server, pending, 100);
    expect(await orderOfSession(server, sessionId)).toMatchObject({
      tool_id: pending.id,
      amount_cents: 10000,
      status: "created",
    });
    expect(fake.creates()).toHaveLength(1);
  });

  it("refuses a checkout asked for from another site's page (403), with no order and no session", async () => {
    const before = await allOrders(server);
    const res = await checkout(server, { toolId: tool.id, amount: 250 }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorJson).error.code).toBe("permission-denied");
    expect(await allOrders(server)).toEqual(before);
    expect(fake.creates()).toHaveLength(0);
  });

  it("answers a plain form post with a 303 to Stripe's checkout page, and an error page on bad input", async () => {
    const res = await postForm(
      `${server.url}/api/checkout-session`,
      { toolId: tool.id, amount: "300" },
      { Accept: "text/html" },
    );
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(location)?.[1];
    expect(sessionId).toBeDefined();
    expect(location).toBe(fake.session(sessionId!)!.url);
    expect(await orderOfSession(server, sessionId!)).toMatchObject({ amount_cents: 30000, status: "created" });

    const bad = await postForm(
      `${server.url}/api/checkout-session`,
      { toolId: tool.id, amount: "12" },
      { Accept: "text/html" },
    );
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toMatch(/text\/html/);
    expect(textOf(await bad.text())).toContain("amount must be a whole number of dollars");
  });

  it("retries a failed Stripe call with the same Idempotency-Key, and gets one session", async () => {
    fake.failNext(1, "/v1/checkout/sessions");
    const { sessionId } = await startCheckout(server, tool, 50);
    const creates = fake.creates();
    expect(creates.map((r) => r.status)).toEqual([500, 200]);
    expect(creates[1]!.idempotencyKey).toBe(creates[0]!.idempotencyKey);
    expect(await orderOfSession(server, sessionId)).toMatchObject({ status: "created", amount_cents: 5000 });
  });

  it("answers 503 when Stripe stays down, and marks the order failed", async () => {
    fake.failNext(10, "/v1/checkout/sessions");
    const before = (await ordersOf(server, tool.id)).length;
    const res = await checkout(server, { toolId: tool.id, amount: 75 });
    expect(res.status).toBe(503);
    expect(((await res.json()) as ErrorJson).error.code).toBe("unavailable");
    const orders = await ordersOf(server, tool.id);
    expect(orders).toHaveLength(before + 1);
    expect(orders.at(-1)).toMatchObject({ amount_cents: 7500, status: "failed", provider_session_id: null });
    // Three tries (maxNetworkRetries: 2), all with one key.
    expect(new Set(fake.creates().map((r) => r.idempotencyKey)).size).toBe(1);
    expect(fake.creates()).toHaveLength(3);
  });

  it("has no test checkout page when Stripe is configured", async () => {
    const { sessionId } = await startCheckout(server, tool, 40);
    for (const id of [sessionId, "test_anything", "anything"]) {
      const { res } = await getPage(server.url, `/test-checkout/${id}`);
      expect(res.status, id).toBe(404);
    }
    const pay = await postForm(`${server.url}/test-checkout/${sessionId}`, { intent: "pay" });
    expect(pay.status).toBe(404);
    expect((await orderOfSession(server, sessionId)).status).toBe("created");
  });
});

describe("checkout rate limit", () => {
  const testServer = useTestServer({
    configure: (config) => {
      useStripe(config);
      config.rateLimits.checkout = { points: 3, durationSec: 600 };
    },
  });
  it("answers 429 with Retry-After past the limit, and asks Stripe for nothing more", async () => {
    const server = testServer();
    const tool = makeTool({ name: "Limited Checkout" });
    await addTools(server.services, [tool]);
    fake.reset();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await checkout(server, { toolId: tool.id, amount: 19 });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(((await res.json()) as ErrorJson).error.code).toBe("resource-exhausted");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(fake.creates()).toHaveLength(3);
    expect(await ordersOf(server, tool.id)).toHaveLength(3);
  });
});

describe("Stripe webhooks", () => {
  const testServer = useTestServer({ configure: useStripe });
  let server: TestServer;
  beforeAll(() => {
    server = testServer();
  });
  beforeEach(async () => {
    fake.reset();
    await clearPayments(server);
  });

  async function newTool(name: string, overrides: Partial<NewTool> = {}): Promise<NewTool> {
    const tool = makeTool({ name, ...overrides });
    await addTools(server.services, [tool]);
    return tool;
  }

  /** A checkout for the tool that the buyer has paid at Stripe (no webhook yet). */
  async function paidSession(tool: NewTool, amount: number) {
    const { sessionId } = await startCheckout(server, tool, amount);
    return fake.pay(sessionId);
  }

  async function expectFeaturedOnce(tool: NewTool, priceUsd: number) {
    expect(await apiTool(server, tool)).toMatchObject({ isFeatured: true, featuredPrice: priceUsd });
    expect(await homeFeaturedCards(server, tool)).toBe(1);
    // Still offered, to be topped up, with what is in force.
    expect((await candidateWeights(server, tool.name)).find((t) => t.id === tool.id)?.featuredCents).toBe(
      priceUsd * 100,
    );
  }

  async function expectNotFeatured(tool: NewTool) {
    expect(await apiTool(server, tool)).toMatchObject({ isFeatured: false, featuredPrice: 0, featuredUntil: null });
    expect(await homeFeatured(server)).not.toContain(tool.slug);
  }

  it("fulfils a paid checkout.session.completed: the order is paid and the tool featured once", async () => {
    const tool = await newTool("Webhook Paid");
    expect(await candidates(server, tool.name)).toContain(tool.id);
    const session = await paidSession(tool, 250);
    const versionBefore = await catalogVersion(server);
    const event = sessionCompleted(session);
    await deliverOk(server, event);

    const order = await orderOfSession(server, session.id);
    expect(order).toMatchObject({ status: "paid", provider_payment_id: session.payment_intent, amount_cents: 25000 });
    expect(order.paid_at).toEqual(expect.any(Number));
    expect(await eventRows(server, event.id)).toHaveLength(1);
    expect(await catalogVersion(server)).toBe(versionBefore + 1);
    expect(await homeFeatured(server)).toEqual([tool.slug]);
    await expectFeaturedOnce(tool, 250);
    // The app re-read the session from Stripe rather than trusting the event alone.
    expect(fake.requests.some((r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${session.id}`)).toBe(
      true,
    );
    expect(await checkoutStatus(server, session.id)).toBe("paid");
  });

  it("acts on an event sent 10 times once", async () => {
    const tool = await newTool("Webhook Replayed");
    const session = await paidSession(tool, 250);
    const event = sessionCompleted(session);
    await deliverOk(server, event);
    const paid = await orderOfSession(server, session.id);
    const version = await catalogVersion(server);
    for (let i = 0; i < 9; i++) await deliverOk(server, event);
    expect(await ordersOf(server, tool.id)).toEqual([paid]);
    expect(await eventRows(server, event.id)).toHaveLength(1);
    expect(await catalogVersion(server)).toBe(version);
    await expectFeaturedOnce(tool, 250);
  });

  it("acts on an event sent 10 times at once once", async () => {
    const tool = await newTool("Webhook Stampede");
    const session = await paidSession(tool, 250);
    const event = sessionCompleted(session);
    const version = await catalogVersion(server);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(server, event)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const orders = await ordersOf(server, tool.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: "paid", amount_cents: 25000 });
    expect(await eventRows(server, event.id)).toHaveLength(1);
    expect(await catalogVersion(server)).toBe(version + 1);
    await expectFeaturedOnce(tool, 250);
  });

  it("fulfils once when completed and async_payment_succeeded (different events) arrive at once", async () => {
    const tool = await newTool("Webhook Both At Once");
    const session = await paidSession(tool, 120);
    const answers = await Promise.all([
      deliver(server, sessionCompleted(session)),
      deliver(server, asyncPaymentSucceeded(session)),
      deliver(server, sessionCompleted(session)),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await ordersOf(server, tool.id)).map((o) => o.status)).toEqual(["paid"]);
    expect(await eventRows(server)).toHaveLength(3);
    await expectFeaturedOnce(tool, 120);
  });

  describe("refuses an event that is not Stripe's, and changes nothing", () => {
    const now = () => Math.floor(Date.now() / 1000);
    it.each([
      [
        "a signature made with another secret",
        (body: string) => ({ body, signature: signPayload(body, "whsec_someone_else") }),
      ],
      [
        "a stale timestamp (older than 300 s)",
        (body: string) => ({ body, signature: signPayload(body, WEBHOOK_SECRET, now() - 400) }),
      ],
      [
        "a timestamp just past the tolerance",
        (body: string) => ({ body, signature: signPayload(body, WEBHOOK_SECRET, now() - 310) }),
      ],
      [
        "a body changed after signing",
        (body: string) => {
          const signature = signPayload(
            body.replace("checkout.session.completed", "checkout.session.expired"),
            WEBHOOK_SECRET,
          );
          return { body, signature };
        },
      ],
      ["no Stripe-Signature header", (body: string) => ({ body, signature: null })],
      ["an empty Stripe-Signature header", (body: string) => ({ body, signature: "" })],
      ["a malformed header", (body: string) => ({ body, signature: `t=${now()},v1=${"0".repeat(64)}` })],
      [
        "a v0 (test scheme) signature only",
        (body: string) => ({ body, signature: signPayload(body, WEBHOOK_SECRET).replace("v1=", "v0=") }),
      ],
    ])("%s → 400", async (label, sign) => {
      const tool = await newTool(`Forged ${label}`);
      // Paid at Stripe: only the signature stands between this event and a featured tool.
      const session = await paidSession(tool, 500);
      const event = sessionCompleted(session);
      const { body, signature } = sign(JSON.stringify(event));
      const version = await catalogVersion(server);
      const res = await postWebhook(server, body, signature);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorJson).error.code).toBe("invalid-argument");
      expect((await orderOfSession(server, session.id)).status).toBe("created");
      expect(await eventRows(server)).toEqual([]);
      expect(await catalogVersion(server)).toBe(version);
      await expectNotFeatured(tool);
    });

    it("a session id swapped into a body signed for another session → 400", async () => {
      const tool = await newTool("Forged Swap");
      const session = await paidSession(tool, 500);
      const signedFor = sessionCompleted({ ...session, id: "cs_test_harmless" });
      const { body, signature } = signedEvent(signedFor, WEBHOOK_SECRET);
      const res = await postWebhook(server, body.replaceAll("cs_test_harmless", session.id), signature);
      expect(res.status).toBe(400);
      expect((await orderOfSession(server, session.id)).status).toBe("created");
      expect(await eventRows(server)).toEqual([]);
    });
  });

  it("does not trust checkout.session.completed while Stripe says unpaid; async_payment_succeeded after payment fulfils", async () => {
    const tool = await newTool("Webhook Delayed Payment");
    const { sessionId } = await startCheckout(server, tool, 300);
    // A completed event that claims paid: the session at Stripe is what counts.
    const claimed = sessionCompleted({ ...fake.session(sessionId)!, payment_status: "paid" });
    await deliverOk(server, claimed);
    expect((await orderOfSession(server, sessionId)).status).toBe("created");
    await expectNotFeatured(tool);
    expect(await checkoutStatus(server, sessionId)).toBe("pending");

    const session = fake.pay(sessionId);
    await deliverOk(server, asyncPaymentSucceeded(session));
    expect(await orderOfSession(server, sessionId)).toMatchObject({
      status: "paid",
      provider_payment_id: session.payment_intent,
    });
    await expectFeaturedOnce(tool, 300);
  });

  it("fulfils once when async_payment_succeeded comes before completed", async () => {
    const tool = await newTool("Webhook Out Of Order");
    const session = await paidSession(tool, 250);
    await deliverOk(server, asyncPaymentSucceeded(session));
    const paid = await orderOfSession(server, session.id);
    expect(paid.status).toBe("paid");
    const version = await catalogVersion(server);
    await deliverOk(server, sessionCompleted(session));
    expect(await ordersOf(server, tool.id)).toEqual([paid]);
    expect(await catalogVersion(server)).toBe(version);
    await expectFeaturedOnce(tool, 250);
  });

  it("expires the order on checkout.session.expired; the tool is not featured", async () => {
    const tool = await newTool("Webhook Expired");
    const { sessionId } = await startCheckout(server, tool, 250);
    const session = fake.expire(sessionId);
    await deliverOk(server, sessionExpired(session));
    expect((await orderOfSession(server, sessionId)).status).toBe("expired");
    await expectNotFeatured(tool);
    expect(await checkoutStatus(server, sessionId)).toBe("pending");
  });

  it("leaves a paid order paid when an expired event for it comes late", async () => {
    const tool = await newTool("Webhook Expired Late");
    const session = await paidSession(tool, 90);
    await deliverOk(server, sessionCompleted(session));
    await deliverOk(server, sessionExpired(session));
    expect((await orderOfSession(server, session.id)).status).toBe("paid");
    await expectFeaturedOnce(tool, 90);
  });

  it("takes a fully refunded payment's weight away, and only that payment's", async () => {
    const tool = await newTool("Webhook Refunded");
    const small = await paidSession(tool, 100);
    const big = await paidSession(tool, 250);
    await deliverOk(server, sessionCompleted(small));
    await deliverOk(server, sessionCompleted(big));
    await expectFeaturedOnce(tool, 350);

    const refund = refundedCharge(fake.refund(big.id));
    await deliverOk(server, refund);
    const order = await orderOfSession(server, big.id);
    expect(order.status).toBe("refunded");
    expect(order.refunded_at).toEqual(expect.any(Number));
    expect((await orderOfSession(server, small.id)).status).toBe("paid");
    await expectFeaturedOnce(tool, 100);

    await deliverOk(server, refundedCharge(fake.refund(small.id)));
    expect((await orderOfSession(server, small.id)).status).toBe("refunded");
    await expectNotFeatured(tool);
    expect(await candidates(server, tool.name)).toContain(tool.id);
    // A refund replayed changes nothing more; a later completed event does not bring it back.
    await deliverOk(server, refund);
    await deliverOk(server, sessionCompleted(big));
    expect((await ordersOf(server, tool.id)).map((o) => o.status)).toEqual(["refunded", "refunded"]);
    await expectNotFeatured(tool);
  });

  // Events come in any order (Stripe retries a failed delivery for days), and a Checkout Session
  // stays payment_status "paid" after its payment is refunded.
  it("does not feature a tool whose payment was refunded before checkout.session.completed was handled", async () => {
    const tool = await newTool("Refunded Before Completed");
    const session = await paidSession(tool, 250);
    await deliverOk(server, refundedCharge(fake.refund(session.id)));
    expect(fake.session(session.id)?.payment_status).toBe("paid");
    await deliverOk(server, sessionCompleted(session));
    expect((await orderOfSession(server, session.id)).status).not.toBe("paid");
    await expectNotFeatured(tool);
  });

  it("does not fulfil, on the success page's check, a payment refunded before any webhook was handled", async () => {
    const tool = await newTool("Refunded Before Verified");
    const session = await paidSession(tool, 250);
    await deliverOk(server, refundedCharge(fake.refund(session.id)));
    expect(await checkoutStatus(server, session.id)).not.toBe("paid");
    expect((await orderOfSession(server, session.id)).status).not.toBe("paid");
    await expectNotFeatured(tool);
  });

  it("leaves the payment in force after a partial refund", async () => {
    const tool = await newTool("Webhook Partly Refunded");
    const session = await paidSession(tool, 250);
    await deliverOk(server, sessionCompleted(session));
    const version = await catalogVersion(server);
    const partial = fake.refund(session.id, 5000);
    expect(partial).toMatchObject({ amount: 25000, amount_refunded: 5000, refunded: false });
    await deliverOk(server, refundedCharge(partial));
    expect((await orderOfSession(server, session.id)).status).toBe("paid");
    expect(await catalogVersion(server)).toBe(version);
    await expectFeaturedOnce(tool, 250);
  });

  it("answers 200 and changes nothing for events about orders that do not exist", async () => {
    const tool = await newTool("Webhook Bystander");
    const bystander = await paidSession(tool, 60);
    await deliverOk(server, sessionCompleted(bystander));
    const before = await allOrders(server);
    const version = await catalogVersion(server);

    // A session Stripe does not know, one Stripe knows (paid) for an order we never made, and so on.
    const unknownSession = {
      ...bystander,
      id: "cs_test_unknown_to_stripe",
      metadata: { orderId: "no-such-order" },
      client_reference_id: "no-such-order",
    };
    const sdkMade = await fetch(`${fake.url}/v1/checkout/sessions`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_fake", "Content-Type": "application/x-www-form-urlencoded" },
      body: "mode=payment&metadata[orderId]=no-such-order&client_reference_id=no-such-order&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=9900",
    }).then((r) => r.json() as Promise<{ id: string }>);
    const foreign = fake.pay(sdkMade.id);
    for (const event of [
      sessionCompleted(unknownSession),
      asyncPaymentSucceeded(unknownSession),
      sessionCompleted(foreign),
      sessionExpired(unknownSession),
      chargeRefunded({ paymentIntent: "pi_no_such_payment", amount: 6000, amountRefunded: 6000 }),
      chargeRefunded({ paymentIntent: null, amount: 6000, amountRefunded: 6000 }),
      stripeEvent("customer.created", { id: "cus_123", object: "customer" }),
    ]) {
      await deliverOk(server, event);
    }
    expect(await allOrders(server)).toEqual(before);
    expect(await catalogVersion(server)).toBe(version);
    await expectFeaturedOnce(tool, 60);
  });

  it("answers 500 while Stripe cannot be asked, records nothing, and acts on the retry", async () => {
    const tool = await newTool("Webhook Outage");
    const session = await paidSession(tool, 250);
    const event = sessionCompleted(session);
    fake.failNext(10, `/v1/checkout/sessions/${session.id}`);
    const res = await deliver(server, event);
    expect(res.status).toBe(500);
    expect((await orderOfSession(server, session.id)).status).toBe("created");
    expect(await eventRows(server, event.id)).toEqual([]);

    fake.failNext(0);
    await deliverOk(server, event);
    expect((await orderOfSession(server, session.id)).status).toBe("paid");
    await expectFeaturedOnce(tool, 250);
  });

  it("adds up two orders for one tool, and ranks by the sum", async () => {
    const twice = await newTool("Ranked Twice");
    const big = await newTool("Ranked Big");
    const small = await newTool("Ranked Small");
    for (const [tool, amount] of [
      [small, 100],
      [big, 250],
      [twice, 100],
      [twice, 250],
    ] as const) {
      await deliverOk(server, sessionCompleted(await paidSession(tool, amount)));
    }
    expect(await apiTool(server, twice)).toMatchObject({ isFeatured: true, featuredPrice: 350 });
    expect(await apiTool(server, big)).toMatchObject({ isFeatured: true, featuredPrice: 250 });
    expect(await apiTool(server, small)).toMatchObject({ isFeatured: true, featuredPrice: 100 });
    expect(await homeFeatured(server)).toEqual([twice.slug, big.slug, small.slug]);
  });

  it("features a paid pending tool only once it is public", async () => {
    const pending = await newTool("Webhook Pending", { status: "pending" });
    const session = await paidSession(pending, 250);
    await deliverOk(server, sessionCompleted(session));
    expect((await orderOfSession(server, session.id)).status).toBe("paid");
    expect(await apiTool(server, pending)).toBeUndefined();
    expect(await homeFeatured(server)).not.toContain(pending.slug);
  });

  describe("the success page and the status endpoint", () => {
    it("say unknown for a session we never made, and feature nothing", async () => {
      expect(await checkoutStatus(server, "cs_test_never_made")).toBe("unknown");
      expect(await checkoutStatus(server, "x".repeat(300))).toBe("unknown");
      if (hasSuccessPage) {
        const { html } = await getPage(server.url, "/payment-success?session_id=cs_test_never_made&tool_id=whatever");
        expect(html).not.toContain("Payment Successful!");
      }
      expect(await allOrders(server)).toEqual([]);
      expect(await homeFeatured(server)).toEqual([]);
    });

    it("say pending for a session not paid at Stripe, and feature nothing", async () => {
      const tool = await newTool("Success Unpaid");
      const { sessionId } = await startCheckout(server, tool, 250);
      expect(await checkoutStatus(server, sessionId)).toBe("pending");
      if (hasSuccessPage) {
        const { html } = await getPage(server.url, `/payment-success?session_id=${sessionId}&tool_id=${tool.id}`);
        expect(html).not.toContain("Payment Successful!");
      }
      expect((await orderOfSession(server, sessionId)).status).toBe("created");
      await expectNotFeatured(tool);
    });

    it("say pending (never paid) while Stripe cannot be asked", async () => {
      const tool = await newTool("Success Outage");
      const session = await paidSession(tool, 250);
      fake.failNext(10, `/v1/checkout/sessions/${session.id}`);
      expect(await checkoutStatus(server, session.id)).toBe("pending");
      expect((await orderOfSession(server, session.id)).status).toBe("created");
    });

    it("fulfil a session Stripe says is paid before any webhook (verification), once", async () => {
      const tool = await newTool("Success Verified");
      const session = await paidSession(tool, 250);
      expect(await checkoutStatus(server, session.id)).toBe("paid");
      const order = await orderOfSession(server, session.id);
      expect(order).toMatchObject({ status: "paid", provider_payment_id: session.payment_intent });
      await expectFeaturedOnce(tool, 250);
      // The webhook that follows changes nothing.
      await deliverOk(server, sessionCompleted(session));
      expect(await ordersOf(server, tool.id)).toEqual([order]);
      await expectFeaturedOnce(tool, 250);
    });

    it.runIf(hasSuccessPage)(
      "show 'Payment Successful!' on the success page for a paid session, fulfilling it",
      async () => {
        const tool = await newTool("Success Page Verified");
        const session = await paidSession(tool, 250);
        const { res, html } = await getPage(server.url, `/payment-success?session_id=${session.id}&tool_id=${tool.id}`);
        expect(res.status).toBe(200);
        expect(html).toContain("Payment Successful!");
        expect((await orderOfSession(server, session.id)).status).toBe("paid");
        await expectFeaturedOnce(tool, 250);
      },
    );

    it.runIf(hasSuccessPage)("trust the session, not the tool_id of the address", async () => {
      const paidFor = await newTool("Success Paid For");
      const other = await newTool("Success Other");
      const session = await paidSession(paidFor, 250);
      const { html } = await getPage(server.url, `/payment-success?session_id=${session.id}&tool_id=${other.id}`);
      expect(textOf(html)).toContain(paidFor.name);
      expect(textOf(html)).not.toContain(other.name);
      await expectNotFeatured(other);
    });
  });
});

describe("featured placement bought through Stripe ends 365 days after payment", () => {
  const T0 = Date.UTC(2027, 5, 1);
  let clock = T0;
  const testServer = useTestServer({ configure: useStripe, now: () => clock });
  it("drops the tool from the featured lists and the API when its year ends", async () => {
    const server = testServer();
    const tool = makeTool({ name: "Year Long" });
    await addTools(server.services, [tool]);
    fake.reset();
    const { sessionId } = await startCheckout(server, tool, 250);
    await deliverOk(server, sessionCompleted(fake.pay(sessionId)));
    expect((await orderOfSession(server, sessionId)).paid_at).toBe(T0);
    expect(await apiTool(server, tool)).toMatchObject({
      isFeatured: true,
      featuredPrice: 250,
      featuredUntil: new Date(T0 + FEATURED_DURATION_MS).toISOString(),
    });
    expect(await homeFeatured(server)).toEqual([tool.slug]);

    clock = T0 + 364 * DAY_MS;
    expect(await homeFeatured(server)).toEqual([tool.slug]);
    expect((await apiTool(server, tool))?.isFeatured).toBe(true);

    clock = T0 + FEATURED_DURATION_MS;
    expect(await homeFeatured(server)).toEqual([]);
    expect(await apiTool(server, tool)).toMatchObject({ isFeatured: false, featuredPrice: 0, featuredUntil: null });
    expect(await candidates(server, tool.name)).toContain(tool.id);
    // History stays: the order is still a paid one.
    expect((await orderOfSession(server, sessionId)).status).toBe("paid");
  });
});

describe("the built-in test checkout (no Stripe configured)", () => {
  const testServer = useTestServer({ configure: generousCheckouts });
  let server: TestServer;
  beforeAll(() => {
    server = testServer();
  });
  beforeEach(async () => {
    await clearPayments(server);
  });

  async function newTool(name: string, overrides: Partial<NewTool> = {}): Promise<NewTool> {
    const tool = makeTool({ name, ...overrides });
    await addTools(server.services, [tool]);
    return tool;
  }

  it("keeps form posts on this site when there is no Stripe (CSP form-action)", async () => {
    const csp = (await fetch(`${server.url}/submit-tool`)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("form-action 'self';");
  });

  const act = (sessionId: string, intent: string) =>
    postForm(`${server.url}/test-checkout/${encodeURIComponent(sessionId)}`, { intent });

  it("checks out on the app's own page: shows the tool and amount, pays, and features the tool", async () => {
    const tool = await newTool("Test Mode Tool");
    const { sessionId, url } = await startCheckout(server, tool, 250);
    expect(sessionId).toMatch(/^test_[\w-]+$/);
    expect(url).toBe(`/test-checkout/${sessionId}`);
    expect(await orderOfSession(server, sessionId)).toMatchObject({
      provider: "test",
      status: "created",
      amount_cents: 25000,
    });
    expect(await checkoutStatus(server, sessionId)).toBe("pending");

    const { res, html } = await getPage(server.url, url);
    expect(res.status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Test mode — no real charge");
    expect(text).toContain(tool.name);
    expect(text).toContain("$250");

    const pay = await act(sessionId, "pay");
    expect(pay.status).toBe(303);
    expect(locationOf(pay, server.url)).toBe(
      `/payment-success?session_id=${encodeURIComponent(sessionId)}&tool_id=${tool.id}`,
    );
    const order = await orderOfSession(server, sessionId);
    expect(order.status).toBe("paid");
    expect(await checkoutStatus(server, sessionId)).toBe("paid");
    expect(await apiTool(server, tool)).toMatchObject({ isFeatured: true, featuredPrice: 250 });
    expect(await homeFeatured(server)).toEqual([tool.slug]);

    // Paying again (a double click, a back button) changes nothing.
    const again = await act(sessionId, "pay");
    expect(again.status).toBe(303);
    expect(await ordersOf(server, tool.id)).toEqual([order]);
    expect(await apiTool(server, tool)).toMatchObject({ isFeatured: true, featuredPrice: 250 });
    expect(await homeFeatured(server)).toEqual([tool.slug]);
    // The page now says the checkout is closed, with no Pay button.
    const closed = textOf((await getPage(server.url, url)).html);
    expect(closed).toContain("This checkout is closed (paid)");
    expect(closed).not.toMatch(/Pay \$250/);
    // Cancelling a paid checkout does not unpay it.
    const cancel = await act(sessionId, "cancel");
    expect(cancel.status).toBe(303);
    expect((await orderOfSession(server, sessionId)).status).toBe("paid");
  });

  /** The success page's title, and the heading and text of the panel a browser without JavaScript shows. */
  async function successPage(sessionId: string, toolId: string) {
    const query = sessionId ? `session_id=${encodeURIComponent(sessionId)}&tool_id=${toolId}` : "";
    const { res, html } = await getPage(server.url, `/payment-success?${query}`);
    expect(res.status).toBe(200);
    const main = element(html, "main", () => true, "main").inner;
    const shown = elements(main, "div", (a) => (a.class ?? "").split(" ").includes("noscript:block"))[0]?.inner ?? main;
    return { title: titleOf(html), heading: headings(shown, 1)[0], text: textOf(shown) };
  }

  it("says when the paid year ends, and for a tool still under review that it is featured only once approved", async () => {
    const listed = await newTool("Success Listed");
    const paidListed = await startCheckout(server, listed, 60);
    expect((await act(paidListed.sessionId, "pay")).status).toBe(303);
    const listedUntil = formatAddedFull(
      Number((await orderOfSession(server, paidListed.sessionId)).paid_at) + FEATURED_DURATION_MS,
    );
    const shownListed = await successPage(paidListed.sessionId, listed.id);
    expect(shownListed.heading).toBe("Payment Successful!");
    expect(shownListed.text).toContain(`Thank you! ${listed.name} is now featured, until ${listedUntil}.`);

    const pending = await newTool("Success Pending", { status: "pending" });
    const paidPending = await startCheckout(server, pending, 100);
    expect((await act(paidPending.sessionId, "pay")).status).toBe(303);
    expect((await orderOfSession(server, paidPending.sessionId)).featured_from).toBeNull();
    const shownPending = await successPage(paidPending.sessionId, pending.id);
    expect(shownPending.heading).toBe("Payment Successful!");
    expect(shownPending.text).not.toContain("is now featured");
    expect(shownPending.text).toContain(`${pending.name} is still waiting for review, so it is not featured yet.`);
    expect(shownPending.text).toContain(
      "Its featured year of 365 days starts on the day it is approved, so the review takes none of it.",
    );
    // And it is indeed featured nowhere yet.
    expect(await homeFeatured(server)).toEqual([listed.slug]);
  });

  it("gives a payment it cannot find the same title and heading", async () => {
    for (const sessionId of ["test_never_made", ""]) {
      const { title, heading, text } = await successPage(sessionId, "");
      expect(title, sessionId).toMatch(/^Payment Not Found — /);
      expect(heading, sessionId).toBe("Payment Not Found");
      expect(text, sessionId).toContain("no tool has been featured");
    }
  });

  it("cancels: 303 to the cancel page, the order expired, nothing featured", async () => {
    const tool = await newTool("Test Mode Cancelled");
    const { sessionId } = await startCheckout(server, tool, 40);
    const res = await act(sessionId, "cancel");
    expect(res.status).toBe(303);
    expect(locationOf(res, server.url)).toBe(`/payment-cancel?tool_id=${tool.id}`);
    expect((await orderOfSession(server, sessionId)).status).toBe("expired");
    expect(await checkoutStatus(server, sessionId)).toBe("pending");
    expect(await apiTool(server, tool)).toMatchObject({ isFeatured: false, featuredPrice: 0 });
    expect(await homeFeatured(server)).toEqual([]);
  });

  it("answers 404 for an unknown test session, and 400 for an unknown intent", async () => {
    const tool = await newTool("Test Mode Intent");
    const { sessionId } = await startCheckout(server, tool, 40);
    expect((await getPage(server.url, "/test-checkout/test_no_such_session")).res.status).toBe(404);
    expect((await act("test_no_such_session", "pay")).status).toBe(404);
    expect((await act("test_no_such_session", "cancel")).status).toBe(404);
    expect((await act(sessionId, "refund")).status).toBe(400);
    expect((await orderOfSession(server, sessionId)).status).toBe("created");
    expect(await checkoutStatus(server, "test_no_such_session")).toBe("unknown");
  });

  it("features a paid pending tool only once it is public", async () => {
    const pending = await newTool("Test Mode Pending", { status: "pending" });
    const { sessionId } = await startCheckout(server, pending, 100);
    expect((await act(sessionId, "pay")).status).toBe(303);
    expect((await orderOfSession(server, sessionId)).status).toBe("paid");
    expect(await homeFeatured(server)).toEqual([]);
  });

  it("refuses Stripe webhooks: Stripe is not configured", async () => {
    const tool = await newTool("Test Mode Webhook");
    const { sessionId } = await startCheckout(server, tool, 40);
    const event = stripeEvent("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      payment_status: "paid",
    });
    const res = await deliver(server, event);
    expect(res.status).toBe(400);
    expect((await orderOfSession(server, sessionId)).status).toBe("created");
    expect(await eventRows(server)).toEqual([]);
  });
});

describe("the feature dialog's candidates", () => {
  const testServer = useTestServer({ configure: generousCheckouts });
  const tools = Array.from({ length: 25 }, (_, i) => makeTool({ name: `Candidate ${String(i + 1).padStart(2, "0")}` }));
  const others = [makeTool({ name: "Lonely Lantern" }), makeTool({ name: "Paid Parrot" })];

  it("lists the first 20, says there are more, and how many tools can be featured (or topped up) in all", async () => {
    const server = testServer();
    await addTools(server.services, [...tools, ...others]);
    await addPaidOrder(server.services, others[1]!, 50, Date.now() - DAY_MS);

    const read = async (q: string) => {
      const res = await fetch(`${server.url}/api/feature-candidates?q=${encodeURIComponent(q)}`, {
        headers: { Accept: "application/json" },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        data: { id: string; featuredCents: number }[];
        more: boolean;
        eligible: number;
        ranking: { id: string; cents: number }[];
      };
    };
    // 27 public tools, one of them featured: all 27 can be featured, that one topped up.
    const all = await read("");
    expect(all.data).toHaveLength(20);
    expect(all).toMatchObject({ more: true, eligible: 27, ranking: [{ id: others[1]!.id, cents: 5000 }] });
    expect((await read("parrot")).data).toMatchObject([{ id: others[1]!.id, featuredCents: 5000 }]);
    const candidates = await read("candidate");
    expect(candidates.data).toHaveLength(20);
    expect(candidates.more).toBe(true);
    const one = await read("lonely");
    expect(one.data.map((t) => t.id)).toEqual([others[0]!.id]);
    expect(one).toMatchObject({ more: false, eligible: 27 });
  });

  it("offers the one tool a link names, and refuses an id that is not one", async () => {
    const server = testServer();
    const named = await fetch(`${server.url}/api/feature-candidates?tool=${others[0]!.id}`, {
      headers: { Accept: "application/json" },
    });
    expect(named.status).toBe(200);
    expect(((await named.json()) as { data: { id: string }[] }).data.map((t) => t.id)).toEqual([others[0]!.id]);
    const unknown = await fetch(`${server.url}/api/feature-candidates?tool=zzzzzzzzzzzzzzzzzzzz`, {
      headers: { Accept: "application/json" },
    });
    expect(((await unknown.json()) as { data: unknown[] }).data).toEqual([]);
    const bad = await fetch(`${server.url}/api/feature-candidates?tool=${encodeURIComponent("<script>")}`, {
      headers: { Accept: "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");
  });
});
