import type { Response } from "express";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SEC, BUSY_TITLE } from "./errors.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** What a plain page says; `link` leads on (by default home). */
export interface PlainPage {
  title: string;
  message: string;
  link?: { href: string; label: string };
}

/**
 * A minimal HTML page (no stack, no error text of a library): what a browser without JavaScript
 * sees when a plain form post to an Express route fails, and when Express itself fails.
 */
export function sendPlainPage(res: Response, status: number, page: PlainPage): void {
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("html")
    .send(plainPageHtml(page, String(res.locals.requestId ?? "")));
}

/** The plain page's HTML, with the request id to quote. */
export function plainPageHtml(page: PlainPage, requestId: string): string {
  const link = page.link ?? { href: "/", label: "Go to Homepage" };
  const reference = requestId.replace(/[^\w.:-]/g, "");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(page.title)}</title></head><body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p>` +
    `${reference ? `<p>Reference: ${reference}</p>` : ""}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p></main></body></html>`
  );
}

/** The answer to a request the database was too busy to take (docs/decisions/034), as a Fetch response for React Router. */
export function busyPageResponse(requestId: string): globalThis.Response {
  return new globalThis.Response(plainPageHtml({ title: BUSY_TITLE, message: BUSY_MESSAGE }, requestId), {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(BUSY_RETRY_AFTER_SEC),
    },
  });
}
