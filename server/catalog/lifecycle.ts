import { hiddenFromLists, type LifecycleThresholds, type SettableLifecycleState } from "../../core/lifecycle.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { recordAudit, type AuditActor } from "../audit/audit.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import { changeCatalog } from "./change.ts";
import type { CatalogFreshness } from "./freshness.ts";
import { recordLifecycle } from "./write.ts";

// Setting a tool's lifecycle by hand (docs/decisions/047): discontinued or acquired, with the tool
// that took over, or back to what the link check finds ("active"). One catalogue change with its
// audit entry; lists learn of it at once when it moves the tool into or out of them.

/** The settings the lifecycle is derived with. */
export type LifecycleConfig = Pick<Config, "lifecycle" | "linkHealth">;

/** The thresholds the lifecycle is derived with, from the settings. */
export function lifecycleThresholds(config: LifecycleConfig): LifecycleThresholds {
  return { staleDays: config.lifecycle.staleDays, unreachableAfter: config.linkHealth.failuresToFlag };
}

export interface LifecycleDeps {
  database: Database;
  now: () => number;
  config: Pick<Config, "lifecycle" | "linkHealth">;
  freshness?: Pick<CatalogFreshness, "changed">;
}

export type SetLifecycleOutcome =
  | { kind: "set" }
  | { kind: "not-found" }
  /** The successor named is no public tool, or is the tool itself. */
  | { kind: "bad-successor"; message: string };

/** The public tool named as `toolId`'s successor, or why it cannot be one. */
export async function findSuccessor(
  db: Database["db"],
  toolId: string,
  slug: string,
): Promise<{ kind: "found"; id: string } | { kind: "bad-successor"; message: string }> {
  const successor = await db.selectFrom("tools").select(["id", "status"]).where("slug", "=", slug).executeTakeFirst();
  if (!successor || !(PUBLIC_STATUSES as readonly string[]).includes(successor.status))
    return { kind: "bad-successor", message: `No public tool has the slug “${slug}”.` };
  if (successor.id === toolId) return { kind: "bad-successor", message: "A tool cannot be its own successor." };
  return { kind: "found", id: successor.id };
}

/**
 * Sets a tool's lifecycle: `state` "discontinued" or "acquired" (with an optional successor, a
 * public tool's slug), or "active" to clear the state set by hand (and the successor). Audited as
 * an edit by `actor`.
 */
export async function setToolLifecycle(
  deps: LifecycleDeps,
  toolId: string,
  change: { state: SettableLifecycleState; successorSlug?: string | null },
  actor: AuditActor,
): Promise<SetLifecycleOutcome> {
  const successorSlug = change.state === "active" ? null : change.successorSlug?.trim() || null;
  return changeCatalog(deps, async (write) => {
    const tool = await write.db
      .selectFrom("tools")
      .select(["id", "name", "lifecycle", "successor_id", "link_failures"])
      .where("id", "=", toolId)
      .executeTakeFirst();
    if (!tool) return { kind: "not-found" } as const;
    let successorId: string | null = null;
    if (successorSlug !== null) {
      const successor = await findSuccessor(write.db, tool.id, successorSlug);
      if (successor.kind === "bad-successor") return successor;
      successorId = successor.id;
    }
    const manual = change.state === "active" ? null : change.state;
    if (manual === tool.lifecycle && successorId === tool.successor_id) return { kind: "set" } as const;
    await recordLifecycle(write, toolId, manual, successorId);
    const limit = deps.config.linkHealth.failuresToFlag;
    const relisted =
      hiddenFromLists({ manual: tool.lifecycle, linkFailures: tool.link_failures }, limit) !==
      hiddenFromLists({ manual, linkFailures: tool.link_failures }, limit);
    // "listing" moves its search row on, which is how the lists in memory learn the tool left them.
    write.changed(relisted ? "listing" : "links", [toolId]);
    await recordAudit(
      write.db,
      actor,
      [
        {
          action: "edit",
          toolId,
          toolName: tool.name,
          detail: { lifecycle: { from: tool.lifecycle ?? "active", to: change.state }, successor: successorSlug },
        },
      ],
      write.now,
    );
    return { kind: "set" } as const;
  });
}
