import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { openDatabase, type Database } from "../db/index.ts";
import { createLogger } from "../logger.ts";
import type { RunSummary } from "./runs.ts";
import { createScheduler, RUNS_KEPT, type RunContext, type ScheduledJob, type Scheduler } from "./scheduler.ts";

// The scheduler's lease and slots against a real database (both engines), with a job whose
// work the tests hold and release. Several schedulers on one database stand for several instances,
// each with its own connection.

const log = createLogger("silent");
let clock = 1_800_000_000_000;
const now = () => clock;

let testDb: TestDatabase;
let second: Database;

interface Held {
  context: RunContext;
  release(summary?: RunSummary): void;
  fail(error: Error): void;
}

/** A job whose runs wait until the test releases them; `started()` resolves with the next run to begin. */
function heldJob(leaseMs = 60_000) {
  const state = { runs: 0 };
  const waiting: ((held: Held) => void)[] = [];
  const begun: Held[] = [];
  const started = (): Promise<Held> => {
    const ready = begun.shift();
    return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
  };
  const job: ScheduledJob = {
    name: "product-hunt-import",
    schedule: { pattern: "0 13 * * *", timezone: "Europe/Amsterdam" },
    enabled: true,
    setting: "HELD_JOB",
    leaseMs,
    run(context) {
      state.runs++;
      return new Promise<RunSummary>((resolve, reject) => {
        const held: Held = { context, release: (summary = { done: 1 }) => resolve(summary), fail: reject };
        const waiter = waiting.shift();
        if (waiter) waiter(held);
        else begun.push(held);
      });
    },
  };
  return { job, state, started };
}

function scheduler(database: Database, job: ScheduledJob): Scheduler {
  return createScheduler({ database, jobs: [job], now, log });
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  second = openDatabase(testDb.target);
});
afterAll(async () => {
  await second?.close();
  await testDb?.drop();
});
beforeEach(async () => {
  await testDb.database.db.deleteFrom("leases").execute();
  await testDb.database.db.deleteFrom("scheduled_runs").execute();
});

const runRows = () => testDb.database.db.selectFrom("scheduled_runs").selectAll().orderBy("started_at").execute();

