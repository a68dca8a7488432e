import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { REPORT_HONEYPOT_FIELD, reportSchema } from "../../core/reports.ts";
import { REVIEW_HONEYPOT_FIELD, reviewOrder, reviewSchema, reviewsHref, reviewsPage } from "../../core/reviews.ts";
import { actionReply, formReply } from "../../core/replies.ts";
import { guardPublicForm } from "../../server/platform/http/spam-guard.ts";
import { findReportableTool, submitReport } from "../../server/reports/service.ts";
import { findReviewableTool, submitReview, voteHelpful } from "../../server/reviews/service.ts";
import type { AppServices } from "../../server/services.ts";
import type { ReportReply } from "../components/report-form.tsx";
import type { ReviewReply } from "../components/review-form.tsx";

// The forms a tool page takes (tool.tsx, whose action hands each post here): a report of a problem, a review, a "helpful"
// vote on a review. Each answers on the page itself, so a browser without scripts needs nothing
// more; every answer is this visitor's own and never cached.

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Who posted: their visitor cookie (if any) and their network, for one-per-visitor rules. */
export interface Visitor {
  cookieHeader: string | undefined;
  addressKey: string;
}

/**
 * "Report a problem" (docs/decisions/049). Every post counts against the address's limit.
 */
export async function reportAction(formData: FormData, key: string, services: AppServices, visitor: Visitor) {
  const submission = parseWithZod(formData, { schema: reportSchema });
  const refused = await guardPublicForm(
    {
      limiter: services.limiters.reportAddress,
      addressKey: visitor.addressKey,
      honeypot: formData.get(REPORT_HONEYPOT_FIELD),
    },
    {
      limited: "Too many reports from your network. Please try again later.",
      automated: "Your report looks automated and was not sent.",
    },
  );
  const reply = (result: ReportReply, status: number, extra: Record<string, string> = {}) =>
    data(result, { status, headers: { ...PRIVATE, ...extra } });
  if (refused)
    return reply(
      formReply(submission.reply({ formErrors: [refused.message] })),
      refused.init.status,
      refused.init.headers,
    );
  const tool = await findReportableTool(services.database, key);
  if (!tool) throw data("Tool not found.", { status: 404, headers: PRIVATE });
  if (submission.status !== "success") return reply(formReply(submission.reply()), 400);
  const outcome = await submitReport(services, tool, submission.value, visitor);
  switch (outcome.kind) {
    case "saved":
      return reply(
        actionReply("success", "Thank you: your report was sent. We look at every report.", {
          form: submission.reply({ resetForm: true }),
        }),
        200,
      );
    case "duplicate":
      return reply(
        actionReply("info", "You have already reported this tool today. Thank you: we will look at it.", {
          form: submission.reply({ resetForm: true }),
        }),
        409,
      );
    case "limited":
      return reply(
        formReply(
          submission.reply({
            formErrors: ["This tool has been reported many times today. Please try again tomorrow."],
          }),
        ),
        429,
        { "Retry-After": String(outcome.retryAfterSec) },
      );
  }
}

/** "Helpful" on a review: counted once per visitor, then back to where the button was. */
export async function helpfulAction(formData: FormData, key: string, services: AppServices, visitor: Visitor) {
  const tool = await findReviewableTool(services.database, key);
  if (!tool) throw data("Tool not found.", { status: 404, headers: PRIVATE });
  const reviewId = formData.get("review");
  const outcome = await voteHelpful(services, tool.id, typeof reviewId === "string" ? reviewId : "", visitor);
  if (outcome.kind === "none")
    // 400, not 404: the page exists, the post names nothing on it (a 404 here reads "Tool Not Found").
    throw data("That review is not published on this page.", { status: 400, headers: PRIVATE });
  if (outcome.kind === "limited")
    throw data("Too many votes from your network. Please try again later.", {
      status: 429,
      headers: { ...PRIVATE, "Retry-After": String(outcome.retryAfterSec) },
    });
  const back = reviewsHref(tool.slug, reviewOrder(formData.get("sort")), reviewsPage(formData.get("reviews")));
  throw redirect(`${back}#review-${String(reviewId)}`, { status: 303, headers: PRIVATE });
}

/**
 * "Write a review" (docs/decisions/051): as a report, the page itself answers. Every post counts
 * against the address's limit; a valid one is stored unconfirmed and its link mailed.
 */
export async function reviewAction(formData: FormData, key: string, services: AppServices, addressKey: string) {
  const submission = parseWithZod(formData, { schema: reviewSchema });
  const reply = (result: Omit<ReviewReply, "which">, status: number, extra: Record<string, string> = {}) =>
    data<ReviewReply>({ ...result, which: "review" }, { status, headers: { ...PRIVATE, ...extra } });
  const refused = await guardPublicForm(
    { limiter: services.limiters.reviewAddress, addressKey, honeypot: formData.get(REVIEW_HONEYPOT_FIELD) },
    {
      limited: "Too many reviews from your network. Please try again later.",
      automated: "Your review looks automated and was not sent.",
    },
  );
  if (refused)
    return reply(
      formReply(submission.reply({ formErrors: [refused.message] })),
      refused.init.status,
      refused.init.headers,
    );
  const tool = await findReviewableTool(services.database, key);
  if (!tool) throw data("Tool not found.", { status: 404, headers: PRIVATE });
  if (submission.status !== "success") return reply(formReply(submission.reply()), 400);
  const outcome = await submitReview(services, tool, submission.value);
  switch (outcome.kind) {
    case "sent":
      return reply(
        actionReply(
          "success",
          "Thank you. Check your inbox: we sent a link to confirm your review. Once confirmed, a moderator reads it before it is shown.",
          { form: submission.reply({ resetForm: true }) },
        ),
        200,
      );
    case "owner":
      return reply(
        formReply(
          submission.reply({
            formErrors: [`Reviews by ${tool.name}’s own team are not accepted: this address is at the tool’s domain.`],
          }),
        ),
        403,
      );
    case "limited":
      return reply(
        formReply(
          submission.reply({
            formErrors: ["This tool has received many reviews today. Please try again tomorrow."],
          }),
        ),
        429,
        { "Retry-After": String(outcome.retryAfterSec) },
      );
  }
}
