import { setTimeout as wait } from "node:timers/promises";
import { Cron } from "croner";
import type { Database } from "../db/index.ts";
import { isUniqueViolation } from "../db/index.ts";
import { newId } from "../db/ids.ts";
import type { Selectable } from "kysely";
import type { ScheduledRunsTable } from "../db/types.ts";
import type { Logger } from "../logger.ts";

/** The scheduled jobs there are. */
export type ScheduledJobName = "product-hunt-import" | "link-health";

/** Figures a run reports (the import: urlsFound, toolsProcessed, savedCount). */
export type RunSummary = Record<string, number | string>;

/** Something a run could not do for one item (a launch, a website), while the rest went on. */
export interface RunItemError {
  url: string;
  message: string;
}

export interface RunRecord {
  id: string;
  job: ScheduledJobName;
  trigger: "schedule" | "manual";
  status: "running" | "succeeded" | "failed" | "interrupted";
  startedAt: number;
  finishedAt: number | null;
  summary: RunSummary;
  error: string | null;
  itemErrors: RunItemError[];
}

/** What a run is given. */
export interface RunContext {
  runId: string;
  /** Aborted when the run lost its lease (another instance took over) or the process is stopping. */
  signal: AbortSignal;
  /** Records an item that failed; the run goes on. */
  itemError(url: string, message: string): void;
  /** Saves the figures so far, so the jobs screen shows a long run's progress. */
  progress(summary: RunSummary): Promise<void>;
}

export interface ScheduledJob {
  name: ScheduledJobName;
  title: string;
  /** What the job does, for the jobs screen. */
  description: string;
  /** When it runs, in words (e.g. "Every day at 13:00, Amsterdam time"). */
  when: string;
  /** A croner pattern, read in `timezone`. */
  pattern: string;
  timezone: string;
  /** Whether the schedule runs it; an admin may run it by hand either way. */
  enabled: boolean;
  /** How long a run holds the job without renewing; a run renews every third of it. */
  leaseMs: number;
  /** Does the work and returns its figures; throwing marks the run failed with the error's message. */
  run(context: RunContext): Promise<RunSummary>;
}

export type RunOutcome =
  | { kind: "finished"; run: RunRecord }
  /** Another run of the job holds it (on this instance or another); `run` is that one, when known. */
  | { kind: "busy"; run: RunRecord | null }
  /** A scheduled tick another instance has already served. */
  | { kind: "skipped" };

export interface JobOverview {
  name: ScheduledJobName;
  title: string;
  description: string;
  when: string;
  pattern: string;
  timezone: string;
  enabled: boolean;
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
  /** Runs a job now, as an admin asked; refused (busy) while a run of it holds the lease anywhere. */
  run(name: ScheduledJobName, trigger?: "manual"): Promise<RunOutcome>;
  /** What a timer does at the scheduled time `slot` (ms): one run per slot across all instances. */
  tick(name: ScheduledJobName, slot: number): Promise<RunOutcome>;
  /** The next scheduled start after `from` (ms), in the job's time zone; null when the job is not scheduled. */
  nextRun(name: ScheduledJobName, from?: number): number | null;
  overview(limit?: number): Promise<JobOverview[]>;
  /** The latest run of a job, if any. */
  lastRun(name: ScheduledJobName): Promise<RunRecord | null>;
}

export interface SchedulerOptions {
  database: Database;
  jobs: ScheduledJob[];
  now: () => number;
  log: Logger;
}

const MINUTE = 60_000;

/**
 * Runs scheduled jobs (ADR 015). Each instance keeps a croner timer per job; a run first takes
 * the job's lease, a row in `leases` that only one holder can have until it expires, and renews
 * it while working, so one run happens at a time across instances, and a run whose process died
 * holds the job no longer than the lease. The scheduled time is recorded with the run (unique per
 * job), so instances woken by the same tick make one run between them even when the first has
 * already finished.
 */
