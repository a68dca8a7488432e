import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LOGO_LIMITS } from "../../core/uploads.ts";
import { pngClaiming, testImage } from "../../tests/support/images.ts";
import { LogoError, logoKey, processLogo, sniffImageType } from "./logo.ts";
import { assertSafeKey } from "../platform/storage/index.ts";

const image = testImage;

async function refusal(bytes: Buffer): Promise<string> {
  const error = await processLogo(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LogoError);
  return (error as LogoError).message;
}

describe("processLogo", () => {
  it.each(["png", "jpeg", "webp"] as const)("turns a %s into a square WebP of the stored size", async (format) => {
    const out = await processLogo(await image(format));
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([LOGO_LIMITS.side, LOGO_LIMITS.side]);
    expect(meta.exif).toBeUndefined();
    // Letterboxed, not stretched: the padding is transparent.
    const { data } = await sharp(out).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });

  it("trims a wide logo's empty margins and centres it on a transparent square", async () => {
    // 300×100 of red inside 50 px of transparency all round: a wordmark exported with margins.
    const wide = await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 220, g: 0, b: 0, alpha: 1 } },
    })
      .extend({ top: 50, bottom: 50, left: 50, right: 50, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const { data, info } = await sharp(await processLogo(wide))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([LOGO_LIMITS.side, LOGO_LIMITS.side]);
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]!;
    const middle = LOGO_LIMITS.side / 2;
    // The margins are gone: the red reaches both sides at mid-height…
    expect(alpha(1, middle)).toBe(255);
    expect(alpha(LOGO_LIMITS.side - 2, middle)).toBe(255);
    // …and the 3:1 shape is centred, with equal clear bands above and below (160 / 3 ≈ 53 px of red).
    expect(alpha(middle, 10)).toBe(0);
    expect(alpha(middle, LOGO_LIMITS.side - 11)).toBe(0);
    expect(alpha(middle, middle - 20)).toBe(255);
    expect(alpha(middle, middle + 20)).toBe(255);
  });

  it("keeps a logo that is one colour throughout (nothing to trim) as a full square", async () => {
    const plain = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const meta = await sharp(await processLogo(plain)).metadata();
    expect([meta.width, meta.height]).toEqual([LOGO_LIMITS.side, LOGO_LIMITS.side]);
  });

  it("accepts exactly 5 MB and refuses 5 MB and 1 byte, before decoding anything", async () => {
    const png = await image("png");
    const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
    await expect(processLogo(padded(LOGO_LIMITS.maxBytes))).resolves.toBeInstanceOf(Buffer);
    expect(await refusal(padded(LOGO_LIMITS.maxBytes + 1))).toBe("The file is larger than 5 MB.");
  });

  it.each([
    ["an empty file", () => Buffer.alloc(0), "The file is empty."],
    [
      "a PNG header on garbage",
      () => Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.from("not an image at all".repeat(20))]),
      /not a readable PNG, JPEG or WebP image/,
    ],
    [
      "a JPEG header on garbage",
      () => Buffer.concat([Buffer.from("ffd8ffe0", "hex"), Buffer.alloc(500, 7)]),
      /not a readable PNG, JPEG or WebP image/,
    ],
    [
      "an SVG with a script",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "SVG images are not accepted: use a PNG, JPEG or WebP file.",
    ],
    [
      "an SVG behind an XML declaration",
      () => Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
      "SVG images are not accepted: use a PNG, JPEG or WebP file.",
    ],
    [
      "an HTML page",
      () => Buffer.from("<!doctype html><script>alert(1)</script>"),
      "Only PNG, JPEG and WebP images are accepted.",
    ],
  ])("refuses %s", async (_label, make, message) => {
    expect(await refusal(make())).toMatch(message);
  });

  it("refuses a GIF", async () => {
    expect(await refusal(await image("gif"))).toBe("GIF images are not accepted: use a PNG, JPEG or WebP file.");
  });

  it("refuses a 30000×30000 PNG bomb without decoding it, and a real image past the pixel limit", async () => {
    const started = Date.now();
    expect(await refusal(await pngClaiming(30_000, 30_000))).toBe(
      "The image has too many pixels (at most 25 megapixels).",
    );
    expect(Date.now() - started).toBeLessThan(2000);
    const big = await sharp({ create: { width: 5100, height: 5000, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(big.length).toBeLessThan(LOGO_LIMITS.maxBytes);
    expect(await refusal(big)).toBe("The image has too many pixels (at most 25 megapixels).");
  });

  it("decides the type by content: a PNG named .jpg is a PNG, and a mislabelled format is refused", async () => {
    const png = await image("png");
    expect(sniffImageType(png)).toBe("png");
    expect(sniffImageType(await image("jpeg"))).toBe("jpeg");
    expect(sniffImageType(await image("webp"))).toBe("webp");
    expect(sniffImageType(await image("gif"))).toBeNull();
    expect(sniffImageType(Buffer.from("RIFF0000WAVE"))).toBeNull();
    // A JPEG's magic bytes in front of a PNG: the decoder says PNG, so it is refused.
    expect(await refusal(Buffer.concat([Buffer.from("ffd8ff", "hex"), png]))).toMatch(/not a readable/);
  });
});

describe("logoKey", () => {
  it.each([
    ["Acme Logo.PNG", "logos/acme_1700000000000_acme-logo-t4g.webp"],
    ["../../etc/passwd.png", "logos/acme_1700000000000_passwd-t4g.webp"],
    ["..\\..\\windows\\system32\\evil.jpg", "logos/acme_1700000000000_evil-t4g.webp"],
    ["Café Crème.jpeg", "logos/acme_1700000000000_cafe-creme-t4g.webp"],
    [".png", "logos/acme_1700000000000_logo-t4g.webp"],
    ["", "logos/acme_1700000000000_logo-t4g.webp"],
    ["日本語.png", "logos/acme_1700000000000_logo-t4g.webp"],
    [`${"a".repeat(100)}.png`, `logos/acme_1700000000000_${"a".repeat(40)}-t4g.webp`],
  ])("names %j safely", (fileName, key) => {
    expect(logoKey("acme", 1_700_000_000_000, fileName, "t4g")).toBe(key);
  });

  it.each([
    ["-dash", "logos/dash_1700000000000_logo-t4g.webp"],
    ["_under", "logos/under_1700000000000_logo-t4g.webp"],
    ["__-", "logos/tool_1700000000000_logo-t4g.webp"],
  ])("makes a storable key of the slug %j, which a key segment may not begin with", (slug, key) => {
    expect(logoKey(slug, 1_700_000_000_000, "logo.png", "t4g")).toBe(key);
    expect(assertSafeKey(key)).toBe(key);
  });

  it("tags every key at random, so two uploads in one millisecond never share a file", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => logoKey("acme", 1_700_000_000_000, "logo.png")));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^logos\/acme_1700000000000_logo-[0-9a-z]{7}\.webp$/);
  });
});
