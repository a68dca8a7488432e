import { z } from "./zod.ts";
import { submissionSchema } from "./submission.ts";
import type { ToolContent } from "./tool.ts";

// Claiming a listing (issue 21): the pure rules. Who may prove ownership by e-mail (an address at
// the website's own domain), what a website must show to prove it (a meta tag, a file or a DNS
// TXT record), and what an owner's edit changes (a field-by-field diff for the admin).

/** The meta tag's name and the well-known file's path a website proves ownership with. */
export const VERIFICATION_META_NAME = "toolshelf-verification";
export const VERIFICATION_FILE_PATH = "/.well-known/toolshelf-verification.txt";

/** What a website verification code looks like: `toolshelf-` and 32 lower-case letters and digits. */
export const SITE_CODE_PATTERN = /^toolshelf-[0-9a-z]{32}$/;

/**
 * Suffixes under which anyone may hold a name (besides the ICANN ones of one label): a host
 * under them is its own site, so `acme.github.io` and `evil.github.io` never share a domain.
 * Not the whole Public Suffix List, but the country second levels and the shared hosts tools
 * are most often listed on.
 */
const PUBLIC_SUFFIXES = new Set([
  // Country second levels (co.uk, com.au…): the common ones.
  ...["co", "com", "net", "org", "gov", "edu", "ac", "or", "ne", "go", "gob", "nic", "ltd", "plc", "me"].flatMap((second) =>
    ["uk", "au", "nz", "jp", "kr", "br", "in", "za", "mx", "ar", "tr", "il", "id", "th", "tw", "hk", "sg", "my", "ph", "pk", "cn", "ua", "vn", "ng", "ke", "eg", "pe", "co", "ve", "ec", "uy"].map(
      (country) => `${second}.${country}`,
    ),
  ),
  // Shared hosting: each customer is a subdomain.
  "github.io", "gitlab.io", "vercel.app", "netlify.app", "pages.dev", "workers.dev", "herokuapp.com", "web.app",
  "firebaseapp.com", "appspot.com", "azurewebsites.net", "cloudfront.net", "blogspot.com", "wordpress.com",
  "substack.com", "notion.site", "framer.website", "framer.app", "webflow.io", "carrd.co", "glitch.me", "replit.app",
  "repl.co", "fly.dev", "onrender.com", "surge.sh", "neocities.org", "itch.io", "myshopify.com", "wixsite.com",
  "squarespace.com", "bubbleapps.io", "streamlit.app", "hf.space", "gitbook.io", "readthedocs.io", "deno.dev",
  "railway.app", "up.railway.app", "s3.amazonaws.com", "translate.goog",
]);

/**
 * Hosts where a website is a page of someone else's site (github.com/acme/tool): an address at
 * such a host proves nothing about the listing, whatever its path.
 */
const SHARED_PATH_HOSTS = new Set([
  "github.com", "gitlab.com", "bitbucket.org", "huggingface.co", "npmjs.com", "pypi.org", "medium.com", "producthunt.com",
  "apps.apple.com", "play.google.com", "chrome.google.com", "chromewebstore.google.com", "addons.mozilla.org",
  "marketplace.visualstudio.com", "sites.google.com", "linkedin.com", "x.com", "twitter.com", "facebook.com",
  "instagram.com", "youtube.com", "discord.gg", "discord.com", "t.me", "gmail.com", "googlemail.com", "outlook.com",
  "hotmail.com", "yahoo.com", "icloud.com", "proton.me", "protonmail.com", "gmx.com", "mail.com", "aol.com",
]);

/** A host as compared: lower-case, without a trailing dot and without a leading "www.". */
export function comparableHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.+$/, "").replace(/^www\./, "");
}

/** Whether a host is an IP address (v4, or v6 in brackets or not): no domain to prove. */
function isIpHost(host: string): boolean {
  return /^\d+(\.\d+){3}$/.test(host) || host.includes(":") || host.startsWith("[");
}

/**
 * The part of a host that one holder registers: its public suffix (the last label, or a known
 * suffix of two or three labels above) and one label more. `app.acme.co.uk` → `acme.co.uk`,
 * `acme.github.io` → `acme.github.io`. Null for an IP address or a bare suffix.
 */
