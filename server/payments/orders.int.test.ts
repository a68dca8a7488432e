import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTool } from "../../tests/support/catalog.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { changeCatalog, type CatalogWrite } from "../catalog/change.ts";
import { insertTools } from "../catalog/write.ts";
import { attachSession, createOrder, expireOrder, findOrder, fulfilOrder, recordEvent, refundOrder } from "./orders.ts";

// The order state machine on a real database (both engines): each transition happens once, even
// when many transactions race for it (replayed webhooks, the success page and a webhook at once).

describe("orders", () => {
  let testDb: TestDatabase;
  const tool = makeTool({ name: "Order Subject" });
  const T = Date.UTC(2027, 0, 1);

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await asChange(T, (write) => insertTools(write, [tool]));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const db = () => testDb.database.db;
  /** A catalogue change at time `at` (no page cache here to tell). */
  const asChange = <R>(at: number, fn: (write: CatalogWrite) => Promise<R>) =>
    changeCatalog({ database: testDb.database, now: () => at }, fn);

  async function newOrder(sessionId: string | null = `cs_test_${Math.random().toString(36).slice(2)}`) {
    const id = await createOrder(
      db(),
      { toolId: tool.id, toolName: tool.name, amountCents: 25000, provider: "stripe" },
      T,
    );
    await attachSession(db(), id, sessionId, T + 1);
    return id;
  }

  async function row(id: string) {
    return db().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }

  async function version(): Promise<number> {
    const state = await db()
      .selectFrom("catalog_state")
      .select("version")
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    return Number(state.version);
  }

  it("records an order, its session, and finds it by either", async () => {
    const id = await newOrder("cs_test_find_me");
    expect(await findOrder(db(), { id })).toEqual({
      id,
      toolId: tool.id,
      toolName: tool.name,
      amountCents: 25000,
      provider: "stripe",
      sessionId: "cs_test_find_me",
      status: "created",
      paidAt: null,
      featuredFrom: null,
      settledNote: null,
      settledAs: null,
      kind: "featuring",
      reviewDueAt: null,
    });
    expect((await findOrder(db(), { sessionId: "cs_test_find_me" }))?.id).toBe(id);
    expect(await findOrder(db(), { sessionId: "cs_test_nobody" })).toBeNull();
  });

  it("marks an order failed when no session could be made", async () => {
    const id = await newOrder(null);
    expect(await row(id)).toMatchObject({ status: "failed", provider_session_id: null });
    expect(await asChange(T + 5, (write) => fulfilOrder(write, id, { paidAt: T + 5, paymentId: "pi_x" }))).toBe(false);
    expect((await row(id)).status).toBe("failed");
  });

  it("fulfils once: the second call changes nothing, not even paid_at or the catalogue version", async () => {
    const id = await newOrder();
    const before = await version();
    expect(await asChange(T + 10, (write) => fulfilOrder(write, id, { paidAt: T + 10, paymentId: "pi_once" }))).toBe(
      true,
    );
    expect(await row(id)).toMatchObject({ status: "paid", paid_at: T + 10, provider_payment_id: "pi_once" });
    expect(await version()).toBe(before + 1);
    expect(await asChange(T + 20, (write) => fulfilOrder(write, id, { paidAt: T + 20, paymentId: "pi_other" }))).toBe(
      false,
    );
    expect(await row(id)).toMatchObject({ status: "paid", paid_at: T + 10, provider_payment_id: "pi_once" });
    expect(await version()).toBe(before + 1);
  });

  it("fulfils once when 20 transactions race for it", async () => {
    const id = await newOrder();
    const before = await version();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asChange(T + 100 + i, (write) => fulfilOrder(write, id, { paidAt: T + 100 + i, paymentId: `pi_race_${i}` })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect(await row(id)).toMatchObject({
      status: "paid",
      paid_at: T + 100 + winner,
      provider_payment_id: `pi_race_${winner}`,
    });
    expect(await version()).toBe(before + 1);
  });

  it("expires only a waiting order, and lets a late payment overtake the expiry", async () => {
    const waiting = await newOrder();
    await expireOrder(db(), waiting, T + 30);
    expect((await row(waiting)).status).toBe("expired");
    expect(
      await asChange(T + 40, (write) => fulfilOrder(write, waiting, { paidAt: T + 40, paymentId: "pi_late" })),
    ).toBe(true);
    expect((await row(waiting)).status).toBe("paid");
    await expireOrder(db(), waiting, T + 50);
    expect((await row(waiting)).status).toBe("paid");
  });

  it("refunds a paid order by its payment, once, and never fulfils it again", async () => {
    const id = await newOrder();
    await asChange(T + 60, (write) => fulfilOrder(write, id, { paidAt: T + 60, paymentId: "pi_refund_me" }));
    const before = await version();
    expect(await asChange(T + 70, (write) => refundOrder(write, { paymentId: "pi_refund_me" }))).toBe(true);
    expect(await row(id)).toMatchObject({ status: "refunded", refunded_at: T + 70, paid_at: T + 60 });
    expect(await version()).toBe(before + 1);
    expect(await asChange(T + 80, (write) => refundOrder(write, { paymentId: "pi_refund_me" }))).toBe(false);
    expect(await asChange(T + 80, (write) => refundOrder(write, { paymentId: "pi_nobody" }))).toBe(false);
    expect(
      await asChange(T + 90, (write) => fulfilOrder(write, id, { paidAt: T + 90, paymentId: "pi_refund_me" })),
    ).toBe(false);
    await expireOrder(db(), id, T + 95);
    expect(await row(id)).toMatchObject({ status: "refunded", refunded_at: T + 70 });
    expect(await version()).toBe(before + 1);
  });

  it("does not refund an order that is not paid", async () => {
    const id = await newOrder();
    expect(await asChange(T + 70, (write) => refundOrder(write, { id }))).toBe(false);
    expect((await row(id)).status).toBe("created");
  });

  it("records an event once; a replay is told so", async () => {
    const event = { id: "evt_record_once", type: "checkout.session.completed" };
    expect(
      await db()
        .transaction()
        .execute((trx) => recordEvent(trx, event, T)),
    ).toBe(true);
    expect(
      await db()
        .transaction()
        .execute((trx) => recordEvent(trx, event, T + 1)),
    ).toBe(false);
    const rows = await db().selectFrom("payment_events").selectAll().where("event_id", "=", event.id).execute();
    expect(rows).toEqual([{ event_id: event.id, type: event.type, received_at: T }]);
  });

  it("records an event once when 20 deliveries race", async () => {
    const event = { id: "evt_record_race", type: "charge.refunded" };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db()
          .transaction()
          .execute((trx) => recordEvent(trx, event, T)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db().selectFrom("payment_events").selectAll().where("event_id", "=", event.id).execute()).toHaveLength(
      1,
    );
  });
});
