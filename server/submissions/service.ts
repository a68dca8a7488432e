import { createHash, randomBytes } from "node:crypto";
import { parseFeatureAmountParam, settlementText } from "../../core/featuring.ts";
import { slugify, uniqueSlug } from "../../core/slug.ts";
import { STATUS_TOKEN_PATTERN, websiteKey, type SubmissionContent } from "../../core/submission.ts";
import { recordAudit, type AuditActor } from "../audit/audit.ts";
import { changeCatalog } from "../catalog/change.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { insertTools } from "../catalog/write.ts";
import type { Config } from "../platform/config.ts";
import { isUniqueViolation, type Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";
import { enqueueJob } from "../platform/jobs/queue.ts";
import type { Metrics } from "../platform/metrics/index.ts";
import type { Storage } from "../platform/storage/index.ts";
import { readLogo, storeLogo } from "./logo.ts";

export interface SubmitDeps {
  database: Database;
  storage: Storage;
  freshness: CatalogFreshness;
  now: () => number;
  /** Called once the submission is saved with its screenshot job (the job runner's nudge). */
  onJobQueued?: () => void;
  /** Counts the tools saved, by source (absent in scripts and tests that save tools directly). */
  metrics?: Pick<Metrics, "submissionSaved">;
}

export type SubmitResult =
  /**
   * Saved. `statusToken` is the submitter's private link to the submission's state
   * (/submission/<token>); only its hash is stored, so no one can read it back from the database.
   */
  | { kind: "saved"; tool: { id: string; slug: string; name: string }; statusToken: string | null }
  /** The logo was refused; `message` is for the submitter. Nothing was stored. */
  | { kind: "bad-logo"; message: string }
  /** The website is already listed (or awaiting review) as this tool. Nothing was stored. */
  | { kind: "duplicate"; existing: { slug: string; name: string } };

/**
 * The tool that already lists this website, if any (rejected ones do not count); `exceptId` leaves
 * out the tool being edited, which may keep its own website.
 */
export async function findToolByWebsite(
  database: Database,
  websiteUrl: string,
  exceptId?: string,
): Promise<{ slug: string; name: string } | null> {
  let query = database.db
    .selectFrom("tools")
    .select(["slug", "name"])
    .where("website_key", "=", websiteKey(websiteUrl))
    .where("status", "!=", "rejected");
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  const row = await query.orderBy("created_at").executeTakeFirst();
  return row ?? null;
}

/** The tool imported from this launch page, if any (rejected ones do not count). */
export async function findToolBySourceUrl(
  database: Database,
  sourceUrl: string,
): Promise<{ slug: string; name: string } | null> {
  const row = await database.db
    .selectFrom("tools")
    .select(["slug", "name"])
    .where("source_url", "=", sourceUrl)
    .where("status", "!=", "rejected")
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The first free slug for `name` (`name`, `name-2`, `name-3`…), looked up by exact keys, so any
 * index serves it; `reserved` are slugs not yet stored but already given (a batch being saved).
 */
export async function freeSlug(
  database: Database,
  name: string,
  reserved: ReadonlySet<string> = new Set(),
): Promise<string> {
  const base = slugify(name);
  const taken = new Set<string>(reserved);
  for (let from = 1; ; from += 50) {
    const candidates = Array.from({ length: 50 }, (_, i) => (from + i === 1 ? base : `${base}-${from + i}`));
    const rows = await database.db.selectFrom("tools").select("slug").where("slug", "in", candidates).execute();
    for (const row of rows) taken.add(row.slug);
    const slug = uniqueSlug(base, (candidate) => taken.has(candidate));
    if (candidates.includes(slug)) return slug;
  }
}

/** How a tool is saved: a free submission (pending, with a status link and a screenshot job), an admin's or an import. */
export interface SaveAs {
  status: "pending" | "approved";
  source: "free_submission" | "admin" | "product_hunt_import";
  /** Where an imported tool came from (its launch page). */
  sourceUrl?: string;
  /** A private status link for the submitter (free submissions). */
  statusLink: boolean;
  /** Queue the screenshot for the job runner (else the caller takes it). */
  screenshotJob: boolean;
  /** The audit log's entry for an admin's addition or an import, written with the tool. */
  audit?: { actor: AuditActor; action: "add" | "import" };
}

const FREE_SUBMISSION: SaveAs = { status: "pending", source: "free_submission", statusLink: true, screenshotJob: true };

/**
 * A free submission (docs/design.md#states): saved pending, source free_submission, no submitting user, with
 * its screenshot job and its status link (see saveTool).
 */
export function submitTool(
  deps: SubmitDeps,
  content: SubmissionContent,
  logo: Extract<LogoSource, { name: string }>,
): Promise<SubmitResult> {
  return saveTool(deps, content, logo, FREE_SUBMISSION);
}

/**
 * A logo file to check and store; one already checked and re-encoded (processLogo); or (imports)
 * the address of one kept elsewhere, or none.
 */
export type LogoSource = { name: string; bytes: Buffer } | { name: string; webp: Buffer } | { url: string | null };

/**
 * Saves a tool from the submission form: refuses a website already listed, checks the logo by
 * content and re-encodes it, stores it, then writes the tool (with its screenshot job and status
 * token, as `as` says) in one transaction. Whatever fails after the logo is stored removes it
 * again, so a failed save leaves neither a row nor a file.
 */
export async function saveTool(
  deps: SubmitDeps,
  content: SubmissionContent,
  logo: LogoSource,
  as: SaveAs,
): Promise<SubmitResult> {
  const { database, storage } = deps;
  const existing = await findToolByWebsite(database, content.websiteUrl);
  if (existing) return { kind: "duplicate", existing };

  let webp: Buffer | null = "webp" in logo ? logo.webp : null;
  if ("bytes" in logo) {
    const processed = await readLogo(logo.bytes);
    if (processed.kind === "bad-logo") return processed;
    webp = processed.webp;
  }

  const statusToken = as.statusLink ? newStatusToken() : null;
  // A clash with a submission of the same name committed meanwhile: the next free slug.
  for (let attempt = 1; ; attempt++) {
    const now = deps.now();
    const slug = await freeSlug(database, content.name);
    const stored = "name" in logo && webp ? await storeLogo(storage, slug, now, logo.name, webp) : null;
    const logoUrl = stored ? stored.url : "url" in logo ? logo.url : null;
    const id = newId();
    try {
      await changeCatalog({ ...deps, now: () => now }, async (write) => {
        await insertTools(write, [
          {
            ...content,
            id,
            slug,
            status: as.status,
            source: as.source,
            logoUrl,
            screenshotUrl: null,
            upvotesCount: 0,
            createdAt: now,
            updatedAt: now,
            statusTokenHash: statusToken ? hashStatusToken(statusToken) : null,
            sourceUrl: as.sourceUrl ?? null,
          },
        ]);
        if (as.screenshotJob) await enqueueJob(write.db, "screenshot", { toolId: id }, now);
        if (as.audit) {
          const detail = as.sourceUrl ? { slug, sourceUrl: as.sourceUrl } : { slug };
          await recordAudit(
            write.db,
            as.audit.actor,
            [{ action: as.audit.action, toolId: id, toolName: content.name, detail }],
            now,
          );
        }
      });
    } catch (error) {
      if (stored) await storage.delete(stored.key).catch(() => undefined);
      if (isUniqueViolation(error)) {
        // The same launch imported at the same moment by another request (one tool per source_url).
        const imported = as.sourceUrl ? await findToolBySourceUrl(database, as.sourceUrl) : null;
        if (imported) return { kind: "duplicate", existing: imported };
        if (attempt < 20) continue;
      }
      throw error;
    }
    if (as.screenshotJob) deps.onJobQueued?.();
    deps.metrics?.submissionSaved(as.source);
    return { kind: "saved", tool: { id, slug, name: content.name }, statusToken };
  }
}

/** A new status-link token: 32 random bytes, base64url (43 characters). */
function newStatusToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a status-link token: its SHA-256, hex. */
export function hashStatusToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The submitter's status page for a status-link token. */
export function submissionStatusPath(token: string): string {
  return `/submission/${token}`;
}

/** What the submitter's status page shows. */
export interface SubmissionStatus {
  toolId: string;
  slug: string;
  name: string;
  status: "pending" | "approved" | "rejected";
  /** An admin's reason, for a rejected tool; null when none was given. */
  rejectionReason: string | null;
  /** For a rejected tool someone paid to feature: what became of the money (refunded, or kept as credit). */
  payment: string | null;
}

/** The submission a status-link token belongs to; null for a token we never issued (or whose tool was deleted). */
export async function findSubmissionByToken(database: Database, token: string): Promise<SubmissionStatus | null> {
  if (!STATUS_TOKEN_PATTERN.test(token)) return null;
  const row = await database.db
    .selectFrom("tools")
    .select(["id", "slug", "name", "status", "rejection_reason"])
    .where("status_token_hash", "=", hashStatusToken(token))
    .executeTakeFirst();
  if (!row) return null;
  let payment: string | null = null;
  if (row.status === "rejected") {
    const settled = await database.db
      .selectFrom("orders")
      .select(["settled_as", "amount_cents", "settled_note"])
      .where("tool_id", "=", row.id)
      .where("status", "=", "refunded")
      .where("settled_as", "is not", null)
      .orderBy("updated_at", "desc")
      .execute();
    // Featuring kept as credit and a priority review given back may both be said.
    const texts = (["credit", "refund"] as const).flatMap((kind) => {
      const same = settled.filter((o) => o.settled_as === kind);
      if (same.length === 0) return [];
      const cents = same.reduce((sum, o) => sum + Number(o.amount_cents), 0);
      return [settlementText({ kind, note: same[0]!.settled_note }, cents)];
    });
    if (texts.length > 0) payment = texts.join(" ");
  }
  return {
    toolId: row.id,
    slug: row.slug,
    name: row.name,
    // Verified is approved with a mark the submitter need not be told about here.
    status: row.status === "rejected" ? "rejected" : row.status === "pending" ? "pending" : "approved",
    rejectionReason: row.status === "rejected" ? row.rejection_reason : null,
    payment,
  };
}

/**
 * What the submit page shows at a submission's confirmation address (`/submit-tool/<status
 * token>`): the tool, whether to go on to checkout, and the private status link — while the tool
 * is still pending. Once it is decided, the status page says the rest; an unknown token is nobody's.
 */
export type SubmissionConfirmation =
  | {
      kind: "pending";
      submitted: { id: string; slug: string; name: string };
      feature: number | null;
      statusUrl: string;
    }
  | { kind: "decided"; statusPath: string }
  | { kind: "unknown" };

/** The confirmation of a submission by its status token, with `?feature={amount}` when the submitter chose to feature it. */
export async function submissionConfirmation(
  deps: { database: Database; config: Pick<Config, "siteUrl" | "payments"> },
  query: { statusToken: string; feature: string | null },
): Promise<SubmissionConfirmation> {
  const submission = await findSubmissionByToken(deps.database, query.statusToken);
  if (!submission) return { kind: "unknown" };
  const statusPath = submissionStatusPath(query.statusToken);
  if (submission.status !== "pending") return { kind: "decided", statusPath };
  return {
    kind: "pending",
    submitted: { id: submission.toolId, slug: submission.slug, name: submission.name },
    feature: deps.config.payments.mode === "off" ? null : parseFeatureAmountParam(query.feature),
    statusUrl: `${deps.config.siteUrl}${statusPath}`,
  };
}
