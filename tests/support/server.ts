import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import http, { type Server } from "node:http";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../server/app.ts";
import { answerClientError } from "../../server/platform/http/guards.ts";
import { loadConfig, type Config } from "../../server/platform/config.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { createServices, type AppServices } from "../../server/services.ts";
import type { RunRecord } from "../../server/platform/jobs/runs.ts";
import type { RunOutcome } from "../../server/platform/jobs/scheduler.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:43123 */
  url: string;
  services: AppServices;
  testDb: TestDatabase;
  /** Stops the server and drops its database. */
  close(): Promise<void>;
}

let build: Promise<ServerBuild> | undefined;

/**
 * The real application — production build, Express, a fresh real database — listening on an
 * ephemeral port of 127.0.0.1. `configure` adjusts the configuration (e.g. rate limits).
 */
export interface TestServerOptions {
  /** Environment variables read as `npm start` reads them (SITE_URL, PAYMENTS_MODE…), before `configure`. */
  env?: NodeJS.ProcessEnv;
  /** Adjusts the configuration (rate limits, cache polling…). */
  configure?: (config: Config) => void;
  /** The server's clock, so tests can move time (featured expiry). */
  now?: () => number;
  /** An existing database to serve (a restart on another process's data) instead of a fresh one. */
  testDb?: TestDatabase;
  /** Collects the server's log lines (JSON), at LOG_LEVEL (silent unless `env` sets it). */
  logLines?: string[];
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  build ??= import(pathToFileURL(path.resolve("build/server/index.js")).href) as Promise<ServerBuild>;
  const testDb = options.testDb ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: testDb.dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ...options.env,
  });
  config.database = testDb.target;
  options.configure?.(config);
  const lines = options.logLines;
  const log = createLogger(config.logLevel, lines ? { write: (line: string) => void lines.push(line) } : undefined);
  const services = createServices(config, testDb.database, log, options.now);
  const app = createApp({ services, build: await build });
  const server: Server = await new Promise((resolve) => {
    // As server/main.ts serves it: requests Node's parser refuses are answered with a short page.
    const s = http
      .createServer(app)
      .on("clientError", answerClientError)
      .listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    testDb,
    async close() {
      await services.jobs.stop();
      await services.scheduler.stop();
      await services.screenshots.close();
      services.mailer.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await testDb.drop();
    },
  };
}

/** Posts a URL-encoded form the way a browser without JavaScript does. */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(url).origin, ...headers },
    redirect: "manual",
  });
}

/**
 * One test server for the enclosing `describe` block: started before its tests, stopped (and its
 * database dropped) after them. Returns a getter, since the server exists only once started.
 */
export function useTestServer(options?: TestServerOptions): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error("the test server is not running (used outside a test?)");
    return server;
  };
}

/** A job's run that finished; fails the test when it did not (busy, skipped). */
export function finished(outcome: RunOutcome): RunRecord {
  if (outcome.kind !== "finished") throw new Error(`expected a finished run, got ${JSON.stringify(outcome)}`);
  return outcome.run;
}

/** Runs a scheduled job now and returns its run, failing the test when it did not finish. */
export async function finishedRun(server: TestServer, job: string): Promise<RunRecord> {
  return finished(await server.services.scheduler.run(job));
}
