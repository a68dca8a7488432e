import { describe, expect, it } from "vitest";
import { chartSummary, parseChartRange, periodLabel, valueLabel, type Chart } from "./insights.ts";

const chart = (summary: Chart["summary"], unit: Chart["unit"] = "count"): Chart => ({
  id: "c",
  title: "C",
  period: "day",
  unit,
  summary,
  series: [
    { key: "a", label: "A" },
    { key: "b", label: "B" },
  ],
  rows: [
    { at: Date.UTC(2026, 10, 1), values: [3, 1200] },
    { at: Date.UTC(2026, 10, 2), values: [4, 0] },
  ],
});

describe("charts", () => {
  it("takes 30, 90 or 365 days from the address, and 30 for anything else", () => {
    expect([parseChartRange("90"), parseChartRange("365"), parseChartRange("30")]).toEqual([90, 365, 30]);
    for (const odd of [null, "", "7", "90.5", "-90", "abc", "1e3", " 90x"]) expect(parseChartRange(odd)).toBe(30);
  });

  it("sums up events by their totals and states by their last day", () => {
    expect(chartSummary(chart("total"))).toBe("A: 7 in all; B: 1,200 in all");
    expect(chartSummary(chart("latest"))).toBe("A: 4 on the last day; B: 0 on the last day");
    expect(chartSummary({ ...chart("total"), rows: [] })).toBe("A: 0 in all; B: 0 in all");
    expect(chartSummary({ ...chart("latest"), rows: [] })).toBe("A: 0 on the last day; B: 0 on the last day");
  });

  it("writes days, months, counts and money as the tables show them", () => {
    expect(periodLabel({ period: "day" }, Date.UTC(2026, 10, 3, 23))).toBe("Nov 3");
    expect(periodLabel({ period: "month" }, Date.UTC(2026, 10, 1))).toBe("Nov 2026");
    expect(valueLabel({ unit: "count" }, 12345)).toBe("12,345");
    expect(valueLabel({ unit: "cents" }, 12000)).toBe("$120");
  });
});
