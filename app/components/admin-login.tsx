import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { adminLoginSchema } from "../../core/api.ts";
import { Field, FormAlert, inputClass, SubmitButton } from "./field.tsx";

/** 'Admin Login' (docs/design.md#admin-pages): shown at /admin/login and in place of any admin page when signed out. */
export function AdminLogin({
  redirectTo,
  lastResult,
}: {
  redirectTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult: sending ? undefined : lastResult,
    constraint: getZodConstraint(adminLoginSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
  });
  return (
    <section className="mx-auto max-w-sm py-8" aria-labelledby="login-title">
      <title>Admin Login</title>
      <meta name="robots" content="noindex" />
      <h1 id="login-title" className="text-3xl font-bold">
        Admin Login
      </h1>
      <Form
        method="post"
        action={`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`}
        {...getFormProps(form)}
        className="mt-8 space-y-4"
      >
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          id={fields.username.id}
          label="Username"
          errors={fields.username.errors}
          errorId={fields.username.errorId}
        >
          <input {...getInputProps(fields.username, { type: "text" })} autoComplete="username" className={inputClass} />
        </Field>
        <Field
          id={fields.password.id}
          label="Password"
          errors={fields.password.errors}
          errorId={fields.password.errorId}
        >
          <input
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="current-password"
            className={inputClass}
          />
        </Field>
        <SubmitButton busy={sending} label="Login" busyLabel="Signing in…" />
      </Form>
    </section>
  );
}
