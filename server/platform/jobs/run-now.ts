import type { ActionReply } from "../../../core/replies.ts";
import type { Logger } from "../logger.ts";
import type { RunItemError, RunSummary } from "./runs.ts";
import type { RunOutcome, ScheduledJob, Scheduler } from "./scheduler.ts";

// A run started by hand from the dashboard or the jobs page, and its outcome as the page shows
// it, in the words the page gives for the job (app/lib/job-words.ts).

/** What a "run now" post answers: the run's outcome in words, for the job it names (a page action's reply). */
export type RunActionData = ActionReply<{
  job: string;
  message: string;
  /** When the run finished (ISO; the run's own `timestamp` figure when it gives one). */
  timestamp?: string | null;
  itemErrors?: RunItemError[];
}>;

/** A run's outcome as action data and the HTTP status to send it with. */
export interface RunNowReply {
  body: RunActionData;
  status: number;
}

/** How a page words the outcome of a job's run started by hand. */
export interface RunWords {
  /** A succeeded run's figures in a sentence. */
  describe(summary: RunSummary): string;
  /** The refusal of a run by hand while another holds the job (started at `startedAt`, when known). */
  busyMessage(startedAt: number | null): string;
  /** A failed run in words, from its error. */
  failedMessage(reason: string): string;
}

/** Runs a job now, as an admin asked, and gives its outcome as action data and status, in `words`; never throws. */
export async function runJobNow(
  services: { scheduler: Scheduler; log: Logger },
  job: ScheduledJob,
  words: RunWords,
): Promise<RunNowReply> {
  try {
    return runOutcomeReply(job, words, await services.scheduler.run(job.name));
  } catch (error) {
    services.log.error({ err: error, job: job.name }, "admin: run not started");
    // The run could not even be started (the database was away, say).
    return {
      body: {
        job: job.name,
        status: "error",
        message: "The run could not be started. Please try again in a few minutes.",
      },
      status: 503,
    };
  }
}

/** 200 when it ran (even if it failed), 409 when another run holds the job. */
function runOutcomeReply(job: ScheduledJob, words: RunWords, outcome: RunOutcome): RunNowReply {
  if (outcome.kind === "busy" || outcome.kind === "skipped") {
    const startedAt = outcome.kind === "busy" && outcome.run ? outcome.run.startedAt : null;
    return { body: { job: job.name, status: "busy", message: words.busyMessage(startedAt) }, status: 409 };
  }
  const { run } = outcome;
  if (run.status !== "succeeded") {
    const message = words.failedMessage(run.error ?? "The run stopped before finishing.");
    return { body: { job: job.name, status: "error", message, itemErrors: run.itemErrors }, status: 200 };
  }
  const stamp =
    typeof run.summary.timestamp === "string"
      ? run.summary.timestamp
      : run.finishedAt === null
        ? null
        : new Date(run.finishedAt).toISOString();
  // A succeeded run's summary is what the job's run returned, all its figures.
  return {
    body: {
      job: job.name,
      status: "success",
      message: words.describe(run.summary),
      timestamp: stamp,
      itemErrors: run.itemErrors,
    },
    status: 200,
  };
}
