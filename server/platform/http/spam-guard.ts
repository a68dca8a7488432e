import type { RateLimiter } from "../ratelimit/index.ts";

/** A public form post refused before it is read: what to tell the sender, and how to answer. */
export interface SpamRefusal {
  message: string;
  init: { status: number; headers?: Record<string, string> };
}

/**
 * The guard of the public forms (contact, digest, submit): every post counts against the address's
 * limit, valid or not — that is what stops a script —, and a filled-in honeypot field (hidden from
 * people) marks a robot. Null when the post may be read. The submit page gives the point back when
 * it refuses a post for its content, so only saved submissions count there.
 */
export async function guardPublicForm(
  post: { limiter: RateLimiter; addressKey: string; honeypot: FormDataEntryValue | null },
  words: { limited: string; automated: string },
): Promise<SpamRefusal | null> {
  const limit = await post.limiter.consume(post.addressKey);
  if (limit.limited)
    return { message: words.limited, init: { status: 429, headers: { "Retry-After": String(limit.retryAfterSec) } } };
  if (typeof post.honeypot === "string" && post.honeypot !== "")
    return { message: words.automated, init: { status: 400 } };
  return null;
}
