import { categoryBySlug } from "../../core/categories.ts";
import { categoryColor, tileColor } from "../../core/tile-colors.ts";

// The tool image (docs/decisions/026) as SVG text, which sharp (librsvg) turns into pixels. Nothing
// here measures a font: widths are estimated from the widest face of the font stack (DejaVu Sans
// Bold), so a line may end early, never past its box, whichever face the machine has.

/** What a tool image shows. */
export interface ToolImageContent {
  name: string;
  tagline: string;
  categories: readonly string[];
  /** The wordmark in the corner (SITE_NAME). */
  siteName: string;
  /** Whether a logo is drawn into the logo box (composited by the renderer); else the name's letter tile. */
  hasLogo: boolean;
}

/** The design's own size: the Open Graph image's. Other canvases (the demo previews) centre it. */
export const DESIGN = { width: 1200, height: 630 } as const;

/** Where the logo goes on the design, in design pixels (the renderer composites it there). */
export const LOGO_BOX = { x: 80, y: 80, size: 176, inset: 20 } as const;

/**
 * The font stack: faces common on servers first (DejaVu and Liberation on Debian and Ubuntu,
 * Arial and Helvetica elsewhere), then whatever sans-serif fontconfig has. No font is fetched.
 */
export const FONT_STACK = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe inside an SVG element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Whether XML 1.0 can hold a code point (its Char production), DEL aside, which draws nothing. */
function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff && cp !== 0x7f) || (cp >= 0xe000 && cp <= 0xfffd) || cp >= 0x10000;
}

/** A grapheme drawn as an emoji: a pictograph, a flag, a keycap or anything asking for emoji style. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3|\ufe0f/u;

/**
 * Text as the image can draw it: characters XML 1.0 cannot hold (controls, lone surrogates,
 * U+FFFE/U+FFFF) removed, and every run of white space (new lines, tabs) one space. Emoji are
 * dropped as well: a server seldom has a colour emoji font, and librsvg draws a box for each it
 * lacks; a name of nothing but emoji keeps them (a box beats an empty image).
 */
export function drawableText(text: string): string {
  // By code point: a lone surrogate comes out of the string on its own, and is dropped.
  const clean = Array.from(text)
    .filter((char) => isXmlChar(char.codePointAt(0)!))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  const plain = graphemes(clean)
    .filter((grapheme) => !EMOJI.test(grapheme))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return plain === "" ? clean : plain;
}

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

/** A text's graphemes: what a reader counts as one character (an accented letter, a flag). */
function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

const NARROW = new Set("iljI.,:;!'|`");
const SEMI_NARROW = new Set("frt()[]{}\"/\\-");
const WIDE = new Set("mwMW@%#ÆŒæœ");

