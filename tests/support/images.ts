import zlib from "node:zlib";
import sharp from "sharp";

/** A real image of one colour in the given format. */
export function testImage(format: "png" | "jpeg" | "webp" | "gif", width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 1 } } })
    .toFormat(format)
    .toBuffer();
}

/** A real PNG whose header claims another size: what a decompression bomb looks like to a decoder. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await testImage("png", 1, 1));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows the 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** Bytes as a File for a FormData upload. */
export function fileOf(bytes: Uint8Array, name: string, type = "image/png"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
