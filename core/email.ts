import { z } from "./zod.ts";

// E-mail addresses as every form takes them (claims, the digest, submissions, contact) and as
// limits count them.

/**
 * Zod's own address pattern, but for the last label, which may also be an internationalised
 * top-level domain in its ASCII form (`xn--p1ai`, `xn--3e0b707e`): Zod's takes letters only.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+(?:[A-Za-z]{2,}|[Xx][Nn]--[A-Za-z0-9-]*[A-Za-z0-9])$/;

/** The check of an address's form, with the form's own message. */
export function emailFormat(message: string) {
  return z.email({ pattern: EMAIL_PATTERN, error: message });
}

/** Mail providers whose addresses ignore dots in the mailbox's name, and the domain they share. */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The inbox an address delivers to, as per-recipient limits count it: lower-cased, a `+tag`
 * dropped (`alice+1@` is `alice@`), and at Gmail dots dropped and googlemail.com read as
 * gmail.com (`a.lice@googlemail.com` is `alice@gmail.com`). Never stored or mailed: only compared.
 */
export function canonicalMailbox(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  let mailbox = lower.slice(0, at);
  let domain = lower.slice(at + 1).replace(/\.+$/, "");
  const plus = mailbox.indexOf("+");
  if (plus > 0) mailbox = mailbox.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    mailbox = mailbox.replace(/\./g, "");
  }
  return `${mailbox}@${domain}`;
}
