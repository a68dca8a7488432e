import { data } from "react-router";
import { formatAddedFull } from "../../core/dates.ts";
import { formatUsd } from "../../core/featuring.ts";
import { clickThrough } from "../../core/insights.ts";
import { drawChart } from "../../server/insights/draw.ts";
import { orderOfSponsorToken, sponsorReport } from "../../server/insights/reports.ts";
import { InsightChart } from "../components/insight-chart.tsx";
import { Figures } from "../components/figures.tsx";
import { PrivateLinkError } from "../components/not-found.tsx";
import { TextAnchor, TextLink } from "../components/ui/text-link.tsx";
import { servicesContextKey } from "../context.ts";
import type { Route } from "./+types/sponsor.ts";

// A featured placement's report (/sponsor/<token>): what it did, per day since it started, the
// same number of days before it, and its place among the placements of those days. The token is
// the only key — its payer gets it on the payment's page (and verified owners on theirs): never
// indexed, never kept by any cache.

const NOT_FOUND = "This report link does not work. Check that it was copied whole.";
const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Featured placement report: ${loaderData.report.order.toolName}` : "Report not found" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const orderId = await orderOfSponsorToken(services.signingKey, params.token);
  const report = orderId ? await sponsorReport(services.database, orderId, services.now()) : null;
  if (!report) throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
  const svg = report.chart ? await drawChart(report.chart, { width: 720, height: 260 }) : null;
  return data({ report, svg, token: params.token }, { headers: PRIVATE });
}

const fmt = (n: number) => n.toLocaleString("en-US");

/** "12 (+50 %)" against the same days before; no percentage from nothing. */
function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "no change" : "none before";
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent >= 0 ? "+" : ""}${percent}%`;
}

const ordinal = (n: number) => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th");
  return `${n}${suffix}`;
};

export default function SponsorReportPage({ loaderData }: Route.ComponentProps) {
  const { report, svg, token } = loaderData;
  const { order, totals, before, rank } = report;
  return (
    <article aria-labelledby="sponsor-title" className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-700">Featured placement report</p>
        <h1 id="sponsor-title" className="text-3xl font-bold break-words">
          {order.toolName}
        </h1>
        <p className="text-slate-700">
          {formatUsd(order.amountCents)} ·{" "}
          {order.status === "refunded"
            ? "refunded"
            : order.from === null
              ? "starts when the tool is approved"
              : `featured from ${formatAddedFull(order.from)} to ${formatAddedFull(order.until!)}`}
          {order.toolSlug && order.status !== "refunded" && (
            <>
              {" · "}
              <TextLink to={`/tool/${encodeURIComponent(order.toolSlug)}`}>See the listing</TextLink>
            </>
          )}
        </p>
        <p className="text-sm text-slate-700">
          This page is private: anyone with its link can read it. Impressions count each time a page showing the
          placement was sent to a person (not a search engine); clicks count people who went on to the website, once a
          day each.
        </p>
      </header>

      {report.chart === null ? (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          {order.status === "refunded"
            ? "This payment was refunded: the tool was not featured."
            : "The placement has not started yet: figures show here from the day it does."}
        </p>
      ) : (
        <>
          <section aria-labelledby="totals-title" className="space-y-3">
            <h2 id="totals-title" className="text-xl font-semibold">
              {`Since it started (${fmt(report.chart.rows.length)} ${report.chart.rows.length === 1 ? "day" : "days"})`}
            </h2>
            <Figures
              className="grid-cols-2 sm:grid-cols-4"
              items={
                [
                  ["Impressions", fmt(totals.impressions)],
                  ["Website clicks", fmt(totals.clicks)],
                  ["Click-through", clickThrough(totals.clicks, totals.impressions)],
                  ["Rank by clicks", rank ? `${ordinal(rank.position)} of ${fmt(rank.of)}` : "–"],
                ] as const
              }
            />
          </section>
          {before && (
            <section aria-labelledby="before-title" className="space-y-3">
              <h2 id="before-title" className="text-xl font-semibold">
                {`The same ${fmt(before.days)} ${before.days === 1 ? "day" : "days"} before`}
              </h2>
              <table className="w-full text-left">
                <thead>
                  <tr>
                    <th scope="col" className="py-1 pr-4">
                      <span className="sr-only">Figure</span>
                    </th>
                    <th scope="col" className="py-1 pr-4 text-right">
                      Before
                    </th>
                    <th scope="col" className="py-1 pr-4 text-right">
                      Featured
                    </th>
                    <th scope="col" className="py-1 text-right">
                      Change
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(
                    [
                      ["Page views", before.views, totals.views],
                      ["Website clicks", before.clicks, totals.clicks],
                    ] as const
                  ).map(([label, then, now]) => (
                    <tr key={label} className="border-t border-slate-100">
                      <th scope="row" className="py-1 pr-4 font-normal">
                        {label}
                      </th>
                      <td className="py-1 pr-4 text-right tabular-nums">{fmt(then)}</td>
                      <td className="py-1 pr-4 text-right tabular-nums">{fmt(now)}</td>
                      <td className="py-1 text-right tabular-nums">{change(now, then)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          <section aria-labelledby="per-day-title" className="space-y-3">
            <h2 id="per-day-title" className="text-xl font-semibold">
              Per day
            </h2>
            <InsightChart chart={report.chart} svg={svg!} />
            <p>
              <TextAnchor href={`/sponsor/${token}/report.csv`} download>
                Download the figures (CSV)
              </TextAnchor>
            </p>
          </section>
        </>
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PrivateLinkError
      error={error}
      notFound={{ title: "Report not found", message: NOT_FOUND }}
      failed="The report could not be shown. Please try again later."
    />
  );
}
