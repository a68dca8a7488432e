import { describe, it, expect } from "vitest";
import { formatAddedShort, formatAddedFull } from "./dates.ts";

const NOW = Date.UTC(2026, 10, 27, 14);

describe("formatAddedShort", () => {
  it("shows short month and day for a date of the current year", () => {
    expect(formatAddedShort(Date.UTC(2026, 2, 5, 12), NOW)).toBe("Mar 5");
    expect(formatAddedShort(Date.UTC(2026, 0, 1, 0), NOW)).toBe("Jan 1");
  });

  it("adds the year to a date of an earlier (or a later) year", () => {
    expect(formatAddedShort(Date.UTC(2025, 11, 31, 12), NOW)).toBe("Dec 31, 2025");
    expect(formatAddedShort(Date.UTC(2019, 2, 5, 12), NOW)).toBe("Mar 5, 2019");
    expect(formatAddedShort(Date.UTC(2027, 0, 1, 12), NOW)).toBe("Jan 1, 2027");
    // The year turns at midnight UTC, as the dates are shown.
    expect(formatAddedShort(Date.UTC(2025, 11, 31, 23, 59), Date.UTC(2026, 0, 1, 0, 1))).toBe("Dec 31, 2025");
  });

  it("uses UTC, not the local time zone", () => {
    expect(formatAddedShort(Date.UTC(2026, 2, 5, 0, 0, 0), NOW)).toBe("Mar 5");
    expect(formatAddedShort(Date.UTC(2026, 2, 5, 23, 59, 59), NOW)).toBe("Mar 5");
  });

  it("says 'Recently' when there is no usable date", () => {
    expect(formatAddedShort(null, NOW)).toBe("Recently");
    expect(formatAddedShort(undefined, NOW)).toBe("Recently");
    expect(formatAddedShort(Number.NaN, NOW)).toBe("Recently");
    expect(formatAddedShort(0, NOW)).toBe("Recently");
    expect(formatAddedShort(Number.POSITIVE_INFINITY, NOW)).toBe("Recently");
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
