import { data, Link, useFetcher } from "react-router";
import { formatUsd } from "../../../core/featuring.ts";
import { dashboardStats } from "../../../server/admin/stats.ts";
import { dashboardCharts } from "../../../server/insights/charts.ts";
import { drawChart } from "../../../server/insights/draw.ts";
import { CHART_RANGES, parseChartRange, type Chart, type ChartRange } from "../../../core/insights.ts";
import { InsightChart } from "../../components/insight-chart.tsx";
import { Figures } from "../../components/figures.tsx";
import { openReportCount } from "../../../server/reports/service.ts";
import { waitingReviewCount } from "../../../server/reviews/service.ts";
import { overdueReviews, type OverdueReview } from "../../../server/payments/priority-review.ts";
import { subscriberCounts } from "../../../server/digest/subscribers.ts";
import { runJobNow, type RunActionData } from "../../../server/platform/jobs/run-now.ts";
import type { RunRecord } from "../../../server/platform/jobs/runs.ts";
import { jobView } from "../../../server/platform/jobs/scheduler.ts";
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
import { TextLink } from "../../components/ui/text-link.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import type { Route } from "./+types/dashboard.ts";
import { readForm } from "../../lib/form.ts";

/** The overdue priority reviews named at most (the queue lists them all, first). */
const OVERDUE_SHOWN = 20;

const FAILED = "Failed to load dashboard statistics. Please try again later.";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Admin" }, { name: "robots", content: "noindex" }];

const CHARTS_FAILED = "The charts could not be loaded. Please try again later.";

