import { describe, expect, it } from "vitest";
import { index, layout, route, type RouteEntry } from "../../../core/route-table.ts";
import { secretRoutesOf, urlRedactor, type SecretRoute } from "./logged-url.ts";

// What the logs write of a request's URL. The routes here stand for the route table's
// (core/route-table.ts, which says which addresses carry a secret); the integration test
// server/platform/http/request-log.int.test.ts holds the real table to it.

const TOKEN = "Xk3v9QmT2bL7wZr1Ne5Ys8Hd0PqAuCjF";
const SESSION = "test_7hT2kLmQ9vXw3RzB1nYc5dFg8sJp";

const ROUTES: SecretRoute[] = [
  { path: "/submission/:token", secret: "path" },
  { path: "/submit/:statusToken?", secret: "path" },
  { path: "/test-checkout/:sessionId", secret: "path" },
  { path: "/payment-success", secret: "query" },
  { path: "/claim/:key", secret: "query" },
  { path: "/digest/confirm/:token", secret: "path" },
  { path: "/api/checkout-session/:sessionId", secret: "path" },
];
const loggedUrl = urlRedactor(ROUTES);

describe("the URL the logs write", () => {
  it.each([
    [`/submission/${TOKEN}`, "/submission/[redacted]"],
    [`/submission/${TOKEN}.data`, "/submission/[redacted].data"],
    [`/submission/${TOKEN}.data?_routes=routes%2Fsubmission-status`, "/submission/[redacted].data?[redacted]"],
    [`/submission/${TOKEN}?from=email`, "/submission/[redacted]?[redacted]"],
    [`/submission/${TOKEN}/`, "/submission/[redacted]"],
    [`/submission/${TOKEN}/more/${TOKEN}`, "/submission/[redacted]"],
    [`/submission//${TOKEN}`, "/submission/[redacted]"],
    [`/Submission/${TOKEN}`, "/submission/[redacted]"],
    [`/submit/${TOKEN}?feature=100`, "/submit/[redacted]?[redacted]"],
    [`/submit?submitted=quillpad&status=${TOKEN}`, "/submit?[redacted]"],
    [`/test-checkout/${SESSION}`, "/test-checkout/[redacted]"],
    [`/test-checkout/${SESSION}.data?index`, "/test-checkout/[redacted].data?[redacted]"],
    [`/payment-success?session_id=${SESSION}&tool_id=t1`, "/payment-success?[redacted]"],
    [`/payment-success.data?session_id=${SESSION}&check=2`, "/payment-success.data?[redacted]"],
    [`/claim/quillpad?confirm=${TOKEN}`, "/claim/quillpad?[redacted]"],
    [`/claim/quillpad.data?claim=${TOKEN}&page=2`, "/claim/quillpad.data?[redacted]"],
    [`/digest/confirm/${TOKEN}`, "/digest/confirm/[redacted]"],
    [`/api/checkout-session/${SESSION}`, "/api/checkout-session/[redacted]"],
  ])("leaves the secret out of %s", (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });

  it.each([
    "/",
    "/browse/ai/newest",
    "/search/notes?page=2",
    "/payment-cancel?tool_id=t1",
    "/submission",
    "/submit-tool",
    "/digest",
    "/digest/confirm",
    "/claim",
    "/tool/x?ref=home&theme=dark",
  ])("writes %s as it is", (url) => expect(loggedUrl(url)).toBe(url));

  it("keeps only the query parameters known to be harmless, and marks where others were left out", () => {
    expect(loggedUrl(`/admin/tools?status=${TOKEN}&page=2`)).toBe("/admin/tools?page=2&[redacted]");
    expect(loggedUrl(`/anything?token=${TOKEN}`)).toBe("/anything?[redacted]");
    expect(loggedUrl(`/tool/x?status=${TOKEN}`)).toBe("/tool/x?[redacted]");
    expect(loggedUrl("/search?q=notes&&page=3")).toBe("/search?q=notes&page=3");
    expect(loggedUrl("/tool/x?")).toBe("/tool/x");
  });
});

describe("secretRoutesOf", () => {
  it("reads the routes that say their address carries a secret from a route table, with their parents' paths", () => {
    const table: RouteEntry[] = [
      route("owner/:token", "routes/owner.tsx", { secret: "path" }),
      layout("routes/layout.tsx", { private: true }, [route("keys/:key", "routes/keys.tsx", { secret: "path" })]),
      route("claim/:key", "routes/claim.tsx", { secret: "query" }),
      route("tool/:key", "routes/tool.tsx"),
      route("area", "routes/area.tsx", { secret: "query" }, [
        route("inner", "routes/inner.tsx"),
        route("open", "routes/open.tsx", { secret: "path" }),
      ]),
      layout("routes/keyed.tsx", { secret: "path" }, [index("routes/keyed-index.tsx")]),
      { path: "api/checkout-session/*", secret: "path" },
    ];
    expect(secretRoutesOf(table)).toEqual([
      { path: "/owner/:token", secret: "path" },
      { path: "/keys/:key", secret: "path" },
      { path: "/claim/:key", secret: "query" },
      { path: "/area", secret: "query" },
      { path: "/area/inner", secret: "query" },
      { path: "/area/open", secret: "path" },
      { path: "/", secret: "path" },
      { path: "/api/checkout-session/*", secret: "path" },
    ]);
  });
});
