import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "../../lib/constraint.ts";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "../../../core/zod.ts";
import { rejectionReasonSchema, REJECTION_REASON_MAX } from "../../../core/moderation.ts";
import { submissionSchema } from "../../../core/submission.ts";
import { TOOL_STATUSES } from "../../../core/tool.ts";
import { LIFECYCLE_LABELS, SETTABLE_LIFECYCLE_STATES } from "../../../core/lifecycle.ts";
import { lifecycleFormSchema } from "../../../core/lifecycle-form.ts";
import { setToolLifecycle } from "../../../server/catalog/lifecycle.ts";
import { deleteTools } from "../../../server/admin/moderation.ts";
import { findToolForEdit, updateTool } from "../../../server/admin/tools.ts";
import { readUploadForm } from "../../../server/submissions/form.ts";
import { ErrorSummary, Field, FormAlert, inputClass, SubmitButton } from "../../components/field.tsx";
import { ToolFormFields, toolSummaryFields } from "../../components/tool-form.tsx";
import { ToolLogo } from "../../components/tool-logo.tsx";
import { UtcTime } from "../../components/utc-time.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { adminContextKey, servicesContextKey } from "../../context.ts";
import { TOOL_STATUS_LABELS } from "../../lib/tools.ts";
import { refusedPost, refusedSave, unreadUpload, type ToolFormRefusal } from "../../lib/tool-form-replies.ts";
import { formReply } from "../../../core/replies.ts";
import type { Route } from "./+types/tool-edit.ts";

// An admin's edit of one tool, whatever its status: every field of the submission form (the
// same schema, the logo optional: an empty file input keeps the current one), its status and,
// for a rejected tool, the reason its submitter reads. Deleting is a separate form below.

/** The submission form's schema without the paid path, the logo optional, plus status and reason. */
const toolEditSchema = submissionSchema
  .omit({ feature: true, featureAmount: true })
  .partial({ logo: true })
  .extend({
    status: z.enum(TOOL_STATUSES, { error: "Please choose a status from the list." }),
    rejectionReason: rejectionReasonSchema.transform((reason) => reason ?? null),
  });

