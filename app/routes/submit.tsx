import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CATEGORIES } from "../../core/categories.ts";
import { PLATFORMS } from "../../core/platforms.ts";
import { PRICING_MODELS } from "../../core/pricing.ts";
import {
  logoFailedMessage,
  SUBMISSION_LIMITS,
  SUBMISSION_MESSAGES,
  submissionSchema,
  submitFailedMessage,
  SUBMIT_HONEYPOT_FIELD,
} from "../../core/submission.ts";
import { LOGO_ACCEPT } from "../../core/uploads.ts";
import { findTool } from "../../server/catalog/queries.ts";
import { readUploadForm } from "../../server/submissions/form.ts";
import { submitTool } from "../../server/submissions/service.ts";
import { Field, FormAlert, Honeypot, inputClass, SubmitButton } from "../components/field.tsx";
import { requestContextKey, servicesContextKey } from "../context.ts";
import { seoMeta } from "../lib/meta.ts";
import type { Route } from "./+types/submit.ts";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(matches, {
    title: "Submit a Tool",
    description: "List your software, AI or web tool in the directory for free. Every submission is reviewed before it appears.",
    path: location.pathname,
  });

// An action's headers (Retry-After on 429) reach the document response only through here.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** After a successful post the page shows the confirmation for the tool named in `?submitted=`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get("submitted");
  if (!slug) return { submitted: null };
  const { database, now } = context.get(servicesContextKey);
  const tool = await findTool(database, slug, now());
  return { submitted: tool && tool.status === "pending" ? { slug: tool.slug, name: tool.name } : null };
}

const UNREADABLE = "The form could not be read. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const { ip } = context.get(requestContextKey);
  const form = await readUploadForm(request);
  const submission = parseWithZod(form.formData, { schema: submissionSchema });

  // Every post counts against the limit, valid or not: that is what stops a script.
  const limit = await services.limiters.submit.consume(ip);
  if (limit.limited) {
    return data(
      submission.reply({ formErrors: [submitFailedMessage("Too many submissions from your network. Please try again later.")] }),
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSec) } },
    );
  }
  if (!form.ok) {
    return form.problem === "file-too-large"
      ? data(submission.reply({ fieldErrors: { logo: [logoFailedMessage("The file is larger than 5 MB")] } }), { status: 413 })
      : data(submission.reply({ formErrors: [submitFailedMessage(form.problem === "too-large" ? "The form is too large." : UNREADABLE)] }), {
          status: form.problem === "too-large" ? 413 : 400,
        });
  }
  if (String(form.formData.get(SUBMIT_HONEYPOT_FIELD) ?? "") !== "") {
    return data(submission.reply({ formErrors: [submitFailedMessage("Your submission looks automated and was not sent.")] }), { status: 400 });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const { logo, ...content } = submission.value;
  try {
    const result = await submitTool(
      { ...services, onJobQueued: services.jobs.nudge },
      content,
      { name: logo.name, bytes: Buffer.from(await logo.arrayBuffer()) },
    );
    if (result.kind === "bad-logo") {
      return data(submission.reply({ fieldErrors: { logo: [logoFailedMessage(result.message)] } }), { status: 400 });
    }
    if (result.kind === "duplicate") {
      return data(
        {
          ...submission.reply({ fieldErrors: { websiteUrl: [`This website is already listed as “${result.existing.name}”.`] } }),
          duplicate: result.existing,
        },
        { status: 409 },
      );
    }
    // Redirect after the post, so a reload cannot submit twice.
    return redirect(`${new URL(request.url).pathname.replace(/\.data$/, "")}?submitted=${encodeURIComponent(result.tool.slug)}`, 303);
  } catch (error) {
    services.log.error({ err: error }, "submission not saved");
    return data(submission.reply({ formErrors: [submitFailedMessage("The submission could not be saved. Please try again in a few minutes.")] }), {
      status: 503,
    });
  }
}

/** The comma-separated lists, in the order the tool page shows them. */
const LIST_FIELDS = [
  ["features", "Features"],
  ["useCases", "Use cases"],
  ["integrations", "Integrations"],
  ["targetAudience", "Target audience"],
] as const;

const linkClass = "font-medium text-brand-700 underline underline-offset-4";
const fmt = (n: number) => n.toLocaleString("en-US");

