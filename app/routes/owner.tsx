import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, isRouteErrorResponse, redirect } from "react-router";
import { logoFailedMessage, SUBMISSION_LIMITS, SUBMISSION_MESSAGES } from "../../core/submission.ts";
import { OWNER_FIELD_LABELS, ownerEditSchema } from "../../core/claims.ts";
import { CATEGORIES } from "../../core/categories.ts";
import { PLATFORMS } from "../../core/platforms.ts";
import { PRICING_MODELS } from "../../core/pricing.ts";
import { formReply } from "../../core/replies.ts";
import { LOGO_ACCEPT } from "../../core/uploads.ts";
import type { z } from "../../core/zod.ts";
import { findOwner, ownerPage, submitOwnerEdit } from "../../server/claims/owners.ts";
import { openReportsOfTool } from "../../server/reports/service.ts";
import { REPORT_REASONS } from "../../core/reports.ts";
import { ownerReplySchema, REVIEW_LIMITS, reviewerName } from "../../core/reviews.ts";
import { ownerReviews, submitOwnerReply } from "../../server/reviews/service.ts";
import { LIFECYCLE_LABELS, SETTABLE_LIFECYCLE_STATES } from "../../core/lifecycle.ts";
import { readUploadForm } from "../../server/submissions/form.ts";
import { drawChart } from "../../server/insights/draw.ts";
import { ownerChart, sponsorReportPath, sponsorToken } from "../../server/insights/reports.ts";
import { formatUsd } from "../../core/featuring.ts";
import { InsightChart } from "../components/insight-chart.tsx";
import { ErrorSummary, Field, inputClass, messagesOf, SubmitButton } from "../components/field.tsx";
import { StatusPage } from "../components/not-found.tsx";
import { CheckboxGroup } from "../components/tool-form.tsx";
import { PageScript } from "../components/page-script.tsx";
import { ToolLogo } from "../components/tool-logo.tsx";
import { UtcTime } from "../components/utc-time.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { TextAnchor, TextLink } from "../components/ui/text-link.tsx";
import { requestContextKey, servicesContextKey } from "../context.ts";
import { formConstraint } from "../lib/constraint.ts";
import { refusedPost, unreadUpload } from "../lib/tool-form-replies.ts";
import type { Route } from "./+types/owner.ts";

// A verified owner's private page (/owner/<token>, ADR 032): the listing's likes and views, and
// a form to propose changes to its content and logo. A proposal waits for an admin; the owner's
// newer one replaces it (other owners of the listing have their own). The token is the only key:
// never indexed, never kept by any cache.

const NOT_FOUND =
  "This owner link does not work. It may have been replaced by a newer one or revoked. You can ask for a new one on the listing's claim page.";
