import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ensureAdmin } from "./admin/accounts.ts";
import { createApp } from "./app.ts";
import { answerClientError } from "./platform/http/guards.ts";
import { ConfigError, loadConfig } from "./platform/config.ts";
import { openDatabase } from "./platform/db/index.ts";
import { migrateToLatest } from "./platform/db/migrate.ts";
import { createLogger } from "./platform/logger.ts";
import { logsArePretty, prettyDestination } from "./platform/log-format.ts";
import { startMetricsServer, stopMetricsServer } from "./platform/metrics/http.ts";
import { keepFilesPrivate, makePrivateDir, openToOthers } from "./platform/private-files.ts";
import { PROJECT_ROOT } from "./platform/paths.ts";
import { paymentsStartWarning } from "./payments/mode.ts";
import { seedDemoIfEmpty } from "./seed/demo.ts";
import { createServices } from "./services.ts";
import { gracefulShutdown } from "./platform/shutdown.ts";
import { CHANGE_ADMIN_PASSWORD, startupBanner } from "./platform/startup-banner.ts";

const root = PROJECT_ROOT;
const dev = process.argv.includes("--dev");
// Whatever the server creates (DATA_DIR, the database, uploads, mails) is its user's alone (docs/decisions/016).
keepFilesPrivate();

let config;
try {
  config = loadConfig({ NODE_ENV: dev ? "development" : "production", ...process.env });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const pretty = logsArePretty(config.logFormat, process.stdout.isTTY === true);
const color = pretty && process.stdout.isTTY === true && !process.env.NO_COLOR;
const log = createLogger(config.logLevel, pretty ? prettyDestination(process.stdout, color) : undefined);
await makePrivateDir(config.dataDir);
// DATA_DIR holds the database and the outbox, .env the secrets: no other user of the machine (nor
// the screenshot browser, where it runs as a user of its own) should be able to read them.
for (const open of openToOthers([config.dataDir, path.resolve(".env")])) {
  log.warn(
    open,
    `${open.path} can be read or entered by users other than its owner (mode ${open.mode}): \`chmod go= ${open.path}\` (docs/deploy.md)`,
  );
}
const paymentsWarning = paymentsStartWarning(config);
if (paymentsWarning) log.warn({ paymentsMode: config.payments.mode }, paymentsWarning);
const database = openDatabase(config.database);
await migrateToLatest(database.db);
const services = createServices(config, database, log);
const firstAdmin = await ensureAdmin(database, config.admin, log, services.now());
// The one time a generated password is shown: the operator copies it from the log (JSON) or the banner (terminal).
if (firstAdmin && !pretty)
  log.warn(
    { ...firstAdmin, change: CHANGE_ADMIN_PASSWORD },
    `first admin created with a generated password; change it with \`${CHANGE_ADMIN_PASSWORD}\``,
  );
if (config.seedDemo) await seedDemoIfEmpty({ ...services, now: services.now() });
// Loaded in the background: the first lists and searches wait for it, other pages are served meanwhile.
services.catalog
  .warm(services.now())
  .catch((error: unknown) => log.error({ err: error }, "could not load the catalogue"));
// Jobs left by a previous run (a screenshot not yet taken when it stopped) are picked up here.
services.jobs.start();
// The daily Product Hunt import and the weekly link check (each instance keeps timers; a lease in
// the database lets one of them run each tick).
services.scheduler.start();

let app;
if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: "custom" });
  app = createApp({
    services,
    build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    devMiddleware: viteServer.middlewares,
  });
} else {
  const serverBuild = path.join(root, "build/server/index.js");
  if (!fs.existsSync(serverBuild)) {
    log.fatal("No production build found: run `npm run build` first.");
    process.exit(1);
  }
  app = createApp({
    services,
    build: (await import(pathToFileURL(serverBuild).href)) as ServerBuild,
    clientDir: path.join(root, "build/client"),
  });
}

const server = http
  .createServer(app)
  .on("clientError", answerClientError)
  .listen(config.port, config.host ?? "0.0.0.0", () => {
    const { port } = server.address() as AddressInfo;
    log.info(
      { port, url: config.siteUrl, adminUrl: `${config.siteUrl}/admin/login`, engine: database.engine },
      "listening",
    );
    if (pretty)
      process.stdout.write(startupBanner({ siteName: config.siteName, siteUrl: config.siteUrl, firstAdmin }, color));
  });
// Prometheus' own listener (METRICS_PORT), without a token: on METRICS_HOST, this machine's loopback unless told otherwise.
const metricsServer =
  config.metrics.port === null
    ? null
    : await startMetricsServer(services.metrics, { port: config.metrics.port, host: config.metrics.host }, log);

gracefulShutdown({
  server,
  log,
  timeoutMs: config.shutdownTimeoutMs,
  markStopping: () => {
    services.lifecycle.stopping = true;
  },
  background: [
    {
      name: "jobs and scheduled runs",
      stop: () => Promise.all([services.jobs.stop(), services.scheduler.stop()]).then(() => undefined),
    },
    { name: "screenshot browser", stop: () => services.screenshots.close() },
    { name: "metrics listener", stop: () => stopMetricsServer(metricsServer) },
    { name: "mail connections", stop: async () => services.mailer.close() },
  ],
  // What was counted while requests drained (services.counts) is written last, just before the database closes.
  close: () =>
    Promise.all(
      Object.entries(services.counts).map(([kind, counts]) =>
        counts
          .flush()
          .catch((error: unknown) => log.warn({ err: error, kind }, "counts not written as the server stopped")),
      ),
    ).then(() => database.close()),
});
