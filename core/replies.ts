// The one shape of a page action's answer when it does not redirect (docs/decisions/022): how it
// went and the sentence people read. A page whose form shows field messages carries the form
// library's reply (Conform's) in `form`; a page adds what only it needs (which form, which job).

/** How a page action went; "busy": something it needs is in use (a job already running). */
export type ReplyStatus = "success" | "info" | "error" | "busy";

/** A page action's answer: `status`, the `message` people read, and for a form its own reply. */
export type ActionReply<Extra extends object = object, Form = unknown> = {
  status: ReplyStatus;
  message?: string;
  form?: Form;
} & Extra;

/** An answer with a sentence. */
export function actionReply<Extra extends object = object>(
  status: ReplyStatus,
  message: string,
  extra?: Extra,
): ActionReply<Extra> {
  return { status, message, ...(extra as Extra) };
}

/** An answer for a form: the form library's reply (field messages, what was typed), and its status. */
export function formReply<Form extends { status?: "success" | "error" }, Extra extends object = object>(
  form: Form,
  extra?: Extra,
): ActionReply<Extra, Form> {
  return { status: form.status === "success" ? "success" : "error", form, ...(extra as Extra) };
}
