import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraint } from "../../lib/constraint.ts";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { fillSchema, submissionSchema, submitFailedMessage } from "../../../core/submission.ts";
import { addTool } from "../../../server/admin/add-tool.ts";
import { findTool } from "../../../server/catalog/queries.ts";
import { readUploadForm } from "../../../server/submissions/form.ts";
import { checkLogoFile } from "../../../server/submissions/logo.ts";
import { ErrorSummary, SubmitButton } from "../../components/field.tsx";
import { ImportPanel } from "../../components/import-panel.tsx";
import { ToolFormFields, toolSummaryFields, websiteFillOf } from "../../components/tool-form.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { adminActor, requestContextKey, servicesContextKey } from "../../context.ts";
import { isFillIntent, withProposedLogo, type FillStatus } from "../../../core/website-fill.ts";
import { fillReply } from "../../lib/website-fill.ts";
import { fillForm } from "../../../server/submissions/website-fill.ts";
import { refusalData, refusedPost, refusedSave, unreadUpload } from "../../lib/tool-form-replies.ts";
import { formReply } from "../../../core/replies.ts";
import type { Route } from "./+types/add-tool.ts";
import { lifecycleThresholds } from "../../../server/catalog/lifecycle.ts";

export const meta: Route.MetaFunction = () => [{ title: "Add Tool — Admin" }, { name: "robots", content: "noindex" }];

/** The info line of docs/design.md#errors when the website could not be captured; the tool is saved all the same. */
const SCREENSHOT_MISSED = "Screenshot could not be captured, but continuing...";

