import type { Request, Response } from "express";

/** The error codes of the JSON API, with their HTTP status (docs/design.md#errors). */
export const ERROR_STATUS = {
  "invalid-argument": 400,
  unauthenticated: 401,
  "permission-denied": 403,
  "not-found": 404,
  aborted: 409,
  "length-required": 411,
  "content-too-large": 413,
  "unsupported-media-type": 415,
  "resource-exhausted": 429,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  "deadline-exceeded": 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Whether a query failed only because the database was too busy to take it in time: no pool
 * connection came free within the pool's wait (PostgreSQL), or the file stayed locked past the busy
 * timeout (SQLite). A moment of overload, answered 503 with Retry-After rather than as a fault
 * (docs/decisions/034).
 */
export function isDatabaseBusy(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "SQLITE_BUSY" || message === PG_POOL_WAIT_EXCEEDED;
}

/** pg-pool's only sign that `connectionTimeoutMillis` ran out (it sets no code). */
const PG_POOL_WAIT_EXCEEDED = "timeout exceeded when trying to connect";

/** How a request the database was too busy to take is answered (docs/decisions/034): 503, and when to come back. */
export const BUSY_RETRY_AFTER_SEC = 5;
export const BUSY_TITLE = "The site is busy";
export const BUSY_MESSAGE = `The site is very busy right now. Please try again in ${BUSY_RETRY_AFTER_SEC} seconds.`;

/** The body of every JSON error: `{ error: { code, message } }`. */
export function errorBody(code: ErrorCode, message: string) {
  return { error: { code, message } };
}

/** Answers a JSON API request with a catalogue error. */
export function sendError(res: Response, code: ErrorCode, message: string): void {
  res.status(ERROR_STATUS[code]).set("Cache-Control", "no-store").json(errorBody(code, message));
}

/** Whether the client asked for JSON (a script) rather than a page (a browser's own request). */
export function wantsJson(req: Request): boolean {
  return req.accepts(["html", "json"]) === "json";
}
