import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "../logger.ts";

const INCOMING_ID = /^[\w.:-]{8,100}$/;

/**
 * Addresses that carry a secret — whoever has one can act with it — as the request log writes
 * them: the path as rewritten here (React Router's `.data` twin included), and never the query.
 * Matched as React Router matches routes: case-insensitively.
 */
const SECRET_URLS: readonly [path: RegExp, logged: string][] = [
  // A submitter's private status link (app/routes.ts).
  [/^\/submission\/[^/]+?(\.data)?(?=\/|$)/i, "/submission/[redacted]$1"],
  // The built-in test checkout: its session id is what lets anyone pay, or cancel, that order.
  [/^\/test-checkout\/[^/]+?(\.data)?(?=\/|$)/i, "/test-checkout/[redacted]$1"],
  // The same checkout session id: the page the checkout returns to (?session_id=…), and its polling.
  [/^\/payment-success(\.data)?(?=\/|$)/i, "/payment-success$1"],
  [/^\/api\/checkout-session\/[^/]+/i, "/api/checkout-session/[redacted]"],
];

/** A request's URL as the log writes it: the secrets of SECRET_URLS left out. */
export function loggedUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const [pattern, logged] of SECRET_URLS) {
    if (pattern.test(path)) return path.replace(pattern, logged) + (queryAt === -1 ? "" : "?[redacted]");
  }
  return url;
}

/**
 * Gives a request its id (a proxy's X-Request-Id when it looks like one) and logs one line when
 * the response is finished. Returns the id, for the caller to send back as X-Request-Id (the page
 * cache's fast path sends it among its stored headers: one writeHead, no header map).
 */
export function trackRequest(
  req: IncomingMessage,
  res: ServerResponse,
  log: Logger,
  clientIp: () => string | undefined,
): string {
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  if (!log.isLevelEnabled("info")) return requestId;
  const started = process.hrtime.bigint();
  // As it came: routing may rewrite req.url on the way.
  const url = loggedUrl(req.url ?? "");
  res.on("finish", () => {
    log.info(
      {
        reqId: requestId,
        method: req.method,
        url,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        ip: clientIp(),
      },
      "request",
    );
  });
  return requestId;
}

/** Express's entry: request id, request log line, and this response's CSP nonce. */
export function requestContext(log: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = trackRequest(req, res, log, () => req.ip);
    res.setHeader("X-Request-Id", requestId);
    res.locals.requestId = requestId;
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  };
}
