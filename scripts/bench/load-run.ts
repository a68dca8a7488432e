// `node scripts/bench/load-run.ts '<json options>'`: one autocannon run, its figures printed as one
// line of JSON. loadTest (lib.ts) runs each load in a process of its own: in the benchmark's
// process, whose heap holds the catalogue and the plan, autocannon's garbage (a response body per
// request) made full collections ever more frequent as the run went on, and their pauses fell
// on the page measured.
import { createRequire } from "node:module";

// autocannon ships no types: the part of its API used here.
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  statusCodeStats: Record<string, { count: number }>;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

const options = JSON.parse(process.argv[2] ?? "") as AutocannonOptions;
const r = await autocannon(options);
const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
console.log(
  JSON.stringify({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    statuses,
  }),
);
