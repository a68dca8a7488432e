import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import type { z } from "../../core/zod.ts";
import { CATEGORIES } from "../../core/categories.ts";
import { PLATFORMS } from "../../core/platforms.ts";
import { PRICING_MODELS } from "../../core/pricing.ts";
import {
  logoFailedMessage,
  SUBMISSION_LIMITS,
  SUBMISSION_MESSAGES,
  type submissionSchema,
} from "../../core/submission.ts";
import { LOGO_ACCEPT, LOGO_LIMITS, LOGO_TYPE_MESSAGE, logoPlatePadding } from "../../core/uploads.ts";
import { FILL_INTENT, FILL_TONE_CLASSES, PROPOSED_LOGO_FIELD, type FillStatus } from "../../core/website-fill.ts";
import { Field, inputClass, messagesOf, type SummaryField } from "./field.tsx";
import { TextLink } from "./ui/text-link.tsx";

type SubmissionFormInput = z.input<typeof submissionSchema>;

/** The tool's own fields; the paid path is the submit page's alone. */
type ToolFieldName = Exclude<keyof SubmissionFormInput, "feature" | "featureAmount">;

/**
 * The tool fields of a form built with Conform on `submissionSchema` (the submit page's, the
 * admin's add-tool page's) or on a schema derived from it (the admin's edit page, logo optional).
 */
export type ToolFormFields = {
  [Name in ToolFieldName]: FieldMetadata<
    Name extends "logo" ? File | undefined : SubmissionFormInput[Name],
    Record<string, unknown>,
    string[]
  >;
};

/** The comma-separated lists, in the order the tool page shows them. */
const LIST_FIELDS = [
  ["features", "Features"],
  ["useCases", "Use cases"],
  ["integrations", "Integrations"],
  ["targetAudience", "Target audience"],
] as const;

const fmt = (n: number) => n.toLocaleString("en-US");

/**
 * A tool's fields, from its name to its logo and submitter email: what the free submission form
 * and the admin's add-tool and edit forms share (one schema, `submissionSchema`). `duplicate` is
 * the listing that already has the website, linked under the website field. `editing` is for a
 * stored tool: its slug stays whatever the name becomes, and an empty logo input keeps its logo.
 */
