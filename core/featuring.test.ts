import { describe, it, expect } from "vitest";
import {
  FEATURE_MIN_USD,
  FEATURE_MAX_USD,
  FEATURE_DEFAULT_USD,
  SUBMIT_FEATURE_DEFAULT_USD,
  FEATURED_DAYS,
  FEATURED_DURATION_MS,
  featureTier,
  featureAmountText,
  FEATURE_SLIDER_STOPS_USD,
  FEATURE_PRESETS_USD,
  FEATURE_TIERS_TEXT,
  sliderAmount,
  sliderPosition,
  placementAfter,
  placementText,
  normalizeFeatureAmount,
  featuredUntil,
  isFeaturedAt,
  usdToCents,
  centsToUsd,
  formatUsd,
  settlementText,
  CHECKOUT_MESSAGES,
  checkoutOutcome,
  paymentErrorMessage,
  transactionReference,
  parseFeatureAmountParam,
  candidatesStatus,
} from "./featuring.ts";

describe("constants", () => {
  it("match docs/design.md#constants", () => {
    expect(FEATURE_MIN_USD).toBe(19);
    expect(FEATURE_MAX_USD).toBe(5000);
    expect(FEATURE_DEFAULT_USD).toBe(19);
    expect(SUBMIT_FEATURE_DEFAULT_USD).toBe(100);
    expect(FEATURED_DAYS).toBe(365);
    expect(FEATURED_DURATION_MS).toBe(31_536_000_000);
  });
});

describe("featureTier", () => {
  it.each([
    [19, "Standard"],
    [99, "Standard"],
    [99.99, "Standard"],
    [100, "Medium"],
    [499, "Medium"],
    [500, "High"],
    [999, "High"],
    [1000, "Premium"],
    [5000, "Premium"],
  ] as const)("%s → %s", (amount, tier) => {
    expect(featureTier(amount)).toBe(tier);
  });
});

describe("the one tier scale", () => {
  it("reads the same for an amount wherever it is shown", () => {
    expect(FEATURE_TIERS_TEXT).toBe("Standard under $100 · Medium from $100 · High from $500 · Premium from $1,000");
    expect(featureAmountText(100)).toBe("$100, Medium tier");
    expect(featureAmountText(1500)).toBe("$1,500, Premium tier");
    expect(featureAmountText(19)).toBe("$19, Standard tier");
  });
});

describe("placementAfter", () => {
  const ranking = [
    { id: "a", cents: 50_000 },
    { id: "b", cents: 25_000 },
    { id: "c", cents: 10_000 },
  ];
  it("places a tool not featured yet among the others by the amount", () => {
    expect(placementAfter(ranking, "new", 100_000)).toEqual({ rank: 1, of: 4 });
    expect(placementAfter(ranking, "new", 19_00)).toEqual({ rank: 4, of: 4 });
    expect(placementAfter(ranking, "new", 30_000)).toEqual({ rank: 2, of: 4 });
  });
  it("wins a tie: the new payment is the latest", () => {
    expect(placementAfter(ranking, "new", 25_000)).toEqual({ rank: 2, of: 4 });
  });
  it("adds a top-up to what a featured tool has in force, and does not count it twice", () => {
    expect(placementAfter(ranking, "c", 20_000)).toEqual({ rank: 2, of: 3 });
    expect(placementAfter(ranking, "b", 1_900)).toEqual({ rank: 2, of: 3 });
    expect(placementAfter(ranking, "c", 50_000)).toEqual({ rank: 1, of: 3 });
  });
  it("is first of one when nothing is featured", () => {
    expect(placementAfter([], "x", 1_900)).toEqual({ rank: 1, of: 1 });
    expect(placementText({ rank: 1, of: 1 })).toBe("This places you #1 of 1 featured tool now.");
    expect(placementText({ rank: 3, of: 8 })).toBe("This places you #3 of 8 featured tools now.");
  });
});

