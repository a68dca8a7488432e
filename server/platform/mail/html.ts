import { toOneLine } from "../../../core/text.ts";

// Building mail bodies by hand. Every value put into a mail — a tool's name, a tagline, an
// address, a link — goes in through one of the two tags below, which put it on one line (a
// value with a line break could add lines of its own to the mail: a fake link, a fake sender)
// and, in HTML, escape it. Styles are inline, since mail programs drop style sheets.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A value as it goes into a mail: on one line (core/text.ts), whatever it holds. */
function value(part: string | number): string {
  return toOneLine(String(part));
}

/**
 * One line of a mail's plain text (or its subject), each value put on one line: lines are joined
 * by the renderer, so only its own line breaks ever reach the mail.
 */
export function mailLine(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((line, text, i) => line + text + (i < values.length ? value(values[i]!) : ""), "");
}

/** HTML made by `mailHtml`: put into another `mailHtml` as it is, not escaped again. */
export class MailHtml {
  readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
  toString(): string {
    return this.html;
  }
}

/** A piece of a mail's HTML body: each value put on one line and escaped, unless it is HTML made here. */
export function mailHtml(strings: TemplateStringsArray, ...values: (string | number | MailHtml)[]): MailHtml {
  return new MailHtml(
    strings.reduce((html, text, i) => {
      const part = values[i];
      if (i >= values.length || part === undefined) return html + text;
      return html + text + (part instanceof MailHtml ? part.html : escapeHtml(value(part)));
    }, ""),
  );
}

/** Pieces of HTML one after the other. */
export function joinHtml(parts: readonly MailHtml[], separator = ""): MailHtml {
  return new MailHtml(parts.map((part) => part.html).join(separator));
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The HTML document around a mail's content. */
export function htmlDocument(title: string, body: MailHtml): string {
  return [
    "<!doctype html>",
    mailHtml`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>`
      .html,
    `<body style="margin:0;padding:0;background:#f8fafc;color:#0f172a;${FONT}">`,
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff">`,
    body.html,
    "</div></body></html>",
  ].join("");
}
