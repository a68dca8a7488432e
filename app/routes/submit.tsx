import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useEffectEvent, useId, useState, useSyncExternalStore, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CATEGORIES } from "../../core/categories.ts";
import {
  FEATURE_MAX_USD,
  FEATURE_MIN_USD,
  normalizeFeatureAmount,
  parseFeatureAmountParam,
  priorityLabel,
  SUBMIT_FEATURE_DEFAULT_USD,
  SUBMIT_SLIDER_MAX_USD,
} from "../../core/featuring.ts";
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
import { AmountSlider, startCheckout, useResetOnPageRestore } from "../components/amount-slider.tsx";
import { Field, FormAlert, Honeypot, inputClass, SubmitButton } from "../components/field.tsx";
import { requestContextKey, servicesContextKey } from "../context.ts";
import { noSubscription, useHydrated } from "../lib/hydrated.ts";
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

/**
 * After a successful post the page shows the confirmation for the tool named in `?submitted=`;
 * `&feature=<amount>` says the submitter chose to feature it, so the page goes on to checkout.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const slug = params.get("submitted");
  if (!slug) return { submitted: null, feature: null };
  const { database, now } = context.get(servicesContextKey);
  const tool = await findTool(database, slug, now());
  if (!tool || tool.status !== "pending") return { submitted: null, feature: null };
  return { submitted: { id: tool.id, slug: tool.slug, name: tool.name }, feature: parseFeatureAmountParam(params.get("feature")) };
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

  // The feature choice leads to checkout; it is never stored with the tool.
  const { logo, feature, featureAmount, ...content } = submission.value;
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
    const next = `${new URL(request.url).pathname.replace(/\.data$/, "")}?submitted=${encodeURIComponent(result.tool.slug)}`;
    return redirect(feature === "on" ? `${next}&feature=${featureAmount}` : next, 303);
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
    const { id, slug, name } = loaderData.submitted;
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
        {loaderData.feature !== null && <ContinueToCheckout toolId={id} amount={loaderData.feature} />}
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

        <FeatureChoice feature={fields.feature} amount={fields.featureAmount} />

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

type InputField = Parameters<typeof getInputProps>[0];

/**
 * The optional paid path (spec §2, §9): tick the box and choose an amount; after the submission is
 * saved the page goes on to checkout. Without JavaScript the amount is always there (it counts only
 * when the box is ticked); with it, the amount and its slider show once the box is ticked.
 */
function FeatureChoice({ feature, amount }: { feature: InputField; amount: InputField }) {
  const hydrated = useHydrated();
  const hintId = useId();
  const priorityId = useId();
  const [checked, setChecked] = useState(feature.initialValue === "on");
  const initialAmount = typeof amount.initialValue === "string" && amount.initialValue !== "" ? amount.initialValue : String(SUBMIT_FEATURE_DEFAULT_USD);
  const [amountText, setAmountText] = useState(initialAmount);
  // The priority follows what is typed; an empty or out-of-range amount reads as the nearest allowed one.
  const value = amountText.trim() === "" ? SUBMIT_FEATURE_DEFAULT_USD : normalizeFeatureAmount(amountText);
  // Both inputs are controlled here (the slider and the checkbox drive them), so Conform's defaults go.
  const { key: _featureKey, defaultChecked: _checked, ...checkbox } = getInputProps(feature, { type: "checkbox" });
  const { key: _amountKey, defaultValue: _amount, ...amountInput } = getInputProps(amount, { type: "number" });

  return (
    <fieldset className="space-y-4 rounded-xl border border-amber-300 bg-amber-50/60 p-4 sm:p-5">
      <legend className="px-1 text-lg font-semibold">Get featured (optional)</legend>
      <p id={hintId} className="-mt-2 text-sm text-slate-700">
        Featured tools are shown first on the home page, in browse and in search, with a badge, for a year. After you submit, you
        go on to pay on the payment provider’s secure page; nothing is charged before that.
      </p>
      <label className="flex items-start gap-2">
        <input
          {...checkbox}
          value="on"
          checked={checked}
          onChange={(event) => setChecked(event.target.checked)}
          aria-describedby={hintId}
          className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
        />
        <span className="font-medium">Feature this tool after submitting</span>
      </label>
      {(checked || !hydrated) && (
        <div className="space-y-3">
          <Field
            id={amount.id}
            label="Feature amount in US dollars"
            hint={`Whole dollars, from $${FEATURE_MIN_USD} to $${FEATURE_MAX_USD.toLocaleString("en-US")}${hydrated ? "." : "; used only when the box above is ticked."}`}
            errors={amount.errors}
            errorId={amount.errorId}
          >
            <input
              {...amountInput}
              inputMode="numeric"
              step={1}
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              onBlur={() => {
                if (amountText.trim() !== "") setAmountText(String(normalizeFeatureAmount(amountText)));
              }}
              aria-describedby={[amount.errorId, priorityId].join(" ")}
              className={`${inputClass} max-w-40`}
            />
          </Field>
          {/* Dragging needs JavaScript: without it the typed amount is the whole control. */}
          {hydrated && (
            <AmountSlider
              label="Feature amount slider"
              min={FEATURE_MIN_USD}
              max={SUBMIT_SLIDER_MAX_USD}
              value={value}
              onChange={(next) => setAmountText(String(next))}
              valueText={(next) => `$${next}, ${priorityLabel(next)} priority`}
              describedBy={priorityId}
            />
          )}
          <p id={priorityId} className="text-sm">
            Priority: <strong>{priorityLabel(value)}</strong>
            <span className="text-slate-700"> (Ultra High from $100 · High from $50 · Medium from $30)</span>
          </p>
        </div>
      )}
    </fieldset>
  );
}

