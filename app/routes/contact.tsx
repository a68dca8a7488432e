import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { CONTACT_LIMITS, contactSchema, HONEYPOT_FIELD } from "../../core/contact.ts";
import { formReply } from "../../core/replies.ts";
import { servesHttps } from "../../server/platform/config.ts";
import { contactSentCookie, justSentMessage, saveContactMessage } from "../../server/contact/service.ts";
import { guardPublicForm } from "../../server/platform/http/spam-guard.ts";
import { Field, FormAlert, Honeypot, inputClass, SubmitButton } from "../components/field.tsx";
import { PageScript } from "../components/page-script.tsx";
import { requestContextKey, servicesContextKey } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import { TextLink } from "../components/ui/text-link.tsx";
import type { Route } from "./+types/contact.ts";
import { readForm } from "../lib/form.ts";

const SENT_MESSAGE = "Message Sent!";
const FAILED_MESSAGE = "Failed to send message. Please try again later.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Contact", "Questions about a listing, a correction or a partnership: write to the team.");

// An action's headers (Retry-After on 429) reach the document response only through here; the
// loader's clear the sent cookie and keep the confirmation out of every cache.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(actionHeaders);
  for (const [name, value] of loaderHeaders) headers.set(name, value);
  return headers;
};

/**
 * `?sent=1` shows "Message Sent!" only to the browser that has just sent a message (the cookie the
 * send set, read once); anyone else who opens the address gets the form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (new URL(request.url).searchParams.get("sent") === null) return { sent: false };
  const services = context.get(servicesContextKey);
  if (!(await justSentMessage(services.database, request.headers.get("cookie") ?? undefined, services.now())))
    throw redirect("/contact");
  return data(
    { sent: true },
    {
      headers: {
        "Set-Cookie": contactSentCookie(null, servesHttps(services.config)),
        "Cache-Control": "private, no-store",
      },
    },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const { addressKey } = context.get(requestContextKey);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: contactSchema });

  const refused = await guardPublicForm(
    { limiter: services.limiters.contact, addressKey, honeypot: formData.get(HONEYPOT_FIELD) },
    {
      limited: "Too many messages from your network. Please try again later.",
      automated: "Your message looks automated and was not sent.",
    },
  );
  if (refused) return data(formReply(submission.reply({ formErrors: [refused.message] })), refused.init);
  if (submission.status !== "success") {
    return data(formReply(submission.reply()), { status: 400 });
  }
  let messageId: string;
  try {
    messageId = await saveContactMessage(services.database, submission.value, services.now());
  } catch (error) {
    services.log.error({ err: error }, "contact message not saved");
    return data(formReply(submission.reply({ formErrors: [FAILED_MESSAGE] })), { status: 503 });
  }
  // Redirect after the post, so a reload cannot send the message twice; the cookie lets the page
  // it leads to, and only that, say the message was sent.
  return redirect("/contact?sent=1", {
    status: 303,
    headers: { "Set-Cookie": contactSentCookie(messageId, servesHttps(services.config)) },
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult: sending ? undefined : actionData?.form,
    constraint: getZodConstraint(contactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });

  if (loaderData.sent) {
    return (
      <section className="mx-auto max-w-xl py-8 text-center" aria-labelledby="sent-title">
        <h1 id="sent-title" className="text-3xl font-bold">
          {SENT_MESSAGE}
        </h1>
        <p className="mt-4 text-slate-700" role="status">
          Thank you for writing. We read every message and answer within two working days.
        </p>
        <p className="mt-8 flex justify-center gap-6">
          <TextLink to="/">Back to the directory</TextLink>
          <TextLink to="/contact">Send another message</TextLink>
        </p>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-xl" aria-labelledby="contact-title">
      <h1 id="contact-title" className="text-3xl font-bold">
        Contact
      </h1>
      <p className="mt-2 text-slate-700">
        A correction to a listing, a question about featuring, or anything else: we answer every message.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field id={fields.name.id} label="Name" errors={fields.name.errors} errorId={fields.name.errorId}>
          <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className={inputClass} />
        </Field>
        <Field id={fields.email.id} label="Email" errors={fields.email.errors} errorId={fields.email.errorId}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <Field id={fields.subject.id} label="Subject" errors={fields.subject.errors} errorId={fields.subject.errorId}>
          <input {...getInputProps(fields.subject, { type: "text" })} className={inputClass} />
        </Field>
        <Field
          id={fields.message.id}
          label="Message"
          hint={`Up to ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters.`}
          errors={fields.message.errors}
          errorId={fields.message.errorId}
        >
          <textarea {...getTextareaProps(fields.message)} rows={7} className={inputClass} />
        </Field>
        <Honeypot name={HONEYPOT_FIELD} />
        <SubmitButton busy={sending} label="Send message" busyLabel="Sending…" />
      </Form>
      <PageScript name="busy-forms" />
    </section>
  );
}
