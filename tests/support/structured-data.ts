import { z } from "../../core/zod.ts";

// A check of a page's review structured data against what schema.org and search engines' review
// snippets require: the item reviewed is the object the ratings are nested in (it must have a type
// and a name); an AggregateRating needs ratingValue and ratingCount or reviewCount, within its
// best and worst ratings (5 and 1 when not given); a Review needs a reviewRating with its
// ratingValue and an author that is a Person or an Organization with a name (under 100
// characters), and never an e-mail address.

const rating = z
  .object({
    ratingValue: z.number(),
    bestRating: z.number().optional(),
    worstRating: z.number().optional(),
  })
  .refine((r) => r.ratingValue >= (r.worstRating ?? 1) && r.ratingValue <= (r.bestRating ?? 5), {
    message: "ratingValue outside worstRating..bestRating",
  });

const aggregateRating = z.intersection(
  rating,
  z
    .object({
      "@type": z.literal("AggregateRating"),
      ratingCount: z.number().int().positive().optional(),
      reviewCount: z.number().int().positive().optional(),
    })
    .refine((r) => r.ratingCount !== undefined || r.reviewCount !== undefined, {
      message: "an AggregateRating needs ratingCount or reviewCount",
    }),
);

const review = z.object({
  "@type": z.literal("Review"),
  reviewRating: z.intersection(rating, z.object({ "@type": z.literal("Rating") })),
  author: z.object({
    "@type": z.enum(["Person", "Organization"]),
    name: z
      .string()
      .min(1)
      .max(99)
      .refine((name) => !name.includes("@"), { message: "an author's name must not be an address" }),
  }),
  datePublished: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .optional(),
  reviewBody: z.string().optional(),
});

/** The item reviewed, with its ratings nested in it. */
export const reviewedItemSchema = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.string().min(1),
  name: z.string().min(1),
  aggregateRating: aggregateRating,
  review: z.array(review).min(1),
});

/** The problems of an item's review structured data, as readable lines; none when it is valid. */
export function reviewStructuredDataProblems(item: unknown): string[] {
  const result = reviewedItemSchema.safeParse(item);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}
