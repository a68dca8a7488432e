import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { runJobNow, type RunWords } from "./run-now.ts";
import type { RunRecord } from "./runs.ts";
import type { RunOutcome, ScheduledJob, Scheduler } from "./scheduler.ts";

// How a run started by hand is answered, in the words the page gives for the job. The runs
// themselves are scheduler.int.test.ts's; here the scheduler is a stand-in that answers as told.

type Counted = { counted: number };

const job: ScheduledJob<Counted> = {
  name: "count",
  schedule: { pattern: "0 * * * *", timezone: "UTC" },
  enabled: true,
  setting: "COUNT_ENABLED",
  leaseMs: 60_000,
  run: async () => ({ counted: 1 }),
};

const words: RunWords = {
  describe: (summary) => `Counted ${summary.counted}.`,
  busyMessage: (startedAt) => `Busy since ${startedAt ?? "unknown"}.`,
  failedMessage: (reason) => `Count failed: ${reason}`,
};

const record = (fields: Partial<RunRecord>): RunRecord => ({
  id: "run-1",
  job: "count",
  trigger: "manual",
  status: "succeeded",
  startedAt: Date.parse("2026-06-01T10:00:00Z"),
  finishedAt: Date.parse("2026-06-01T10:01:00Z"),
  summary: { counted: 3 },
  error: null,
  itemErrors: [],
  ...fields,
});

/** A scheduler whose manual run answers `outcome` (or throws it), for the job above. */
function answering(outcome: RunOutcome | Error) {
  const asked: string[] = [];
  const scheduler = {
    run: async (name: string) => {
      asked.push(name);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
  } as Pick<Scheduler, "run"> as Scheduler;
  return { services: { scheduler, log: createLogger("silent") }, asked };
}

describe("a run started by hand", () => {
  it("reads a succeeded run's figures with the page's sentence, finished at the run's end", async () => {
    const { services, asked } = answering({
      kind: "finished",
      run: record({ itemErrors: [{ url: "https://example.com/", message: "No." }] }),
    });
    expect(await runJobNow(services, job, words)).toEqual({
      status: 200,
      body: {
        job: "count",
        status: "success",
        message: "Counted 3.",
        timestamp: "2026-06-01T10:01:00.000Z",
        itemErrors: [{ url: "https://example.com/", message: "No." }],
      },
    });
    expect(asked).toEqual(["count"]);
  });

  it("gives the run's own timestamp figure as its end when it reports one", async () => {
    const { services } = answering({
      kind: "finished",
      run: record({ summary: { counted: 1, timestamp: "2026-06-01T10:00:30.000Z" } }),
    });
    expect((await runJobNow(services, job, words)).body.timestamp).toBe("2026-06-01T10:00:30.000Z");
  });

  it("words a failed or interrupted run with the page's failure message", async () => {
    const failed = answering({ kind: "finished", run: record({ status: "failed", error: "It broke." }) });
    expect(await runJobNow(failed.services, job, words)).toEqual({
      status: 200,
      body: { job: "count", status: "error", message: "Count failed: It broke.", itemErrors: [] },
    });
    const interrupted = answering({ kind: "finished", run: record({ status: "interrupted", error: null }) });
    expect((await runJobNow(interrupted.services, job, words)).body.message).toBe(
      "Count failed: The run stopped before finishing.",
    );
  });

  it("answers 409 with the page's busy message while another run holds the job", async () => {
    const busy = answering({ kind: "busy", run: record({ status: "running", finishedAt: null }) });
    expect(await runJobNow(busy.services, job, words)).toEqual({
      status: 409,
      body: { job: "count", status: "busy", message: `Busy since ${Date.parse("2026-06-01T10:00:00Z")}.` },
    });
    const unknown = answering({ kind: "busy", run: null });
    expect((await runJobNow(unknown.services, job, words)).body.message).toBe("Busy since unknown.");
  });

  it("answers 503 when the run could not be started", async () => {
    const { services } = answering(new Error("database away"));
    expect(await runJobNow(services, job, words)).toEqual({
      status: 503,
      body: {
        job: "count",
        status: "error",
        message: "The run could not be started. Please try again in a few minutes.",
      },
    });
  });
});