/** After a successful post the page shows what was added: `?added=<slug>`. Product Hunt's address is the import box's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, now, config } = context.get(servicesContextKey);
  const productHuntBaseUrl = config.productHunt.baseUrl;
  const slug = new URL(request.url).searchParams.get("added");
  if (!slug) return { added: null, productHuntBaseUrl };
  const tool = await findTool(database, slug, now(), lifecycleThresholds(config));
  return {
    added: tool ? { slug: tool.slug, name: tool.name, status: tool.status, screenshotUrl: tool.screenshotUrl } : null,
    productHuntBaseUrl,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const form = await readUploadForm(request);
  if (isFillIntent(form.formData.get("intent")))
    return fillReply(await fillForm(services, context.get(requestContextKey).addressKey, form.formData));
  const formData = withProposedLogo(form.formData);
  const logoCheck = await checkLogoFile(formData.get("logo"));
  const submission = parseWithZod(formData, { schema: submissionSchema });
  if (!form.ok) return refusalData(unreadUpload(submission, form.problem));
  const refusal = refusedPost(submission, logoCheck);
  if (refusal || submission.status !== "success" || logoCheck?.kind !== "ok")
    return refusalData(refusal ?? unreadUpload(submission, "unreadable"));

  // The paid path is the public form's; an admin's tool is never sent to checkout.
  const { logo, feature: _feature, featureAmount: _amount, ...content } = submission.value;
  try {
    const result = await addTool(services, content, { name: logo.name, webp: logoCheck.webp }, adminActor(context));
    if (result.kind !== "saved") return refusalData(refusedSave(submission, result, "Edit that listing instead."));
    // Redirect after the post, so a reload cannot add it twice.
    return redirect(`/admin/add-tool?added=${encodeURIComponent(result.tool.slug)}`, 303);
  } catch (error) {
    services.log.error({ err: error }, "admin add tool: not saved");
    return data(
      formReply(
        submission.reply({
          formErrors: [submitFailedMessage("The tool could not be saved. Please try again in a few minutes.")],
        }),
      ),
      {
        status: 503,
      },
    );
  }
}

const validateTool = (formData: FormData) => parseWithZod(withProposedLogo(formData), { schema: submissionSchema });

export default function AdminAddTool({ loaderData, actionData }: Route.ComponentProps) {
  // Each fill's answer makes the form anew from the values it carries, as a page without
  // JavaScript shows it (the form library keeps typed values in the inputs, not in its state).
  const [seen, setSeen] = useState(actionData);
  const [fills, setFills] = useState(0);
  if (actionData !== seen) {
    setSeen(actionData);
    if (actionData && "fill" in actionData) setFills(fills + 1);
  }

  if (loaderData.added) {
    const { slug, name, status, screenshotUrl } = loaderData.added;
    const live = status === "approved" || status === "verified";
    return (
      <section aria-labelledby="added-title" className="mx-auto max-w-2xl space-y-6">
        <h1 id="added-title" className="text-3xl font-bold">
          Tool added
        </h1>
        <div role="status" className="space-y-3">
          <Alert tone="success" inLiveRegion>
            <strong>Saved:</strong>{" "}
            {live ? `“${name}” is approved and listed in the directory.` : `“${name}” is saved (status: ${status}).`}
          </Alert>
          {screenshotUrl ? (
            <p className="text-slate-800">A screenshot of its website was captured.</p>
          ) : (
            <Alert tone="info" inLiveRegion>
              <strong>Note:</strong> {SCREENSHOT_MISSED}
            </Alert>
          )}
        </div>
        {screenshotUrl && (
          <img
            src={screenshotUrl}
            alt={`Screenshot of ${name}`}
            width={640}
            height={400}
            className="w-full max-w-xl rounded-lg border border-slate-200"
          />
        )}
        <p className="flex flex-wrap gap-6">
          <TextLink to={`/tool/${encodeURIComponent(slug)}`}>See its page</TextLink>
          <TextLink to="/admin/add-tool">Add another tool</TextLink>
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="add-tool-title" className="mx-auto max-w-2xl">
      <h1 id="add-tool-title" className="text-3xl font-bold">
        Add Tool
      </h1>
      <div className="mt-6">
        <ImportPanel productHuntBaseUrl={loaderData.productHuntBaseUrl} />
      </div>
      <h2 className="mt-10 text-xl font-semibold">Add a tool by hand</h2>
      <p className="mt-2 text-slate-700">
        The tool is listed at once (approved), and a screenshot of its website is taken while you wait, which can take
        up to half a minute. Fields marked with * are required.
      </p>
      <AddToolForm key={fills} actionData={actionData} />
    </section>
  );
}

function AddToolForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const filling = sending && isFillIntent(navigation.formData?.get("intent"));
  const [form, fields] = useForm({
    lastResult: sending ? undefined : actionData?.form,
    constraint: formConstraint(submissionSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // A fill asks only for the website (its reply carries no field of the tool's but that one); a
    // save's logo may be the one the website proposed.
    onValidate: ({ formData, submitter }) =>
      submitter?.name === "intent" && isFillIntent(submitter.value)
        ? (parseWithZod(formData, { schema: fillSchema }) as unknown as ReturnType<typeof validateTool>)
        : validateTool(formData),
  });
  const duplicate =
    (actionData as { duplicate?: { slug: string; name: string } | null } | undefined)?.duplicate ?? null;
  const fill = websiteFillOf(actionData as { fill?: FillStatus } | undefined, form.initialValue);
  return (
    <Form
      method="post"
      action="/admin/add-tool"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="mt-8 space-y-8"
    >
      <ErrorSummary formErrors={form.errors} fields={toolSummaryFields(fields)} />
      <ToolFormFields
        fields={fields}
        duplicate={duplicate}
        email={{
          label: "Submitter email (optional)",
          hint: "Kept with the tool for questions about it; never shown publicly.",
        }}
        fill={filling ? { ...fill, status: { tone: "info", message: "Reading the website…" } } : fill}
      />
      <SubmitButton
        busy={sending && !filling}
        label="Add Tool"
        busyLabel="Adding the tool and taking its screenshot…"
      />
    </Form>
  );
}
