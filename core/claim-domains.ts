import { getDomain } from "tldts";
import { VERIFICATION_DNS_LABEL } from "./claims.ts";

// Which domain a listed website is on, and which e-mail addresses may prove that it is the
// claimant's: any mailbox at the website's own host, or a role mailbox at its registered domain.
// Apart from core/claims.ts because it carries the Public Suffix List (tldts bundles it, so
// nothing is fetched), which only loaders and the server need.

/**
 * Hosts where a website is a page of someone else's site (github.com/acme/tool): an address at
 * such a host proves nothing about the listing, whatever its path.
 */
const SHARED_PATH_HOSTS = new Set([
  "github.com",
  "gitlab.com",
  "bitbucket.org",
  "huggingface.co",
  "npmjs.com",
  "pypi.org",
  "medium.com",
  "producthunt.com",
  "apps.apple.com",
  "play.google.com",
  "chrome.google.com",
  "chromewebstore.google.com",
  "addons.mozilla.org",
  "marketplace.visualstudio.com",
  "sites.google.com",
  "linkedin.com",
  "x.com",
  "twitter.com",
  "facebook.com",
  "instagram.com",
  "youtube.com",
  "discord.gg",
  "discord.com",
  "t.me",
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "yahoo.com",
  "icloud.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "mail.com",
  "aol.com",
]);

/**
 * The mailboxes that certificate authorities accept as proof of control of a whole domain: a
 * registered domain's owner keeps them, whoever else gets an address there.
 */
export const ROLE_MAILBOXES = ["admin", "administrator", "webmaster", "hostmaster", "postmaster"] as const;

/** A host as compared: lower-case, without a trailing dot and without a leading "www.". */
export function comparableHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/\.+$/, "")
    .replace(/^www\./, "");
}

/** Whether a host is an IP address (v4, or v6 in brackets or not): no domain to prove. */
function isIpHost(host: string): boolean {
  return /^\d+(\.\d+){3}$/.test(host) || host.includes(":") || host.startsWith("[");
}

/**
 * The part of a host that one holder registers: its public suffix by the Public Suffix List (the
 * ICANN suffixes and the shared hosts that give each customer a subdomain) and one label more.
 * `app.acme.co.uk` → `acme.co.uk`, `acme.github.io` → `acme.github.io`. Null for an IP address
 * or a bare suffix.
 */
export function registrableHost(host: string): string | null {
  const h = comparableHost(host);
  if (!h || isIpHost(h) || h.split(".").some((label) => label === "")) return null;
  return getDomain(h, { allowPrivateDomains: true, extractHostname: false });
}

