import type { RequestHandler } from "express";
import { CodedError } from "../errors.ts";
import { ERROR_STATUS, type ErrorCode } from "./errors.ts";

/** An HTTP error that the error handler answers with its code, that code's status and a fixed, safe message. */
export class HttpError extends CodedError<ErrorCode> {
  /** The code's status, where Express's error handlers look for it. */
  readonly status: number;
  constructor(code: ErrorCode, message: string, options?: ErrorOptions) {
    super(code, message, options);
    this.status = ERROR_STATUS[code];
  }
}

/**
 * Refuses request bodies over `maxBytes` before anything reads them. Form posts from browsers
 * always state their length, so a body without one is refused too rather than read blind.
 */
export function limitBody(maxBytes: number, tooLargeMessage = "The request is too large."): RequestHandler {
  return (req, _res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding"))
        return next(new HttpError("length-required", "The request must state its length."));
      return next();
    }
    if (!/^\d+$/.test(length) || Number(length) > maxBytes) {
      return next(new HttpError("content-too-large", tooLargeMessage));
    }
    next();
  };
}

/** Whether a request carries a body (a length above zero, or one sent in chunks). */
export function hasBody(req: { get(name: string): string | undefined }): boolean {
  const length = req.get("content-length");
  return length !== undefined ? length !== "0" : req.get("transfer-encoding") !== undefined;
}
