import { describe, expect, it } from "vitest";
import { HOUR_MS } from "./dates.ts";
import {
  decayFactor,
  parseTrendingWindow,
  sameTrendingOrder,
  scoreAt,
  TRENDING_WEIGHTS,
  trendingPath,
  trendingScore,
  viewTime,
  type TrendingEvent,
} from "./trending.ts";

const DAY = 24 * HOUR_MS;
const HALF_LIFE = 24 * HOUR_MS;
const NOW = Date.UTC(2026, 10, 28, 12);

describe("decayFactor", () => {
  it("keeps a new event whole, halves it after one half-life and quarters it after two", () => {
    expect(decayFactor(0, HALF_LIFE)).toBe(1);
    expect(decayFactor(HALF_LIFE, HALF_LIFE)).toBeCloseTo(0.5, 12);
    expect(decayFactor(2 * HALF_LIFE, HALF_LIFE)).toBeCloseTo(0.25, 12);
  });

  it("never counts an event dated ahead of now as more than new", () => {
    expect(decayFactor(-HOUR_MS, HALF_LIFE)).toBe(1);
  });

  it("decays faster with a shorter half-life", () => {
    expect(decayFactor(6 * HOUR_MS, 6 * HOUR_MS)).toBeCloseTo(0.5, 12);
    expect(decayFactor(6 * HOUR_MS, 6 * HOUR_MS)).toBeLessThan(decayFactor(6 * HOUR_MS, HALF_LIFE));
  });
});

describe("trendingScore", () => {
  const like = (ago: number, count = 1): TrendingEvent => ({ kind: "like", at: NOW - ago, count });
  const view = (ago: number, count = 1): TrendingEvent => ({ kind: "view", at: NOW - ago, count });

  it("weighs each kind and decays each event by its own age", () => {
    const score = trendingScore([like(0), view(0, 2), like(HALF_LIFE)], NOW, "week", HALF_LIFE);
    expect(score).toBeCloseTo(TRENDING_WEIGHTS.like + 2 * TRENDING_WEIGHTS.view + TRENDING_WEIGHTS.like / 2, 12);
  });

  it("leaves out events older than the window, and those in the future", () => {
    expect(trendingScore([like(8 * DAY), view(7 * DAY + 1)], NOW, "week", HALF_LIFE)).toBe(0);
    expect(trendingScore([like(-HOUR_MS)], NOW, "week", HALF_LIFE)).toBe(0);
    // Exactly at the window's start still counts.
    expect(trendingScore([like(7 * DAY)], NOW, "week", HALF_LIFE)).toBeGreaterThan(0);
  });

  it("counts only the last day for today", () => {
    const events = [like(2 * HOUR_MS), like(2 * DAY)];
    expect(trendingScore(events, NOW, "today", HALF_LIFE)).toBeCloseTo(
      TRENDING_WEIGHTS.like * decayFactor(2 * HOUR_MS, HALF_LIFE),
      12,
    );
    expect(trendingScore(events, NOW, "week", HALF_LIFE)).toBeGreaterThan(
      trendingScore(events, NOW, "today", HALF_LIFE),
    );
  });

  it("ranks a few fresh likes above more stale ones", () => {
    const fresh = trendingScore([like(HOUR_MS, 4)], NOW, "week", HALF_LIFE);
    const stale = trendingScore([like(5 * DAY, 20)], NOW, "week", HALF_LIFE);
    expect(fresh).toBeGreaterThan(stale);
  });

  it("falls as the clock moves on with no new events", () => {
    const events = [like(HOUR_MS, 3), view(3 * HOUR_MS, 5)];
    const now = trendingScore(events, NOW, "week", HALF_LIFE);
    const later = trendingScore(events, NOW + 12 * HOUR_MS, "week", HALF_LIFE);
    expect(later).toBeLessThan(now);
    expect(later).toBeCloseTo(now * decayFactor(12 * HOUR_MS, HALF_LIFE), 12);
  });

  it("ignores empty buckets and is 0 without events", () => {
    expect(trendingScore([], NOW, "week", HALF_LIFE)).toBe(0);
    expect(trendingScore([like(0, 0)], NOW, "week", HALF_LIFE)).toBe(0);
  });
});

