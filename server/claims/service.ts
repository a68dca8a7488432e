import { createHash, randomBytes } from "node:crypto";
import {
  answeredByListedSite,
  emailAddressRefusal,
  emailRefusalMessage,
  verificationDnsNames,
  websiteHost,
} from "../../core/claim-domains.ts";
import {
  SITE_CODE_PATTERN,
  txtRecordIsCode,
  VERIFICATION_FILE_PATH,
  VERIFICATION_META_NAME,
  verificationFileHasCode,
} from "../../core/claims.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { recordAudit, type AuditActor } from "../audit/audit.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";
import { joinHtml, mailHtml, mailLine } from "../platform/mail/html.ts";
import { MailError, type Mailer } from "../platform/mail/mailer.ts";
import { spendConfirmationMail, type ConfirmationMailDeps } from "../platform/mail/recipients.ts";
import { OutboundError, safeFetch } from "../platform/net/fetch.ts";
import type { RateLimiter } from "../platform/ratelimit/index.ts";
import { lookUpTxt, META_READ_LIMIT, verificationMetaCodes } from "./proofs.ts";

// Claiming a listing (ADR 032): a visitor proves that a public tool's website is theirs, by a
// one-time link mailed to an address at its domain or by a code the website shows, and gets a
// private owner link (/owner/<token>). Secrets are random tokens of which only the SHA-256 is
// kept: the e-mail link's, the claimant's (who started a website claim) and the owner link's.

/** What the claim functions need of the running server. */
export interface ClaimDeps extends ConfirmationMailDeps {
  database: Database;
  now: () => number;
  config: Pick<Config, "siteName" | "siteUrl" | "outboundAllow" | "dns" | "rateLimits">;
  mailer: Pick<Mailer, "send">;
  limiters: Record<
    "claimAddress" | "claimToolAddress" | "claimRecipient" | "claimVerify" | "confirmationMails",
    RateLimiter
  >;
}

/** Who is asking: the client's address (its limit key, and the audit log's address). */
export interface Client {
  addressKey: string;
  ip: string;
}

/** How long an e-mailed claim link works, and a started website claim may be verified. */
export const EMAIL_LINK_TTL_MS = 60 * 60 * 1000;
export const WEBSITE_CLAIM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** How the website is read for its proof: bounded in time and size, through the SSRF guard (of the home page, only as much as its head is read). */
const FETCH = { timeoutMs: 8000, maxBytes: 512 * 1024, truncate: true, maxRedirects: 3 } as const;
const HOME_PAGE_FETCH = { ...FETCH, maxBytes: META_READ_LIMIT } as const;

/** What tokens look like (32 random bytes, base64url); anything else is not looked up. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newSiteCode(): string {
  const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";
  const bytes = randomBytes(32);
  let code = "";
  for (const byte of bytes) code += alphabet[byte % 36];
  return `toolshelf-${code}`;
}

/** A public tool as the claim page needs it. */
export interface ClaimableTool {
  id: string;
  slug: string;
  name: string;
  websiteUrl: string;
  /** The website's host, as addresses are compared with it. */
  host: string;
}

/** The public tool a claim page's key names (its slug, or its id); null when none is public. */
export async function findClaimableTool(database: Database, key: string): Promise<ClaimableTool | null> {
  if (key.length > 200) return null;
  const select = () =>
    database.db
      .selectFrom("tools")
      .select(["id", "slug", "name", "website_url"])
      .where("status", "in", [...PUBLIC_STATUSES]);
  const row =
    (await select().where("slug", "=", key).executeTakeFirst()) ??
    (await select().where("id", "=", key).executeTakeFirst());
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    websiteUrl: row.website_url,
    host: websiteHost(row.website_url) ?? row.website_url,
  };
}

/** A refusal by a limit: the sentence, and when to try again. */
export interface Limited {
  kind: "limited";
  message: string;
  retryAfterSec: number;
}

/** Spends a point of each limit in turn; the first one spent answers. */
/**
 * Spends each limit in turn and, when `mailTo` is given, a mail to that address: its inbox's
 * budget (variants of one address count as one) and the site's hourly budget of such mails.
 */
