import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { openDatabase, type Database } from "../db/index.ts";
import { createLogger } from "../logger.ts";
import { createJobRunner, enqueueJob, type JobHandler, type JobRunner } from "./queue.ts";

// The job queue against a real database (both engines). The clock the runners see is a variable
// the tests move; polling timers are real.

const log = createLogger("silent");
const START = 1_700_000_000_000;
let clock = START;
const now = () => clock;

let testDb: TestDatabase;
const runners: JobRunner[] = [];
const extraDatabases: Database[] = [];
const gates: Gate[] = [];

interface Gate {
  promise: Promise<void>;
  release(): void;
}

/** A promise the test resolves; released in afterEach at the latest, so no runner hangs. */
function gate(): Gate {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  const g = { promise, release };
  gates.push(g);
  return g;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RunnerOptions {
  handle: JobHandler<"screenshot">;
  database?: Database;
  maxAttempts?: number;
  retryDelayMs?: (attempts: number) => number;
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
}

function runner({
  handle,
  database = testDb.database,
  maxAttempts = 3,
  retryDelayMs = (attempts) => attempts * 1000,
  leaseMs = 60_000,
  pollMs = 60_000,
  concurrency = 1,
}: RunnerOptions): JobRunner {
  const r = createJobRunner({
    database,
    kinds: { screenshot: { handle, maxAttempts, retryDelayMs, leaseMs } },
    now,
    log,
    pollMs,
    concurrency,
  });
  runners.push(r);
  return r;
}

/** A second connection to the same database, as another instance of the app would have. */
function secondConnection(): Database {
  const database = openDatabase(testDb.target);
  extraDatabases.push(database);
  return database;
}

const enqueue = (toolId: string) => enqueueJob(testDb.database.db, "screenshot", { toolId }, now());

function jobRow(id: string) {
  return testDb.database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

async function jobCount(): Promise<number> {
  return (await testDb.database.db.selectFrom("jobs").select("id").execute()).length;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterEach(async () => {
  for (const g of gates.splice(0)) g.release();
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(extraDatabases.splice(0).map((d) => d.close()));
  await testDb.database.db.deleteFrom("jobs").execute();
  clock = START;
});

afterAll(async () => {
  await testDb?.drop();
});

describe("running a job", () => {
  it("runs an enqueued job once with its payload and deletes it", async () => {
    const calls: { payload: { toolId: string }; job: { id: string; attempts: number } }[] = [];
    const r = runner({ handle: async (payload, job) => void calls.push({ payload, job }) });
    const id = await enqueue("tool-1");
    expect(await jobRow(id)).toMatchObject({
      kind: "screenshot",
      status: "queued",
      attempts: 0,
      run_at: START,
      locked_until: null,
    });

    expect(await r.drain()).toBe(1);
    expect(calls).toEqual([{ payload: { toolId: "tool-1" }, job: { id, attempts: 1 } }]);
    expect(await jobRow(id)).toBeUndefined();
    expect(await r.drain()).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it("does not run a job before its time", async () => {
    const ran: string[] = [];
    const r = runner({ handle: async ({ toolId }) => void ran.push(toolId) });
    await enqueueJob(testDb.database.db, "screenshot", { toolId: "later" }, START + 5000);
    expect(await r.drain()).toBe(0);
    clock = START + 5000;
    expect(await r.drain()).toBe(1);
    expect(ran).toEqual(["later"]);
  });
});

describe("a failing job", () => {
  it("is retried after retryDelayMs(attempts) and marked failed after maxAttempts", async () => {
    const attempts: number[] = [];
    const r = runner({
      maxAttempts: 3,
      retryDelayMs: (n) => n * 1000,
      handle: async (_payload, job) => {
        attempts.push(job.attempts);
        throw new Error(`boom ${job.attempts}`);
      },
    });
    const id = await enqueue("tool-1");

    expect(await r.drain()).toBe(1);
    expect(attempts).toEqual([1]);
    expect(await jobRow(id)).toMatchObject({
      status: "queued",
      attempts: 1,
      run_at: START + 1000,
      locked_until: null,
      last_error: "boom 1",
    });

    clock = START + 999;
    expect(await r.drain()).toBe(0);
    expect(attempts).toEqual([1]);

    clock = START + 1000;
    expect(await r.drain()).toBe(1);
    expect(attempts).toEqual([1, 2]);
    expect(await jobRow(id)).toMatchObject({
      status: "queued",
      attempts: 2,
      run_at: START + 3000,
      locked_until: null,
      last_error: "boom 2",
    });

    clock = START + 2999;
    expect(await r.drain()).toBe(0);
    clock = START + 3000;
    expect(await r.drain()).toBe(1);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: 3, locked_until: null, last_error: "boom 3" });

    // Failed jobs stay for the admin to see and are never run again.
    clock = START + 365 * 24 * 3600 * 1000;
    expect(await r.drain()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("keeps a non-Error reason and does not hold up the other jobs", async () => {
    const ran: string[] = [];
    const r = runner({
      handle: async ({ toolId }) => {
        ran.push(toolId);
        if (toolId === "bad") throw "plain string";
      },
    });
    const bad = await enqueue("bad");
    await enqueue("good");
    expect(await r.drain()).toBe(2);
    expect(ran.sort()).toEqual(["bad", "good"]);
    expect(await jobRow(bad)).toMatchObject({ status: "queued", attempts: 1, last_error: "plain string" });
    expect(await jobCount()).toBe(1);
  });
});

describe("several runners", () => {
  it("two runners on separate connections working through 30 jobs at once run each exactly once", async () => {
    const counts = new Map<string, number>();
    const handle: JobHandler<"screenshot"> = async ({ toolId }) => {
      counts.set(toolId, (counts.get(toolId) ?? 0) + 1);
      await sleep(Math.random() * 5);
    };
    const ids = Array.from({ length: 30 }, (_, i) => `tool-${i}`);
    for (const toolId of ids) await enqueue(toolId);

    // Both runners see every job in each look and race for all of them. start(), not drain(), and
    // more slots than jobs: drain() can hang and a runner whose slots are all busy when it is
    // nudged stops for good (both bugs have their own tests).
    const a = runner({ handle, concurrency: 40, pollMs: 20 });
    const b = runner({ handle, concurrency: 40, pollMs: 20, database: secondConnection() });
    a.start();
    b.start();
    await vi.waitFor(async () => expect(await jobCount()).toBe(0), { timeout: 5000 });
    await Promise.all([a.stop(), b.stop()]);

    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  // The jobs drain() started may all have finished while its look was still trying to claim one
  // that another runner took meanwhile: drain() must not then wait on nothing (it once hung for
  // ever here, seen with two runners on PostgreSQL). Made deterministic by holding back the
  // result of the second claim's SELECT.
  it("drain() returns when another runner takes the job it was about to claim", async () => {
    const selectHeld = gate();
    let selects = 0;
    const selectIds = new Set<unknown>();
    const holdSecondSelect: KyselyPlugin = {
      transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
        if (args.node.kind === "SelectQueryNode") selectIds.add(args.queryId);
        return args.node;
      },
      async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        if (selectIds.has(args.queryId) && ++selects === 2) await selectHeld.promise;
        return args.result;
      },
    };
    const database: Database = { ...testDb.database, db: testDb.database.db.withPlugin(holdSecondSelect) };
    const ranByA: string[] = [];
    const a = runner({ database, concurrency: 2, handle: async ({ toolId }) => void ranByA.push(toolId) });
    const ranByB: string[] = [];
    const b = runner({ database: secondConnection(), handle: async ({ toolId }) => void ranByB.push(toolId) });

    const first = await enqueueJob(testDb.database.db, "screenshot", { toolId: "first" }, START);
    await enqueueJob(testDb.database.db, "screenshot", { toolId: "second" }, START + 1);
    clock = START + 1;

    const drained = a.drain(); // claims "first", then reads "second" as due (held back)
    await vi.waitFor(async () => {
      expect(selects).toBe(2);
      expect(ranByA).toEqual(["first"]);
      expect(await jobRow(first)).toBeUndefined();
    });
    await sleep(20); // "first" is over, in the database and in the runner
    expect(await b.drain()).toBe(1); // the other instance takes and finishes "second"
    expect(ranByB).toEqual(["second"]);
    selectHeld.release();

    expect(await Promise.race([drained, sleep(2000).then(() => "still draining after 2 s")])).toBe(1);
    expect(ranByA).toEqual(["first"]);
    expect(await jobCount()).toBe(0);
  });

  it("leaves a job whose lease has not expired and takes it over once it has", async () => {
    const held = gate();
    let aEntered = false;
    const a = runner({
      leaseMs: 10_000,
      handle: async () => {
        aEntered = true;
        await held.promise; // a worker that hangs (or died) while holding the job
      },
    });
    const byB: number[] = [];
    const b = runner({
      leaseMs: 10_000,
      database: secondConnection(),
      handle: async (_p, job) => void byB.push(job.attempts),
    });

    const id = await enqueue("tool-1");
    a.start();
    await vi.waitFor(() => expect(aEntered).toBe(true));
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 1, locked_until: START + 10_000 });

    clock = START + 10_000; // the lease's last moment
    expect(await b.drain()).toBe(0);
    expect(byB).toEqual([]);

    clock = START + 10_001;
    expect(await b.drain()).toBe(1);
    expect(byB).toEqual([2]);
    expect(await jobRow(id)).toBeUndefined();
  });

  // A worker whose lease ran out and was taken over must not write the job's state when its
  // handler fails: releasing it while the new holder works would let a third worker run it twice
  // at once. Its writes apply only while the row still has its attempt.
  it("a worker whose lease was taken over does not release the job the new holder is running", async () => {
    const aGate = gate();
    const bGate = gate();
    let active = 0;
    let maxActive = 0;
    const enter = () => {
      active++;
      maxActive = Math.max(maxActive, active);
    };
    let aEntered = false;
    let bEntered = false;
    const a = runner({
      leaseMs: 10_000,
      retryDelayMs: () => 0,
      handle: async () => {
        aEntered = true;
        await aGate.promise;
        throw new Error("timed out");
      },
    });
    const b = runner({
      leaseMs: 10_000,
      retryDelayMs: () => 0,
      database: secondConnection(),
      handle: async () => {
        enter();
        bEntered = true;
        await bGate.promise;
        active--;
      },
    });
    let cRuns = 0;
    const c = runner({ leaseMs: 10_000, handle: async () => void (enter(), cRuns++, active--) });

    const id = await enqueue("tool-1");
    a.start();
    await vi.waitFor(() => expect(aEntered).toBe(true));
    clock = START + 10_001;
    const bDrained = b.drain();
    await vi.waitFor(() => expect(bEntered).toBe(true));
    expect(await jobRow(id)).toMatchObject({ attempts: 2, locked_until: START + 20_001 });

    // The old holder gives up while the new one is still working.
    aGate.release();
    await a.stop();
    expect(await c.drain(), "a third worker took the job while its holder was running it").toBe(0);
    expect(cRuns).toBe(0);
    expect(maxActive, "the job ran twice at once after the takeover").toBe(1);
    expect(await jobRow(id)).toMatchObject({ attempts: 2, locked_until: START + 20_001 });

    bGate.release();
    expect(await bDrained).toBe(1);
    expect(maxActive).toBe(1);
  });
});

describe("concurrency", () => {
  it("runs at most `concurrency` jobs at once, and that many in parallel", async () => {
    let active = 0;
    let maxActive = 0;
    const done: string[] = [];
    const r = runner({
      concurrency: 2,
      handle: async ({ toolId }) => {
        active++;
        maxActive = Math.max(maxActive, active);
        await sleep(40);
        active--;
        done.push(toolId);
      },
    });
    for (let i = 0; i < 6; i++) await enqueue(`tool-${i}`);
    expect(await r.drain()).toBe(6);
    expect(done).toHaveLength(6);
    expect(maxActive).toBe(2);
    expect(await jobCount()).toBe(0);
  });

  it("with jobs released one by one, a freed slot is filled while the other still runs", async () => {
    const g = Array.from({ length: 3 }, () => gate());
    const started: number[] = [];
    let active = 0;
    let maxActive = 0;
    const r = runner({
      concurrency: 2,
      handle: async ({ toolId }) => {
        const n = Number(toolId);
        started.push(n);
        active++;
        maxActive = Math.max(maxActive, active);
        await g[n]!.promise;
        active--;
      },
    });
    for (let i = 0; i < 3; i++) {
      await enqueueJob(testDb.database.db, "screenshot", { toolId: String(i) }, START + i); // run_at orders them
    }
    clock = START + 10;
    const drained = r.drain();
    await vi.waitFor(() => expect(started).toEqual([0, 1]));
    g[0]!.release();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    expect(maxActive).toBe(2);
    g[1]!.release();
    g[2]!.release();
    expect(await drained).toBe(3);
  });
});

describe("start, nudge and stop", () => {
  it("start() picks up a job enqueued before it", async () => {
    const ran: string[] = [];
    await enqueue("early");
    const r = runner({ pollMs: 60_000, handle: async ({ toolId }) => void ran.push(toolId) });
    r.start();
    await vi.waitFor(() => expect(ran).toEqual(["early"]), { timeout: 2000 });
    await vi.waitFor(async () => expect(await jobCount()).toBe(0));
  });

  it("polls for jobs enqueued elsewhere", async () => {
    const ran: string[] = [];
    const r = runner({ pollMs: 50, handle: async ({ toolId }) => void ran.push(toolId) });
    r.start();
    await sleep(100);
    await enqueue("polled"); // no nudge: only the poll can find it
    await vi.waitFor(() => expect(ran).toEqual(["polled"]), { timeout: 2000 });
  });

  it("nudge() runs a new job at once instead of at the next poll", async () => {
    const ran: string[] = [];
    const r = runner({ pollMs: 60_000, handle: async ({ toolId }) => void ran.push(toolId) });
    r.start();
    await sleep(100); // start()'s own look has found nothing
    await enqueue("nudged");
    await sleep(300);
    expect(ran).toEqual([]); // the poll is a minute away
    r.nudge();
    await vi.waitFor(() => expect(ran).toEqual(["nudged"]), { timeout: 2000 });
  });

  // A look with every slot busy finishes without waiting on anything; the runner must still look
  // again later (it once kept returning that settled look for good, and never claimed again).
  it("a nudge while every slot is busy does not stop the runner", async () => {
    const held = gate();
    const ran: string[] = [];
    const r = runner({
      pollMs: 60_000,
      concurrency: 1,
      handle: async ({ toolId }) => {
        ran.push(toolId);
        if (toolId === "slow") await held.promise;
      },
    });
    await enqueue("slow");
    r.start();
    await vi.waitFor(() => expect(ran).toEqual(["slow"]));
    await enqueue("next");
    r.nudge(); // the only slot is busy: "next" waits for it
    held.release();
    await vi.waitFor(() => expect(ran).toEqual(["slow", "next"]), { timeout: 1000 });
  });

  it("a poll tick while every slot is busy does not stop the runner", async () => {
    const held = gate();
    const ran: string[] = [];
    const r = runner({
      pollMs: 20,
      concurrency: 1,
      handle: async ({ toolId }) => {
        ran.push(toolId);
        if (toolId === "slow") await held.promise;
      },
    });
    await enqueue("slow");
    r.start();
    await vi.waitFor(() => expect(ran).toEqual(["slow"]));
    await sleep(100); // several poll ticks while the slot is busy
    held.release();
    await enqueue("next");
    await vi.waitFor(() => expect(ran).toEqual(["slow", "next"]), { timeout: 1000 });
  });

  // A nudge while a look is in flight (a submission committing just after a poll's SELECT) makes
  // that look go round once more, rather than leaving the job for the next poll (here a minute).
  it("a nudge during a look in progress is not lost", async () => {
    const ran: string[] = [];
    const r = runner({ pollMs: 60_000, handle: async ({ toolId }) => void ran.push(toolId) });
    // Due one millisecond after the moment the first look reads the clock: as if enqueued and
    // committed just after that look's query.
    await enqueueJob(testDb.database.db, "screenshot", { toolId: "just-after" }, START + 1);
    r.start(); // its look has read the clock (START) and is waiting for the database
    clock = START + 1;
    r.nudge();
    await vi.waitFor(() => expect(ran).toEqual(["just-after"]), { timeout: 1000 });
  });

  it("stop() waits for the running job and nothing runs after it", async () => {
    const release = gate();
    let entered = false;
    let finished = false;
    const ran: string[] = [];
    const r = runner({
      pollMs: 60_000,
      handle: async ({ toolId }) => {
        ran.push(toolId);
        entered = true;
        await release.promise;
        finished = true;
      },
    });
    const id = await enqueue("slow");
    r.start();
    await vi.waitFor(() => expect(entered).toBe(true));

    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    release.release();
    await stopping;
    expect(finished).toBe(true);
    expect(await jobRow(id)).toBeUndefined();

    await enqueue("after-stop");
    r.nudge();
    await sleep(200);
    expect(ran).toEqual(["slow"]);
    expect(await jobCount()).toBe(1);
  });
});
