import { isLocalSiteUrl, type Config } from "../platform/config.ts";

/**
 * What an operator must hear at start about payments, or null: featuring switched off on a public
 * site without Stripe, or the test checkout (no real charge) on an address the public can reach.
 */
export function paymentsStartWarning(config: Pick<Config, "payments" | "siteUrl">): string | null {
  if (config.payments.mode === "off") {
    return (
      "Featured placement is off: no Stripe keys are set and SITE_URL is a public address, so nothing can be bought. " +
      "Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sell it (or PAYMENTS_MODE=test for a demo that charges nothing)."
    );
  }
  if (config.payments.mode === "test" && !isLocalSiteUrl(config.siteUrl)) {
    return (
      "Payments are in test mode on a public address: featured placement is given for test payments that charge nothing, " +
      "and every page says so. Set Stripe's keys (and remove PAYMENTS_MODE=test) before going live."
    );
  }
  return null;
}