async function spend(
  deps: ClaimDeps,
  limits: readonly [RateLimiter, string][],
  mailTo: string | null,
  message: string,
): Promise<Limited | null> {
  for (const [limiter, key] of limits) {
    const state = await limiter.consume(key);
    if (state.limited) return { kind: "limited", message, retryAfterSec: state.retryAfterSec };
  }
  if (mailTo === null) return null;
  const mail = await spendConfirmationMail(deps, deps.limiters.claimRecipient, mailTo);
  return mail.limited ? { kind: "limited", message, retryAfterSec: mail.retryAfterSec } : null;
}

const claimantOf = (client: Client, who: string): AuditActor => ({ id: null, username: who, ip: client.ip });

function claimMail(deps: ClaimDeps, tool: ClaimableTool, link: string) {
  const site = deps.config.siteName;
  const text = [
    mailLine`Someone (we hope you) asked to claim the listing of ${tool.name} on ${site}.`,
    "",
    mailLine`To confirm that ${tool.host} is yours, open this link within an hour:`,
    mailLine`${link}`,
    "",
    "The link works once. If you did not ask for it, ignore this mail: nothing changes.",
  ].join("\n");
  const html = joinHtml(
    [
      mailHtml`<p>Someone (we hope you) asked to claim the listing of <strong>${tool.name}</strong> on ${site}.</p>`,
      mailHtml`<p>To confirm that ${tool.host} is yours, open this link within an hour:</p>`,
      mailHtml`<p><a href="${link}">${link}</a></p>`,
      mailHtml`<p>The link works once. If you did not ask for it, ignore this mail: nothing changes.</p>`,
    ],
    "\n",
  ).html;
  return { subject: mailLine`Confirm that you own ${tool.name} on ${site}`, text, html };
}

function ownerMail(deps: ClaimDeps, toolName: string, link: string) {
  const site = deps.config.siteName;
  const text = [
    mailLine`This is your private owner link for ${toolName} on ${site}:`,
    mailLine`${link}`,
    "",
    "With it you can see the listing's likes and views and propose changes to it. Keep it to yourself: anyone with the link can do the same.",
  ].join("\n");
  const html = joinHtml(
    [
      mailHtml`<p>This is your private owner link for <strong>${toolName}</strong> on ${site}:</p>`,
      mailHtml`<p><a href="${link}">${link}</a></p>`,
      mailHtml`<p>With it you can see the listing's likes and views and propose changes to it. Keep it to yourself: anyone with the link can do the same.</p>`,
    ],
    "\n",
  ).html;
  return { subject: mailLine`Your owner link for ${toolName} on ${site}`, text, html };
}

export type EmailClaimResult =
  { kind: "sent"; email: string } | { kind: "bad-email"; message: string } | Limited | { kind: "mail-failed" };

/**
 * Mails a one-time link (an hour, single use) to an address that may prove the website (core's
 * emailAddressRefusal). Limited per client address, per tool and client address, and per
 * recipient, never per tool alone: nobody else's requests can use up the owner's. The claim and
 * its audit entry are written once the mail is sent, so a failed send leaves nothing behind.
 */
export async function requestEmailClaim(
  deps: ClaimDeps,
  tool: ClaimableTool,
  email: string,
  client: Client,
): Promise<EmailClaimResult> {
  const address = email.toLowerCase();
  if (emailAddressRefusal(address, tool.websiteUrl))
    return { kind: "bad-email", message: emailRefusalMessage(tool.websiteUrl) };
  const { limiters } = deps;
  const limited = await spend(
    deps,
    [
      [limiters.claimAddress, client.addressKey],
      [limiters.claimToolAddress, `${tool.id} ${client.addressKey}`],
    ],
    address,
    "Too many claim requests. Please wait a while before asking again.",
  );
  if (limited) return limited;

  const token = newToken();
  const link = `${deps.config.siteUrl}/claim/${encodeURIComponent(tool.slug)}?confirm=${token}`;
  try {
    await deps.mailer.send({ to: address, ...claimMail(deps, tool, link) });
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    deps.log.error({ err: error }, "claim mail not sent");
    return { kind: "mail-failed" };
  }
  const now = deps.now();
  await deps.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("tool_claims")
      .values({
        id: newId(),
        tool_id: tool.id,
        method: "email",
        email: address,
        domain: tool.host,
        site_code: null,
        secret_hash: hashToken(token),
        owner_token_hash: null,
        status: "pending",
        expires_at: now + EMAIL_LINK_TTL_MS,
        created_at: now,
        verified_at: null,
        revoked_at: null,
      })
      .execute();
    await recordAudit(
      trx,
      claimantOf(client, address),
      [{ action: "claim-request", toolId: tool.id, toolName: tool.name, detail: { method: "email", email: address } }],
      now,
    );
  });
  return { kind: "sent", email: address };
}

