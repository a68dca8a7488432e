import net from "node:net";
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";
import { COUNTS_LAG_MS } from "../../core/likes.ts";
import { SITEMAP_MAX_URLS } from "../../core/seo.ts";
import { CodedError } from "./errors.ts";
import { publicAddressesCovered } from "./net/address.ts";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

// A croner pattern: 5 fields (minute…weekday) or 6 (seconds first). A job still runs at most once
// a minute across instances (server/platform/jobs/scheduler.ts), whatever the pattern says.
const cronPattern = z
  .string()
  .trim()
  .refine((pattern) => {
    if (!/^\S+( \S+){4,5}$/.test(pattern)) return false;
    try {
      new Cron(pattern, { paused: true });
      return true;
    } catch {
      return false;
    }
  }, 'must be a cron pattern of 5 or 6 fields, e.g. "0 13 * * *" (every day at 13:00)');

/** A DNS server as Node's resolver takes it: an IP address, `ipv4:port` or `[ipv6]:port`. */
function isDnsServer(entry: string): boolean {
  if (net.isIP(entry) !== 0) return true;
  const withPort = /^\[([0-9a-fA-F:.]+)\]:(\d{1,5})$/.exec(entry) ?? /^([0-9.]+):(\d{1,5})$/.exec(entry);
  if (!withPort) return false;
  const [, address, port] = withPort;
  return (
    (entry.startsWith("[") ? net.isIPv6(address!) : net.isIPv4(address!)) && Number(port) >= 1 && Number(port) <= 65535
  );
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().min(1).optional(),
  SITE_URL: z.url().optional(),
  SITE_NAME: z.string().min(1).max(60).default("toolshelf/"),
  TRUST_PROXY: z.string().optional(),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["auto", "pretty", "json"], "must be auto, pretty or json").default("auto"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -hex 32`)").optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url().optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  OUTBOUND_ALLOW: z
    .string()
    .regex(
      /^\s*(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}(\s*,\s*(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5})*\s*$/,
      "must be host:port pairs separated by commas, e.g. 127.0.0.1:9000",
    )
    .optional(),
  DNS_SERVERS: z
    .string()
    .refine(
      (text) => text.split(",").every((entry) => isDnsServer(entry.trim())),
      "must be DNS server addresses separated by commas, each an IP address with an optional port, e.g. 127.0.0.1:5353 or [::1]:53",
    )
    .optional(),
  CHROMIUM_PATH: z.string().min(1).default("/usr/bin/chromium"),
  ADMIN_USERNAME: z.string().trim().min(1).max(64).optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").max(200).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
    .optional(),
  PAYMENTS_MODE: z.enum(["stripe", "test", "off"], "must be stripe, test or off").optional(),
  PRODUCT_HUNT_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://www.producthunt.com"),
  PRODUCT_HUNT_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.producthunt.com/v2/api/graphql"),
  PRODUCT_HUNT_TOKEN: z.string().trim().min(1).optional(),
  PRODUCT_HUNT_FETCH_PROXIES: z
    .string()
    .refine(
      (text) => text.split(",").every((entry) => /^https?:\/\/[^\s]+$/.test(entry.trim()) && entry.includes("{url}")),
      "must be proxy URLs containing {url}, separated by commas, e.g. https://proxy.example/fetch?url={url}",
    )
    .optional(),
  PRODUCT_HUNT_AUTO_IMPORT: flag.optional(),
  PRODUCT_HUNT_IMPORT_SCHEDULE: cronPattern.optional(),
  LINK_CHECK_SCHEDULE: cronPattern.optional(),
  DIGEST_ENABLED: flag.optional(),
  DIGEST_SCHEDULE: cronPattern.optional(),
  CONFIRMATION_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(100),
  SHUTDOWN_TIMEOUT_SEC: z.coerce.number().int().min(1).max(600).default(10),
  PRODUCT_HUNT_IMPORT_LIMIT: z.coerce.number().int().min(1).max(200).default(20),
  PRODUCT_HUNT_REQUEST_SPACING_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  FAVICON_SERVICE_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, "must be an http(s) URL")
    .refine(
      (text) => text.includes("{domain}"),
      "must contain {domain}, e.g. https://icons.duckduckgo.com/ip3/{domain}.ico",
    )
    .default("https://www.google.com/s2/favicons?domain={domain}&sz=128"),
  LINK_CHECK_ENABLED: flag.optional(),
  MCP_ENABLED: flag.optional(),
  LINK_CHECK_SPACING_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  LIFECYCLE_UNREACHABLE_FAILURES: z.coerce.number().int().min(1).max(52).default(3),
  LIFECYCLE_STALE_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  DISCONTINUED_NOINDEX_DAYS: z.coerce.number().int().min(0).max(3650).default(180),
  TRENDING_HALF_LIFE_HOURS: z.coerce.number().min(1).max(720).default(24),
  COUNTS_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
  PRIORITY_REVIEW_PRICE_USD: z.coerce.number().int().min(0).max(5000).default(29),
  REPO_API_GITHUB_URL: z.url({ protocol: /^https?$/ }).default("https://api.github.com"),
  REPO_API_GITLAB_URL: z.url({ protocol: /^https?$/ }).default("https://gitlab.com"),
  REPO_API_CODEBERG_URL: z.url({ protocol: /^https?$/ }).default("https://codeberg.org"),
  PAGE_CACHE: z.enum(["on", "off"], "must be on or off").optional(),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465")
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .max(200)
    .regex(/@/, 'must be an e-mail address, e.g. "toolshelf/ <hello@example.com>"')
    .optional(),
  MAIL_PER_SECOND: z.coerce.number().min(0.1).max(100).default(5),
  METRICS_PORT: z.coerce
    .number("must be a port number (1-65535) for the metrics listener")
    .int("must be a port number (1-65535) for the metrics listener")
    .min(1, "must be a port number (1-65535) for the metrics listener")
    .max(65535, "must be a port number (1-65535) for the metrics listener")
    .optional(),
  METRICS_HOST: z.string().trim().min(1).optional(),
  METRICS_TOKEN: z
    .string()
    .min(32, "must be at least 32 characters (e.g. `openssl rand -hex 32`)")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it is sent as Authorization: Bearer <token>)")
    .optional(),
});

export type DatabaseTarget = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string; schema?: string };

/** An S3-compatible bucket for uploaded and generated files. */
export interface S3Config {
  bucket: string;
  /** Unset for AWS; the service's URL for R2, MinIO and the like. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own credential chain (environment, instance role…). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Where browsers read the files, without a trailing slash. */
  publicUrl: string;
  forcePathStyle: boolean;
}

/** Requests allowed per window for one key (an IP address, a visitor, …). */
export interface RateLimitRule {
  points: number;
  durationSec: number;
}

/** The whole runtime configuration, typed; built once from the environment. */
export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string | undefined;
  dataDir: string;
  database: DatabaseTarget;
  siteUrl: string;
  siteName: string;
  /** Express's `trust proxy` value: false (use the socket address), a hop count, or addresses. */
  trustProxy: false | number | string;
  seedDemo: boolean;
  logLevel: string;
  /** auto: readable lines on a terminal, JSON lines anywhere else (server/platform/log-format.ts). */
  logFormat: "auto" | "pretty" | "json";
  /** Where uploaded and generated files go: local disk under DATA_DIR/uploads, or an S3 bucket. */
  storage: { kind: "disk"; root: string } | ({ kind: "s3" } & S3Config);
  /** `host:port` pairs server-side fetches may reach though private or local (tests' fakes only). */
  outboundAllow: string[];
  /**
   * The server's own DNS lookups (the TXT records of website claims): the servers asked
   * (DNS_SERVERS; empty: the system's resolvers) and how long one lookup may take.
   */
  dns: { servers: string[]; timeoutMs: number };
  /** Signs cookies (the visitor cookie); null: one is generated once and kept in the database. */
  sessionSecret: string | null;
  rateLimits: {
    contact: RateLimitRule;
    searchTracking: RateLimitRule;
    likeIp: RateLimitRule;
    likeVisitor: RateLimitRule;
    submit: RateLimitRule;
    /** "Fill from website" asks per address (each fetches a website). */
    websiteFill: RateLimitRule;
    checkout: RateLimitRule;
    /** Admin logins (docs/decisions/018): walls per address and per username at one address… */
    loginIp: RateLimitRule;
    loginUserIp: RateLimitRule;
    /** …a slowdown, not a wall, past this many for a username from all addresses together… */
    loginUser: RateLimitRule;
    /** …and, for a browser that has signed in as that admin before, only its own budget. */
    loginDevice: RateLimitRule;
    /** Likes one address (IPv4, or an IPv6 /64) adds to one tool, and new visitors it starts. */
    likeToolAddress: RateLimitRule;
    likeNewVisitor: RateLimitRule;
    /** Search terms one address may add to the list of terms (repeats of known terms are free). */
    searchNewTerm: RateLimitRule;
    /** Suggestions one address asks the search box's API for. */
    suggest: RateLimitRule;
    /** Requests one address sends the MCP endpoint (each message of an assistant's session). */
    mcp: RateLimitRule;
    /**
     * Claims of listings: started per client address (both proofs, and new owner links), e-mail
     * claims per tool and client address, mails per recipient address.
     */
    claimAddress: RateLimitRule;
    claimToolAddress: RateLimitRule;
    claimRecipient: RateLimitRule;
    /** Verification attempts (website checks, e-mail confirmations) per client address. */
    claimVerify: RateLimitRule;
    /** Owners' edits per owner. */
    ownerEdit: RateLimitRule;
    /** Posts of the weekly digest's subscribe form from one address. */
    digestSubscribe: RateLimitRule;
    /** Confirmation mails of the digest to one inbox (however its address is written), and from the whole site. */
    digestRecipient: RateLimitRule;
    /** Mails of a submission's status link to one inbox (however its address is written). */
    statusLinkRecipient: RateLimitRule;
    confirmationMails: RateLimitRule;
    /** Reports of a problem with a listing: per client address (any tool), and per tool (from every address). */
    reportAddress: RateLimitRule;
    reportTool: RateLimitRule;
    /** Reviews: posts per client address (any tool), reviews per tool (from every address), confirmation mails per inbox. */
    reviewAddress: RateLimitRule;
    reviewTool: RateLimitRule;
    reviewRecipient: RateLimitRule;
    /** "Helpful" votes on reviews per client address. */
    reviewVote: RateLimitRule;
  };
  /**
   * How an admin login past the username's budget is slowed: this much per attempt over it, at most
   * `maxMs`, one attempt after the other; an attempt that would wait in that queue longer than
   * `maxQueueMs` is refused at once.
   */
  loginSlowdown: { stepMs: number; maxMs: number; maxQueueMs: number };
  /** The admin created or updated at start (ADMIN_USERNAME / ADMIN_PASSWORD); null: keep what exists. */
  admin: { username: string; password: string } | null;
  /** Screenshots of submitted websites: the system Chromium that takes them, and how many at once. */
  screenshots: { chromiumPath: string; timeoutMs: number; concurrency: number };
  /** "Fill from website" on the submit forms: how long the website (its page, then its logo) may take. */
  websiteFill: { timeoutMs: number };
  /**
   * How featured placement is paid (PAYMENTS_MODE, docs/decisions/017): Stripe, the built-in test
   * checkout (no real charge), or off (not sold at all). `apiBase` points the SDK elsewhere than
   * api.stripe.com (tests' fake on 127.0.0.1).
   */
  payments:
    | {
        mode: "stripe";
        secretKey: string;
        webhookSecret: string;
        apiBase?: { host: string; port: number; protocol: "http" | "https" };
      }
    | { mode: "test" }
    | { mode: "off" };
  /**
   * Product Hunt import (docs/design.md#product-hunt-import). Every address of theirs comes from here, so tests point them at
   * a local fake. `fetchProxies`: URL templates with `{url}`, tried in order after a direct fetch.
   */
  productHunt: {
    baseUrl: string;
    apiUrl: string;
    token: string | null;
    fetchProxies: string[];
    /** The daily automatic import of new launches. */
    autoImport: boolean;
    /** Launches imported per automatic run at most. */
    importLimit: number;
    /** The pause between two requests to Product Hunt in an automatic run. */
    spacingMs: number;
    /** The longest Retry-After honoured; a longer one ends the run. */
    maxRetryAfterMs: number;
  };
  /** Where an imported tool's logo comes from when it has none: a template with `{domain}`. */
  faviconServiceUrl: string;
  /** The MCP endpoint for assistants (/mcp, server/mcp): off, it is an unknown page. */
  mcp: { enabled: boolean };
  /** The weekly check of every public tool's website; 3 failures in a row flag it. */
  /** The weekly link check; `failuresToFlag` failures in a row flag a tool for admins and make it unreachable (core/lifecycle.ts). */
  linkHealth: { enabled: boolean; spacingMs: number; timeoutMs: number; failuresToFlag: number };
  /**
   * Tools' lifecycle (core/lifecycle.ts): days without a change seen before a tool is stale; days
   * a discontinued tool's page stays indexable (then `noindex`, and out of the sitemap); where the
   * link check reads a public repository's last activity (tests point them at a fake).
   */
  lifecycle: { staleDays: number; noindexDays: number; repoApis: { github: string; gitlab: string; codeberg: string } };
  /** When scheduled jobs run: croner patterns in a time zone (daylight saving included); pages word them (app/lib/job-words.ts). */
  schedules: Record<"productHuntImport" | "linkHealth" | "digest", { pattern: string; timezone: string }>;
  /**
   * The weekly digest (server/digest): whether its schedule runs, the most new tools and featured
   * tools one issue lists, how long a confirmation link works, and how soon a pending address may
   * be sent its confirmation again.
   */
  digest: { enabled: boolean; newToolsMax: number; featuredMax: number; confirmTtlMs: number; resendAfterMs: number };
  /** Trending tools (core/trending.ts): an event's worth halves every `halfLifeMs`; scores are worked out every few minutes. */
  trending: { halfLifeMs: number; schedule: string };
  /** How long the daily counts (views, clicks, impressions, likes, searches) are kept for charts and reports. */
  countsRetentionMs: number;
  /**
   * Priority review of a pending submission (core/priority-review.ts): its fixed price in cents,
   * paid like featuring; 0 when it is not sold (PRIORITY_REVIEW_PRICE_USD=0).
   */
  priorityReview: { priceCents: number };
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut. */
  shutdownTimeoutMs: number;
  /** Background jobs (screenshots after a submission): how often each instance looks for due ones. */
  jobs: { pollMs: number };
  /**
   * Public pages kept in memory until the catalogue changes (at most `maxBytes`); `pollMs`: how
   * often to look for other instances' writes; `countsLagMs`: how long a like count shown may lag.
   */
  cache: { pages: boolean; maxBytes: number; pollMs: number; countsLagMs: number };
  /** URLs per sitemap file (the sitemaps protocol allows 50,000). */
  sitemapMaxUrls: number;
  /**
   * Where Prometheus reads `/metrics`: a listener of its own on `port` of `host` (127.0.0.1 unless
   * METRICS_HOST says otherwise), and/or the main port with `Authorization: Bearer <token>`;
   * neither set: nowhere.
   */
  metrics: { port: number | null; host: string; token: string | null };
  /**
   * Outgoing e-mail (server/platform/mail): through SMTP_URL, or, without it, written as `.eml` files to
   * `outboxDir` so one machine works without a mail server. At most `perSecond` mails leave this
   * process a second; a failed send is tried `retries` more times, `retryBaseMs` apart and doubling.
   */
  mail: {
    smtpUrl: string | null;
    from: string;
    outboxDir: string;
    perSecond: number;
    retries: number;
    retryBaseMs: number;
  };
}

/** A configuration the server cannot start with; the message lists what to fix, for the operator. */
export class ConfigError extends CodedError<"invalid-config"> {
  constructor(message: string, options?: ErrorOptions) {
    super("invalid-config", message, options);
  }
}

// Express's names for address ranges a proxy may live in.
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * The most public addresses TRUST_PROXY's ranges may cover together: a /8's worth of IPv4 and a
 * /16's worth of IPv6. The largest networks a CDN or load balancer proxies from are far smaller
 * (Cloudflare's: about 1.5 million IPv4 addresses and 14 /32s of IPv6); more amounts to believing
 * much of the internet, as `0.0.0.0/1,128.0.0.0/1` believes all of it.
 */
export const TRUST_PROXY_MAX_PUBLIC = { v4: 1n << 24n, v6: 1n << 112n } as const;

const believesAnyone = (value: string) =>
  new ConfigError(
    `Invalid configuration:\n  TRUST_PROXY: "${value}" would believe any client's X-Forwarded-For. Set the number of proxies in front of the site (e.g. 1) or their addresses (e.g. loopback, or 10.0.0.0/8)`,
  );