const CHECKOUT_DELAY_MS = 2000;

const startedKey = (toolId: string) => `toolshelf:checkout-started:${toolId}`;
/** Whether this tab already went on to checkout for the tool (then coming back must not go again by itself). */
function readStarted(toolId: string): boolean {
  try {
    return window.sessionStorage.getItem(startedKey(toolId)) === "1";
  } catch {
    return false;
  }
}
function markStarted(toolId: string) {
  try {
    window.sessionStorage.setItem(startedKey(toolId), "1");
  } catch {
    // Storage unavailable (private mode): coming back may count down once more, which is harmless.
  }
}

/**
 * After a submission that asked to be featured: goes on to checkout after 2 seconds (spec §9).
 * Without JavaScript it is a plain form to the checkout endpoint, which answers with a redirect.
 */
function ContinueToCheckout({ toolId, amount }: { toolId: string; amount: number }) {
  const hydrated = useHydrated();
  const startedBefore = useSyncExternalStore(
    noSubscription,
    () => readStarted(toolId),
    () => false,
  );
  const [stage, setStage] = useState<"waiting" | "busy" | "stopped">("waiting");
  // Counting down only on the first visit: back from checkout (or a reload) the button waits for a click.
  const counting = hydrated && !startedBefore && stage === "waiting";
  const [error, setError] = useState<string | null>(null);
  useResetOnPageRestore(() => setStage("stopped"));

  async function go() {
    setStage("busy");
    setError(null);
    const outcome = await startCheckout(toolId, amount);
    if (outcome.kind === "redirect") {
      markStarted(toolId);
      window.location.assign(outcome.url);
      return;
    }
    setError(outcome.message);
    setStage("stopped");
  }

  const onDelayOver = useEffectEvent(() => void go());
  useEffect(() => {
    if (!counting) return;
    const timer = setTimeout(onDelayOver, CHECKOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [counting]);

  function submit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the answer is read here, so an error shows on this page.
    event.preventDefault();
    if (stage !== "busy") void go();
  }

  return (
    <div className="mx-auto mt-8 max-w-md rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 className="font-semibold">Featuring for ${amount.toLocaleString("en-US")}</h2>
      <p className="mt-1 text-slate-800" aria-live="polite">
        {counting
          ? "Continuing to checkout in 2 seconds…"
          : stage === "busy"
            ? "Opening checkout…"
            : "Continue to the payment provider’s secure page to pay."}
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {error}
        </p>
      )}
      <form method="post" action="/api/checkout-session" onSubmit={submit} className="mt-4 flex flex-wrap items-center justify-center gap-4">
        <input type="hidden" name="toolId" value={toolId} />
        <input type="hidden" name="amount" value={amount} />
        <button
          type="submit"
          disabled={stage === "busy"}
          className="rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
        >
          Continue to payment
        </button>
        {counting && (
          <button
            type="button"
            onClick={() => setStage("stopped")}
            className="rounded-lg px-3 py-2 font-medium text-slate-800 underline underline-offset-4 hover:bg-amber-100"
          >
            Not now
          </button>
        )}
      </form>
    </div>
  );
}
