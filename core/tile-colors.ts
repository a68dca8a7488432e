import type { CategorySlug } from "./categories.ts";

// The colours of letter tiles (a tool's logo when it has none, the demo catalogue's logos) and of
// the tool images shared as link previews (docs/decisions/026). Every colour carries white text at
// WCAG AA (4.5:1 and more) whatever the page around it, light or dark theme; a test checks it.

/** One colour per category, eighteen hues apart, so neighbouring cards of different categories differ. */
export const CATEGORY_COLORS: Readonly<Record<CategorySlug, string>> = {
  ai: "#6d28d9",
  productivity: "#1d4ed8",
  design: "#be185d",
  development: "#334155",
  marketing: "#c2410c",
  analytics: "#155e75",
  communication: "#0369a1",
  "project-management": "#4338ca",
  finance: "#15803d",
  ecommerce: "#b45309",
  education: "#854d0e",
  health: "#047857",
  entertainment: "#86198f",
  security: "#b91c1c",
  social: "#be123c",
  content: "#7e22ce",
  support: "#0f766e",
  utilities: "#3f6212",
};

const PALETTE: readonly string[] = Object.values(CATEGORY_COLORS);

/** The colour of a category; an unknown one (a value no longer in the list) takes the first. */
export function categoryColor(category: string | undefined): string {
  return category !== undefined && Object.hasOwn(CATEGORY_COLORS, category)
    ? CATEGORY_COLORS[category as CategorySlug]
    : PALETTE[0]!;
}

/**
 * The colour of a name's letter tile: the same name always gets the same colour, different names
 * spread over the palette (FNV-1a over the trimmed, lower-cased name), so a list of tools without
 * logos is not one colour.
 */
export function tileColor(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name.trim().toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return PALETTE[hash % PALETTE.length]!;
}

/** WCAG 2 relative luminance of a "#rrggbb" colour. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number): number => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two "#rrggbb" colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
