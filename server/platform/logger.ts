import { pino, stdSerializers, type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { redactUrlsIn } from "./net/redact.ts";

export type { Logger };

/** The process logger: JSON lines on stdout (or `destination`, for tests), as log collectors expect. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: "toolshelf" },
    redact: { paths: ["req.headers.cookie", "req.headers.authorization"], remove: true },
    serializers: { err: redactedError },
    hooks: {
      // log.error(error) with no message of its own logs the error's message as `msg`: redacted too.
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        if (first instanceof Error && typeof second !== "string")
          return method.apply(this, [first, redactUrlsIn(first.message)]);
        return method.apply(this, args);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * pino's error serialiser (message, stack and fields, its causes' messages and stacks included),
 * with every URL in them redacted (server/platform/net/redact.ts): an error can name a URL that carries
 * credentials — undici's "Request cannot be constructed from a URL that includes credentials:
 * https://user:pass@…" and "Failed to parse URL from …", an ERR_INVALID_URL's `input`, a database
 * driver's connection string.
 */
function redactedError(err: unknown): unknown {
  const serialized: unknown = stdSerializers.err(err as Error);
  if (typeof serialized === "string") return redactUrlsIn(serialized);
  if (isSerialized(serialized)) redactSerialized(serialized, 0);
  return serialized;
}

/** What stdSerializers.err makes of an error: a fresh object of its own kind, safe to change. */
const SERIALIZED_PROTO: unknown = Object.getPrototypeOf(stdSerializers.err(new Error("probe")));
const isSerialized = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === SERIALIZED_PROTO;

function redactSerialized(error: Record<string, unknown>, depth: number): void {
  if (depth > 8) return;
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === "string") error[key] = redactUrlsIn(value);
    else if (isSerialized(value)) redactSerialized(value, depth + 1);
    else if (Array.isArray(value)) for (const item of value) if (isSerialized(item)) redactSerialized(item, depth + 1);
  }
}
