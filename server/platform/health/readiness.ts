import type { Database } from "../db/index.ts";
import { pendingMigrations } from "../db/migrate.ts";
import type { Logger } from "../logger.ts";

// Readiness (`/readyz`) is not liveness (`/healthz`): an instance that answers but cannot serve the
// site yet — no database, a schema older than its code, the catalogue not in memory — is alive
// (restarting it would not help) but should get no traffic until it can.

/** What readiness checks, in the order they are reported (`shutdown`: failing once the process is stopping). */
export type ReadinessCheck = "shutdown" | "database" | "migrations" | "catalog";
/** A check's state: `unknown` when it could not be checked (the migrations, without a database). */
export type CheckState = "ok" | "failing" | "unknown";

export interface ReadinessReport {
  ready: boolean;
  checks: Record<ReadinessCheck, CheckState>;
  /** The checks that are not ok, and why in words (for the operator reading the probe's answer). */
  failing: ReadinessCheck[];
  message: string | null;
}

export interface ReadinessDeps {
  database: Database;
  /** The in-memory catalogue (server/catalog/public.ts), as far as readiness needs it. */
  catalog: { loaded(): boolean; warm(now: number): Promise<void> };
  now: () => number;
  log: Logger;
  /** Set while the process shuts down (server/platform/shutdown.ts): the load balancer should stop sending traffic. */
  lifecycle: { readonly stopping: boolean };
}

// A probe answers within a load balancer's timeout (a few seconds) even when the database hangs.
const CHECK_TIMEOUT_MS = 2000;

/**
 * Readiness for one instance. `check` never throws and never waits on the catalogue: when it is not
 * in memory (its load at start failed, say, while the database was away), a load is started and
 * the instance reports not ready until it is done — without that, a probe that keeps traffic away
 * would keep the catalogue from ever loading.
 */
export function createReadiness({ database, catalog, now, log, lifecycle }: ReadinessDeps): {
  check(): Promise<ReadinessReport>;
} {
  let warming: Promise<void> | null = null;

  return {
    async check() {
      const checks: Record<ReadinessCheck, CheckState> = {
        shutdown: "ok",
        database: "ok",
        migrations: "unknown",
        catalog: "ok",
      };
      const reasons: string[] = [];
      if (lifecycle.stopping) {
        checks.shutdown = "failing";
        reasons.push("the server is shutting down");
      }
      try {
        await within(database.ping(CHECK_TIMEOUT_MS));
      } catch (error) {
        log.warn({ err: error }, "readiness: database unreachable");
        checks.database = "failing";
        reasons.push("the database is not reachable");
      }
      if (checks.database === "ok") {
        try {
          const pending = await within(pendingMigrations(database.db));
          checks.migrations = pending.length === 0 ? "ok" : "failing";
          if (pending.length > 0)
            reasons.push(`${pending.length} database migration${pending.length === 1 ? " is" : "s are"} not applied`);
        } catch (error) {
          log.warn({ err: error }, "readiness: migrations not readable");
          checks.migrations = "failing";
          reasons.push("the database's migration record cannot be read");
        }
      }
      if (!catalog.loaded()) {
        checks.catalog = "failing";
        reasons.push("the catalogue is not loaded yet");
        if (checks.database === "ok") {
          warming ??= catalog
            .warm(now())
            .catch((error: unknown) => log.warn({ err: error }, "readiness: the catalogue could not be loaded"))
            .finally(() => (warming = null));
        }
      }
      const failing = (Object.keys(checks) as ReadinessCheck[]).filter((name) => checks[name] === "failing");
      return {
        ready: failing.length === 0,
        checks,
        failing,
        message: reasons.length === 0 ? null : `Not ready: ${reasons.join("; ")}.`,
      };
    },
  };
}

function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
