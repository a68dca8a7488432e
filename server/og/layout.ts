import { categoryBySlug } from "../../core/categories.ts";
import { categoryColor, tileColor } from "../../core/tile-colors.ts";
import { drawableText, graphemes, tileLetter } from "./svg-text.ts";

// The tool image (docs/decisions/026, 038) as an element tree for satori, which lays it out with
// the font the project ships (server/og/fonts) and turns every glyph into a path: lines wrap and
// are cut where that font's real widths say, and no user text reaches the SVG as text.

/** Inline CSS as satori reads it (React's camel-cased names). */
type Style = Record<string, string | number>;

/** An element as satori takes it: the shape of a React element, built without React (the server has none). */
export interface Element {
  type: string;
  props: {
    style?: Style;
    src?: string;
    width?: number;
    height?: number;
    children?: (Element | string | null)[] | string;
  };
  key: null;
}

/** An element, as React's createElement makes one; a lone string child stays a string, as satori wants for text. */
function h(type: string, props: Omit<Element["props"], "children">, ...children: (Element | string | null)[]): Element {
  if (children.length === 0) return { type, props, key: null };
  const only = children.length === 1 && typeof children[0] === "string" ? children[0] : null;
  return { type, props: { ...props, children: only ?? children }, key: null };
}

/** What a tool image shows. */
export interface ToolImageContent {
  name: string;
  tagline: string;
  categories: readonly string[];
  /** The wordmark in the corner (SITE_NAME). */
  siteName: string;
  /** The logo as a PNG data URL, drawn into the logo box; else the name's letter tile. */
  logo: string | null;
}

/** The design's own size: the Open Graph image's. Other canvases (the demo previews) centre it. */
export const DESIGN = { width: 1200, height: 630 } as const;

/** Where the logo goes on the design, in design pixels. */
export const LOGO_BOX = { x: 80, y: 80, size: 176, inset: 20 } as const;

/** The family name satori knows the shipped font by (render.ts loads it). */
export const FONT_FAMILY = "DejaVu Sans";

/** The name's sizes, largest first: the first at which it fits in two lines, else the last, cut. */
export const NAME_SIZES = [72, 62, 54] as const;
/** The name's box: right of the logo box, to the design's right margin. */
export const NAME_WIDTH = DESIGN.width - 80 - (LOGO_BOX.x + LOGO_BOX.size + 40);
const NAME_LINE_HEIGHT = 1.15;

const WHITE = "#ffffff";

// More graphemes than any box holds (three lines of the tagline take under 300 of the narrowest),
// so a name or tagline of thousands costs the layout no more than a long one.
const MAX_GRAPHEMES = 400;

/** Text as drawn here: drawable (svg-text.ts), and cut short of what no box could show anyway. */
function shown(text: string): string {
  const all = graphemes(drawableText(text));
  return all.length > MAX_GRAPHEMES ? `${all.slice(0, MAX_GRAPHEMES).join("")}…` : all.join("");
}

const CENTRED: Style = { display: "flex", alignItems: "center", justifyContent: "center" };
const CLAMPED: Style = { display: "block", overflowWrap: "break-word", textOverflow: "ellipsis", overflow: "hidden" };
const ONE_LINE: Style = { display: "block", whiteSpace: "nowrap", textOverflow: "ellipsis", overflow: "hidden" };

/**
 * A text's base direction: right to left when its first letter with a direction is Hebrew,
 * Arabic, Syriac, Thaana or N'Ko, so its punctuation lands where a reader expects it. It is still
 * aligned left, as every line of the design is.
 */
function direction(text: string): Style {
  const strong = /[\p{L}]/u.exec(text);
  const rtl = strong !== null && /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u.test(strong[0]);
  return rtl ? { direction: "rtl", textAlign: "left" } : {};
}

/**
 * The name's text box at `fontSize`: cut to two lines, or whole (`clamp` false) for render.ts to
 * measure how many lines it takes at that size.
 */
export function nameElement(name: string, fontSize: number, clamp = true): Element {
  const text = shown(name) || "?";
  const style: Style = {
    ...CLAMPED,
    ...direction(text),
    width: NAME_WIDTH,
    fontSize,
    fontWeight: 700,
    lineHeight: NAME_LINE_HEIGHT,
  };
  return h("div", { style: clamp ? { ...style, lineClamp: 2 } : style }, text);
}

/** Whether a name laid out whole at `fontSize` to `height` pixels fits in two lines. */
export function nameFits(height: number, fontSize: number): boolean {
  return height <= 2 * fontSize * NAME_LINE_HEIGHT + 1;
}

