import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";
import { newId } from "../db/ids.ts";
import type { DB } from "../db/types.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics/index.ts";

/** The kinds of background work, with their payloads. */
export interface JobPayloads {
  /** Capture the tool's website and store it as its screenshot. */
  screenshot: { toolId: string };
}
export type JobKind = keyof JobPayloads;

/** A job's work. Throwing retries it later (up to the kind's attempts); returning finishes it. */
export type JobHandler<K extends JobKind> = (
  payload: JobPayloads[K],
  job: { id: string; attempts: number },
) => Promise<void>;

export interface JobKindOptions<K extends JobKind> {
  handle: JobHandler<K>;
  /** How many times the work is tried before the job is marked failed. */
  maxAttempts: number;
  /** The wait before attempt n+1 (n = attempts so far). */
  retryDelayMs: (attempts: number) => number;
  /** How long a worker holds a job; past this another worker (or this one after a restart) takes it over. */
  leaseMs: number;
}

export type JobKinds = { [K in JobKind]: JobKindOptions<K> };

/**
 * Adds a job. Pass the transaction that writes what the job is about, so that the two commit
 * together: a saved submission always has its screenshot job, whatever happens next.
 */
export async function enqueueJob<K extends JobKind>(
  db: Kysely<DB>,
  kind: K,
  payload: JobPayloads[K],
  now: number,
): Promise<string> {
  const id = newId();
  await db
    .insertInto("jobs")
    .values({
      id,
      kind,
      payload: JSON.stringify(payload),
      status: "queued",
      run_at: now,
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export interface JobRunner {
  /** Starts polling for due jobs. */
  start(): void;
  /** Looks for due jobs now (after an enqueue on this instance) instead of at the next poll. */
  nudge(): void;
  /** Runs due jobs until none is left; for tests and scripts. */
  drain(): Promise<number>;
  /** Stops polling and waits for the jobs in hand. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  database: Database;
  kinds: JobKinds;
  now: () => number;
  log: Logger;
  pollMs: number;
  /** Jobs worked on at once by this instance. */
  concurrency: number;
  /** Counts the attempts, by kind and outcome (server/platform/metrics/). */
  metrics?: Pick<Metrics, "jobRun">;
}

/**
 * Works through the jobs table. Several instances may run one each: a job is taken by a
 * conditional update (only if nobody holds it), so exactly one worker holds it at a time; a worker
 * that dies simply lets its lease run out.
 */
export function createJobRunner({
  database,
  kinds,
  now,
  log,
  pollMs,
  concurrency,
  metrics,
}: JobRunnerOptions): JobRunner {
  const { db } = database;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  const running = new Set<Promise<void>>();
  let looking: Promise<number> | null = null;
  let again = false;

  async function claim(): Promise<{ id: string; kind: JobKind; payload: string; attempts: number } | null> {
    const at = now();
    const due = await db
      .selectFrom("jobs")
      .select(["id", "kind", "payload", "attempts"])
      .where("status", "=", "queued")
      .where("run_at", "<=", at)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
      .orderBy("run_at")
      .limit(concurrency * 2)
      .execute();
    for (const job of due) {
      const options = kinds[job.kind as JobKind];
      if (!options) continue;
      const taken = await db
        .updateTable("jobs")
        .set({ locked_until: at + options.leaseMs, attempts: job.attempts + 1, updated_at: at })
        .where("id", "=", job.id)
        .where("attempts", "=", job.attempts)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { ...job, kind: job.kind as JobKind, attempts: job.attempts + 1 };
    }
    return null;
  }

  async function work(job: { id: string; kind: JobKind; payload: string; attempts: number }): Promise<void> {
    const options = kinds[job.kind] as JobKindOptions<JobKind>;
    try {
      await options.handle(JSON.parse(job.payload), { id: job.id, attempts: job.attempts });
      // Only while still the holder: a worker whose lease was taken over leaves the row to the new one.
      await db.deleteFrom("jobs").where("id", "=", job.id).where("attempts", "=", job.attempts).execute();
      metrics?.jobRun(job.kind, "success");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= options.maxAttempts;
      metrics?.jobRun(job.kind, "failure");
      log.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, giveUp }, "job failed");
      const at = now();
      await db
        .updateTable("jobs")
        .set({
          status: giveUp ? "failed" : "queued",
          run_at: giveUp ? at : at + options.retryDelayMs(job.attempts),
          locked_until: null,
          last_error: message.slice(0, 1000),
          updated_at: at,
        })
        .where("id", "=", job.id)
        .where("attempts", "=", job.attempts)
        .execute()
        .catch((updateError: unknown) => log.error({ err: updateError, jobId: job.id }, "job state not saved"));
    }
  }

  /**
   * Takes due jobs while there is room; resolves with how many it started. One look at a time: a
   * call during a look makes that look go round once more, so a job enqueued meanwhile is not
   * left for the next poll.
   */
  function look(): Promise<number> {
    if (looking) {
      again = true;
      return looking;
    }
    looking = (async () => {
      let started = 0;
      try {
        do {
          again = false;
          while (running.size < concurrency) {
            const job = await claim();
            if (!job) break;
            started++;
            const task = work(job).finally(() => {
              running.delete(task);
              if (!stopped) nudge();
            });
            running.add(task);
          }
        } while (again && running.size < concurrency);
      } catch (error) {
        log.warn({ err: error }, "jobs: could not look for due jobs");
      }
      return started;
    })().finally(() => {
      looking = null;
    });
    return looking;
  }

  function nudge(): void {
    if (!stopped) void look();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(nudge, pollMs);
      timer.unref();
      nudge();
    },
    nudge,
    async drain() {
      let total = 0;
      for (;;) {
        const started = await look();
        total += started;
        // What it started may all have finished already (or another runner took the job).
        if (running.size === 0) {
          if (started === 0) return total;
          continue;
        }
        await Promise.race(running);
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await looking;
      await Promise.allSettled([...running]);
    },
  };
}