export function ToolFormFields({
  fields,
  duplicate,
  email = { label: "Your email (optional)", hint: "Only for questions about this submission; never shown publicly." },
  editing = false,
  fill,
}: {
  fields: ToolFormFields;
  duplicate: { slug: string; name: string } | null;
  email?: { label: string; hint: string };
  editing?: boolean;
  /** "Fill from website" under the website field (a new tool's forms): its last status and the logo it proposed. */
  fill?: WebsiteFill;
}) {
  const proposedLogo = fill?.proposedLogo ?? null;
  const logo = editing
    ? { label: "New logo", hint: "Square PNG, JPG or WebP, max 5MB. Leave empty to keep the current logo." }
    : proposedLogo
      ? {
          label: "Logo",
          hint: "The logo from the website above is used unless you choose a file. Square PNG or JPG, max 5MB.",
        }
      : { label: "Logo *", hint: "Square PNG or JPG, max 5MB." };
  const logoInput = getInputProps(fields.logo, { type: "file" });
  return (
    <>
      {/* Enter in a field sends the form, as it would without the fill button placed before the form's own. */}
      {fill && <button type="submit" hidden tabIndex={-1} aria-hidden="true" />}
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">The tool</legend>
        <Field
          id={fields.name.id}
          label="Name *"
          hint={editing ? "The address of its page (its slug) stays as it is." : undefined}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
        >
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
        {fill && <WebsiteFillControl fill={fill} />}
        {duplicate && (
          <p className="-mt-3 text-sm">
            <TextLink to={`/tool/${encodeURIComponent(duplicate.slug)}`}>See the listing of {duplicate.name}</TextLink>
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
        missing={SUBMISSION_MESSAGES.noCategory}
      />

      <CheckboxGroup
        legend="Platforms"
        field={fields.platforms}
        options={PLATFORMS.map((p) => ({ value: p, label: p }))}
      />

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Pricing</legend>
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
        <Field
          id={fields.tags.id}
          label="Tags"
          hint={`Up to ${SUBMISSION_LIMITS.tags}, e.g. notes, wiki, markdown`}
          errors={messagesOf(fields.tags)}
          errorId={fields.tags.errorId}
        >
          {/* One text of comma-separated tags: `multiple` (which Conform adds for a list) is for e-mail and file inputs only. */}
          <input {...getInputProps(fields.tags, { type: "text" })} multiple={undefined} className={inputClass} />
        </Field>
        {LIST_FIELDS.map(([name, label]) => (
          <Field
            key={name}
            id={fields[name].id}
            label={label}
            errors={messagesOf(fields[name])}
            errorId={fields[name].errorId}
          >
            <textarea {...getTextareaProps(fields[name])} rows={2} className={inputClass} />
          </Field>
        ))}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Logo and contact</legend>
        <Field
          id={fields.logo.id}
          label={logo.label}
          hint={logo.hint}
          errors={fields.logo.errors}
          errorId={fields.logo.errorId}
        >
          <input
            {...logoInput}
            required={proposedLogo ? false : logoInput.required}
            // What app/enhancers/logo-input.ts checks before the upload, in the server's words.
            data-logo-input=""
            data-max-bytes={LOGO_LIMITS.maxBytes}
            data-too-large={SUBMISSION_MESSAGES.logoTooLarge}
            data-wrong-type={logoFailedMessage(LOGO_TYPE_MESSAGE)}
            data-missing={editing || proposedLogo ? undefined : SUBMISSION_MESSAGES.noLogo}
            accept={LOGO_ACCEPT}
            className={inputClass}
          />
        </Field>
        {/* Filled in by the enhancer with the chosen file, on the plate every page draws logos on. */}
        <div data-logo-preview="" hidden className="flex items-center gap-4">
          <span data-logo-plate="" className="contents" />
          <p className="text-sm text-slate-700">
            How your logo will look: its empty margins are trimmed and it is centred on this plate.
          </p>
        </div>
        <Field
          id={fields.submitterEmail.id}
          label={email.label}
          hint={email.hint}
          errors={fields.submitterEmail.errors}
          errorId={fields.submitterEmail.errorId}
        >
          <input
            {...getInputProps(fields.submitterEmail, { type: "email" })}
            autoComplete="email"
            className={inputClass}
          />
        </Field>
      </fieldset>
    </>
  );
}

/** The state of a form's "Fill from website": the last fill's status line, and the logo it found (base64 WebP). */
export interface WebsiteFill {
  status: FillStatus | null;
  proposedLogo: string | null;
}

/** The fill's state from a page's action answer: its status, and the proposed logo the form carries along. */
export function websiteFillOf(
  actionData: { fill?: FillStatus } | undefined,
  initialValue: Record<string, unknown> | undefined,
): WebsiteFill {
  const logo = initialValue?.[PROPOSED_LOGO_FIELD];
  return {
    status: actionData?.fill ?? null,
    proposedLogo: typeof logo === "string" && /^[A-Za-z0-9+/]+={0,2}$/.test(logo) ? logo : null,
  };
}

/**
 * The button that reads the website into the form, and the status line that says what it did.
 * Without JavaScript the button posts the form, which comes back filled in; with it
 * (app/enhancers/website-fill.ts) the same post is sent in the background and the fields change in place.
 */
function WebsiteFillControl({ fill }: { fill: WebsiteFill }) {
  const { status, proposedLogo } = fill;
  return (
    <div data-website-fill="" className="-mt-2 space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          name="intent"
          value={FILL_INTENT}
          formNoValidate
          className="rounded-lg border border-brand-700 px-4 py-2 font-medium text-brand-800 hover:bg-slate-50 disabled:opacity-60"
        >
          Fill from website
        </button>
        <span className="text-sm text-slate-700">Fills in the empty fields from the website; nothing is sent.</span>
      </div>
      <p
        role="status"
        aria-live="polite"
        data-fill-status=""
        data-tone={status?.tone}
        className={`text-sm empty:hidden ${status ? FILL_TONE_CLASSES[status.tone] : ""}`}
      >
        {status?.message}
      </p>
      {proposedLogo && (
        <div className="flex items-center gap-4" data-fill-logo="">
          <img
            src={`data:image/webp;base64,${proposedLogo}`}
            alt="Logo found on the website"
            width={80}
            height={80}
            className="tool-logo shrink-0"
            style={{ padding: logoPlatePadding(80) }}
          />
          <input type="hidden" name={PROPOSED_LOGO_FIELD} value={proposedLogo} />
          <p className="text-sm text-slate-700">This logo from the website is used unless you choose a file below.</p>
        </div>
      )}
    </div>
  );
}

/** The tool fields in the order the form shows them, as its error summary links to them (a group by its first box). */
export function toolSummaryFields(fields: ToolFormFields): SummaryField[] {
  const one = (field: ToolFormFields[ToolFieldName]) => ({ id: field.id, errors: messagesOf(field) });
  const group = (field: ToolFormFields["categories"] | ToolFormFields["platforms"]) => ({
    id: `${field.id}-0`,
    errors: messagesOf(field),
  });
  return [
    one(fields.name),
    one(fields.tagline),
    one(fields.websiteUrl),
    one(fields.description),
    group(fields.categories),
    group(fields.platforms),
    one(fields.pricingModel),
    one(fields.pricingDetails),
    one(fields.tags),
    ...LIST_FIELDS.map(([name]) => one(fields[name])),
    one(fields.logo),
    one(fields.submitterEmail),
  ];
}

type CollectionField = Parameters<typeof getCollectionProps>[0];

/** A group of checkboxes with its legend, hint and error, announced together (the tool forms and the owner's edit). */
export function CheckboxGroup({
  legend,
  hint,
  field,
  options,
  missing,
}: {
  legend: string;
  hint?: string;
  field: CollectionField;
  options: { value: string; label: string }[];
  /** What the browser's check says when none is ticked (a group that needs one). */
  missing?: string;
}) {
  const hintId = `${field.id}-hint`;
  const boxes = getCollectionProps(field, { type: "checkbox", options: options.map((o) => o.value) });
  const errors = messagesOf(field);
  return (
    <fieldset
      aria-describedby={[hint ? hintId : "", field.errorId].filter(Boolean).join(" ")}
      aria-invalid={errors ? true : undefined}
      data-missing={missing}
      data-error-id={field.errorId}
    >
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
            {/* Conform's ids end with the option's value ("Browser Extension" has a space): an index is safe. */}
            <input
              {...box}
              id={`${field.id}-${i}`}
              aria-describedby={undefined}
              aria-invalid={undefined}
              className="h-4 w-4 accent-brand-700"
            />
            <span>{options[i]!.label}</span>
          </label>
        ))}
      </div>
      <p id={field.errorId} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
        {errors?.[0]}
      </p>
    </fieldset>
  );
}