describe("scheduled runs", () => {
  it("records a manual run with its figures and item errors, and releases the job", async () => {
    const { job, started } = heldJob();
    const a = scheduler(testDb.database, job);
    const run = a.run("product-hunt-import");
    const held = await started();
    held.context.itemError("https://example.com/x", "It broke.");
    held.release({ urlsFound: 3, savedCount: 1 });
    const outcome = await run;
    expect(outcome.kind).toBe("finished");
    const rows = await runRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ trigger: "manual", status: "succeeded", slot: null });
    expect(JSON.parse(rows[0]!.summary)).toEqual({ urlsFound: 3, savedCount: 1 });
    expect(JSON.parse(rows[0]!.item_errors)).toEqual([{ url: "https://example.com/x", message: "It broke." }]);
    expect(await testDb.database.db.selectFrom("leases").selectAll().execute()).toEqual([]);
    expect((await a.lastRun("product-hunt-import"))?.summary).toEqual({ urlsFound: 3, savedCount: 1 });
  });

  it("refuses a second run while one is going, on this instance or another, and names the running one", async () => {
    const { job, state, started } = heldJob();
    const a = scheduler(testDb.database, job);
    const b = scheduler(second, job);
    const first = a.run("product-hunt-import");
    const held = await started();
    const again = await a.run("product-hunt-import");
    const elsewhere = await b.run("product-hunt-import");
    expect(again.kind).toBe("busy");
    expect(elsewhere.kind).toBe("busy");
    const running = again.kind === "busy" ? again.run : null;
    expect(running).toMatchObject({ status: "running", trigger: "manual" });
    expect((await a.overview())[0]!.running?.id).toBe(running!.id);
    held.release();
    await first;
    expect(state.runs).toBe(1);
    expect(await runRows()).toHaveLength(1);
  });

  it("makes one run of a scheduled tick that two instances serve at once, and none when the tick comes again", async () => {
    const { job, state, started } = heldJob();
    const a = scheduler(testDb.database, job);
    const b = scheduler(second, job);
    const slot = Date.parse("2026-11-23T12:00:00Z");
    const both = Promise.all([a.tick("product-hunt-import", slot), b.tick("product-hunt-import", slot)]);
    (await started()).release();
    const outcomes = (await both).map((o) => o.kind).sort();
    expect(outcomes).toEqual(["busy", "finished"]);
    // A slower instance woken by the same tick after the run has finished.
    expect((await b.tick("product-hunt-import", slot)).kind).toBe("skipped");
    expect(state.runs).toBe(1);
    const rows = await runRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ trigger: "schedule", status: "succeeded" });
    expect(Number(rows[0]!.slot)).toBe(slot);
    expect(await testDb.database.db.selectFrom("leases").selectAll().execute()).toEqual([]);
  });

  it("marks a failed run with its error and lets the next one run", async () => {
    const { job, started } = heldJob();
    const a = scheduler(testDb.database, job);
    const run = a.run("product-hunt-import");
    (await started()).fail(new Error("The feed could not be read."));
    const outcome = await run;
    expect(outcome).toMatchObject({
      kind: "finished",
      run: { status: "failed", error: "The feed could not be read." },
    });
    const next = a.run("product-hunt-import");
    (await started()).release();
    expect((await next).kind).toBe("finished");
  });

  it("lets a dead run's lease expire, then runs and marks the dead run interrupted", async () => {
    const { job, state, started } = heldJob(60_000);
    const a = scheduler(testDb.database, job);
    await testDb.database.db
      .insertInto("leases")
      .values({ name: "product-hunt-import", holder: "dead", expires_at: clock + 60_000 })
      .execute();
    await testDb.database.db
      .insertInto("scheduled_runs")
      .values({
        id: "dead-run",
        job: "product-hunt-import",
        trigger: "schedule",
        slot: 1,
        status: "running",
        started_at: clock - 1000,
        finished_at: null,
        error: null,
      })
      .execute();
    expect((await a.run("product-hunt-import")).kind).toBe("busy");
    expect(state.runs).toBe(0);
    clock += 60_001;
    const run = a.run("product-hunt-import");
    (await started()).release();
    expect((await run).kind).toBe("finished");
    const dead = await testDb.database.db
      .selectFrom("scheduled_runs")
      .selectAll()
      .where("id", "=", "dead-run")
      .executeTakeFirstOrThrow();
    expect(dead.status).toBe("interrupted");
    expect(dead.error).toMatch(/stopped before finishing/);
  });

  it("aborts a run whose lease another instance took over, and records it interrupted", async () => {
    const { job, started } = heldJob(3000);
    const a = scheduler(testDb.database, job);
    const run = a.run("product-hunt-import");
    const held = await started();
    const { context } = held;
    // Another holder takes the job over (as after a long pause of this process).
    await testDb.database.db.updateTable("leases").set({ holder: "someone-else" }).execute();
    const aborted = await new Promise<unknown>((resolve) =>
      context.signal.addEventListener("abort", () => resolve(context.signal.reason)),
    );
    expect(String(aborted)).toMatch(/lost its lease/);
    held.fail(context.signal.reason as Error);
    expect(await run).toMatchObject({ kind: "finished", run: { status: "interrupted" } });
    // The lease it lost stays with its new holder.
    expect(await testDb.database.db.selectFrom("leases").select("holder").execute()).toEqual([
      { holder: "someone-else" },
    ]);
  });

  it("runs a job of every instance on each instance at one tick, each under its own lease, and records both", async () => {
    const { job, state, started } = heldJob();
    const own = { ...job, name: "counts-flush", everyInstance: true };
    const a = scheduler(testDb.database, own);
    const b = scheduler(second, own);
    const slot = Date.parse("2026-11-23T12:00:00Z");
    const both = Promise.all([a.tick("counts-flush", slot), b.tick("counts-flush", slot)]);
    const first = await started();
    const other = await started();
    // Both hold a lease at once: each instance's own.
    expect(await testDb.database.db.selectFrom("leases").selectAll().execute()).toHaveLength(2);
    first.release();
    other.release();
    expect((await both).map((o) => o.kind)).toEqual(["finished", "finished"]);
    expect(state.runs).toBe(2);
    const rows = await runRows();
    expect(rows.map((row) => [row.status, row.slot])).toEqual([
      ["succeeded", null],
      ["succeeded", null],
    ]);
    // A run by hand on one instance while it runs on another is not refused, nor does it end the other's run.
    const elsewhere = a.tick("counts-flush", slot + 60_000);
    const running = await started();
    const byHand = b.run("counts-flush");
    (await started()).release();
    expect((await byHand).kind).toBe("finished");
    running.release();
    expect(await elsewhere).toMatchObject({ kind: "finished", run: { status: "succeeded" } });
    expect(await testDb.database.db.selectFrom("leases").selectAll().execute()).toEqual([]);
  });

  it("keeps each job's newest runs and forgets older ones", async () => {
    const { job, started } = heldJob();
    const a = scheduler(testDb.database, job);
    await testDb.database.db
      .insertInto("scheduled_runs")
      .values(
        Array.from({ length: RUNS_KEPT + 5 }, (_, i) => ({
          id: `old-run-${String(i).padStart(4, "0")}`,
          job: "product-hunt-import",
          trigger: "schedule" as const,
          slot: i,
          status: "succeeded" as const,
          started_at: clock - 1_000_000 + i,
          finished_at: clock - 1_000_000 + i + 1,
          error: null,
        })),
      )
      .execute();
    await testDb.database.db
      .insertInto("scheduled_runs")
      .values({
        id: "other-job-run",
        job: "link-health",
        trigger: "schedule",
        slot: 1,
        status: "succeeded",
        started_at: clock - 2_000_000,
        finished_at: clock,
        error: null,
      })
      .execute();
    const run = a.run("product-hunt-import");
    (await started()).release();
    await run;
    const rows = await runRows();
    const ofJob = rows.filter((row) => row.job === "product-hunt-import");
    expect(ofJob).toHaveLength(RUNS_KEPT);
    // The newest: this run and the 99 latest before it.
    expect(ofJob[0]!.id).toBe(`old-run-${String(6).padStart(4, "0")}`);
    expect(rows.some((row) => row.id === "other-job-run")).toBe(true);
  });

  it("tells the next run of a scheduled job, and nothing for a job whose schedule is off", async () => {
    const { job } = heldJob();
    const on = scheduler(testDb.database, job);
    const off = scheduler(testDb.database, { ...job, enabled: false });
    expect(on.nextRun("product-hunt-import", Date.parse("2026-11-23T12:30:00Z"))).toBe(
      Date.parse("2026-11-24T12:00:00Z"),
    );
    expect(off.nextRun("product-hunt-import")).toBeNull();
    expect((await off.overview())[0]).toMatchObject({ enabled: false, nextRunAt: null, running: null, lastRuns: [] });
  });
});
