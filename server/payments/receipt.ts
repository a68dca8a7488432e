import { FEATURED_DAYS, formatUsd, transactionReference } from "../../core/featuring.ts";
import { formatUtcStamp } from "../../core/dates.ts";
import { PRIORITY_REVIEW_BUSINESS_DAYS, PRIORITY_REVIEW_TEXTS } from "../../core/priority-review.ts";
import { sponsorReportPath, sponsorToken } from "../insights/reports.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import type { Logger } from "../platform/logger.ts";
import { htmlDocument, joinHtml, mailHtml, mailLine, type MailHtml } from "../platform/mail/html.ts";
import type { Mailer } from "../platform/mail/mailer.ts";
import type { Order } from "./orders.ts";

// The confirmation mail of a payment, sent once, by whichever request moved the order to paid.
// It goes to the submitter's address when they paid from their status link (the payer proved to
// be them), or to the address the card provider took at checkout; a payment with neither gets
// none (its success page shows the same facts).

/** What the receipt says an order bought. */
export interface ReceiptFacts {
  toolName: string;
  amountCents: number;
  kind: Order["kind"];
  /** The tool waits for review: a featured year starts at approval. */
  waitsForReview: boolean;
  reviewDueAt: number | null;
  /** The placement's private report (featuring only). */
  reportUrl: string | null;
  reference: string | null;
}

/** The confirmation mail of a paid order. */
export function renderReceipt(
  site: { name: string },
  facts: ReceiptFacts,
): { subject: string; text: string; html: string } {
  const amount = formatUsd(facts.amountCents);
  const priority = facts.kind === "priority-review";
  const subject = priority
    ? mailLine`Payment received: priority review of ${facts.toolName} on ${site.name}`
    : mailLine`Payment received: ${facts.toolName} featured on ${site.name}`;
  const bought = priority
    ? [
        facts.reviewDueAt === null
          ? mailLine`We will review "${facts.toolName}" within ${PRIORITY_REVIEW_BUSINESS_DAYS} business days.`
          : mailLine`We will review "${facts.toolName}" by ${formatUtcStamp(facts.reviewDueAt)}.`,
        PRIORITY_REVIEW_TEXTS.noApproval,
      ]
    : [
        facts.waitsForReview
          ? mailLine`"${facts.toolName}" is featured for ${FEATURED_DAYS} days from the day it is approved.`
          : mailLine`"${facts.toolName}" is featured for ${FEATURED_DAYS} days from today.`,
      ];
  const lines = [
    mailLine`Thank you: your payment of ${amount} is confirmed.`,
    "",
    ...bought.flatMap((line) => [line, ""]),
    ...(facts.reportUrl
      ? [
          "The placement's report (impressions, clicks and click-through per day), by its private link:",
          mailLine`${facts.reportUrl}`,
          "",
        ]
      : []),
    ...(facts.reference ? [mailLine`Transaction reference: ${facts.reference}`, ""] : []),
    "Reply to the site's contact page if you have questions.",
  ];
  const paragraph = (content: MailHtml | string) => mailHtml`<p style="margin:0 0 16px 0">${content}</p>`;
  const html = htmlDocument(
    subject,
    joinHtml([
      mailHtml`<h1 style="font-size:22px;margin:0 0 16px 0">Payment received</h1>`,
      paragraph(mailHtml`Thank you: your payment of <strong>${amount}</strong> is confirmed.`),
      ...bought.map((line) => paragraph(line)),
      ...(facts.reportUrl
        ? [
            paragraph(
              mailHtml`The placement's report (impressions, clicks and click-through per day): <a href="${facts.reportUrl}">${facts.reportUrl}</a>`,
            ),
          ]
        : []),
      ...(facts.reference ? [paragraph(mailHtml`Transaction reference: <strong>${facts.reference}</strong>`)] : []),
      mailHtml`<p style="margin:0;color:#475569">Reply to the site's contact page if you have questions.</p>`,
    ]),
  );
  return { subject, text: lines.join("\n"), html };
}

/**
 * Mails the confirmation of a paid order to its receipt address, or to `providerEmail` (the
 * address the provider took at checkout) when it has none. Never throws: a mail that cannot be
 * sent is logged, and the payment stands.
 */
export async function mailReceipt(
  deps: {
    config: Pick<Config, "siteName" | "siteUrl">;
    database: Database;
    mailer: Mailer;
    log: Logger;
    signingKey: () => Promise<string>;
  },
  orderId: string,
  providerEmail: string | null,
): Promise<void> {
  try {
    const order = await deps.database.db
      .selectFrom("orders")
      .leftJoin("tools", "tools.id", "orders.tool_id")
      .select([
        "orders.id",
        "orders.kind",
        "orders.amount_cents",
        "orders.review_due_at",
        "orders.provider_session_id",
        "orders.tool_name",
        "orders.receipt_email",
        "tools.name",
        "tools.status",
      ])
      .where("orders.id", "=", orderId)
      .where("orders.status", "=", "paid")
      .executeTakeFirst();
    const to = order?.receipt_email ?? providerEmail;
    if (!order || !to) return;
    const reportUrl =
      order.kind === "featuring"
        ? `${deps.config.siteUrl}${sponsorReportPath(await sponsorToken(deps.signingKey, order.id))}`
        : null;
    await deps.mailer.send({
      to,
      ...renderReceipt(
        { name: deps.config.siteName },
        {
          toolName: order.name ?? order.tool_name,
          amountCents: Number(order.amount_cents),
          kind: order.kind,
          waitsForReview: order.status === "pending",
          reviewDueAt: order.review_due_at === null ? null : Number(order.review_due_at),
          reportUrl,
          reference: order.provider_session_id ? transactionReference(order.provider_session_id) : null,
        },
      ),
    });
  } catch (error) {
    deps.log.warn({ err: error, orderId }, "payment confirmation mail not sent");
  }
}
