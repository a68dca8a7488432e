import type { Socket } from "node:net";
import type { Request, RequestHandler, Response } from "express";
import { UNREADABLE_ADDRESS } from "../../../core/api.ts";
import { ERROR_STATUS, sendError, wantsJson, type ErrorCode } from "./errors.ts";
import { sameSite } from "./origin.ts";
import { sendPlainPage } from "./plain-page.ts";

// Requests refused before any route reads them, each with a clear message in the reply shape the
// client reads (the JSON error for scripts and the API, a page for browsers), never a 500.

function refuse(req: Request, res: Response, code: ErrorCode, message: string, title = "Something went wrong"): void {
  // originalUrl: under a mount point, req.path no longer starts with it.
  if (/^\/(api|webhooks)\//.test(req.originalUrl) || wantsJson(req)) sendError(res, code, message);
  else sendPlainPage(res, ERROR_STATUS[code], { title, message });
}

/**
 * A request line with the absolute form (`GET http://host/path`), which HTTP/1.1 servers must
 * accept: the site answers with its own page for that path, whatever host it names (the host is
 * this server's, or the client is a proxy-style scanner). Everything after this reads an
 * origin-form address; a target that is neither is refused.
 */
export const originFormTarget: RequestHandler = (req, res, next) => {
  if (req.url.startsWith("/")) return next();
  const target = URL.canParse(req.url) ? new URL(req.url) : null;
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:")) {
    return refuse(req, res, "invalid-argument", UNREADABLE_ADDRESS);
  }
  req.url = req.originalUrl = target.pathname + target.search;
  next();
};

/**
 * Whether an address cannot be read: its path is not UTF-8 once decoded (`/%C0%AF`, `/tool/%FF`),
 * or it carries a NUL anywhere (never typed; PostgreSQL text cannot hold it).
 */
export function isUnreadableAddress(url: string): boolean {
  if (/%00/i.test(url) || url.includes("\0")) return true;
  try {
    decodeURIComponent(url.split("?")[0]!);
    return false;
  } catch {
    return true;
  }
}

/** An unreadable address for the routes Express answers itself (the API, likes, webhooks). */
export const refuseUnreadableAddress: RequestHandler = (req, res, next) => {
  if (isUnreadableAddress(req.originalUrl)) return refuse(req, res, "invalid-argument", UNREADABLE_ADDRESS);
  next();
};

/**
 * An unreadable address for pages: React Router is handed the home page's address instead (it
 * would warn twice per request about the address, or fail on the NUL), with a mark the root route's
 * middleware answers with the site's own 400 page before any loader runs.
 */
export const markUnreadableAddress: RequestHandler = (req, res, next) => {
  if (isUnreadableAddress(req.originalUrl)) {
    res.locals.unreadableAddress = true;
    // React Router's data requests end in .data; the root's data address keeps them one.
    req.url = req.originalUrl = /\.data($|\?)/.test(req.originalUrl) ? "/_root.data" : "/";
  }
  next();
};

/**
 * A page's form posted from another site: React Router would refuse it with a bare "Bad Request";
 * this says why, on a page (403), before it gets there.
 */
export const refuseCrossSiteForms: RequestHandler = (req, res, next) => {
  const origin = req.get("origin");
  if (req.method === "GET" || req.method === "HEAD" || !origin || sameSite(origin, req)) return next();
  refuse(req, res, "permission-denied", "Forms are only accepted from this site's own pages.", "Not accepted");
};

// Files for machines, read with GET only.
const MACHINE_FILES = /^\/(robots\.txt|llms\.txt|sitemap\.xml|feed\.xml|sitemaps\/[^/]*|tool\/[^/]+\.md)$/i;

/** Any other method on a file for machines (React Router would answer "Unexpected Server Error"): 405 with Allow. */
export const readOnlyMachineFiles: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || !MACHINE_FILES.test(req.path)) return next();
  res.set("Allow", "GET, HEAD");
  sendPlainPage(res, 405, { title: "Not allowed", message: "This file can only be read (GET)." });
};

/**
 * What a client whose request Node's HTTP parser refused (a broken request line, a bad
 * Content-Length, headers too large) is told, before the app ever sees it: a short page saying
 * why, instead of an empty answer. For `server.on("clientError", …)`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // As Node's own handler: an answer only where none has begun (a request may be half read).
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const [status, reason, message] = tooLarge
    ? [431, "Request Header Fields Too Large", "The request's headers or address are too large."]
    : [400, "Bad Request", "The request could not be read."];
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${reason}</title></head><body><main><h1>${reason}</h1><p>${message}</p><p><a href="/">Go to Homepage</a></p></main></body></html>`;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
