import { chartSummary, periodLabel, SERIES_COLOURS, valueLabel, type Chart } from "../../core/insights.ts";

/**
 * One of the dashboard's charts: the picture drawn on the server (an image, summarised in its
 * label), and its figures in a table, open to anyone who asks for them — the text alternative.
 */
export function InsightChart({ chart, svg }: { chart: Chart; svg: string }) {
  const titleId = `chart-${chart.id}-title`;
  const summary = chartSummary(chart);
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-xl border border-slate-200 p-4">
      <h3 id={titleId} className="font-semibold">
        {chart.title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{summary}</p>
      {chart.series.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
          {chart.series.map((s, i) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block h-3 w-3 rounded-sm"
                style={{ backgroundColor: SERIES_COLOURS[i] }}
              />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <div
        role="img"
        aria-label={`${chart.title}, per ${chart.period}. ${summary}.`}
        className="mt-3 overflow-hidden [&_svg]:h-auto [&_svg]:max-w-full"
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
          {chart.title}: the figures
        </summary>
        {/* Scrolls on its own: focusable, so that a keyboard can scroll it. */}
        <div
          className="mt-2 max-h-80 overflow-auto focus-visible:outline-2 focus-visible:outline-brand-700"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take focus for a keyboard to scroll it
          tabIndex={0}
          role="region"
          aria-label={`${chart.title}: the figures`}
        >
          <table className="w-full text-left text-sm" data-chart={chart.id}>
            <caption className="sr-only">
              {chart.title}, per {chart.period}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  {chart.period === "month" ? "Month" : "Day"}
                </th>
                {chart.series.map((s) => (
                  <th key={s.key} scope="col" className="py-1 pr-4 text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => (
                <tr key={row.at} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    <time dateTime={new Date(row.at).toISOString().slice(0, chart.period === "month" ? 7 : 10)}>
                      {periodLabel(chart, row.at)}
                    </time>
                  </th>
                  {row.values.map((value, i) => (
                    <td key={chart.series[i]!.key} className="py-1 pr-4 text-right tabular-nums">
                      {valueLabel(chart, value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
