import { sql } from "kysely";
import {
  diffOwnerContent,
  OWNER_EDIT_FIELDS,
  ownerChanges,
  ownerProposal,
  type FieldChange,
  type OwnerChanges,
  type OwnerContent,
  type OwnerEditInput,
} from "../../core/claims.ts";
import { recordAudit, type AuditActor } from "../audit/audit.ts";
import { deleteStoredFiles, type ModerationDeps } from "../admin/moderation.ts";
import type { Admin } from "../admin/session.ts";
import { findToolForEdit, updateTool, type EditableTool } from "../admin/tools.ts";
import { findSuccessor, setToolLifecycle, type LifecycleDeps } from "../catalog/lifecycle.ts";
import { isUniqueViolation, type Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";
import type { RateLimiter } from "../platform/ratelimit/index.ts";
import { readLogo, storeLogo } from "../submissions/logo.ts";
import { hashToken, TOKEN_PATTERN, type Client, type Limited } from "./service.ts";
import type { ViewCounter } from "./views.ts";
import { DAY_MS, startOfDay } from "../../core/dates.ts";

// What a verified owner does with their private link (/owner/<token>): sees the listing's likes
// and views, and proposes edits of its content and logo. An edit never changes the listing by
// itself: it waits, one per claim (the owner's newer one replaces it; another owner's stays),
// until an admin approves it — through the admin's own tool edit, so caches, search and pages
// move as for any edit — or rejects it. An edit holds only the fields it changes, so approving
// one owner's edit leaves the others' fields as they are.

/** The owner behind an owner link: their claim and the tool. */
export interface Owner {
  claimId: string;
  toolId: string;
  method: "email" | "website";
  email: string | null;
  domain: string;
  verifiedAt: number;
}

/**
 * The verified claim an owner link belongs to; null for a link never issued, replaced or revoked.
 * A link mailed on request becomes the claim's link the first time it is used, which ends the one
 * it replaces.
 */
export async function findOwner(database: Database, token: string): Promise<Owner | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const hash = hashToken(token);
  const select = () =>
    database.db
      .selectFrom("tool_claims")
      .select(["id", "tool_id", "method", "email", "domain", "verified_at", "owner_token_hash"])
      .where("status", "=", "verified");
  let row = await select()
    .where((eb) => eb.or([eb("owner_token_hash", "=", hash), eb("next_owner_token_hash", "=", hash)]))
    .executeTakeFirst();
  if (row && row.owner_token_hash !== hash) {
    await database.db
      .updateTable("tool_claims")
      .set({ owner_token_hash: hash, next_owner_token_hash: null })
      .where("id", "=", row.id)
      .where("next_owner_token_hash", "=", hash)
      .where("status", "=", "verified")
      .execute();
    // Read again: of two first uses at once, both find the link in place; a revocation in between, neither.
    row = await select().where("owner_token_hash", "=", hash).executeTakeFirst();
  }
  if (!row) return null;
  return {
    claimId: row.id,
    toolId: row.tool_id,
    method: row.method,
    email: row.email,
    domain: row.domain,
    verifiedAt: Number(row.verified_at ?? 0),
  };
}

/** Who an owner is, as moderation and the audit log name them: the address, or the website proven. */
const ownerName = (claim: { email: string | null; domain: string }) => claim.email ?? `website ${claim.domain}`;

/** The owner as the audit log names them. */
export function ownerActor(owner: Owner, client: Client): AuditActor {
  return { id: null, username: ownerName(owner), ip: client.ip };
}

/** An owner's edit as their page and the admin's moderation show it. */
export interface OwnerEditView {
  id: string;
  status: "pending" | "approved" | "rejected" | "replaced" | "withdrawn";
  /** The fields it changes (edits made before edits were kept per claim hold every field). */
  content: OwnerChanges;
  logoUrl: string | null;
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
}

type EditRow = {
  id: string;
  status: OwnerEditView["status"];
  content: string;
  logo_url: string | null;
  reason: string | null;
  created_at: number;
  decided_at: number | null;
};

