import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "../logger.ts";

const INCOMING_ID = /^[\w.:-]{8,100}$/;

/**
 * Gives a request its id (a proxy's X-Request-Id when it looks like one), sends it back, and
 * logs one line when the response is finished. Returns the id.
 */
export function trackRequest(
  req: IncomingMessage,
  res: ServerResponse,
  log: Logger,
  clientIp: () => string | undefined,
): string {
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", requestId);
  if (!log.isLevelEnabled("info")) return requestId;
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    log.info(
      {
        reqId: requestId,
        method: req.method,
        url: req.url,
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
    res.locals.requestId = trackRequest(req, res, log, () => req.ip);
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  };
}
