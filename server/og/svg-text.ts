// Text for SVG that a viewer's renderer draws with its own fonts: the embeddable badge (a browser)
// and the demo catalogue's letter-tile logos (librsvg). Nothing here measures a font: widths are
// estimated from the widest face of FONT_STACK (DejaVu Sans Bold), so a line may end early, never
// past its box, whichever face the viewer has. The tool image does not use these estimates: it is
// laid out with the font it ships (layout.ts).

/**
 * The font stack: faces common on servers first (DejaVu and Liberation on Debian and Ubuntu,
 * Arial and Helvetica elsewhere), then whatever sans-serif the viewer has. No font is fetched.
 */
export const FONT_STACK = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe inside an SVG element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Whether XML 1.0 can hold a code point (its Char production), DEL aside, which draws nothing. */
function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff && cp !== 0x7f) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    cp >= 0x10000
  );
}

/** A grapheme drawn as an emoji: a pictograph, a flag, a keycap or anything asking for emoji style. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3|\ufe0f/u;

/**
 * Text as an image can draw it: characters XML 1.0 cannot hold (controls, lone surrogates,
 * U+FFFE/U+FFFF) removed, and every run of white space (new lines, tabs) one space. Emoji are
 * dropped as well: the shipped font has none, nor do most servers, and each would be drawn as a
 * box; a name of nothing but emoji keeps them (a box beats an empty image).
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
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

const NARROW = new Set("iljI.,:;!'|`");
const SEMI_NARROW = new Set('frt()[]{}"/\\-');
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

/** The first letter of a name, upper-cased, for its letter tile; "?" when it has none. */
export function tileLetter(name: string): string {
  const first = graphemes(drawableText(name))[0];
  return first === undefined ? "?" : first.toUpperCase();
}

/**
 * A letter tile as an SVG fragment in a `size` square at (`x`, `y`): the name's first letter in
 * white on `color`, the look of a tool without a logo (app/components/tool-logo.tsx and the tool
 * image), used for the demo catalogue's logos.
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