/** Whether a code point is drawn a full em wide (East Asian wide and full-width forms). */
function isFullWidth(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f000 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** A grapheme's advance in em, at least what DejaVu Sans Bold gives it (the widest face of FONT_STACK). */
function advance(grapheme: string): number {
  const cp = grapheme.codePointAt(0)!;
  if (grapheme === " ") return 0.35;
  if (NARROW.has(grapheme)) return 0.4;
  if (SEMI_NARROW.has(grapheme)) return 0.52;
  if (WIDE.has(grapheme)) return 1.1;
  if (isFullWidth(cp)) return 1.05;
  // Joined Arabic letters and Hebrew ones are narrower than Latin capitals.
  if ((cp >= 0x0600 && cp <= 0x08ff) || (cp >= 0xfb50 && cp <= 0xfeff)) return 0.56;
  if ((cp >= 0x0590 && cp <= 0x05ff) || (cp >= 0xfb1d && cp <= 0xfb4f)) return 0.62;
  if (/^[a-z0-9]/.test(grapheme)) return 0.72;
  if (/^\p{Lu}/u.test(grapheme)) return 0.82;
  return 0.78;
}

// DejaVu Sans's regular weight is about a tenth narrower than its bold, except the wide symbols.
const REGULAR = 0.88;

/** The estimated width of `text` at `fontSize` pixels, in bold unless said otherwise; never less than it is drawn. */
export function textWidth(text: string, fontSize: number, bold = true): number {
  const em = graphemes(text).reduce((sum, g) => sum + (bold || WIDE.has(g) ? advance(g) : advance(g) * REGULAR), 0);
  return em * fontSize;
}

const ELLIPSIS = "…";

/**
 * `text` broken into at most `maxLines` lines no wider than `maxWidth` at `fontSize`: at spaces
 * where it can, inside a word that alone is too wide, and with an ellipsis on the last line when
 * something was left out. Graphemes are never split.
 */
export function wrapText(
  text: string,
  options: { maxWidth: number; fontSize: number; maxLines: number; bold?: boolean },
): { lines: string[]; truncated: boolean } {
  const { maxWidth, fontSize, maxLines, bold = true } = options;
  const fits = (line: string) => textWidth(line, fontSize, bold) <= maxWidth;
  const lines: string[] = [];
  let line = "";
  const words = text.split(" ").filter((w) => w !== "");
  let index = 0;
  for (; index < words.length && lines.length < maxLines; index++) {
    const word = words[index]!;
    const candidate = line === "" ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== "") {
      lines.push(line);
      line = "";
      if (lines.length === maxLines) break;
      if (fits(word)) {
        line = word;
        continue;
      }
    }
    // A word wider than a line: as many graphemes as fit, the rest on the next line.
    let rest = graphemes(word);
    while (rest.length > 0 && lines.length < maxLines) {
      let take = 1;
      while (take < rest.length && fits(rest.slice(0, take + 1).join(""))) take++;
      const piece = rest.slice(0, take).join("");
      rest = rest.slice(take);
      if (rest.length === 0) line = piece;
      else lines.push(piece);
    }
    if (rest.length > 0) {
      // Out of lines inside this word: what did not fit counts as left out.
      words.splice(index + 1, 0, rest.join(""));
      index++;
      break;
    }
  }
  if (line !== "" && lines.length < maxLines) lines.push(line);
  const truncated = index < words.length;
  if (truncated && lines.length > 0) {
    // Room for the ellipsis: whole words go first, a word is cut only when it is all the line has.
    let last = lines[lines.length - 1]!;
    while (!fits(`${last}${ELLIPSIS}`) && last.includes(" ")) last = last.slice(0, last.lastIndexOf(" "));
    let kept = graphemes(last);
    while (kept.length > 0 && !fits(`${kept.join("").trimEnd()}${ELLIPSIS}`)) kept = kept.slice(0, -1);
    lines[lines.length - 1] = `${kept.join("").trimEnd()}${ELLIPSIS}`;
  }
  return { lines, truncated };
}

/** Whether a line reads right to left: its first letter with a direction is Hebrew, Arabic, Syriac, Thaana or N'Ko. */
function isRightToLeft(line: string): boolean {
  const strong = /[\p{L}]/u.exec(line);
  return strong !== null && /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u.test(strong[0]);
}

/**
 * One line of text at (`x`, `baseline`), left-aligned. A right-to-left line gets that base
 * direction, so its punctuation lands where a reader expects it, and is anchored at its end, which
 * in that direction is its left edge.
 */
function textLine(line: string, x: number, baseline: number, attributes: string): string {
  const direction = isRightToLeft(line) ? ` direction="rtl" text-anchor="end"` : "";
  return `<text x="${x}" y="${baseline.toFixed(1)}"${direction} ${attributes}>${escapeXml(line)}</text>`;
}

// DejaVu Sans: ascent 0.928 em and descent 0.236 em; the baseline sits this far into a line box.
const baselineIn = (lineHeight: number, fontSize: number) => (lineHeight - 1.164 * fontSize) / 2 + 0.928 * fontSize;

/** The name's lines and size: the largest size at which it fits in two lines, else the smallest, cut. */
export function nameLayout(name: string, maxWidth: number): { lines: string[]; fontSize: number } {
  const sizes = [72, 62, 54];
  for (const fontSize of sizes) {
    const { lines, truncated } = wrapText(name, { maxWidth, fontSize, maxLines: 2 });
    if (!truncated || fontSize === sizes.at(-1)) return { lines, fontSize };
  }
  throw new Error("unreachable");
}

/** The first letter of a name, upper-cased, for its letter tile; "?" when it has none. */
export function tileLetter(name: string): string {
  const first = graphemes(drawableText(name))[0];
  return first === undefined ? "?" : first.toUpperCase();
}

/**
 * A letter tile as an SVG fragment in a `size` square at (`x`, `y`): the name's first letter in
 * white on `color`, the look of a tool without a logo (app/components/tool-logo.tsx) and of the
 * demo catalogue's logos.
 */
export function letterTileSvg(name: string, color: string, box: { x: number; y: number; size: number }): string {
  const { x, y, size } = box;
  const r = size * 0.22;
  return (
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${r}" fill="${color}"/>` +
    `<text x="${x + size / 2}" y="${y + size / 2}" dy="0.35em" text-anchor="middle" font-family="${FONT_STACK}" ` +
    `font-size="${Math.round(size * 0.58)}" font-weight="700" fill="#ffffff">${escapeXml(tileLetter(name))}</text>`
  );
}