function editOf(row: EditRow): OwnerEditView {
  return {
    id: row.id,
    status: row.status,
    content: JSON.parse(row.content) as OwnerChanges,
    logoUrl: row.logo_url,
    reason: row.reason,
    createdAt: Number(row.created_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
  };
}

const EDIT_COLUMNS = ["id", "status", "content", "logo_url", "reason", "created_at", "decided_at"] as const;

/** The content fields of a tool, as an owner edits them. */
export function ownerContentOf(tool: EditableTool): OwnerContent {
  const content = Object.fromEntries(OWNER_EDIT_FIELDS.map((field) => [field, tool[field]]));
  return { ...content, lifecycle: tool.lifecycle ?? "active", successor: tool.successorSlug ?? "" } as OwnerContent;
}

/** Everything the owner page shows. */
export interface OwnerPage {
  tool: EditableTool;
  public: boolean;
  likes: number;
  views: { total: number; last30Days: number };
  /** This owner's edit waiting for an admin, with what it changes (other owners' edits are theirs alone). */
  pending: (OwnerEditView & { changes: FieldChange[] }) | null;
  /** What the form starts from: the live listing with this owner's pending changes on top. */
  form: OwnerContent;
  /** This owner's last decided edit (approved or rejected, with the admin's reason). */
  lastDecided: OwnerEditView | null;
}

/** The owner page's data; null when the tool is gone. */
export async function ownerPage(
  database: Database,
  views: ViewCounter,
  owner: Owner,
  now: number,
): Promise<OwnerPage | null> {
  const tool = await findToolForEdit(database, owner.toolId);
  if (!tool) return null;
  const since = startOfDay(now) - 29 * DAY_MS;
  const [likes, counted, pending, decided] = await Promise.all([
    database.db.selectFrom("tools").select("upvotes_count").where("id", "=", tool.id).executeTakeFirst(),
    database.db
      .selectFrom("tool_views")
      .select([
        sql<number>`coalesce(sum(count), 0)`.as("total"),
        sql<number>`coalesce(sum(case when day >= ${since} then count else 0 end), 0)`.as("recent"),
      ])
      .where("tool_id", "=", tool.id)
      .executeTakeFirst(),
    database.db
      .selectFrom("owner_edits")
      .select(EDIT_COLUMNS)
      .where("claim_id", "=", owner.claimId)
      .where("status", "=", "pending")
      .executeTakeFirst(),
    database.db
      .selectFrom("owner_edits")
      .select(EDIT_COLUMNS)
      .where("claim_id", "=", owner.claimId)
      .where("status", "in", ["approved", "rejected"])
      .orderBy("decided_at", "desc")
      .orderBy("created_at", "desc")
      .executeTakeFirst(),
  ]);
  // Views this instance has counted but not written yet count too.
  const unwritten = views.unwritten([tool.slug, tool.id]);
  const pendingEdit = pending ? editOf(pending) : null;
  const live = ownerContentOf(tool);
  return {
    tool,
    public: tool.status === "approved" || tool.status === "verified",
    likes: Number(likes?.upvotes_count ?? 0),
    views: { total: Number(counted?.total ?? 0) + unwritten, last30Days: Number(counted?.recent ?? 0) + unwritten },
    pending: pendingEdit ? { ...pendingEdit, changes: diffOwnerContent(live, pendingEdit.content) } : null,
    form: { ...live, ...pendingEdit?.content },
    lastDecided: decided ? editOf(decided) : null,
  };
}

export type OwnerEditResult =
  | { kind: "saved"; changed: string[]; replaced: boolean }
  | { kind: "no-change" }
  | { kind: "bad-logo"; message: string }
  | { kind: "bad-successor"; message: string }
  | { kind: "gone" }
  | Limited;

/**
 * Saves an owner's edit for an admin to decide: the fields that differ from the live listing
 * (checked by the shared schema) and a new logo (checked by content and re-encoded, stored until
 * the edit is decided). This owner's pending edit is replaced; other owners' are not touched.
 * Limited per owner.
 */
export async function submitOwnerEdit(
  deps: Pick<ModerationDeps, "database" | "storage" | "now" | "log" | "config"> & { limiter: RateLimiter },
  owner: Owner,
  client: Client,
  content: OwnerEditInput,
  logo: { name: string; bytes: Buffer } | null,
): Promise<OwnerEditResult> {
  const state = await deps.limiter.consume(owner.claimId);
  if (state.limited)
    return {
      kind: "limited",
      message: "Too many edits in a short time. Please wait a while before sending another.",
      retryAfterSec: state.retryAfterSec,
    };
  const tool = await findToolForEdit(deps.database, owner.toolId);
  if (!tool) return { kind: "gone" };
  const live = ownerContentOf(tool);
  const changes = ownerChanges(live, ownerProposal(live, content));
  if (changes.successor) {
    const successor = await findSuccessor(deps.database.db, tool.id, changes.successor);
    if (successor.kind === "bad-successor") return successor;
  }
  const changed: string[] = Object.keys(changes);
  let webp: Buffer | null = null;
  if (logo) {
    const processed = await readLogo(logo.bytes);
    if (processed.kind === "bad-logo") return processed;
    webp = processed.webp;
    changed.push("logo");
  }
  if (changed.length === 0) return { kind: "no-change" };
  const now = deps.now();
  const stored = webp && logo ? await storeLogo(deps.storage, tool.slug, now, logo.name, webp) : null;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const replaced = await deps.database.db.transaction().execute(async (trx) => {
          const old = await trx
            .updateTable("owner_edits")
            .set({ status: "replaced", decided_at: now })
            .where("claim_id", "=", owner.claimId)
            .where("status", "=", "pending")
            .returning(["logo_url"])
            .execute();
          await trx
            .insertInto("owner_edits")
            .values({
              id: newId(),
              tool_id: tool.id,
              claim_id: owner.claimId,
              status: "pending",
              content: JSON.stringify(changes),
              logo_key: stored?.key ?? null,
              logo_url: stored?.url ?? null,
              reason: null,
              created_at: now,
              decided_at: null,
            })
            .execute();
          await recordAudit(
            trx,
            ownerActor(owner, client),
            [{ action: "owner-edit", toolId: tool.id, toolName: tool.name, detail: { changed } }],
            now,
          );
          return old;
        });
        await deleteStoredFiles(
          deps,
          replaced.map((r) => r.logo_url),
        );
        return { kind: "saved", changed, replaced: replaced.length > 0 };
      } catch (error) {
        // Another edit of this owner's was saved at the same moment: replace it in turn.
        if (isUniqueViolation(error) && attempt < 3) continue;
        throw error;
      }
    }
  } catch (error) {
    if (stored) await deps.storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}

