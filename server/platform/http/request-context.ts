import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "../logger.ts";

const INCOMING_ID = /^[\w.:-]{8,100}$/;

/**
 * Gives a request its id (a proxy's X-Request-Id when it looks like one) and logs one line when
 * the response is finished, its URL as `loggedUrl` writes it (server/platform/http/logged-url.ts). Returns
 * the id, for the caller to send back as X-Request-Id (the page cache's fast path sends it among
 * its stored headers: one writeHead, no header map).
 */
export function trackRequest(
  req: IncomingMessage,
  res: ServerResponse,
  log: Logger,
  clientIp: () => string | undefined,
  loggedUrl: (url: string) => string,
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
export function requestContext(log: Logger, loggedUrl: (url: string) => string): RequestHandler {
  return (req, res, next) => {
    const requestId = trackRequest(req, res, log, () => req.ip, loggedUrl);
    res.setHeader("X-Request-Id", requestId);
    res.locals.requestId = requestId;
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  };
}
