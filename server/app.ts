import fs from "node:fs";
import type { RequestListener } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { requestContextKey, servicesContextKey } from "../app/context.ts";
import { adminApi } from "./admin/api.ts";
import { digestUnsubscribeRoutes } from "./digest/http.ts";
import { apiV1 } from "./api/v1.ts";
import { mcpRoutes } from "./mcp/http.ts";
import { servesHttps } from "./platform/config.ts";
import { HttpError, limitBody } from "./platform/http/body-limit.ts";
import {
  BUSY_MESSAGE,
  BUSY_RETRY_AFTER_SEC,
  BUSY_TITLE,
  ERROR_STATUS,
  errorBody,
  isDatabaseBusy,
  sendError,
  wantsJson,
  type ErrorCode,
} from "./platform/http/errors.ts";
import { requestContext } from "./platform/http/request-context.ts";
import { likeRoutes } from "./likes/http.ts";
import { createReadiness } from "./platform/health/readiness.ts";
import { metricsWithToken } from "./platform/metrics/http.ts";
import { toolImageRoutes } from "./og/http.ts";
import { badgeRoutes } from "./badge/http.ts";
import { paymentRoutes, stripeWebhook } from "./payments/http.ts";
import { secretRoutesOf, urlRedactor } from "./platform/http/logged-url.ts";
import { PAGES, SERVER_PATHS } from "../core/route-table.ts";
import { STRIPE_CHECKOUT_ORIGIN } from "./payments/providers.ts";
import { createPageCache } from "./platform/http/page-cache.ts";
import { lookupRoute } from "./platform/http/routes.ts";
import { sendPlainPage } from "./platform/http/plain-page.ts";
import { privateResponses, securityHeaders } from "./platform/http/security.ts";
import {
  markUnreadableAddress,
  readOnlyMachineFiles,
  refuseCrossSiteForms,
  refuseUnreadableAddress,
  originFormTarget,
} from "./platform/http/guards.ts";
import type { AppServices, RequestInfo } from "./services.ts";
import { UPLOADS_PATH } from "./platform/storage/index.ts";
import { addressKey } from "./platform/ratelimit/index.ts";
import { clientIp, rawClientIp, untrustedForwardingWarning } from "./platform/http/client.ts";
import { countSearch, searchRequestOf } from "./search/tracking.ts";
import { UPLOAD_FORM_MAX_BYTES } from "./submissions/form.ts";

export interface CreateAppOptions {
  services: AppServices;
  /** The React Router server build, or a loader of it (Vite's, in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Where the built browser assets are; absent in development, where Vite serves them. */
  clientDir?: string;
  /** Vite's middlewares in development (module serving and hot updates). */
  devMiddleware?: RequestHandler;
}

const PAGE_BODY_LIMIT = 256 * 1024;

/**
 * The whole HTTP application: headers, static files, health, JSON API, pages. Stored public pages
 * are answered before Express runs (the page cache's fast path); everything else goes through it.
 */