const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(actionHeaders);
  for (const [name, value] of Object.entries(PRIVATE)) headers.set(name, value);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Owner: ${loaderData.page.tool.name}` : "Owner link not found" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const owner = await findOwner(services.database, params.token);
  if (!owner) throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
  const page = await ownerPage(services.database, services.counts.views, owner, services.now());
  if (!page) throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  // What visitors reported about the listing and no admin has resolved yet; never who reported it.
  const reports = await openReportsOfTool(services.database, owner.toolId);
  // Published reviews of the listing, each with the owner's one reply and its state.
  const reviews = await ownerReviews(services.database, owner.toolId);
  const replied = new URL(request.url).searchParams.get("replied") === "1";
  // The last 90 days per day, and the listing's featured placements, each with its report.
  const chart = await ownerChart(services.database, owner.toolId, services.now());
  const placements = await services.database.db
    .selectFrom("orders")
    .select(["id", "amount_cents", "featured_from", "paid_at"])
    .where("tool_id", "=", owner.toolId)
    .where("kind", "=", "featuring")
    .where("status", "=", "paid")
    .orderBy("paid_at", "desc")
    .execute();
  const featured = await Promise.all(
    placements.map(async (order) => ({
      amountCents: Number(order.amount_cents),
      paidAt: Number(order.paid_at),
      report: sponsorReportPath(await sponsorToken(services.signingKey, order.id)),
    })),
  );
  return data(
    {
      chart: {
        chart,
        svg: await drawChart(chart, { width: 720, height: 260 }),
        csv: `/owner/${params.token}/stats.csv`,
      },
      featured,
      page,
      owner: { method: owner.method, who: owner.email ?? owner.domain, verifiedAt: owner.verifiedAt },
      sent,
      reports,
      reviews,
      replied,
    },
    { headers: PRIVATE },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const { addressKey, ip } = context.get(requestContextKey);
  const owner = await findOwner(services.database, params.token);
  if (!owner) throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
  const form = await readUploadForm(request);
  if (form.ok && form.formData.get("intent") === "reply") {
    // A reply to a review (docs/decisions/051): once per review, waiting for an admin.
    const reviewId = String(form.formData.get("reviewId") ?? "");
    const parsed = ownerReplySchema.safeParse({ reply: form.formData.get("reply") ?? undefined });
    const refuse = (message: string, status: number) =>
      data({ status: "error" as const, form: undefined, replyTo: { reviewId, message } }, { status, headers: PRIVATE });
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Please write your reply.", 400);
    const outcome = await submitOwnerReply(services, owner, reviewId, parsed.data.reply);
    if (outcome.kind === "none") return refuse("That review is not published on your listing.", 404);
    if (outcome.kind === "already") return refuse("You have already replied to this review.", 409);
    return redirect(`/owner/${params.token}?replied=1#reviews`, { status: 303, headers: PRIVATE });
  }
  const submission = parseWithZod(form.formData, { schema: ownerEditSchema });
  if (!form.ok) {
    const refusal = unreadUpload(submission, form.problem, (message) => message);
    return data(formReply(refusal.result), { status: refusal.status, headers: PRIVATE });
  }
  if (submission.status !== "success") {
    const refusal = refusedPost(submission, null) ?? unreadUpload(submission, "unreadable", (message) => message);
    return data(formReply(refusal.result), { status: refusal.status, headers: PRIVATE });
  }
  const { logo, ...content } = submission.value;
  const outcome = await submitOwnerEdit(
    { ...services, limiter: services.limiters.ownerEdit },
    owner,
    { addressKey, ip },
    content,
    logo ? { name: logo.name, bytes: Buffer.from(await logo.arrayBuffer()) } : null,
  );
  switch (outcome.kind) {
    case "saved":
      // Redirect after the post, so a reload cannot send the edit twice.
      return redirect(`/owner/${params.token}?sent=1`, { status: 303, headers: PRIVATE });
    case "no-change":
      return data(
        formReply(submission.reply({ formErrors: ["Nothing was changed: the listing already says all this."] })),
        { status: 400, headers: PRIVATE },
      );
    case "bad-logo":
      return data(formReply(submission.reply({ fieldErrors: { logo: [logoFailedMessage(outcome.message)] } })), {
        status: 400,
        headers: PRIVATE,
      });
    case "bad-successor":
      return data(formReply(submission.reply({ fieldErrors: { successor: [outcome.message] } })), {
        status: 400,
        headers: PRIVATE,
      });
    case "limited":
      return data(formReply(submission.reply({ formErrors: [outcome.message] })), {
        status: 429,
        headers: { ...PRIVATE, "Retry-After": String(outcome.retryAfterSec) },
      });
    case "gone":
      throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
  }
}

const LIST_FIELDS = [
  ["features", "Features"],
  ["useCases", "Use cases"],
  ["integrations", "Integrations"],
  ["targetAudience", "Target audience"],
] as const;

