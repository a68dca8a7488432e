import fs from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { expect } from "./fixtures.ts";

/** The addresses a delivered message's `Delivered-To` lines name: its SMTP envelope's recipients. */
function envelopeRecipients(mail: ParsedMail): string[] {
  return mail.headerLines
    .filter((header) => header.key === "delivered-to")
    .map((header) => header.line.slice(header.line.indexOf(":") + 1).trim());
}

/**
 * The mails the e2e server has sent over SMTP to `address` (the local SMTP server of global-setup
 * delivers them to E2E_MAIL_DIR), oldest first, once at least `count` have arrived. Each is
 * addressed to `address` alone, in its envelope as in its To header; the server's outbox, where
 * mail goes only without SMTP_URL, is never written.
 */
export async function mailsTo(address: string, count: number): Promise<ParsedMail[]> {
  const folder = process.env.E2E_MAIL_DIR;
  if (!folder) throw new Error("E2E_MAIL_DIR is not set: the global setup starts the SMTP server");
  let mine: ParsedMail[] = [];
  const read = async () => {
    const names = (await readdir(folder)).filter((name) => name.endsWith(".eml")).sort();
    const mails = await Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(folder, name)))));
    mine = mails.filter((mail) => envelopeRecipients(mail).includes(address));
    return mine.length;
  };
  await expect.poll(read, { message: `mails sent to ${address}`, timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  for (const mail of mine) {
    expect(envelopeRecipients(mail), `the envelope of "${mail.subject}"`).toEqual([address]);
    expect(
      [mail.to].flat().flatMap((to) => to?.value.map((v) => v.address) ?? []),
      `To of "${mail.subject}"`,
    ).toEqual([address]);
  }
  expect(fs.existsSync(path.join(process.env.E2E_DATA_DIR!, "outbox")), "the server's outbox exists").toBe(false);
  return mine;
}