/** The charts of the range asked for, each with its picture (SVG drawn here). */
async function loadCharts(
  services: { database: Parameters<typeof dashboardCharts>[0] },
  now: number,
  range: ChartRange,
) {
  const charts = await dashboardCharts(services.database, now, range);
  const drawn = await Promise.all(charts.charts.map((chart) => drawChart(chart, { width: 520, height: 220 })));
  return { ...charts, charts: charts.charts.map((chart, i) => ({ chart, svg: drawn[i]! })) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const { importJob } = services;
  const range = parseChartRange(new URL(request.url).searchParams.get("range"));
  const [stats, charts, importRun, digestReaders, openReports, waitingReviews, overdue] = await Promise.all([
    dashboardStats(services.database, services.now()).then(
      (value) => ({ stats: value, error: null }),
      (error: unknown) => {
        services.log.error({ err: error }, "dashboard statistics not loaded");
        return { stats: null, error: FAILED };
      },
    ),
    loadCharts(services, services.now(), range).catch((error: unknown) => {
      services.log.error({ err: error }, "dashboard: charts not loaded");
      return null;
    }),
    services.scheduler.lastRun(importJob.name).then(
      (run) => ({ run, runError: null }),
      (error: unknown) => {
        services.log.error({ err: error }, "dashboard: last import run not loaded");
        return { run: null, runError: "The last import run could not be loaded." };
      },
    ),
    // The weekly digest's confirmed readers (its own page, /admin/digest, has the rest).
    subscriberCounts(services.database).then(
      (counts) => counts.confirmed,
      (error: unknown) => {
        services.log.error({ err: error }, "dashboard: digest readers not loaded");
        return null;
      },
    ),
    // Visitors' reports waiting for an admin (their queue: /admin/reports).
    openReportCount(services.database).catch((error: unknown) => {
      services.log.error({ err: error }, "dashboard: open reports not counted");
      return null;
    }),
    // Reviews and owners' replies waiting for an admin (their queue: /admin/reviews).
    waitingReviewCount(services.database).catch((error: unknown) => {
      services.log.error({ err: error }, "dashboard: waiting reviews not counted");
      return null;
    }),
    // Paid priority reviews past their deadline (the queue shows them first: /admin/moderation).
    overdueReviews(services.database, services.now(), OVERDUE_SHOWN).catch((error: unknown) => {
      services.log.error({ err: error }, "dashboard: overdue priority reviews not read");
      return null;
    }),
  ]);
  return {
    ...stats,
    range,
    charts,
    importJob: jobShown(jobView(importJob), services.config),
    lastImport: importRun.run,
    lastImportError: importRun.runError,
    digestReaders,
    openReports,
    waitingReviews,
    overdue,
  };
}

/** The manual Product Hunt import (intent=scrape): answers only when the run has finished. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const formData = await readForm(request);
  if (formData.get("intent") !== "scrape") {
    return data<RunActionData>(
      { job: services.importJob.name, status: "error", message: "Unknown action." },
      { status: 400 },
    );
  }
  const reply = await runJobNow(services, services.importJob, jobWords(services.importJob.name));
  return data<RunActionData>(reply.body, { status: reply.status });
}

const number = (n: number) => n.toLocaleString("en-US");

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const {
    stats,
    error,
    range,
    charts,
    importJob,
    lastImport,
    lastImportError,
    digestReaders,
    openReports,
    waitingReviews,
    overdue,
  } = loaderData;
  return (
    <section aria-labelledby="dashboard-title" className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="dashboard-title" className="text-3xl font-bold">
          Dashboard
        </h1>
        <Link
          to="/admin/add-tool"
          className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          Add a tool
        </Link>
      </div>
      {overdue && overdue.length > 0 && <OverdueReviews overdue={overdue} />}
      {error || !stats ? (
        <Alert tone="error">{error ?? FAILED}</Alert>
      ) : (
        <>
          <Figures
            className="grid-cols-2 md:grid-cols-4"
            items={
              [
                ["Total tools", number(stats.totalTools)],
                ["Approved", number(stats.approvedTools)],
                ["Pending", number(stats.pendingTools)],
                ["Featured", number(stats.featuredTools)],
                ["Likes", number(stats.likes)],
                ["Searches, last 7 days", number(stats.recentSearches)],
                ["Paid orders", number(stats.paidOrders)],
                ["Revenue", formatUsd(stats.revenueCents)],
                ...(stats.testOrders > 0
                  ? ([["Test orders (no charge, not revenue)", number(stats.testOrders)]] as const)
                  : []),
                ...(digestReaders !== null ? ([["Weekly digest readers", number(digestReaders)]] as const) : []),
                ...(openReports !== null ? ([["Open reports", number(openReports)]] as const) : []),
                ...(waitingReviews !== null ? ([["Reviews to moderate", number(waitingReviews)]] as const) : []),
              ] as const
            }
          />
          <section aria-labelledby="terms-title">
            <h2 id="terms-title" className="text-xl font-semibold">
              Top search terms
            </h2>
            {stats.topSearchTerms.length === 0 ? (
              <p className="mt-2 text-slate-700">No searches yet.</p>
            ) : (
              <ol className="mt-2 list-decimal space-y-1 pl-6">
                {stats.topSearchTerms.map((t) => (
                  <li key={t.term}>
                    {t.term} <span className="text-slate-700">({number(t.count)})</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
      <Insights range={range} charts={charts} />
      <ImportTrigger job={importJob} lastRun={lastImport} lastRunError={lastImportError} pageResult={actionData} />
    </section>
  );
}

/** The paid priority reviews past their deadline: a flag that stays until each is decided. */
function OverdueReviews({ overdue }: { overdue: OverdueReview[] }) {
  return (
    <Alert tone="warning">
      <p className="font-semibold">
        {overdue.length === 1
          ? "1 paid priority review is overdue"
          : `${overdue.length >= OVERDUE_SHOWN ? `${OVERDUE_SHOWN} or more` : overdue.length} paid priority reviews are overdue`}
        : <TextLink to="/admin/moderation">review them first</TextLink>.
      </p>
      <ul className="mt-2 list-disc pl-5">
        {overdue.map((review) => (
          <li key={review.toolId}>
            {review.name}, due <UtcTime ms={review.dueAt} />
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** The charts of the last 30, 90 or 365 days, and the searches that found nothing. */
function Insights({
  range,
  charts,
}: {
  range: ChartRange;
  charts: { charts: { chart: Chart; svg: string }[]; noResultTerms: { term: string; count: number }[] } | null;
}) {
  return (
    <section aria-labelledby="insights-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="insights-title" className="text-xl font-semibold">
          {`The last ${range} days`}
        </h2>
        <nav aria-label="Period of the charts">
          <ul className="flex gap-2">
            {CHART_RANGES.map((days) => (
              <li key={days}>
                <Link
                  to={`?range=${days}`}
                  aria-current={days === range ? "page" : undefined}
                  className={`inline-block rounded-lg border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${days === range ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-slate-800 hover:bg-slate-50"}`}
                >
                  {days} days
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {charts === null ? (
        <Alert tone="error">{CHARTS_FAILED}</Alert>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            {charts.charts.map(({ chart, svg }) => (
              <InsightChart key={chart.id} chart={chart} svg={svg} />
            ))}
          </div>
          <section aria-labelledby="no-result-title">
            <h3 id="no-result-title" className="font-semibold">
              Top searches with no result
            </h3>
            {charts.noResultTerms.length === 0 ? (
              <p className="mt-2 text-slate-700">Every search in these days found something.</p>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-700">
                  What visitors looked for and did not find: each opens the submit form with the term as the name.
                </p>
                <ol className="mt-2 list-decimal space-y-1 pl-6">
                  {charts.noResultTerms.map((t) => (
                    <li key={t.term}>
                      <TextLink to={`/submit-tool?name=${encodeURIComponent(t.term)}`}>{t.term}</TextLink>{" "}
                      <span className="text-slate-700">({number(t.count)})</span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
        </>
      )}
    </section>
  );
}

/** The manual Product Hunt import ("scrape") and its last run. */
function ImportTrigger({
  job,
  lastRun,
  lastRunError,
  pageResult,
}: {
  job: JobShown;
  lastRun: RunRecord | null;
  lastRunError: string | null;
  pageResult: RunActionData | undefined;
}) {
  const fetcher = useFetcher<RunActionData>();
  const hydrated = useHydrated();
  const busy = fetcher.state === "submitting";
  const result = busy ? null : (fetcher.data ?? pageResult ?? null);
  return (
    <section aria-labelledby="import-run-title" className="space-y-4 rounded-xl border border-slate-200 p-5">
      <h2 id="import-run-title" className="text-xl font-semibold">
        {job.label}
      </h2>
      <p className="text-slate-700">
        Imports the launches on Product Hunt that are not in the directory yet. It also runs by itself every day; a run
        can take a minute or two.
      </p>
      <LastRun job={job} run={lastRun} error={lastRunError} />
      <fetcher.Form method="post" action="/admin/dashboard">
        <input type="hidden" name="intent" value="scrape" />
        <button
          type="submit"
          disabled={hydrated && busy}
          className="rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Run import now
        </button>
      </fetcher.Form>
      {busy && <Alert tone="progress">{job.runningLabel}</Alert>}
      {result && <RunResultBanner result={result} />}
      <p>
        <TextLink to="/admin/jobs">All jobs and their runs</TextLink>
      </p>
    </section>
  );
}

/** When the import last ran, how it was started and what it did (or why it failed). */
function LastRun({ job, run, error }: { job: JobShown; run: RunRecord | null; error: string | null }) {
  if (error) {
    return <Alert tone="error">{error}</Alert>;
  }
  if (!run) return <p className="text-slate-700">Last run: none yet.</p>;
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-800">
      <h3 className="font-semibold">Last run</h3>
      <p className="mt-1">
        <UtcTime ms={run.startedAt} /> · {TRIGGER_LABEL[run.trigger]} · {RUN_STATUS_LABEL[run.status]}
      </p>
      {run.error && <p className="mt-1 text-red-800">{run.error}</p>}
      {Object.keys(run.summary).length > 0 && (
        <div className="mt-1">
          <RunFigures summary={run.summary} labels={job.figures} />
        </div>
      )}
      {run.itemErrors.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium">Items that failed ({run.itemErrors.length})</summary>
          <ItemErrors items={run.itemErrors} />
        </details>
      )}
    </div>
  );
}