const deleteSchema = z.object({
  intent: z.literal("delete"),
  confirm: z.literal("on", { error: "Tick “I understand” to confirm the deletion." }),
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Edit ${loaderData.tool.name} — Admin` : "Tool not found — Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContextKey);
  const tool = await findToolForEdit(database, params.id);
  if (!tool) throw data("No tool has this id; it may have been deleted.", { status: 404 });
  return { tool, saved: new URL(request.url).searchParams.has("saved") };
}

/** The page has two forms: a refusal names the edit form, so the delete form stays as it was. */
function editRefusal({ result, duplicate, status }: ToolFormRefusal) {
  return data(formReply(result, { target: "edit" as const, duplicate }), { status });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const admin = context.get(adminContextKey);
  const form = await readUploadForm(request);

  if (form.formData.get("intent") === "delete") {
    const submission = parseWithZod(form.formData, { schema: deleteSchema });
    if (submission.status !== "success")
      return data(formReply(submission.reply(), { target: "delete" as const, duplicate: null }), { status: 400 });
    const deleted = await deleteTools(services, admin, [params.id]);
    if (deleted.length === 0) throw data("No tool has this id; it may have been deleted.", { status: 404 });
    return redirect("/admin/tools", 303);
  }

  if (form.formData.get("intent") === "lifecycle") {
    const submission = parseWithZod(form.formData, { schema: lifecycleFormSchema });
    const refuse = (reply: ReturnType<typeof submission.reply>, status: number) =>
      data(formReply(reply, { target: "lifecycle" as const, duplicate: null }), { status });
    if (submission.status !== "success") return refuse(submission.reply(), 400);
    const outcome = await setToolLifecycle(
      services,
      params.id,
      { state: submission.value.state, successorSlug: submission.value.successor },
      admin,
    );
    if (outcome.kind === "not-found") throw data("No tool has this id; it may have been deleted.", { status: 404 });
    if (outcome.kind === "bad-successor")
      return refuse(submission.reply({ fieldErrors: { successor: [outcome.message] } }), 400);
    return redirect(`/admin/tools/${encodeURIComponent(params.id)}?saved=1`, 303);
  }

  const submission = parseWithZod(form.formData, { schema: toolEditSchema });
  // An admin is not submitting anything: the form's own words, without the submit page's prefix.
  if (!form.ok) return editRefusal(unreadUpload(submission, form.problem, (message) => message));
  if (submission.status !== "success")
    return editRefusal(refusedPost(submission, null) ?? unreadUpload(submission, "unreadable", (message) => message));

  const { logo, ...edit } = submission.value;
  const outcome = await updateTool(
    services,
    admin,
    params.id,
    edit,
    logo ? { name: logo.name, bytes: Buffer.from(await logo.arrayBuffer()) } : null,
  );
  switch (outcome.kind) {
    case "not-found":
      throw data("No tool has this id; it may have been deleted.", { status: 404 });
    case "bad-logo":
    case "duplicate":
      return editRefusal(refusedSave(submission, outcome));
    case "paid":
      return editRefusal({
        result: submission.reply({ fieldErrors: { status: [outcome.message] } }),
        duplicate: null,
        status: 409,
      });
    case "saved":
      // Redirect after the post, so a reload cannot post twice.
      return redirect(`/admin/tools/${encodeURIComponent(params.id)}?saved=1`, 303);
  }
}

export default function ToolEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { tool } = loaderData;
  // A saved edit comes back through a redirect: a new key starts the form afresh from the stored values.
  return (
    <ToolEditForm
      key={`${tool.updatedAt} ${tool.lifecycle} ${tool.successorSlug}`}
      loaderData={loaderData}
      actionData={actionData}
    />
  );
}

function ToolEditForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { tool, saved } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const editResult = !sending && actionData?.target === "edit" ? actionData.form : undefined;
  const deleteResult = !sending && actionData?.target === "delete" ? actionData.form : undefined;
  const lifecycleResult = !sending && actionData?.target === "lifecycle" ? actionData.form : undefined;
  const duplicate = actionData?.target === "edit" ? actionData.duplicate : null;

  const [form, fields] = useForm({
    id: "tool-edit",
    lastResult: editResult,
    constraint: formConstraint(toolEditSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: toolEditSchema }),
    defaultValue: {
      name: tool.name,
      tagline: tool.tagline,
      websiteUrl: tool.websiteUrl,
      description: tool.description,
      categories: tool.categories,
      tags: tool.tags.join(", "),
      platforms: tool.platforms,
      pricingModel: tool.pricingModel ?? "",
      pricingDetails: tool.pricingDetails,
      features: tool.features.join(", "),
      useCases: tool.useCases.join(", "),
      integrations: tool.integrations.join(", "),
      targetAudience: tool.targetAudience.join(", "),
      submitterEmail: tool.submitterEmail ?? "",
      status: tool.status,
      rejectionReason: tool.rejectionReason ?? "",
    },
  });
  const [lifecycleForm, lifecycleFields] = useForm({
    id: "tool-lifecycle",
    lastResult: lifecycleResult,
    constraint: formConstraint(lifecycleFormSchema),
    defaultValue: { state: tool.lifecycle ?? "active", successor: tool.successorSlug ?? "" },
  });
  const [deleteForm, deleteFields] = useForm<z.input<typeof deleteSchema>>({
    id: "tool-delete",
    lastResult: deleteResult,
  });

  return (
    <section aria-labelledby="edit-title" className="mx-auto max-w-3xl space-y-8">
      <div className="space-y-2">
        <p className="text-sm">
          <TextLink to="/admin/tools">← All tools</TextLink>
        </p>
        <div className="flex items-center gap-4">
          <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size={56} />
          <h1 id="edit-title" className="min-w-0 text-3xl font-bold wrap-anywhere">
            Edit {tool.name}
          </h1>
        </div>
        <p className="text-sm text-slate-700">
          Status: <strong>{TOOL_STATUS_LABELS[tool.status]}</strong> · source: {tool.source.replace(/_/g, " ")} · added{" "}
          <UtcTime ms={tool.createdAt} /> · last changed <UtcTime ms={tool.updatedAt} />
        </p>
        {tool.status !== "rejected" && (
          <p className="text-sm">
            <TextLink to={`/tool/${encodeURIComponent(tool.slug)}`}>Its public page (/tool/{tool.slug})</TextLink>
          </p>
        )}
      </div>

      {saved && !actionData && <Alert tone="saved">Changes saved.</Alert>}

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-8">
        <ErrorSummary
          formErrors={form.errors}
          fields={[
            { id: fields.status.id, errors: fields.status.errors },
            { id: fields.rejectionReason.id, errors: fields.rejectionReason.errors },
            ...toolSummaryFields(fields),
          ]}
        />
        <input type="hidden" name="intent" value="save" />

        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-lg font-semibold">Moderation</legend>
          <Field
            id={fields.status.id}
            label="Status *"
            hint="Approved and verified tools are public."
            errors={fields.status.errors}
            errorId={fields.status.errorId}
          >
            <select {...getSelectProps(fields.status)} className={inputClass}>
              {TOOL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {TOOL_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={fields.rejectionReason.id}
            label="Reason for rejecting"
            hint={`Kept only when the status is Rejected; the submitter reads it on their status page. Up to ${REJECTION_REASON_MAX} characters.`}
            errors={fields.rejectionReason.errors}
            errorId={fields.rejectionReason.errorId}
          >
            <textarea {...getTextareaProps(fields.rejectionReason)} rows={2} className={inputClass} />
          </Field>
        </fieldset>

        <ToolFormFields
          fields={fields}
          duplicate={duplicate}
          email={{ label: "Submitter's email", hint: "Never shown publicly." }}
          editing
        />

        <SubmitButton
          busy={sending && navigation.formData?.get("intent") === "save"}
          label="Save changes"
          busyLabel="Saving…"
        />
      </Form>

      <Form method="post" {...getFormProps(lifecycleForm)} className="space-y-4 rounded-xl border border-slate-200 p-4">
        <h2 className="text-lg font-semibold">Lifecycle</h2>
        <p className="text-sm text-slate-700">
          Active: the link check decides whether the tool shows as unreachable or not updated lately. Discontinued tools
          leave the lists (their page stays, pointing to the successor and to alternatives).
        </p>
        <FormAlert id={lifecycleForm.errorId} errors={lifecycleForm.errors} />
        <input type="hidden" name="intent" value="lifecycle" />
        <Field
          id={lifecycleFields.state.id}
          label="State"
          errors={lifecycleFields.state.errors}
          errorId={lifecycleFields.state.errorId}
        >
          <select {...getSelectProps(lifecycleFields.state)} className={inputClass}>
            {SETTABLE_LIFECYCLE_STATES.map((s) => (
              <option key={s} value={s}>
                {LIFECYCLE_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={lifecycleFields.successor.id}
          label="Successor (a public tool's slug)"
          hint="Optional; kept only when the tool is discontinued or acquired."
          errors={lifecycleFields.successor.errors}
          errorId={lifecycleFields.successor.errorId}
        >
          <input {...getInputProps(lifecycleFields.successor, { type: "text" })} className={inputClass} />
        </Field>
        <SubmitButton
          busy={sending && navigation.formData?.get("intent") === "lifecycle"}
          label="Set lifecycle"
          busyLabel="Setting…"
        />
      </Form>

      <Form method="post" {...getFormProps(deleteForm)} className="space-y-3 rounded-xl border border-red-300 p-4">
        <h2 className="text-lg font-semibold">Delete this tool</h2>
        <p className="text-sm text-slate-700">
          Removes the tool, its likes and its logo and screenshot files for good. Its orders stay, without the tool.
        </p>
        <FormAlert id={deleteForm.errorId} errors={deleteForm.errors} />
        <input type="hidden" name="intent" value="delete" />
        <label className="flex items-start gap-2 text-sm">
          <input
            {...getInputProps(deleteFields.confirm, { type: "checkbox", value: "on" })}
            required
            aria-describedby={deleteFields.confirm.errorId}
            className="mt-0.5 h-4 w-4 accent-red-700"
          />
          <span className="min-w-0 wrap-anywhere">I understand that this deletes {tool.name} for good.</span>
        </label>
        <p id={deleteFields.confirm.errorId} className="min-h-5 text-sm text-red-700" aria-live="polite">
          {deleteFields.confirm.errors?.[0]}
        </p>
        <button
          type="submit"
          disabled={sending}
          className="max-w-full rounded-lg border border-red-700 bg-white px-4 py-2 font-medium text-red-800 wrap-anywhere hover:bg-red-50 disabled:opacity-60"
        >
          Delete {tool.name}
        </button>
      </Form>
    </section>
  );
}
