import type { Selectable } from "kysely";
import type { Database } from "../db/index.ts";
import type { ScheduledRunsTable } from "../db/types.ts";

// The runs of scheduled jobs (ADR 015): rows of `scheduled_runs` with the figures each run
// reports and the items it could not do. A scheduled run records its slot (the tick's minute),
// unique per job, so instances woken by the same tick make one run between them.

/** Figures a run reports; each job says which (its summary type, e.g. the import's urlsFound, toolsProcessed, savedCount). */
export type RunSummary = Record<string, number | string>;

/** Something a run could not do for one item (a launch, a website), while the rest went on. */
export interface RunItemError {
  url: string;
  message: string;
}

export type RunTrigger = "schedule" | "manual";
export type RunStatus = "running" | "succeeded" | "failed" | "interrupted";

/** A run as pages and callers see it. */
export interface RunRecord {
  id: string;
  job: string;
  trigger: RunTrigger;
  status: RunStatus;
  startedAt: number;
  finishedAt: number | null;
  /** All the job's figures once it has succeeded; those so far (or none) before, or when it failed. */
  summary: RunSummary;
  error: string | null;
  itemErrors: RunItemError[];
}

const INTERRUPTED = "The run stopped before finishing (its server went away).";

/**
 * Records the start of a run. With `endsOthers` (a job one instance runs at a time) it first marks
 * interrupted any run of the job still marked running: its caller holds the job's lease, so such
 * a run lost its process. Throws a unique violation when the slot's run is already recorded.
 */
export async function startRun(
  database: Database,
  run: { id: string; job: string; trigger: RunTrigger; slot: number | null; startedAt: number },
  { endsOthers = true }: { endsOthers?: boolean } = {},
): Promise<void> {
  const { db } = database;
  if (endsOthers) {
    await db
      .updateTable("scheduled_runs")
      .set({ status: "interrupted", finished_at: run.startedAt, error: INTERRUPTED })
      .where("job", "=", run.job)
      .where("status", "=", "running")
      .execute();
  }
  await db
    .insertInto("scheduled_runs")
    .values({
      id: run.id,
      job: run.job,
      trigger: run.trigger,
      slot: run.slot,
      status: "running",
      started_at: run.startedAt,
      finished_at: null,
      error: null,
    })
    .execute();
}

/** Saves a running run's figures and item errors so far (the jobs screen shows a long run's progress). */
export async function saveRunProgress(
  database: Database,
  id: string,
  summary: RunSummary,
  itemErrors: RunItemError[],
): Promise<void> {
  await database.db
    .updateTable("scheduled_runs")
    .set({ summary: JSON.stringify(summary), item_errors: JSON.stringify(itemErrors) })
    .where("id", "=", id)
    .execute();
}

/** Records how a run ended: its status, figures, error (first 1000 characters) and item errors (first 200). */
export async function finishRun(
  database: Database,
  id: string,
  end: {
    status: Exclude<RunStatus, "running">;
    finishedAt: number;
    summary: RunSummary;
    error: string | null;
    itemErrors: RunItemError[];
  },
): Promise<void> {
  await database.db
    .updateTable("scheduled_runs")
    .set({
      status: end.status,
      finished_at: end.finishedAt,
      summary: JSON.stringify(end.summary),
      error: end.error?.slice(0, 1000) ?? null,
      item_errors: JSON.stringify(end.itemErrors.slice(0, 200)),
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Forgets a job's runs but the newest `keep`: the jobs screen shows the latest few, and a job
 * that runs every minute would otherwise add half a million rows a year.
 */
export async function forgetOldRuns(database: Database, job: string, keep: number): Promise<number> {
  const { db } = database;
  const oldestKept = await db
    .selectFrom("scheduled_runs")
    .select("started_at")
    .where("job", "=", job)
    .orderBy("started_at", "desc")
    .limit(1)
    .offset(keep - 1)
    .executeTakeFirst();
  if (!oldestKept) return 0;
  const result = await db
    .deleteFrom("scheduled_runs")
    .where("job", "=", job)
    .where("started_at", "<", oldestKept.started_at)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The run of a job marked running, if any (the newest, should there be several). */
export async function currentRun(database: Database, job: string): Promise<RunRecord | null> {
  const row = await database.db
    .selectFrom("scheduled_runs")
    .selectAll()
    .where("job", "=", job)
    .where("status", "=", "running")
    .orderBy("started_at", "desc")
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** A job's latest runs, newest first (the one in progress included): what the jobs screen lists. */
export async function recentRuns(database: Database, job: string, limit: number): Promise<RunRecord[]> {
  const rows = await database.db
    .selectFrom("scheduled_runs")
    .selectAll()
    .where("job", "=", job)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

function toRecord(row: Selectable<ScheduledRunsTable>): RunRecord {
  return {
    id: row.id,
    job: row.job,
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