export function registrableHost(host: string): string | null {
  const h = comparableHost(host);
  if (!h || isIpHost(h)) return null;
  const labels = h.split(".");
  if (labels.length < 2 || labels.some((label) => label === "")) return null;
  for (let suffixLength = Math.min(3, labels.length - 1); suffixLength >= 2; suffixLength--) {
    if (PUBLIC_SUFFIXES.has(labels.slice(-suffixLength).join("."))) return labels.length > suffixLength ? labels.slice(-(suffixLength + 1)).join(".") : null;
  }
  if (PUBLIC_SUFFIXES.has(h)) return null;
  return labels.slice(-2).join(".");
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

/** Why an e-mail address cannot prove a listing's ownership; null when it can. */
export type EmailDomainRefusal = "no-domain" | "shared-host" | "other-domain";

/**
 * Whether an address at `emailDomain` may prove ownership of the website at `websiteUrl`: the
 * same host (ignoring "www."), or one a subdomain of the other, within one registrable domain.
 * Siblings (mail.acme.com for app.acme.com) and hosts that share only a public suffix
 * (evil.github.io for acme.github.io) do not match; nor does any address for a site on a host
 * others share by path (github.com/acme).
 */
export function emailDomainRefusal(emailDomain: string, websiteUrl: string): EmailDomainRefusal | null {
  const site = websiteHost(websiteUrl);
  const mail = comparableHost(emailDomain);
  if (!site || isIpHost(site)) return "no-domain";
  const siteRegistrable = registrableHost(site);
  if (!siteRegistrable || SHARED_PATH_HOSTS.has(site) || SHARED_PATH_HOSTS.has(siteRegistrable)) return "shared-host";
  if (registrableHost(mail) !== siteRegistrable) return "other-domain";
  if (mail === site || site.endsWith(`.${mail}`) || mail.endsWith(`.${site}`)) return null;
  return "other-domain";
}

/** The domain part of an address (after its last "@"), lower-case. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/** What the claim page says for each refusal, naming the site's domain. */
export function emailDomainMessage(refusal: EmailDomainRefusal, site: string): string {
  switch (refusal) {
    case "no-domain":
      return "This listing's website has no domain name, so it cannot be claimed by e-mail. Use the website proof below.";
    case "shared-host":
      return `This listing's website is on a shared host (${site}), so an e-mail address cannot prove it is yours. Use the website proof below.`;
    case "other-domain":
      return `Please use an address at ${site} (or at a subdomain of it), so we know the website is yours.`;
  }
}

/** The e-mail form of the claim page: an address, checked against the website on the server. */
export const claimEmailSchema = z.object({
  email: z
    .string({ error: "Please enter your e-mail address." })
    .trim()
    .min(1, "Please enter your e-mail address.")
    .max(254, "The e-mail address is too long.")
    .pipe(z.email("Please enter a valid e-mail address.")),
});

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

/** The label under which a website's domain publishes its code in a DNS TXT record. */
export const VERIFICATION_DNS_LABEL = "_toolshelf-verification";

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
 * Whether a TXT record is the code: the whole record (its strings joined), trimmed, with the
 * quotes some DNS providers' forms keep around a pasted value taken off.
 */
export function txtRecordIsCode(record: string, code: string): boolean {
  const value = record.trim();
  return value === code || value === `"${code}"`;
}

/** Whether the well-known file names `code`: one of its lines, trimmed, is the code (several owners may list theirs). */
export function verificationFileHasCode(text: string, code: string): boolean {
  return text.split(/\r?\n/).some((line) => line.trim() === code);
}

/** The fields an owner may edit: the listing's content, without its website (what was proven) or its status. */
export const OWNER_EDIT_FIELDS = [
  "name",
  "tagline",
  "description",
  "categories",
  "tags",
  "platforms",
  "pricingModel",
  "pricingDetails",
  "features",
  "useCases",
  "integrations",
  "targetAudience",
] as const satisfies readonly (keyof ToolContent)[];

export type OwnerEditField = (typeof OWNER_EDIT_FIELDS)[number];
export type OwnerContent = Pick<ToolContent, OwnerEditField>;

/** The owner's edit form: the submission form's fields (the same schema), the logo optional. */
export const ownerEditSchema = submissionSchema
  .pick({
    name: true,
    tagline: true,
    description: true,
    categories: true,
    tags: true,
    platforms: true,
    pricingModel: true,
    pricingDetails: true,
    features: true,
    useCases: true,
    integrations: true,
    targetAudience: true,
    logo: true,
  })
  .partial({ logo: true });

/** Labels of the edited fields, as the admin's diff and the owner's page name them. */
export const OWNER_FIELD_LABELS: Record<OwnerEditField | "logo", string> = {
  name: "Name",
  tagline: "Tagline",
  description: "Description",
  categories: "Categories",
  tags: "Tags",
  platforms: "Platforms",
  pricingModel: "Pricing model",
  pricingDetails: "Pricing details",
  features: "Features",
  useCases: "Use cases",
  integrations: "Integrations",
  targetAudience: "Target audience",
  logo: "Logo",
};

/** One changed field: what the listing shows now and what the owner asks for, as text. */
export interface FieldChange {
  field: OwnerEditField;
  label: string;
  from: string;
  to: string;
}

/** A field's value as one line of text (lists joined by commas, "—" for nothing). */
function shown(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.join(", ");
  if (value === null || value === undefined || value === "") return "—";
  return String(value);
}

/** Browsers send a textarea's line breaks as CRLF; stored text keeps LF. */
const lf = (text: string) => text.replace(/\r\n?/g, "\n");

/** Normalises an owner's edit as it will be stored (LF line breaks). */
export function normaliseOwnerContent(content: OwnerContent): OwnerContent {
  return { ...content, description: lf(content.description), pricingDetails: lf(content.pricingDetails) };
}

/** The fields an owner's edit changes, in form order, each with its old and new value. */
export function diffOwnerContent(current: OwnerContent, next: OwnerContent): FieldChange[] {
  return OWNER_EDIT_FIELDS.filter((field) => JSON.stringify(current[field]) !== JSON.stringify(next[field])).map((field) => ({
    field,
    label: OWNER_FIELD_LABELS[field],
    from: shown(current[field]),
    to: shown(next[field]),
  }));
}
