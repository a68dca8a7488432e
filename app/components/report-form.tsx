import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { REPORT_HONEYPOT_FIELD, REPORT_LIMITS, REPORT_REASONS, reportSchema } from "../../core/reports.ts";
import type { ActionReply } from "../../core/replies.ts";
import type { SubmissionResult } from "@conform-to/react";
import { Field, FormAlert, Honeypot, inputClass, SubmitButton } from "./field.tsx";
import { Alert } from "./ui/alert.tsx";

/** What the tool page's action answers a report with. */
export type ReportReply = ActionReply<object, SubmissionResult<string[]>>;

/**
 * "Report a problem" on a tool page: a disclosure, closed until opened or until a post comes back,
 * holding a plain form that posts to the page itself — no script of its own. The page may be kept
 * by the page cache, so nothing here depends on who looks at it; what a post typed comes back only
 * in the answer to that post.
 */
export function ReportForm({
  slug,
  toolName,
  reply,
}: {
  slug: string;
  toolName: string;
  reply: ReportReply | undefined;
}) {
  const [form, fields] = useForm({
    id: "report",
    lastResult: reply?.form,
    constraint: getZodConstraint(reportSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
  });
  const done = reply?.status === "success" || reply?.status === "info";
  const reasonErrorId = `${fields.reason.id}-error`;
  return (
    <section
      id="report-problem"
      aria-label={`Report a problem with ${toolName}`}
      className="rounded-xl border border-slate-200 p-4"
    >
      <details open={reply !== undefined} className="text-sm">
        <summary className="cursor-pointer rounded font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
          Report a problem
        </summary>
        {done ? (
          <Alert tone={reply.status === "success" ? "success" : "info"} className="mt-3">
            {reply.message}
          </Alert>
        ) : (
          <form
            method="post"
            action={`/tool/${encodeURIComponent(slug)}#report-problem`}
            {...getFormProps(form)}
            className="mt-3 space-y-3"
          >
            {reply?.message && !form.errors?.length && <Alert tone="error">{reply.message}</Alert>}
            <FormAlert id={form.errorId} errors={form.errors} />
            <fieldset aria-describedby={reasonErrorId}>
              <legend className="font-medium text-slate-900">What is wrong?</legend>
              <ul className="mt-1 space-y-1">
                {Object.entries(REPORT_REASONS).map(([value, label]) => {
                  const id = `report-reason-${value}`;
                  return (
                    <li key={value}>
                      <input
                        {...getInputProps(fields.reason, { type: "radio", value })}
                        id={id}
                        // A pattern is for text; the server checks the choice.
                        pattern={undefined}
                        aria-describedby={undefined}
                        className="mr-2"
                      />
                      <label htmlFor={id}>{label}</label>
                    </li>
                  );
                })}
              </ul>
              <p id={reasonErrorId} className="mt-1 min-h-5 text-red-700" aria-live="polite">
                {fields.reason.errors?.[0]}
              </p>
            </fieldset>
            <Field
              id={fields.note.id}
              label="Note (optional)"
              hint={`What should change? Up to ${REPORT_LIMITS.note.toLocaleString("en-US")} characters.`}
              errors={fields.note.errors}
              errorId={fields.note.errorId}
            >
              <textarea {...getTextareaProps(fields.note)} rows={3} className={inputClass} />
            </Field>
            <Field
              id={fields.email.id}
              label="Your e-mail (optional)"
              hint="Only to tell you what we did; deleted once we have."
              errors={fields.email.errors}
              errorId={fields.email.errorId}
            >
              <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
            </Field>
            <Honeypot name={REPORT_HONEYPOT_FIELD} />
            <SubmitButton busy={false} label="Send report" busyLabel="Sending…" />
          </form>
        )}
      </details>
    </section>
  );
}
