import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

// What a process that installed gracefulShutdown does on an error nothing caught: the production
// server's own stop is tested in shutdown.int.test.ts.

/** Runs a process that listens, installs gracefulShutdown, then runs `then`; its exit code and log lines. */
function run(then: string): {
  status: number | null;
  lines: { level: number; msg: string; err?: { message: string } }[];
} {
  const url = (file: string) => JSON.stringify(pathToFileURL(new URL(file, import.meta.url).pathname).href);
  const script = `
    import http from "node:http";
    const { createLogger } = await import(${url("./logger.ts")});
    const { gracefulShutdown } = await import(${url("./shutdown.ts")});
    const log = createLogger("info");
    const server = http.createServer((_req, res) => res.end("ok")).listen(0, "127.0.0.1", () => {
      gracefulShutdown({ server, log, timeoutMs: 1000, markStopping: () => {}, background: [], close: async () => log.info("closed") });
      ${then}
    });`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 20_000,
  });
  return {
    status: result.status,
    lines: result.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
  };
}

/**
 * The lines' messages, sorted: pino's stdout destination writes asynchronously, and what is still
 * buffered at process.exit is written at once, possibly ahead of a write already under way.
 */
const messages = (lines: { msg: string }[]) => lines.map((line) => line.msg).sort();

describe("gracefulShutdown", () => {
  it.each([
    [
      "an uncaught exception",
      'setTimeout(() => { throw new Error("boom at https://user:secret@example.com/"); }, 10);',
    ],
    [
      "an unhandled rejection",
      'setTimeout(() => void Promise.reject(new Error("boom at https://user:secret@example.com/")), 10);',
    ],
  ])("logs %s, stops as it would on SIGTERM, and exits 1", (_name, then) => {
    const { status, lines } = run(then);
    expect(status).toBe(1);
    expect(messages(lines)).toEqual(["closed", "shutting down", "stopped", "uncaught error; shutting down"]);
    expect(lines.find((line) => line.level === 60)).toMatchObject({
      msg: "uncaught error; shutting down",
      err: { message: "boom at https://example.com/" },
    });
  });

  it("exits 0 once stopped by a signal", () => {
    const { status, lines } = run('process.kill(process.pid, "SIGHUP");');
    expect(status).toBe(0);
    expect(messages(lines)).toEqual(["closed", "shutting down", "stopped"]);
  });
});
