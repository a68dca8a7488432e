import { launchUrl } from "../../core/import.ts";
import { pause, type RunContext, type ScheduledJob } from "../platform/jobs/scheduler.ts";
import { FeedError, parseFeed, parseGraphqlPosts, POSTS_QUERY } from "./parse.ts";
import {
  askApi,
  fetchFromProductHunt,
  ImportError,
  importLaunch,
  RateLimitedError,
  type ImporterDeps,
  type ImportResult,
} from "./service.ts";

/** Launches listed in the feed (or by the API) at once; Product Hunt's feed holds about 50. */
const LISTED = 50;
const API_PAGE = 20;
/** A launch that failed this many runs in a row is not tried again. */
const MAX_ATTEMPTS = 3;

/** What an import run reports: launches listed, launches tried, tools saved, and when it ended (ISO). */
export type ImportRunSummary = { urlsFound: number; toolsProcessed: number; savedCount: number; timestamp: string };

/** The Product Hunt import as a scheduled job: new launches from the feed (or the API), daily. */
export function productHuntImportJob(deps: ImporterDeps): ScheduledJob<ImportRunSummary> {
  const { productHunt, schedules } = deps.config;
  return {
    name: "product-hunt-import",
    schedule: { pattern: schedules.productHuntImport.pattern, timezone: schedules.productHuntImport.timezone },
    enabled: productHunt.autoImport,
    setting: "PRODUCT_HUNT_AUTO_IMPORT",
    leaseMs: 5 * 60_000,
    run: (context) => importNewLaunches(deps, context),
  };
}

/**
 * One run, manual or daily (docs/design.md#product-hunt-import): lists the newest launches, imports
 * those not seen before — at most the configured number, one at a time with a pause between them,
 * waiting as asked when Product Hunt answers 429 — and reports urlsFound, toolsProcessed,
 * savedCount and timestamp. A launch that fails is recorded with its error and the run goes on;
 * a listing that cannot be read fails the run.
 */
export async function importNewLaunches(
  deps: ImporterDeps,
  context: RunContext<ImportRunSummary>,
): Promise<ImportRunSummary> {
  const { productHunt } = deps.config;
  const launches = await politely(deps, context, () => listLaunches(deps));
  const urlsFound = launches.length;
  const fresh = (await unseen(deps, launches)).slice(0, productHunt.importLimit);
  let toolsProcessed = 0;
  let savedCount = 0;
  for (const launch of fresh) {
    await pause(productHunt.spacingMs, context.signal);
    toolsProcessed++;
    try {
      const result = await politely(deps, context, () => importLaunch(deps, launch.url));
      if (result.kind === "saved") savedCount++;
      await record(deps, launch, result, null);
    } catch (error) {
      if (context.signal.aborted) throw error;
      const message = error instanceof ImportError ? error.message : "Unexpected error (see the server log).";
      if (!(error instanceof ImportError))
        deps.log.error({ err: error, url: launch.url }, "import run: launch not imported");
      context.itemError(launch.url, message);
      await record(deps, launch, null, message);
      // Still asked to wait after waiting once: the rest waits for the next run.
      if (error instanceof RateLimitedError) break;
    }
    await context.progress({ urlsFound, toolsProcessed, savedCount });
  }
  return { urlsFound, toolsProcessed, savedCount, timestamp: new Date(deps.now()).toISOString() };
}

/** Runs a request to Product Hunt; after a 429 waits as asked (up to the configured most) and tries once more. */
async function politely<T>(deps: ImporterDeps, context: RunContext, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof RateLimitedError) || error.retryAfterMs > deps.config.productHunt.maxRetryAfterMs)
      throw error;
    await pause(error.retryAfterMs, context.signal);
    return request();
  }
}

interface Launch {
  slug: string;
  url: string;
}

/** The newest launches: from the API with a token (its failure falls back to the feed), else the Atom feed. */
async function listLaunches(deps: ImporterDeps): Promise<Launch[]> {
  const { productHunt } = deps.config;
  if (productHunt.token) {
    try {
      return await listFromApi(deps, productHunt.token);
    } catch (error) {
      if (error instanceof RateLimitedError) throw error;
      deps.log.warn({ err: error }, "import run: the Product Hunt API did not answer; reading the feed instead");
    }
  }
  const entries = await fetchFromProductHunt(
    deps,
    `${productHunt.baseUrl}/feed`,
    "application/atom+xml",
    (response) => {
      try {
        return parseFeed(response.body.toString("utf8"));
      } catch (error) {
        if (error instanceof FeedError) return null;
        throw error;
      }
    },
  );
  return distinct(
    entries.flatMap((entry) =>
      entry.slug ? [{ slug: entry.slug, url: launchUrl(productHunt.baseUrl, entry.slug) }] : [],
    ),
  );
}

async function listFromApi(deps: ImporterDeps, token: string): Promise<Launch[]> {
  const { productHunt } = deps.config;
  const posts: { slug: string }[] = [];
  // The API gives at most 20 posts a page.
  for (let after: string | null = null; posts.length < LISTED;) {
    const page = parseGraphqlPosts(
      await askApi(deps, token, POSTS_QUERY, { first: Math.min(API_PAGE, LISTED - posts.length), after }),
    );
    posts.push(...page.posts);
    if (!page.hasNextPage || !page.endCursor || page.posts.length === 0) break;
    after = page.endCursor;
  }
  return distinct(posts.map((post) => ({ slug: post.slug, url: launchUrl(productHunt.baseUrl, post.slug) })));
}

function distinct(launches: Launch[]): Launch[] {
  const seen = new Set<string>();
  return launches.filter((launch) => !seen.has(launch.slug) && seen.add(launch.slug));
}

/** The launches no run has dealt with (a failed one is tried again, up to MAX_ATTEMPTS), and no admin has imported. */
async function unseen(deps: ImporterDeps, launches: Launch[]): Promise<Launch[]> {
  if (launches.length === 0) return [];
  const { db } = deps.database;
  const [done, imported] = await Promise.all([
    db
      .selectFrom("import_launches")
      .select("launch_key")
      .where(
        "launch_key",
        "in",
        launches.map((launch) => launch.slug),
      )
      .where((eb) => eb.or([eb("outcome", "!=", "failed"), eb("attempts", ">=", MAX_ATTEMPTS)]))
      .execute(),
    db
      .selectFrom("tools")
      .select("source_url")
      .where(
        "source_url",
        "in",
        launches.map((launch) => launch.url),
      )
      .execute(),
  ]);
  const skip = new Set([...done.map((row) => row.launch_key), ...imported.map((row) => row.source_url)]);
  return launches.filter((launch) => !skip.has(launch.slug) && !skip.has(launch.url));
}

async function record(
  deps: ImporterDeps,
  launch: Launch,
  result: ImportResult | null,
  error: string | null,
): Promise<void> {
  const at = deps.now();
  const outcome = result === null ? "failed" : result.kind === "saved" ? "saved" : "duplicate";
  const toolId = result?.kind === "saved" ? result.tool.id : null;
  await deps.database.db
    .insertInto("import_launches")
    .values({
      launch_key: launch.slug,
      url: launch.url,
      outcome,
      tool_id: toolId,
      attempts: 1,
      last_error: error,
      first_seen_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column("launch_key").doUpdateSet((eb) => ({
        outcome,
        tool_id: toolId,
        attempts: eb("import_launches.attempts", "+", 1),
        last_error: error,
        updated_at: at,
      })),
    )
    .execute();
}
