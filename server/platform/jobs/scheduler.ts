import { setTimeout as wait } from "node:timers/promises";
import { Cron } from "croner";
import type { Database } from "../db/index.ts";
import { isUniqueViolation } from "../db/index.ts";
import { newId } from "../db/ids.ts";
import type { Logger } from "../logger.ts";
import type { JobOutcome, Metrics } from "../metrics/index.ts";
import { acquireLease, releaseLease, renewLease } from "./lease.ts";
import {
  currentRun,
  finishRun,
  forgetOldRuns,
  recentRuns,
  saveRunProgress,
  startRun,
  type RunItemError,
  type RunRecord,
  type RunSummary,
} from "./runs.ts";

/** What a run is given. */
export interface RunContext<S extends RunSummary = RunSummary> {
  runId: string;
  /** Aborted when the run lost its lease (another instance took over) or the process is stopping. */
  signal: AbortSignal;
  /** Records an item that failed; the run goes on. */
  itemError(url: string, message: string): void;
  /** Saves the figures so far, so the jobs screen shows a long run's progress. */
  progress(summary: Partial<S>): Promise<void>;
}

/**
 * One scheduled job as the server knows it: its key, when it runs, whether its schedule is on,
 * and its work. `S` is its summary, which its run returns. What pages call a job and how its
 * figures and outcomes read live with the pages (app/lib/job-words.ts), keyed by `name`. The
 * scheduler holds a list of these (server/services.ts), so adding a job to it is all a new job
 * needs beyond its own module and its words.
 */
export interface ScheduledJob<S extends RunSummary = RunSummary> {
  /** Its key in `leases` and `scheduled_runs`, in forms, and in the pages' words. */
  name: string;
  /** A croner pattern, read in a time zone (from the configuration's `schedules`, or the job's own). */
  schedule: { pattern: string; timezone: string };
  /** Whether the schedule runs it; an admin may run it by hand either way. */
  enabled: boolean;
  /** The setting that turns its schedule on or off (PRODUCT_HUNT_AUTO_IMPORT); null when it always runs (housekeeping). */
  setting: string | null;
  /** How long a run holds the job without renewing; a run renews every third of it. */
  leaseMs: number;
  /**
   * Runs on every instance at each tick, for work on what each instance holds in memory (counted
   * views): the lease is the instance's own and a tick is not shared out between instances.
   */
  everyInstance?: boolean;
  /** Does the work and returns its figures; throwing marks the run failed with the error's message. */
  run(context: RunContext<S>): Promise<S>;
}

export type RunOutcome =
  | { kind: "finished"; run: RunRecord }
  /** Another run of the job holds it (on this instance or another); `run` is that one, when known. */
  | { kind: "busy"; run: RunRecord | null }
  /** A scheduled tick another instance has already served. */
  | { kind: "skipped" };

/** What pages show of a job, as plain data: its schedule and whether it is on (its words are the pages' own). */
export interface JobView {
  name: string;
  pattern: string;
  timezone: string;
  enabled: boolean;
  setting: string | null;
}

export interface JobOverview extends JobView {
  /** The next scheduled start (ms); null when the schedule is off. */
  nextRunAt: number | null;
  /** The run in progress, if any. */
  running: RunRecord | null;
  /** The latest runs, newest first (the one in progress included). */
  lastRuns: RunRecord[];
}

export interface Scheduler {
  /** Starts the timers of the enabled jobs. */
  start(): void;
  /** Stops the timers and aborts and waits for the runs of this instance. */
  stop(): Promise<void>;
  /** The job of that name, if this scheduler has one. */
  find(name: string): ScheduledJob | undefined;
  /** Runs a job now, as an admin asked; refused (busy) while a run of it holds the lease anywhere. */
  run(name: string, trigger?: "manual"): Promise<RunOutcome>;
  /** What a timer does at the scheduled time `slot` (ms): one run per slot across all instances. */
  tick(name: string, slot: number): Promise<RunOutcome>;
  /** The next scheduled start after `from` (ms), in the job's time zone; null when the job is not scheduled. */
  nextRun(name: string, from?: number): number | null;
  overview(limit?: number): Promise<JobOverview[]>;
  /** The latest run of a job, if any. */
  lastRun(name: string): Promise<RunRecord | null>;
}

