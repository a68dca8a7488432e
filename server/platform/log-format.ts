import type { DestinationStream } from "pino";
import pretty from "pino-pretty";

// How log lines read on a terminal (LOG_FORMAT=auto with a TTY, or pretty): time, level, message
// and the fields that matter on one line, an error's stack below it. Anywhere else the logger
// writes pino's JSON lines, which log shippers read.

/**
 * A pino destination that writes each record to `out` as a line for a person, formatted by
 * pino-pretty on this thread as it is logged: no worker thread, and nothing left in a buffer when
 * the process exits straight after a line (shutdown's "stopped", a fatal start-up error).
 */
export function prettyDestination(out: NodeJS.WritableStream, color: boolean): DestinationStream {
  return pretty({
    destination: out,
    sync: true,
    colorize: color,
    translateTime: "SYS:HH:MM:ss",
    // Fields every line carries, which a person at a terminal does not need to read.
    ignore: "pid,hostname,service",
    singleLine: true,
  });
}

/** Whether this process's logs are for a person: LOG_FORMAT, or a terminal on stdout. */
export function logsArePretty(format: "auto" | "pretty" | "json", stdoutIsTty: boolean): boolean {
  return format === "pretty" || (format === "auto" && stdoutIsTty);
}
