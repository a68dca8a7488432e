/** The pricing models a tool can have (docs/design.md#entities), in the order listed there. */
export const PRICING_MODELS = [
  "Free",
  "Freemium",
  "Paid",
  "One-time Purchase",
  "Subscription",
  "Usage-based",
  "Contact for Pricing",
] as const;

export type PricingModel = (typeof PRICING_MODELS)[number];

export function isPricingModel(value: string): value is PricingModel {
  return (PRICING_MODELS as readonly string[]).includes(value);
}