export default function OwnerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, owner, sent, reports, reviews, replied, chart, featured } = loaderData;
  const replyTo = actionData && "replyTo" in actionData ? actionData.replyTo : undefined;
  const { tool } = page;
  // The form starts from the listing with this owner's own pending proposal on top.
  const start = page.form;
  const [form, fields] = useForm<z.input<typeof ownerEditSchema>>({
    id: "owner-edit",
    lastResult: actionData?.form,
    constraint: formConstraint(ownerEditSchema),
    defaultValue: {
      name: start.name,
      tagline: start.tagline,
      description: start.description,
      categories: start.categories,
      tags: start.tags.join(", "),
      platforms: start.platforms,
      pricingModel: start.pricingModel ?? "",
      pricingDetails: start.pricingDetails,
      features: start.features.join(", "),
      useCases: start.useCases.join(", "),
      integrations: start.integrations.join(", "),
      targetAudience: start.targetAudience.join(", "),
      lifecycle: start.lifecycle,
      successor: start.successor,
    },
  });
  const fmt = (n: number) => n.toLocaleString("en-US");

  return (
    <section className="mx-auto max-w-3xl space-y-8 py-8" aria-labelledby="owner-title">
      <div className="flex items-center gap-4">
        <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size={56} />
        <div>
          <h1 id="owner-title" className="text-3xl font-bold">
            {tool.name}: owner page
          </h1>
          <p className="text-sm text-slate-700">
            Verified {owner.method === "email" ? `by e-mail (${owner.who})` : `by the website (${owner.who})`} on{" "}
            <UtcTime ms={owner.verifiedAt} />. This page is private: keep its address to yourself.
          </p>
        </div>
      </div>

      {sent && !actionData && (
        <Alert tone="saved">
          Thank you: your changes were sent for review. The listing changes once our team approves them.
        </Alert>
      )}

      <section aria-labelledby="numbers-title" className="space-y-3">
        <h2 id="numbers-title" className="text-xl font-semibold">
          The listing in numbers
        </h2>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <div className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-700">Likes</dt>
            <dd className="text-3xl font-bold" data-testid="owner-likes">
              {fmt(page.likes)}
            </dd>
          </div>
          <div className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-700">Page views, all time</dt>
            <dd className="text-3xl font-bold" data-testid="owner-views">
              {fmt(page.views.total)}
            </dd>
          </div>
          <div className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-700">Page views, last 30 days</dt>
            <dd className="text-3xl font-bold">{fmt(page.views.last30Days)}</dd>
          </div>
        </dl>
        <p className="text-sm text-slate-700">
          Views count visits of the listing&apos;s page by people (not search engines), by UTC day.{" "}
          {page.public ? (
            <TextLink to={`/tool/${encodeURIComponent(tool.slug)}`}>See the listing</TextLink>
          ) : (
            "The listing is not public at the moment."
          )}
        </p>
      </section>

      <section aria-labelledby="owner-days-title" className="space-y-3">
        <h2 id="owner-days-title" className="text-xl font-semibold">
          Per day
        </h2>
        <InsightChart chart={chart.chart} svg={chart.svg} />
        <p>
          <TextAnchor href={chart.csv} download>
            Download the last 90 days (CSV)
          </TextAnchor>
        </p>
        {featured.length > 0 && (
          <>
            <h3 className="font-semibold">Featured placements</h3>
            <ul className="list-disc space-y-1 pl-6">
              {featured.map((placement) => (
                <li key={placement.report}>
                  {formatUsd(placement.amountCents)}, paid <UtcTime ms={placement.paidAt} />:{" "}
                  <TextLink to={placement.report}>its report</TextLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="reports-title" className="space-y-3">
        <h2 id="reports-title" className="text-xl font-semibold">
          Open reports
        </h2>
        {reports.length === 0 ? (
          <p className="text-sm text-slate-700">No one has reported a problem with the listing that is still open.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Visitors reported these problems; our team looks at each. If one is right, propose a change below.
            </p>
            <ul className="space-y-2 text-sm">
              {reports.map((report, i) => (
                <li key={i} className="rounded-lg border border-slate-200 p-3">
                  <span className="font-medium">{REPORT_REASONS[report.reason]}</span> ·{" "}
                  <UtcTime ms={report.createdAt} />
                  {report.note && (
                    <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">{report.note}</p>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section id="reviews" aria-labelledby="owner-reviews-title" className="space-y-3">
        <h2 id="owner-reviews-title" className="text-xl font-semibold">
          Reviews
        </h2>
        {replied && <Alert tone="saved">Thank you: your reply waits for a moderator and is shown once approved.</Alert>}
        {/* A refused reply to a review this page shows no form for is said here, not beside it. */}
        {replyTo && !reviews.some((r) => r.id === replyTo.reviewId && r.reply?.status !== "published") && (
          <Alert tone="error">{replyTo.message}</Alert>
        )}
        {reviews.length === 0 ? (
          <p className="text-sm text-slate-700">No published reviews of the listing yet.</p>
        ) : (
          <ul className="space-y-3 text-sm">
            {reviews.map((review) => (
              <li key={review.id} className="rounded-lg border border-slate-200 p-3">
                <p className="font-medium wrap-anywhere">
                  {review.rating} out of 5 by {reviewerName(review.name)} · <UtcTime ms={review.publishedAt} />
                </p>
                <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">{review.text}</p>
                {review.reply && review.reply.status !== "rejected" ? (
                  <p className="mt-2 border-l-4 border-brand-700 pl-3 wrap-anywhere">
                    <span className="font-medium">
                      Your reply ({review.reply.status === "published" ? "published" : "waiting for a moderator"}):
                    </span>{" "}
                    {review.reply.text}
                  </p>
                ) : (
                  <Form method="post" className="mt-2 space-y-2">
                    {review.reply?.status === "rejected" && (
                      <p className="text-amber-900">
                        Your reply was not accepted{review.reply.reason ? `: ${review.reply.reason}` : "."} You may
                        write another.
                      </p>
                    )}
                    <input type="hidden" name="intent" value="reply" />
                    <input type="hidden" name="reviewId" value={review.id} />
                    <Field
                      id={`reply-${review.id}`}
                      label="Your reply (once per review, shown after moderation)"
                      errors={replyTo?.reviewId === review.id ? [replyTo.message] : undefined}
                      errorId={`reply-${review.id}-error`}
                    >
                      <textarea
                        id={`reply-${review.id}`}
                        name="reply"
                        rows={3}
                        maxLength={REVIEW_LIMITS.reply}
                        required
                        aria-describedby={`reply-${review.id}-error`}
                        className={inputClass}
                      />
                    </Field>
                    <button
                      type="submit"
                      className="rounded-md border border-slate-400 bg-white px-3 py-1.5 font-medium text-slate-900 hover:bg-slate-100"
                    >
                      Send reply
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {page.pending && (
        <section
          aria-labelledby="pending-title"
          className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <h2 id="pending-title" className="text-xl font-semibold">
            Waiting for review
          </h2>
          <p>
            Changes sent on <UtcTime ms={page.pending.createdAt} />:{" "}
            {page.pending.changes.map((c) => c.label).join(", ") || "none to the text"}
            {page.pending.logoUrl ? " and a new logo" : ""}. Sending the form again replaces them.
          </p>
        </section>
      )}
      {!page.pending && page.lastDecided && (
        <Alert tone={page.lastDecided.status === "approved" ? "saved" : "warning"}>
          {page.lastDecided.status === "approved"
            ? "Your last changes were approved and are on the listing."
            : `Your last changes were not accepted. ${page.lastDecided.reason ? `Reason: ${page.lastDecided.reason}` : "No reason was given."}`}
        </Alert>
      )}

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
        <div>
          <h2 className="text-xl font-semibold">Propose changes</h2>
          <p className="text-sm text-slate-700">
            Your changes are reviewed before they are published; one proposal at a time (a new one replaces yours that
            is waiting). The website address is what you proved and cannot be changed here: write to us through the
            contact page for that.
          </p>
        </div>
        <ErrorSummary
          formErrors={form.errors}
          fields={[
            ...(["name", "tagline", "description"] as const).map((name) => ({
              id: fields[name].id,
              errors: fields[name].errors,
            })),
            ...([fields.categories, fields.platforms] as const).map((group) => ({
              id: `${group.id}-0`,
              errors: messagesOf(group),
            })),
            ...(
              [
                "pricingModel",
                "pricingDetails",
                "tags",
                ...LIST_FIELDS.map(([name]) => name),
                "lifecycle",
                "successor",
                "logo",
              ] as const
            ).map((name) => ({ id: fields[name].id, errors: messagesOf(fields[name]) })),
          ]}
        />
        <Field id={fields.name.id} label="Name *" errors={fields.name.errors} errorId={fields.name.errorId}>
          <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} />
        </Field>
        <Field
          id={fields.tagline.id}
          label="Tagline *"
          hint={`Up to ${SUBMISSION_LIMITS.tagline} characters.`}
          errors={fields.tagline.errors}
          errorId={fields.tagline.errorId}
        >
          <input {...getInputProps(fields.tagline, { type: "text" })} className={inputClass} />
        </Field>
        <Field
          id={fields.description.id}
          label="Description"
          hint={`Line breaks are kept. Up to ${fmt(SUBMISSION_LIMITS.description)} characters.`}
          errors={fields.description.errors}
          errorId={fields.description.errorId}
        >
          <textarea {...getTextareaProps(fields.description)} rows={6} className={inputClass} />
        </Field>
        <CheckboxGroup
          legend="Categories *"
          hint={`At least one, at most ${SUBMISSION_LIMITS.categories}.`}
          field={fields.categories}
          options={CATEGORIES.map((c) => ({ value: c.slug, label: c.name }))}
          missing={SUBMISSION_MESSAGES.noCategory}
        />
        <CheckboxGroup
          legend="Platforms"
          field={fields.platforms}
          options={PLATFORMS.map((p) => ({ value: p, label: p }))}
        />
        <Field
          id={fields.pricingModel.id}
          label="Pricing model"
          errors={fields.pricingModel.errors}
          errorId={fields.pricingModel.errorId}
        >
          <select {...getSelectProps(fields.pricingModel)} className={inputClass}>
            <option value="">Not specified</option>
            {PRICING_MODELS.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fields.pricingDetails.id}
          label="Pricing details"
          errors={fields.pricingDetails.errors}
          errorId={fields.pricingDetails.errorId}
        >
          <textarea {...getTextareaProps(fields.pricingDetails)} rows={2} className={inputClass} />
        </Field>
        <Field
          id={fields.tags.id}
          label="Tags"
          hint={`Separated by commas, up to ${SUBMISSION_LIMITS.tags}.`}
          errors={messagesOf(fields.tags)}
          errorId={fields.tags.errorId}
        >
          <input {...getInputProps(fields.tags, { type: "text" })} multiple={undefined} className={inputClass} />
        </Field>
        {LIST_FIELDS.map(([name, label]) => (
          <Field
            key={name}
            id={fields[name].id}
            label={label}
            hint="Separated by commas."
            errors={messagesOf(fields[name])}
            errorId={fields[name].errorId}
          >
            <textarea {...getTextareaProps(fields[name])} rows={2} className={inputClass} />
          </Field>
        ))}
        <Field
          id={fields.lifecycle.id}
          label={OWNER_FIELD_LABELS.lifecycle}
          hint="If the tool is discontinued or was acquired, say so: its page then tells visitors and points to the tool that took over."
          errors={fields.lifecycle.errors}
          errorId={fields.lifecycle.errorId}
        >
          <select {...getSelectProps(fields.lifecycle)} className={inputClass}>
            {SETTABLE_LIFECYCLE_STATES.map((state) => (
              <option key={state} value={state}>
                {state === "active" ? "Active (maintained)" : LIFECYCLE_LABELS[state]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fields.successor.id}
          label={`${OWNER_FIELD_LABELS.successor} (optional)`}
          hint="For a discontinued or acquired tool: the address name (slug) of the tool that took over on this site, as in /tool/slug."
          errors={fields.successor.errors}
          errorId={fields.successor.errorId}
        >
          <input {...getInputProps(fields.successor, { type: "text" })} className={inputClass} />
        </Field>
        <Field
          id={fields.logo.id}
          label={`New ${OWNER_FIELD_LABELS.logo.toLowerCase()}`}
          hint="Square PNG, JPG or WebP, max 5MB. Leave empty to keep the current logo."
          errors={fields.logo.errors}
          errorId={fields.logo.errorId}
        >
          <input {...getInputProps(fields.logo, { type: "file" })} accept={LOGO_ACCEPT} className={inputClass} />
        </Field>
        <SubmitButton busy={false} label="Send for review" busyLabel="Sending…" />
      </Form>
      <PageScript name="form-checks" />
      <PageScript name="busy-forms" />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : "The owner page could not be shown. Please try again later.";
  return (
    <StatusPage
      headTags={false}
      eyebrow={notFound ? "404" : undefined}
      title={notFound ? "Owner link not found" : "Something went wrong"}
      message={notFound ? NOT_FOUND : message}
      link={{ to: "/", label: "Go to Homepage" }}
    />
  );
}
