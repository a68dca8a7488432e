import { describe, expect, it } from "vitest";
import { digestSubscribeSchema, isoWeekKey, normalizeEmail } from "./digest.ts";

describe("digest addresses", () => {
  it("are trimmed with the domain lower-cased, the mailbox kept as typed", () => {
    expect(normalizeEmail("  Ada.Lovelace@Example.COM \n")).toBe("Ada.Lovelace@example.com");
  });

  it("are checked by the schema, with the form's words", () => {
    expect(digestSubscribeSchema.parse({ email: " Ada@EXAMPLE.org " })).toEqual({ email: "Ada@example.org" });
    const message = (email: unknown) => digestSubscribeSchema.safeParse({ email }).error?.issues[0]?.message;
    expect(message("")).toBe("Email is required.");
    expect(message(undefined)).toBe("Email is required.");
    expect(message("a@b")).toBe("Please enter a valid email address.");
    expect(message("ada@example.com\r\nBcc: x@y.z")).toBe("Please enter a valid email address.");
    expect(message(`${"e".repeat(243)}@example.com`)).toBe("Email is too long.");
  });

  it("take addresses at internationalised top-level domains", () => {
    expect(digestSubscribeSchema.parse({ email: "Ada@Example.XN--P1AI" })).toEqual({ email: "Ada@example.xn--p1ai" });
  });
});

describe("isoWeekKey", () => {
  const AMS = "Europe/Amsterdam";
  it("names the ISO week in the time zone", () => {
    expect(isoWeekKey(Date.UTC(2026, 10, 30, 8, 0), AMS)).toBe("2026-W49"); // Monday 30 Nov 2026, 09:00 in Amsterdam
    expect(isoWeekKey(Date.UTC(2026, 10, 29, 22, 59), AMS)).toBe("2026-W48"); // Sunday 23:59 in Amsterdam
    expect(isoWeekKey(Date.UTC(2026, 10, 29, 23, 0), AMS)).toBe("2026-W49"); // already Monday in Amsterdam
  });

  it("gives the days around New Year to the week of their Thursday", () => {
    expect(isoWeekKey(Date.UTC(2021, 0, 1, 12), "UTC")).toBe("2020-W53");
    expect(isoWeekKey(Date.UTC(2024, 11, 30, 12), "UTC")).toBe("2025-W01");
    expect(isoWeekKey(Date.UTC(2026, 0, 1, 12), "UTC")).toBe("2026-W01");
  });
});