export interface SchedulerOptions {
  database: Database;
  /** The jobs, in the order the jobs screen lists them. */
  jobs: ScheduledJob[];
  now: () => number;
  log: Logger;
  /** Counts the runs, by job and outcome (server/platform/metrics/). */
  metrics?: Pick<Metrics, "jobRun">;
}

const MINUTE = 60_000;
/** The runs of each job kept (the newest): the jobs screen shows 10; a job run every minute keeps its last hour or two. */
export const RUNS_KEPT = 100;

/** A finished run's status as the metrics name its outcome. */
function outcomeOf(status: RunRecord["status"]): JobOutcome {
  return status === "succeeded" ? "success" : status === "interrupted" ? "interrupted" : "failure";
}

/**
 * Runs scheduled jobs (ADR 015). Each instance keeps a croner timer per job; a run first takes
 * the job's lease (./lease.ts) and renews it while working, so one run happens at a time across
 * instances, and a run whose process died holds the job no longer than the lease. The scheduled
 * time is recorded with the run (./runs.ts, unique per job), so instances woken by the same tick
 * make one run between them even when the first has already finished. A job that works on what
 * each instance holds in memory (`everyInstance`) runs on each instead, under a lease of its own.
 * Each job keeps its newest RUNS_KEPT runs.
 */
