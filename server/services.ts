import path from "node:path";
import { createPublicExport, type PublicExport } from "./api/export.ts";
import { createCatalogFreshness, type CatalogFreshness } from "./catalog/freshness.ts";
import { createClickCounter, createViewCounter, type ViewCounter } from "./claims/views.ts";
import { countsFlushJob } from "./platform/jobs/counts-flush-job.ts";
import { createLikeCounts, type LikeCounts } from "./trending/like-counts.ts";
import { createToolCounts, type ToolCounts } from "./insights/tool-counts.ts";
import { countsPruneJob } from "./insights/prune-job.ts";
import { createPublicCatalog, type PublicCatalog } from "./catalog/public.ts";
import { servesHttps, type Config } from "./platform/config.ts";
import type { Database } from "./platform/db/index.ts";
import type { Logger } from "./platform/logger.ts";
import { createJobRunner, type JobRunner } from "./platform/jobs/queue.ts";
import { createScheduler, type ScheduledJob, type Scheduler } from "./platform/jobs/scheduler.ts";
import { productHuntImportJob, type ImportRunSummary } from "./importer/import-run.ts";
import { fileImportJob } from "./importer/catalog-file.ts";
import { linkHealthJob } from "./links/health.ts";
import { trendingJob } from "./trending/job.ts";
import { createLikeService, type LikeService } from "./likes/service.ts";
import { createMailer, type Mailer } from "./platform/mail/mailer.ts";
import { digestJob } from "./digest/job.ts";
import { unconfirmedReadersJob } from "./digest/readers-job.ts";
import { unconfirmedReviewsJob } from "./reviews/unconfirmed-job.ts";
import { createMetrics, type Metrics } from "./platform/metrics/index.ts";
import { createToolImages, type ToolImages } from "./og/service.ts";
import { visitorCookies, type VisitorCookies } from "./likes/visitor.ts";
import { createPaymentService, type PaymentService } from "./payments/service.ts";
import { createRateLimiter, type RateLimiter } from "./platform/ratelimit/index.ts";
import { rateLimitsPruneJob } from "./platform/ratelimit/prune.ts";
import { loadSecret } from "./platform/secrets/index.ts";
import { searchTermsPruneJob } from "./search/prune-job.ts";
import { createSearchDays, type SearchDays } from "./search/daily.ts";
import { createSearchService, type SearchService } from "./search/service.ts";
import { createScreenshotCapturer } from "./screenshots/capture.ts";
import { createScreenshotService, screenshotJob, type ScreenshotService } from "./screenshots/service.ts";
import { diskStorage, type Storage } from "./platform/storage/index.ts";
import { s3Storage } from "./platform/storage/s3.ts";
import { lifecycleThresholds } from "./catalog/lifecycle.ts";

/**
 * What route modules and domain functions need from the running server, handed to them per
 * request through React Router's context rather than imported, so that the server bundle and the
 * Node process share one database and one set of limiters.
 */
export interface AppServices {
  config: Config;
  database: Database;
  log: Logger;
  /** The current time in ms; tests move it to check expiries. */
  now: () => number;
  storage: Storage;
  /** When public pages last changed (page cache invalidation). */
  freshness: CatalogFreshness;
  /** What public lists show, from this instance's copy of the public catalogue in memory. */
  catalog: PublicCatalog;
  search: SearchService;
  /** The public export of the catalogue (`/api/v1/export.jsonl`), kept as a file per generation under DATA_DIR/exports. */
  catalogExport: PublicExport;
  likes: LikeService;
  /** Public tools' images for link previews (`/og/{slug}.png`), drawn once per version. */
  toolImages: ToolImages;
  screenshots: ScreenshotService;
  payments: PaymentService;
  /** Background work (screenshots after submissions); started by the server process, not by tests. */
  jobs: JobRunner;
  /** Scheduled work (the daily Product Hunt import, the weekly link check, housekeeping); timers started by the server process. */
  scheduler: Scheduler;
  /** The Product Hunt import among the scheduler's jobs, for what is about it alone (the dashboard's import panel, /api/admin/scrape). */
  importJob: ScheduledJob<ImportRunSummary>;
  /** The key cookies are signed with (SESSION_SECRET, or one generated once and kept in the database). */
  signingKey: () => Promise<string>;
  /** This instance's Prometheus metrics (a registry of its own: several apps in one process count apart). */
  metrics: Metrics;
  /** Outgoing e-mail: SMTP_URL, or `.eml` files in DATA_DIR/outbox. */
  mailer: Mailer;
  /**
   * What this instance counts in memory and writes a batch at a time (by the scheduler's
   * counts-flush job, and as the server stops), each written on its own.
   */
  counts: {
    /** Tool page views by people. */
    views: ViewCounter;
    /** Clicks on tools' "Visit website" (/go/{slug}). */
    clicks: ViewCounter;
    /** Times a featured placement was shown on a page served to a person. */
    impressions: ToolCounts;
    /** Likes added and taken back, per tool and hour (trending) and day. */
    likes: LikeCounts;
    /** Searches per day and those that found nothing. */
    searches: SearchDays;
  };
  /** Set once the process is shutting down (server/platform/shutdown.ts): not ready, connections not kept alive. */
  lifecycle: { stopping: boolean };
  limiters: {
    contact: RateLimiter;
    searchTracking: RateLimiter;
    searchNewTerm: RateLimiter;
    suggest: RateLimiter;
    mcp: RateLimiter;
    digestSubscribe: RateLimiter;
    digestRecipient: RateLimiter;
    statusLinkRecipient: RateLimiter;
    confirmationMails: RateLimiter;
    submit: RateLimiter;
    websiteFill: RateLimiter;
    checkout: RateLimiter;
    loginIp: RateLimiter;
    loginUserIp: RateLimiter;
    loginUser: RateLimiter;
    loginDevice: RateLimiter;
    claimAddress: RateLimiter;
    claimToolAddress: RateLimiter;
    claimRecipient: RateLimiter;
    claimVerify: RateLimiter;
    ownerEdit: RateLimiter;
    reportAddress: RateLimiter;
    reportTool: RateLimiter;
    reviewAddress: RateLimiter;
    reviewTool: RateLimiter;
    reviewRecipient: RateLimiter;
    reviewVote: RateLimiter;
  };
}