/** The host of a website address, comparable; null when it is not an http(s) address. */
export function websiteHost(websiteUrl: string): string | null {
  try {
    const url = new URL(websiteUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return comparableHost(url.hostname);
  } catch {
    return null;
  }
}

/**
 * Where an address may be to prove a website by e-mail: any mailbox at the website's own host,
 * and the role mailboxes at its registered domain when that is another name.
 */
export interface EmailProofDomains {
  host: string;
  registrable: string;
}

/** Why an e-mail address cannot prove a listing's ownership; null when it can. */
export type EmailRefusal = "no-domain" | "shared-host" | "other-domain";

/**
 * Where the website at `websiteUrl` may be proven by e-mail, or why it cannot be: a bare IP
 * address has no domain, and a site on a host that others share by path (github.com/acme) or
 * that is itself a public suffix is nobody's to prove by an address.
 */
export function emailProofDomains(websiteUrl: string): EmailProofDomains | "no-domain" | "shared-host" {
  const host = websiteHost(websiteUrl);
  if (!host || isIpHost(host)) return "no-domain";
  const registrable = registrableHost(host);
  if (!registrable || SHARED_PATH_HOSTS.has(host) || SHARED_PATH_HOSTS.has(registrable)) return "shared-host";
  return { host, registrable };
}

/**
 * Whether `email` may prove ownership of the website at `websiteUrl`. Any mailbox at the
 * website's own host (ignoring "www.") may; at its registered domain, when that differs, only the
 * role mailboxes (`admin@acme.com` for app.acme.com). Never an address at a deeper subdomain
 * (…@boards.trello.com for trello.com: services give their users such inboxes), at a sibling, or
 * at a host that shares only a public suffix (evil.github.io for acme.github.io).
 */
export function emailAddressRefusal(email: string, websiteUrl: string): EmailRefusal | null {
  const domains = emailProofDomains(websiteUrl);
  if (typeof domains === "string") return domains;
  const at = email.lastIndexOf("@");
  if (at <= 0) return "other-domain";
  const local = email.slice(0, at).toLowerCase();
  const domain = comparableHost(email.slice(at + 1));
  if (domain === domains.host) return null;
  if (domain === domains.registrable && (ROLE_MAILBOXES as readonly string[]).includes(local)) return null;
  return "other-domain";
}

/** The addresses a website may be proven with, as the claim page says them. */
export function acceptedAddresses(domains: EmailProofDomains): string {
  if (domains.host === domains.registrable) return `an address at ${domains.host} itself (not at a subdomain of it)`;
  const roles = ROLE_MAILBOXES.map((mailbox) => `${mailbox}@${domains.registrable}`);
  return `an address at ${domains.host} itself, or ${roles.slice(0, -1).join(", ")} or ${roles.at(-1)}`;
}

/**
 * What the claim page says when an address is refused for the website at `websiteUrl`: why its
 * site cannot be proven by e-mail at all, or which addresses can prove it.
 */
export function emailRefusalMessage(websiteUrl: string): string {
  const domains = emailProofDomains(websiteUrl);
  switch (domains) {
    case "no-domain":
      return "This listing's website has no domain name, so it cannot be claimed by e-mail. Use the website proof below.";
    case "shared-host":
      return `This listing's website is on a shared host (${websiteHost(websiteUrl)}), so an e-mail address cannot prove it is yours. Use the website proof below.`;
    default:
      return `Please use ${acceptedAddresses(domains)}, so we know the website is yours.`;
  }
}

/**
 * Whether an answer came from the listed website itself: its origin (scheme, host and port), or
 * the origin's `www.` twin (`acme.com` ⇄ `www.acme.com`), or — for a website listed as plain http
 * on its default port under a domain name — the same host upgraded to https. A sibling on the same
 * registrable domain, another port of the same host or a move from https to http does not count:
 * whoever runs one of those need not run the listed site.
 */
export function answeredByListedSite(answered: string, websiteUrl: string): boolean {
  const a = URL.parse(answered);
  const listed = URL.parse(websiteUrl);
  if (!a || !listed) return false;
  const host = withoutTrailingDots(listed.hostname.toLowerCase());
  const answeredHost = withoutTrailingDots(a.hostname.toLowerCase());
  const twin = host.startsWith("www.") ? host.slice(4) : `www.${host}`;
  const named = !isIpHost(host);
  if (answeredHost !== host && !(named && answeredHost === twin)) return false;
  if (a.protocol === listed.protocol && a.port === listed.port) return true;
  // The same name over https, on the default ports: the answer then also needed a certificate for that name.
  return named && listed.protocol === "http:" && listed.port === "" && a.protocol === "https:" && a.port === "";
}

/** A host without its trailing dots, by a loop: the address answered is the website's to choose, and a pattern would rescan a long run of dots. */
function withoutTrailingDots(host: string): string {
  let end = host.length;
  while (end > 0 && host[end - 1] === ".") end--;
  return host.slice(0, end);
}

/**
 * Where a website's code may be published as a DNS TXT record: under the listed host (without
 * "www."), and under its registrable domain when that is another name. Whoever runs the DNS of a
 * parent domain can already point any name under it anywhere, so the parent proves no less. Empty
 * for an address without a domain name (an IP address) or a host that is all public suffix.
 */
export function verificationDnsNames(websiteUrl: string): string[] {
  const host = websiteHost(websiteUrl);
  if (!host || isIpHost(host)) return [];
  const registrable = registrableHost(host);
  if (!registrable) return [];
  return [...new Set([host, registrable])].map((name) => `${VERIFICATION_DNS_LABEL}.${name}`);
}

/**
 * What makes two listings the same site: the website's registrable domain (app.acme.com and
 * acme.com are one), except on hosts others share by path (github.com/acme/tool), where the host
 * and path are. Null when the address is not an http(s) one.
 */
export function listingDomain(websiteUrl: string): string | null {
  const host = websiteHost(websiteUrl);
  if (!host) return null;
  const registrable = isIpHost(host) ? null : registrableHost(host);
  if (registrable && !SHARED_PATH_HOSTS.has(host) && !SHARED_PATH_HOSTS.has(registrable)) return registrable;
  const path = new URL(websiteUrl).pathname.toLowerCase().replace(/\/+$/, "");
  return `${host}${path}`;
}
