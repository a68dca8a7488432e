import { cloneElement, isValidElement, type ReactNode } from "react";
import { Alert } from "./ui/alert.tsx";

/** The controls whose description a Field's hint becomes. */
const CONTROLS = new Set(["input", "textarea", "select"]);

/**
 * The control with the hint added to what describes it (its error line, when it has one), so a
 * screen reader reads the hint with the field, not only when browsing past it.
 */
function describedByHint(children: ReactNode, hintId: string): ReactNode {
  if (!isValidElement<{ "aria-describedby"?: string }>(children) || typeof children.type !== "string") return children;
  if (!CONTROLS.has(children.type)) return children;
  const own = children.props["aria-describedby"];
  return cloneElement(children, { "aria-describedby": own ? `${hintId} ${own}` : hintId });
}

/** A labelled form control with its hint and error lines, wired for assistive technology. */
export function Field({
  id,
  label,
  hint,
  errors,
  errorId,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors?: string[];
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-700">
          {hint}
        </p>
      )}
      <div className="mt-1">{hint ? describedByHint(children, `${id}-hint`) : children}</div>
      <p id={errorId} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
        {errors?.[0]}
      </p>
    </div>
  );
}

/**
 * A field's messages with its items' (a list's `tags[3]`, a group's `categories[1]`): the server's
 * reply names the item, and the field is where the page shows it.
 */
export function messagesOf(field: { errors?: string[]; allErrors: Record<string, string[]> }): string[] | undefined {
  if (field.errors?.length) return field.errors;
  const all = Object.values(field.allErrors).flat();
  return all.length > 0 ? all : undefined;
}

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600";

/**
 * A field hidden from people and assistive technology; bots that fill every field give themselves
 * away by filling it.
 */
export function Honeypot({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={name}>Leave this field empty</label>
      <input id={name} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The form-level message (what no single field explains), announced when it appears. */
export function FormAlert({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <Alert tone="error" as="div" id={id}>
      {errors[0]}
    </Alert>
  );
}

/**
 * A form's one submit button, disabled with its busy label while the post is under way: by React on
 * a hydrated page, by app/enhancers/busy-forms.ts (which reads `data-busy-label`) on the others.
 */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      data-busy-label={busyLabel}
      className="rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800 disabled:opacity-60 aria-disabled:opacity-60"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** A field as the error summary links to it: where focus goes, and its messages. */
export interface SummaryField {
  /** The control to focus (a group's first box). */
  id: string;
  errors: string[] | undefined;
}

/**
 * "There is a problem": every error of a refused post at the top of the form, each a link to its
 * field, focused when the page comes back so keyboard and screen reader users start there. Always
 * rendered (hidden when there is nothing to say), so app/enhancers/form-checks.ts can fill it in
 * from the browser's own checks before a post. Focus on load comes from `autofocus` (no script
 * needed) and from the enhancer.
 */
export function ErrorSummary({ formErrors, fields }: { formErrors: string[] | undefined; fields: SummaryField[] }) {
  const items = [
    ...(formErrors ?? []).map((message) => ({ id: null, message })),
    ...fields.flatMap((field) => (field.errors?.length ? [{ id: field.id, message: field.errors[0]! }] : [])),
  ];
  const shown = items.length > 0;
  return (
    <div
      // A new answer is a new element on a hydrated page (the admin's), so React focuses it as it mounts.
      key={items.map((item) => item.message).join("\n")}
      data-error-summary=""
      hidden={!shown}
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- after a refused post, focus on the summary is the accessible start (and without a script the only way to move it)
      autoFocus={shown}
      className="rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 text-red-900 focus:outline-3 focus:outline-offset-2 focus:outline-red-700"
    >
      <h2 id="error-summary-title" className="text-lg font-semibold">
        There is a problem
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5" data-error-list="">
        {items.map((item, i) =>
          item.id === null ? (
            <li key={i}>{item.message}</li>
          ) : (
            <li key={i}>
              <a href={`#${item.id}`} className="font-medium underline underline-offset-2">
                {item.message}
              </a>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
