import { data, Form, useNavigation } from "react-router";
import { actionReply, type ActionReply } from "../../../core/replies.ts";
import { moderationReasonSchema, REVIEW_LIMITS, reviewerName } from "../../../core/reviews.ts";
import { moderateReview, reviewQueue, type QueuedReview } from "../../../server/reviews/service.ts";
import { UtcTime } from "../../components/utc-time.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { adminContextKey, servicesContextKey } from "../../context.ts";
import { readForm } from "../../lib/form.ts";
import type { Route } from "./+types/reviews.ts";

// Visitors' confirmed reviews and owners' replies waiting for an admin (docs/decisions/051), the
// oldest first. Publishing, rejecting (with a reason) and deleting each write the audit log.

export const meta: Route.MetaFunction = () => [{ title: "Reviews — Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return reviewQueue(context.get(servicesContextKey).database);
}

const INTENTS = ["approve", "reject", "delete", "approve-reply", "reject-reply"] as const;
type Intent = (typeof INTENTS)[number];

const DONE: Record<Intent, string> = {
  approve: "Review published",
  reject: "Review rejected",
  delete: "Review deleted",
  "approve-reply": "Reply published",
  "reject-reply": "Reply rejected",
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const admin = context.get(adminContextKey);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const reviewId = formData.get("reviewId");
  if (
    typeof intent !== "string" ||
    !(INTENTS as readonly string[]).includes(intent) ||
    formData.getAll("intent").length !== 1 ||
    typeof reviewId !== "string" ||
    formData.getAll("reviewId").length !== 1
  ) {
    return data<ActionReply>(actionReply("error", "The request could not be understood. Please use the buttons."), {
      status: 400,
    });
  }
  const chosen = intent as Intent;
  let decision: Parameters<typeof moderateReview>[3];
  if (chosen === "reject" || chosen === "reject-reply") {
    const reason = moderationReasonSchema.safeParse(formData.get("reason") ?? "");
    if (!reason.success)
      return data<ActionReply>(actionReply("error", reason.error.issues[0]?.message ?? "Please give a reason."), {
        status: 400,
      });
    decision = { action: chosen, reason: reason.data };
  } else decision = { action: chosen };
  const result = await moderateReview(services, admin, reviewId, decision);
  if (result.kind === "none")
    return data<ActionReply>(actionReply("error", "Nothing to do: that review is no longer waiting (or is gone)."), {
      status: 404,
    });
  return data<ActionReply>(actionReply("success", `${DONE[chosen]} (${result.toolName}).`));
}

const BUTTON =
  "rounded-md border px-3 py-1.5 text-sm font-medium disabled:opacity-60 border-slate-400 bg-white text-slate-900 hover:bg-slate-100";

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, replies, published, waiting } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = busy ? undefined : (actionData as ActionReply | undefined);
  return (
    <section aria-labelledby="reviews-title" className="space-y-6">
      <h1 id="reviews-title" className="text-3xl font-bold">
        Reviews
      </h1>
      <p className="text-slate-700">
        {waiting === 0
          ? "Nothing waits for moderation."
          : `${waiting.toLocaleString("en-US")} waiting, the oldest first.`}{" "}
        Every decision is in the <TextLink to="/admin/audit">audit log</TextLink>.
      </p>
      {result?.message && <Alert tone={result.status === "success" ? "saved" : "error"}>{result.message}</Alert>}
      <section aria-labelledby="queue-reviews" className="space-y-4">
        <h2 id="queue-reviews" className="text-xl font-semibold">
          Reviews waiting ({reviews.length})
        </h2>
        <ul className="space-y-4">
          {reviews.map((review) => (
            <li key={review.id}>
              <QueueItem review={review} busy={busy} kind="review" />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="queue-replies" className="space-y-4">
        <h2 id="queue-replies" className="text-xl font-semibold">
          Owners&apos; replies waiting ({replies.length})
        </h2>
        <ul className="space-y-4">
          {replies.map((review) => (
            <li key={review.id}>
              <QueueItem review={review} busy={busy} kind="reply" />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="published-reviews" className="space-y-4">
        <h2 id="published-reviews" className="text-xl font-semibold">
          Recently published
        </h2>
        <ul className="space-y-2">
          {published.map((review) => (
            <li key={review.id} className="rounded-xl border border-slate-200 p-3 text-sm">
              <p className="wrap-anywhere">
                <TextLink to={`/tool/${encodeURIComponent(review.toolSlug)}`}>{review.toolName}</TextLink> —{" "}
                {review.rating} out of 5 by {reviewerName(review.name)}
              </p>
              <p className="mt-1 line-clamp-3 whitespace-pre-line wrap-anywhere text-slate-800">{review.text}</p>
              <Form method="post" preventScrollReset className="mt-2">
                <input type="hidden" name="reviewId" value={review.id} />
                <button type="submit" name="intent" value="delete" disabled={busy} className={BUTTON}>
                  Delete<span className="sr-only"> the published review of {review.toolName}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

function QueueItem({ review, busy, kind }: { review: QueuedReview; busy: boolean; kind: "review" | "reply" }) {
  const titleId = `${kind}-${review.id}`;
  const what = kind === "review" ? `review of ${review.toolName}` : `reply about ${review.toolName}`;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 p-4">
      <h3 id={titleId} className="text-lg font-semibold wrap-anywhere">
        <TextLink to={`/tool/${encodeURIComponent(review.toolSlug)}`}>{review.toolName}</TextLink>{" "}
        <span className="text-base font-normal text-slate-700">
          — {review.rating} out of 5 by {reviewerName(review.name)}, confirmed <UtcTime ms={review.confirmedAt} />
        </span>
      </h3>
      <p className="mt-2 whitespace-pre-line wrap-anywhere text-slate-800">{review.text}</p>
      {review.pros && <p className="mt-1 text-sm wrap-anywhere">Pros: {review.pros}</p>}
      {review.cons && <p className="mt-1 text-sm wrap-anywhere">Cons: {review.cons}</p>}
      {kind === "reply" && (
        <div className="mt-3 border-l-4 border-brand-700 bg-slate-50 p-3 text-sm">
          <p className="font-medium">The owner&apos;s reply</p>
          <p className="mt-1 whitespace-pre-line wrap-anywhere">{review.reply}</p>
        </div>
      )}
      <Form method="post" preventScrollReset className="mt-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="reviewId" value={review.id} />
        <button
          type="submit"
          name="intent"
          value={kind === "review" ? "approve" : "approve-reply"}
          disabled={busy}
          className={BUTTON}
        >
          Publish<span className="sr-only"> the {what}</span>
        </button>
        <label className="text-sm">
          <span className="block font-medium">Reason to reject</span>
          <input
            name="reason"
            maxLength={REVIEW_LIMITS.reason}
            className="mt-1 rounded border border-slate-300 px-2 py-1"
          />
        </label>
        <button
          type="submit"
          name="intent"
          value={kind === "review" ? "reject" : "reject-reply"}
          disabled={busy}
          className={BUTTON}
        >
          Reject<span className="sr-only"> the {what}</span>
        </button>
        {kind === "review" && (
          <button type="submit" name="intent" value="delete" disabled={busy} className={BUTTON}>
            Delete<span className="sr-only"> the {what}</span>
          </button>
        )}
      </Form>
    </article>
  );
}
