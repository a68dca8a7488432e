import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { submissionSchema } from "../../core/submission.ts";
import type { FilledForm } from "../../server/submissions/website-fill.ts";

/**
 * The answer of a tool form's "Fill from website" (server/submissions/website-fill.ts): the form's
 * reply as a save's would be, without its field messages (a fill is not a check of the form) but
 * the website field's, and the fill's status line.
 */
export function fillReply({ formData, fill, urlError, init }: FilledForm) {
  const reply = parseWithZod(formData, { schema: submissionSchema }).reply();
  const form = { ...reply, status: undefined, error: urlError ? { websiteUrl: [urlError] } : undefined };
  return data({ status: fill.tone, message: fill.message, form, fill }, init);
}
