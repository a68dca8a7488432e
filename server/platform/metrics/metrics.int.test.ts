import { describe, expect, it } from "vitest";
import { emptyToolContent } from "../../../core/tool.ts";
import { addTools, makeTool } from "../../../tests/support/catalog.ts";
import { createTestDatabase } from "../../../tests/support/database.ts";
import { BROWSER_UA, getPage } from "../../../tests/support/html.ts";
import { testImage } from "../../../tests/support/images.ts";
import { postForm, useTestServer, type TestServer } from "../../../tests/support/server.ts";
import { createScheduler, type ScheduledJob } from "../jobs/scheduler.ts";
import { createLogger } from "../logger.ts";
import { submitTool } from "../../submissions/service.ts";
import { startMetricsServer, stopMetricsServer } from "./http.ts";
import { createMetrics } from "./index.ts";

// /metrics as Prometheus reads it, through the real app (both engines): where it is served and
// to whom, and that the counters move with what the site does.

const TOKEN = "metrics-token-0123456789abcdef0123456789abcdef";

/**
 * The sum of a metric's samples in Prometheus' text format whose labels include `labels`; 0 when
 * there is none (a counter not yet touched).
 */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

function scrape(server: TestServer, authorization: string | null = `Bearer ${TOKEN}`): Promise<Response> {
  return fetch(`${server.url}/metrics`, { headers: authorization === null ? {} : { Authorization: authorization } });
}

async function metricsText(server: TestServer): Promise<string> {
  const res = await scrape(server);
  expect(res.status).toBe(200);
  return res.text();
}

describe("/metrics without METRICS_TOKEN or METRICS_PORT", () => {
  const testServer = useTestServer();

  it("is the site's own not-found page on the main port, token or not", async () => {
    for (const authorization of [null, `Bearer ${TOKEN}`]) {
      const res = await scrape(testServer(), authorization);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).not.toContain("http_requests_total");
    }
  });

  it("is served by the listener of its own (METRICS_PORT), which serves nothing else", async () => {
    const server = testServer();
    const listener = await startMetricsServer(
      server.services.metrics,
      { port: 0, host: "127.0.0.1" },
      createLogger("silent"),
    );
    try {
      const address = listener.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      expect((await getPage(server.url, "/about")).res.status).toBe(200);

      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const text = await res.text();
      expect(
        sample(text, "http_requests_total", { route: "/about", method: "GET", status: "200" }),
      ).toBeGreaterThanOrEqual(1);
      // Node's process metrics come with them.
      expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);

      const elsewhere = await fetch(`${base}/`);
      expect(elsewhere.status).toBe(404);
      expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe("not-found");
      expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(405);
      // The main port still does not serve them.
      expect((await scrape(server)).status).toBe(404);
    } finally {
      await stopMetricsServer(listener);
    }
    expect(listener.listening).toBe(false);
  });
});

