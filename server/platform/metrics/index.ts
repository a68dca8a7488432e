import type { IncomingMessage, ServerResponse } from "node:http";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { createRequestStats } from "./requests.ts";
import { methodOf, routeOf } from "./route.ts";

/** What a scheduled or background job run came to. */
export type JobOutcome = "success" | "failure" | "interrupted";

const SUBMISSION_KINDS = ["free_submission", "admin", "product_hunt_import"] as const;
/** Who saved a tool: the public form, an admin, or the Product Hunt import (the tool's `source`). */
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

const PAYMENT_EVENT_TYPES = [
  "webhook_paid",
  "webhook_expired",
  "webhook_refunded",
  "webhook_other",
  "webhook_duplicate",
  "checkout_completed",
] as const;
/**
 * A payment event: a verified Stripe webhook by what it said (a payment, an expired checkout, a
 * refund, anything else; `duplicate`: one already handled, sent again), and an order fulfilled
 * (`checkout_completed`: by a webhook, the success page's check with Stripe, or the test checkout).
 */
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/**
 * This instance's Prometheus metrics (`/metrics`). Each app has its own registry, so several apps
 * in one process (tests) keep separate counts. Domain code records through the methods below and
 * never sees prom-client.
 */
export interface Metrics {
  /** The content type of `render`'s text: Prometheus' text format, version 0.0.4. */
  contentType: string;
  /** Every metric in Prometheus' text format, as `/metrics` answers. */
  render(): Promise<string>;
  /** Counts a request and times it, once its response is finished (every request: the page cache's fast path too). */
  trackRequest(req: IncomingMessage, res: ServerResponse): void;
  /** A response from the page cache (X-Cache: HIT) or rendered and stored by it (MISS). */
  pageCache(result: "HIT" | "MISS"): void;
  /** A search answered (kept or computed), and how long it took. */
  searchServed(seconds: number): void;
  jobRun(job: string, outcome: JobOutcome): void;
  /** A like added (a visitor's first like of a tool, not a repeat or an unlike). */
  likeAdded(): void;
  submissionSaved(kind: SubmissionKind): void;
  paymentEvent(type: PaymentEventType): void;
}

// Requests answered from memory take well under a millisecond; rendered pages tens of them.
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// A kept answer takes microseconds; a search of a large catalogue milliseconds.
const SEARCH_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** A new registry with Node's process metrics (prom-client's defaults) and the application's own. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  // What every request records (the hot path) is kept in plain numbers and read when scraped.
  const requests = createRequestStats(REQUEST_BUCKETS);
  const sent = { hit: 0, miss: 0 };
  new Counter({
    name: "page_cache_requests_total",
    help: "Pages and search answers sent by the page cache: from memory (hit) or rendered and stored (miss).",
    labelNames: ["result"] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ result: "hit" }, sent.hit);
      this.inc({ result: "miss" }, sent.miss);
    },
  });
  const searchSeconds = new Histogram({
    name: "search_duration_seconds",
    help: "Time to answer a search (search page or API), kept answers included.",
    buckets: SEARCH_BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: "job_runs_total",
    help: "Scheduled job runs and background job attempts, by job and outcome.",
    labelNames: ["job", "outcome"] as const,
    registers,
  });
  const likes = new Counter({ name: "likes_total", help: "Likes added.", registers });
  const submissions = new Counter({
    name: "submissions_total",
    help: "Tools saved, by kind: free_submission, admin, product_hunt_import.",
    labelNames: ["kind"] as const,
    registers,
  });
  const paymentEvents = new Counter({
    name: "payment_events_total",
    help: "Verified Stripe webhook events handled, and orders fulfilled (checkout_completed).",
    labelNames: ["type"] as const,
    registers,
  });

  // Known series start at 0, so a rate over them exists before the first event.
  for (const kind of SUBMISSION_KINDS) submissions.inc({ kind }, 0);
  for (const type of PAYMENT_EVENT_TYPES) paymentEvents.inc({ type }, 0);

  return {
    contentType: registry.contentType,
    async render() {
      return (await registry.metrics()) + "\n" + requests.exposition();
    },
    trackRequest(req, res) {
      // Read now: routing rewrites req.url on the way (a router's mount path is cut off).
      const route = routeOf(req.url ?? "/");
      const started = performance.now();
      // 'finish' comes once: no once() wrapper needed.
      res.on("finish", () => {
        requests.record(route, methodOf(req.method), res.statusCode, (performance.now() - started) / 1000);
      });
    },
    pageCache(result) {
      if (result === "HIT") sent.hit++;
      else sent.miss++;
    },
    searchServed(seconds) {
      searchSeconds.observe(seconds);
    },
    jobRun(job, outcome) {
      jobRuns.inc({ job, outcome });
    },
    likeAdded() {
      likes.inc();
    },
    submissionSaved(kind) {
      submissions.inc({ kind });
    },
    paymentEvent(type) {
      paymentEvents.inc({ type });
    },
  };
}
