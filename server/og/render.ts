import { readFile } from "node:fs/promises";
import { loadResvg, loadSatori, loadSharp } from "../platform/lazy-imports.ts";
import {
  DESIGN,
  FONT_FAMILY,
  LOGO_BOX,
  NAME_SIZES,
  NAME_WIDTH,
  nameElement,
  nameFits,
  toolImageElement,
  type ToolImageContent,
} from "./layout.ts";

/** The demo catalogue's previews are drawn at a screenshot's size (docs/decisions/011), so the tool page shows them like one. */
export const PREVIEW_CANVAS = { width: 1280, height: 800 } as const;

// Stored logos are 160×160 (core/uploads.ts); anything far larger is not ours and not decoded.
const LOGO_MAX_PIXELS = 4096 * 4096;

/**
 * DejaVu Sans, regular and bold, read once. The files sit next to this module, and the build copies
 * them next to the server's bundle (scripts/build.ts), so one relative URL finds them in both.
 */
let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700; style: "normal" }[]> | null = null;
function loadFonts() {
  fonts ??= Promise.all(
    (["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] as const).map((file) =>
      readFile(new URL(`./fonts/${file}`, import.meta.url)),
    ),
  ).then(
    ([regular, bold]) => [
      { name: FONT_FAMILY, data: regular!, weight: 400, style: "normal" },
      { name: FONT_FAMILY, data: bold!, weight: 700, style: "normal" },
    ],
    (error: unknown) => {
      fonts = null;
      throw error;
    },
  );
  return fonts;
}

/**
 * The tool image as SVG, laid out by satori with the shipped font. The name gets the largest of
 * its sizes at which satori's own layout keeps it to two lines. Glyphs are paths unless
 * `embedFont` is false (then each word is a <text> with its measured box, which the tests read).
 */
export async function toolImageSvg(
  content: ToolImageContent,
  canvas: { width: number; height: number } = DESIGN,
  { embedFont = true }: { embedFont?: boolean } = {},
): Promise<string> {
  const [satori, fontList] = await Promise.all([loadSatori(), loadFonts()]);
  let nameSize: number = NAME_SIZES.at(-1)!;
  for (const size of NAME_SIZES.slice(0, -1)) {
    let height = Infinity;
    await satori(nameElement(content.name, size, false), {
      width: NAME_WIDTH,
      fonts: fontList,
      // Only the layout is wanted: glyphs are not turned into paths.
      embedFont: false,
      onNodeDetected: (node) => void (node.type === "div" && (height = node.height)),
    });
    if (nameFits(height, size)) {
      nameSize = size;
      break;
    }
  }
  return satori(toolImageElement(content, nameSize, canvas), { ...canvas, fonts: fontList, embedFont });
}

/**
 * Draws a tool image: toolImageSvg rasterised by resvg in libuv's threads, off the event loop,
 * with the logo drawn into its box. A logo that cannot be decoded is left out (the name's letter
 * tile stands in), so a broken file never costs a tool its image.
 */
export async function renderToolImage(
  content: Omit<ToolImageContent, "logo">,
  logo: Buffer | null,
  options: { canvas?: { width: number; height: number }; format: "png" | "webp" },
): Promise<Buffer> {
  const [{ renderAsync }, sharp] = await Promise.all([loadResvg(), loadSharp()]);
  const inner = LOGO_BOX.size - 2 * LOGO_BOX.inset;
  let logoPng: Buffer | null = null;
  if (logo) {
    logoPng = await sharp(logo, { limitInputPixels: LOGO_MAX_PIXELS, failOn: "error", animated: false })
      .resize(inner, inner, { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .png()
      .toBuffer()
      .catch(() => null);
  }
  const svg = await toolImageSvg(
    { ...content, logo: logoPng ? `data:image/png;base64,${logoPng.toString("base64")}` : null },
    options.canvas,
  );
  // Every glyph is a path already: resvg needs no fonts of its own.
  const pixels = await renderAsync(svg, { font: { loadSystemFonts: false } });
  const image = sharp(pixels.pixels, { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
  // A palette PNG is half the size of a full-colour one for these flat colours; without dithering,
  // which speckled the translucent shapes, and at zlib level 6, which takes half of level 9's time.
  return options.format === "png"
    ? image.png({ palette: true, quality: 100, dither: 0, effort: 4, compressionLevel: 6 }).toBuffer()
    : image.webp({ quality: 88, effort: 2 }).toBuffer();
}