describe("/metrics with METRICS_TOKEN", () => {
  const testServer = useTestServer({
    env: { METRICS_TOKEN: TOKEN },
    configure: (config) => {
      config.rateLimits.submit = { points: 100, durationSec: 60 };
    },
  });

  it("answers 401 in JSON without the token or with another one", async () => {
    const server = testServer();
    for (const authorization of [
      null,
      "Basic dXNlcjpwYXNz",
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}X`,
      "Bearer",
      `${TOKEN}`,
    ]) {
      const res = await scrape(server, authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("unauthenticated");
      expect(body.error.message).not.toContain(TOKEN);
    }
  });

  it("answers Prometheus' text format to the token, uncached", async () => {
    const server = testServer();
    const res = await scrape(server, `bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-cache")).toBeNull();
    const text = await res.text();
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds",
      "page_cache_requests_total",
      "search_duration_seconds",
      "likes_total",
      "submissions_total",
      "payment_events_total",
      "job_runs_total",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    // Asked again: rendered again (the request just made shows), never a stored copy.
    const again = await metricsText(server);
    expect(sample(again, "http_requests_total", { route: "/metrics", status: "200" })).toBeGreaterThan(
      sample(text, "http_requests_total", { route: "/metrics", status: "200" }),
    );
  });

  it("counts page requests (stored ones too), cache hits and misses, likes and searches", async () => {
    const server = testServer();
    const tool = makeTool({ name: "Metrics Probe Tool" });
    await addTools(server.services, [tool]);
    const before = await metricsText(server);

    const first = await getPage(server.url, "/about");
    const second = await getPage(server.url, "/about");
    expect(first.res.headers.get("x-cache")).toBe("MISS");
    expect(second.res.headers.get("x-cache")).toBe("HIT");
    expect((await getPage(server.url, `/tool/${tool.slug}`)).res.status).toBe(200);
    const liked = await postForm(`${server.url}/like/${tool.id}`, { intent: "like" }, { Accept: "application/json" });
    expect(liked.status).toBe(200);
    const search = await fetch(`${server.url}/api/v1/search?q=probe`, { headers: { "User-Agent": BROWSER_UA } });
    expect(search.status).toBe(200);

    const after = await metricsText(server);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta("http_requests_total", { route: "/about", method: "GET", status: "200" })).toBe(2);
    expect(delta("http_request_duration_seconds_count", { route: "/about", method: "GET" })).toBe(2);
    expect(delta("http_requests_total", { route: "/tool/:slug", method: "GET", status: "200" })).toBe(1);
    expect(delta("http_requests_total", { route: "/like/:id", method: "POST", status: "200" })).toBe(1);
    expect(delta("http_requests_total", { route: "/api/v1/search", method: "GET", status: "200" })).toBe(1);
    // The second /about came from memory; /about's first render, the tool page and the search answer were stored.
    expect(delta("page_cache_requests_total", { result: "hit" })).toBe(1);
    expect(delta("page_cache_requests_total", { result: "miss" })).toBe(3);
    expect(delta("likes_total")).toBe(1);
    expect(delta("search_duration_seconds_count")).toBe(1);
    // Routes are patterns, never the addresses asked for.
    expect(after).not.toContain(tool.slug);
    expect(after).not.toContain(tool.id);
  });

  it("counts tools saved by kind and orders paid", async () => {
    const server = testServer();
    const before = await metricsText(server);
    const saved = await submitTool(
      { ...server.services, onJobQueued: () => {} },
      {
        ...emptyToolContent(),
        name: "Metrics Submission",
        tagline: "Counted once",
        websiteUrl: "https://metrics-submission.example.com",
        description: "A tool.",
        categories: ["productivity"],
        submitterEmail: null,
      },
      { name: "logo.png", bytes: await testImage("png") },
    );
    expect(saved.kind).toBe("saved");

    const tool = makeTool({ name: "Metrics Paid Tool" });
    await addTools(server.services, [tool]);
    const { sessionId } = await server.services.payments.startCheckout({ toolId: tool.id, amountUsd: 100 });
    expect(await server.services.payments.payTest(sessionId)).not.toBeNull();
    // Paying again changes nothing, and counts nothing.
    expect(await server.services.payments.payTest(sessionId)).not.toBeNull();

    const after = await metricsText(server);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta("submissions_total", { kind: "free_submission" })).toBe(1);
    expect(delta("submissions_total", { kind: "admin" })).toBe(0);
    expect(delta("payment_events_total", { type: "checkout_completed" })).toBe(1);
  });
});

describe("job run metrics", () => {
  it("count scheduled runs by job and outcome", async () => {
    const testDb = await createTestDatabase();
    const metrics = createMetrics();
    let fail = false;
    const job: ScheduledJob = {
      name: "metrics-probe",
      schedule: { pattern: "0 0 1 1 *", timezone: "UTC" },
      enabled: false,
      setting: "NONE",
      leaseMs: 60_000,
      async run() {
        if (fail) throw new Error("failed on purpose");
        return {};
      },
    };
    const scheduler = createScheduler({
      database: testDb.database,
      jobs: [job],
      now: Date.now,
      log: createLogger("silent"),
      metrics,
    });
    try {
      await scheduler.run(job.name);
      fail = true;
      await scheduler.run(job.name);
      await scheduler.run(job.name);
      const text = await metrics.render();
      expect(sample(text, "job_runs_total", { job: "metrics-probe", outcome: "success" })).toBe(1);
      expect(sample(text, "job_runs_total", { job: "metrics-probe", outcome: "failure" })).toBe(2);
    } finally {
      await scheduler.stop();
      await testDb.drop();
    }
  });
});