export function createScheduler({ database, jobs, now, log }: SchedulerOptions): Scheduler {
  const { db } = database;
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const timers: Cron[] = [];
  const controllers = new Set<AbortController>();
  const inFlight = new Set<Promise<unknown>>();

  const jobOf = (name: ScheduledJobName): ScheduledJob => {
    const job = byName.get(name);
    if (!job) throw new Error(`Unknown scheduled job ${name}`);
    return job;
  };

  async function acquire(name: string, holder: string, leaseMs: number): Promise<boolean> {
    const at = now();
    const inserted = await db
      .insertInto("leases")
      .values({ name, holder, expires_at: at + leaseMs })
      .onConflict((oc) => oc.column("name").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    // Held, unless its holder stopped renewing it.
    const taken = await db
      .updateTable("leases")
      .set({ holder, expires_at: at + leaseMs })
      .where("name", "=", name)
      .where("expires_at", "<", at)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  async function renew(name: string, holder: string, leaseMs: number): Promise<boolean> {
    const renewed = await db
      .updateTable("leases")
      .set({ expires_at: now() + leaseMs })
      .where("name", "=", name)
      .where("holder", "=", holder)
      .executeTakeFirst();
    return Number(renewed.numUpdatedRows) === 1;
  }

  async function execute(job: ScheduledJob, trigger: "schedule" | "manual", slot: number | null): Promise<RunOutcome> {
    const runId = newId();
    if (!(await acquire(job.name, runId, job.leaseMs))) {
      return { kind: "busy", run: await currentRun(job.name) };
    }
    const release = () =>
      db
        .deleteFrom("leases")
        .where("name", "=", job.name)
        .where("holder", "=", runId)
        .execute()
        .catch((error: unknown) => log.warn({ err: error, job: job.name }, "schedule: lease not released"));

    const startedAt = now();
    try {
      // Holding the lease, any run still marked running lost its process.
      await db
        .updateTable("scheduled_runs")
        .set({ status: "interrupted", finished_at: startedAt, error: "The run stopped before finishing (its server went away)." })
        .where("job", "=", job.name)
        .where("status", "=", "running")
        .execute();
      await db
        .insertInto("scheduled_runs")
        .values({ id: runId, job: job.name, trigger, slot, status: "running", started_at: startedAt, finished_at: null, error: null })
        .execute();
    } catch (error) {
      await release();
      if (slot !== null && isUniqueViolation(error)) return { kind: "skipped" };
      throw error;
    }

    const controller = new AbortController();
    controllers.add(controller);
    const heartbeat = setInterval(() => {
      renew(job.name, runId, job.leaseMs)
        .then((held) => {
          if (!held) controller.abort(new Error("The run lost its lease to another instance."));
        })
        .catch((error: unknown) => log.warn({ err: error, job: job.name }, "schedule: lease not renewed"));
    }, Math.max(1000, Math.floor(job.leaseMs / 3)));
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
          summary = figures;
          await db
            .updateTable("scheduled_runs")
            .set({ summary: JSON.stringify(figures), item_errors: JSON.stringify(itemErrors) })
            .where("id", "=", runId)
            .execute();
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
    await db
      .updateTable("scheduled_runs")
      .set({
        status,
        finished_at: finishedAt,
        summary: JSON.stringify(summary),
        error: message?.slice(0, 1000) ?? null,
        item_errors: JSON.stringify(itemErrors.slice(0, 200)),
      })
      .where("id", "=", runId)
      .execute();
    await release();
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

  async function currentRun(name: ScheduledJobName): Promise<RunRecord | null> {
    const row = await db
      .selectFrom("scheduled_runs")
      .selectAll()
      .where("job", "=", name)
      .where("status", "=", "running")
      .orderBy("started_at", "desc")
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async function recentRuns(name: ScheduledJobName, limit: number): Promise<RunRecord[]> {
    const rows = await db
      .selectFrom("scheduled_runs")
      .selectAll()
      .where("job", "=", name)
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  function nextRun(name: ScheduledJobName, from: number = now()): number | null {
    const job = jobOf(name);
    return job.enabled ? nextRunAt(job.pattern, job.timezone, from) : null;
  }

  return {
    start() {
      for (const job of jobs) {
        if (!job.enabled || timers.some((timer) => timer.name === job.name)) continue;
        timers.push(
          new Cron(job.pattern, { name: job.name, timezone: job.timezone, protect: true }, () => {
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
          const lastRuns = await recentRuns(job.name, limit);
          return {
            name: job.name,
            title: job.title,
            description: job.description,
            when: job.when,
            pattern: job.pattern,
            timezone: job.timezone,
            enabled: job.enabled,
            nextRunAt: nextRun(job.name),
            // A running run is the newest one.
            running: lastRuns[0]?.status === "running" ? lastRuns[0] : null,
            lastRuns,
          };
        }),
      );
    },
    async lastRun(name) {
      return (await recentRuns(name, 1))[0] ?? null;
    },
  };
}

/** The first time after `from` (ms) that a croner pattern matches in a time zone, daylight saving included. */
export function nextRunAt(pattern: string, timezone: string, from: number): number | null {
  return new Cron(pattern, { timezone, paused: true }).nextRun(new Date(from))?.getTime() ?? null;
}

function toRecord(row: Selectable<ScheduledRunsTable>): RunRecord {
  return {
    id: row.id,
    job: row.job as ScheduledJobName,
    trigger: row.trigger,
    status: row.status,
    startedAt: Number(row.started_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    summary: parseJson<RunSummary>(row.summary, {}),
    error: row.error,
    itemErrors: parseJson<RunItemError[]>(row.item_errors, []),
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Waits `ms` (spacing a run's requests), or less when the run is aborted, which then throws its reason. */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await wait(ms, undefined, { signal }).catch(() => {
    throw signal.reason as Error;
  });
}
