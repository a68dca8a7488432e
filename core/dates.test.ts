import { describe, it, expect } from "vitest";
import { formatAddedShort, formatAddedFull } from "./dates.ts";

describe("formatAddedShort", () => {
  it("shows short month and day", () => {
    expect(formatAddedShort(Date.UTC(2026, 2, 5, 12))).toBe("Mar 5");
    expect(formatAddedShort(Date.UTC(2025, 11, 31, 12))).toBe("Dec 31");
  });

  it("uses UTC, not the local time zone", () => {
    expect(formatAddedShort(Date.UTC(2026, 2, 5, 0, 0, 0))).toBe("Mar 5");
    expect(formatAddedShort(Date.UTC(2026, 2, 5, 23, 59, 59))).toBe("Mar 5");
  });

  it("says 'Recently' when there is no usable date", () => {
    expect(formatAddedShort(null)).toBe("Recently");
    expect(formatAddedShort(undefined)).toBe("Recently");
    expect(formatAddedShort(Number.NaN)).toBe("Recently");
    expect(formatAddedShort(0)).toBe("Recently");
    expect(formatAddedShort(Number.POSITIVE_INFINITY)).toBe("Recently");
  });
});

describe("formatAddedFull", () => {
  it("shows long month, day and year", () => {
    expect(formatAddedFull(Date.UTC(2026, 2, 5, 12))).toBe("March 5, 2026");
    expect(formatAddedFull(Date.UTC(2025, 11, 31, 12))).toBe("December 31, 2025");
  });

  it("uses UTC, not the local time zone", () => {
    expect(formatAddedFull(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe("January 1, 2026");
    expect(formatAddedFull(Date.UTC(2025, 11, 31, 23, 59, 59))).toBe("December 31, 2025");
  });

  it("says 'Recently' when there is no usable date", () => {
    expect(formatAddedFull(null)).toBe("Recently");
    expect(formatAddedFull(undefined)).toBe("Recently");
    expect(formatAddedFull(Number.NaN)).toBe("Recently");
    expect(formatAddedFull(0)).toBe("Recently");
  });
});
