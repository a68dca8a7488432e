import type { Server } from "node:http";
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

/**
 * Stops the process as a restart or a scale-down needs it (docs/deploy.md): no new connections,
 * requests in flight finished (for at most `timeoutMs`, then their connections are cut), background
 * work stopped and its leases released, the database closed. Called again, it returns the same
 * promise; it never rejects (what failed is logged).
 */
export function gracefulShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { server, log, timeoutMs } = options;
  let done: Promise<void> | null = null;

  async function stop(signal: string): Promise<void> {
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
        await work.stop().catch((error: unknown) => log.warn({ err: error, work: work.name }, "shutdown: background work did not stop cleanly"));
      }
    })();
    await Promise.all([drained, background]);
    clearTimeout(cut);
    clearInterval(sweep);
    await options.close().catch((error: unknown) => log.warn({ err: error }, "shutdown: the database did not close cleanly"));
    log.info({ signal }, "stopped");
  }

  return (signal) => (done ??= stop(signal));
}
