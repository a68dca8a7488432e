import { createHash, createHmac, randomBytes } from "node:crypto";
import { visitorCookies } from "../likes/visitor.ts";
import { servesHttps } from "../platform/config.ts";
import { sql } from "kysely";
import { emailAddressRefusal } from "../../core/claim-domains.ts";
import { canonicalMailbox } from "../../core/email.ts";
import {
  ratingSummary,
  REVIEWS_PAGE_SIZE,
  type RatingCounts,
  type RatingSummary,
  type ReviewInput,
  type ReviewOrder,
} from "../../core/reviews.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import type { Admin } from "../admin/session.ts";
import { recordAudit } from "../audit/audit.ts";
import { changeCatalog, type CatalogChangeDeps } from "../catalog/change.ts";
import { recountReviews } from "../catalog/write.ts";
import type { Owner } from "../claims/owners.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";
import type { Logger } from "../platform/logger.ts";
import { htmlDocument, joinHtml, mailHtml, mailLine } from "../platform/mail/html.ts";
import type { Mailer } from "../platform/mail/mailer.ts";
import { spendConfirmationMail } from "../platform/mail/recipients.ts";
import type { RateLimiter } from "../platform/ratelimit/index.ts";

// Reviews of tools (docs/decisions/051). A visitor's review is stored unconfirmed and a one-time
// link is mailed (only its hash is kept, and it expires); the link makes it wait for an admin,
// replacing the writer's earlier review of the tool; an admin publishes, rejects or deletes it.
// Of the writer only a keyed hash of their mailbox is kept. A tool's owner may answer a review
// once, and the answer waits for an admin too. Whatever the tool page shows of reviews changes
// through changeCatalog, so stored copies of the page go with it.

/** How long a confirmation link works. */
export const REVIEW_CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
/** A confirmation token as made here: 32 random bytes, base64url. */
const CONFIRM_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const ID = /^[0-9A-Za-z_-]{1,64}$/;