describe("the amount slider's stops", () => {
  it("run from the smallest to the largest amount, rising", () => {
    expect(FEATURE_SLIDER_STOPS_USD[0]).toBe(FEATURE_MIN_USD);
    expect(FEATURE_SLIDER_STOPS_USD.at(-1)).toBe(FEATURE_MAX_USD);
    for (let i = 1; i < FEATURE_SLIDER_STOPS_USD.length; i++)
      expect(FEATURE_SLIDER_STOPS_USD[i]!).toBeGreaterThan(FEATURE_SLIDER_STOPS_USD[i - 1]!);
  });

  it("spend most of the track where people buy: $19–$500 is more than half of it, not a tenth", () => {
    const last = FEATURE_SLIDER_STOPS_USD.length - 1;
    expect(sliderPosition(500) / last).toBeGreaterThan(0.5);
    expect(sliderPosition(100) / last).toBeGreaterThan(0.25);
  });

  it("offer every preset and every tier's start as a stop", () => {
    for (const preset of FEATURE_PRESETS_USD) expect(sliderAmount(sliderPosition(preset))).toBe(preset);
    for (const from of [19, 100, 500, 1000]) expect(FEATURE_SLIDER_STOPS_USD).toContain(from);
  });

  it.each([
    [19, 0],
    [24, 0],
    [25, 1],
    [120, 7],
    [5000, FEATURE_SLIDER_STOPS_USD.length - 1],
    [99_999, FEATURE_SLIDER_STOPS_USD.length - 1],
    [1, 0],
  ])("puts $%i at position %i (the last stop at or below it)", (amount, position) => {
    expect(sliderPosition(amount)).toBe(position);
  });

  it("takes positions off the track, or not whole, to the nearest stop", () => {
    expect(sliderAmount(-3)).toBe(19);
    expect(sliderAmount(1000)).toBe(5000);
    expect(sliderAmount(Number.NaN)).toBe(19);
    expect(sliderAmount(6.6)).toBe(100);
  });
});

describe("normalizeFeatureAmount", () => {
  it("falls back to 19 for empty or missing input", () => {
    expect(normalizeFeatureAmount("")).toBe(19);
    expect(normalizeFeatureAmount("   ")).toBe(19);
    expect(normalizeFeatureAmount(null)).toBe(19);
    expect(normalizeFeatureAmount(undefined)).toBe(19);
  });

  it("falls back to 19 for non-numeric input", () => {
    expect(normalizeFeatureAmount("abc")).toBe(19);
    expect(normalizeFeatureAmount("250abc")).toBe(19);
    expect(normalizeFeatureAmount(Number.NaN)).toBe(19);
  });

  it("parses numeric strings, ignoring surrounding whitespace", () => {
    expect(normalizeFeatureAmount("250")).toBe(250);
    expect(normalizeFeatureAmount(" 250 ")).toBe(250);
    expect(normalizeFeatureAmount(250)).toBe(250);
  });

  it("floors fractional amounts", () => {
    expect(normalizeFeatureAmount("19.9")).toBe(19);
    expect(normalizeFeatureAmount(100.99)).toBe(100);
  });

  it("clamps to at least 19", () => {
    expect(normalizeFeatureAmount("5")).toBe(19);
    expect(normalizeFeatureAmount("0")).toBe(19);
    expect(normalizeFeatureAmount("-3")).toBe(19);
    expect(normalizeFeatureAmount("18.99")).toBe(19);
  });

  it("clamps to at most 5000", () => {
    expect(normalizeFeatureAmount("99999")).toBe(5000);
    expect(normalizeFeatureAmount(5000.5)).toBe(5000);
    expect(normalizeFeatureAmount(Number.POSITIVE_INFINITY)).toBe(5000);
  });

  it("keeps the bounds themselves", () => {
    expect(normalizeFeatureAmount("19")).toBe(19);
    expect(normalizeFeatureAmount("20")).toBe(20);
    expect(normalizeFeatureAmount("4999")).toBe(4999);
    expect(normalizeFeatureAmount("5000")).toBe(5000);
  });
});

