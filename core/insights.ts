import { formatUsd } from "./featuring.ts";

// The dashboard's charts as numbers (server/insights/charts.ts reads them, server/insights/draw.ts
// draws them, app/components/insight-chart.tsx shows them), and how their figures are written.

/** The spans a chart may show, in days up to today; the first is the default. */
export const CHART_RANGES = [30, 90, 365] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** A span asked for in the address (`?range=90`), or the default one. */
export function parseChartRange(value: string | null): ChartRange {
  const n = Number(value);
  return (CHART_RANGES as readonly number[]).includes(n) ? (n as ChartRange) : CHART_RANGES[0];
}

/** Series colours, in order, with enough contrast on white (3:1 at least for graphics). */
export const SERIES_COLOURS = ["#4338ca", "#b45309", "#be123c"] as const;

/** A chart's numbers: one row per period (a UTC day, or a month), one value per series. */
export interface Chart {
  id: string;
  title: string;
  /** What a row is: a day (its start, UTC) or a month (its first day). */
  period: "day" | "month";
  /** Money (cents) or counts. */
  unit: "count" | "cents";
  /** What sums it up: the total of its periods (events), or the last period's value (a state, as placements in force). */
  summary: "total" | "latest";
  series: { key: string; label: string }[];
  rows: { at: number; values: number[] }[];
}

/** The chart in a sentence: each series' total, or its latest value. */
export function chartSummary(chart: Chart): string {
  return chart.series
    .map((s, i) =>
      chart.summary === "total"
        ? `${s.label}: ${valueLabel(
            chart,
            chart.rows.reduce((sum, row) => sum + row.values[i]!, 0),
          )} in all`
        : `${s.label}: ${valueLabel(chart, chart.rows.at(-1)?.values[i] ?? 0)} on the last day`,
    )
    .join("; ");
}

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** How a row's period is written: "Nov 3", or "Nov 2026" for a month. */
export function periodLabel(chart: Pick<Chart, "period">, at: number): string {
  return chart.period === "month" ? monthFormat.format(at) : dayFormat.format(at);
}

/** How a value is written: a count, or dollars. */
export function valueLabel(chart: Pick<Chart, "unit">, value: number): string {
  return chart.unit === "cents" ? formatUsd(value) : value.toLocaleString("en-US");
}

/** Clicks per impression as a percentage with one decimal ("2.5%"), or "–" without impressions. */
export function clickThrough(clicks: number, impressions: number): string {
  return impressions > 0 ? `${((clicks / impressions) * 100).toFixed(1)}%` : "–";
}

/** Quotes a CSV field when it holds a comma, quote or line break (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The chart's figures as CSV: a header of `day` (or `month`) and the series' keys, then one line
 * per period with its ISO date; `extra` adds computed columns.
 */
export function chartCsv(chart: Chart, extra: { header: string; value: (values: number[]) => string }[] = []): string {
  const header = [chart.period, ...chart.series.map((s) => s.key), ...extra.map((e) => e.header)];
  const lines = chart.rows.map((row) => [
    new Date(row.at).toISOString().slice(0, chart.period === "month" ? 7 : 10),
    ...row.values.map(String),
    ...extra.map((e) => e.value(row.values)),
  ]);
  return [header, ...lines].map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n";
}
