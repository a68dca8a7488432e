import { SERIES_COLOURS, type Chart } from "../../core/insights.ts";
import { loadPlot } from "../platform/lazy-imports.ts";

// The dashboard's charts drawn on the server by Observable Plot as SVG: the page shows them
// without JavaScript, and the admin's scripts carry no chart library. The figures are in a table
// beside each (the text alternative), so the picture is marked as an image with a short summary.

/** The chart as an SVG document fragment, `width` × `height` (it scales down to its container). */
export async function drawChart(chart: Chart, size: { width: number; height: number }): Promise<string> {
  const { plot: Plot, document } = await loadPlot();
  const points = chart.rows.flatMap((row) =>
    chart.series.map((s, i) => ({
      at: new Date(row.at),
      value: chart.unit === "cents" ? row.values[i]! / 100 : row.values[i]!,
      series: s.label,
    })),
  );
  // The legend is the page's (HTML beside the picture), in the same colours.
  const colour = {
    legend: false,
    domain: chart.series.map((s) => s.label),
    range: SERIES_COLOURS.slice(0, chart.series.length),
  };
  // An empty chart still has a scale to draw its axis on.
  const highest = Math.max(1, ...points.map((p) => p.value));
  const svg = Plot.plot({
    document,
    width: size.width,
    height: size.height,
    className: `chart-${chart.id}`,
    marginLeft: 56,
    style: { background: "white", color: "#334155", fontSize: "12px" },
    color: colour,
    // Counts are whole: no tick between 0 and 1.
    y: {
      grid: true,
      label: chart.unit === "cents" ? "US$" : null,
      nice: true,
      domain: [0, highest],
      ticks: Math.min(6, highest),
    },
    x: {
      label: null,
      type: chart.period === "month" ? "band" : "utc",
      tickFormat: chart.period === "month" ? "%b %Y" : undefined,
    },
    marks:
      chart.period === "month"
        ? [Plot.barY(points, { x: "at", y: "value", fill: SERIES_COLOURS[0] }), Plot.ruleY([0])]
        : [Plot.lineY(points, { x: "at", y: "value", stroke: "series", strokeWidth: 2 }), Plot.ruleY([0])],
  });
  // The page names the picture and gives its figures in a table: Plot's own labels of its parts
  // (on groups that have no role, which ARIA does not allow) would only repeat them, piecemeal.
  for (const part of svg.querySelectorAll("[aria-label], [aria-description]")) {
    part.removeAttribute("aria-label");
    part.removeAttribute("aria-description");
  }
  for (const drawing of [svg, ...svg.querySelectorAll("svg")]) drawing.setAttribute("aria-hidden", "true");
  return svg.outerHTML;
}
