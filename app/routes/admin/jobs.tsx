import { data, useFetcher } from "react-router";
import { z } from "../../../core/zod.ts";
import { runJobNow, type RunActionData } from "../../../server/platform/jobs/run-now.ts";
import type { JobOverview } from "../../../server/platform/jobs/scheduler.ts";
import { jobShown, jobWords, type JobShown } from "../../lib/job-words.ts";
import {
  ItemErrors,
  RUN_STATUS_LABEL,
  RunFigures,
  RunResultBanner,
  TRIGGER_LABEL,
} from "../../components/job-runs.tsx";
import { UtcTime } from "../../components/utc-time.tsx";
import { servicesContextKey } from "../../context.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { Alert } from "../../components/ui/alert.tsx";
import type { Route } from "./+types/jobs.ts";
import { formFields, readForm } from "../../lib/form.ts";

// The scheduled jobs (ADR 015): when each runs next, its latest runs with their figures and
// errors, and a button to run it now. A run started here answers when it has finished.

export const meta: Route.MetaFunction = () => [{ title: "Jobs — Admin" }, { name: "robots", content: "noindex" }];

const RUNS_SHOWN = 10;

export async function loader({ context }: Route.LoaderArgs) {
  const { scheduler, config } = context.get(servicesContextKey);
  const jobs = await scheduler.overview(RUNS_SHOWN);
  return { jobs: jobs.map((job) => ({ ...job, ...jobShown(job, config) })) };
}

const runSchema = z.object({ intent: z.literal("run"), job: z.string() });

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const parsed = runSchema.safeParse(formFields(await readForm(request)));
  const job = parsed.success ? services.scheduler.find(parsed.data.job) : undefined;
  if (!job) {
    return data<RunActionData | { job: null; status: "error"; message: string }>(
      { job: null, status: "error", message: "Unknown job or action." },
      { status: 400 },
    );
  }
  const reply = await runJobNow(services, job, jobWords(job.name));
  return data<RunActionData | { job: null; status: "error"; message: string }>(reply.body, { status: reply.status });
}

export default function Jobs({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs } = loaderData;
  const refused = actionData && actionData.job === null ? actionData.message : null;
  return (
    <section aria-labelledby="jobs-title" className="space-y-8">
      <div>
        <h1 id="jobs-title" className="text-3xl font-bold">
          Jobs
        </h1>
        <p className="mt-2 text-slate-700">Work the server does on a schedule. Times are in UTC.</p>
      </div>
      {refused && <Alert tone="error">{refused}</Alert>}
      {jobs.map((job) => (
        <JobCard key={job.name} job={job} pageResult={actionData && actionData.job === job.name ? actionData : null} />
      ))}
    </section>
  );
}

const buttonClass =
  "rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

/** One job: its schedule, a "Run now" button and its latest runs. */
function JobCard({ job, pageResult }: { job: JobOverview & JobShown; pageResult: RunActionData | null }) {
  const fetcher = useFetcher<RunActionData>();
  const hydrated = useHydrated();
  const busy = fetcher.state === "submitting";
  const result = busy ? null : (fetcher.data ?? pageResult);
  const titleId = `job-${job.name}`;
  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-xl border border-slate-200 p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 id={titleId} className="text-xl font-semibold">
            {job.label}
          </h2>
          <p className="text-slate-800">{job.description}</p>
          <p className="text-sm text-slate-700">{job.when}</p>
          {job.enabled ? (
            <p className="text-sm text-slate-800">
              Next run: {job.nextRunAt === null ? "unknown" : <UtcTime ms={job.nextRunAt} />}
            </p>
          ) : (
            <p className="text-sm text-slate-800">
              Not scheduled: the setting <code className="font-mono">{job.setting}</code> turns the schedule off. Set it
              to <code className="font-mono">true</code> (or leave it out) to run the job on schedule; it can still be
              run by hand.
            </p>
          )}
          {job.running && (
            <p className="text-sm font-medium text-amber-900">
              Running since <UtcTime ms={job.running.startedAt} seconds />
            </p>
          )}
        </div>
        <fetcher.Form method="post" action="/admin/jobs">
          <input type="hidden" name="intent" value="run" />
          <input type="hidden" name="job" value={job.name} />
          <button type="submit" disabled={hydrated && busy} className={buttonClass}>
            Run now<span className="sr-only"> ({job.label})</span>
          </button>
        </fetcher.Form>
      </div>
      {busy && <Alert tone="progress">{job.runningLabel}</Alert>}
      {result && <RunResultBanner result={result} />}
      <RunsTable job={job} />
    </article>
  );
}

/** The job's latest runs, newest first. */
function RunsTable({ job }: { job: JobOverview & JobShown }) {
  if (job.lastRuns.length === 0) return <p className="text-slate-700">No runs yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">Last runs of {job.label}</caption>
        <thead className="border-b border-slate-300 text-slate-800">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Started
            </th>
            <th scope="col" className="py-2 pr-4">
              Trigger
            </th>
            <th scope="col" className="py-2 pr-4">
              Status
            </th>
            <th scope="col" className="py-2 pr-4">
              Figures
            </th>
            <th scope="col" className="py-2 pr-4">
              Error
            </th>
            <th scope="col" className="py-2">
              Item errors
            </th>
          </tr>
        </thead>
        <tbody>
          {job.lastRuns.map((run) => (
            <tr key={run.id} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-4 whitespace-nowrap">
                <UtcTime ms={run.startedAt} />
              </td>
              <td className="py-2 pr-4">{TRIGGER_LABEL[run.trigger]}</td>
              <td className="py-2 pr-4">{RUN_STATUS_LABEL[run.status]}</td>
              <td className="py-2 pr-4">
                <RunFigures summary={run.summary} labels={job.figures} />
              </td>
              <td className="py-2 pr-4 break-words text-red-800">
                {run.error ?? <span className="text-slate-700">None</span>}
              </td>
              <td className="py-2">
                {run.itemErrors.length === 0 ? (
                  "0"
                ) : (
                  <details>
                    <summary className="cursor-pointer font-medium">{run.itemErrors.length}</summary>
                    <ItemErrors items={run.itemErrors} />
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
