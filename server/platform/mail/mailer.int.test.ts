import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { startLocalSmtp, type LocalSmtp } from "../../../tests/support/smtp.ts";
import { createMailer, MailError } from "./mailer.ts";

const log = createLogger("silent");
const message = {
  to: "reader@example.org",
  subject: "Ünïcode subject",
  text: "Plain body",
  html: "<p>HTML body</p>",
  headers: { "List-Unsubscribe": "<https://example.org/u/1>" },
};

describe("the mailer", () => {
  let smtp: LocalSmtp;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "toolshelf-mail-"));
  });
  afterAll(async () => {
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const mailConfig = (env: Record<string, string>) => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SITE_NAME: 'Tools "R" Us', ...env }).mail;
    return { ...config, retryBaseMs: 10 };
  };

  it("sends through SMTP_URL with both bodies, the headers and the sender", async () => {
    const mailer = createMailer(mailConfig({ SMTP_URL: smtp.url, MAIL_FROM: "Shelf <hello@shelf.example>" }), log);
    const before = smtp.received.length;
    const receipt = await mailer.send(message);
    mailer.close();
    expect(receipt.file).toBeNull();
    const [mail] = smtp.received.slice(before);
    expect(mail!.to).toEqual(["reader@example.org"]);
    expect(mail!.from).toBe("hello@shelf.example");
    expect(mail!.parsed.subject).toBe("Ünïcode subject");
    expect(mail!.parsed.text?.trim()).toBe("Plain body");
    expect(mail!.parsed.html).toContain("<p>HTML body</p>");
    expect(mail!.raw).toMatch(/^List-Unsubscribe: <https:\/\/example\.org\/u\/1>\r?$/m);
  });

  it("tries a refused send again, and gives up at once on a permanent refusal", async () => {
    const mailer = createMailer(mailConfig({ SMTP_URL: smtp.url }), log);
    const before = smtp.received.length;
    smtp.refuseNext(2, 451);
    await mailer.send(message);
    expect(smtp.received.length).toBe(before + 1);

    smtp.refuseNext(1, 550);
    await expect(mailer.send(message)).rejects.toBeInstanceOf(MailError);
    // The one refusal was used up by that single attempt: the next mail goes through.
    await mailer.send(message);
    expect(smtp.received.length).toBe(before + 2);
    mailer.close();
  });

  it("spaces its sends by MAIL_PER_SECOND", async () => {
    const mailer = createMailer(mailConfig({ SMTP_URL: smtp.url, MAIL_PER_SECOND: "10" }), log);
    const started = Date.now();
    await Promise.all(Array.from({ length: 4 }, () => mailer.send(message)));
    mailer.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it("without SMTP_URL writes each mail as an .eml file to DATA_DIR/outbox, from the site's own address", async () => {
    const mailer = createMailer(mailConfig({ SITE_URL: "https://shelf.example" }), log);
    expect(mailer.kind).toBe("outbox");
    const receipt = await mailer.send(message);
    expect(path.dirname(receipt.file!)).toBe(path.join(dataDir, "outbox"));
    expect((await readdir(path.join(dataDir, "outbox"))).filter((f) => f.endsWith(".part"))).toEqual([]);
    const raw = await readFile(receipt.file!, "utf8");
    expect(raw).toMatch(/^From: "?Tools R Us"? <no-reply@shelf\.example>$/m);
    expect(raw).toMatch(/^To: reader@example\.org$/m);
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/example\.org\/u\/1>$/m);
    expect(raw).toContain("Plain body");
  });
});
