import { setImmediate as nextTurn } from "node:timers/promises";
import { CATEGORY_SLUGS, type CategorySlug } from "../../core/categories.ts";
import {
  detectFormat,
  fileHeadings,
  nameKey,
  parseCatalogFile,
  planImport,
  type CatalogFileFormat,
  type FileRefusal,
  type HeadingMapping,
  type ImportPlan,
  type ListedTool,
  type PlannedDuplicate,
  type PlannedTool,
} from "../../core/catalog-file.ts";
import { listingDomain } from "../../core/claim-domains.ts";
import { slugify } from "../../core/slug.ts";
import { faviconUrl } from "../../core/import.ts";
import { recordAudit, type AuditActor } from "../audit/audit.ts";
import { changeCatalog } from "../catalog/change.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { insertTools, type NewTool } from "../catalog/write.ts";
import type { Config } from "../platform/config.ts";
import { isUniqueViolation, type Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";
import type { FileImportsTable } from "../platform/db/types.ts";
import type { Logger } from "../platform/logger.ts";
import { pause, type RunContext, type ScheduledJob } from "../platform/jobs/scheduler.ts";
import { freeSlug } from "../submissions/service.ts";
import type { Selectable } from "kysely";

// A catalogue imported from a file (docs/decisions/046). The upload is kept in `file_imports`
// until the admin confirms or it expires; the preview is worked out from it each time it is shown
// (the directory may change meanwhile). Confirming hands it to the file-import job, which adds
// the tools a batch at a time, each batch one catalogue change with its audit entries, pausing
// between batches so that pages keep being served, and checking for duplicates again as it goes.

export interface FileImportDeps {
  config: Pick<Config, "faviconServiceUrl">;
  database: Database;
  freshness?: Pick<CatalogFreshness, "changed">;
  log: Logger;
  now: () => number;
}

/** How long an unconfirmed upload is kept for its preview. */
export const FILE_IMPORT_TTL_MS = 60 * 60_000;
/** The job that imports confirmed files. */
export const FILE_IMPORT_JOB = "file-import";
/** Tools per catalogue change: one transaction short enough not to hold the database (or SQLite's thread) long. */
export const FILE_IMPORT_BATCH = 250;
/** The rest between two batches, for requests waiting on the database. */
const BATCH_REST_MS = 5;
/** How many of each group the preview lists. */
export const PREVIEW_LIST_MAX = 200;

export type FileImportRow = Selectable<FileImportsTable>;

/** An upload as the preview step takes it: the text, the name it came with, and the format chosen (or "detect"). */
export interface CatalogUpload {
  text: string;
  fileName: string;
  format: CatalogFileFormat | "detect";
}

/** Keeps an uploaded file for its preview; refuses one that cannot be read at all, saying why. */
export async function storeCatalogFile(
  deps: FileImportDeps,
  upload: CatalogUpload,
  admin: AuditActor,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const format = upload.format === "detect" ? detectFormat(upload.fileName, upload.text) : upload.format;
  const parsed = parseCatalogFile(upload.text, format);
  if (!parsed.ok) return parsed;
  const now = deps.now();
  await forgetExpired(deps.database, now);
  const id = newId();
  await deps.database.db
    .insertInto("file_imports")
    .values({
      id,
      admin_user_id: admin.id,
      admin_username: admin.username.slice(0, 64),
      file_name: upload.fileName.slice(0, 200),
      format,
      content: upload.text,
      status: "preview",
      created_at: now,
      expires_at: now + FILE_IMPORT_TTL_MS,
      finished_at: null,
      error: null,
    })
    .execute();
  return { ok: true, id };
}

/** Forgets unconfirmed uploads past their time. */
async function forgetExpired(database: Database, now: number): Promise<number> {
  const result = await database.db
    .deleteFrom("file_imports")
    .where("status", "=", "preview")
    .where("expires_at", "<", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What the directory holds, by listing domain and by name, added to as an import goes. */
type MutableIndex = { byDomain: Map<string, ListedTool>; byName: Map<string, ListedTool> };

/** Everything listed (rejected tools aside), by listing domain and by name. */
async function listedIndex(database: Database): Promise<MutableIndex> {
  const rows = await database.db
    .selectFrom("tools")
    .select(["slug", "name", "website_url"])
    .where("status", "!=", "rejected")
    .execute();
  const index = { byDomain: new Map<string, ListedTool>(), byName: new Map<string, ListedTool>() };
  for (const row of rows) addListed(index, row);
  return index;
}

function addListed(index: MutableIndex, tool: { slug: string; name: string; website_url: string }): void {
  const domain = listingDomain(tool.website_url);
  const listed = { slug: tool.slug, name: tool.name };
  if (domain && !index.byDomain.has(domain)) index.byDomain.set(domain, listed);
  const name = nameKey(tool.name);
  if (!index.byName.has(name)) index.byName.set(name, listed);
}

function readMapping(text: string): HeadingMapping {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== "object" || value === null) return {};
    const mapping: HeadingMapping = Object.create(null) as HeadingMapping;
    for (const [heading, slug] of Object.entries(value)) {
      if (slug === "" || (CATEGORY_SLUGS as readonly unknown[]).includes(slug))
        mapping[heading] = slug as CategorySlug | "";
    }
    return mapping;
  } catch {
    return {};
  }
}

/** What the file would do now, against the directory as it is. */
async function planOf(
  database: Database,
  row: FileImportRow,
): Promise<
  { plan: ImportPlan; headings: ReturnType<typeof fileHeadings>; listed: MutableIndex } | { message: string }
> {
  const parsed = parseCatalogFile(row.content, row.format);
  if (!parsed.ok) return { message: parsed.message };
  const listed = await listedIndex(database);
  return {
    plan: planImport(parsed.candidates, parsed.refused, readMapping(row.mapping), listed, listingDomain),
    headings: fileHeadings(parsed.candidates),
    listed,
  };
}

/** One group of the preview: how many, and the first PREVIEW_LIST_MAX of them. */
export interface PreviewGroup<T> {
  count: number;
  items: T[];
}

export interface FileImportView {
  id: string;
  fileName: string;
  format: CatalogFileFormat;
  status: FileImportRow["status"];
  approve: boolean;
  expiresAt: number;
  /** The preview, while the upload waits for the admin's confirmation. */
  preview: {
    headings: { heading: string; auto: CategorySlug | null; chosen: CategorySlug | ""; entries: number }[];
    add: PreviewGroup<{ line: number; name: string; websiteUrl: string; categories: string[] }>;
    existing: PreviewGroup<PlannedDuplicate>;
    refused: PreviewGroup<FileRefusal>;
  } | null;
  /** The import's figures once confirmed. */
  progress: { total: number; done: number; added: number; skipped: number; failed: number; error: string | null };
}

const first = <T>(items: T[]): PreviewGroup<T> => ({ count: items.length, items: items.slice(0, PREVIEW_LIST_MAX) });

/** An upload with its preview (or its progress once confirmed); null when there is none by that id, or it expired. */
export async function viewFileImport(deps: FileImportDeps, id: string): Promise<FileImportView | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const row = await deps.database.db.selectFrom("file_imports").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || (row.status === "preview" && Number(row.expires_at) < deps.now())) return null;
  let preview: FileImportView["preview"] = null;
  if (row.status === "preview") {
    const planned = await planOf(deps.database, row);
    // The file was read when it was stored, and is the same text now.
    if ("message" in planned) return null;
    const mapping = readMapping(row.mapping);
    const { plan, headings } = planned;
    preview = {
      headings: headings.map((h) => ({ ...h, chosen: mapping[h.heading] ?? h.auto ?? "" })),
      add: first(
        plan.add.map(({ line, tool }: PlannedTool) => ({
          line,
          name: tool.name,
          websiteUrl: tool.websiteUrl,
          categories: tool.categories,
        })),
      ),
      existing: first(plan.existing),
      refused: first(plan.refused),
    };
  }
  return {
    id: row.id,
    fileName: row.file_name,
    format: row.format,
    status: row.status,
    approve: row.approve === 1,
    expiresAt: Number(row.expires_at),
    preview,
    progress: {
      total: row.total,
      done: row.done,
      added: row.added,
      skipped: row.skipped,
      failed: row.failed,
      error: row.error,
    },
  };
}