export interface ReviewDeps extends CatalogChangeDeps {
  config: Pick<Config, "siteName" | "siteUrl" | "rateLimits">;
  log: Logger;
  mailer: Pick<Mailer, "send">;
  signingKey: () => Promise<string>;
  limiters: {
    reviewTool: RateLimiter;
    reviewRecipient: RateLimiter;
    confirmationMails: RateLimiter;
    reviewVote: RateLimiter;
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The address of a review's confirmation link. */
export function reviewConfirmUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/review/confirm/${token}`;
}

/** A public tool a review may be about. */
export interface ReviewableTool {
  id: string;
  slug: string;
  name: string;
  websiteUrl: string;
}

/** The public tool at a slug (or id), or null: pending, rejected and unknown tools take no reviews. */
export async function findReviewableTool(database: Database, key: string): Promise<ReviewableTool | null> {
  if (key === "" || key.length > 200 || key.includes("\u0000")) return null;
  const row = await database.db
    .selectFrom("tools")
    .select(["id", "slug", "name", "website_url"])
    .where((eb) => eb.or([eb("slug", "=", key), eb("id", "=", key)]))
    .where("status", "in", [...PUBLIC_STATUSES])
    .executeTakeFirst();
  return row ? { id: row.id, slug: row.slug, name: row.name, websiteUrl: row.website_url } : null;
}

/** The stored form of a writer: their mailbox (however the address is written), keyed by the site's key. */
async function mailboxHash(deps: Pick<ReviewDeps, "signingKey">, email: string): Promise<string> {
  return createHmac("sha256", await deps.signingKey())
    .update(`review-mailbox\n${canonicalMailbox(email)}`)
    .digest("base64url");
}

export type SubmitReviewResult = { kind: "sent" } | { kind: "owner" } | { kind: "limited"; retryAfterSec: number };

/**
 * A valid review post (already counted against the address's limit). An address at the website's
 * own domain of a tool with a verified owner is refused at once (the domain is public); past the
 * tool's daily budget it is refused too. Otherwise the answer is always "check your inbox": the
 * inbox's and the site's mail budgets, and an owner's own mailbox (told by mail, not on the page,
 * so the page says nothing of who owns what), are settled out of sight.
 */
export async function submitReview(
  deps: ReviewDeps,
  tool: ReviewableTool,
  input: ReviewInput,
): Promise<SubmitReviewResult> {
  const { database, config } = deps;
  const now = deps.now();
  const claims = await database.db
    .selectFrom("tool_claims")
    .select(["email"])
    .where("tool_id", "=", tool.id)
    .where("status", "=", "verified")
    .execute();
  if (claims.length > 0 && emailAddressRefusal(input.email, tool.websiteUrl) === null) return { kind: "owner" };
  const limit = await deps.limiters.reviewTool.consume(tool.id, { refusedTakesNothing: true });
  if (limit.limited) return { kind: "limited", retryAfterSec: limit.retryAfterSec };
  const spent = await spendConfirmationMail(deps, deps.limiters.reviewRecipient, input.email);
  if (spent.limited) {
    await deps.limiters.reviewTool.refund(tool.id);
    return { kind: "sent" };
  }
  const mailbox = canonicalMailbox(input.email);
  const site = { name: config.siteName, url: config.siteUrl };
  if (claims.some((c) => c.email !== null && canonicalMailbox(c.email) === mailbox)) {
    await deps.limiters.reviewTool.refund(tool.id);
    send(deps, input.email, ownerRefusalMail(site, tool.name));
    return { kind: "sent" };
  }
  const token = randomBytes(32).toString("base64url");
  const hash = await mailboxHash(deps, input.email);
  await database.db.transaction().execute(async (trx) => {
    // A second review before the first link was used replaces it: only the newest link works.
    await trx
      .deleteFrom("reviews")
      .where("tool_id", "=", tool.id)
      .where("mailbox_hash", "=", hash)
      .where("status", "=", "unconfirmed")
      .execute();
    await trx
      .insertInto("reviews")
      .values({
        id: newId(),
        tool_id: tool.id,
        mailbox_hash: hash,
        rating: input.rating,
        text: input.text,
        pros: input.pros ?? "",
        cons: input.cons ?? "",
        display_name: input.name ?? "",
        status: "unconfirmed",
        reject_reason: null,
        confirm_token_hash: sha256(token),
        confirm_expires_at: now + REVIEW_CONFIRM_TTL_MS,
        created_at: now,
        confirmed_at: null,
        decided_at: null,
        reply_text: null,
        reply_status: null,
        reply_reason: null,
        reply_claim_id: null,
        reply_created_at: null,
        reply_decided_at: null,
      })
      .execute();
  });
  send(deps, input.email, confirmationMail(site, tool.name, reviewConfirmUrl(config.siteUrl, token)));
  return { kind: "sent" };
}

/** Sends in the background: how long the answer takes says nothing of what was sent. */
function send(
  deps: Pick<ReviewDeps, "mailer" | "log">,
  to: string,
  mail: { subject: string; text: string; html: string },
) {
  void deps.mailer
    .send({ to, ...mail })
    .catch((error: unknown) => deps.log.warn({ err: error }, "reviews: mail not sent"));
}

/** What a confirmation link is: waiting to be used, already used, or unknown or expired. */
export type ReviewConfirmation = { state: "pending"; toolName: string } | { state: "confirmed" } | { state: "invalid" };

async function unconfirmedOf(database: Database, token: string, now: number) {
  if (!CONFIRM_TOKEN.test(token)) return null;
  const row = await database.db
    .selectFrom("reviews")
    .innerJoin("tools", "tools.id", "reviews.tool_id")
    .select(["reviews.id", "reviews.tool_id", "reviews.mailbox_hash", "reviews.confirm_expires_at", "tools.name"])
    .where("reviews.confirm_token_hash", "=", sha256(token))
    .where("reviews.status", "=", "unconfirmed")
    .executeTakeFirst();
  if (!row || row.confirm_expires_at === null || Number(row.confirm_expires_at) <= now) return null;
  return row;
}

/** The state of a confirmation link, without using it (the page that shows its button). */
export async function reviewConfirmationState(
  database: Database,
  token: string,
  now: number,
): Promise<ReviewConfirmation> {
  const row = await unconfirmedOf(database, token, now);
  return row ? { state: "pending", toolName: row.name } : { state: "invalid" };
}

/**
 * Uses a confirmation link: the review waits for an admin, and the writer's earlier review of the
 * tool (waiting or published) is replaced by it. A link works once; used again, or forged, or
 * expired, it is "invalid".
 */
export async function confirmReview(deps: CatalogChangeDeps, token: string): Promise<"confirmed" | "invalid"> {
  const now = deps.now();
  const row = await unconfirmedOf(deps.database, token, now);
  if (!row) return "invalid";
  try {
    return await changeCatalog(deps, async (write) => {
      // The earlier review goes first: the index keeps one confirmed review per mailbox and tool.
      const replaced = await write.db
        .deleteFrom("reviews")
        .where("tool_id", "=", row.tool_id)
        .where("mailbox_hash", "=", row.mailbox_hash)
        .where("status", "<>", "unconfirmed")
        .returning("status")
        .execute();
      const confirmed = await write.db
        .updateTable("reviews")
        .set({ status: "pending", confirmed_at: now, confirm_token_hash: null, confirm_expires_at: null })
        .where("id", "=", row.id)
        .where("status", "=", "unconfirmed")
        .executeTakeFirst();
      // Used at the same moment by another press of the button: that one confirmed it, and the
      // deletion above must not stand.
      if (Number(confirmed.numUpdatedRows) === 0) throw new LinkUsed();
      if (replaced.some((r) => r.status === "published")) await recountReviews(write, row.tool_id);
      return "confirmed" as const;
    });
  } catch (error) {
    if (error instanceof LinkUsed) return "invalid";
    throw error;
  }
}

class LinkUsed extends Error {}

/** Unconfirmed reviews whose link expired: forgotten (nobody confirmed them). */
export async function forgetUnconfirmedReviews(database: Database, now: number): Promise<number> {
  const result = await database.db
    .deleteFrom("reviews")
    .where("status", "=", "unconfirmed")
    .where("confirm_expires_at", "<=", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A published review as the tool page shows it: never anything of who wrote it but their chosen name. */
export interface PublishedReview {
  id: string;
  rating: number;
  text: string;
  pros: string;
  cons: string;
  name: string;
  publishedAt: number;
  /** The owner's reply, once an admin published it. */
  reply: { text: string; publishedAt: number } | null;
  /** Visitors who found it helpful. */
  helpful: number;
}

/** The orders of a tool's reviews: the newest first, or the most found helpful first. */

export interface ToolReviews {
  summary: RatingSummary;
  reviews: PublishedReview[];
  page: number;
  totalPages: number;
}

/** A tool's published reviews, newest first, a page at a time, with the summary of all of them. */
export async function toolReviews(
  database: Database,
  toolId: string,
  page: number,
  order: ReviewOrder = "newest",
): Promise<ToolReviews> {
  const counts = await database.db
    .selectFrom("reviews")
    .select(["rating", sql<number>`count(*)`.as("n")])
    .where("tool_id", "=", toolId)
    .where("status", "=", "published")
    .groupBy("rating")
    .execute();
  const perStar = [0, 0, 0, 0, 0];
  for (const row of counts) perStar[row.rating - 1] = Number(row.n);
  const summary = ratingSummary(perStar as unknown as RatingCounts);
  const totalPages = Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE));
  const shown = Math.min(Math.max(1, page), totalPages);
  if (summary.count === 0) return { summary, reviews: [], page: 1, totalPages };
  const rows = await database.db
    .selectFrom("reviews")
    .select([
      "id",
      "rating",
      "text",
      "pros",
      "cons",
      "display_name",
      "decided_at",
      "reply_text",
      "reply_status",
      "reply_decided_at",
      "helpful_count",
    ])
    .where("tool_id", "=", toolId)
    .where("status", "=", "published")
    .$if(order === "helpful", (q) => q.orderBy("helpful_count", "desc"))
    .orderBy("decided_at", "desc")
    .orderBy("id", "desc")
    .limit(REVIEWS_PAGE_SIZE)
    .offset((shown - 1) * REVIEWS_PAGE_SIZE)
    .execute();
  return {
    summary,
    page: shown,
    totalPages,
    reviews: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      text: r.text,
      pros: r.pros,
      cons: r.cons,
      name: r.display_name,
      publishedAt: Number(r.decided_at ?? 0),
      reply:
        r.reply_status === "published" && r.reply_text !== null
          ? { text: r.reply_text, publishedAt: Number(r.reply_decided_at ?? 0) }
          : null,
      helpful: Number(r.helpful_count),
    })),
  };
}

export type HelpfulResult =
  { kind: "counted" } | { kind: "already" } | { kind: "none" } | { kind: "limited"; retryAfterSec: number };

/**
 * A visitor's "helpful" vote on a published review of the tool: once per visitor (their visitor
 * cookie when they have a genuine one, else their network, kept only as a keyed hash). The count
 * moves like a like count, so stored copies of the page go as for a like.
 */
export async function voteHelpful(
  deps: Pick<ReviewDeps, "database" | "now" | "freshness" | "signingKey" | "config" | "limiters">,
  toolId: string,
  reviewId: string,
  visitor: { cookieHeader: string | undefined; addressKey: string },
): Promise<HelpfulResult> {
  if (!ID.test(reviewId)) return { kind: "none" };
  const review = await deps.database.db
    .selectFrom("reviews")
    .select("id")
    .where("id", "=", reviewId)
    .where("tool_id", "=", toolId)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!review) return { kind: "none" };
  const limit = await deps.limiters.reviewVote.consume(visitor.addressKey);
  if (limit.limited) return { kind: "limited", retryAfterSec: limit.retryAfterSec };
  const secret = await deps.signingKey();
  const cookie = visitorCookies(secret, { secure: servesHttps(deps.config) }).read(visitor.cookieHeader);
  const who = cookie ? `cookie:${cookie}` : `address:${visitor.addressKey}`;
  const hash = createHmac("sha256", secret).update(`review-helpful\n${who}`).digest("base64url");
  return changeCatalog(deps, async (write) => {
    const inserted = await write.db
      .insertInto("review_votes")
      .values({ review_id: review.id, visitor_hash: hash, created_at: write.now })
      .onConflict((oc) => oc.columns(["review_id", "visitor_hash"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { kind: "already" as const };
    await write.db
      .updateTable("reviews")
      .set((eb) => ({ helpful_count: eb("helpful_count", "+", 1) }))
      .where("id", "=", review.id)
      .execute();
    write.changed("counts", [toolId]);
    return { kind: "counted" as const };
  });
}

/** A review or a reply waiting for an admin. */
export interface QueuedReview {
  id: string;
  toolId: string;
  toolName: string;
  toolSlug: string;
  rating: number;
  text: string;
  pros: string;
  cons: string;
  name: string;
  status: "pending" | "published";
  confirmedAt: number;
  reply: string | null;
}

const QUEUE_SHOWN = 100;
const PUBLISHED_SHOWN = 30;

/** The admin's queue: confirmed reviews waiting, oldest first, and owners' replies waiting. */
export async function reviewQueue(
  database: Database,
): Promise<{ reviews: QueuedReview[]; replies: QueuedReview[]; published: QueuedReview[]; waiting: number }> {
  const base = () =>
    database.db
      .selectFrom("reviews")
      .innerJoin("tools", "tools.id", "reviews.tool_id")
      .select([
        "reviews.id",
        "reviews.tool_id",
        "tools.name",
        "tools.slug",
        "reviews.rating",
        "reviews.text",
        "reviews.pros",
        "reviews.cons",
        "reviews.display_name",
        "reviews.status",
        "reviews.confirmed_at",
        "reviews.reply_text",
        "reviews.reply_created_at",
      ]);
  const [reviews, replies, published, waiting] = await Promise.all([
    base()
      .where("reviews.status", "=", "pending")
      .orderBy("reviews.confirmed_at")
      .orderBy("reviews.id")
      .limit(QUEUE_SHOWN)
      .execute(),
    base()
      .where("reviews.reply_status", "=", "pending")
      .orderBy("reviews.reply_created_at")
      .orderBy("reviews.id")
      .limit(QUEUE_SHOWN)
      .execute(),
    // The newest published ones, for a deletion after the fact.
    base()
      .where("reviews.status", "=", "published")
      .orderBy("reviews.decided_at", "desc")
      .orderBy("reviews.id")
      .limit(PUBLISHED_SHOWN)
      .execute(),
    waitingReviewCount(database),
  ]);
  const view = (r: (typeof reviews)[number]): QueuedReview => ({
    id: r.id,
    toolId: r.tool_id,
    toolName: r.name,
    toolSlug: r.slug,
    rating: r.rating,
    text: r.text,
    pros: r.pros,
    cons: r.cons,
    name: r.display_name,
    status: r.status === "published" ? "published" : "pending",
    confirmedAt: Number(r.confirmed_at ?? 0),
    reply: r.reply_text,
  });
  return { reviews: reviews.map(view), replies: replies.map(view), published: published.map(view), waiting };
}

/** Reviews and owners' replies waiting for an admin. */
export async function waitingReviewCount(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom("reviews")
    .select([
      sql<number>`sum(case when status = 'pending' then 1 else 0 end)`.as("reviews"),
      sql<number>`sum(case when reply_status = 'pending' then 1 else 0 end)`.as("replies"),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.reviews ?? 0) + Number(row.replies ?? 0);
}

export type ModerationResult = { kind: "done"; toolName: string } | { kind: "none" };

type ReviewAction =
  | { action: "approve" }
  | { action: "reject"; reason: string }
  | { action: "delete" }
  | { action: "approve-reply" }
  | { action: "reject-reply"; reason: string };

/**
 * An admin's decision on a review or a reply, with its audit entry in the same change. Publishing,
 * rejecting or deleting a published review counts the tool's reviews again. Only what is still
 * waiting may be approved or rejected: of two admins at once, one decides.
 */
export async function moderateReview(
  deps: CatalogChangeDeps,
  admin: Admin,
  reviewId: string,
  decision: ReviewAction,
): Promise<ModerationResult> {
  if (!ID.test(reviewId)) return { kind: "none" };
  const now = deps.now();
  return changeCatalog(deps, async (write) => {
    const row = await write.db
      .selectFrom("reviews")
      .innerJoin("tools", "tools.id", "reviews.tool_id")
      .select([
        "reviews.id",
        "reviews.tool_id",
        "reviews.status",
        "reviews.reply_status",
        "reviews.rating",
        "tools.name",
      ])
      .where("reviews.id", "=", reviewId)
      .executeTakeFirst();
    if (!row || row.status === "unconfirmed") return { kind: "none" as const };
    const audit = (
      action: "review-approve" | "review-reject" | "review-delete" | "review-reply-approve" | "review-reply-reject",
      detail: Record<string, unknown>,
    ) =>
      recordAudit(
        write.db,
        admin,
        [{ action, toolId: row.tool_id, toolName: row.name, detail: { review: row.id, ...detail } }],
        now,
      );
    const changed = (n: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
      Number(n.numUpdatedRows ?? n.numDeletedRows ?? 0) > 0;
    switch (decision.action) {
      case "approve":
      case "reject": {
        const done = await write.db
          .updateTable("reviews")
          .set(
            decision.action === "approve"
              ? { status: "published", decided_at: now, reject_reason: null }
              : { status: "rejected", decided_at: now, reject_reason: decision.reason },
          )
          .where("id", "=", row.id)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (!changed(done)) return { kind: "none" as const };
        if (decision.action === "approve") {
          await audit("review-approve", { rating: row.rating });
          await recountReviews(write, row.tool_id);
        } else await audit("review-reject", { reason: decision.reason });
        break;
      }
      case "delete": {
        const done = await write.db.deleteFrom("reviews").where("id", "=", row.id).executeTakeFirst();
        if (!changed(done)) return { kind: "none" as const };
        await audit("review-delete", { status: row.status, rating: row.rating });
        if (row.status === "published") await recountReviews(write, row.tool_id);
        break;
      }
      case "approve-reply":
      case "reject-reply": {
        const done = await write.db
          .updateTable("reviews")
          .set(
            decision.action === "approve-reply"
              ? { reply_status: "published", reply_decided_at: now, reply_reason: null }
              : { reply_status: "rejected", reply_decided_at: now, reply_reason: decision.reason },
          )
          .where("id", "=", row.id)
          .where("reply_status", "=", "pending")
          .executeTakeFirst();
        if (!changed(done)) return { kind: "none" as const };
        if (decision.action === "approve-reply") {
          await audit("review-reply-approve", {});
          // The reply shows under a published review: its page changes.
          if (row.status === "published") write.changed("listing", [row.tool_id]);
        } else await audit("review-reply-reject", { reason: decision.reason });
        break;
      }
    }
    return { kind: "done" as const, toolName: row.name };
  });
}

/** A published review as its tool's owner sees it on their page, with their reply's state. */
export interface OwnerReviewView {
  id: string;
  rating: number;
  text: string;
  pros: string;
  cons: string;
  name: string;
  publishedAt: number;
  reply: { text: string; status: "pending" | "published" | "rejected"; reason: string | null } | null;
}

/** The published reviews of the owner's tool, newest first (at most 50). */
export async function ownerReviews(database: Database, toolId: string): Promise<OwnerReviewView[]> {
  const rows = await database.db
    .selectFrom("reviews")
    .select([
      "id",
      "rating",
      "text",
      "pros",
      "cons",
      "display_name",
      "decided_at",
      "reply_text",
      "reply_status",
      "reply_reason",
    ])
    .where("tool_id", "=", toolId)
    .where("status", "=", "published")
    .orderBy("decided_at", "desc")
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    text: r.text,
    pros: r.pros,
    cons: r.cons,
    name: r.display_name,
    publishedAt: Number(r.decided_at ?? 0),
    reply:
      r.reply_status === null || r.reply_text === null
        ? null
        : { text: r.reply_text, status: r.reply_status, reason: r.reply_reason },
  }));
}

export type OwnerReplyResult = { kind: "saved" } | { kind: "already" } | { kind: "none" };

/**
 * An owner's reply to a published review of their tool: once per review (a rejected reply, never
 * shown, may be written again), waiting for an admin, in the audit log as the owner's.
 */
export async function submitOwnerReply(
  deps: Pick<ReviewDeps, "database" | "now">,
  owner: Owner,
  reviewId: string,
  text: string,
): Promise<OwnerReplyResult> {
  if (!ID.test(reviewId)) return { kind: "none" };
  const now = deps.now();
  const row = await deps.database.db
    .selectFrom("reviews")
    .select(["id", "reply_status"])
    .where("id", "=", reviewId)
    .where("tool_id", "=", owner.toolId)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!row) return { kind: "none" };
  if (row.reply_status === "pending" || row.reply_status === "published") return { kind: "already" };
  const updated = await deps.database.db
    .updateTable("reviews")
    .set({
      reply_text: text,
      reply_status: "pending",
      reply_reason: null,
      reply_claim_id: owner.claimId,
      reply_created_at: now,
      reply_decided_at: null,
    })
    .where("id", "=", row.id)
    .where((eb) => eb.or([eb("reply_status", "is", null), eb("reply_status", "=", "rejected")]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0 ? { kind: "saved" } : { kind: "already" };
}

function confirmationMail(site: { name: string; url: string }, toolName: string, url: string) {
  const hours = Math.round(REVIEW_CONFIRM_TTL_MS / 3_600_000);
  const subject = mailLine`Confirm your review of ${toolName} on ${site.name}`;
  const text = [
    mailLine`Someone (we hope you) wrote a review of ${toolName} on ${site.name} with this address.`,
    "",
    mailLine`To confirm it, open this link within ${hours} hours and press "Confirm review":`,
    mailLine`${url}`,
    "",
    "Once confirmed, the review waits for a moderator before it is shown. Your address is never shown.",
    "If you did not write it, ignore this mail: nothing will be published.",
  ].join("\n");
  const html = htmlDocument(
    subject,
    joinHtml([
      mailHtml`<h1 style="font-size:22px;margin:0 0 16px 0">Confirm your review</h1>`,
      mailHtml`<p style="margin:0 0 16px 0">Someone (we hope you) wrote a review of <strong>${toolName}</strong> on ${site.name} with this address.</p>`,
      mailHtml`<p style="margin:0 0 24px 0"><a href="${url}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Confirm review</a></p>`,
      mailHtml`<p style="margin:0 0 16px 0;color:#475569;font-size:14px">The link works for ${hours} hours. Once confirmed, the review waits for a moderator before it is shown; your address is never shown. If you did not write it, ignore this mail.</p>`,
    ]),
  );
  return { subject, text, html };
}

function ownerRefusalMail(site: { name: string; url: string }, toolName: string) {
  const subject = mailLine`Your review of ${toolName} on ${site.name}`;
  const sentence = mailLine`This address belongs to a verified owner of ${toolName}, and ${site.name} does not take reviews of a tool by its owners. Nothing was stored.`;
  const text = [mailLine`Thank you for writing about ${toolName}.`, "", sentence].join("\n");
  const html = htmlDocument(
    subject,
    joinHtml([
      mailHtml`<p style="margin:0 0 16px 0">Thank you for writing about <strong>${toolName}</strong>.</p>`,
      mailHtml`<p style="margin:0 0 16px 0">${sentence}</p>`,
    ]),
  );
  return { subject, text, html };
}
