import { LIFECYCLE_LABELS, type LifecycleState } from "../../core/lifecycle.ts";

/** "Unreachable", "Discontinued", …: shown for any state but active, as text (no colour alone says it). */
export function LifecycleBadge({ state }: { state: LifecycleState }) {
  if (state === "active") return null;
  return <span className="badge-lifecycle">{LIFECYCLE_LABELS[state]}</span>;
}
