import type { DestinationStream } from "pino";

// How log lines read on a terminal (LOG_FORMAT=auto with a TTY, or pretty): time, level, message
// and the fields that matter, one line each, an error's stack below it. Anywhere else the logger
// writes pino's JSON lines, which log shippers read.

const LEVELS: Record<number, { label: string; color: string }> = {
  10: { label: "TRACE", color: "90" },
  20: { label: "DEBUG", color: "90" },
  30: { label: "INFO ", color: "32" },
  40: { label: "WARN ", color: "33" },
  50: { label: "ERROR", color: "31" },
  60: { label: "FATAL", color: "41;97" },
};

/** Fields every line carries, which a person at a terminal does not need to read. */
const HIDDEN = new Set(["level", "time", "msg", "pid", "hostname", "service"]);
const MAX_VALUE = 200;

const paint = (color: boolean, code: string, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);

function valueText(value: unknown): string {
  const text = typeof value === "string" ? (/^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)) : JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** One pino record as a line (and an error's stack under it) for a person at a terminal. */
export function formatLogRecord(record: Record<string, unknown>, color: boolean): string {
  const time = new Date(typeof record.time === "number" ? record.time : Date.now());
  const clock = [time.getHours(), time.getMinutes(), time.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
  const level = LEVELS[Number(record.level)] ?? { label: String(record.level).padEnd(5), color: "0" };
  const err = record.err as { message?: unknown; stack?: unknown } | undefined;
  const fields = Object.entries(record)
    .filter(([key, value]) => !HIDDEN.has(key) && key !== "err" && value !== undefined)
    .map(([key, value]) => `${paint(color, "2", `${key}=`)}${valueText(value)}`);
  const message = typeof record.msg === "string" ? record.msg : "";
  let line = `${paint(color, "2", clock)} ${paint(color, level.color, level.label)} ${message}${fields.length ? `  ${fields.join(" ")}` : ""}`;
  if (err) {
    const stack = typeof err.stack === "string" ? err.stack : String(err.message ?? "");
    line += `\n${paint(color, "2", stack.split("\n").map((l) => `    ${l}`).join("\n"))}`;
  }
  return `${line}\n`;
}

/** A pino destination that writes each record to `out` as formatLogRecord does. */
export function prettyDestination(out: NodeJS.WritableStream, color: boolean): DestinationStream {
  return {
    write(chunk: string) {
      for (const line of chunk.split("\n")) {
        if (!line) continue;
        let record: Record<string, unknown>;
        try {
          record = JSON.parse(line) as Record<string, unknown>;
        } catch {
          out.write(`${line}\n`);
          continue;
        }
        out.write(formatLogRecord(record, color));
      }
    },
  };
}

/** Whether this process's logs are for a person: LOG_FORMAT, or a terminal on stdout. */
export function logsArePretty(format: "auto" | "pretty" | "json", stdoutIsTty: boolean): boolean {
  return format === "pretty" || (format === "auto" && stdoutIsTty);
}