/**
 * The tool image as SVG at `canvas` pixels (the design, 1200×630, centred on a larger canvas): the
 * primary category's colour, the logo box (the logo is composited into it at LOGO_BOX, or it holds
 * the name's letter tile), the name (two lines at most), the tagline (three), the categories and
 * the site's name.
 */
export function toolImageSvg(content: ToolImageContent, canvas: { width: number; height: number } = DESIGN): string {
  const name = drawableText(content.name) || "?";
  const tagline = drawableText(content.tagline);
  const background = categoryColor(content.categories[0]);
  const dx = (canvas.width - DESIGN.width) / 2;
  const dy = (canvas.height - DESIGN.height) / 2;
  const left = 80;
  const right = DESIGN.width - 80;
  const font = `font-family="${FONT_STACK}"`;
  const parts: string[] = [];

  const nameLeft = LOGO_BOX.x + LOGO_BOX.size + 40;
  const title = nameLayout(name, right - nameLeft);
  const nameLineHeight = Math.round(title.fontSize * 1.15);
  const nameHeight = title.lines.length * nameLineHeight;
  const nameTop = Math.max(LOGO_BOX.y, LOGO_BOX.y + (LOGO_BOX.size - nameHeight) / 2);
  title.lines.forEach((line, i) => {
    const baseline = nameTop + i * nameLineHeight + baselineIn(nameLineHeight, title.fontSize);
    parts.push(textLine(line, nameLeft, baseline, `${font} font-size="${title.fontSize}" font-weight="700" fill="#ffffff"`));
  });

  const taglineSize = 40;
  const taglineLineHeight = 54;
  const taglineTop = Math.max(LOGO_BOX.y + LOGO_BOX.size, nameTop + nameHeight) + 44;
  const taglineLines = wrapText(tagline, { maxWidth: right - left, fontSize: taglineSize, maxLines: 3, bold: false }).lines;
  taglineLines.forEach((line, i) => {
    const baseline = taglineTop + i * taglineLineHeight + baselineIn(taglineLineHeight, taglineSize);
    parts.push(textLine(line, left, baseline, `${font} font-size="${taglineSize}" fill="#ffffff" fill-opacity="0.92"`));
  });

  // The footer: categories on the left, the site's name on the right, each kept to its half.
  const footerBaseline = DESIGN.height - 64;
  const footerSize = 30;
  const siteName = wrapText(drawableText(content.siteName), { maxWidth: 420, fontSize: 34, maxLines: 1 }).lines[0] ?? "";
  const siteWidth = Math.min(420, textWidth(siteName, 34));
  const categories = content.categories.slice(0, 2).map((c) => categoryBySlug(c)?.name ?? c).join(" · ");
  const categoryLine = wrapText(categories, { maxWidth: right - left - siteWidth - 48, fontSize: footerSize, maxLines: 1 }).lines[0] ?? "";
  parts.push(`<rect x="${left}" y="${footerBaseline - 66}" width="${right - left}" height="2" fill="#ffffff" fill-opacity="0.3"/>`);
  if (categoryLine) parts.push(textLine(categoryLine, left, footerBaseline, `${font} font-size="${footerSize}" font-weight="700" fill="#ffffff" fill-opacity="0.88"`));
  if (siteName) {
    parts.push(`<text x="${right}" y="${footerBaseline}" text-anchor="end" ${font} font-size="34" font-weight="700" fill="#ffffff">${escapeXml(siteName)}</text>`);
  }

  const logoBox = `<rect x="${LOGO_BOX.x}" y="${LOGO_BOX.y}" width="${LOGO_BOX.size}" height="${LOGO_BOX.size}" rx="36" fill="#ffffff"/>`;
  const tile = content.hasLogo
    ? ""
    : letterTileSvg(content.name, tileColor(content.name), {
        x: LOGO_BOX.x + LOGO_BOX.inset,
        y: LOGO_BOX.y + LOGO_BOX.inset,
        size: LOGO_BOX.size - 2 * LOGO_BOX.inset,
      });

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas.width}" height="${canvas.height}" viewBox="0 0 ${canvas.width} ${canvas.height}">` +
    `<rect width="${canvas.width}" height="${canvas.height}" fill="${background}"/>` +
    `<circle cx="${canvas.width - 90}" cy="70" r="300" fill="#ffffff" fill-opacity="0.08"/>` +
    `<circle cx="${canvas.width - 40}" cy="${canvas.height + 60}" r="220" fill="#000000" fill-opacity="0.08"/>` +
    `<g transform="translate(${dx} ${dy})">${logoBox}${tile}${parts.join("")}</g>` +
    `</svg>`
  );
}
