import { slugify, uniqueSlug } from "../../core/slug.ts";
import { websiteKey, type SubmissionContent } from "../../core/submission.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { insertTools } from "../catalog/write.ts";
import { isUniqueViolation, type Database } from "../db/index.ts";
import { newId } from "../db/ids.ts";
import { enqueueJob } from "../jobs/queue.ts";
import type { Storage } from "../storage/index.ts";
import { LogoError, logoKey, processLogo } from "./logo.ts";

export interface SubmitDeps {
  database: Database;
  storage: Storage;
  freshness: CatalogFreshness;
  now: () => number;
  /** Called once the submission is saved with its screenshot job (the job runner's nudge). */
  onJobQueued?: () => void;
}

export type SubmitResult =
  | { kind: "saved"; tool: { id: string; slug: string; name: string } }
  /** The logo was refused; `message` is for the submitter. Nothing was stored. */
  | { kind: "bad-logo"; message: string }
  /** The website is already listed (or awaiting review) as this tool. Nothing was stored. */
  | { kind: "duplicate"; existing: { slug: string; name: string } };

/** The tool that already lists this website, if any (rejected ones do not count). */
export async function findToolByWebsite(database: Database, websiteUrl: string): Promise<{ slug: string; name: string } | null> {
  const row = await database.db
    .selectFrom("tools")
    .select(["slug", "name"])
    .where("website_key", "=", websiteKey(websiteUrl))
    .where("status", "!=", "rejected")
    .orderBy("created_at")
    .executeTakeFirst();
  return row ?? null;
}

/** The first free slug for `name` (`name`, `name-2`, `name-3`…), looked up by exact keys, so any index serves it. */
async function freeSlug(database: Database, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set<string>();
  for (let from = 1; ; from += 50) {
    const candidates = Array.from({ length: 50 }, (_, i) => (from + i === 1 ? base : `${base}-${from + i}`));
    const rows = await database.db.selectFrom("tools").select("slug").where("slug", "in", candidates).execute();
    for (const row of rows) taken.add(row.slug);
    const slug = uniqueSlug(base, (candidate) => taken.has(candidate));
    if (candidates.includes(slug)) return slug;
  }
}

/**
 * A free submission (spec §4): checks the logo by content and re-encodes it, stores it, then saves
 * the tool (pending, source free_submission, no submitting user) together with its screenshot job,
 * in one transaction. Whatever fails after the logo is stored removes it again, so a failed
 * submission leaves neither a row nor a file.
 */
export async function submitTool(deps: SubmitDeps, content: SubmissionContent, logo: { name: string; bytes: Buffer }): Promise<SubmitResult> {
  const { database, storage } = deps;
  const existing = await findToolByWebsite(database, content.websiteUrl);
  if (existing) return { kind: "duplicate", existing };

  let webp: Buffer;
  try {
    webp = await processLogo(logo.bytes);
  } catch (error) {
    if (error instanceof LogoError) return { kind: "bad-logo", message: error.message };
    throw error;
  }

  // A clash with a submission of the same name committed meanwhile: the next free slug.
  for (let attempt = 1; ; attempt++) {
    const now = deps.now();
    const slug = await freeSlug(database, content.name);
    const key = logoKey(slug, now, logo.name);
    const logoUrl = await storage.put(key, webp, "image/webp");
    const id = newId();
    try {
      await database.db.transaction().execute(async (trx) => {
        await insertTools(
          trx,
          [
            {
              ...content,
              id,
              slug,
              status: "pending",
              source: "free_submission",
              logoUrl,
              screenshotUrl: null,
              upvotesCount: 0,
              createdAt: now,
              updatedAt: now,
            },
          ],
          now,
        );
        await enqueueJob(trx, "screenshot", { toolId: id }, now);
      });
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      if (isUniqueViolation(error) && attempt < 20) continue;
      throw error;
    }
    deps.freshness.changed();
    deps.onJobQueued?.();
    return { kind: "saved", tool: { id, slug, name: content.name } };
  }
}