export function createScheduler({ database, jobs, now, log, metrics }: SchedulerOptions): Scheduler {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const timers: Cron[] = [];
  const controllers = new Set<AbortController>();
  const inFlight = new Set<Promise<unknown>>();
  // Names this instance's own lease of a job that runs on every instance.
  const instance = newId();

  const jobOf = (name: string): ScheduledJob => {
    const job = byName.get(name);
    if (!job) throw new Error(`Unknown scheduled job ${name}`);
    return job;
  };

  async function execute(job: ScheduledJob, trigger: "schedule" | "manual", slot: number | null): Promise<RunOutcome> {
    const runId = newId();
    const leaseName = job.everyInstance ? `${job.name}@${instance}` : job.name;
    if (!(await acquireLease(database, leaseName, runId, job.leaseMs, now()))) {
      return { kind: "busy", run: await currentRun(database, job.name) };
    }
    const release = () =>
      releaseLease(database, leaseName, runId).catch((error: unknown) =>
        log.warn({ err: error, job: job.name }, "schedule: lease not released"),
      );

    const startedAt = now();
    try {
      // Every instance runs such a job at each tick: no slot to share out, and another instance's run is not this one's to end.
      const shared = !job.everyInstance;
      await startRun(
        database,
        { id: runId, job: job.name, trigger, slot: shared ? slot : null, startedAt },
        { endsOthers: shared },
      );
    } catch (error) {
      await release();
      if (slot !== null && isUniqueViolation(error)) return { kind: "skipped" };
      throw error;
    }

    const controller = new AbortController();
    controllers.add(controller);
    const heartbeat = setInterval(
      () => {
        renewLease(database, leaseName, runId, job.leaseMs, now())
          .then((held) => {
            if (!held) controller.abort(new Error("The run lost its lease to another instance."));
          })
          .catch((error: unknown) => log.warn({ err: error, job: job.name }, "schedule: lease not renewed"));
      },
      Math.max(1000, Math.floor(job.leaseMs / 3)),
    );
    heartbeat.unref();

    const itemErrors: RunItemError[] = [];
    let status: RunRecord["status"] = "succeeded";
    let summary: RunSummary = {};
    let message: string | null = null;
    try {
      summary = await job.run({
        runId,
        signal: controller.signal,
        itemError(url, itemMessage) {
          itemErrors.push({ url, message: itemMessage });
        },
        async progress(figures) {
          summary = definedFigures(figures);
          await saveRunProgress(database, runId, summary, itemErrors);
        },
      });
    } catch (error) {
      status = controller.signal.aborted ? "interrupted" : "failed";
      message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, job: job.name, runId }, "scheduled run failed");
    } finally {
      clearInterval(heartbeat);
      controllers.delete(controller);
    }
    const finishedAt = now();
    metrics?.jobRun(job.name, outcomeOf(status));
    await finishRun(database, runId, { status, finishedAt, summary, error: message, itemErrors });
    await release();
    await forgetOldRuns(database, job.name, RUNS_KEPT).catch((error: unknown) =>
      log.warn({ err: error, job: job.name }, "schedule: old runs not forgotten"),
    );
    return {
      kind: "finished",
      run: { id: runId, job: job.name, trigger, status, startedAt, finishedAt, summary, error: message, itemErrors },
    };
  }

  function tracked<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  function nextRun(name: string, from: number = now()): number | null {
    const job = jobOf(name);
    return job.enabled ? nextRunAt(job.schedule.pattern, job.schedule.timezone, from) : null;
  }

  return {
    start() {
      for (const job of jobs) {
        if (!job.enabled || timers.some((timer) => timer.name === job.name)) continue;
        timers.push(
          new Cron(job.schedule.pattern, { name: job.name, timezone: job.schedule.timezone, protect: true }, () => {
            // The tick's own minute: every instance woken by it names the same slot.
            const slot = Math.floor(Date.now() / MINUTE) * MINUTE;
            return tracked(execute(job, "schedule", slot)).then(
              () => undefined,
              (error: unknown) => log.error({ err: error, job: job.name }, "scheduled run not started"),
            );
          }),
        );
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) timer.stop();
      for (const controller of controllers) controller.abort(new Error("The server is stopping."));
      await Promise.allSettled([...inFlight]);
    },
    find(name) {
      return byName.get(name);
    },
    run(name, trigger = "manual") {
      return tracked(execute(jobOf(name), trigger, null));
    },
    tick(name, slot) {
      return tracked(execute(jobOf(name), "schedule", slot));
    },
    nextRun,
    async overview(limit = 10) {
      return Promise.all(
        jobs.map(async (job): Promise<JobOverview> => {
          const lastRuns = await recentRuns(database, job.name, limit);
          return {
            ...jobView(job),
            nextRunAt: nextRun(job.name),
            // A running run is the newest one.
            running: lastRuns[0]?.status === "running" ? lastRuns[0] : null,
            lastRuns,
          };
        }),
      );
    },
    async lastRun(name) {
      return (await recentRuns(database, name, 1))[0] ?? null;
    },
  };
}

/** A job as pages show it: its schedule and whether it is on, as plain data a loader can send. */
export function jobView(job: ScheduledJob): JobView {
  return {
    name: job.name,
    pattern: job.schedule.pattern,
    timezone: job.schedule.timezone,
    enabled: job.enabled,
    setting: job.setting,
  };
}

/** Figures given as progress, without any left undefined (they would not be stored anyway). */
function definedFigures(figures: Partial<RunSummary>): RunSummary {
  return Object.fromEntries(
    Object.entries(figures).filter((entry): entry is [string, number | string] => entry[1] !== undefined),
  );
}

/** The first time after `from` (ms) that a croner pattern matches in a time zone, daylight saving included. */
export function nextRunAt(pattern: string, timezone: string, from: number): number | null {
  return new Cron(pattern, { timezone, paused: true }).nextRun(new Date(from))?.getTime() ?? null;
}

/** Waits `ms` (spacing a run's requests), or less when the run is aborted, which then throws its reason. */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await wait(ms, undefined, { signal }).catch(() => {
    throw signal.reason as Error;
  });
}
