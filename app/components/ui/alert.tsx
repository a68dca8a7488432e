import type { ReactNode } from "react";

// Border and background, then the text colour: each pair as the pages wrote it by hand before.
const TONES = {
  /** Something failed or was refused. */
  error: ["border-red-300 bg-red-50", "text-red-800"],
  /** Work under way (an import, a job run). */
  progress: ["border-brand-700 bg-slate-50", "text-slate-900"],
  /** Worth knowing, nothing went wrong (already listed, no screenshot). */
  info: ["border-sky-700 bg-sky-50", "text-sky-950"],
  /** Something new was made (an import, an addition). */
  success: ["border-green-700 bg-green-50", "text-green-900"],
  /** A change to what exists went through (an edit, a moderation decision). */
  saved: ["border-emerald-300 bg-emerald-50", "text-emerald-900"],
  /** A state the reader should notice (a tool still pending review). */
  warning: ["border-amber-300 bg-amber-50", "text-amber-950"],
  /** A plain notice. */
  neutral: ["border-slate-300 bg-slate-50", "text-slate-800"],
} as const satisfies Record<string, readonly [string, string]>;

/** What an alert box says about its message, which sets its colours and its default role. */
export type AlertTone = keyof typeof TONES;

/**
 * A message box: `role="alert"` for errors (announced at once), `role="status"` for the other
 * tones (announced politely). `inLiveRegion` leaves the role out, for a box inside a live region
 * that announces it already. `compact` is the smaller box that sits by a form's own controls;
 * `className` adds layout (margins, spacing of its children), never colours.
 */
export function Alert({
  tone,
  as: Tag = "p",
  id,
  inLiveRegion = false,
  compact = false,
  className,
  children,
}: {
  tone: AlertTone;
  as?: "p" | "div";
  id?: string;
  inLiveRegion?: boolean;
  compact?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [frame, text] = TONES[tone];
  const classes = [className, "rounded-lg border", frame, compact ? "px-3 py-2 text-sm" : "px-4 py-3", text]
    .filter(Boolean)
    .join(" ");
  const role = inLiveRegion ? undefined : tone === "error" ? "alert" : "status";
  return (
    <Tag id={id} role={role} className={classes}>
      {children}
    </Tag>
  );
}
