import { describe, expect, it } from "vitest";
import { isOneLine, oneLineMessage, toOneLine } from "./text.ts";

describe("isOneLine", () => {
  it("takes text in any script, emoji and the marks scripts need", () => {
    for (const text of [
      "Quillpad",
      "Café ☕",
      "日本語ツール",
      "أداة",
      "עברית ‏(beta)",
      "नमस्ते",
      "می‌خواهم",
      "👩‍💻 Dev",
      "🏳️‍🌈",
      "Tool ✓",
      "a b",
    ]) {
      expect(isOneLine(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("refuses line breaks, tabs and every other control character", () => {
    for (const text of [
      "a\nb",
      "a\r\nb",
      "a\rb",
      "a\tb",
      "a\u0000b",
      "a\u0007b",
      "a\u001bb",
      "a\u007fb",
      "a\u0085b",
      "a\u009bb",
      "a\u2028b",
      "a\u2029b",
      "a\u000bb",
      "a\u000cb",
    ]) {
      expect(isOneLine(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("refuses invisible formatting: bidi overrides and isolates, zero-width spaces, BOM, soft hyphens, tags", () => {
    for (const text of [
      "\u202Eevil",
      "a\u202Ab",
      "a\u202Db",
      "a\u2066b\u2069",
      "a\u2067b",
      "a\u2068b",
      "Not\u200Bion",
      "a\u2060b",
      "\uFEFFa",
      "a\u00ADb",
      "a\u{E0041}b",
      "a\u180Eb",
      "a\uFFF9b",
    ]) {
      expect(isOneLine(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("refuses a lone surrogate", () => {
    expect(isOneLine("a\uD800b")).toBe(false);
    expect(isOneLine("a\uDC00")).toBe(false);
  });
});

describe("toOneLine", () => {
  it("turns runs of line breaks and controls into one space, drops invisible formatting, trims", () => {
    expect(toOneLine(" Quill\r\n\r\npad\t2 ")).toBe("Quill pad 2");
    expect(toOneLine("a\u2028b\u2029c\u0000d")).toBe("a b c d");
    expect(toOneLine("\u202Eevil\u200B.com")).toBe("evil.com");
    expect(toOneLine("👩‍💻 Dev")).toBe("👩‍💻 Dev");
  });

  it("leaves what it makes one line", () => {
    for (const text of ["a\nb", "\u202Ex", "x\u0000\ty", "a\uD800"]) expect(isOneLine(toOneLine(text))).toBe(true);
  });
});

describe("oneLineMessage", () => {
  it("names the field", () => {
    expect(oneLineMessage("Name")).toBe(
      "Name must be one line of text, without line breaks, tabs or invisible control characters.",
    );
  });
});
