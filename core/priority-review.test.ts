import { describe, expect, it } from "vitest";
import { isReviewOverdue, priorityReviewItem, reviewDueAt } from "./priority-review.ts";

const at = (iso: string) => Date.parse(iso);

describe("reviewDueAt", () => {
  it("adds two weekdays to a payment made on a weekday", () => {
    // Monday 09:30 → Wednesday 09:30.
    expect(reviewDueAt(at("2026-11-30T09:30:00Z"))).toBe(at("2026-12-02T09:30:00Z"));
    // Wednesday → Friday.
    expect(reviewDueAt(at("2026-12-02T23:59:00Z"))).toBe(at("2026-12-04T23:59:00Z"));
  });

  it("skips the weekend for a payment late in the week", () => {
    // Thursday 12:00 → Friday, then Monday.
    expect(reviewDueAt(at("2026-12-03T12:00:00Z"))).toBe(at("2026-12-07T12:00:00Z"));
    // Friday 15:00 → Monday, then Tuesday.
    expect(reviewDueAt(at("2026-12-04T15:00:00Z"))).toBe(at("2026-12-08T15:00:00Z"));
  });

  it("starts counting on Monday at midnight for a payment made at the weekend", () => {
    expect(reviewDueAt(at("2026-12-05T10:00:00Z"))).toBe(at("2026-12-09T00:00:00Z"));
    expect(reviewDueAt(at("2026-12-06T23:00:00Z"))).toBe(at("2026-12-09T00:00:00Z"));
  });

  it("takes another number of business days", () => {
    expect(reviewDueAt(at("2026-12-04T15:00:00Z"), 1)).toBe(at("2026-12-07T15:00:00Z"));
    expect(reviewDueAt(at("2026-12-04T15:00:00Z"), 5)).toBe(at("2026-12-11T15:00:00Z"));
  });
});

describe("isReviewOverdue", () => {
  it("is overdue only after the deadline", () => {
    const due = at("2026-12-08T15:00:00Z");
    expect(isReviewOverdue(due, due - 1)).toBe(false);
    expect(isReviewOverdue(due, due)).toBe(false);
    expect(isReviewOverdue(due, due + 1)).toBe(true);
  });
});

describe("priorityReviewItem", () => {
  it("names the tool and says approval is not bought", () => {
    expect(priorityReviewItem("Acme")).toBe("Acme — priority review within 2 business days (approval not guaranteed)");
  });
});
