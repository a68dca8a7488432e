import { randomBytes } from "node:crypto";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { toOneLine } from "../../../core/text.ts";
import type { Config } from "../config.ts";
import { CodedError } from "../errors.ts";
import { loadNodemailer } from "../lazy-imports.ts";
import type { Logger } from "../logger.ts";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../private-files.ts";

/** One e-mail: always both an HTML and a plain-text body; `headers` for List-Unsubscribe and the like. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** What a sent mail became: the SMTP server's id, or the `.eml` file it was written to. */
export interface MailReceipt {
  messageId: string;
  /** The outbox file, when there is no SMTP server. */
  file: string | null;
}

/**
 * Sends every mail the site sends (claim links, digest confirmations, the digest). One per
 * process: it spaces its sends (`mail.perSecond`) so a digest to many readers does not trip the
 * provider's limits, and tries a failed send again, except when the server refused the message
 * for good (a 5xx answer: a bad address stays bad).
 */
export interface Mailer {
  /** "smtp" with SMTP_URL, else "outbox" (`.eml` files under DATA_DIR/outbox). */
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<MailReceipt>;
  close(): void;
}

/** A mail that could not be sent after its retries; the message is for logs and admins, not visitors. */
export class MailError extends CodedError<"mail-failed"> {
  constructor(message: string, options?: ErrorOptions) {
    super("mail-failed", message, options);
  }
}

type Transport = { sendMail(mail: object): Promise<{ messageId: string; message?: unknown }>; close(): void };

export function createMailer(config: Config["mail"], log: Logger): Mailer {
  const kind = config.smtpUrl ? "smtp" : "outbox";
  let transport: Promise<Transport> | null = null;
  const open = () =>
    (transport ??= loadNodemailer().then((nodemailer) =>
      config.smtpUrl
        ? (nodemailer.createTransport(config.smtpUrl) as unknown as Transport)
        : (nodemailer.createTransport({
            streamTransport: true,
            buffer: true,
            newline: "unix",
          }) as unknown as Transport),
    )).catch((error: unknown) => {
      transport = null;
      throw error;
    });

  // Sends start at least this far apart, in this process.
  const spacingMs = 1000 / config.perSecond;
  let nextSlot = 0;
  const takeSlot = async () => {
    const at = Math.max(Date.now(), nextSlot);
    nextSlot = at + spacingMs;
    if (at > Date.now()) await sleep(at - Date.now());
  };

  const sendOnce = async (message: MailMessage): Promise<MailReceipt> => {
    const info = await (await open()).sendMail({ from: config.from, ...message });
    if (kind === "smtp") return { messageId: info.messageId, file: null };
    await makePrivateDir(config.outboxDir);
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
    const file = path.join(config.outboxDir, name);
    // Written aside and renamed, so a reader of the outbox never sees half a mail.
    await writeFile(`${file}.part`, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    await rename(`${file}.part`, file);
    return { messageId: info.messageId, file };
  };

  return {
    kind,
    async send(given) {
      // Header values on one line, whoever rendered the mail: a line break in a subject would
      // start a header of its own. The bodies' values are put on one line where they are rendered
      // (the tags of ./html.ts).
      const message: MailMessage = {
        ...given,
        to: toOneLine(given.to),
        subject: toOneLine(given.subject),
        ...(given.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(given.headers).map(([name, value]) => [name, toOneLine(value)]),
              ),
            }
          : {}),
      };
      for (let attempt = 0; ; attempt++) {
        await takeSlot();
        try {
          return await sendOnce(message);
        } catch (error) {
          const code = (error as { responseCode?: number }).responseCode;
          const permanent = code !== undefined && code >= 500;
          if (permanent || attempt >= config.retries) {
            log.warn({ err: error, attempts: attempt + 1 }, "mail not sent");
            throw new MailError(`The mail could not be sent: ${(error as Error).message}`, { cause: error });
          }
          await sleep(config.retryBaseMs * 2 ** attempt);
        }
      }
    },
    close() {
      void transport?.then((t) => t.close()).catch(() => {});
      transport = null;
    },
  };
}
