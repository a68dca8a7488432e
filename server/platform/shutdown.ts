import type { Server } from "node:http";
import closeWithGrace from "close-with-grace";
import type { Logger } from "./logger.ts";

export interface ShutdownOptions {
  server: Server;
  log: Logger;
  /** How long requests in flight may take before their connections are cut. */
  timeoutMs: number;
  /** Marks the process as stopping (readiness answers 503; answers close their connections). */
  markStopping: () => void;
  /**
   * Background work to stop while requests drain (scheduled runs abort and give their leases back,
   * so another instance may take the job at once; queued jobs stop being picked up); each in turn.
   */
  background: readonly { name: string; stop: () => Promise<void> }[];
  /** Run last, once nothing uses it: closes the database. */
  close: () => Promise<void>;
}

/** How long background work and the database may take past the drain before the process is cut off. */
export const GRACE_AFTER_DRAIN_MS = 15_000;

/**
 * Stops the process as a restart or a scale-down needs it (docs/deploy.md), on SIGTERM, SIGINT,
 * SIGHUP, SIGQUIT or SIGUSR2, or after an uncaught error: no new connections, requests in flight
 * finished (for at most `timeoutMs`, then their connections are cut), background work stopped and
 * its leases released, the database closed; then it exits 0 (1 after an error). close-with-grace
 * owns the signals and the exit: a second signal, or a shutdown still running `timeoutMs` +
 * GRACE_AFTER_DRAIN_MS later, exits 1 at once.
 */
export function gracefulShutdown(options: ShutdownOptions): { close: () => void } {
  const { server, log, timeoutMs } = options;
  return closeWithGrace(
    {
      delay: timeoutMs + GRACE_AFTER_DRAIN_MS,
      logger: log,
      // A handler for these runs where JavaScript can no longer run safely (a crash in native code):
      // they keep Node's default, an immediate exit.
      skip: ["SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE", "SIGSEGV"],
      onTimeout: () => log.error({ timeoutMs }, "shutdown did not finish in time; exiting"),
      onSecondSignal: (signal) => log.error({ signal }, "second signal while shutting down; exiting"),
      onSecondError: (error) => log.fatal({ err: error }, "uncaught error while shutting down; exiting"),
    },
    async ({ signal, err }) => {
      if (err) log.fatal({ err }, "uncaught error; shutting down");
      log.info({ signal, timeoutMs }, "shutting down");
      options.markStopping();
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections with no request in them would hold close() open until they time out;
      // one whose request was in flight becomes idle only once answered.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const cut = setTimeout(() => {
        log.warn({ timeoutMs }, "shutdown: requests still in flight; closing their connections");
        server.closeAllConnections();
      }, timeoutMs);
      const background = (async () => {
        for (const work of options.background) {
          await work
            .stop()
            .catch((error: unknown) =>
              log.warn({ err: error, work: work.name }, "shutdown: background work did not stop cleanly"),
            );
        }
      })();
      await Promise.all([drained, background]);
      clearTimeout(cut);
      clearInterval(sweep);
      await options
        .close()
        .catch((error: unknown) => log.warn({ err: error }, "shutdown: the database did not close cleanly"));
      log.info({ signal }, "stopped");
    },
  );
}
