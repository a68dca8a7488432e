import { Readable } from "node:stream";
import busboy from "busboy";
import { LOGO_LIMITS } from "../../core/uploads.ts";

/** The most a form with one file may carry besides the file itself (every text field at its limit, with room). */
export const FORM_TEXT_ALLOWANCE = 256 * 1024;

/** The largest request body a form with one logo may have when it is not multipart (read whole, so refused before reading). */
export const UPLOAD_FORM_MAX_BYTES = LOGO_LIMITS.maxBytes + FORM_TEXT_ALLOWANCE;

/**
 * How many bytes of a file are kept: one more than the largest logo, so a larger file still
 * arrives larger than the limit and the schema names it; busboy drops the rest as it streams past.
 */
export const FILE_KEPT_BYTES = LOGO_LIMITS.maxBytes + 1;

/**
 * How much text a form may carry in all: as much as a logo and the allowance, so a field far over
 * its length (a megabyte of name) still reaches the schema and is refused with its own message.
 */
const TEXT_KEPT_BYTES = FILE_KEPT_BYTES + FORM_TEXT_ALLOWANCE;

export type ReadFormResult =
  | { ok: true; formData: FormData }
  /**
   * The form could not be read to the end. `formData` holds the fields read before the problem,
   * so the page can show them again.
   */
  | { ok: false; formData: FormData; problem: "too-large" | "unreadable" };

/**
 * Reads a form post with at most one file, streaming, whatever its size: busboy keeps the file up
 * to FILE_KEPT_BYTES and drops the rest as it arrives, so a 2 GB logo costs the time to receive it
 * but never more memory than one logo; the fields after the file are still read. A file cut off
 * this way arrives one byte over the limit, for the schema to refuse with what was typed. The body
 * is always read to its end, even after a problem: a browser that is still sending when the answer
 * comes shows a broken connection instead of the page.
 */
export async function readUploadForm(request: Request): Promise<ReadFormResult> {
  const formData = new FormData();
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    // A post without the file (a script, or a browser that dropped the encoding): its fields only.
    try {
      for (const [name, value] of await request.formData()) formData.append(name, value);
      return hasUnreadableText(formData)
        ? { ok: false, formData: new FormData(), problem: "unreadable" }
        : { ok: true, formData };
    } catch {
      return { ok: false, formData, problem: "unreadable" };
    }
  }
  if (!request.body) return { ok: false, formData, problem: "unreadable" };
  const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      // One file: a second is skipped unread rather than kept in memory.
      limits: { files: 1, fileSize: FILE_KEPT_BYTES, parts: 200, fieldSize: TEXT_KEPT_BYTES, headerPairs: 100 },
    });
  } catch {
    // No boundary, or a content type busboy cannot read.
    await drain(body);
    return { ok: false, formData, problem: "unreadable" };
  }

  let problem: "too-large" | "unreadable" | null = null;
  let textBytes = 0;
  const files: Promise<unknown>[] = [];
  parser.on("field", (name, value, info) => {
    textBytes += Buffer.byteLength(value);
    if (info.valueTruncated || textBytes > TEXT_KEPT_BYTES) problem ??= "too-large";
    else if (name) formData.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    // Never rejects: a file cut short by the end of the body is the form's problem, said below.
    files.push(
      new Promise<void>((resolve) => {
        stream.on("end", () => {
          if (name)
            formData.append(
              name,
              new File(chunks as Uint8Array<ArrayBuffer>[], info.filename ?? "", { type: info.mimeType }),
            );
          resolve();
        });
        stream.on("error", () => {
          problem ??= "unreadable";
          resolve();
        });
      }),
    );
  });
  parser.on("partsLimit", () => (problem ??= "unreadable"));

  // Listeners stay for the whole read: busboy may report more than one error (a broken part, then
  // the end of the form), and an error event without a listener would end the process.
  const finished = await new Promise<boolean>((resolve) => {
    parser.on("close", () => resolve(true));
    parser.on("error", () => resolve(false));
    // The connection went away mid-body.
    body.on("error", () => resolve(false));
    body.pipe(parser);
  });
  if (!finished) {
    body.unpipe(parser);
    await drain(body);
    return { ok: false, formData, problem: "unreadable" };
  }
  await Promise.all(files);
  if (problem) return { ok: false, formData, problem };
  return hasUnreadableText(formData)
    ? { ok: false, formData: new FormData(), problem: "unreadable" }
    : { ok: true, formData };
}

/** Reads what is left of the body and drops it (after the parser gave up, or before it began). */
async function drain(body: Readable): Promise<void> {
  try {
    for await (const chunk of body) void chunk;
  } catch {
    // The connection went away: nothing left to read.
  }
}

/**
 * Whether a field's name or text carries a NUL (no one types it, and PostgreSQL text cannot hold
 * it) or U+FFFD, which the decoder puts for bytes that are not UTF-8: a form is read as UTF-8 or
 * not at all, never saved with its text replaced.
 */
function hasUnreadableText(formData: FormData): boolean {
  const unreadable = (text: string) => text.includes("\u0000") || text.includes("\uFFFD");
  for (const [name, value] of formData)
    if (unreadable(name) || (typeof value === "string" && unreadable(value))) return true;
  return false;
}
