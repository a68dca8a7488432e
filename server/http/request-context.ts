import { randomBytes, randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "../logger.ts";

const INCOMING_ID = /^[\w.:-]{8,100}$/;

/**
 * Gives each request an id (a proxy's X-Request-Id when it looks like one) and a CSP nonce, and
 * logs one line when the response is finished.
 */
export function requestContext(log: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      log.info(
        {
          reqId: requestId,
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
          ip: req.ip,
        },
        "request",
      );
    });
    next();
  };
}