/** A pending owner edit as the moderation page lists it. */
export interface PendingOwnerEdit {
  id: string;
  /** Who proposed it: the address, or the website proven. */
  owner: string;
  createdAt: number;
  /** What it changes, against the listing as it is now. */
  changes: FieldChange[];
  logo: { from: string | null; to: string } | null;
}

/** A listing with the edits its owners propose, side by side, oldest first. */
export interface PendingToolEdits {
  toolId: string;
  toolSlug: string;
  toolName: string;
  edits: PendingOwnerEdit[];
}

/**
 * Listings with owners' edits waiting for an admin (the one waiting longest first, at most
 * `limit`), each with all its pending edits and their field-by-field diffs against the live
 * listing, so approving one shows what the others would still change.
 */
export async function listPendingOwnerEdits(
  database: Database,
  limit = 50,
): Promise<{ tools: PendingToolEdits[]; toolCount: number; editCount: number }> {
  const [toolRows, count] = await Promise.all([
    database.db
      .selectFrom("owner_edits")
      .select(["tool_id", sql<number>`min(created_at)`.as("first")])
      .where("status", "=", "pending")
      .groupBy("tool_id")
      .orderBy("first", "asc")
      .orderBy("tool_id", "asc")
      .limit(limit)
      .execute(),
    database.db
      .selectFrom("owner_edits")
      .select([sql<number>`count(*)`.as("edits"), sql<number>`count(distinct tool_id)`.as("tools")])
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
  ]);
  const rows =
    toolRows.length === 0
      ? []
      : await database.db
          .selectFrom("owner_edits")
          .innerJoin("tool_claims", "tool_claims.id", "owner_edits.claim_id")
          .select([
            "owner_edits.id",
            "owner_edits.tool_id",
            "owner_edits.content",
            "owner_edits.logo_url",
            "owner_edits.created_at",
            "tool_claims.email",
            "tool_claims.domain",
          ])
          .where("owner_edits.status", "=", "pending")
          .where(
            "owner_edits.tool_id",
            "in",
            toolRows.map((r) => r.tool_id),
          )
          .orderBy("owner_edits.created_at", "asc")
          .orderBy("owner_edits.id", "asc")
          .execute();
  const tools: PendingToolEdits[] = [];
  for (const { tool_id } of toolRows) {
    const tool = await findToolForEdit(database, tool_id);
    if (!tool) continue;
    const live = ownerContentOf(tool);
    tools.push({
      toolId: tool.id,
      toolSlug: tool.slug,
      toolName: tool.name,
      edits: rows
        .filter((row) => row.tool_id === tool_id)
        .map((row) => ({
          id: row.id,
          owner: ownerName(row),
          createdAt: Number(row.created_at),
          changes: diffOwnerContent(live, JSON.parse(row.content) as OwnerChanges),
          logo: row.logo_url ? { from: tool.logoUrl, to: row.logo_url } : null,
        })),
    });
  }
  return { tools, toolCount: Number(count.tools), editCount: Number(count.edits) };
}

