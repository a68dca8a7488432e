import { loadSharp } from "../lazy-imports.ts";

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A letter-mark logo made here rather than downloaded: the name's first letter in white on the
 * brand colour, as a 256-pixel WebP.
 */
export async function renderLetterLogo(name: string, color: string): Promise<Buffer> {
  const letter = escapeXml(Array.from(name.trim())[0]?.toUpperCase() ?? "?");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" rx="56" fill="${color}"/>
  <circle cx="212" cy="44" r="72" fill="#ffffff" fill-opacity="0.12"/>
  <text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"
    font-size="150" font-weight="700" fill="#ffffff">${letter}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer();
}
