import type { Response } from "express";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * A minimal HTML page (no stack, no error text of a library): what a browser without JavaScript
 * sees when a plain form post to an Express route fails, and when Express itself fails.
 */
export function sendPlainPage(
  res: Response,
  status: number,
  page: { title: string; message: string; link?: { href: string; label: string } },
): void {
  const link = page.link ?? { href: "/", label: "Go to Homepage" };
  const reference = String(res.locals.requestId ?? "").replace(/[^\w.:-]/g, "");
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(page.title)}</title></head><body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p>` +
        `${reference ? `<p>Reference: ${reference}</p>` : ""}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p></main></body></html>`,
    );
}
