import type { Kysely } from "kysely";
import type { OrderKind } from "../../core/priority-review.ts";
import type { CatalogWrite } from "../catalog/change.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import type { DB } from "../platform/db/types.ts";
import type { Logger } from "../platform/logger.ts";
import { htmlDocument, joinHtml, mailHtml, mailLine } from "../platform/mail/html.ts";
import type { Mailer } from "../platform/mail/mailer.ts";

// A paid tool that an admin rejects: its payments are refunded, or kept as credit with a note,
// never left "paid" on a tool featured nowhere; and its submitter is told which.

/** What becomes of a rejected tool's payments: given back, or kept for the submitter with the admin's note. */
export type Settlement = { kind: "refund"; note: string | null } | { kind: "credit"; note: string };

/** A paid order as a rejection settles it. */
export interface PaidOrder {
  id: string;
  toolId: string;
  amountCents: number;
  provider: string;
  paymentId: string | null;
  /** Featuring, or a priority review (always refunded when its submission is rejected). */
  kind: OrderKind;
}

/** The paid orders of these tools (in force or waiting for the tool's approval). */
export async function paidOrdersOf(db: Kysely<DB>, toolIds: readonly string[]): Promise<PaidOrder[]> {
  if (toolIds.length === 0) return [];
  const rows = await db
    .selectFrom("orders")
    .select(["id", "tool_id", "amount_cents", "provider", "provider_payment_id", "kind"])
    .where("tool_id", "in", toolIds)
    .where("status", "=", "paid")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    toolId: r.tool_id!,
    amountCents: Number(r.amount_cents),
    provider: r.provider,
    paymentId: r.provider_payment_id,
    kind: r.kind,
  }));
}

/** Marks the orders refunded or kept as credit (both leave "paid"), with the note; only those still paid change. */
export async function settleOrders(
  write: CatalogWrite,
  orders: readonly PaidOrder[],
  settlement: Settlement,
): Promise<void> {
  if (orders.length === 0) return;
  const rows = await write.db
    .updateTable("orders")
    .set({
      status: "refunded",
      settled_as: settlement.kind,
      refunded_at: settlement.kind === "refund" ? write.now : null,
      settled_note: settlement.note,
      updated_at: write.now,
    })
    .where(
      "id",
      "in",
      orders.map((o) => o.id),
    )
    .where("status", "=", "paid")
    .returning("tool_id")
    .execute();
  write.changed("featuring", [...new Set(rows.flatMap((r) => (r.tool_id ? [r.tool_id] : [])))]);
}

/** The mail telling the submitter of a paid tool that it was rejected, and what became of the money. */
export function renderPaidRejection(
  site: { name: string },
  tool: { name: string },
  reason: string | null,
  money: string,
  paidFor: OrderKind = "featuring",
): { subject: string; text: string; html: string } {
  const subject = mailLine`${tool.name} was not accepted on ${site.name}`;
  const what = paidFor === "featuring" ? "paid to feature" : "paid to have reviewed first";
  const text = [
    mailLine`"${tool.name}", which you submitted and ${what} on ${site.name}, was not accepted.`,
    "",
    mailLine`Reason: ${reason ?? "No reason was given."}`,
    "",
    mailLine`${money}`,
    "",
    "Reply to the site's contact page if you have questions.",
  ].join("\n");
  const html = htmlDocument(
    subject,
    joinHtml([
      mailHtml`<h1 style="font-size:22px;margin:0 0 16px 0">Your submission was not accepted</h1>`,
      mailHtml`<p style="margin:0 0 16px 0"><strong>${tool.name}</strong>, which you submitted and ${what} on ${site.name}, was not accepted.</p>`,
      mailHtml`<p style="margin:0 0 16px 0">Reason: ${reason ?? "No reason was given."}</p>`,
      mailHtml`<p style="margin:0 0 16px 0;font-weight:600">${money}</p>`,
      mailHtml`<p style="margin:0;color:#475569">Reply to the site's contact page if you have questions.</p>`,
    ]),
  );
  return { subject, text, html };
}

/**
 * Mails the submitter of a rejected paid tool (when they gave an address). Never throws: a mail
 * that cannot be sent is logged, and the rejection stands.
 */
export async function mailPaidRejection(
  deps: { config: Pick<Config, "siteName">; database: Database; mailer: Mailer; log: Logger },
  toolId: string,
  reason: string | null,
  money: string,
  paidFor: OrderKind = "featuring",
): Promise<void> {
  try {
    const tool = await deps.database.db
      .selectFrom("tools")
      .select(["name", "submitter_email"])
      .where("id", "=", toolId)
      .executeTakeFirst();
    if (!tool?.submitter_email) return;
    await deps.mailer.send({
      to: tool.submitter_email,
      ...renderPaidRejection({ name: deps.config.siteName }, tool, reason, money, paidFor),
    });
  } catch (error) {
    deps.log.warn({ err: error, toolId }, "rejection mail of a paid tool not sent");
  }
}
