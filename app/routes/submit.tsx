import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "../lib/constraint.ts";
import { useId } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import {
  CHECKOUT_MESSAGES,
  FEATURE_MAX_USD,
  FEATURE_MIN_USD,
  FEATURE_TIERS_TEXT,
  FEATURED_YEAR_FROM_APPROVAL,
  FEATURING_UNAVAILABLE,
  featureTier,
  SUBMIT_FEATURE_DEFAULT_USD,
} from "../../core/featuring.ts";
import {
  STATUS_TOKEN_PATTERN,
  SUBMISSION_MESSAGES,
  SUBMISSION_NOT_FOUND,
  submissionSchema,
  submitFailedMessage,
  SUBMIT_HONEYPOT_FIELD,
  SUBMISSION_LIMITS,
} from "../../core/submission.ts";
import { readUploadForm } from "../../server/submissions/form.ts";
import { isFillIntent, withProposedLogo, type FillStatus } from "../../core/website-fill.ts";
import { fillReply } from "../lib/website-fill.ts";
import { fillForm } from "../../server/submissions/website-fill.ts";
import { checkLogoFile } from "../../server/submissions/logo.ts";
import { guardPublicForm } from "../../server/platform/http/spam-guard.ts";
import { submissionConfirmation, submissionStatusPath, submitTool } from "../../server/submissions/service.ts";
import { mailStatusLink } from "../../server/submissions/status-mail.ts";
import { AmountSlider } from "../components/amount-slider.tsx";
import { ErrorSummary, Field, Honeypot, inputClass, SubmitButton } from "../components/field.tsx";
import { PageScript } from "../components/page-script.tsx";
import { PriorityReviewOffer } from "../components/priority-review-offer.tsx";
import { priorityReviewState } from "../../server/payments/priority-review.ts";
import { ToolFormFields, toolSummaryFields, websiteFillOf } from "../components/tool-form.tsx";
import { requestContextKey, servicesContextKey } from "../context.ts";
import { useFeaturingOffered } from "../lib/featuring.ts";
import { CONTINUE_TEXT } from "../lib/checkout.ts";
import { submitAmount } from "../lib/feature-amount.ts";
import { seoMeta } from "../lib/meta.ts";
import { refusalData, refusedPost, refusedSave, unreadUpload } from "../lib/tool-form-replies.ts";
import { formReply } from "../../core/replies.ts";
import { TextAnchor, TextLink } from "../components/ui/text-link.tsx";
import { Alert } from "../components/ui/alert.tsx";
import type { Route } from "./+types/submit.ts";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(matches, {
    title: "Submit a Tool",
    description:
      "List your software, AI or web tool in the directory for free. Every submission is reviewed before it appears.",
    path: location.pathname,
  });

// An action's headers (Retry-After on 429) reach the document response only through here; the
// loader's keep a confirmation that carries a private status link out of every cache.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(actionHeaders);
  for (const [name, value] of loaderHeaders) headers.set(name, value);
  return headers;
};

/** What the form's address shows: the form itself, no confirmation. */
const FORM = { submitted: null, feature: null, statusUrl: null, statusToken: null, name: null, review: null };

