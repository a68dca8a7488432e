import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CATEGORY_COLORS, tileColor } from "../../core/tile-colors.ts";
import { pngClaiming, testImage } from "../../tests/support/images.ts";
import { LOGO_BOX } from "./layout.ts";
import { PREVIEW_CANVAS, renderToolImage } from "./render.ts";

const content = {
  name: "Notion",
  tagline: "All-in-one workspace",
  categories: ["productivity"],
  siteName: "toolshelf/",
};

/** The colour of one pixel as "#rrggbb". */
async function pixel(image: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return `#${[data[at]!, data[at + 1]!, data[at + 2]!].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** Whether two "#rrggbb" colours are within `tolerance` per channel (PNG palette quantisation moves them a little). */
function near(a: string, b: string, tolerance = 12): boolean {
  return [1, 3, 5].every(
    (i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) <= tolerance,
  );
}

// Inside the logo box, clear of the letter: near the tile's top-left corner, inside its rounding.
const TILE_POINT = { x: LOGO_BOX.x + LOGO_BOX.inset + 40, y: LOGO_BOX.y + LOGO_BOX.inset + 14 };
const LOGO_CENTRE = { x: LOGO_BOX.x + LOGO_BOX.size / 2, y: LOGO_BOX.y + LOGO_BOX.size / 2 };

describe("renderToolImage", () => {
  it("draws a 1200×630 PNG on the first category's colour", async () => {
    const png = await renderToolImage(content, null, { format: "png" });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    expect(near(await pixel(png, 20, 600), CATEGORY_COLORS.productivity)).toBe(true);
  });

  it("composites the logo into its box", async () => {
    const logo = await testImage("webp", 160, 160); // rgb(200, 40, 90)
    const png = await renderToolImage(content, logo, { format: "png" });
    expect(near(await pixel(png, LOGO_CENTRE.x, LOGO_CENTRE.y), "#c8285a")).toBe(true);
  });

  it("draws the name's letter tile when there is no logo, or the logo cannot be read", async () => {
    const expected = tileColor("Notion");
    for (const logo of [null, Buffer.from("not an image"), await pngClaiming(100_000, 100_000)]) {
      const png = await renderToolImage(content, logo, { format: "png" });
      expect(near(await pixel(png, TILE_POINT.x, TILE_POINT.y), expected), String(logo?.length)).toBe(true);
    }
  });

  it("draws hostile text without failing: markup, controls, emoji, right-to-left, very long", async () => {
    const hostile = [
      { name: `</text><script>alert(1)</script>&amp;"'`, tagline: "]]><!-- <![CDATA[ x" },
      { name: "a\u0000b\u0008c\ufffe\ud800", tagline: "\u202eevil\u202c \u200f\u200e" },
      { name: "🚀🚀🚀", tagline: "👩‍👩‍👧‍👦 🇳🇱 1️⃣" },
      { name: "أداة التصميم الذكية", tagline: "מערכת לניהול משימות לצוותים קטנים, עם תזכורות!" },
      { name: "W".repeat(5000), tagline: "word ".repeat(5000) },
    ];
    for (const text of hostile) {
      const png = await renderToolImage({ ...content, ...text, categories: ["<x>", "security"] }, null, {
        format: "png",
      });
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height], text.name.slice(0, 20)).toEqual([1200, 630]);
    }
  });

  it("draws the demo previews at a screenshot's size, as WebP", async () => {
    const webp = await renderToolImage({ ...content, siteName: "" }, null, { format: "webp", canvas: PREVIEW_CANVAS });
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1280, 800]);
  });
});