/** The name's letter tile: its first letter in white on a colour of its own, as on the site (app/components/tool-logo.tsx). */
function letterTile(name: string, size: number): Element {
  const style: Style = {
    ...CENTRED,
    width: size,
    height: size,
    borderRadius: size * 0.22,
    background: tileColor(name),
    color: WHITE,
    fontSize: Math.round(size * 0.58),
    fontWeight: 700,
  };
  return h("div", { style }, tileLetter(name));
}

/** An absolutely placed disc: the design's two soft circles. */
function disc(cx: number, cy: number, r: number, background: string): Element {
  return h("div", {
    style: {
      position: "absolute",
      left: cx - r,
      top: cy - r,
      width: 2 * r,
      height: 2 * r,
      borderRadius: r,
      background,
    },
  });
}

/**
 * The tool image at `canvas` pixels (the design, 1200×630, centred on a larger canvas): the
 * primary category's colour, the logo box (the logo or the name's letter tile), the name (two
 * lines at most, at `nameSize`), the tagline (three), the categories and the site's name.
 */
export function toolImageElement(
  content: ToolImageContent,
  nameSize: number,
  canvas: { width: number; height: number } = DESIGN,
): Element {
  const tagline = shown(content.tagline);
  const siteName = shown(content.siteName);
  const categories = content.categories
    .slice(0, 2)
    .map((c) => shown(categoryBySlug(c)?.name ?? c))
    .join(" · ");
  const inner = LOGO_BOX.size - 2 * LOGO_BOX.inset;

  const logoBox = h(
    "div",
    {
      style: {
        ...CENTRED,
        flexShrink: 0,
        width: LOGO_BOX.size,
        height: LOGO_BOX.size,
        borderRadius: 36,
        background: WHITE,
      },
    },
    content.logo ? h("img", { src: content.logo, width: inner, height: inner }) : letterTile(content.name, inner),
  );
  const header = h(
    "div",
    { style: { display: "flex", alignItems: "center", gap: 40, minHeight: LOGO_BOX.size } },
    logoBox,
    nameElement(content.name, nameSize),
  );
  const taglineStyle: Style = {
    ...CLAMPED,
    ...direction(tagline),
    marginTop: 44,
    fontSize: 40,
    lineHeight: "54px",
    lineClamp: 3,
  };
  const taglineBox = tagline
    ? h("div", { style: { ...taglineStyle, color: "rgba(255,255,255,0.92)" } }, tagline)
    : null;
  // The footer: a rule, then the categories on the left and the site's name on the right, each kept to its side.
  const footer = h(
    "div",
    { style: { position: "absolute", left: 80, right: 80, top: 500, display: "flex", flexDirection: "column" } },
    h("div", { style: { height: 2, background: "rgba(255,255,255,0.3)" } }),
    h(
      "div",
      {
        style: {
          display: "flex",
          alignItems: "baseline",
          justifyContent: "space-between",
          gap: 48,
          marginTop: 30,
          fontWeight: 700,
        },
      },
      h(
        "div",
        {
          style: {
            ...ONE_LINE,
            ...direction(categories),
            flexShrink: 1,
            minWidth: 0,
            fontSize: 30,
            color: "rgba(255,255,255,0.88)",
          },
        },
        categories,
      ),
      siteName ? h("div", { style: { ...ONE_LINE, flexShrink: 0, maxWidth: 420, fontSize: 34 } }, siteName) : null,
    ),
  );
  const design = h(
    "div",
    {
      style: {
        position: "absolute",
        left: (canvas.width - DESIGN.width) / 2,
        top: (canvas.height - DESIGN.height) / 2,
        width: DESIGN.width,
        height: DESIGN.height,
        display: "flex",
        flexDirection: "column",
        boxSizing: "border-box",
        padding: 80,
      },
    },
    header,
    taglineBox,
    footer,
  );
  return h(
    "div",
    {
      style: {
        display: "flex",
        position: "relative",
        width: canvas.width,
        height: canvas.height,
        background: categoryColor(content.categories[0]),
        color: WHITE,
        fontFamily: FONT_FAMILY,
        overflow: "hidden",
      },
    },
    disc(canvas.width - 90, 70, 300, "rgba(255,255,255,0.08)"),
    disc(canvas.width - 40, canvas.height + 60, 220, "rgba(0,0,0,0.08)"),
    design,
  );
}
