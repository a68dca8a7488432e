import type { ReactNode } from "react";

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
