import { htmlDocument, joinHtml, mailHtml, mailLine, type MailHtml } from "../platform/mail/html.ts";

// The digest's mails as text and HTML, built from plain data through the mail tags (mail/html.ts):
// tool names and taglines are what submitters typed, so every one of them is put on one line and,
// in the HTML body, escaped. Pure: no I/O, unit-tested (render.test.ts).

/** A tool as an issue lists it: absolute links, already made from the site's address. */
export interface DigestTool {
  name: string;
  tagline: string;
  url: string;
}

/** What one issue lists (stored with the issue, so every send of it says the same). */
export interface DigestContent {
  week: string;
  newTools: DigestTool[];
  featured: DigestTool[];
}

/** A rendered mail's subject and bodies. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function toolListHtml(tools: readonly DigestTool[]): MailHtml {
  const items = tools.map(
    (tool) =>
      mailHtml`<li style="margin:0 0 12px 0"><a href="${tool.url}" style="color:#1d4ed8;font-weight:600;text-decoration:underline">${tool.name}</a>${
        tool.tagline.trim() ? mailHtml`<br><span style="color:#334155">${tool.tagline}</span>` : ""
      }</li>`,
  );
  return mailHtml`<ul style="padding-left:20px;margin:8px 0 24px 0">${joinHtml(items)}</ul>`;
}

function toolListText(tools: readonly DigestTool[]): string {
  return tools
    .map(
      (tool) =>
        `${tool.tagline.trim() ? mailLine`- ${tool.name} — ${tool.tagline}` : mailLine`- ${tool.name}`}\n${mailLine`  ${tool.url}`}`,
    )
    .join("\n");
}

/** The subject of an issue: how many new tools it lists, or that it lists featured ones. */
export function digestSubject(siteName: string, content: DigestContent): string {
  const count = content.newTools.length;
  if (count === 0) return mailLine`${siteName} weekly: featured tools`;
  return mailLine`${siteName} weekly: ${count} new ${count === 1 ? "tool" : "tools"}`;
}

/** One issue for one reader: both bodies, each ending with the reader's own unsubscribe link. */
export function renderDigest(
  site: { name: string; url: string },
  content: DigestContent,
  unsubscribeUrl: string,
): RenderedMail {
  const subject = digestSubject(site.name, content);
  const newHeading = "New this week";
  const featuredHeading = "Featured tools";

  const textParts = [mailLine`${site.name} — the week's new tools (${content.week})`, ""];
  if (content.newTools.length > 0) textParts.push(`${newHeading}:`, toolListText(content.newTools), "");
  else textParts.push("No new tools were listed this week.", "");
  if (content.featured.length > 0) textParts.push(`${featuredHeading}:`, toolListText(content.featured), "");
  textParts.push(
    mailLine`Browse all tools: ${site.url}/browse/all`,
    "",
    "--",
    mailLine`You get this mail because you subscribed to the ${site.name} weekly digest.`,
    mailLine`Unsubscribe: ${unsubscribeUrl}`,
  );

  const heading = (text: string) => mailHtml`<h2 style="font-size:18px;margin:24px 0 8px 0">${text}</h2>`;
  const htmlParts = [
    mailHtml`<h1 style="font-size:22px;margin:0 0 4px 0">${site.name} weekly</h1>`,
    mailHtml`<p style="margin:0 0 16px 0;color:#475569">The week's new tools (${content.week})</p>`,
    content.newTools.length > 0
      ? joinHtml([heading(newHeading), toolListHtml(content.newTools)])
      : mailHtml`<p style="margin:16px 0">No new tools were listed this week.</p>`,
    content.featured.length > 0 ? joinHtml([heading(featuredHeading), toolListHtml(content.featured)]) : mailHtml``,
    mailHtml`<p style="margin:16px 0"><a href="${`${site.url}/browse/all`}" style="color:#1d4ed8">Browse all tools</a></p>`,
    mailHtml`<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">`,
    mailHtml`<p style="font-size:13px;color:#475569;margin:0">You get this mail because you subscribed to the ${site.name} weekly digest. <a href="${unsubscribeUrl}" style="color:#475569;text-decoration:underline">Unsubscribe</a></p>`,
  ];
  return { subject, text: textParts.join("\n"), html: htmlDocument(subject, joinHtml(htmlParts)) };
}

/** The mail that asks an address's owner to confirm a subscription (double opt-in). */
export function renderConfirmation(
  site: { name: string; url: string },
  confirmUrl: string,
  validHours: number,
): RenderedMail {
  const subject = mailLine`Confirm your subscription to the ${site.name} weekly digest`;
  const text = [
    mailLine`Someone (we hope you) asked to receive the ${site.name} weekly digest of new tools at this address.`,
    "",
    mailLine`To confirm, open this link within ${validHours} hours and press "Confirm subscription":`,
    mailLine`${confirmUrl}`,
    "",
    "If you did not ask for it, ignore this mail: nothing will be sent to you.",
  ].join("\n");
  const html = htmlDocument(
    subject,
    joinHtml([
      mailHtml`<h1 style="font-size:22px;margin:0 0 16px 0">Confirm your subscription</h1>`,
      mailHtml`<p style="margin:0 0 16px 0">Someone (we hope you) asked to receive the ${site.name} weekly digest of new tools at this address.</p>`,
      mailHtml`<p style="margin:0 0 24px 0"><a href="${confirmUrl}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Confirm subscription</a></p>`,
      mailHtml`<p style="margin:0 0 16px 0;color:#475569;font-size:14px">The link works for ${validHours} hours. If you did not ask for it, ignore this mail: nothing will be sent to you.</p>`,
    ]),
  );
  return { subject, text, html };
}
