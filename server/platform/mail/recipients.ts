import { createHash } from "node:crypto";
import { canonicalMailbox } from "../../../core/email.ts";
import type { RateLimitRule } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { RateLimiter } from "../ratelimit/index.ts";

/**
 * What per-recipient mail limits count by: the inbox an address delivers to (`alice+1@` and
 * `ALICE@` are one inbox: core/email.ts), hashed, so the limits' table holds no addresses.
 */
export function recipientLimitKey(address: string): string {
  return createHash("sha256").update(canonicalMailbox(address)).digest("hex").slice(0, 32);
}

/** What spending a confirmation mail needs: the site's hourly budget (CONFIRMATION_MAILS_PER_HOUR) and the log its refusals go to. */
export interface ConfirmationMailDeps {
  limiters: { confirmationMails: RateLimiter };
  config: { rateLimits: { confirmationMails: RateLimitRule } };
  log: Logger;
}

export type MailSpend = { limited: false; refund: () => Promise<void> } | { limited: true; retryAfterSec: number };

/** The one key of the site-wide budget. */
const SITE_KEY = "site";

/**
 * Spends one mail that a visitor asks to be sent to `address` (a digest confirmation, a claim's
 * link, an owner link): a point of its inbox's budget (`inbox`, one limiter per kind of mail,
 * counted by recipientLimitKey and kept apart from any row, so deleting or varying an address
 * renews nothing), then one of the site's hourly budget, given back to the inbox when the site's
 * refuses. The first refusal by the site's budget in its hour is logged, for the operator.
 */
export async function spendConfirmationMail(
  deps: ConfirmationMailDeps,
  inbox: RateLimiter,
  address: string,
): Promise<MailSpend> {
  const site = deps.limiters.confirmationMails;
  const key = recipientLimitKey(address);
  const own = await inbox.consume(key);
  if (own.limited) return own;
  const shared = await site.consume(SITE_KEY);
  if (shared.limited) {
    await inbox.refund(key);
    if (shared.consumed === deps.config.rateLimits.confirmationMails.points + 1) {
      deps.log.warn(
        { retryAfterSec: shared.retryAfterSec },
        "mail: the site's hourly budget of confirmation mails is spent; further ones are not sent this hour (CONFIRMATION_MAILS_PER_HOUR)",
      );
    }
    return shared;
  }
  return {
    limited: false,
    refund: () => Promise.all([inbox.refund(key), site.refund(SITE_KEY)]).then(() => undefined),
  };
}
