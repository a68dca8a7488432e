// Whether a tool is still alive, derived from what the site already knows (docs/decisions/047):
// a state set by hand (discontinued, acquired) wins; otherwise the link check decides — failed
// `unreachableAfter` times in a row is unreachable, nothing seen change (the website's start, or
// the source repository's activity) or no good answer for `staleDays` is stale.
import { DAY_MS } from "./dates.ts";

export const LIFECYCLE_STATES = ["active", "stale", "unreachable", "discontinued", "acquired"] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

/** The states an admin (or an approved owner edit) sets by hand; "active" clears a state set by hand. */
export const MANUAL_LIFECYCLE_STATES = ["discontinued", "acquired"] as const;
export type ManualLifecycleState = (typeof MANUAL_LIFECYCLE_STATES)[number];

/** What an admin may choose: a state set by hand, or back to what the link check finds. */
export const SETTABLE_LIFECYCLE_STATES = ["active", ...MANUAL_LIFECYCLE_STATES] as const;
export type SettableLifecycleState = (typeof SETTABLE_LIFECYCLE_STATES)[number];

/** How a state is named on pages (badges, the tool page). */
export const LIFECYCLE_LABELS: Record<LifecycleState, string> = {
  active: "Active",
  stale: "Not updated lately",
  unreachable: "Unreachable",
  discontinued: "Discontinued",
  acquired: "Acquired",
};

export interface LifecycleThresholds {
  /** Days without a change seen (or without a good answer) before a tool is stale. */
  staleDays: number;
  /** Failed link checks in a row that make a tool unreachable. */
  unreachableAfter: number;
}

/** What the lifecycle is derived from; times in epoch milliseconds, null when not known. */
export interface LifecycleFacts {
  /** The state set by hand, null when derived. */
  manual: string | null;
  linkFailures: number;
  /** The last link check that found the website answering. */
  lastOkAt: number | null;
  /** When the link check last saw the start of the website change (or first saw it). */
  siteChangedAt: number | null;
  /** The source repository's last activity, when the website is a public repository. */
  repoActivityAt: number | null;
}

export function isManualLifecycle(value: unknown): value is ManualLifecycleState {
  return (MANUAL_LIFECYCLE_STATES as readonly unknown[]).includes(value);
}

/** The later of the website's last change and the repository's last activity: "last updated". */
export function lastUpdatedAt(facts: Pick<LifecycleFacts, "siteChangedAt" | "repoActivityAt">): number | null {
  const { siteChangedAt, repoActivityAt } = facts;
  if (siteChangedAt === null) return repoActivityAt;
  if (repoActivityAt === null) return siteChangedAt;
  return Math.max(siteChangedAt, repoActivityAt);
}

/** A tool's lifecycle state at `now`. A tool never checked is active: nothing says otherwise. */
export function lifecycleOf(facts: LifecycleFacts, thresholds: LifecycleThresholds, now: number): LifecycleState {
  if (isManualLifecycle(facts.manual)) return facts.manual;
  if (facts.linkFailures >= thresholds.unreachableAfter) return "unreachable";
  const staleBefore = now - thresholds.staleDays * DAY_MS;
  const updated = lastUpdatedAt(facts);
  if (updated !== null && updated < staleBefore) return "stale";
  if (facts.linkFailures > 0 && facts.lastOkAt !== null && facts.lastOkAt < staleBefore) return "stale";
  return "active";
}

/**
 * Whether lists leave a tool out unless asked to show every tool: unreachable and discontinued
 * ones. Time plays no part, so the catalogue in memory can hold it as a flag.
 */
export function hiddenFromLists(
  facts: Pick<LifecycleFacts, "manual" | "linkFailures">,
  unreachableAfter: number,
): boolean {
  if (facts.manual === "discontinued") return true;
  return !isManualLifecycle(facts.manual) && facts.linkFailures >= unreachableAfter;
}

/** Whether a discontinued tool's page asks search engines not to index it: discontinued `noindexDays` ago or longer. */
export function discontinuedLongAgo(
  tool: { manual: string | null; lifecycleSetAt: number | null },
  noindexDays: number,
  now: number,
): boolean {
  return (
    tool.manual === "discontinued" && tool.lifecycleSetAt !== null && now - tool.lifecycleSetAt >= noindexDays * DAY_MS
  );
}