describe("featuredUntil and isFeaturedAt", () => {
  const paidAt = Date.UTC(2026, 2, 5, 12, 0, 0);

  it("features for 365 days from payment", () => {
    expect(featuredUntil(paidAt)).toBe(paidAt + 365 * 86_400_000);
    expect(featuredUntil(paidAt)).toBe(Date.UTC(2027, 2, 5, 12, 0, 0));
  });

  it("is featured right up to, but not at, the end instant", () => {
    const until = featuredUntil(paidAt);
    expect(isFeaturedAt(until, paidAt)).toBe(true);
    expect(isFeaturedAt(until, until - 1)).toBe(true);
    expect(isFeaturedAt(until, until)).toBe(false);
    expect(isFeaturedAt(until, until + 1)).toBe(false);
  });

  it("is never featured without an end date", () => {
    expect(isFeaturedAt(null, 0)).toBe(false);
    expect(isFeaturedAt(null, paidAt)).toBe(false);
  });
});

describe("usdToCents and centsToUsd", () => {
  it("converts whole dollars to cents", () => {
    expect(usdToCents(19)).toBe(1900);
    expect(usdToCents(5000)).toBe(500_000);
    expect(usdToCents(0)).toBe(0);
  });

  it("never returns negative zero", () => {
    expect(Object.is(usdToCents(-0), 0)).toBe(true);
  });

  it("rejects fractional, negative and non-finite amounts", () => {
    expect(() => usdToCents(19.5)).toThrow(RangeError);
    expect(() => usdToCents(-1)).toThrow(RangeError);
    expect(() => usdToCents(Number.NaN)).toThrow(RangeError);
    expect(() => usdToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("rejects amounts whose cents would lose precision", () => {
    expect(() => usdToCents(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });

  it("converts cents back to dollars", () => {
    expect(centsToUsd(1900)).toBe(19);
    expect(centsToUsd(1950)).toBe(19.5);
    expect(centsToUsd(usdToCents(1250))).toBe(1250);
  });
});

describe("settlementText", () => {
  it("tells a refund with its amount", () => {
    expect(settlementText({ kind: "refund", note: null }, 1900)).toBe(
      "Your payment of $19 has been refunded; it can take a few days to reach your account.",
    );
  });

  it("tells a credit, with the admin's note when there is one", () => {
    expect(settlementText({ kind: "credit", note: null }, 125_000)).toBe(
      "Your payment of $1,250 is kept as credit for a future listing.",
    );
    expect(settlementText({ kind: "credit", note: "use it within a year" }, 1950)).toBe(
      "Your payment of $19.50 is kept as credit for a future listing: use it within a year",
    );
  });
});

describe("formatUsd", () => {
  it("shows whole dollars without decimals", () => {
    expect(formatUsd(1900)).toBe("$19");
    expect(formatUsd(0)).toBe("$0");
  });

  it("groups thousands the en-US way", () => {
    expect(formatUsd(125_000)).toBe("$1,250");
    expect(formatUsd(500_000)).toBe("$5,000");
  });

  it("shows two decimals when there are cents", () => {
    expect(formatUsd(1950)).toBe("$19.50");
    expect(formatUsd(1901)).toBe("$19.01");
    expect(formatUsd(125_005)).toBe("$1,250.05");
  });
});

describe("checkoutOutcome", () => {
  const base = "https://tools.example.com/?featured=true";

  it("follows the checkout URL of a session", () => {
    expect(
      checkoutOutcome(true, { sessionId: "cs_test_1", url: "https://checkout.stripe.com/c/pay/cs_test_1" }, base),
    ).toEqual({
      kind: "redirect",
      url: "https://checkout.stripe.com/c/pay/cs_test_1",
    });
  });

  it("resolves a URL on this site against the page", () => {
    expect(checkoutOutcome(true, { sessionId: "ts_1", url: "/test-checkout/ts_1" }, base)).toEqual({
      kind: "redirect",
      url: "https://tools.example.com/test-checkout/ts_1",
    });
  });

  it("says no session was received when the answer has no session id", () => {
    for (const body of [
      {},
      { url: "https://checkout.example.com" },
      { sessionId: "  " },
      { sessionId: 42 },
      null,
      "text",
    ]) {
      expect(checkoutOutcome(true, body, base)).toEqual({ kind: "error", message: CHECKOUT_MESSAGES.noSession });
    }
    expect(CHECKOUT_MESSAGES.noSession).toBe("No session ID received from the payment provider.");
  });

  it("never follows a missing or non-http(s) URL", () => {
    for (const url of [undefined, "", "javascript:alert(1)", "data:text/html,hi", "http://[bad"]) {
      expect(checkoutOutcome(true, { sessionId: "cs_1", url }, base)).toEqual({
        kind: "error",
        message: "Could not initiate payment.",
      });
    }
  });

  it("shows the server's message of an error answer", () => {
    expect(
      checkoutOutcome(
        false,
        { error: { code: "invalid-argument", message: "amount must be a whole number of dollars from 19 to 5000." } },
        base,
      ),
    ).toEqual({ kind: "error", message: "Payment error: amount must be a whole number of dollars from 19 to 5000." });
    expect(paymentErrorMessage("Too many requests.")).toBe("Payment error: Too many requests.");
  });

  it("falls back to 'Could not initiate payment.' for an error answer without a message", () => {
    for (const body of [null, {}, { error: "nope" }, { error: { message: "" } }, "<html>"]) {
      expect(checkoutOutcome(false, body, base)).toEqual({ kind: "error", message: "Could not initiate payment." });
    }
  });
});

describe("candidatesStatus", () => {
  it("says a cut list shows the first ones, of how many, and that typing searches them all", () => {
    expect(candidatesStatus({ shown: 20, more: true, eligible: 65, query: "" })).toBe(
      "Showing the first 20 of 65 tools. Type a name to search all of them.",
    );
    expect(candidatesStatus({ shown: 20, more: true, eligible: 1200, query: "no" })).toBe(
      "Showing the first 20 tools matching “no”. Type more of the name to narrow the list.",
    );
  });

  it("counts a whole list plainly", () => {
    expect(candidatesStatus({ shown: 12, more: false, eligible: 12, query: "" })).toBe("12 tools.");
    expect(candidatesStatus({ shown: 1, more: false, eligible: 65, query: "quartz" })).toBe(
      "1 tool matching “quartz”.",
    );
  });

  it("says when nothing can be listed", () => {
    expect(candidatesStatus({ shown: 0, more: false, eligible: 65, query: "quartz" })).toBe(
      "No tool matches “quartz”.",
    );
    expect(candidatesStatus({ shown: 0, more: false, eligible: 0, query: "" })).toBe(
      "No tools can be featured right now.",
    );
  });
});

describe("transactionReference", () => {
  it("is the last 8 characters, upper case", () => {
    expect(transactionReference("cs_test_a1b2c3d4e5f6g7h8")).toBe("E5F6G7H8");
    expect(transactionReference("abc")).toBe("ABC");
  });
});

describe("parseFeatureAmountParam", () => {
  it("accepts whole dollars in range", () => {
    expect(parseFeatureAmountParam("19")).toBe(19);
    expect(parseFeatureAmountParam("100")).toBe(100);
    expect(parseFeatureAmountParam("5000")).toBe(5000);
  });

  it("refuses anything else", () => {
    for (const text of [null, undefined, "", "18", "5001", "19.5", "-20", " 100", "1e3", "abc", "9999999"]) {
      expect(parseFeatureAmountParam(text)).toBeNull();
    }
  });
});