export function createApp({ services, build, clientDir, devMiddleware }: CreateAppOptions): RequestListener {
  const { config, log } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  // What the logs write of a URL: the route table says which addresses carry a secret.
  const redact = urlRedactor(secretRoutesOf([...PAGES, ...SERVER_PATHS]));
  const loggedUrl = (url: string) => redact(url);
  app.use(requestContext(log, loggedUrl));
  app.use(originFormTarget);
  app.use(privateResponses());
  app.use(
    securityHeaders({
      https: servesHttps(config),
      dev: !!devMiddleware,
      formTargets: config.payments.mode === "stripe" ? [STRIPE_CHECKOUT_ORIGIN] : [],
    }),
  );
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await services.database.ping(2000);
      res.json({ status: "ok" });
    } catch (error) {
      log.warn({ err: error }, "health check: database unreachable");
      res.status(503).json({ status: "unavailable", ...errorBody("unavailable", "The database is not reachable.") });
    }
  });
  // Whether this instance should get traffic (a load balancer's probe); /healthz only says it is alive.
  const readiness = createReadiness(services);
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      const report = await readiness.check();
      if (report.ready) res.json({ status: "ready", checks: report.checks });
      else
        res.status(503).json({
          status: "unavailable",
          checks: report.checks,
          failing: report.failing,
          ...errorBody("unavailable", report.message ?? "Not ready."),
        });
    } catch (error) {
      log.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable", ...errorBody("unavailable", "Readiness could not be checked.") });
    }
  });
  // On the main port only with a token (else /metrics is an unknown page); METRICS_PORT serves them
  // on a listener of its own (server/main.ts).
  if (config.metrics.token) app.get("/metrics", metricsWithToken(services.metrics, config.metrics.token));

  if (clientDir) {
    // File names under assets/ carry a content hash, so they can be cached for good.
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
    );
    // The few other built files (favicon…) by name, so page requests never wait on a disk lookup.
    const rootFiles = new Set(
      fs
        .readdirSync(clientDir)
        .filter((name) => name !== "assets")
        .map((name) => `/${name}`),
    );
    const rootStatic = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (rootFiles.has(req.path) ? rootStatic(req, res, next) : next()));
  }
  if (services.storage.localRoot) {
    // Stored keys are never reused (they carry a timestamp), so a stored file never changes.
    app.use(
      UPLOADS_PATH,
      express.static(services.storage.localRoot, { immutable: true, maxAge: "30d", index: false, fallthrough: false }),
    );
  }
  if (devMiddleware) app.use(devMiddleware);

  const mode = config.env === "development" ? "development" : "production";
  const getLoadContext = (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    const ip = clientIp(req);
    const info: RequestInfo = {
      ip,
      addressKey: addressKey(ip),
      nonce: res.locals.nonce as string,
      requestId: res.locals.requestId as string,
      unreadableAddress: res.locals.unreadableAddress === true,
      databaseBusy: false,
      loggedUrl: loggedUrl(req.originalUrl),
    };
    context.set(servicesContextKey, services);
    context.set(requestContextKey, info);
    return context;
  };
  // The client's address as Express would read it (TRUST_PROXY), for what answers before Express runs.
  const ipOf = rawClientIp(app);
  const pageCache = config.cache.pages
    ? createPageCache({
        build,
        mode,
        getLoadContext,
        clientIp: ipOf,
        loggedUrl,
        freshness: services.freshness,
        log,
        maxBytes: config.cache.maxBytes,
        now: services.now,
        metrics: services.metrics,
        impressions: (toolIds) => {
          const at = services.now();
          for (const id of toolIds) services.counts.impressions.add(id, at);
        },
      })
    : null;
  app.use(["/api", "/like", "/webhooks", "/og", "/badge"], refuseUnreadableAddress);
  app.use("/api/v1", apiV1(services, pageCache));
  app.use("/mcp", mcpRoutes(services));
  app.use("/api/admin", adminApi(services));
  app.use("/api", paymentRoutes(services));
  app.use("/api", (_req, res) => sendError(res, "not-found", "No such endpoint."));
  app.use("/like", likeRoutes(services));
  app.use("/webhooks/stripe", stripeWebhook(services));
  app.use("/og", toolImageRoutes(services));
  // Before the cross-site guard: mail programs post one-click unsubscribes from their own servers.
  app.use("/digest/unsubscribe", digestUnsubscribeRoutes(services));
  app.use("/badge", badgeRoutes(services));

  app.use(readOnlyMachineFiles);
  app.use(refuseCrossSiteForms);
  app.use(markUnreadableAddress);
  // Page forms are small and read whole, so a longer body is refused unread. A form with a logo (its
  // route says `body: "upload"` in core/route-table.ts) is read as it streams, the file cut off at
  // the logo's limit and the rest discarded (server/submissions/form.ts), so any length is taken:
  // the page then comes back filled in with the logo's error instead of a dead end. Sent any other
  // way, it gets room for one logo.
  const pageLimit = limitBody(PAGE_BODY_LIMIT);
  const uploadLimit = limitBody(UPLOAD_FORM_MAX_BYTES);
  const streamedUpload = limitBody(Number.POSITIVE_INFINITY);
  app.use((req, res, next) => {
    if (!lookupRoute(req.url).upload) return pageLimit(req, res, next);
    return (req.is("multipart/form-data") ? streamedUpload : uploadLimit)(req, res, next);
  });

  if (pageCache) app.use(pageCache.middleware);
  // Mounted without a path pattern: Express would decode one and answer an undecodable path (`/%C0%AF`)
  // itself; React Router's root middleware answers it with the site's own 400 page instead.
  app.use(createRequestHandler({ build, mode, getLoadContext }));

  app.use(errorHandler(services));
  const checkForwarding = untrustedForwardingWarning(app, log);
  return (req, res) => {
    services.metrics.trackRequest(req, res);
    checkForwarding(req);
    // While shutting down, each answer closes its connection, so the drain ends (server/platform/shutdown.ts).
    if (services.lifecycle.stopping) res.shouldKeepAlive = false;
    // Every search page served is counted, stored or not: counting is not rendering (docs/decisions/023).
    const search = searchRequestOf(req.method ?? "", req.url ?? "");
    if (search) void countSearch(services, search, addressKey(ipOf(req)));
    // Tool page views and website clicks for their owners: counted in memory once answered, once per
    // visitor, tool and day, never written here.
    if (req.method === "GET") {
      const visitor = () => addressKey(ipOf(req));
      services.counts.views.track(req, res, visitor);
      services.counts.clicks.track(req, res, visitor);
    }
    if (!pageCache?.serveFromMemory(req, res)) app(req, res);
  };
}

