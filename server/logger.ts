import { pino, type Logger } from "pino";

export type { Logger };

/** The process logger: JSON lines on stdout, as log collectors expect. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "toolshelf" },
    redact: { paths: ["req.headers.cookie", "req.headers.authorization"], remove: true },
  });
}
