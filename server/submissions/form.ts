import {
  getMultipartBoundary,
  isMultipartRequest,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartStream,
} from "@remix-run/multipart-parser";
import { LOGO_LIMITS } from "../../core/uploads.ts";

/** The most a form with one file may carry besides the file itself (every text field at its limit, with room). */
export const FORM_TEXT_ALLOWANCE = 256 * 1024;

/** The largest request body a form with one logo may have when it is not multipart (read whole, so refused before reading). */
export const UPLOAD_FORM_MAX_BYTES = LOGO_LIMITS.maxBytes + FORM_TEXT_ALLOWANCE;

const MAX_PART_HEADER = 8 * 1024;

/**
 * How many bytes of one part (its headers and content) are kept: one byte more than the largest
 * logo, so a larger file still arrives larger than the limit and the schema names it, and the
 * rest is dropped as it streams past.
 */
export const PART_KEPT_BYTES = MAX_PART_HEADER + 4 + LOGO_LIMITS.maxBytes + 1;

export type ReadFormResult =
  | { ok: true; formData: FormData }
  /**
   * The form could not be read to the end. `formData` holds the fields read before the problem,
   * so the page can show them again.
   */
  | { ok: false; formData: FormData; problem: "too-large" | "unreadable" };

/**
 * Reads a form post with at most one file, streaming, whatever its size: each part is kept up to
 * PART_KEPT_BYTES and the rest of it is discarded as it arrives, so a 2 GB logo costs the time to
 * receive it but never more memory than one logo; the fields after the file are still read. A file
 * cut off this way arrives one byte over the limit, for the schema to refuse with what was typed.
 * The body is always read to its end, even after a problem: a browser that is still sending when
 * the answer comes shows a broken connection instead of the page.
 */
export async function readUploadForm(request: Request): Promise<ReadFormResult> {
  const formData = new FormData();
  if (!isMultipartRequest(request)) {
    // A post without the file (a script, or a browser that dropped the encoding): its fields only.
    try {
      for (const [name, value] of await request.formData()) formData.append(name, value);
      return hasNul(formData) ? { ok: false, formData: new FormData(), problem: "unreadable" } : { ok: true, formData };
    } catch {
      return { ok: false, formData, problem: "unreadable" };
    }
  }
  const boundary = getMultipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary || !request.body) {
    await drain(request.body);
    return { ok: false, formData, problem: "unreadable" };
  }
  const capped = capParts(request.body, boundary, PART_KEPT_BYTES);
  let files = 0;
  try {
    for await (const part of parseMultipartStream(capped.stream, {
      boundary,
      maxFileSize: PART_KEPT_BYTES,
      maxTotalSize: PART_KEPT_BYTES + FORM_TEXT_ALLOWANCE,
      maxHeaderSize: MAX_PART_HEADER,
      maxParts: 200,
    })) {
      if (!part.name) continue;
      if (part.isFile) {
        // One file field; a second file is dropped rather than kept in memory.
        if (++files > 1) continue;
        formData.append(part.name, new File([part.bytes as Uint8Array<ArrayBuffer>], part.filename ?? "", { type: part.mediaType ?? "" }));
      } else {
        formData.append(part.name, part.text);
      }
    }
    return hasNul(formData) ? { ok: false, formData: new FormData(), problem: "unreadable" } : { ok: true, formData };
  } catch (error) {
    await capped.discardRest();
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) return { ok: false, formData, problem: "too-large" };
    if (error instanceof MultipartParseError) return { ok: false, formData, problem: "unreadable" };
    // The connection went away mid-body, or a field was not UTF-8.
    if (error instanceof TypeError) return { ok: false, formData, problem: "unreadable" };
    throw error;
  }
}

/**
 * The body with each multipart part cut to `keep` bytes after its boundary: boundaries are found
 * as the bytes stream past (a delimiter can straddle two chunks, so its length less one byte is
 * held back), and what lies beyond `keep` in a part is dropped, never collected.
 */
export function capParts(body: ReadableStream<Uint8Array>, boundary: string, keep: number) {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The opening boundary has no line break before it: the first part counts from the body's start.
  let sinceBoundary = 0;
  let held: Buffer = Buffer.alloc(0);
  let discarding = false;
  const reader = body.getReader();

  const emitContent = (bytes: Buffer, out: Buffer[]) => {
    const room = Math.max(0, keep - sinceBoundary);
    if (room > 0) out.push(bytes.subarray(0, room));
    sinceBoundary += bytes.length;
  };
  const take = (chunk: Uint8Array, final: boolean): Buffer[] => {
    const data = held.length === 0 ? Buffer.from(chunk) : Buffer.concat([held, chunk]);
    const out: Buffer[] = [];
    let from = 0;
    for (let at = data.indexOf(delimiter, from); at !== -1; at = data.indexOf(delimiter, from)) {
      emitContent(data.subarray(from, at), out);
      out.push(delimiter);
      sinceBoundary = 0;
      from = at + delimiter.length;
    }
    const holdFrom = final ? data.length : Math.max(from, data.length - (delimiter.length - 1));
    emitContent(data.subarray(from, holdFrom), out);
    // Copied: a subarray would keep the whole chunk alive.
    held = Buffer.from(data.subarray(holdFrom));
    return out;
  };

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read();
        if (discarding) return;
        if (done) {
          for (const bytes of take(new Uint8Array(0), true)) controller.enqueue(bytes);
          controller.close();
          return;
        }
        const out = take(value, false).filter((bytes) => bytes.length > 0);
        if (out.length > 0) {
          for (const bytes of out) controller.enqueue(bytes);
          return;
        }
      }
    },
  }, { highWaterMark: 0 });

  return {
    stream,
    /** Reads what is left of the body and drops it (after the parser gave up). */
    async discardRest() {
      if (discarding) return;
      discarding = true;
      await stream.cancel().catch(() => undefined);
      try {
        for (;;) if ((await reader.read()).done) return;
      } catch {
        // The connection went away: nothing left to read.
      }
    },
  };
}

async function drain(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    // Gone: nothing left to read.
  }
}

/** Whether a field's name or text carries a NUL: no one types it, and PostgreSQL text cannot hold it. */
function hasNul(formData: FormData): boolean {
  for (const [name, value] of formData) if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) return true;
  return false;
}
