import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { loggedUrl, trackRequest } from "./request-context.ts";

// The request log line, as the process logger writes it (captured from its stream).

const TOKEN = "Xk3v9QmT2bL7wZr1Ne5Ys8Hd0PqAuCjF";
const SESSION = "test_7hT2kLmQ9vXw3RzB1nYc5dFg8sJp";

/** The JSON line logged for one request to `url` (its response finished with `status`). */
function logLine(url: string, method = "GET", status = 200): { line: string; entry: Record<string, unknown> } {
  const lines: string[] = [];
  const log = createLogger("info", { write: (line: string) => void lines.push(line) });
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  const res = new ServerResponse(req);
  trackRequest(req, res, log, () => "203.0.113.9");
  res.statusCode = status;
  res.emit("finish");
  expect(lines).toHaveLength(1);
  return { line: lines[0]!, entry: JSON.parse(lines[0]!) as Record<string, unknown> };
}

describe("the request log line", () => {
  it("logs a request's method, URL, status, time and id", () => {
    const { entry } = logLine("/tool/quillmate?ref=home", "GET", 200);
    expect(entry).toMatchObject({ msg: "request", method: "GET", url: "/tool/quillmate?ref=home", status: 200, ip: "203.0.113.9" });
    expect(entry.reqId).toEqual(expect.any(String));
    expect(entry.ms).toEqual(expect.any(Number));
  });

  it.each([
    [`/submission/${TOKEN}`, "/submission/[redacted]"],
    [`/submission/${TOKEN}.data`, "/submission/[redacted].data"],
    [`/submission/${TOKEN}.data?_routes=routes%2Fsubmission-status`, "/submission/[redacted].data?[redacted]"],
    [`/submission/${TOKEN}?from=email`, "/submission/[redacted]?[redacted]"],
    [`/submission/${TOKEN}/`, "/submission/[redacted]/"],
    [`/Submission/${TOKEN}`, "/submission/[redacted]"],
    [`/test-checkout/${SESSION}`, "/test-checkout/[redacted]"],
    [`/test-checkout/${SESSION}.data?index`, "/test-checkout/[redacted].data?[redacted]"],
    [`/payment-success?session_id=${SESSION}&tool_id=t1`, "/payment-success?[redacted]"],
    [`/payment-success.data?session_id=${SESSION}&check=2`, "/payment-success.data?[redacted]"],
    [`/api/checkout-session/${SESSION}`, "/api/checkout-session/[redacted]"],
  ])("leaves the secret out of %s", (url, logged) => {
    for (const method of ["GET", "POST"]) {
      const { line, entry } = logLine(url, method);
      expect(entry.url).toBe(logged);
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain(SESSION);
    }
  });

  it.each(["/", "/browse/ai/newest", "/search/notes?page=2", "/payment-cancel?tool_id=t1", "/admin/tools/abc?status=pending", "/submission", "/submit-tool"])(
    "logs %s as it is",
    (url) => {
      expect(logLine(url).entry.url).toBe(url);
      expect(loggedUrl(url)).toBe(url);
    },
  );
});
