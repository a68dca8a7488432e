import { describe, expect, it } from "vitest";
import { drawableText, escapeXml, letterTileSvg, textWidth, tileLetter } from "./svg-text.ts";

describe("escapeXml", () => {
  it("escapes what could end an element or an attribute", () => {
    expect(escapeXml(`<script>"a" & 'b'</script>`)).toBe(
      "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;",
    );
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });
});

describe("drawableText", () => {
  it("drops characters XML cannot hold and folds white space", () => {
    expect(drawableText("a\u0000b\u0007c\u001f\ufffe\uffff d")).toBe("abc d");
    expect(drawableText("  line\none\t\ttwo\r\n ")).toBe("line one two");
    expect(drawableText("lone \ud800 surrogate \udc00 here")).toBe("lone surrogate here");
  });

  it("drops emoji (no font here has them), but keeps a name made only of them", () => {
    expect(drawableText("🚀 Rocket ☕ Launch 👩‍💻 🇳🇱")).toBe("Rocket Launch");
    expect(drawableText("Café 1️⃣ ✓ ❤️")).toBe("Café ✓");
    expect(drawableText("🚀🚀")).toBe("🚀🚀");
  });

  it("keeps right-to-left, accented and CJK text as it is", () => {
    for (const text of ["أداة التصميم", "מערכת", "Ünïcödé Çàfé", "東京ツール"]) expect(drawableText(text)).toBe(text);
  });
});

describe("textWidth", () => {
  it("gives regular text more room than bold, and wide letters more than narrow ones", () => {
    expect(textWidth("Regular text here", 40, false)).toBeLessThan(textWidth("Regular text here", 40));
    expect(textWidth("iiii", 12)).toBeLessThan(textWidth("MMMM", 12));
    expect(textWidth("東京", 10)).toBeGreaterThanOrEqual(20);
  });
});

describe("tileLetter and letterTileSvg", () => {
  it("takes the first drawable letter, upper-cased, or ? for none", () => {
    expect(tileLetter("notion")).toBe("N");
    expect(tileLetter("  éclair")).toBe("É");
    expect(tileLetter("🚀 rocket")).toBe("R");
    expect(tileLetter("")).toBe("?");
    expect(tileLetter("\u0000\u0001")).toBe("?");
  });

  it("escapes the letter", () => {
    expect(letterTileSvg("<b>", "#123456", { x: 0, y: 0, size: 100 })).toContain(">&lt;</text>");
    expect(letterTileSvg("&co", "#123456", { x: 0, y: 0, size: 100 })).toContain(">&amp;</text>");
  });
});
