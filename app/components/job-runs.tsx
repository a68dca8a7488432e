import { formatUtcStamp } from "../../core/dates.ts";
import { scrapeBusyMessage, scrapeFailedMessage } from "../../core/import.ts";
import type { RunItemError, RunOutcome, RunRecord, RunSummary, ScheduledJobName } from "../../server/jobs/schedule.ts";
import type { AppServices } from "../../server/services.ts";
import { UtcTime } from "./utc-time.tsx";

// Runs of the scheduled jobs (the Product Hunt import and the link check), run by hand from
// the dashboard and the jobs page: what an action answers, and how a run is shown.

/** What a "run now" post answers: the run's outcome in words, for the job it names. */
export interface RunActionData {
  job: ScheduledJobName;
  status: "success" | "error" | "busy";
  message: string;
  /** When the run finished (ISO; the import's own `timestamp` when it gives one). */
  timestamp?: string | null;
  itemErrors?: RunItemError[];
}

/** The pending line while a run started by hand is under way. */
export const RUN_BUSY_LABEL: Record<ScheduledJobName, string> = {
  "product-hunt-import": "Importing new launches from Product Hunt…",
  "link-health": "Checking the websites of all public tools…",
};

const num = (value: number | string | undefined) => (typeof value === "number" ? value : Number(value ?? 0));

/** A finished run's figures in a sentence. */
function summarySentence(job: ScheduledJobName, summary: RunSummary): string {
  if (job === "product-hunt-import") {
    return `Found ${num(summary.urlsFound)} launches, processed ${num(summary.toolsProcessed)}, saved ${num(summary.savedCount)}.`;
  }
  return `Checked ${num(summary.checked)} websites: ${num(summary.ok)} reachable, ${num(summary.failed)} failed, ${num(summary.flagged)} flagged.`;
}

/** A run's outcome as action data and its HTTP status: 200 when it ran (even if it failed), 409 when another run holds the job. */
function runOutcomeData(job: ScheduledJobName, outcome: RunOutcome): { body: RunActionData; status: number } {
  if (outcome.kind === "busy" || outcome.kind === "skipped") {
    const startedAt = outcome.kind === "busy" && outcome.run ? outcome.run.startedAt : null;
    const since = startedAt === null ? "" : ` (started ${formatUtcStamp(startedAt)})`;
    const message = job === "product-hunt-import" ? scrapeBusyMessage(startedAt) : `A link check is already running${since}. Try again when it has finished.`;
    return { body: { job, status: "busy", message }, status: 409 };
  }
  const { run } = outcome;
  if (run.status !== "succeeded") {
    const reason = run.error ?? "The run stopped before finishing.";
    const message = job === "product-hunt-import" ? scrapeFailedMessage(reason) : `The link check failed: ${reason}`;
    return { body: { job, status: "error", message, itemErrors: run.itemErrors }, status: 200 };
  }
  const stamp = typeof run.summary.timestamp === "string" ? run.summary.timestamp : run.finishedAt === null ? null : new Date(run.finishedAt).toISOString();
  return { body: { job, status: "success", message: summarySentence(job, run.summary), timestamp: stamp, itemErrors: run.itemErrors }, status: 200 };
}

/** Runs a job now, as an admin asked, and gives its outcome as action data and status; never throws. */
export async function runJobNow(services: Pick<AppServices, "scheduler" | "log">, job: ScheduledJobName): Promise<{ body: RunActionData; status: number }> {
  try {
    return runOutcomeData(job, await services.scheduler.run(job));
  } catch (error) {
    services.log.error({ err: error, job }, "admin: run not started");
    return runNotStartedData(job);
  }
}

/** The answer when a run could not even be started (the database was away, say). */
function runNotStartedData(job: ScheduledJobName): { body: RunActionData; status: number } {
  return { body: { job, status: "error", message: "The run could not be started. Please try again in a few minutes." }, status: 503 };
}

function parseStamp(text: string | null | undefined): number | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** The outcome of a run started by hand: figures and item errors (status), busy (status) or failed (alert). */
export function RunResultBanner({ result }: { result: RunActionData }) {
  const finished = parseStamp(result.timestamp);
  const items = result.itemErrors ?? [];
  const tone =
    result.status === "success"
      ? "border-green-700 bg-green-50 text-green-900"
      : result.status === "busy"
        ? "border-amber-600 bg-amber-50 text-amber-950"
        : "border-red-300 bg-red-50 text-red-800";
  return (
    <div role={result.status === "error" ? "alert" : "status"} className={`space-y-2 rounded-lg border px-4 py-3 ${tone}`}>
      <p className="font-medium">{result.message}</p>
      {finished !== null && (
        <p className="text-sm">
          Finished <UtcTime ms={finished} seconds />
        </p>
      )}
      <ItemErrors items={items} />
    </div>
  );
}

/** The items a run could not do (url and reason). */
export function ItemErrors({ items }: { items: RunItemError[] }) {
  if (items.length === 0) return null;
  return (
    <div className="text-sm">
      <p>{items.length === 1 ? "1 item failed:" : `${items.length} items failed:`}</p>
      <ul className="mt-1 list-disc space-y-1 pl-6">
        {items.map((item, index) => (
          <li key={`${index}-${item.url}`} className="break-all">
            <span className="font-mono">{item.url}</span>: {item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

const FIGURE_LABELS: Record<string, string> = {
  urlsFound: "Launches found",
  toolsProcessed: "Processed",
  savedCount: "Saved",
  timestamp: "Finished",
  checked: "Checked",
  ok: "Reachable",
  failed: "Failed",
  flagged: "Flagged",
};

/** A summary key in words: the known ones by name, others from their camelCase. */
function figureLabel(key: string): string {
  const known = FIGURE_LABELS[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[-_]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A run's figures as "label: value" pairs; ISO timestamps as UTC stamps. */
export function RunFigures({ summary }: { summary: RunSummary }) {
  const entries = Object.entries(summary);
  if (entries.length === 0) return <span className="text-slate-700">None</span>;
  return (
    <ul className="space-y-0.5">
      {entries.map(([key, value]) => {
        const stamp = typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) ? parseStamp(value) : null;
        return (
          <li key={key}>
            {figureLabel(key)}: {stamp !== null ? <UtcTime ms={stamp} seconds /> : typeof value === "number" ? value.toLocaleString("en-US") : value}
          </li>
        );
      })}
    </ul>
  );
}

export const TRIGGER_LABEL: Record<RunRecord["trigger"], string> = { schedule: "Scheduled", manual: "By hand" };

export const RUN_STATUS_LABEL: Record<RunRecord["status"], string> = {
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  interrupted: "Interrupted",
};
