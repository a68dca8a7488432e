import { describe, expect, it } from "vitest";
import { REPORT_LIMITS, REPORT_REASON_KEYS, REPORT_REASONS, reportResolutionSchema, reportSchema } from "./reports.ts";

function errorsOf(input: Record<string, unknown>) {
  const result = reportSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("reportSchema", () => {
  it("has the seven reasons, each with its label", () => {
    expect(REPORT_REASON_KEYS).toEqual([
      "wrong-category",
      "wrong-information",
      "broken-link",
      "duplicate",
      "spam-or-harmful",
      "discontinued",
      "other",
    ]);
    expect(REPORT_REASONS["spam-or-harmful"]).toBe("Spam or harmful");
  });

  it("takes a reason alone, or with a trimmed note and address", () => {
    expect(reportSchema.parse({ reason: "broken-link" })).toEqual({ reason: "broken-link" });
    expect(reportSchema.parse({ reason: "other", note: "  It moved.  ", email: " ada@example.com " })).toEqual({
      reason: "other",
      note: "It moved.",
      email: "ada@example.com",
    });
  });

  it("reads an address of only spaces as none", () => {
    expect(reportSchema.parse({ reason: "duplicate", email: "   " })).toEqual({ reason: "duplicate" });
  });

  it("refuses a missing or unknown reason", () => {
    const message = "Please choose what is wrong with this listing.";
    expect(errorsOf({})).toEqual({ reason: message });
    expect(errorsOf({ reason: "bad-vibes" })).toEqual({ reason: message });
    expect(errorsOf({ reason: ["other", "duplicate"] })).toEqual({ reason: message });
  });

  it("refuses a note over the limit, and takes one at it", () => {
    expect(errorsOf({ reason: "other", note: "x".repeat(REPORT_LIMITS.note) })).toEqual({});
    expect(errorsOf({ reason: "other", note: "x".repeat(REPORT_LIMITS.note + 1) })).toEqual({
      note: "The note must be at most 1,000 characters.",
    });
  });

  it("refuses malformed or overlong addresses", () => {
    for (const email of ["ada", "ada@", "@example.com", "a b@example.com", "ada@example"]) {
      expect(errorsOf({ reason: "other", email })).toEqual({
        email: "Please enter a valid email address, or leave it empty.",
      });
    }
    expect(errorsOf({ reason: "other", email: `${"a".repeat(250)}@example.com` })).toEqual({
      email: "Email is too long.",
    });
  });
});

describe("reportResolutionSchema", () => {
  it("knows the four resolutions only", () => {
    for (const value of ["fixed", "discontinued", "rejected", "dismissed"])
      expect(reportResolutionSchema.parse(value)).toBe(value);
    expect(reportResolutionSchema.safeParse("delete").success).toBe(false);
  });
});
