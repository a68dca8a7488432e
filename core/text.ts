// What a one-line field (a name, a tagline, a subject, an address) may hold. Line breaks and
// control characters in such a value break the places that show it on one line — a mail's text
// and subject, a log line, an admin's table — and invisible formatting (a right-to-left override,
// a zero-width space) makes it read as something other than what it is: "Notion" and
// "Not\u200Bion" look the same, and U+202E shows "moc.evil" as "live.com".

/**
 * Characters a one-line field refuses: controls (C0 with tab, CR and LF; DEL; C1), the line and
 * paragraph separators (U+2028, U+2029), lone surrogates, and invisible formatting characters
 * (bidi embeddings, overrides and isolates, zero-width space, word joiner, soft hyphen, BOM, tag
 * characters…). Kept, since scripts and emoji need them: the zero-width non-joiner and joiner
 * (U+200C, U+200D) and the directional marks (U+200E, U+200F, U+061C), which only mark a
 * position and cannot reorder text.
 */
const NOT_ONE_LINE = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]|(?![\u200C-\u200F\u061C])\p{Cf}/u;
const LINE_BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
const INVISIBLE = /\p{Cs}|(?![\u200C-\u200F\u061C])\p{Cf}/gu;

/** Whether a value fits on one line: none of the characters above. */
export function isOneLine(text: string): boolean {
  return !NOT_ONE_LINE.test(text);
}

/** What a form says when a one-line field holds one of them. */
export function oneLineMessage(label: string): string {
  return `${label} must be one line of text, without line breaks, tabs or invisible control characters.`;
}

/**
 * A value made fit for one line where it is shown or sent whatever it holds (a mail's text, text
 * read from another site): each run of line breaks and controls becomes one space, invisible
 * formatting goes, and the ends are trimmed.
 */
export function toOneLine(text: string): string {
  return text.replace(LINE_BREAKS, " ").replace(INVISIBLE, "").trim();
}

/**
 * Text read from another site, made fit to store in a form's field: control characters and
 * invisible formatting gone, spaces collapsed (paragraphs kept when asked), cut to `max` with an
 * ellipsis. The importers and the submit form's "Fill from website" read pages alike.
 */
export function fitForeignText(text: string | null | undefined, max: number, paragraphs = false): string {
  if (!text) return "";
  const flat = text
    .replace(/(?![\t\n\r])\p{Cc}/gu, "")
    .split(/\n{2,}/)
    // Each paragraph one line, without invisible formatting, as the forms require of what people type.
    .map((part) => toOneLine(part).replace(/\s+/g, " "))
    .filter(Boolean)
    .join(paragraphs ? "\n\n" : " ");
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
