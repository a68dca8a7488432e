// Building mail bodies as HTML by hand: every text that is not ours (a tool's name, a tagline) goes
// through `escapeHtml`; styles are inline, since mail programs drop style sheets.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** User text on one line (for a subject or a plain-text list): no line breaks smuggled in. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\t\u2028\u2029]+/g, " ").trim();
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The HTML document around a mail's content (`body` is HTML, already escaped where it must be). */
export function htmlDocument(title: string, body: string): string {
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f8fafc;color:#0f172a;${FONT}">`,
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff">`,
    body,
    "</div></body></html>",
  ].join("");
}
