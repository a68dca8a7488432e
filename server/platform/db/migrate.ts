import { PostgresAdapter, sql, type Kysely } from "kysely";
import { DEFAULT_MIGRATION_TABLE, Migrator, type Migration, type MigrationResultSet } from "kysely/migration";
import * as initial from "./migrations/2026-11-22T00-initial.ts";
import * as catalogState from "./migrations/2026-11-22T01-catalog-state.ts";
import * as search from "./migrations/2026-11-22T02-search.ts";
import * as searchRevision from "./migrations/2026-11-22T03-search-revision.ts";
import * as secrets from "./migrations/2026-11-22T04-secrets.ts";
import * as submissions from "./migrations/2026-11-22T05-submissions.ts";
import * as payments from "./migrations/2026-11-22T06-payments.ts";
import * as moderation from "./migrations/2026-11-22T07-moderation.ts";
import * as imports from "./migrations/2026-11-23T08-imports.ts";
import * as security from "./migrations/2026-11-24T09-security.ts";
import * as countsVersion from "./migrations/2026-11-24T10-counts-version.ts";
import * as owners from "./migrations/2026-11-27T11-owners.ts";
import * as digest from "./migrations/2026-11-27T12-digest.ts";
import * as claimsPerOwner from "./migrations/2026-11-27T13-claims-per-owner.ts";
import * as paidReview from "./migrations/2026-11-27T15-paid-review.ts";
import * as fileImports from "./migrations/2026-11-28T16-file-imports.ts";
import * as lifecycle from "./migrations/2026-11-28T17-lifecycle.ts";
import * as reports from "./migrations/2026-11-28T18-reports.ts";
import * as communityAudit from "./migrations/2026-11-28T19-community-audit.ts";
import * as collections from "./migrations/2026-11-28T20-collections.ts";
import * as trending from "./migrations/2026-11-28T21-trending.ts";
import * as reviews from "./migrations/2026-11-28T22-reviews.ts";
import * as clicks from "./migrations/2026-11-28T23-clicks.ts";
import * as insights from "./migrations/2026-11-29T24-insights.ts";
import * as priorityReview from "./migrations/2026-11-29T25-priority-review.ts";
import * as likesTotal from "./migrations/2026-11-29T26-likes-total.ts";
import type { DB } from "./types.ts";

// Listed here rather than read from the folder, so the set is the same in every bundle and
// process; names sort by date, which is the order Kysely applies them in.
const MIGRATIONS: Record<string, Migration> = {
  "2026-11-22T00-initial": initial,
  "2026-11-22T01-catalog-state": catalogState,
  "2026-11-22T02-search": search,
  "2026-11-22T03-search-revision": searchRevision,
  "2026-11-22T04-secrets": secrets,
  "2026-11-22T05-submissions": submissions,
  "2026-11-22T06-payments": payments,
  "2026-11-22T07-moderation": moderation,
  "2026-11-23T08-imports": imports,
  "2026-11-24T09-security": security,
  "2026-11-24T10-counts-version": countsVersion,
  "2026-11-27T11-owners": owners,
  "2026-11-27T12-digest": digest,
  "2026-11-27T13-claims-per-owner": claimsPerOwner,
  "2026-11-27T15-paid-review": paidReview,
  "2026-11-28T16-file-imports": fileImports,
  "2026-11-28T17-lifecycle": lifecycle,
  "2026-11-28T18-reports": reports,
  "2026-11-28T19-community-audit": communityAudit,
  "2026-11-28T20-collections": collections,
  "2026-11-28T21-trending": trending,
  "2026-11-28T22-reviews": reviews,
  "2026-11-28T23-clicks": clicks,
  "2026-11-29T24-insights": insights,
  "2026-11-29T25-priority-review": priorityReview,
  "2026-11-29T26-likes-total": likesTotal,
};

/** The names of the migrations this version knows, oldest first (a restore refuses a database past them). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

/** Brings the schema up to date; safe to run on every start and from several instances at once. */
export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResultSet> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; another
  // schema's copy (a second install in the same database) would otherwise be taken for ours.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    let result: MigrationResultSet;
    try {
      result = await migrator.migrateToLatest();
    } catch (error) {
      result = { error };
    }
    if (!result.error) return result;
    if (attempt < 3 && isOtherSchemaGone(result.error, migrationTableSchema)) continue;
    throw result.error;
  }
}

/**
 * Whether an error says that a schema other than ours was dropped while it was being read.
 * Kysely's check for its bookkeeping table reads the tables of every schema, in more than one
 * query: another install (or test) dropping its schema in between fails that read, not our
 * migration, so it is tried again.
 */
export function isOtherSchemaGone(error: unknown, ours: string | undefined): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== "3F000" || typeof message !== "string") return false;
  const named = /^schema "(.*)" does not exist$/.exec(message)?.[1];
  return named !== undefined && named !== ours;
}

/**
 * The migrations this code knows that the database has not recorded as applied, in order; none
 * when the schema is current. Migrations recorded but unknown here (a newer instance migrated
 * first, in a rolling deploy) are no concern of this code. Throws when the record cannot be read
 * (no migration has ever run).
 */
export async function pendingMigrations(db: Kysely<DB>): Promise<string[]> {
  // Unqualified, the record is looked up in the search path, where migrateToLatest keeps it.
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  return Object.keys(MIGRATIONS).filter((name) => !applied.has(name));
}
