import { rename, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail as the local SMTP server received it: the envelope, and the message parsed. */
export interface ReceivedMail {
  from: string;
  to: string[];
  parsed: ParsedMail;
  /** The message as sent, headers included. */
  raw: string;
}

export interface LocalSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Refuses the next `count` messages with this SMTP answer (e.g. 451 to make the sender retry). */
  refuseNext(count: number, code: number): void;
  /**
   * A slow server: messages that arrive from now on are neither accepted nor kept until
   * `release()` (their senders wait for the answer to DATA meanwhile).
   */
  hold(): { release(): void };
  /** Resolves once `count` mails have arrived in all (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface LocalSmtpOptions {
  /**
   * Also delivers each accepted message to this (existing) folder as an `.eml` file, for readers
   * in other processes (Playwright's workers): the message as sent, after the `Return-Path` and
   * one `Delivered-To` per envelope recipient that a mailbox's delivery prepends. Files are named
   * in the order the messages arrived, and each is complete before the sender hears "accepted".
   */
  deliverTo?: string;
}

/** A real SMTP server (the `smtp-server` package) on 127.0.0.1 that keeps what it receives. */
export async function startLocalSmtp(options: LocalSmtpOptions = {}): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  let delivered = 0;
  const deliver = async (mail: ReceivedMail) => {
    if (!options.deliverTo) return;
    const envelope = [`Return-Path: <${mail.from}>`, ...mail.to.map((to) => `Delivered-To: ${to}`)];
    const name = `${String(++delivered).padStart(6, "0")}.eml`;
    const file = path.join(options.deliverTo, name);
    // Written aside and renamed, so a reader never sees half a mail.
    await writeFile(`${file}.part`, `${envelope.join("\r\n")}\r\n${mail.raw}`);
    await rename(`${file}.part`, file);
  };
  let refusals: { count: number; code: number } = { count: 0, code: 451 };
  let held: (() => void)[] | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const answer = () => {
          if (refusals.count > 0) {
            refusals.count--;
            const error = Object.assign(new Error("Try again later"), { responseCode: refusals.code });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw)
            .then(async (parsed) => {
              const mail: ReceivedMail = {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((r) => r.address),
                parsed,
                raw,
              };
              await deliver(mail);
              received.push(mail);
            })
            .then(
              () => callback(),
              (error: Error) => callback(error),
            );
        };
        if (held) held.push(answer);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count, code) {
      refusals = { count, code };
    },
    hold() {
      const waiting: (() => void)[] = [];
      held = waiting;
      return {
        release() {
          if (held === waiting) held = null;
          for (const answer of waiting.splice(0)) answer();
        },
      };
    },
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, received ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
