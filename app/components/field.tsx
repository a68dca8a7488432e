import type { ReactNode } from "react";
import { Alert } from "./ui/alert.tsx";

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
      {hint && <p className="text-xs text-slate-700">{hint}</p>}
      <div className="mt-1">{children}</div>
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