function errorHandler({ log }: AppServices): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isDatabaseBusy(error)) {
      log.warn({ err: error, reqId: res.locals.requestId }, "database busy");
      res.set("Retry-After", String(BUSY_RETRY_AFTER_SEC));
      if (isApiRequest(req)) sendError(res, "unavailable", BUSY_MESSAGE);
      else sendPlainPage(res, 503, { title: BUSY_TITLE, message: BUSY_MESSAGE });
      return;
    }
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status >= 500) log.error({ err: error, reqId: res.locals.requestId }, "unhandled error");
    // Only our own messages are shown; a library's error text could carry internals.
    const message =
      status === 500 ? "Something went wrong on our side. Please try again." : clientErrorMessage(error, status);
    if (isApiRequest(req)) {
      sendError(res, status === 500 ? "internal" : (CLIENT_ERROR_CODES.get(status) ?? "invalid-argument"), message);
      return;
    }
    // No stack, no error text: only a plain page with the request id to quote.
    sendPlainPage(res, status, { title: status === 404 ? "Not found" : "Something went wrong", message });
  };
}

/** Whether an error is answered in the API's JSON shape: Stripe's webhook is an API too, whatever its Accept header says. */
function isApiRequest(req: express.Request): boolean {
  return req.path.startsWith("/api/") || req.path.startsWith("/webhooks/") || wantsJson(req);
}

/** The catalogue's code for each 4xx status it has (an HttpError's own, 413 from a body parser…); every other 4xx is invalid-argument (400). */
const CLIENT_ERROR_CODES = new Map(
  (Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    .filter(([, status]) => status >= 400 && status < 500)
    .map(([code, status]) => [status, code]),
);

/** What a 4xx from Express or a body parser says, in our words (body-parser's `type` names the problem). */
function clientErrorMessage(error: { type?: unknown } | undefined, status: number): string {
  if (error instanceof HttpError) return error.message;
  if (status === 404) return "This file does not exist.";
  if (status === 403) return "This file is not available.";
  if (status === 413)
    return error?.type === "parameters.too.many" ? "The form has too many fields." : "The request is too large.";
  if (status === 415) return "The request's content type or character set is not accepted here.";
  return "The request could not be read.";
}
