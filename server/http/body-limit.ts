import type { RequestHandler } from "express";

/** An HTTP error that the error handler answers with its status and a fixed, safe message. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
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
      if (req.get("transfer-encoding")) return next(new HttpError(411, "The request must state its length."));
      return next();
    }
    if (!/^\d+$/.test(length) || Number(length) > maxBytes) {
      return next(new HttpError(413, tooLargeMessage));
    }
    next();
  };
}

/** Whether a request carries a body (a length above zero, or one sent in chunks). */
export function hasBody(req: { get(name: string): string | undefined }): boolean {
  const length = req.get("content-length");
  return length !== undefined ? length !== "0" : req.get("transfer-encoding") !== undefined;
}
