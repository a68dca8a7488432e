import { emailFormat } from "./email.ts";
import { z } from "./zod.ts";

// Reviews of a tool (docs/decisions/051-reviews.md): what a visitor may write, what an admin and
// an owner may answer, and how published ratings add up. Pure rules, shared by the forms, the
// server and the structured data.

/** Limits of the review form, shared by the form's attributes and the schema. */
export const REVIEW_LIMITS = {
  textMin: 20,
  text: 2000,
  pros: 500,
  cons: 500,
  name: 40,
  email: 254,
  reason: 500,
  reply: 1500,
} as const;

/** The name of the hidden field people never fill in and form-filling bots do. */
export const REVIEW_HONEYPOT_FIELD = "review_website";

/** The value of the tool page's `intent` field that says a post is a review, not a report. */
export const REVIEW_INTENT = "review";

/** The name a review is shown under when its writer chose none (never anything of their address). */
export const ANONYMOUS_REVIEWER = "Verified reviewer";

/** Reviews a tool page shows at a time. */
export const REVIEWS_PAGE_SIZE = 10;

const count = (n: number) => n.toLocaleString("en-US");

/** Optional text: only spaces is none at all. */
const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .trim()
      .max(max, `${label} must be at most ${count(max)} characters.`)
      .optional(),
  );

/**
 * The review form. The rating arrives as text ("1"…"5"); anything else (0, 6, "abc", 4.5) is
 * refused with one sentence. The display name may not hold an address: it is shown to everyone.
 */
export const reviewSchema = z.object({
  rating: z.enum(["1", "2", "3", "4", "5"], { error: "Please choose a rating from 1 to 5 stars." }).transform(Number),
  text: z
    .string({ error: "Please write your review." })
    .trim()
    .min(REVIEW_LIMITS.textMin, `Please write at least ${REVIEW_LIMITS.textMin} characters.`)
    .max(REVIEW_LIMITS.text, `The review must be at most ${count(REVIEW_LIMITS.text)} characters.`),
  pros: optionalText(REVIEW_LIMITS.pros, "Pros"),
  cons: optionalText(REVIEW_LIMITS.cons, "Cons"),
  name: optionalText(REVIEW_LIMITS.name, "The name").refine((name) => name === undefined || !name.includes("@"), {
    message: "The name is shown to everyone: please do not use an e-mail address.",
  }),
  email: z
    .string({ error: "Please enter your e-mail address: we send you a link to confirm the review." })
    .trim()
    .min(1, "Please enter your e-mail address: we send you a link to confirm the review.")
    .max(REVIEW_LIMITS.email, "Email is too long.")
    .pipe(emailFormat("Please enter a valid email address.")),
});

export type ReviewInput = z.infer<typeof reviewSchema>;

/** An admin's rejection of a review or a reply: the reason is required (the queue keeps it). */
export const moderationReasonSchema = z
  .string({ error: "Please give a reason." })
  .trim()
  .min(1, "Please give a reason.")
  .max(REVIEW_LIMITS.reason, `The reason must be at most ${count(REVIEW_LIMITS.reason)} characters.`);

/** An owner's reply to a review. */
export const ownerReplySchema = z.object({
  reply: z
    .string({ error: "Please write your reply." })
    .trim()
    .min(1, "Please write your reply.")
    .max(REVIEW_LIMITS.reply, `The reply must be at most ${count(REVIEW_LIMITS.reply)} characters.`),
});

/** Published reviews per star, index 0 for 1 star … index 4 for 5 stars. */
export type RatingCounts = readonly [number, number, number, number, number];

/** What a tool page and the machine-readable answers say of the published ratings. */
export interface RatingSummary {
  /** The mean, rounded to one decimal; null without reviews. */
  average: number | null;
  count: number;
  /** From 5 stars down to 1, with the share of all reviews in whole percent. */
  distribution: { stars: number; count: number; percent: number }[];
}

/** The mean of `count` ratings that add up to `sum`, to one decimal; null when there are none. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

/** The summary of a tool's published ratings from their count per star. */
export function ratingSummary(counts: RatingCounts): RatingSummary {
  const total = counts.reduce((a, b) => a + b, 0);
  const sum = counts.reduce((a, n, i) => a + n * (i + 1), 0);
  return {
    average: averageRating(sum, total),
    count: total,
    distribution: [5, 4, 3, 2, 1].map((stars) => {
      const n = counts[stars - 1]!;
      return { stars, count: n, percent: total === 0 ? 0 : Math.round((n / total) * 100) };
    }),
  };
}

/** "4.3 out of 5 from 12 reviews": the words for people, whatever the page shows as stars. */
export function ratingSentence(average: number, total: number): string {
  return `${average.toFixed(1)} out of 5 from ${count(total)} ${total === 1 ? "review" : "reviews"}`;
}

/** The name shown with a review: what its writer chose, else the anonymous one. */
export function reviewerName(chosen: string): string {
  const name = chosen.trim();
  return name === "" ? ANONYMOUS_REVIEWER : name;
}

/** A published review as the tool page's structured data needs it. */
export interface ReviewForJsonLd {
  rating: number;
  text: string;
  name: string;
  publishedAt: number;
}

/**
 * schema.org `AggregateRating` and `Review`s of a tool, to put into its SoftwareApplication (the
 * item reviewed is that object); null without published reviews, so pages with none say nothing.
 */
export function reviewJsonLd(rating: { average: number | null; count: number }, reviews: readonly ReviewForJsonLd[]) {
  if (rating.count === 0 || rating.average === null) return null;
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: rating.average,
      reviewCount: rating.count,
      ratingCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((r) => ({
      "@type": "Review",
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      author: { "@type": "Person", name: reviewerName(r.name) },
      datePublished: new Date(r.publishedAt).toISOString().slice(0, 10),
      reviewBody: r.text,
    })),
  };
}

/** The orders a tool's reviews are shown in: the newest first, or the most helpful first. */
export type ReviewOrder = "newest" | "helpful";

/** The page of reviews asked for (`?reviews=N`); anything else is the first. */
export function reviewsPage(asked: FormDataEntryValue | null): number {
  return typeof asked === "string" && /^[1-9][0-9]{0,5}$/.test(asked) ? Number(asked) : 1;
}

/** The order of reviews asked for (`?sort=helpful`); anything else is the newest first. */
export function reviewOrder(asked: FormDataEntryValue | null): ReviewOrder {
  return asked === "helpful" ? "helpful" : "newest";
}

/** The address of a page of a tool's reviews in an order. */
export function reviewsHref(slug: string, order: ReviewOrder, page: number): string {
  const query = new URLSearchParams();
  if (order === "helpful") query.set("sort", "helpful");
  if (page > 1) query.set("reviews", String(page));
  const search = query.toString();
  return `/tool/${encodeURIComponent(slug)}${search ? `?${search}` : ""}`;
}
