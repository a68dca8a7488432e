import type { RunActionData } from "../../server/platform/jobs/run-now.ts";
import type { RunItemError, RunRecord, RunSummary } from "../../server/platform/jobs/runs.ts";
import { UtcTime } from "./utc-time.tsx";

// Runs of the scheduled jobs, run by hand from the dashboard and the jobs page: how an outcome
// and a run are shown. What each job is called and how its figures read are the pages' words for
// it (app/lib/job-words.ts), sent by the page's loader and action.

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
    <div
      role={result.status === "error" ? "alert" : "status"}
      className={`space-y-2 rounded-lg border px-4 py-3 ${tone}`}
    >
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

/** A summary key in words: by the job's label for it, else from its camelCase. */
function figureLabel(key: string, labels: Record<string, string>): string {
  const known = Object.hasOwn(labels, key) ? labels[key] : undefined;
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A run's figures as "label: value" pairs (`labels`: the job's words for them); ISO timestamps as UTC stamps. */
export function RunFigures({ summary, labels }: { summary: RunSummary; labels: Record<string, string> }) {
  const entries = Object.entries(summary);
  if (entries.length === 0) return <span className="text-slate-700">None</span>;
  return (
    <ul className="space-y-0.5">
      {entries.map(([key, value]) => {
        const stamp = typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) ? parseStamp(value) : null;
        return (
          <li key={key}>
            {figureLabel(key, labels)}:{" "}
            {stamp !== null ? (
              <UtcTime ms={stamp} seconds />
            ) : typeof value === "number" ? (
              value.toLocaleString("en-US")
            ) : (
              value
            )}
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