/**
 * At `/submit-tool/<status token>` (where a successful post leads) the page shows the confirmation
 * of that submission while it is pending, and the status page once it is decided;
 * `?feature=<amount>` says the submitter chose to feature it, so the page goes on to checkout.
 * The token is in the path, not the query, so the logs leave it out (core/route-table.ts).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const feature = url.searchParams.get("feature");
  if (params.statusToken === undefined) {
    // A confirmation address from before the token moved into the path (`?submitted=<slug>&status=<token>`).
    const status = url.searchParams.get("status");
    if (status !== null && STATUS_TOKEN_PATTERN.test(status))
      throw redirect(confirmationPath(url.pathname, status, feature), 301);
    // `?name=` starts the form with a name (the dashboard's searches that found nothing link here).
    const name = url.searchParams.get("name")?.trim().slice(0, SUBMISSION_LIMITS.name) || null;
    return data({ ...FORM, name });
  }
  const services = context.get(servicesContextKey);
  const confirmation = await submissionConfirmation(services, {
    statusToken: params.statusToken,
    feature,
  });
  if (confirmation.kind === "unknown") throw data(SUBMISSION_NOT_FOUND, { status: 404, headers: PRIVATE });
  if (confirmation.kind === "decided") throw redirect(confirmation.statusPath, { headers: PRIVATE });
  const { submitted, statusUrl } = confirmation;
  const review = await priorityReviewState(services, submitted.id);
  // The confirmation carries the private status link: it stays out of every cache.
  return data(
    { submitted, statusUrl, statusToken: params.statusToken, feature: confirmation.feature, name: null, review },
    { headers: PRIVATE },
  );
}

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The confirmation's address under the form's (`/submit-tool` or `/submit`), with the amount to feature it for, if any. */
function confirmationPath(formPath: string, statusToken: string, feature: string | null): string {
  const base = formPath
    .replace(/\.data$/, "")
    .split("/")
    .slice(0, 2)
    .join("/");
  return `${base}/${statusToken}${feature === null ? "" : `?feature=${encodeURIComponent(feature)}`}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const { addressKey } = context.get(requestContextKey);
  const limiter = services.limiters.submit;
  const form = await readUploadForm(request);
  // "Fill from website" posts the form too: it is answered filled in, never saved.
  if (isFillIntent(form.formData.get("intent"))) return fillReply(await fillForm(services, addressKey, form.formData));
  // A logo proposed by the website is checked below exactly as an uploaded one.
  const formData = withProposedLogo(form.formData);
  // Every field, the logo's content included, is checked in one pass, so every error shows at once.
  const logoCheck = await checkLogoFile(formData.get("logo"));
  const submission = parseWithZod(formData, { schema: submissionSchema });

  const refused = await guardPublicForm(
    { limiter, addressKey, honeypot: formData.get(SUBMIT_HONEYPOT_FIELD) },
    {
      limited: submitFailedMessage("Too many submissions from your network. Please try again later."),
      automated: submitFailedMessage("Your submission looks automated and was not sent."),
    },
  );
  // A flood is refused before anything else; a robot is refused with its post counted.
  if (refused?.init.status === 429)
    return data(formReply(submission.reply({ formErrors: [refused.message] })), refused.init);
  // Only a saved submission counts against the hourly limit: a person correcting a refused post
  // must not run out of tries. The point spent by the guard is given back for every other refusal.
  const giveBack = <T,>(answer: T) => limiter.refund(addressKey).then(() => answer);
  if (!form.ok) return giveBack(refusalData(unreadUpload(submission, form.problem)));
  if (refused) return data(formReply(submission.reply({ formErrors: [refused.message] })), refused.init);
  const refusal = refusedPost(submission, logoCheck);
  if (refusal || submission.status !== "success" || logoCheck?.kind !== "ok")
    return giveBack(refusalData(refusal ?? unreadUpload(submission, "unreadable")));

  // The feature choice leads to checkout; it is never stored with the tool.
  const { logo, feature, featureAmount, ...content } = submission.value;
  try {
    const result = await submitTool({ ...services, onJobQueued: services.jobs.nudge }, content, {
      name: logo.name,
      webp: logoCheck.webp,
    });
    if (result.kind !== "saved") return giveBack(refusalData(refusedSave(submission, result)));
    if (content.submitterEmail && result.statusToken) {
      const statusUrl = `${services.config.siteUrl}${submissionStatusPath(result.statusToken)}`;
      await mailStatusLink(services, content.submitterEmail, { name: result.tool.name, statusUrl });
    }
    // Redirect after the post, so a reload cannot submit twice; a free submission always has its status token.
    const featured = feature === "on" && services.payments.mode !== "off" ? String(featureAmount) : null;
    return redirect(confirmationPath(new URL(request.url).pathname, result.statusToken ?? "", featured), 303);
  } catch (error) {
    services.log.error({ err: error }, "submission not saved");
    return giveBack(
      data(
        formReply(
          submission.reply({
            formErrors: [submitFailedMessage("The submission could not be saved. Please try again in a few minutes.")],
          }),
        ),
        {
          status: 503,
        },
      ),
    );
  }
}

export default function Submit({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult: sending ? undefined : actionData?.form,
    defaultValue: loaderData.name === null ? undefined : { name: loaderData.name },
    constraint: formConstraint(submissionSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: submissionSchema }),
  });
  const featuring = useFeaturingOffered();

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
        {loaderData.statusUrl && (
          <div className="mx-auto mt-6 max-w-lg rounded-xl border border-slate-200 bg-slate-50 p-4 text-left">
            <p className="font-medium text-slate-900">Keep this private link to follow your submission:</p>
            <p className="mt-2 break-all">
              <TextAnchor href={loaderData.statusUrl}>{loaderData.statusUrl}</TextAnchor>
            </p>
            <p className="mt-2 text-sm text-slate-700">
              If you gave your email address, we have sent the link there too. Anyone with it can see whether the tool
              was approved.
            </p>
          </div>
        )}
        {loaderData.feature !== null && (
          <ContinueToCheckout toolId={id} amount={loaderData.feature} statusToken={loaderData.statusToken} />
        )}
        {/* One payment at a time: featuring, when it was chosen, already puts it first in the queue. */}
        {loaderData.feature === null && loaderData.review && loaderData.statusToken && (
          <PriorityReviewOffer toolId={id} statusToken={loaderData.statusToken} review={loaderData.review} />
        )}
        <p className="mt-8 flex flex-wrap justify-center gap-6">
          <TextLink to={`/tool/${encodeURIComponent(slug)}`}>See its page</TextLink>
          <TextLink to="/submit-tool">Submit another tool</TextLink>
          <TextLink to="/">Back to the directory</TextLink>
        </p>
      </section>
    );
  }

  const duplicate =
    (actionData as { duplicate?: { slug: string; name: string } | null } | undefined)?.duplicate ?? null;
  return (
    <section className="mx-auto max-w-2xl" aria-labelledby="submit-title">
      <h1 id="submit-title" className="text-3xl font-bold">
        Submit a Tool
      </h1>
      <p className="mt-2 text-slate-700">
        Listing is free. We review every submission before it appears in the directory. Fields marked with * are
        required.
      </p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-8 space-y-8">
        <ErrorSummary
          formErrors={form.errors}
          fields={[
            ...toolSummaryFields(fields),
            { id: fields.feature.id, errors: fields.feature.errors },
            { id: fields.featureAmount.id, errors: fields.featureAmount.errors },
          ]}
        />

        <ToolFormFields
          fields={fields}
          duplicate={duplicate}
          fill={websiteFillOf(actionData as { fill?: FillStatus } | undefined, form.initialValue)}
        />

        {featuring ? (
          <FeatureChoice feature={fields.feature} amount={fields.featureAmount} />
        ) : (
          <p className="rounded-xl border border-slate-300 bg-slate-50 p-4 text-slate-800">
            <span className="font-semibold">Get featured:</span> {FEATURING_UNAVAILABLE}
          </p>
        )}

        <Honeypot name={SUBMIT_HONEYPOT_FIELD} />
        <SubmitButton busy={sending} label="Submit Tool" busyLabel="Submitting…" />
      </Form>
      <PageScript name="logo-input" />
      <PageScript name="website-fill" />
      <PageScript name="form-checks" />
      <PageScript name="busy-forms" />
    </section>
  );
}

type InputField = Parameters<typeof getInputProps>[0];

/**
 * The optional paid path (docs/design.md#screens, docs/design.md#constants): tick the box and choose an amount; after the submission is
 * saved the page goes on to checkout. Without JavaScript the amount is always there (it counts only
 * when the box is ticked); with it (app/enhancers/feature-amount.ts), the amount and its slider show
 * once the box is ticked.
 */
function FeatureChoice({ feature, amount }: { feature: InputField; amount: InputField }) {
  const hintId = useId();
  const tierId = useId();
  const initialAmount =
    typeof amount.initialValue === "string" && amount.initialValue !== ""
      ? amount.initialValue
      : String(SUBMIT_FEATURE_DEFAULT_USD);
  // The tier follows what is typed; an empty or out-of-range amount reads as the nearest allowed one.
  const value = submitAmount(initialAmount);
  const { key: _featureKey, ...checkbox } = getInputProps(feature, { type: "checkbox" });
  const { key: _amountKey, defaultValue: _amount, ...amountInput } = getInputProps(amount, { type: "number" });

  return (
    <fieldset data-feature-choice="" className="space-y-4 rounded-xl border border-amber-300 bg-amber-50/60 p-4 sm:p-5">
      <legend className="px-1 text-lg font-semibold">Get featured (optional)</legend>
      <p id={hintId} className="-mt-2 text-sm text-slate-700">
        Featured tools are shown first on the home page, in browse and in search, with a badge, for a year. After you
        submit, you go on to pay on the payment provider’s secure page; nothing is charged before that.
      </p>
      <label className="flex items-start gap-2">
        <input
          {...checkbox}
          value="on"
          aria-describedby={`${hintId} ${feature.errorId}`}
          className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
        />
        <span className="font-medium">Feature this tool after submitting</span>
      </label>
      <p id={feature.errorId} className="-mt-2 text-sm text-red-700 empty:hidden" aria-live="polite">
        {feature.errors?.[0]}
      </p>
      <div className="space-y-3" data-feature-amount="">
        <Field
          id={amount.id}
          label="Feature amount in US dollars"
          hint={`Whole dollars, from $${FEATURE_MIN_USD} to $${FEATURE_MAX_USD.toLocaleString("en-US")}; used only when the box above is ticked.`}
          errors={amount.errors}
          errorId={amount.errorId}
        >
          <input
            {...amountInput}
            defaultValue={initialAmount}
            inputMode="numeric"
            step={1}
            aria-describedby={[amount.errorId, tierId].join(" ")}
            className={`${inputClass} max-w-40`}
          />
        </Field>
        <AmountSlider hidden label="Feature amount slider" value={value} describedBy={tierId} />
        <p id={tierId} className="text-sm">
          Tier: <strong data-tier="">{featureTier(value)}</strong>
        </p>
        <p className="text-xs text-slate-700">{FEATURE_TIERS_TEXT}</p>
      </div>
      <PageScript name="feature-amount" />
    </fieldset>
  );
}

/**
 * After a submission that asked to be featured: a form to the checkout endpoint, which answers with
 * a redirect to the payment page (no JavaScript); its enhancer (app/enhancers/checkout-continue.ts)
 * asks for the checkout on the click and shows an error here. Nothing leaves the page by itself:
 * the status link above is kept first. The status token goes along, so the success page repeats it.
 */
function ContinueToCheckout({
  toolId,
  amount,
  statusToken,
}: {
  toolId: string;
  amount: number;
  statusToken: string | null;
}) {
  return (
    <div
      data-checkout-continue=""
      data-tool-id={toolId}
      data-amount={amount}
      data-status-token={statusToken ?? undefined}
      className="mx-auto mt-8 max-w-md rounded-xl border border-amber-300 bg-amber-50 p-5"
    >
      <h2 className="font-semibold">Featuring for ${amount.toLocaleString("en-US")}</h2>
      <p className="mt-1 text-slate-800" aria-live="polite" data-checkout-status="">
        {CONTINUE_TEXT.ready}
      </p>
      <p className="mt-1 text-sm text-slate-700">{FEATURED_YEAR_FROM_APPROVAL}</p>
      <div hidden data-checkout-error="">
        <Alert tone="error" className="mt-3">
          {CHECKOUT_MESSAGES.failed}
        </Alert>
      </div>
      <form
        method="post"
        action="/api/checkout-session"
        className="mt-4 flex flex-wrap items-center justify-center gap-4"
      >
        <input type="hidden" name="toolId" value={toolId} />
        <input type="hidden" name="amount" value={amount} />
        {statusToken && <input type="hidden" name="statusToken" value={statusToken} />}
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
        >
          Continue to payment
        </button>
      </form>
      <PageScript name="checkout-continue" />
    </div>
  );
}
