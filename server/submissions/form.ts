import {
  isMultipartRequest,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { LOGO_LIMITS } from "../../core/uploads.ts";

/** The most a form with one file may carry besides the file itself (every text field at its limit, with room). */
export const FORM_TEXT_ALLOWANCE = 256 * 1024;

/** The largest request body a form with one logo may have; the app refuses larger ones before reading. */
export const UPLOAD_FORM_MAX_BYTES = LOGO_LIMITS.maxBytes + FORM_TEXT_ALLOWANCE;

export type ReadFormResult =
  | { ok: true; formData: FormData }
  /**
   * The form could not be read to the end. `formData` holds the fields read before the problem
   * (the text fields, which come before the file), so the page can show them again.
   */
  | { ok: false; formData: FormData; problem: "file-too-large" | "too-large" | "unreadable" };

/**
 * Reads a form post with at most one file, streaming: a file larger than LOGO_LIMITS.maxBytes is
 * cut off as soon as it passes the limit, never buffered whole. Files arrive as `File` values.
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
  let files = 0;
  try {
    for await (const part of parseMultipartRequest(request, {
      maxFileSize: LOGO_LIMITS.maxBytes,
      maxTotalSize: UPLOAD_FORM_MAX_BYTES,
      maxHeaderSize: 8 * 1024,
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
    if (error instanceof MaxFileSizeExceededError) return { ok: false, formData, problem: "file-too-large" };
    if (error instanceof MaxTotalSizeExceededError) return { ok: false, formData, problem: "too-large" };
    if (error instanceof MultipartParseError) return { ok: false, formData, problem: "unreadable" };
    // The connection went away mid-body, or the body was not multipart after all.
    if (error instanceof TypeError) return { ok: false, formData, problem: "unreadable" };
    throw error;
  }
}

/** Whether a field's name or text carries a NUL: no one types it, and PostgreSQL text cannot hold it. */
function hasNul(formData: FormData): boolean {
  for (const [name, value] of formData) if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) return true;
  return false;
}
