import { createHash, timingSafeEqual } from "node:crypto";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RequestHandler } from "express";
import { errorBody, sendError } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "./index.ts";

// Metrics say how busy the site is and what it runs on: they are for the operator's Prometheus,
// never public. Either a listener of their own (METRICS_PORT, reachable only where the operator
// lets it be) or the main port behind a bearer token (METRICS_TOKEN).

/** The metrics in Prometheus' text format, with its content type. */
async function exposition(metrics: Metrics): Promise<{ contentType: string; body: string }> {
  return { contentType: metrics.contentType, body: await metrics.render() };
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/**
 * `GET /metrics` on the main port, for a scraper that sends `Authorization: Bearer <token>`;
 * anything else gets 401. Compared as digests with timingSafeEqual: equal lengths, and no time
 * difference that tells how much of a guess was right.
 */
export function metricsWithToken(metrics: Metrics, token: string): RequestHandler {
  const expected = digest(token);
  return async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    const given = /^Bearer +(\S+) *$/i.exec(req.get("authorization") ?? "")?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"');
      sendError(
        res,
        "unauthenticated",
        given === undefined
          ? "Metrics need the metrics token: send Authorization: Bearer <METRICS_TOKEN>."
          : "The metrics token is not valid.",
      );
      return;
    }
    try {
      const { contentType, body } = await exposition(metrics);
      res.type(contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The listener of its own (METRICS_PORT): `GET /metrics` and nothing else, without a token — who
 * can reach the port is the operator's firewall's business. Not the site's app: no pages, and its
 * own requests are not counted among the site's.
 */
export function createMetricsServer(metrics: Metrics, log: Logger): Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      res.end(JSON.stringify(body));
    };
    if (path !== "/metrics") return json(404, errorBody("not-found", "Only /metrics is served here."));
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("allow", "GET, HEAD");
      return json(405, errorBody("invalid-argument", "Use GET."));
    }
    exposition(metrics).then(
      ({ contentType, body }) => {
        res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : body);
      },
      (error: unknown) => {
        log.error({ err: error }, "metrics not rendered");
        json(500, errorBody("internal", "The metrics could not be rendered."));
      },
    );
  });
}

/** Starts the metrics listener on `port` of `host`; rejects when it cannot listen (the port is taken). */
export function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string },
  log: Logger,
): Promise<Server> {
  const server = createMetricsServer(metrics, log);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      // Later errors (a broken connection) are the connection's; the listener goes on.
      server.on("error", (error) => log.warn({ err: error }, "metrics listener error"));
      const { address, port } = server.address() as AddressInfo;
      log.info({ host: address, port }, "metrics listening");
      resolve(server);
    });
  });
}

/** Closes the metrics listener (its idle connections at once); resolves at once without one. */
export function stopMetricsServer(server: Server | null): Promise<void> {
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