/** What the page shows for an e-mailed link before it is used: whether it still works. */
export async function emailLinkState(
  database: Database,
  tool: ClaimableTool,
  token: string,
  now: number,
): Promise<"valid" | "expired" | "unknown"> {
  if (!TOKEN_PATTERN.test(token)) return "unknown";
  const row = await database.db
    .selectFrom("tool_claims")
    .select(["status", "expires_at"])
    .where("secret_hash", "=", hashToken(token))
    .where("tool_id", "=", tool.id)
    .where("method", "=", "email")
    .executeTakeFirst();
  if (!row || row.status !== "pending") return "unknown";
  return Number(row.expires_at) > now ? "valid" : "expired";
}

export type VerifyResult =
  | { kind: "verified"; ownerToken: string; mailed: boolean }
  | { kind: "unknown"; message: string }
  /** `seen`: for a website check, what each proof found (the page lists them under the sentence). */
  | { kind: "failed"; message: string; seen?: ProofSeen[] }
  | Limited;

const VERIFY_LIMITED = "Too many verification attempts from your network. Please wait a few minutes and try again.";
const LINK_UNUSABLE = "This confirmation link has expired or has been used already. Ask for a new one below.";

/**
 * Uses an e-mailed link: once, within its hour. The claim becomes verified and its owner link is
 * returned (to show once) and mailed to the address.
 */
export async function confirmEmailClaim(
  deps: ClaimDeps,
  tool: ClaimableTool,
  token: string,
  client: Client,
): Promise<VerifyResult> {
  const limited = await spend(deps, [[deps.limiters.claimVerify, client.addressKey]], null, VERIFY_LIMITED);
  if (limited) return limited;
  if (!TOKEN_PATTERN.test(token)) return { kind: "unknown", message: LINK_UNUSABLE };
  const ownerToken = newToken();
  const now = deps.now();
  const verified = await deps.database.db.transaction().execute(async (trx) => {
    // One statement decides: of two uses at once, only one finds the claim still pending.
    const row = await trx
      .updateTable("tool_claims")
      .set({ status: "verified", secret_hash: null, owner_token_hash: hashToken(ownerToken), verified_at: now })
      .where("secret_hash", "=", hashToken(token))
      .where("tool_id", "=", tool.id)
      .where("method", "=", "email")
      .where("status", "=", "pending")
      .where("expires_at", ">", now)
      .returning(["id", "email"])
      .executeTakeFirst();
    if (!row) return null;
    await recordAudit(
      trx,
      claimantOf(client, row.email ?? tool.host),
      [{ action: "claim-verify", toolId: tool.id, toolName: tool.name, detail: { method: "email" } }],
      now,
    );
    return row;
  });
  if (!verified) {
    // A real link that has run out is worth a line in the log; a made-up token is not.
    const expired = await deps.database.db
      .selectFrom("tool_claims")
      .select(["email"])
      .where("secret_hash", "=", hashToken(token))
      .where("tool_id", "=", tool.id)
      .where("method", "=", "email")
      .where("status", "=", "pending")
      .where("expires_at", "<=", now)
      .executeTakeFirst();
    if (expired) {
      await recordAudit(
        deps.database.db,
        claimantOf(client, expired.email ?? tool.host),
        [
          {
            action: "claim-verify-failed",
            toolId: tool.id,
            toolName: tool.name,
            detail: { method: "email", reason: "link expired" },
          },
        ],
        now,
      );
    }
    return { kind: "unknown", message: LINK_UNUSABLE };
  }
  const mailed = await mailOwnerLink(deps, verified.email!, tool.name, ownerToken);
  return { kind: "verified", ownerToken, mailed };
}