/**
 * Turns TRUST_PROXY into Express's `trust proxy` setting; unset means the socket address is the
 * client. Trusting every hop (`true`, `*`), or ranges that cover much of the public internet
 * (`0.0.0.0/0`, `0.0.0.0/1,128.0.0.0/1`: more than TRUST_PROXY_MAX_PUBLIC), is refused: any
 * client there could name any address in X-Forwarded-For and step around every per-address limit.
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const v = value?.trim();
  if (!v || v === "false" || v === "0") return false;
  if (/^(true|\*|all|yes)$/i.test(v)) throw believesAnyone(v);
  if (/^\d+$/.test(v)) return Number(v);
  const ranges: [address: string, prefix: number][] = [];
  for (const entry of v.split(",").map((part) => part.trim())) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address, prefix, ...rest] = entry.split("/");
    const family = net.isIP(address ?? "");
    const bits = family === 4 ? 32 : 128;
    const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (rest.length > 0 || family === 0 || !(length <= bits)) {
      throw new ConfigError(
        `Invalid configuration:\n  TRUST_PROXY: "${entry}" is not a hop count, an address, a CIDR range (up to /32 for IPv4, /128 for IPv6) or one of loopback, linklocal, uniquelocal`,
      );
    }
    if (length === 0) throw believesAnyone(entry);
    ranges.push([address!, length]);
  }
  const covered = publicAddressesCovered(ranges);
  if (covered.v4 > TRUST_PROXY_MAX_PUBLIC.v4 || covered.v6 > TRUST_PROXY_MAX_PUBLIC.v6) throw believesAnyone(v);
  return v;
}

/** Reads the database target from DATABASE_URL: postgres:// URLs, else an SQLite file. */
export function parseDatabaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (!url) return { engine: "sqlite", file: path.join(dataDir, "toolshelf.db") };
  if (/^postgres(ql)?:\/\//i.test(url)) return { engine: "postgres", url };
  const file = url.replace(/^sqlite:(\/\/)?/i, "");
  return { engine: "sqlite", file: path.resolve(file) };
}

