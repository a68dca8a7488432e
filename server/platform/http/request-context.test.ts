import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { urlRedactor } from "./logged-url.ts";
import { trackRequest } from "./request-context.ts";

// The request log line, as the process logger writes it (captured from its stream).

const TOKEN = "Xk3v9QmT2bL7wZr1Ne5Ys8Hd0PqAuCjF";
const loggedUrl = urlRedactor([{ path: "/owner/:token", secret: "path" }]);

/** The JSON line logged for one request to `url` (its response finished with `status`). */
function logLine(url: string, method = "GET", status = 200): { line: string; entry: Record<string, unknown> } {
  const lines: string[] = [];
  const log = createLogger("info", { write: (line: string) => void lines.push(line) });
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  const res = new ServerResponse(req);
  trackRequest(req, res, log, () => "203.0.113.9", loggedUrl);
  res.statusCode = status;
  res.emit("finish");
  expect(lines).toHaveLength(1);
  return { line: lines[0]!, entry: JSON.parse(lines[0]!) as Record<string, unknown> };
}

describe("the request log line", () => {
  it("logs a request's method, URL, status, time and id", () => {
    const { entry } = logLine("/tool/quillmate?ref=home", "GET", 200);
    expect(entry).toMatchObject({
      msg: "request",
      method: "GET",
      url: "/tool/quillmate?ref=home",
      status: 200,
      ip: "203.0.113.9",
    });
    expect(entry.reqId).toEqual(expect.any(String));
    expect(entry.ms).toEqual(expect.any(Number));
  });

  it("writes the URL as the redactor says, never as it came", () => {
    const { line, entry } = logLine(`/owner/${TOKEN}?from=mail`);
    expect(entry.url).toBe("/owner/[redacted]?[redacted]");
    expect(line).not.toContain(TOKEN);
  });
});