async function mailOwnerLink(deps: ClaimDeps, email: string, toolName: string, ownerToken: string): Promise<boolean> {
  try {
    await deps.mailer.send({ to: email, ...ownerMail(deps, toolName, `${deps.config.siteUrl}/owner/${ownerToken}`) });
    return true;
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    deps.log.error({ err: error }, "owner link mail not sent");
    return false;
  }
}

export type WebsiteClaimStart = { kind: "started"; secret: string } | Limited;

/**
 * Starts a website claim: a code for the website to show, and a secret for the claimant alone
 * (their page's address carries it). The code is public once published; only the claimant's
 * secret can turn it into an owner link, so nobody can verify someone else's published code.
 * Limited per client address only: a start costs the tool nothing, so strangers' starts cannot
 * keep its owner from proving it. Starts never verified are deleted once they expire.
 */
export async function startWebsiteClaim(
  deps: ClaimDeps,
  tool: ClaimableTool,
  client: Client,
): Promise<WebsiteClaimStart> {
  const limited = await spend(
    deps,
    [[deps.limiters.claimAddress, client.addressKey]],
    null,
    "Too many claim requests. Please wait a while before asking again.",
  );
  if (limited) return limited;
  const secret = newToken();
  const now = deps.now();
  await deps.database.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("tool_claims")
      .where("tool_id", "=", tool.id)
      .where("method", "=", "website")
      .where("status", "=", "pending")
      .where("expires_at", "<=", now)
      .execute();
    await trx
      .insertInto("tool_claims")
      .values({
        id: newId(),
        tool_id: tool.id,
        method: "website",
        email: null,
        domain: tool.host,
        site_code: newSiteCode(),
        secret_hash: hashToken(secret),
        owner_token_hash: null,
        status: "pending",
        expires_at: now + WEBSITE_CLAIM_TTL_MS,
        created_at: now,
        verified_at: null,
        revoked_at: null,
      })
      .execute();
    await recordAudit(
      trx,
      claimantOf(client, `website ${tool.host}`),
      [{ action: "claim-request", toolId: tool.id, toolName: tool.name, detail: { method: "website" } }],
      now,
    );
  });
  return { kind: "started", secret };
}

/** A started website claim as its page shows it: the code, and until when it may be verified. */
export interface WebsiteClaim {
  siteCode: string;
  expiresAt: number;
}

/** The pending website claim a claimant's secret names, for this tool; null when none (used, expired, never made). */
export async function findWebsiteClaim(
  database: Database,
  tool: ClaimableTool,
  secret: string,
  now: number,
): Promise<WebsiteClaim | null> {
  if (!TOKEN_PATTERN.test(secret)) return null;
  const row = await database.db
    .selectFrom("tool_claims")
    .select(["site_code", "expires_at"])
    .where("secret_hash", "=", hashToken(secret))
    .where("tool_id", "=", tool.id)
    .where("method", "=", "website")
    .where("status", "=", "pending")
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (!row?.site_code || !SITE_CODE_PATTERN.test(row.site_code)) return null;
  return { siteCode: row.site_code, expiresAt: Number(row.expires_at) };
}

/** What one check of a website claim saw: which proof, where it looked, and what it found there, in words for the claimant. */
export interface ProofSeen {
  proof: "meta tag" | "file" | "DNS TXT record";
  where: string;
  found: boolean;
  note: string;
}

const seconds = (ms: number) => (ms === 1000 ? "a second" : `${Math.round(ms / 100) / 10} seconds`);

/**
 * What the claimant is told when a fetch fails: plain words only. The fetch's own message names
 * the host and the address it is at, which would tell anyone who can point a website somewhere
 * which internal names exist; that detail goes to the server log.
 */
function unreachedNote(error: OutboundError): string {
  switch (error.code) {
    case "timeout":
      return `it did not answer within ${seconds(FETCH.timeoutMs)}`;
    case "too-many-redirects":
      return `it redirected more than ${FETCH.maxRedirects} times`;
    case "too-large":
      return "its answer was too large";
    default:
      return "it could not be reached, or it redirected to an address we do not fetch";
  }
}

