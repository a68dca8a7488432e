// http_requests_total and http_request_duration_seconds, kept in plain numbers. Every request
// records here, the page cache's fast path included, where a whole answer takes a few tens of
// microseconds: prom-client's own counter and histogram cost about a microsecond per request
// (they hash and check the labels each time), this about a twentieth of that. The text is written
// when Prometheus asks, after prom-client's registry (server/platform/metrics/index.ts).

/** One route and method: responses by status, and the durations' histogram. */
interface Series {
  route: string;
  method: string;
  statuses: Map<number, number>;
  /** Observations at or below each bound (not cumulative: summed when written). */
  buckets: Float64Array;
  sum: number;
  count: number;
}

export interface RequestStats {
  record(route: string, method: string, status: number, seconds: number): void;
  /** Both metrics in Prometheus' text format (version 0.0.4), each line ending in a newline. */
  exposition(): string;
}

export const REQUESTS_TOTAL = "http_requests_total";
export const REQUEST_DURATION = "http_request_duration_seconds";

/** Request statistics with histogram buckets at `bounds` (seconds, ascending). */
export function createRequestStats(bounds: readonly number[]): RequestStats {
  const byRoute = new Map<string, Map<string, Series>>();

  return {
    record(route, method, status, seconds) {
      let byMethod = byRoute.get(route);
      if (!byMethod) byRoute.set(route, (byMethod = new Map()));
      let series = byMethod.get(method);
      if (!series)
        byMethod.set(
          method,
          (series = { route, method, statuses: new Map(), buckets: new Float64Array(bounds.length), sum: 0, count: 0 }),
        );
      series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
      let bucket = 0;
      while (bucket < bounds.length && seconds > bounds[bucket]!) bucket++;
      if (bucket < bounds.length) series.buckets[bucket]!++;
      series.sum += seconds;
      series.count++;
    },
    exposition() {
      const all = [...byRoute.values()].flatMap((byMethod) => [...byMethod.values()]);
      const lines = [
        `# HELP ${REQUESTS_TOTAL} HTTP requests answered, by route pattern, method and status.`,
        `# TYPE ${REQUESTS_TOTAL} counter`,
      ];
      for (const series of all) {
        for (const [status, count] of series.statuses)
          lines.push(`${REQUESTS_TOTAL}{${labels(series)},status="${status}"} ${count}`);
      }
      lines.push(
        `# HELP ${REQUEST_DURATION} Time from a request's arrival to the end of its response, by route pattern and method.`,
        `# TYPE ${REQUEST_DURATION} histogram`,
      );
      for (const series of all) {
        const own = labels(series);
        let cumulative = 0;
        bounds.forEach((bound, i) => {
          cumulative += series.buckets[i]!;
          lines.push(`${REQUEST_DURATION}_bucket{le="${bound}",${own}} ${cumulative}`);
        });
        lines.push(`${REQUEST_DURATION}_bucket{le="+Inf",${own}} ${series.count}`);
        lines.push(`${REQUEST_DURATION}_sum{${own}} ${series.sum}`);
        lines.push(`${REQUEST_DURATION}_count{${own}} ${series.count}`);
      }
      return `${lines.join("\n")}\n`;
    },
  };
}

function labels(series: Series): string {
  return `route="${escapeLabel(series.route)}",method="${escapeLabel(series.method)}"`;
}

/** A label value as the text format writes it: backslash, double quote and line feed escaped. */
export function escapeLabel(value: string): string {
  return value.replace(/[\\"\n]/g, (c) => (c === "\n" ? "\\n" : `\\${c}`));
}
