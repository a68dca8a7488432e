import { describe, expect, it } from "vitest";
import {
  ANONYMOUS_REVIEWER,
  averageRating,
  ratingSentence,
  ratingSummary,
  reviewJsonLd,
  reviewOrder,
  reviewsHref,
  reviewsPage,
  reviewSchema,
} from "./reviews.ts";

const valid = {
  rating: "4",
  text: "Does what it says, and the export is quick.",
  email: "reader@example.com",
};

describe("the review form", () => {
  it("takes a rating of 1 to 5 as a number, the text trimmed, empty optional fields as absent", () => {
    const parsed = reviewSchema.parse({
      ...valid,
      text: `  ${valid.text}  `,
      pros: "  ",
      cons: "Slow start",
      name: "",
    });
    expect(parsed).toEqual({ rating: 4, text: valid.text, cons: "Slow start", email: "reader@example.com" });
  });

  it.each(["0", "6", "abc", "4.5", "", "-1"])("refuses the rating %j with one sentence", (rating) => {
    const result = reviewSchema.safeParse({ ...valid, rating });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Please choose a rating from 1 to 5 stars."]);
  });

  it("refuses a text too short or too long, and long pros", () => {
    expect(reviewSchema.safeParse({ ...valid, text: "Great!" }).error?.issues[0]?.message).toBe(
      "Please write at least 20 characters.",
    );
    expect(reviewSchema.safeParse({ ...valid, text: "a".repeat(2001) }).error?.issues[0]?.message).toBe(
      "The review must be at most 2,000 characters.",
    );
    expect(reviewSchema.safeParse({ ...valid, pros: "a".repeat(501) }).error?.issues[0]?.message).toBe(
      "Pros must be at most 500 characters.",
    );
  });

  it("requires an address and refuses one with a header injected", () => {
    expect(reviewSchema.safeParse({ ...valid, email: "" }).success).toBe(false);
    expect(reviewSchema.safeParse({ ...valid, email: "a@example.com\r\nBcc: b@example.com" }).success).toBe(false);
    expect(reviewSchema.safeParse({ ...valid, email: "not an address" }).success).toBe(false);
  });

  it("refuses a display name that is an address", () => {
    expect(reviewSchema.safeParse({ ...valid, name: "me@example.com" }).error?.issues[0]?.message).toMatch(
      /not use an e-mail address/,
    );
    expect(reviewSchema.parse({ ...valid, name: " Ana " }).name).toBe("Ana");
  });
});

describe("ratings", () => {
  it("averages to one decimal and says nothing without reviews", () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(5, 1)).toBe(5);
  });

  it("gives the distribution from 5 stars down, with shares in whole percent", () => {
    const summary = ratingSummary([1, 0, 0, 1, 2]);
    expect(summary.average).toBe(3.8);
    expect(summary.count).toBe(4);
    expect(summary.distribution).toEqual([
      { stars: 5, count: 2, percent: 50 },
      { stars: 4, count: 1, percent: 25 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 25 },
    ]);
    expect(ratingSummary([0, 0, 0, 0, 0])).toMatchObject({ average: null, count: 0 });
    expect(ratingSentence(3.75, 4)).toBe("3.8 out of 5 from 4 reviews");
    expect(ratingSentence(5, 1)).toBe("5.0 out of 5 from 1 review");
  });
});

describe("structured data of reviews", () => {
  it("is absent without published reviews", () => {
    expect(reviewJsonLd({ average: null, count: 0 }, [])).toBeNull();
  });

  it("gives an AggregateRating and Reviews by a Person named as chosen, or anonymously", () => {
    const at = Date.UTC(2026, 10, 2);
    const ld = reviewJsonLd({ average: 4.5, count: 2 }, [
      { rating: 5, text: "Very good.", name: "Ana", publishedAt: at },
      { rating: 4, text: "Good.", name: "", publishedAt: at },
    ]);
    expect(ld?.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 2,
      ratingCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld?.review.map((r) => r.author)).toEqual([
      { "@type": "Person", name: "Ana" },
      { "@type": "Person", name: ANONYMOUS_REVIEWER },
    ]);
    expect(ld?.review[0]).toMatchObject({
      reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5 },
      datePublished: "2026-11-02",
      reviewBody: "Very good.",
    });
  });
});

describe("the addresses of a tool's reviews", () => {
  it("reads a page number and an order, anything else as the first page of the newest", () => {
    expect(reviewsPage("3")).toBe(3);
    for (const asked of ["0", "-1", "1.5", "abc", "", "9999999", null])
      expect(reviewsPage(asked), String(asked)).toBe(1);
    expect(reviewOrder("helpful")).toBe("helpful");
    for (const asked of ["newest", "HELPFUL", "", null]) expect(reviewOrder(asked), String(asked)).toBe("newest");
  });
  it("writes each page and order with one address, the defaults left out", () => {
    expect(reviewsHref("quill pad", "newest", 1)).toBe("/tool/quill%20pad");
    expect(reviewsHref("quill", "helpful", 1)).toBe("/tool/quill?sort=helpful");
    expect(reviewsHref("quill", "newest", 2)).toBe("/tool/quill?reviews=2");
    expect(reviewsHref("quill", "helpful", 2)).toBe("/tool/quill?sort=helpful&reviews=2");
  });
});
