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