/** The admin's choices on the preview: each heading's category ("" for none), and whether to approve. */
export interface FileImportChoices {
  mapping: Record<string, string>;
  approve: boolean;
}

/** Saves the choices of a preview still waiting; false when there is no such preview (confirmed, cancelled, expired). */
export async function saveFileImportChoices(
  deps: FileImportDeps,
  id: string,
  choices: FileImportChoices,
  confirm = false,
): Promise<boolean> {
  const mapping: HeadingMapping = {};
  for (const [heading, slug] of Object.entries(choices.mapping)) {
    if (slug === "" || (CATEGORY_SLUGS as readonly string[]).includes(slug))
      mapping[heading] = slug as CategorySlug | "";
  }
  const result = await deps.database.db
    .updateTable("file_imports")
    .set({
      mapping: JSON.stringify(mapping),
      approve: choices.approve ? 1 : 0,
      ...(confirm ? { status: "confirmed" as const } : {}),
    })
    .where("id", "=", id)
    .where("status", "=", "preview")
    .where("expires_at", ">=", deps.now())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets an upload still waiting for confirmation; false when there was none. */
export async function cancelFileImport(deps: FileImportDeps, id: string): Promise<boolean> {
  const result = await deps.database.db
    .deleteFrom("file_imports")
    .where("id", "=", id)
    .where("status", "=", "preview")
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** What a run of the file-import job reports. */
export type FileImportSummary = { files: number; added: number; skipped: number; failed: number; forgotten: number };

/**
 * The file-import job: imports the confirmed files, oldest first. Started at once when an admin
 * confirms; its hourly schedule forgets expired previews and picks up an import whose server
 * stopped mid-way (it starts again from the top: what was added is found as already listed).
 */
export function fileImportJob(deps: FileImportDeps): ScheduledJob<FileImportSummary> {
  return {
    name: FILE_IMPORT_JOB,
    schedule: { pattern: "40 * * * *", timezone: "UTC" },
    enabled: true,
    setting: null,
    leaseMs: 5 * 60_000,
    run: (context) => importConfirmedFiles(deps, context),
  };
}

export async function importConfirmedFiles(
  deps: FileImportDeps,
  context: RunContext<FileImportSummary>,
): Promise<FileImportSummary> {
  const summary: FileImportSummary = {
    files: 0,
    added: 0,
    skipped: 0,
    failed: 0,
    forgotten: await forgetExpired(deps.database, deps.now()),
  };
  // One run holds the job's lease, so a row marked running is one whose run died: it is taken up again.
  for (;;) {
    const row = await deps.database.db
      .selectFrom("file_imports")
      .selectAll()
      .where("status", "in", ["confirmed", "running"])
      .orderBy("created_at")
      .orderBy("id")
      .executeTakeFirst();
    if (!row) return summary;
    summary.files++;
    const figures = await importFile(deps, row, context, summary);
    summary.added += figures.added;
    summary.skipped += figures.skipped;
    summary.failed += figures.failed;
  }
}

async function importFile(
  deps: FileImportDeps,
  row: FileImportRow,
  context: RunContext<FileImportSummary>,
  before: FileImportSummary,
): Promise<{ added: number; skipped: number; failed: number }> {
  const { db } = deps.database;
  const actor: AuditActor = { id: row.admin_user_id, username: row.admin_username };
  const planned = await planOf(deps.database, row);
  if ("message" in planned) {
    await db
      .updateTable("file_imports")
      .set({ status: "failed", error: planned.message, content: "", finished_at: deps.now() })
      .where("id", "=", row.id)
      .execute();
    return { added: 0, skipped: 0, failed: 0 };
  }
  // The directory as the plan saw it, kept up to date below as the import goes.
  const { plan, listed } = planned;
  const figures = {
    total: plan.add.length + plan.existing.length + plan.refused.length,
    done: plan.existing.length + plan.refused.length,
    added: 0,
    skipped: plan.existing.length,
    failed: plan.refused.length,
  };
  const save = async () => {
    await db
      .updateTable("file_imports")
      .set({ status: "running", ...figures })
      .where("id", "=", row.id)
      .execute();
    await context.progress({
      files: before.files,
      added: before.added + figures.added,
      skipped: before.skipped + figures.skipped,
      failed: before.failed + figures.failed,
    });
  };
  await save();

  let seenSince = deps.now();
  for (let i = 0; i < plan.add.length; i += FILE_IMPORT_BATCH) {
    // Tools listed or renamed since the last look: the directory changes while a long import runs.
    const checkedAt = deps.now();
    const changed = await db
      .selectFrom("tools")
      .select(["slug", "name", "website_url"])
      .where("status", "!=", "rejected")
      .where("updated_at", ">=", seenSince - 1000)
      .execute();
    for (const tool of changed) addListed(listed, tool);
    seenSince = checkedAt;

    const batch: PlannedTool[] = [];
    for (const entry of plan.add.slice(i, i + FILE_IMPORT_BATCH)) {
      const domain = listingDomain(entry.tool.websiteUrl);
      if ((domain && listed.byDomain.has(domain)) || listed.byName.has(nameKey(entry.tool.name))) figures.skipped++;
      else batch.push(entry);
    }
    try {
      const saved = await saveBatch(deps, row, batch, actor);
      figures.added += saved.length;
      for (const tool of saved) addListed(listed, { slug: tool.slug, name: tool.name, website_url: tool.websiteUrl });
    } catch (error) {
      if (context.signal.aborted) throw error;
      deps.log.error({ err: error, fileImport: row.id }, "file import: batch not saved");
      figures.failed += batch.length;
      context.itemError(
        `${row.file_name}, lines ${batch[0]?.line ?? "?"}–${batch.at(-1)?.line ?? "?"}`,
        "Not saved: unexpected error (see the server log).",
      );
    }
    figures.done += Math.min(FILE_IMPORT_BATCH, plan.add.length - i);
    await save();
    // Let the requests that queued up meanwhile run before the next transaction.
    await nextTurn();
    await pause(BATCH_REST_MS, context.signal);
  }
  await db
    .updateTable("file_imports")
    .set({ status: "finished", ...figures, content: "", finished_at: deps.now() })
    .where("id", "=", row.id)
    .execute();
  return { added: figures.added, skipped: figures.skipped, failed: figures.failed };
}

/**
 * Saves one batch as one catalogue change, each tool with its audit entry. A slug taken meanwhile
 * (a submission saved between the look-up and the insert) has the batch tried again with new slugs.
 */
async function saveBatch(
  deps: FileImportDeps,
  row: FileImportRow,
  batch: PlannedTool[],
  actor: AuditActor,
): Promise<NewTool[]> {
  if (batch.length === 0) return [];
  for (let attempt = 1; ; attempt++) {
    const now = deps.now();
    const reserved = new Set<string>();
    // Most names' own slug is free: one look-up for the batch, and one a tool only for the others.
    const bases = [...new Set(batch.map(({ tool }) => slugify(tool.name)))];
    const taken = new Set<string>();
    for (let j = 0; j < bases.length; j += 500) {
      const rows = await deps.database.db
        .selectFrom("tools")
        .select("slug")
        .where("slug", "in", bases.slice(j, j + 500))
        .execute();
      for (const r of rows) taken.add(r.slug);
    }
    const tools: NewTool[] = [];
    for (const { tool } of batch) {
      const base = slugify(tool.name);
      const slug = taken.has(base) || reserved.has(base) ? await freeSlug(deps.database, tool.name, reserved) : base;
      reserved.add(slug);
      tools.push({
        ...tool,
        id: newId(),
        slug,
        status: row.approve === 1 ? "approved" : "pending",
        source: "admin",
        logoUrl: faviconUrl(deps.config.faviconServiceUrl, tool.websiteUrl),
        screenshotUrl: null,
        submitterEmail: null,
        upvotesCount: 0,
        createdAt: now,
        updatedAt: now,
      });
    }
    try {
      await changeCatalog({ ...deps, now: () => now }, async (write) => {
        await insertTools(write, tools);
        await recordAudit(
          write.db,
          actor,
          tools.map((tool, index) => ({
            action: "import",
            toolId: tool.id,
            toolName: tool.name,
            detail: { slug: tool.slug, file: row.file_name, line: batch[index]!.line },
          })),
          now,
        );
      });
      return tools;
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}