/** Whether a site address is this machine only (the one-machine demo), not one the public can reach. */
export function isLocalSiteUrl(siteUrl: string): boolean {
  const host = URL.parse(siteUrl)?.hostname.toLowerCase() ?? "";
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The payment mode: PAYMENTS_MODE when set; else Stripe when its keys are, the test checkout for the
 * one-machine demo (a local SITE_URL, or development), and off for anything public — a public site
 * must never feature tools for a payment nobody made.
 */
function paymentsConfig(
  e: Pick<z.infer<typeof EnvSchema>, "PAYMENTS_MODE" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "NODE_ENV">,
  siteUrl: string,
): Config["payments"] {
  const mode =
    e.PAYMENTS_MODE ??
    (e.STRIPE_SECRET_KEY ? "stripe" : e.NODE_ENV === "development" || isLocalSiteUrl(siteUrl) ? "test" : "off");
  if (mode === "stripe" && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) {
    return { mode, secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET };
  }
  return mode === "test" ? { mode } : { mode: "off" };
}

/** Whether the site is served over HTTPS (its public address says so): Secure cookies, HSTS. */
export function servesHttps(config: Pick<Config, "siteUrl">): boolean {
  return config.siteUrl.startsWith("https:");
}

/** Builds the configuration from environment variables (see README and .env.example). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=` in a .env file) means "not set".
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  if (e.S3_BUCKET && !e.S3_PUBLIC_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_PUBLIC_URL: required with S3_BUCKET (where browsers read the stored files)",
    );
  }
  if (!e.ADMIN_USERNAME !== !e.ADMIN_PASSWORD) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_USERNAME, ADMIN_PASSWORD: set both or neither");
  }
  if (!e.STRIPE_SECRET_KEY !== !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both (payments are confirmed by signed webhooks) or neither (test checkout)",
    );
  }
  if (e.PAYMENTS_MODE === "stripe" && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENTS_MODE: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError("Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither");
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      "Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics are served on a listener of their own)",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: parseDatabaseTarget(e.DATABASE_URL, dataDir),
    siteUrl,
    siteName: e.SITE_NAME,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    seedDemo: e.SEED_DEMO ?? true,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    sessionSecret: e.SESSION_SECRET ?? null,
    storage:
      e.S3_BUCKET && e.S3_PUBLIC_URL
        ? {
            kind: "s3",
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL.replace(/\/+$/, ""),
            // Services other than AWS mostly address buckets by path.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          }
        : { kind: "disk", root: path.join(dataDir, "uploads") },
    outboundAllow: (e.OUTBOUND_ALLOW ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    dns: {
      servers: (e.DNS_SERVERS ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
      timeoutMs: 5000,
    },
    rateLimits: {
      contact: { points: 5, durationSec: 10 * 60 },
      // Search tracking: one client counts a term at most 3 times an hour.
      searchTracking: { points: 3, durationSec: 60 * 60 },
      // A person likes a few tools a minute; an office or school shares one address.
      likeIp: { points: 120, durationSec: 60 },
      likeVisitor: { points: 30, durationSec: 60 },
      // A maker submits a handful of tools in a sitting; a script submits hundreds.
      submit: { points: 10, durationSec: 60 * 60 },
      // "Fill from website" fetches a page and a logo for each ask: a person fills a few forms, a
      // script using us as a fetching proxy stops here.
      websiteFill: { points: 30, durationSec: 60 * 60 },
      // Each checkout asks the payment provider for a session: a few per visit, not a stream.
      checkout: { points: 20, durationSec: 10 * 60 },
      // Enough for typos; a guesser gets 10 tries per 15 minutes per address, 5 of them at one
      // username. Across addresses a username is slowed rather than closed, so nobody can lock
      // the admin out; a browser the admin signed in with before has a budget of its own.
      loginIp: { points: 10, durationSec: 15 * 60 },
      loginUserIp: { points: 5, durationSec: 15 * 60 },
      loginUser: { points: 20, durationSec: 15 * 60 },
      loginDevice: { points: 10, durationSec: 15 * 60 },
      // Net likes: an office behind one NAT (twenty people) can each like a tool, and an unlike
      // gives its point back; a script with fresh cookies gets no further than that.
      likeToolAddress: { points: 20, durationSec: 24 * 60 * 60 },
      likeNewVisitor: { points: 30, durationSec: 60 * 60 },
      // A person searches a few dozen new things an hour; a page that makes its visitors'
      // browsers search random words adds no more than that per visitor.
      searchNewTerm: { points: 30, durationSec: 60 * 60 },
      // One request per pause in typing: a person types a few dozen a minute; an office shares one address.
      suggest: { points: 300, durationSec: 60 },
      // An assistant sends a few requests per question it answers; a crawler of the whole catalogue stops here.
      mcp: { points: 120, durationSec: 60 },
      // Claims: an owner tries once or twice; a script trying every tool or mailing one inbox
      // again and again stops here. Verification fetches the website, so it is limited too.
      claimAddress: { points: 10, durationSec: 60 * 60 },
      // Per tool and address, never per tool alone: strangers cannot spend a tool's owner's budget.
      claimToolAddress: { points: 20, durationSec: 24 * 60 * 60 },
      // An owner asks for a link or two; one inbox is sent no more than this a day, however its
      // address is written.
      claimRecipient: { points: 5, durationSec: 24 * 60 * 60 },
      claimVerify: { points: 10, durationSec: 10 * 60 },
      ownerEdit: { points: 10, durationSec: 60 * 60 },
      // A person subscribes once, perhaps again after a typo; a script mailing strangers stops here.
      digestSubscribe: { points: 5, durationSec: 10 * 60 },
      // One inbox gets a few confirmation mails a day, however its address is varied and whether
      // its waiting row is kept, deleted or made again.
      digestRecipient: { points: 3, durationSec: 24 * 60 * 60 },
      // A maker submits a few tools a day at most; a script mailing one stranger stops here.
      statusLinkRecipient: { points: 5, durationSec: 24 * 60 * 60 },
      // Every mail a visitor can have sent to any address (digest confirmations, claim links,
      // owner links, submissions' status links): the whole site sends no more than the operator allows an hour, whatever
      // the number of addresses and networks asking.
      confirmationMails: { points: e.CONFIRMATION_MAILS_PER_HOUR, durationSec: 60 * 60 },
      // A visitor reports a listing or two; a script reporting the whole catalogue stops here.
      reportAddress: { points: 10, durationSec: 60 * 60 },
      // More reports of one tool in a day than an admin needs to act on it: past this, a flood
      // adds nothing to the queue but rows.
      reportTool: { points: 50, durationSec: 24 * 60 * 60 },
      // A visitor reviews a few tools in a sitting; a script reviewing the catalogue stops here.
      reviewAddress: { points: 10, durationSec: 60 * 60 },
      // More reviews of one tool in a day than any real launch gets: past this, a flood of
      // addresses adds nothing to the moderators' queue.
      reviewTool: { points: 30, durationSec: 24 * 60 * 60 },
      // One inbox is asked to confirm a few reviews a day, however its address is written.
      reviewRecipient: { points: 5, durationSec: 24 * 60 * 60 },
      // A reader marks a few reviews helpful; an office shares one address.
      reviewVote: { points: 60, durationSec: 60 * 60 },
    },
    // A queue of 30 s holds 3 attempts at the longest delay: a new browser waits no longer than a
    // proxy's usual timeout, and a flood is refused at once instead of holding connections.
    loginSlowdown: { stepMs: 1000, maxMs: 10_000, maxQueueMs: 30_000 },
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : null,
    payments: paymentsConfig(e, siteUrl),
    screenshots: { chromiumPath: e.CHROMIUM_PATH, timeoutMs: 20_000, concurrency: 2 },
    // A person waits for the form: a site slower than this is not worth the wait.
    websiteFill: { timeoutMs: 8000 },
    productHunt: {
      baseUrl: e.PRODUCT_HUNT_BASE_URL.replace(/\/+$/, ""),
      apiUrl: e.PRODUCT_HUNT_API_URL,
      token: e.PRODUCT_HUNT_TOKEN ?? null,
      fetchProxies: (e.PRODUCT_HUNT_FETCH_PROXIES ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
      autoImport: e.PRODUCT_HUNT_AUTO_IMPORT ?? true,
      importLimit: e.PRODUCT_HUNT_IMPORT_LIMIT,
      spacingMs: e.PRODUCT_HUNT_REQUEST_SPACING_MS,
      maxRetryAfterMs: 120_000,
    },
    faviconServiceUrl: e.FAVICON_SERVICE_URL,
    mcp: { enabled: e.MCP_ENABLED ?? true },
    linkHealth: {
      enabled: e.LINK_CHECK_ENABLED ?? true,
      spacingMs: e.LINK_CHECK_SPACING_MS,
      timeoutMs: 10_000,
      failuresToFlag: e.LIFECYCLE_UNREACHABLE_FAILURES,
    },
    lifecycle: {
      staleDays: e.LIFECYCLE_STALE_DAYS,
      noindexDays: e.DISCONTINUED_NOINDEX_DAYS,
      repoApis: {
        github: e.REPO_API_GITHUB_URL.replace(/\/+$/, ""),
        gitlab: e.REPO_API_GITLAB_URL.replace(/\/+$/, ""),
        codeberg: e.REPO_API_CODEBERG_URL.replace(/\/+$/, ""),
      },
    },
    schedules: {
      // Daily at 13:00 Amsterdam time (docs/design.md#constants).
      productHuntImport: schedule(e.PRODUCT_HUNT_IMPORT_SCHEDULE, "0 13 * * *"),
      // Mondays before the working day, when a slow check disturbs no one.
      linkHealth: schedule(e.LINK_CHECK_SCHEDULE, "0 4 * * 1"),
      // The start of the working week, after the link check.
      digest: schedule(e.DIGEST_SCHEDULE, "0 9 * * 1"),
    },
    digest: {
      enabled: e.DIGEST_ENABLED ?? true,
      newToolsMax: 20,
      featuredMax: 6,
      confirmTtlMs: 48 * 60 * 60 * 1000,
      resendAfterMs: 10 * 60 * 1000,
    },
    // Every ten minutes: a like shows in trending within minutes, and a run reads one window of events.
    trending: { halfLifeMs: e.TRENDING_HALF_LIFE_HOURS * 60 * 60 * 1000, schedule: "*/10 * * * *" },
    countsRetentionMs: e.COUNTS_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    priorityReview: { priceCents: e.PRIORITY_REVIEW_PRICE_USD * 100 },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SEC * 1000,
    jobs: { pollMs: 5000 },
    // In development every edit must show at once; PAGE_CACHE=off measures uncached rendering.
    cache: {
      pages: (e.PAGE_CACHE ?? (e.NODE_ENV === "development" ? "off" : "on")) === "on",
      maxBytes: e.PAGE_CACHE_MB * 1024 * 1024,
      pollMs: 1000,
      countsLagMs: COUNTS_LAG_MS,
    },
    sitemapMaxUrls: SITEMAP_MAX_URLS,
    // Not HOST: the listener has no token, so it is this machine's only unless the operator says otherwise.
    metrics: { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST ?? "127.0.0.1", token: e.METRICS_TOKEN ?? null },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `"${e.SITE_NAME.replace(/["\\]/g, "")}" <no-reply@${new URL(siteUrl).hostname}>`,
      outboxDir: path.join(dataDir, "outbox"),
      perSecond: e.MAIL_PER_SECOND,
      retries: 3,
      retryBaseMs: 1000,
    },
  };
}

/** A job's schedule: the operator's pattern or the default one, in Amsterdam time. */
function schedule(pattern: string | undefined, standard: string): { pattern: string; timezone: string } {
  return { pattern: pattern ?? standard, timezone: "Europe/Amsterdam" };
}
