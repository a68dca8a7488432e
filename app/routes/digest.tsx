import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { DIGEST_CHECK_INBOX, DIGEST_HONEYPOT_FIELD, digestSubscribeSchema } from "../../core/digest.ts";
import { formReply } from "../../core/replies.ts";
import { subscribe } from "../../server/digest/subscribers.ts";
import { guardPublicForm } from "../../server/platform/http/spam-guard.ts";
import { Field, FormAlert, inputClass, SubmitButton } from "../components/field.tsx";
import { PageScript } from "../components/page-script.tsx";
import { TextLink } from "../components/ui/text-link.tsx";
import { requestContextKey, servicesContextKey } from "../context.ts";
import { readForm } from "../lib/form.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/digest.ts";

// The weekly digest's page: what it is, the subscribe form (the footer's and the home page's post
// here too), and after a post "check your inbox" — the same answer for every valid address, known
// or not (docs: server/digest/subscribers.ts). The page is the same for everyone, so caches may
// keep it; a post is checked by its Origin (server/platform/http/guards.ts), not by a token.

const FAILED_MESSAGE = "Your subscription could not be saved. Please try again later.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Weekly digest",
    "The week's new software, AI and web tools in one mail every Monday. Confirm once; unsubscribe in one click.",
  );

// An action's headers (Retry-After on 429) reach the document response only through here.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) headers.set(name, value);
  return headers;
};

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const { addressKey } = context.get(requestContextKey);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: digestSubscribeSchema });
  const refused = await guardPublicForm(
    { limiter: services.limiters.digestSubscribe, addressKey, honeypot: formData.get(DIGEST_HONEYPOT_FIELD) },
    {
      limited: "Too many subscriptions from your network. Please try again later.",
      automated: "Your subscription looks automated and was not saved.",
    },
  );
  if (refused) return data(formReply(submission.reply({ formErrors: [refused.message] })), refused.init);
  if (submission.status !== "success") return data(formReply(submission.reply()), { status: 400 });
  try {
    await subscribe(services, submission.value.email);
  } catch (error) {
    services.log.error({ err: error }, "digest: subscription not saved");
    return data(formReply(submission.reply({ formErrors: [FAILED_MESSAGE] })), { status: 503 });
  }
  // After the post, a page anyone may see: it says nothing of the address.
  return redirect("/digest?sent=1", { status: 303 });
}

export default function Digest({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult: sending ? undefined : actionData?.form,
    constraint: getZodConstraint(digestSubscribeSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: digestSubscribeSchema }),
  });

  if (loaderData.sent && !actionData) {
    return (
      <section className="mx-auto max-w-xl py-8 text-center" aria-labelledby="digest-sent-title">
        <h1 id="digest-sent-title" className="text-3xl font-bold">
          {DIGEST_CHECK_INBOX}
        </h1>
        <p className="mt-4 text-slate-700" role="status">
          If the address can receive the digest, a mail with a confirmation link is on its way. Open it and press
          &quot;Confirm subscription&quot;; nothing is sent until you do. The link works for 48 hours.
        </p>
        <p className="mt-8">
          <TextLink to="/">Back to the directory</TextLink>
        </p>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-xl" aria-labelledby="digest-title">
      <h1 id="digest-title" className="text-3xl font-bold">
        Weekly digest
      </h1>
      <p className="mt-2 text-slate-700">
        One mail every Monday morning: the tools listed in the past week and the featured ones. We send a confirmation
        link first, keep nothing but your address, and every issue has a one-click unsubscribe link.
      </p>
      <Form method="post" action="/digest" {...getFormProps(form)} className="mt-8 space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field id={fields.email.id} label="E-mail address" errors={fields.email.errors} errorId={fields.email.errorId}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="digest-page-website">Leave this field empty</label>
          <input
            id="digest-page-website"
            name={DIGEST_HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <SubmitButton busy={sending} label="Subscribe" busyLabel="Subscribing…" />
      </Form>
      <PageScript name="busy-forms" />
    </section>
  );
}
