import { randomBytes } from "node:crypto";
import path from "node:path";
import { LOGO_LIMITS, LOGO_TYPE_MESSAGE } from "../../core/uploads.ts";
import { CodedError } from "../platform/errors.ts";
import { loadSharp } from "../platform/lazy-imports.ts";
import { slugKeyPart, type Storage } from "../platform/storage/index.ts";

/** A logo that cannot be used; the message is for the person who uploaded it. */
export class LogoError extends CodedError<"bad-logo"> {
  constructor(message: string, options?: ErrorOptions) {
    super("bad-logo", message, options);
  }
}

export type ImageType = "png" | "jpeg" | "webp";

/** The image type by the file's first bytes, whatever its name or declared type says. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  // RIFF....WEBP
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return "webp";
  return null;
}

/** What a refused file probably is, for a message that helps. */
function describeRefused(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 256)).toString("latin1").trimStart().toLowerCase();
  if (head.startsWith("gif8")) return "GIF images are not accepted: use a PNG, JPEG or WebP file.";
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) {
    return "SVG images are not accepted: use a PNG, JPEG or WebP file.";
  }
  return LOGO_TYPE_MESSAGE;
}

/**
 * Checks an uploaded logo by its content and re-encodes it: a square WebP of LOGO_LIMITS.side
 * pixels, turned upright, metadata dropped; its empty margins (transparent, or the colour of its
 * corner) trimmed, then centred on transparency, so every logo fills the square as far as its shape
 * allows. The pages draw it on a white plate with padding (docs/decisions/026-tool-images.md). Throws LogoError for a
 * file that is empty, too large, not PNG/JPEG/WebP, broken, or with too many pixels to decode.
 */
export async function processLogo(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new LogoError("The file is empty.");
  if (bytes.length > LOGO_LIMITS.maxBytes) throw new LogoError("The file is larger than 5 MB.");
  const type = sniffImageType(bytes);
  if (!type) throw new LogoError(describeRefused(bytes));
  // Outside the try below: sharp that cannot load is the server's fault, not the file's.
  const sharp = await loadSharp();
  // The pixel limit is checked from the header, before anything is decoded.
  const image = sharp(bytes, { limitInputPixels: LOGO_LIMITS.maxPixels, failOn: "error", animated: false });
  try {
    const { format } = await image.metadata();
    if (format !== type) throw new LogoError(UNREADABLE);
    return await image
      .rotate()
      // A logo sent with wide empty margins would otherwise show small; near-white and near-clear count as empty.
      .trim({ threshold: 10 })
      .resize(LOGO_LIMITS.side, LOGO_LIMITS.side, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (error instanceof LogoError) throw error;
    // sharp's own words stay in the log's reach only; the person gets one of ours.
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new LogoError("The image has too many pixels (at most 25 megapixels).");
    throw new LogoError(UNREADABLE);
  }
}

const UNREADABLE = "The file is not a readable PNG, JPEG or WebP image.";

/**
 * processLogo for a save that answers a refused logo rather than throwing: the submission form,
 * the admin's add-tool and edit all report it as a `bad-logo` result next to the logo field.
 */
export type LogoCheck = { kind: "ok"; webp: Buffer } | { kind: "bad-logo"; message: string };

export async function readLogo(bytes: Buffer): Promise<LogoCheck> {
  try {
    return { kind: "ok", webp: await processLogo(bytes) };
  } catch (error) {
    if (error instanceof LogoError) return { kind: "bad-logo", message: error.message };
    throw error;
  }
}

/**
 * The logo field's file checked by its content, so a form can report a wrong logo together with
 * every other error in one answer. Null when there is nothing to check: no file, an empty one, or
 * one over the size limit (the schema names those).
 */
export async function checkLogoFile(value: FormDataEntryValue | null): Promise<LogoCheck | null> {
  if (!(value instanceof File) || value.size === 0 || value.size > LOGO_LIMITS.maxBytes) return null;
  return readLogo(Buffer.from(await value.arrayBuffer()));
}

/** Stores a processed logo under the tool's logo key; the key is what to delete if the save then fails. */
export async function storeLogo(
  storage: Storage,
  slug: string,
  now: number,
  fileName: string,
  webp: Buffer,
): Promise<{ key: string; url: string }> {
  const key = logoKey(slug, now, fileName);
  return { key, url: await storage.put(key, webp, "image/webp") };
}

/**
 * The storage key of a tool's logo: `logos/{slug}_{timestamp}_{safe-name}.webp`, where the safe
 * name is the uploaded file's base name reduced to lower-case letters, digits and dashes, so no
 * part of a user's file name can climb out of the folder or need escaping, followed by a random
 * tag: two submissions racing for one slug in one millisecond must not write to one file.
 */
export function logoKey(slug: string, now: number, fileName: string, tag: string = randomTag()): string {
  const base = path.posix.basename(fileName.replace(/\\/g, "/")).replace(/\.[^.]*$/, "");
  const safe =
    base
      .normalize("NFKD")
      .replace(/\p{M}/gu, "") // the accents NFKD split off: "é" → "e"
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/, "") || "logo";
  return `logos/${slugKeyPart(slug)}_${now}_${safe}-${tag}.webp`;
}

function randomTag(): string {
  return randomBytes(4).readUInt32BE(0).toString(36).padStart(7, "0");
}