export type DecideResult =
  { kind: "done"; toolName: string; owner: string } | { kind: "gone" } | { kind: "refused"; message: string };

/**
 * Approves an owner's edit: applied through the admin's tool edit (updateTool), so the listing,
 * its search row and every cached page change as for any edit, with the admin's edit entry (a
 * change of the tool's life through setToolLifecycle, as the admin sets it); then the edit is
 * marked approved with its own entry.
 */
export async function approveOwnerEdit(
  deps: ModerationDeps & LifecycleDeps,
  admin: Admin,
  editId: string,
): Promise<DecideResult> {
  const row = await deps.database.db
    .selectFrom("owner_edits")
    .innerJoin("tool_claims", "tool_claims.id", "owner_edits.claim_id")
    .select([
      "owner_edits.tool_id",
      "owner_edits.content",
      "owner_edits.logo_key",
      "tool_claims.email",
      "tool_claims.domain",
    ])
    .where("owner_edits.id", "=", editId)
    .where("owner_edits.status", "=", "pending")
    .executeTakeFirst();
  if (!row) return { kind: "gone" };
  const tool = await findToolForEdit(deps.database, row.tool_id);
  if (!tool) return { kind: "gone" };
  const { lifecycle, successor, ...content } = JSON.parse(row.content) as OwnerChanges;
  // The tool's life first: a successor gone since the edit was sent refuses it before anything is written.
  if (lifecycle !== undefined || successor !== undefined) {
    const state = lifecycle ?? tool.lifecycle ?? "active";
    const set = await setToolLifecycle(deps, tool.id, { state, successorSlug: successor ?? tool.successorSlug }, admin);
    if (set.kind === "not-found") return { kind: "gone" };
    if (set.kind === "bad-successor")
      return { kind: "refused", message: `The successor cannot be used: ${set.message}` };
  }
  const bytes = row.logo_key ? await deps.storage.read(row.logo_key) : null;
  const outcome = await updateTool(
    deps,
    admin,
    tool.id,
    {
      ...tool,
      ...content,
      submitterEmail: tool.submitterEmail,
      status: tool.status,
      rejectionReason: tool.rejectionReason,
    },
    bytes ? { name: `${tool.slug}.webp`, bytes } : null,
  );
  if (outcome.kind === "not-found") return { kind: "gone" };
  if (outcome.kind !== "saved")
    return {
      kind: "refused",
      message:
        outcome.kind === "bad-logo"
          ? `The new logo cannot be used: ${outcome.message}`
          : "Another listing has this website.",
    };
  const now = deps.now();
  const toolName = content.name ?? tool.name;
  await deps.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("owner_edits")
      .set({ status: "approved", decided_at: now })
      .where("id", "=", editId)
      .where("status", "=", "pending")
      .execute();
    await recordAudit(
      trx,
      admin,
      [
        {
          action: "owner-edit-approve",
          toolId: tool.id,
          toolName,
          detail: { owner: ownerName(row), changed: outcome.changed },
        },
      ],
      now,
    );
  });
  if (row.logo_key) await deps.storage.delete(row.logo_key).catch(() => undefined);
  return { kind: "done", toolName, owner: ownerName(row) };
}

