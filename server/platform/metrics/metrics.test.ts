import { describe, expect, it } from "vitest";
import { createMetrics } from "./index.ts";
import { createRequestStats, escapeLabel } from "./requests.ts";

describe("createMetrics", () => {
  it("gives each app a registry of its own, so apps in one process count apart", async () => {
    const one = createMetrics();
    const two = createMetrics();
    one.likeAdded();
    one.likeAdded();
    one.submissionSaved("admin");
    expect(await one.render()).toMatch(/^likes_total 2$/m);
    expect(await two.render()).toMatch(/^likes_total 0$/m);
    expect(await one.render()).toContain('submissions_total{kind="admin"} 1');
    expect(await two.render()).toContain('submissions_total{kind="admin"} 0');
  });

  it("shows the known series at 0 before anything happened, with Node's process metrics", async () => {
    const text = await createMetrics().render();
    expect(text).toContain('page_cache_requests_total{result="hit"} 0');
    expect(text).toContain('page_cache_requests_total{result="miss"} 0');
    expect(text).toContain('payment_events_total{type="checkout_completed"} 0');
    expect(text).toContain('submissions_total{kind="free_submission"} 0');
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });
});

describe("createRequestStats", () => {
  it("writes requests by status and a cumulative duration histogram per route and method", () => {
    const stats = createRequestStats([0.001, 0.01]);
    stats.record("/tool/:slug", "GET", 200, 0.0004);
    stats.record("/tool/:slug", "GET", 200, 0.001);
    stats.record("/tool/:slug", "GET", 404, 0.005);
    stats.record("/tool/:slug", "GET", 200, 3);
    stats.record("/like/:id", "POST", 200, 0.002);
    const text = stats.exposition();
    expect(text).toContain('http_requests_total{route="/tool/:slug",method="GET",status="200"} 3\n');
    expect(text).toContain('http_requests_total{route="/tool/:slug",method="GET",status="404"} 1\n');
    expect(text).toContain('http_requests_total{route="/like/:id",method="POST",status="200"} 1\n');
    // A duration on a bound counts in that bucket; one past the last only in +Inf.
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.001",route="/tool/:slug",method="GET"} 2\n');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.01",route="/tool/:slug",method="GET"} 3\n');
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",route="/tool/:slug",method="GET"} 4\n');
    expect(text).toContain('http_request_duration_seconds_count{route="/tool/:slug",method="GET"} 4\n');
    expect(text).toMatch(/^http_request_duration_seconds_sum\{route="\/tool\/:slug",method="GET"\} 3\.0064\d*\n/m);
    expect(text).toContain("# TYPE http_requests_total counter\n");
    expect(text).toContain("# TYPE http_request_duration_seconds histogram\n");
    expect(text.endsWith("\n")).toBe(true);
  });

  it("escapes label values as the text format wants", () => {
    expect(escapeLabel('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
  });
});