/** One fetch of the website: the note on what came back, and the answer's text when it counts. */
async function fetchProof(
  deps: ClaimDeps,
  tool: ClaimableTool,
  proof: ProofSeen["proof"],
  url: string,
  options: typeof FETCH | typeof HOME_PAGE_FETCH,
): Promise<{ text: string } | { note: string }> {
  try {
    const response = await safeFetch(url, {
      ...options,
      allow: deps.config.outboundAllow,
      headers: { accept: "text/html,text/plain;q=0.9,*/*;q=0.5" },
    });
    if (!answeredByListedSite(response.url, tool.websiteUrl)) {
      return { note: `it redirected to ${new URL(response.url).origin}, which is not the listed website` };
    }
    if (response.status !== 200) return { note: `it answered HTTP ${response.status}` };
    return { text: response.body.toString("utf8") };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    deps.log.info({ toolId: tool.id, proof, code: error.code, reason: error.message }, "claim: website not read");
    return { note: unreachedNote(error) };
  }
}

/** The meta tag on the listed address (the home page): what its head holds. */
async function checkMetaTag(deps: ClaimDeps, tool: ClaimableTool, code: string): Promise<ProofSeen> {
  const seen = { proof: "meta tag" as const, where: tool.websiteUrl };
  const answer = await fetchProof(deps, tool, seen.proof, tool.websiteUrl, HOME_PAGE_FETCH);
  if ("note" in answer) return { ...seen, found: false, note: answer.note };
  const codes = verificationMetaCodes(answer.text);
  if (codes.includes(code)) return { ...seen, found: true, note: "found" };
  const note =
    codes.length === 0
      ? `no ${VERIFICATION_META_NAME} meta tag in its head`
      : `its ${VERIFICATION_META_NAME} meta tag has another code`;
  return { ...seen, found: false, note: `the code is not there: ${note}` };
}

/** The well-known file at the website's origin: one of its lines. */
async function checkFile(deps: ClaimDeps, tool: ClaimableTool, code: string): Promise<ProofSeen> {
  const seen = { proof: "file" as const, where: `${new URL(tool.websiteUrl).origin}${VERIFICATION_FILE_PATH}` };
  const answer = await fetchProof(deps, tool, seen.proof, seen.where, FETCH);
  if ("note" in answer) return { ...seen, found: false, note: answer.note };
  return verificationFileHasCode(answer.text, code)
    ? { ...seen, found: true, note: "found" }
    : { ...seen, found: false, note: "the code is not there" };
}

/** A TXT record at one of the domain's verification names. */
async function checkDnsRecord(deps: ClaimDeps, tool: ClaimableTool, name: string, code: string): Promise<ProofSeen> {
  const seen = { proof: "DNS TXT record" as const, where: name };
  const answer = await lookUpTxt(name, deps.config.dns);
  switch (answer.kind) {
    case "records": {
      if (answer.records.some((record) => txtRecordIsCode(record, code)))
        return { ...seen, found: true, note: "found" };
      const holds =
        answer.count === 1
          ? "its one TXT record holds something else"
          : `none of its ${answer.count} TXT records is the code`;
      return { ...seen, found: false, note: `the code is not there: ${holds}` };
    }
    case "none":
      return { ...seen, found: false, note: "there is no TXT record there" };
    case "timeout":
      return { ...seen, found: false, note: `the DNS did not answer within ${seconds(deps.config.dns.timeoutMs)}` };
    case "failed":
      deps.log.info({ toolId: tool.id, name, code: answer.code }, "claim: DNS lookup failed");
      return { ...seen, found: false, note: "the DNS lookup failed" };
  }
}

/**
 * Checks the website for the claim's code, all three ways at once: a meta tag in the head of its
 * home page (the listed address), a line of the well-known file at its origin (both read through
 * the SSRF guard, bounded in time and size, and counted only when answered by the listed origin
 * or its www. twin), and a TXT record at `_toolshelf-verification.` its host or registrable
 * domain. Found: the claim is verified and its owner link returned (to show once). Not found:
 * the claim stays pending, and the attempt is in the audit log with what was seen.
 */
