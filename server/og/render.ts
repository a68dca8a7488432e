import { loadSharp } from "../lazy-imports.ts";
import { DESIGN, LOGO_BOX, toolImageSvg, type ToolImageContent } from "./layout.ts";

/** The demo catalogue's previews are drawn at a screenshot's size (docs/decisions/011), so the tool page shows them like one. */
export const PREVIEW_CANVAS = { width: 1280, height: 800 } as const;

// Stored logos are 160×160 (core/uploads.ts); anything far larger is not ours and not decoded.
const LOGO_MAX_PIXELS = 4096 * 4096;

/**
 * Draws a tool image: the SVG of layout.ts through librsvg, the logo composited into its box. The
 * work runs in libvips' threads, not on the event loop. A logo that cannot be decoded is left out
 * (the name's letter tile stands in), so a broken file never costs a tool its image.
 */
export async function renderToolImage(
  content: Omit<ToolImageContent, "hasLogo">,
  logo: Buffer | null,
  options: { canvas?: { width: number; height: number }; format: "png" | "webp" },
): Promise<Buffer> {
  const sharp = await loadSharp();
  const canvas = options.canvas ?? DESIGN;
  const inner = LOGO_BOX.size - 2 * LOGO_BOX.inset;
  let logoPng: Buffer | null = null;
  if (logo) {
    logoPng = await sharp(logo, { limitInputPixels: LOGO_MAX_PIXELS, failOn: "error", animated: false })
      .resize(inner, inner, { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .png()
      .toBuffer()
      .catch(() => null);
  }
  const svg = toolImageSvg({ ...content, hasLogo: logoPng !== null }, canvas);
  const offset = { left: (canvas.width - DESIGN.width) / 2, top: (canvas.height - DESIGN.height) / 2 };
  const image = sharp(Buffer.from(svg)).composite(
    logoPng ? [{ input: logoPng, left: offset.left + LOGO_BOX.x + LOGO_BOX.inset, top: offset.top + LOGO_BOX.y + LOGO_BOX.inset }] : [],
  );
  // A palette PNG is half the size of a full-colour one for these flat colours; without dithering,
  // which speckled the translucent shapes, and at zlib level 6, which takes half of level 9's time.
  return options.format === "png"
    ? image.png({ palette: true, quality: 100, dither: 0, effort: 4, compressionLevel: 6 }).toBuffer()
    : image.webp({ quality: 88, effort: 2 }).toBuffer();
}
