import { loadSharp } from "../platform/lazy-imports.ts";
import { letterTileSvg } from "../og/svg-text.ts";

const SIDE = 256;

/**
 * A letter-tile logo made here rather than downloaded: the name's first letter in white on
 * `color`, drawn as a tool without a logo is (server/og/svg-text.ts), as a 256-pixel WebP.
 */
export async function renderLetterLogo(name: string, color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}">${letterTileSvg(name, color, { x: 0, y: 0, size: SIDE })}</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer();
}
