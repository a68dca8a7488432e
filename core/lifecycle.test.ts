import { describe, expect, it } from "vitest";
import { discontinuedLongAgo, hiddenFromLists, lastUpdatedAt, lifecycleOf, type LifecycleFacts } from "./lifecycle.ts";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 28);
const thresholds = { staleDays: 180, unreachableAfter: 3 };
const fresh: LifecycleFacts = {
  manual: null,
  linkFailures: 0,
  lastOkAt: NOW - DAY,
  siteChangedAt: NOW - 10 * DAY,
  repoActivityAt: null,
};

describe("lifecycleOf", () => {
  it("is active when nothing is known, and when the site changed lately", () => {
    expect(
      lifecycleOf(
        { manual: null, linkFailures: 0, lastOkAt: null, siteChangedAt: null, repoActivityAt: null },
        thresholds,
        NOW,
      ),
    ).toBe("active");
    expect(lifecycleOf(fresh, thresholds, NOW)).toBe("active");
  });

  it("is unreachable from the set number of failures in a row, not before", () => {
    expect(lifecycleOf({ ...fresh, linkFailures: 2 }, thresholds, NOW)).toBe("active");
    expect(lifecycleOf({ ...fresh, linkFailures: 3 }, thresholds, NOW)).toBe("unreachable");
  });

  it("is stale once neither the site nor the repository changed for the set days", () => {
    const old = { ...fresh, siteChangedAt: NOW - 181 * DAY };
    expect(lifecycleOf(old, thresholds, NOW)).toBe("stale");
    expect(lifecycleOf({ ...old, siteChangedAt: NOW - 179 * DAY }, thresholds, NOW)).toBe("active");
    // A repository pushed to lately keeps a tool with an unchanging website active.
    expect(lifecycleOf({ ...old, repoActivityAt: NOW - 5 * DAY }, thresholds, NOW)).toBe("active");
  });

  it("is stale when failing and without a good answer for the set days", () => {
    expect(lifecycleOf({ ...fresh, linkFailures: 1, lastOkAt: NOW - 200 * DAY }, thresholds, NOW)).toBe("stale");
    expect(lifecycleOf({ ...fresh, linkFailures: 1, lastOkAt: NOW - 20 * DAY }, thresholds, NOW)).toBe("active");
  });

  it("takes a state set by hand over anything the link check found; an unknown one counts for nothing", () => {
    expect(lifecycleOf({ ...fresh, manual: "discontinued", linkFailures: 9 }, thresholds, NOW)).toBe("discontinued");
    expect(lifecycleOf({ ...fresh, manual: "acquired" }, thresholds, NOW)).toBe("acquired");
    expect(lifecycleOf({ ...fresh, manual: "bogus", linkFailures: 3 }, thresholds, NOW)).toBe("unreachable");
  });
});

describe("lastUpdatedAt", () => {
  it("is the later of the site's change and the repository's activity", () => {
    expect(lastUpdatedAt({ siteChangedAt: null, repoActivityAt: null })).toBeNull();
    expect(lastUpdatedAt({ siteChangedAt: 5, repoActivityAt: null })).toBe(5);
    expect(lastUpdatedAt({ siteChangedAt: null, repoActivityAt: 7 })).toBe(7);
    expect(lastUpdatedAt({ siteChangedAt: 9, repoActivityAt: 7 })).toBe(9);
  });
});

describe("hiddenFromLists", () => {
  it("hides discontinued and unreachable tools, not acquired or stale ones", () => {
    expect(hiddenFromLists({ manual: "discontinued", linkFailures: 0 }, 3)).toBe(true);
    expect(hiddenFromLists({ manual: null, linkFailures: 3 }, 3)).toBe(true);
    expect(hiddenFromLists({ manual: null, linkFailures: 2 }, 3)).toBe(false);
    // Acquired is a state set by hand: the link check no longer decides.
    expect(hiddenFromLists({ manual: "acquired", linkFailures: 5 }, 3)).toBe(false);
  });
});

describe("discontinuedLongAgo", () => {
  it("is true only for a tool discontinued at least the set days ago", () => {
    expect(discontinuedLongAgo({ manual: "discontinued", lifecycleSetAt: NOW - 30 * DAY }, 30, NOW)).toBe(true);
    expect(discontinuedLongAgo({ manual: "discontinued", lifecycleSetAt: NOW - 29 * DAY }, 30, NOW)).toBe(false);
    expect(discontinuedLongAgo({ manual: "acquired", lifecycleSetAt: NOW - 99 * DAY }, 30, NOW)).toBe(false);
    expect(discontinuedLongAgo({ manual: "discontinued", lifecycleSetAt: null }, 30, NOW)).toBe(false);
  });
});