/** Per-request facts the server knows before React Router runs. */
export interface RequestInfo {
  /** The client address: the socket's, or the one a trusted proxy reports (TRUST_PROXY). */
  ip: string;
  /** What per-address limits count by: the IPv4 address, or the IPv6 address's /64 (addressKey). */
  addressKey: string;
  /** The CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The address could not be read (server/platform/http/guards.ts): the root route answers 400. */
  unreadableAddress: boolean;
  requestId: string;
  /** A loader or action found the database too busy (marked by handleError in app/entry.server.tsx; the root route's middleware answers 503). */
  databaseBusy: boolean;
  /** This request's URL as the logs write it: secrets and unknown query parameters left out (server/platform/http/logged-url.ts). */
  loggedUrl: string;
}

/** Wires the services for one process. */
export function createServices(
  config: Config,
  database: Database,
  log: Logger,
  now: () => number = Date.now,
): AppServices {
  const metrics = createMetrics();
  const freshness = createCatalogFreshness(database, now, log, config.cache);
  // The signing key may live in the database: read once, and again after a failed read.
  let key: Promise<string> | null = null;
  const signingKey = () =>
    (key ??= loadSecret(database, "cookie-signing", config.sessionSecret, now()).catch((error: unknown) => {
      key = null;
      throw error;
    }));
  const loadCookies = (): Promise<VisitorCookies> =>
    signingKey().then((secret) => visitorCookies(secret, { secure: servesHttps(config) }));
  const storage = config.storage.kind === "s3" ? s3Storage(config.storage) : diskStorage(config.storage.root);
  const screenshots = createScreenshotService({
    database,
    storage,
    freshness,
    now,
    capturer: createScreenshotCapturer({
      chromiumPath: config.screenshots.chromiumPath,
      allow: config.outboundAllow,
      timeoutMs: config.screenshots.timeoutMs,
      concurrency: config.screenshots.concurrency,
      log,
    }),
  });
  const importer = { config, database, storage, freshness, screenshots, log, now, metrics };
  const catalog = createPublicCatalog(
    database,
    freshness,
    log,
    lifecycleThresholds(config),
    config.trending.halfLifeMs,
  );
  const importJob = productHuntImportJob(importer);
  const mailer = createMailer(config.mail, log);
  const counts = {
    views: createViewCounter({ database, now }),
    clicks: createClickCounter({ database, now }),
    impressions: createToolCounts(database, { table: "tool_impressions", per: "day", site: "impressions" }),
    likes: createLikeCounts(database),
    searches: createSearchDays(database),
  };
  return {
    config,
    database,
    log,
    now,
    storage,
    freshness,
    catalog,
    search: createSearchService(catalog, freshness, now, metrics),
    catalogExport: createPublicExport({
      database,
      now,
      siteUrl: config.siteUrl,
      thresholds: lifecycleThresholds(config),
      dir: path.join(config.dataDir, "exports"),
      freshness,
      log,
    }),
    likes: createLikeService({
      database,
      freshness,
      metrics,
      counts: counts.likes,
      cookies: loadCookies,
      limiters: {
        ip: createRateLimiter(database, "like_ip", config.rateLimits.likeIp),
        visitor: createRateLimiter(database, "like_visitor", config.rateLimits.likeVisitor),
        toolAddress: createRateLimiter(database, "like_tool_address", config.rateLimits.likeToolAddress),
        newVisitor: createRateLimiter(database, "like_new_visitor", config.rateLimits.likeNewVisitor),
      },
    }),
    toolImages: createToolImages({ database, storage, config, log }),
    screenshots,
    payments: createPaymentService({ config, database, freshness, log, now, metrics, mailer, signingKey }),
    jobs: createJobRunner({
      database,
      kinds: { screenshot: screenshotJob({ database, screenshots, log }, config.screenshots.timeoutMs) },
      now,
      log,
      pollMs: config.jobs.pollMs,
      concurrency: config.screenshots.concurrency,
      metrics,
    }),
    // The scheduled jobs: the jobs page lists them in this order; a new job is added here.
    scheduler: createScheduler({
      database,
      now,
      log,
      jobs: [
        importJob,
        fileImportJob({ config, database, freshness, log, now }),
        linkHealthJob({ config, database, freshness, log, now }),
        digestJob({ config, database, catalog, mailer, log, now, signingKey }),
        trendingJob({ config, database, freshness, now }),
        // Housekeeping.
        countsFlushJob(counts),
        countsPruneJob({ database, now, retentionMs: config.countsRetentionMs }),
        searchTermsPruneJob({ database, now }),
        unconfirmedReadersJob({ database, now }),
        unconfirmedReviewsJob({ database, now }),
        rateLimitsPruneJob({ database, now }),
      ],
      metrics,
    }),
    importJob,
    signingKey,
    metrics,
    mailer,
    counts,
    lifecycle: { stopping: false },
    limiters: {
      submit: createRateLimiter(database, "submit", config.rateLimits.submit),
      websiteFill: createRateLimiter(database, "website_fill", config.rateLimits.websiteFill),
      checkout: createRateLimiter(database, "checkout", config.rateLimits.checkout),
      loginIp: createRateLimiter(database, "login_ip", config.rateLimits.loginIp),
      loginUserIp: createRateLimiter(database, "login_user_ip", config.rateLimits.loginUserIp),
      loginUser: createRateLimiter(database, "login_user", config.rateLimits.loginUser),
      loginDevice: createRateLimiter(database, "login_device", config.rateLimits.loginDevice),
      contact: createRateLimiter(database, "contact", config.rateLimits.contact),
      searchTracking: createRateLimiter(database, "search_tracking", config.rateLimits.searchTracking, {
        blockInMemory: true,
      }),
      searchNewTerm: createRateLimiter(database, "search_new_term", config.rateLimits.searchNewTerm),
      suggest: createRateLimiter(database, "suggest", config.rateLimits.suggest, { blockInMemory: true }),
      mcp: createRateLimiter(database, "mcp", config.rateLimits.mcp, { blockInMemory: true }),
      claimAddress: createRateLimiter(database, "claim_address", config.rateLimits.claimAddress),
      claimToolAddress: createRateLimiter(database, "claim_tool_address", config.rateLimits.claimToolAddress),
      claimRecipient: createRateLimiter(database, "claim_recipient", config.rateLimits.claimRecipient),
      claimVerify: createRateLimiter(database, "claim_verify", config.rateLimits.claimVerify),
      ownerEdit: createRateLimiter(database, "owner_edit", config.rateLimits.ownerEdit),
      digestSubscribe: createRateLimiter(database, "digest_subscribe", config.rateLimits.digestSubscribe),
      digestRecipient: createRateLimiter(database, "digest_recipient", config.rateLimits.digestRecipient),
      statusLinkRecipient: createRateLimiter(database, "status_link_recipient", config.rateLimits.statusLinkRecipient),
      confirmationMails: createRateLimiter(database, "confirmation_mails", config.rateLimits.confirmationMails),
      reportAddress: createRateLimiter(database, "report_address", config.rateLimits.reportAddress),
      reportTool: createRateLimiter(database, "report_tool", config.rateLimits.reportTool),
      reviewAddress: createRateLimiter(database, "review_address", config.rateLimits.reviewAddress),
      reviewTool: createRateLimiter(database, "review_tool", config.rateLimits.reviewTool),
      reviewRecipient: createRateLimiter(database, "review_recipient", config.rateLimits.reviewRecipient),
      reviewVote: createRateLimiter(database, "review_vote", config.rateLimits.reviewVote),
    },
  };
}