export async function verifyWebsiteClaim(
  deps: ClaimDeps,
  tool: ClaimableTool,
  secret: string,
  client: Client,
): Promise<VerifyResult> {
  const limited = await spend(deps, [[deps.limiters.claimVerify, client.addressKey]], null, VERIFY_LIMITED);
  if (limited) return limited;
  const claim = await findWebsiteClaim(deps.database, tool, secret, deps.now());
  if (!claim)
    return { kind: "unknown", message: "This claim has expired or has been verified already. Start a new one below." };

  const seen = await Promise.all([
    checkMetaTag(deps, tool, claim.siteCode),
    checkFile(deps, tool, claim.siteCode),
    ...verificationDnsNames(tool.websiteUrl).map((name) => checkDnsRecord(deps, tool, name, claim.siteCode)),
  ]);
  const now = deps.now();
  const actor = claimantOf(client, `website ${tool.host}`);
  const proof = seen.find((item) => item.found);
  if (!proof) {
    const reason = seen.map((item) => `${item.proof} (${item.where}): ${item.note}`).join("; ");
    await recordAudit(
      deps.database.db,
      actor,
      [{ action: "claim-verify-failed", toolId: tool.id, toolName: tool.name, detail: { method: "website", reason } }],
      now,
    );
    return { kind: "failed", message: `We did not find your code on ${tool.host}.`, seen };
  }
  const ownerToken = newToken();
  const done = await deps.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("tool_claims")
      .set({ status: "verified", secret_hash: null, owner_token_hash: hashToken(ownerToken), verified_at: now })
      .where("secret_hash", "=", hashToken(secret))
      .where("status", "=", "pending")
      .returning(["id"])
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(
      trx,
      actor,
      [
        {
          action: "claim-verify",
          toolId: tool.id,
          toolName: tool.name,
          detail: { method: "website", proof: proof.proof, where: proof.where },
        },
      ],
      now,
    );
    return true;
  });
  if (!done)
    return { kind: "unknown", message: "This claim has expired or has been verified already. Start a new one below." };
  return { kind: "verified", ownerToken, mailed: false };
}

/** What asking for a fresh owner link answers, whether or not the address owns the listing (nobody learns who does). */
export type OwnerLinkRequest = { kind: "answered"; message: string } | Limited;

/**
 * "Sign in by e-mail link": answers at once, the same whatever the address, and then, in the
 * background, mails a fresh owner link to an address whose e-mail claim of this tool is verified.
 * Nothing that depends on the address is done before the answer, so its timing tells nobody
 * whether the address owns the listing. The new link waits beside the one in use, which keeps
 * working until the new one is first opened: asking, by anyone, ends no link. Limited per client
 * address and per recipient.
 */
export async function requestOwnerLink(
  deps: ClaimDeps,
  tool: ClaimableTool,
  email: string,
  client: Client,
): Promise<OwnerLinkRequest> {
  const address = email.toLowerCase();
  const limited = await spend(
    deps,
    [[deps.limiters.claimAddress, client.addressKey]],
    address,
    "Too many requests for owner links. Please wait a while before asking again.",
  );
  if (limited) return limited;
  void mailNewOwnerLink(deps, tool, address, client).catch((error: unknown) =>
    deps.log.error({ err: error }, "new owner link not sent"),
  );
  return {
    kind: "answered",
    message: `If ${address} owns this listing, we are mailing it a new owner link. The link you have keeps working until you open the new one.`,
  };
}

/** Mails a new owner link to the verified e-mail owner `address` of the tool, if there is one; kept as the claim's next link. */
async function mailNewOwnerLink(deps: ClaimDeps, tool: ClaimableTool, address: string, client: Client): Promise<void> {
  const claim = await deps.database.db
    .selectFrom("tool_claims")
    .select(["id"])
    .where("tool_id", "=", tool.id)
    .where("email", "=", address)
    .where("method", "=", "email")
    .where("status", "=", "verified")
    .orderBy("verified_at", "desc")
    .executeTakeFirst();
  if (!claim) return;
  const ownerToken = newToken();
  // Stored before it is mailed, so the link works as soon as it arrives; should the mail fail,
  // nobody holds it, and the link in use is untouched.
  const stored = await deps.database.db
    .updateTable("tool_claims")
    .set({ next_owner_token_hash: hashToken(ownerToken) })
    .where("id", "=", claim.id)
    .where("status", "=", "verified")
    .executeTakeFirst();
  if (Number(stored.numUpdatedRows) === 0) return;
  if (!(await mailOwnerLink(deps, address, tool.name, ownerToken))) return;
  await recordAudit(
    deps.database.db,
    claimantOf(client, address),
    [{ action: "owner-link", toolId: tool.id, toolName: tool.name, detail: { email: address } }],
    deps.now(),
  );
}
