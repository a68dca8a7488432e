import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import type { Logger } from "../platform/logger.ts";
import { htmlDocument, joinHtml, mailHtml, mailLine } from "../platform/mail/html.ts";
import type { Mailer } from "../platform/mail/mailer.ts";

// "Your tool is listed": a mail to the address a submitter gave, when an admin approves their
// submission. Tools without an address (imports, an admin's own additions) get none.

export interface ApprovalMailDeps {
  config: Pick<Config, "siteUrl" | "siteName">;
  database: Database;
  mailer: Mailer;
  log: Logger;
}

/** The mail telling a submitter their tool is listed, with its page's address. */
export function renderApproval(
  site: { name: string; url: string },
  tool: { name: string; url: string },
): { subject: string; text: string; html: string } {
  const subject = mailLine`${tool.name} is now listed on ${site.name}`;
  const text = [
    mailLine`Good news: "${tool.name}", which you submitted to ${site.name}, has been approved.`,
    "",
    mailLine`It is listed here: ${tool.url}`,
    "",
    "Thank you for adding to the directory.",
  ].join("\n");
  const html = htmlDocument(
    subject,
    joinHtml([
      mailHtml`<h1 style="font-size:22px;margin:0 0 16px 0">Your tool is listed</h1>`,
      mailHtml`<p style="margin:0 0 16px 0">Good news: <strong>${tool.name}</strong>, which you submitted to ${site.name}, has been approved.</p>`,
      mailHtml`<p style="margin:0 0 24px 0"><a href="${tool.url}" style="color:#1d4ed8;font-weight:600">See its page</a></p>`,
      mailHtml`<p style="margin:0;color:#475569">Thank you for adding to the directory.</p>`,
    ]),
  );
  return { subject, text, html };
}

/**
 * Mails the submitters of tools an admin has just approved (those that gave an address). Never
 * throws: a mail that cannot be sent is logged, and the approval stands. Returns how many were sent.
 */
export async function mailApprovedSubmitters(deps: ApprovalMailDeps, toolIds: readonly string[]): Promise<number> {
  if (toolIds.length === 0) return 0;
  let sent = 0;
  try {
    const tools = await deps.database.db
      .selectFrom("tools")
      .select(["id", "slug", "name", "submitter_email"])
      .where("id", "in", toolIds)
      .where("submitter_email", "is not", null)
      .execute();
    const site = { name: deps.config.siteName, url: deps.config.siteUrl };
    for (const tool of tools) {
      const url = `${site.url}/tool/${encodeURIComponent(tool.slug || tool.id)}`;
      try {
        await deps.mailer.send({ to: tool.submitter_email!, ...renderApproval(site, { name: tool.name, url }) });
        sent++;
      } catch (error) {
        deps.log.warn({ err: error, toolId: tool.id }, "approval mail not sent");
      }
    }
  } catch (error) {
    deps.log.warn({ err: error }, "approval mails not sent");
  }
  return sent;
}
