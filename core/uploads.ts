/** Limits of the logo upload (docs/design.md#rule-9: the form's hint "square PNG or JPG, max 5MB"; WebP too). */
export const LOGO_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Decoding more pixels than this is refused, whatever the file size (decompression bombs). */
  maxPixels: 25_000_000,
  /** The stored logo's side in pixels: the largest the pages show (80) at twice the density. */
  side: 160,
} as const;

/** What the file input accepts (the server decides by content, not by this). */
export const LOGO_ACCEPT = "image/png,image/jpeg,image/webp";

/** What a file of another type is told, on the server (by its content) and in the browser (by its type). */
export const LOGO_TYPE_MESSAGE = "Only PNG, JPEG and WebP images are accepted.";

/**
 * The padding of the plate logos are drawn on, as a share of its side (the tool image's white box
 * has the same: server/og/layout.ts), so a logo never touches the plate's rounded edge.
 */
export const LOGO_PLATE_PADDING = 0.11;

/** The plate's padding in pixels for a logo drawn `size` pixels wide. */
export function logoPlatePadding(size: number): number {
  return Math.round(size * LOGO_PLATE_PADDING);
}
