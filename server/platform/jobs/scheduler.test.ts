import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { nextRunAt } from "./scheduler.ts";

const { productHuntImport, linkHealth } = loadConfig({}).schedules;
const next = (from: string) =>
  new Date(nextRunAt(productHuntImport.pattern, productHuntImport.timezone, Date.parse(from))!).toISOString();

/** The wall-clock time in Amsterdam of a moment, e.g. "2026-03-29 13:00". */
const amsterdam = (ms: number) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Amsterdam", dateStyle: "short", timeStyle: "short" }).format(ms);

describe("the daily import's schedule: 13:00 in Amsterdam", () => {
  it("is 12:00 UTC in winter (CET, UTC+1)", () => {
    expect(next("2026-01-15T08:00:00Z")).toBe("2026-01-15T12:00:00.000Z");
    expect(next("2026-01-15T12:00:00Z")).toBe("2026-01-16T12:00:00.000Z");
  });

  it("is 11:00 UTC in summer (CEST, UTC+2)", () => {
    expect(next("2026-07-01T10:59:00Z")).toBe("2026-07-01T11:00:00.000Z");
  });

  it("moves an hour in UTC across the spring change (29 March 2026, 02:00 → 03:00)", () => {
    // Saturday before the change, after its run: Sunday's run is already on summer time.
    expect(next("2026-03-28T12:30:00Z")).toBe("2026-03-29T11:00:00.000Z");
    // During the skipped hour itself.
    expect(next("2026-03-29T01:30:00Z")).toBe("2026-03-29T11:00:00.000Z");
    expect(next("2026-03-29T11:00:00Z")).toBe("2026-03-30T11:00:00.000Z");
  });

  it("moves back across the autumn change (25 October 2026, 03:00 → 02:00)", () => {
    expect(next("2026-10-24T11:30:00Z")).toBe("2026-10-25T12:00:00.000Z");
    // During the hour that happens twice.
    expect(next("2026-10-25T00:30:00Z")).toBe("2026-10-25T12:00:00.000Z");
    expect(next("2026-10-25T01:30:00Z")).toBe("2026-10-25T12:00:00.000Z");
  });

  it("is 13:00 Amsterdam time on every day of a year that has both changes", () => {
    let from = Date.parse("2026-01-01T00:00:00Z");
    for (let day = 0; day < 365; day++) {
      const at = nextRunAt(productHuntImport.pattern, productHuntImport.timezone, from)!;
      expect(amsterdam(at).slice(11)).toBe("13:00");
      expect(at - from).toBeLessThanOrEqual(25 * 60 * 60 * 1000);
      from = at;
    }
  });
});

describe("the weekly link check's schedule", () => {
  it("is Monday 04:00 in Amsterdam, on both sides of a change", () => {
    for (const from of [
      "2026-03-25T00:00:00Z",
      "2026-03-31T00:00:00Z",
      "2026-10-21T00:00:00Z",
      "2026-10-27T00:00:00Z",
    ]) {
      const at = nextRunAt(linkHealth.pattern, linkHealth.timezone, Date.parse(from))!;
      expect(new Date(at).toLocaleDateString("en-US", { weekday: "long", timeZone: "Europe/Amsterdam" })).toBe(
        "Monday",
      );
      expect(amsterdam(at).slice(11)).toBe("04:00");
    }
  });
});
