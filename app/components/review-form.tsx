import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionReply } from "../../core/replies.ts";
import { REVIEW_HONEYPOT_FIELD, REVIEW_INTENT, REVIEW_LIMITS, reviewSchema } from "../../core/reviews.ts";
import { Field, FormAlert, Honeypot, inputClass, SubmitButton } from "./field.tsx";
import { Alert } from "./ui/alert.tsx";

/** What the tool page's action answers a review with (`which` tells it from a report's answer). */
export type ReviewReply = ActionReply<{ which: "review" }, SubmissionResult<string[]>>;

const STARS = [5, 4, 3, 2, 1] as const;
const STAR_WORDS: Record<number, string> = { 5: "Excellent", 4: "Good", 3: "Fair", 2: "Poor", 1: "Bad" };

/**
 * "Write a review" on a tool page: a plain form posting to the page itself, no script of its own.
 * The page may be kept by the page cache, so nothing here depends on who looks at it; what a post
 * typed comes back only in the answer to that post. The rating is a group of radio buttons (a
 * fieldset with a legend), each labelled in words, not only in stars.
 */
export function ReviewForm({
  slug,
  toolName,
  reply,
}: {
  slug: string;
  toolName: string;
  reply: ReviewReply | undefined;
}) {
  const [form, fields] = useForm({
    id: "review",
    lastResult: reply?.form,
    constraint: getZodConstraint(reviewSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
  });
  const done = reply?.status === "success" || reply?.status === "info";
  const ratingErrorId = `${fields.rating.id}-error`;
  return (
    <section id="write-review" aria-labelledby="write-review-title" className="rounded-xl border border-slate-200 p-4">
      <h3 id="write-review-title" className="text-lg font-semibold">
        Write a review
      </h3>
      {done ? (
        <Alert tone={reply.status === "success" ? "success" : "info"} className="mt-3">
          {reply.message}
        </Alert>
      ) : (
        <form
          method="post"
          action={`/tool/${encodeURIComponent(slug)}#write-review`}
          {...getFormProps(form)}
          className="mt-3 space-y-3"
        >
          <input type="hidden" name="intent" value={REVIEW_INTENT} />
          {reply?.message && !form.errors?.length && <Alert tone="error">{reply.message}</Alert>}
          <FormAlert id={form.errorId} errors={form.errors} />
          <fieldset aria-describedby={ratingErrorId}>
            <legend className="text-sm font-medium text-slate-900">Your rating of {toolName}</legend>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {STARS.map((stars) => {
                const id = `review-rating-${stars}`;
                return (
                  <li key={stars}>
                    <input
                      {...getInputProps(fields.rating, { type: "radio", value: String(stars) })}
                      id={id}
                      // A pattern is for text; the server checks the choice.
                      pattern={undefined}
                      aria-describedby={undefined}
                      className="mr-1"
                    />
                    <label htmlFor={id}>
                      <span aria-hidden="true">{"★".repeat(stars)} </span>
                      {stars} {stars === 1 ? "star" : "stars"} ({STAR_WORDS[stars]})
                    </label>
                  </li>
                );
              })}
            </ul>
            <p id={ratingErrorId} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
              {fields.rating.errors?.[0]}
            </p>
          </fieldset>
          <Field
            id={fields.text.id}
            label="Your review"
            hint={`What did you use it for, and how did it go? ${REVIEW_LIMITS.textMin} to ${REVIEW_LIMITS.text.toLocaleString("en-US")} characters, plain text.`}
            errors={fields.text.errors}
            errorId={fields.text.errorId}
          >
            <textarea {...getTextareaProps(fields.text)} rows={5} className={inputClass} />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              id={fields.pros.id}
              label="Pros (optional)"
              errors={fields.pros.errors}
              errorId={fields.pros.errorId}
            >
              <textarea {...getTextareaProps(fields.pros)} rows={2} className={inputClass} />
            </Field>
            <Field
              id={fields.cons.id}
              label="Cons (optional)"
              errors={fields.cons.errors}
              errorId={fields.cons.errorId}
            >
              <textarea {...getTextareaProps(fields.cons)} rows={2} className={inputClass} />
            </Field>
          </div>
          <Field
            id={fields.name.id}
            label="Name to show (optional)"
            hint="Shown with your review; without one it says “Verified reviewer”."
            errors={fields.name.errors}
            errorId={fields.name.errorId}
          >
            <input {...getInputProps(fields.name, { type: "text" })} autoComplete="nickname" className={inputClass} />
          </Field>
          <Field
            id={fields.email.id}
            label="Your e-mail"
            hint="We send a link to confirm the review. Never shown; one review per address and tool, a new one replaces the old."
            errors={fields.email.errors}
            errorId={fields.email.errorId}
          >
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
          </Field>
          <Honeypot name={REVIEW_HONEYPOT_FIELD} />
          <SubmitButton busy={false} label="Send review" busyLabel="Sending…" />
        </form>
      )}
    </section>
  );
}
