import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { formReply } from "../../core/replies.ts";
import { logoFailedMessage, SUBMISSION_MESSAGES, submitFailedMessage } from "../../core/submission.ts";
import type { ReadFormResult } from "../../server/submissions/form.ts";
import type { LogoCheck } from "../../server/submissions/logo.ts";
import type { SubmitResult } from "../../server/submissions/service.ts";

// The answers of the actions behind ToolFormFields (submit, add tool, edit tool) when a post is
// not saved, so the three pages word a refused logo, a listed website or an unreadable upload alike.

/** A post that was not saved: Conform's reply, the listing a duplicate website belongs to, the HTTP status. */
export interface ToolFormRefusal {
  result: SubmissionResult<string[]>;
  duplicate: { slug: string; name: string } | null;
  status: number;
}

type Replier = { reply: Submission<unknown, string[]>["reply"] };

const UNREADABLE = "The form could not be read. Please try again.";

/**
 * An upload that could not be read to its end (not multipart, broken, or more fields than a form
 * has): the form's error, worded by `formError` (the public pages say the submission failed; the
 * edit page does not). A logo over the limit is not one of these: it arrives cut off, and the
 * schema refuses it next to the logo field with every other field as typed.
 */
export function unreadUpload(
  submission: Replier,
  problem: Extract<ReadFormResult, { ok: false }>["problem"],
  formError: (message: string) => string = submitFailedMessage,
): ToolFormRefusal {
  const tooLarge = problem === "too-large";
  return {
    result: submission.reply({ formErrors: [formError(tooLarge ? "The form is too large." : UNREADABLE)] }),
    duplicate: null,
    status: tooLarge ? 413 : 400,
  };
}

/**
 * Every error of a post in one answer: the schema's, with a logo refused for its content (which the
 * schema cannot see) next to the logo field. Null when the post may be saved. A logo over the size
 * limit arrives cut off and is answered 413, what was typed kept.
 */
export function refusedPost(
  submission: Replier & { status?: "success" | "error"; error?: Record<string, string[] | null> | null },
  logo: LogoCheck | null,
): ToolFormRefusal | null {
  const badLogo = logo?.kind === "bad-logo" && !submission.error?.logo ? logo.message : null;
  if (submission.status === "success" && badLogo === null) return null;
  const oversized = submission.error?.logo?.includes(SUBMISSION_MESSAGES.logoTooLarge) ?? false;
  return {
    result:
      badLogo === null ? submission.reply() : submission.reply({ fieldErrors: { logo: [logoFailedMessage(badLogo)] } }),
    duplicate: null,
    status: oversized ? 413 : 400,
  };
}

/**
 * A save refused for its logo or its website; `duplicateHint` follows the "already listed"
 * sentence (an admin is told to edit that listing instead).
 */
export function refusedSave(
  submission: Replier,
  refusal: Exclude<SubmitResult, { kind: "saved" }>,
  duplicateHint = "",
): ToolFormRefusal {
  if (refusal.kind === "bad-logo") {
    return {
      result: submission.reply({ fieldErrors: { logo: [logoFailedMessage(refusal.message)] } }),
      duplicate: null,
      status: 400,
    };
  }
  const message = `This website is already listed as “${refusal.existing.name}”.${duplicateHint ? ` ${duplicateHint}` : ""}`;
  return {
    result: submission.reply({ fieldErrors: { websiteUrl: [message] } }),
    duplicate: refusal.existing,
    status: 409,
  };
}

/** A refusal as a page with one form answers it: the form's reply, with the listing of a duplicate website. */
export function refusalData({ result, duplicate, status }: ToolFormRefusal) {
  return data(formReply(result, { duplicate }), { status });
}
