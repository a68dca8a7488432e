import { data, Form, useNavigation } from "react-router";
import { DIGEST_JOB, digestOverview } from "../../../server/digest/admin.ts";
import { runJobNow, type RunActionData } from "../../../server/platform/jobs/run-now.ts";
import { RUN_STATUS_LABEL, RunFigures, RunResultBanner, TRIGGER_LABEL } from "../../components/job-runs.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { UtcTime } from "../../components/utc-time.tsx";
import { servicesContextKey } from "../../context.ts";
import { readForm } from "../../lib/form.ts";
import { jobShown, jobWords } from "../../lib/job-words.ts";
import type { Route } from "./+types/digest.ts";

// The weekly digest for admins: readers by state, where its mails go, when it runs, its latest
// issues with their sends, and "Run now" (the same run as the jobs page's).

export const meta: Route.MetaFunction = () => [
  { title: "Weekly digest — Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const overview = await digestOverview(services);
  return { ...overview, job: overview.job && { ...overview.job, ...jobShown(overview.job, services.config) } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const formData = await readForm(request);
  const job = services.scheduler.find(DIGEST_JOB);
  if (formData.get("intent") !== "run" || !job) {
    return data<RunActionData>({ job: DIGEST_JOB, status: "error", message: "Unknown action." }, { status: 400 });
  }
  const reply = await runJobNow(services, job, jobWords(job.name));
  return data<RunActionData>(reply.body, { status: reply.status });
}

const number = (n: number) => n.toLocaleString("en-US");
const buttonClass =
  "rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60";

export default function AdminDigest({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, delivery, job, issues } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="digest-title" className="space-y-8">
      <div>
        <h1 id="digest-title" className="text-3xl font-bold">
          Weekly digest
        </h1>
        <p className="mt-2 text-slate-700">Readers of the weekly mail, and its latest issues. Times are in UTC.</p>
      </div>

      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {(
          [
            ["Confirmed readers", counts.confirmed],
            ["Waiting for confirmation", counts.pending],
            ["Unsubscribed", counts.unsubscribed],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{number(value)}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="delivery-title" className="space-y-2">
        <h2 id="delivery-title" className="text-xl font-semibold">
          Where mails go
        </h2>
        {delivery.kind === "smtp" ? (
          <p>
            Through the SMTP server <code className="font-mono">{delivery.server}</code> (
            <code className="font-mono">SMTP_URL</code>).
          </p>
        ) : (
          <p>
            No <code className="font-mono">SMTP_URL</code> is set: mails are written as{" "}
            <code className="font-mono">.eml</code> files to the folder{" "}
            <code className="font-mono break-all">{delivery.folder}/</code> of the data directory (
            <code className="font-mono">DATA_DIR</code>), not sent.
          </p>
        )}
      </section>

      <section aria-labelledby="schedule-title" className="space-y-3">
        <h2 id="schedule-title" className="text-xl font-semibold">
          Schedule
        </h2>
        {job ? (
          <>
            <p>
              {job.when}.{" "}
              {job.enabled ? (
                <>Next run: {job.nextRunAt === null ? "unknown" : <UtcTime ms={job.nextRunAt} />}.</>
              ) : (
                <>
                  Not scheduled: <code className="font-mono">{job.setting}</code> turns the schedule off.
                </>
              )}
            </p>
            {job.lastRuns[0] && (
              <p className="text-sm text-slate-800">
                Last run: <UtcTime ms={job.lastRuns[0].startedAt} /> ({TRIGGER_LABEL[job.lastRuns[0].trigger]},{" "}
                {RUN_STATUS_LABEL[job.lastRuns[0].status]}){job.lastRuns[0].error ? `: ${job.lastRuns[0].error}` : ""}
                {" — "}
                <RunFigures summary={job.lastRuns[0].summary} labels={job.figures} />
              </p>
            )}
          </>
        ) : (
          <Alert tone="error">The digest job is not known to this server.</Alert>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="run" />
          <button type="submit" disabled={busy} className={buttonClass}>
            Run now<span className="sr-only"> (Weekly digest)</span>
          </button>
        </Form>
        {busy && <Alert tone="progress">{job?.runningLabel ?? "Sending…"}</Alert>}
        {!busy && actionData && <RunResultBanner result={actionData} />}
      </section>

      <section aria-labelledby="issues-title" className="space-y-2">
        <h2 id="issues-title" className="text-xl font-semibold">
          Last sends
        </h2>
        {issues.length === 0 ? (
          <p className="text-slate-700">No issue has been sent yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">The latest issues of the weekly digest</caption>
              <thead className="border-b border-slate-300 text-slate-800">
                <tr>
                  {["Week", "Made", "New tools", "Featured", "Sent", "Failed", "Unknown", "Last sent"].map(
                    (heading) => (
                      <th key={heading} scope="col" className="py-2 pr-4">
                        {heading}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {issues.map((issue) => (
                  <tr key={issue.week} className="border-b border-slate-200">
                    <td className="py-2 pr-4 font-medium">{issue.week}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      <UtcTime ms={issue.createdAt} />
                    </td>
                    <td className="py-2 pr-4">{number(issue.newCount)}</td>
                    <td className="py-2 pr-4">{number(issue.featuredCount)}</td>
                    <td className="py-2 pr-4">{number(issue.sent)}</td>
                    <td className="py-2 pr-4">{number(issue.failed)}</td>
                    <td className="py-2 pr-4">{number(issue.unknown)}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      {issue.lastSentAt === null ? "—" : <UtcTime ms={issue.lastSentAt} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-xs text-slate-700">
              Failed sends are tried again by the next run of the same week. Unknown: a run stopped between taking a
              send and finishing it; it is not sent again, so no reader gets an issue twice.
            </p>
          </div>
        )}
      </section>
    </section>
  );
}
