import { createHash } from "node:crypto";
import { canonicalMailbox } from "../../core/email.ts";

/**
 * What per-recipient mail limits count by: the inbox an address delivers to (`alice+1@` and
 * `ALICE@` are one inbox: core/email.ts), hashed, so the limits' table holds no addresses.
 */
export function recipientLimitKey(address: string): string {
  return createHash("sha256").update(canonicalMailbox(address)).digest("hex").slice(0, 32);
}