export default function Submit({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult: sending ? undefined : actionData,
    constraint: getZodConstraint(submissionSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: submissionSchema }),
  });

  if (loaderData.submitted) {
    const { slug, name } = loaderData.submitted;
    return (
      <section className="mx-auto max-w-xl py-8 text-center" aria-labelledby="submitted-title">
        <h1 id="submitted-title" className="text-3xl font-bold">
          Thank you!
        </h1>
        <p className="mt-4 text-lg text-slate-800" role="status">
          {SUBMISSION_MESSAGES.success}
        </p>
        <p className="mt-2 text-slate-700">
          Until it is approved, “{name}” appears in no list; its page is marked Pending.
        </p>
        <p className="mt-8 flex flex-wrap justify-center gap-6">
          <Link to={`/tool/${encodeURIComponent(slug)}`} className={linkClass}>
            See its page
          </Link>
          <Link to="/submit-tool" className={linkClass}>
            Submit another tool
          </Link>
          <Link to="/" className={linkClass}>
            Back to the directory
          </Link>
        </p>
      </section>
    );
  }

  const duplicate = (actionData as { duplicate?: { slug: string; name: string } } | undefined)?.duplicate ?? null;
  return (
    <section className="mx-auto max-w-2xl" aria-labelledby="submit-title">
      <h1 id="submit-title" className="text-3xl font-bold">
        Submit a Tool
      </h1>
      <p className="mt-2 text-slate-700">
        Listing is free. We review every submission before it appears in the directory. Fields marked with * are required.
      </p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-8 space-y-8">
        <FormAlert id={form.errorId} errors={form.errors} />

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">The tool</legend>
          <Field id={fields.name.id} label="Name *" errors={fields.name.errors} errorId={fields.name.errorId}>
            <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} />
          </Field>
          <Field
            id={fields.tagline.id}
            label="Tagline *"
            hint={`One line that says what it does, up to ${SUBMISSION_LIMITS.tagline} characters.`}
            errors={fields.tagline.errors}
            errorId={fields.tagline.errorId}
          >
            <input {...getInputProps(fields.tagline, { type: "text" })} className={inputClass} />
          </Field>
          <Field
            id={fields.websiteUrl.id}
            label="Website URL *"
            hint="The full address, e.g. https://example.com"
            errors={fields.websiteUrl.errors}
            errorId={fields.websiteUrl.errorId}
          >
            <input {...getInputProps(fields.websiteUrl, { type: "url" })} autoComplete="url" className={inputClass} />
          </Field>
          {duplicate && (
            <p className="-mt-3 text-sm">
              <Link to={`/tool/${encodeURIComponent(duplicate.slug)}`} className={linkClass}>
                See the listing of {duplicate.name}
              </Link>
            </p>
          )}
          <Field
            id={fields.description.id}
            label="Description"
            hint={`What it does and for whom; line breaks are kept. Up to ${fmt(SUBMISSION_LIMITS.description)} characters.`}
            errors={fields.description.errors}
            errorId={fields.description.errorId}
          >
            <textarea {...getTextareaProps(fields.description)} rows={6} className={inputClass} />
          </Field>
        </fieldset>

        <CheckboxGroup
          legend="Categories *"
          hint={`At least one, at most ${SUBMISSION_LIMITS.categories}.`}
          field={fields.categories}
          options={CATEGORIES.map((c) => ({ value: c.slug, label: c.name }))}
        />

        <CheckboxGroup
          legend="Platforms"
          field={fields.platforms}
          options={PLATFORMS.map((p) => ({ value: p, label: p }))}
        />

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">Pricing</legend>
          <Field id={fields.pricingModel.id} label="Pricing model" errors={fields.pricingModel.errors} errorId={fields.pricingModel.errorId}>
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
            hint="Plans and prices, e.g. Free up to 3 users, Pro $8 per user a month."
            errors={fields.pricingDetails.errors}
            errorId={fields.pricingDetails.errorId}
          >
            <textarea {...getTextareaProps(fields.pricingDetails)} rows={2} className={inputClass} />
          </Field>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">Details</legend>
          <p className="text-sm text-slate-700">Separate items with commas.</p>
          <Field id={fields.tags.id} label="Tags" hint={`Up to ${SUBMISSION_LIMITS.tags}, e.g. notes, wiki, markdown`} errors={fields.tags.errors} errorId={fields.tags.errorId}>
            <input {...getInputProps(fields.tags, { type: "text" })} className={inputClass} />
          </Field>
          {LIST_FIELDS.map(([name, label]) => (
            <Field key={name} id={fields[name].id} label={label} errors={fields[name].errors} errorId={fields[name].errorId}>
              <textarea {...getTextareaProps(fields[name])} rows={2} className={inputClass} />
            </Field>
          ))}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">Logo and contact</legend>
          <Field
            id={fields.logo.id}
            label="Logo *"
            hint="Square PNG or JPG, max 5MB."
            errors={fields.logo.errors}
            errorId={fields.logo.errorId}
          >
            <input {...getInputProps(fields.logo, { type: "file" })} accept={LOGO_ACCEPT} className={inputClass} />
          </Field>
          <Field
            id={fields.submitterEmail.id}
            label="Your email (optional)"
            hint="Only for questions about this submission; never shown publicly."
            errors={fields.submitterEmail.errors}
            errorId={fields.submitterEmail.errorId}
          >
            <input {...getInputProps(fields.submitterEmail, { type: "email" })} autoComplete="email" className={inputClass} />
          </Field>
        </fieldset>

        <Honeypot name={SUBMIT_HONEYPOT_FIELD} />
        <SubmitButton busy={sending} label="Submit Tool" busyLabel="Submitting…" />
      </Form>
    </section>
  );
}

type CollectionField = Parameters<typeof getCollectionProps>[0];

/** A group of checkboxes with its legend, hint and error, announced together. */
function CheckboxGroup({
  legend,
  hint,
  field,
  options,
}: {
  legend: string;
  hint?: string;
  field: CollectionField;
  options: { value: string; label: string }[];
}) {
  const hintId = `${field.id}-hint`;
  const boxes = getCollectionProps(field, { type: "checkbox", options: options.map((o) => o.value) });
  return (
    <fieldset aria-describedby={[hint ? hintId : "", field.errorId].filter(Boolean).join(" ")} aria-invalid={field.errors ? true : undefined}>
      <legend className="text-lg font-semibold">{legend}</legend>
      {hint && (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <div className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {boxes.map(({ key, ...box }, i) => (
          <label key={key} className="flex items-center gap-2">
            {/* Conform's props carry aria-describedby for the group; the fieldset already says it. */}
            <input {...box} aria-describedby={undefined} aria-invalid={undefined} className="h-4 w-4 accent-brand-700" />
            <span>{options[i]!.label}</span>
          </label>
        ))}
      </div>
      <p id={field.errorId} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
        {field.errors?.[0]}
      </p>
    </fieldset>
  );
}