describe("scoreAt", () => {
  it("decays a stored score as its events would have decayed, keeping the order of two scores", () => {
    const computedAt = NOW - 6 * HOUR_MS;
    expect(scoreAt(10, computedAt, NOW, HALF_LIFE)).toBeCloseTo(10 * decayFactor(6 * HOUR_MS, HALF_LIFE), 12);
    expect(scoreAt(10, computedAt, NOW, HALF_LIFE)).toBeGreaterThan(scoreAt(9, computedAt, NOW, HALF_LIFE));
    expect(scoreAt(10, NOW, NOW, HALF_LIFE)).toBe(10);
  });
});

describe("viewTime", () => {
  it("takes a past day's views at its middle and today's no later than now", () => {
    const dayStart = Date.UTC(2026, 10, 27);
    expect(viewTime(dayStart, NOW)).toBe(dayStart + 12 * HOUR_MS);
    const today = Date.UTC(2026, 10, 28);
    expect(viewTime(today, today + 3 * HOUR_MS)).toBe(today + 3 * HOUR_MS);
  });
});

describe("windows and addresses", () => {
  it("reads a window from the URL, this week for anything else", () => {
    expect(parseTrendingWindow("today")).toBe("today");
    expect(parseTrendingWindow("week")).toBe("week");
    expect(parseTrendingWindow("toString")).toBe("week");
    expect(parseTrendingWindow(undefined)).toBe("week");
  });

  it("gives each page one address", () => {
    expect(trendingPath("week")).toBe("/trending");
    expect(trendingPath("week", 1)).toBe("/trending");
    expect(trendingPath("today")).toBe("/trending/today");
    expect(trendingPath("today", 3)).toBe("/trending/today?page=3");
  });
});

describe("sameTrendingOrder", () => {
  const at = (week: number, today: number, toolId: string) => ({ toolId, week, today });
  const before = [at(9, 3, "a"), at(6, 0, "b"), at(6, 1, "c"), at(1, 1, "d")];

  it("holds when every score decayed alike, in whatever order the rows come", () => {
    const decayed = before.map((r) => at(r.week * 0.75, r.today * 0.75, r.toolId)).reverse();
    expect(sameTrendingOrder(before, decayed)).toBe(true);
    expect(sameTrendingOrder([], [])).toBe(true);
  });

  it("fails when a tool overtakes another in either window", () => {
    expect(sameTrendingOrder(before, [at(9, 3, "a"), at(6, 0, "b"), at(6, 1, "c"), at(1, 2, "d")])).toBe(false);
    expect(sameTrendingOrder(before, [at(5, 3, "a"), at(6, 0, "b"), at(6, 1, "c"), at(1, 1, "d")])).toBe(false);
  });

  it("fails when a tool comes in, leaves, or leaves one window only", () => {
    expect(sameTrendingOrder(before, [...before, at(0.5, 0, "e")])).toBe(false);
    expect(sameTrendingOrder(before, before.slice(0, 3))).toBe(false);
    expect(sameTrendingOrder(before, [at(9, 0, "a"), at(6, 0, "b"), at(6, 1, "c"), at(1, 1, "d")])).toBe(false);
  });

  it("fails when a tie is made or broken (pages order tied tools by what they are)", () => {
    expect(sameTrendingOrder(before, [at(9, 3, "a"), at(6, 0, "b"), at(5, 1, "c"), at(1, 1, "d")])).toBe(false);
    expect(sameTrendingOrder(before, [at(9, 3, "a"), at(6, 0, "b"), at(6, 1, "c"), at(1, 1, "d"), at(1, 0, "e")])).toBe(
      false,
    );
    const tied = [at(2, 0, "x"), at(2, 0, "y")];
    expect(sameTrendingOrder(tied, [at(1, 0, "x"), at(1, 0, "y")])).toBe(true);
    expect(sameTrendingOrder(tied, [at(1, 0, "y"), at(1.5, 0, "x")])).toBe(false);
  });
});