/** Rejects an owner's edit with the reason the owner reads on their page (null: none given). */
export async function rejectOwnerEdit(
  deps: ModerationDeps,
  admin: Admin,
  editId: string,
  reason: string | null,
): Promise<DecideResult> {
  const now = deps.now();
  const row = await deps.database.db.transaction().execute(async (trx) => {
    const edit = await trx
      .updateTable("owner_edits")
      .set({ status: "rejected", reason, decided_at: now })
      .where("id", "=", editId)
      .where("status", "=", "pending")
      .returning(["tool_id", "claim_id", "logo_url"])
      .executeTakeFirst();
    if (!edit) return null;
    const tool = await trx.selectFrom("tools").select("name").where("id", "=", edit.tool_id).executeTakeFirst();
    const claim = await trx
      .selectFrom("tool_claims")
      .select(["email", "domain"])
      .where("id", "=", edit.claim_id)
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      admin,
      [
        {
          action: "owner-edit-reject",
          toolId: edit.tool_id,
          toolName: tool?.name ?? "",
          detail: { owner: ownerName(claim), ...(reason === null ? {} : { reason }) },
        },
      ],
      now,
    );
    return { ...edit, name: tool?.name ?? "", owner: ownerName(claim) };
  });
  if (!row) return { kind: "gone" };
  await deleteStoredFiles(deps, [row.logo_url]);
  return { kind: "done", toolName: row.name, owner: row.owner };
}

/** A claim as the admin's claims page lists it. */
export interface ClaimListItem {
  id: string;
  toolId: string;
  toolName: string;
  toolSlug: string;
  method: "email" | "website";
  /** The address (e-mail claims) or the website's host. */
  who: string;
  status: "pending" | "verified" | "revoked" | "expired";
  createdAt: number;
  verifiedAt: number | null;
  revokedAt: number | null;
}

/** One page of claims, newest first, with the total. */
export async function listClaims(
  database: Database,
  options: { page: number; pageSize: number; now: number },
): Promise<{ items: ClaimListItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    database.db
      .selectFrom("tool_claims")
      .innerJoin("tools", "tools.id", "tool_claims.tool_id")
      .select([
        "tool_claims.id",
        "tool_claims.tool_id",
        "tools.name",
        "tools.slug",
        "tool_claims.method",
        "tool_claims.email",
        "tool_claims.domain",
        "tool_claims.status",
        "tool_claims.expires_at",
        "tool_claims.created_at",
        "tool_claims.verified_at",
        "tool_claims.revoked_at",
      ])
      .orderBy("tool_claims.created_at", "desc")
      .orderBy("tool_claims.id", "desc")
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    database.db
      .selectFrom("tool_claims")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      toolId: r.tool_id,
      toolName: r.name,
      toolSlug: r.slug,
      method: r.method,
      who: r.email ?? r.domain,
      status: r.status === "pending" && Number(r.expires_at) <= options.now ? "expired" : r.status,
      createdAt: Number(r.created_at),
      verifiedAt: r.verified_at === null ? null : Number(r.verified_at),
      revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
    })),
    total: Number(count.n),
  };
}

/**
 * Revokes a claim (pending or verified): its owner link stops working at once, and its pending
 * edit is withdrawn. Returns the tool's name, or null when there was nothing to revoke.
 */
export async function revokeClaim(
  deps: Pick<ModerationDeps, "database" | "now" | "storage" | "log" | "config">,
  admin: Admin,
  claimId: string,
): Promise<string | null> {
  const now = deps.now();
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const claim = await trx
      .updateTable("tool_claims")
      .set({
        status: "revoked",
        revoked_at: now,
        secret_hash: null,
        owner_token_hash: null,
        next_owner_token_hash: null,
      })
      .where("id", "=", claimId)
      .where("status", "in", ["pending", "verified"])
      .returning(["tool_id", "email", "domain", "method"])
      .executeTakeFirst();
    if (!claim) return null;
    const withdrawn = await trx
      .updateTable("owner_edits")
      .set({ status: "withdrawn", decided_at: now })
      .where("claim_id", "=", claimId)
      .where("status", "=", "pending")
      .returning(["logo_url"])
      .execute();
    const tool = await trx.selectFrom("tools").select("name").where("id", "=", claim.tool_id).executeTakeFirst();
    await recordAudit(
      trx,
      admin,
      [
        {
          action: "claim-revoke",
          toolId: claim.tool_id,
          toolName: tool?.name ?? "",
          detail: { method: claim.method, owner: claim.email ?? claim.domain },
        },
      ],
      now,
    );
    return { name: tool?.name ?? "", logos: withdrawn.map((w) => w.logo_url) };
  });
  if (!result) return null;
  await deleteStoredFiles(deps, result.logos);
  return result.name;
}
