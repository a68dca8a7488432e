import type { Config } from "../platform/config.ts";
import { htmlDocument, joinHtml, mailHtml, mailLine } from "../platform/mail/html.ts";
import type { Mailer } from "../platform/mail/mailer.ts";
import { spendConfirmationMail, type ConfirmationMailDeps } from "../platform/mail/recipients.ts";
import type { RateLimiter } from "../platform/ratelimit/index.ts";

// "Your private status link": mailed to the address a submitter gave, the moment the submission
// is saved. The link's token is stored only as a hash, so this is the one chance to send it; a
// submitter who pays to be featured leaves the page for checkout and must not lose it.

export interface StatusMailDeps extends ConfirmationMailDeps {
  config: Pick<Config, "siteName"> & ConfirmationMailDeps["config"];
  limiters: ConfirmationMailDeps["limiters"] & { statusLinkRecipient: RateLimiter };
  mailer: Mailer;
}

/** The mail carrying a submission's private status link. */
export function renderStatusLink(
  siteName: string,
  tool: { name: string; statusUrl: string },
): { subject: string; text: string; html: string } {
  const subject = mailLine`Your submission of ${tool.name} to ${siteName}`;
  const text = [
    mailLine`Thank you for submitting "${tool.name}" to ${siteName}. It is waiting for review.`,
    "",
    "Follow it at this private link (anyone with it can see whether the tool was approved):",
    mailLine`${tool.statusUrl}`,
    "",
    "If you did not submit this tool, you can ignore this mail.",
  ].join("\n");
  const html = htmlDocument(
    subject,
    joinHtml([
      mailHtml`<h1 style="font-size:22px;margin:0 0 16px 0">Your submission is waiting for review</h1>`,
      mailHtml`<p style="margin:0 0 16px 0">Thank you for submitting <strong>${tool.name}</strong> to ${siteName}.</p>`,
      mailHtml`<p style="margin:0 0 8px 0">Follow it at this private link (anyone with it can see whether the tool was approved):</p>`,
      mailHtml`<p style="margin:0 0 24px 0;word-break:break-all"><a href="${tool.statusUrl}" style="color:#1d4ed8;font-weight:600">${tool.statusUrl}</a></p>`,
      mailHtml`<p style="margin:0;color:#475569">If you did not submit this tool, you can ignore this mail.</p>`,
    ]),
  );
  return { subject, text, html };
}

/**
 * Mails a submission's status link to `to`, in the background: anyone can type any address into
 * the form, so it spends a point of that inbox's daily budget and one of the site's hourly one,
 * like every mail a visitor can have sent. Past either, nothing is sent; the page still shows the
 * link. Never throws.
 */
export async function mailStatusLink(
  deps: StatusMailDeps,
  to: string,
  tool: { name: string; statusUrl: string },
): Promise<void> {
  try {
    const spent = await spendConfirmationMail(deps, deps.limiters.statusLinkRecipient, to);
    if (spent.limited) return;
    void deps.mailer
      .send({ to, ...renderStatusLink(deps.config.siteName, tool) })
      .catch((error: unknown) => deps.log.warn({ err: error }, "submission: status link mail not sent"));
  } catch (error) {
    deps.log.warn({ err: error }, "submission: status link mail not sent");
  }
}
