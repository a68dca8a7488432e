import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";
import type { ReportReason, ReportResolution } from "../../../core/reports.ts";

// Conventions (docs/decisions/003-ids-timestamps-money.md): ids are random text, times are integer
// milliseconds since the epoch (UTC), money is integer cents, lists are JSON text, flags are
// nullable timestamps. One representation on both engines, so no code branches on the dialect.

/** A column the database fills in on insert when it is left out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface ToolsTable {
  id: string;
  slug: string;
  name: string;
  tagline: WithDefault<string>;
  description: WithDefault<string>;
  website_url: string;
  /** What makes two websites the same listing (core websiteKey); null only on rows older than the key. */
  website_key: string | null;
  logo_url: string | null;
  screenshot_url: string | null;
  /** JSON array of platform names. */
  platforms: WithDefault<string>;
  pricing_model: string | null;
  pricing_details: WithDefault<string>;
  /** JSON arrays of short texts. */
  features: WithDefault<string>;
  use_cases: WithDefault<string>;
  integrations: WithDefault<string>;
  target_audience: WithDefault<string>;
  submitter_email: string | null;
  submitted_by_uid: string | null;
  status: string;
  /** Why an admin rejected the tool (shown on the submitter's status page); null when none was given. */
  rejection_reason: string | null;
  /** SHA-256 (hex) of the submitter's private status-link token; null for tools not submitted through the form. */
  status_token_hash: string | null;
  source: string;
  /** The Product Hunt launch page an imported tool came from; null for other sources. */
  source_url: string | null;
  /** The last weekly link check: when, and what it found ("200", or why it failed). */
  link_checked_at: number | null;
  link_check_result: string | null;
  /** Failed link checks in a row; 3 or more flag the tool for admins. */
  link_failures: WithDefault<number>;
  /** A lifecycle state set by hand ('discontinued' or 'acquired'); null: derived (core/lifecycle.ts). */
  lifecycle: ColumnType<string | null, string | null | undefined, string | null>;
  /** The tool that took over from a discontinued or acquired one. */
  successor_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the lifecycle was last set by hand. */
  lifecycle_set_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last link check that found the website answering. */
  link_ok_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** SHA-256 (hex) of the start of the website's page as the link check last read it, and when it last changed. */
  site_hash: ColumnType<string | null, string | null | undefined, string | null>;
  site_changed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The source repository's last activity, when the website is a public repository the link check can read. */
  repo_activity_at: ColumnType<number | null, number | null | undefined, number | null>;
  upvotes_count: WithDefault<number>;
  /** Published reviews (docs/decisions/051). */
  comments_count: WithDefault<number>;
  /** The sum of the published reviews' ratings: their average without reading them. */
  rating_sum: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/** A tool's categories (category slugs); `position` keeps the submitter's order. */
export interface ToolCategoriesTable {
  tool_id: string;
  category: string;
  position: number;
}

export interface ToolTagsTable {
  tool_id: string;
  tag: string;
  position: number;
}

export interface SearchTermsTable {
  /** The lowercased, trimmed term: the record's key. */
  term: string;
  search_count: WithDefault<number>;
  last_searched: number;
  created_at: number;
  source: string | null;
  result_count: number | null;
}

export interface ContactsTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  submitted_at: number;
  read_at: number | null;
}

export interface LikesTable {
  tool_id: string;
  visitor_id: string;
  created_at: number;
}

export interface OrdersTable {
  id: string;
  /** Null once the tool is deleted: the order stays for the books. */
  tool_id: string | null;
  tool_name: string;
  amount_cents: number;
  currency: WithDefault<string>;
  provider: string;
  provider_session_id: string | null;
  /** The provider's payment (Stripe payment intent), known once paid; refunds name it. */
  provider_payment_id: string | null;
  /** created → paid → refunded; created → expired (abandoned) or failed (no session made). */
  status: string;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  /** When the featured year starts: at payment for a public tool, at approval for one waiting for review. */
  featured_from: number | null;
  refunded_at: number | null;
  /** How a rejected tool's payment left "paid": given back, or kept as credit for the submitter. */
  settled_as: "refund" | "credit" | null;
  /** The admin's note to the submitter when a rejected tool's payment was refunded or kept as credit. */
  settled_note: string | null;
  /** What it buys: a year of featuring, or a priority review of the pending submission. */
  kind: WithDefault<"featuring" | "priority-review">;
  /** A paid priority review's deadline; null for featuring. */
  review_due_at: number | null;
  /** Where the payment's confirmation mail goes: the submitter's address when they paid from their status link. */
  receipt_email: WithDefault<string | null>;
}

export interface PaymentEventsTable {
  event_id: string;
  type: string;
  received_at: number;
}

export interface AdminUsersTable {
  id: string;
  username: string;
  password_hash: string;
  /** A hash of the ADMIN_PASSWORD last applied to this account, so it is applied again only when it changes. */
  env_password_hash: string | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a leaked table does not leak sessions. */
  id: string;
  admin_user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

/** One holder at a time per name, across instances (a scheduled job's run). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** A catalogue file an admin uploaded: kept for its preview, then imported by the file-import job (ADR 046). */
export interface FileImportsTable {
  id: string;
  admin_user_id: string | null;
  admin_username: string;
  file_name: string;
  format: "markdown" | "csv" | "json";
  /** The file's text; emptied once imported. */
  content: string;
  /** JSON: each Markdown heading's category slug, or "" for none. */
  mapping: WithDefault<string>;
  /** 1 when the admin ticked "Approve on import". */
  approve: WithDefault<number>;
  status: "preview" | "confirmed" | "running" | "finished" | "failed";
  total: WithDefault<number>;
  done: WithDefault<number>;
  added: WithDefault<number>;
  skipped: WithDefault<number>;
  failed: WithDefault<number>;
  error: string | null;
  created_at: number;
  /** When an unconfirmed preview is forgotten. */
  expires_at: number;
  finished_at: number | null;
}

/** A run of a scheduled job (the Product Hunt import, the link check). */
export interface ScheduledRunsTable {
  id: string;
  job: string;
  trigger: "schedule" | "manual";
  /** The scheduled time this run was started for (unique per job); null for manual runs. */
  slot: number | null;
  status: "running" | "succeeded" | "failed" | "interrupted";
  started_at: number;
  finished_at: number | null;
  /** JSON object of the job's figures (the import: urlsFound, toolsProcessed, savedCount). */
  summary: WithDefault<string>;
  error: string | null;
  /** JSON array of { url, message }. */
  item_errors: WithDefault<string>;
}

/** A launch the automatic import has dealt with. */
export interface ImportLaunchesTable {
  /** The launch's slug on Product Hunt. */
  launch_key: string;
  url: string;
  outcome: "saved" | "duplicate" | "failed";
  tool_id: string | null;
  attempts: WithDefault<number>;
  last_error: string | null;
  first_seen_at: number;
  updated_at: number;
}

/** A single row (id 1): bumped by every write that changes what public pages show. */
export interface CatalogStateTable {
  id: number;
  /** Moves with every change of what public pages show, but like counts. */
  version: number;
  changed_at: number;
  /** Moves with every change of like counts alone. */
  counts_version: WithDefault<number>;
  /** Every like there is: moved with each like added, taken back, or deleted with its tool. */
  likes_total: WithDefault<number>;
}

/**
 * What search reads: one row per public tool, its searchable text lower-cased (list items joined
 * by newlines, which no normalised query contains). Each instance indexes it in memory. SQLite
 * also has an integer `id` (once FTS5's row key).
 */
export interface ToolSearchTable {
  tool_id: string;
  name: string;
  tagline: string;
  description: string;
  categories: string;
  tags: string;
  /** The catalogue version of the write that stored the row (instances reload newer rows). */
  revision: WithDefault<number>;
}

/**
 * A tool whose search row was removed (rejected, unpublished, deleted), with the catalogue version
 * of that write: instances drop it from their catalogue in memory as they read newer rows.
 */
export interface ToolSearchGoneTable {
  tool_id: string;
  revision: number;
}

/** Background work that must survive a restart; a row is deleted once its work is done. */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  status: "queued" | "failed";
  attempts: WithDefault<number>;
  /** Not before this time (ms). */
  run_at: number;
  /** While a worker holds the job; another may take it over once this has passed. */
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** Secrets the application generated for itself (when not configured), shared by every instance. */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** What an admin did to a tool: who, what, when. Kept when the tool or the admin is gone. */
/** What the audit log records: admins' changes, and sign-ins with their failures. */
export type AuditAction =
  | "approve"
  | "reject"
  | "edit"
  | "delete"
  | "add"
  | "import"
  | "message-delete"
  | "login"
  | "login-failed"
  | "login-locked"
  | "logout"
  | "password-set"
  | "claim-request"
  | "claim-verify"
  | "claim-verify-failed"
  | "claim-revoke"
  | "owner-link"
  | "owner-edit"
  | "owner-edit-approve"
  | "owner-edit-reject"
  | "report-resolve"
  | "review-approve"
  | "review-reject"
  | "review-delete"
  | "review-reply-approve"
  | "review-reply-reject"
  | "collection-add"
  | "collection-edit"
  | "collection-publish"
  | "collection-unpublish"
  | "collection-delete";

export interface AuditLogTable {
  id: string;
  admin_user_id: string | null;
  admin_username: string;
  action: AuditAction;
  /** The tool an action was on; null for sign-ins and messages. */
  tool_id: string | null;
  /** The tool's name at the time, or what else the action was on (a message's subject); empty for sign-ins. */
  tool_name: string;
  /** JSON (an edit's changed fields, a rejection's reason) or empty. */
  detail: WithDefault<string>;
  /** The client address of a security event (sign-in, failure, lockout, sign-out). */
  ip: string | null;
  created_at: number;
}

/** A claim of a listing (ADR 032): by e-mail or by the website; only hashes of its secrets are kept. */
export interface ToolClaimsTable {
  id: string;
  tool_id: string;
  method: "email" | "website";
  /** The address the one-time link went to (e-mail claims). */
  email: string | null;
  /** The website's host when the claim was made. */
  domain: string;
  /** The code the website shows (website claims); public once published. */
  site_code: string | null;
  /** SHA-256 of the e-mail link's token or of the claimant's secret; null once used. */
  secret_hash: string | null;
  /** SHA-256 of the owner link's token, once verified. */
  owner_token_hash: string | null;
  /** SHA-256 of an owner link mailed on request and not opened yet; its first use makes it `owner_token_hash`. */
  next_owner_token_hash: string | null;
  status: "pending" | "verified" | "revoked";
  /** Until when a pending claim may be verified. */
  expires_at: number;
  created_at: number;
  verified_at: number | null;
  revoked_at: number | null;
}

/** An owner's edit of a listing; pending until an admin approves or rejects it, at most one per claim. */
export interface OwnerEditsTable {
  id: string;
  tool_id: string;
  claim_id: string;
  status: "pending" | "approved" | "rejected" | "replaced" | "withdrawn";
  /** JSON of the fields the owner changes (core/claims.ts OwnerChanges); older edits hold every field. */
  content: string;
  logo_key: string | null;
  logo_url: string | null;
  /** An admin's reason for rejecting, which the owner reads. */
  reason: string | null;
  created_at: number;
  decided_at: number | null;
}

/** Page views of a tool per UTC day (`day`: the day's first millisecond). */
export interface ToolViewsTable {
  tool_id: string;
  day: number;
  count: number;
}

/** A reader of the weekly digest; an unsubscribed one keeps no address (email null). */
export interface DigestSubscribersTable {
  id: string;
  /** Trimmed, domain lower-cased (core/digest.ts normalizeEmail); null once unsubscribed. */
  email: string | null;
  status: "pending" | "confirmed" | "unsubscribed";
  /** SHA-256 (hex) of the confirmation link's token. */
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  /** When the last confirmation mail went out (a pending address is re-sent one at most this often). */
  confirm_sent_at: number | null;
  created_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
}

/** One issue of the digest per ISO week (`2026-W48`): what it lists, as JSON, fixed when first made. */
export interface DigestIssuesTable {
  week: string;
  content: string;
  new_count: number;
  featured_count: number;
  created_at: number;
}

/** An issue's send to one reader: at most once ('sending' is claimed before the mail leaves). */
export interface DigestDeliveriesTable {
  week: string;
  subscriber_id: string;
  status: "sending" | "sent" | "failed";
  attempts: WithDefault<number>;
  last_error: string | null;
  updated_at: number;
  sent_at: number | null;
}

/** Kysely's view of the whole schema. */
/**
 * A visitor's report of a problem with a listing (docs/decisions/049): who sent it is kept only as
 * a keyed hash of that day's visitor, the reply address only until the outcome is mailed.
 */
export interface ListingReportsTable {
  id: string;
  tool_id: string;
  reason: ReportReason;
  note: WithDefault<string>;
  email: string | null;
  /** HMAC of the visitor (their visitor cookie, else their network) and the day: one report per tool a day. */
  visitor_hash: string;
  /** The UTC day it was sent (the day's first millisecond). */
  day: number;
  status: "open" | "resolved";
  resolution: ReportResolution | null;
  created_at: number;
  resolved_at: number | null;
}

/** A list of tools an admin curates (docs/decisions/053); public once published. */
export interface CollectionsTable {
  id: string;
  /** Its address: /collections/{slug}. */
  slug: string;
  title: string;
  /** Markdown, sanitised as tool descriptions are when shown. */
  intro: WithDefault<string>;
  status: "draft" | "published";
  created_at: number;
  updated_at: number;
  /** When it was last published; null while it never was. */
  published_at: number | null;
}

/** A tool in a collection, at its place in the admin's order (ascending), with the admin's note. */
export interface CollectionToolsTable {
  collection_id: string;
  tool_id: string;
  position: number;
  note: WithDefault<string>;
  added_at: number;
}

/**
 * A visitor's review of a tool (docs/decisions/051): unconfirmed until the mailed link is used,
 * then pending until an admin publishes or rejects it; the owner's one reply is moderated too.
 * Of the writer only a keyed hash of their canonical mailbox is kept.
 */
export interface ReviewsTable {
  id: string;
  tool_id: string;
  mailbox_hash: string;
  rating: number;
  text: string;
  pros: WithDefault<string>;
  cons: WithDefault<string>;
  /** The name the writer chose to be shown under; empty: "Verified reviewer". */
  display_name: WithDefault<string>;
  status: "unconfirmed" | "pending" | "published" | "rejected";
  reject_reason: string | null;
  /** SHA-256 of the confirmation link's token; null once used. */
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  created_at: number;
  confirmed_at: number | null;
  decided_at: number | null;
  reply_text: string | null;
  reply_status: "pending" | "published" | "rejected" | null;
  reply_reason: string | null;
  /** The verified claim whose owner wrote the reply. */
  reply_claim_id: string | null;
  reply_created_at: number | null;
  reply_decided_at: number | null;
  /** Visitors who found it helpful (one each: review_votes). */
  helpful_count: WithDefault<number>;
}

/** A visitor's "helpful" vote on a review: the visitor only as a keyed hash. */
export interface ReviewVotesTable {
  review_id: string;
  visitor_hash: string;
  created_at: number;
}

/** Likes of a tool still held, by the hour they were made in (docs/decisions/052). */
export interface TrendingLikesTable {
  hour: number;
  tool_id: string;
  count: number;
}

/** A tool's trending scores (docs/decisions/052) as of trending_state.computed_at. */
export interface TrendingScoresTable {
  tool_id: string;
  week: number;
  today: number;
}

/** One row: the version of the trending scores, and when they were worked out. */
export interface TrendingStateTable {
  id: number;
  version: number;
  computed_at: number;
}

/** Searches counted per day, and those that found nothing. */
/** A site-wide count per day (server/insights/tool-counts.ts): the sum of a per-tool table's day. */
export interface SiteDaysTable {
  kind: "views" | "clicks" | "impressions" | "likes";
  day: number;
  count: number;
}

export interface SearchDaysTable {
  day: number;
  searches: number;
  no_results: number;
}

export interface DB {
  tools: ToolsTable;
  tool_categories: ToolCategoriesTable;
  tool_tags: ToolTagsTable;
  search_terms: SearchTermsTable;
  contacts: ContactsTable;
  likes: LikesTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  admin_users: AdminUsersTable;
  sessions: SessionsTable;
  leases: LeasesTable;
  scheduled_runs: ScheduledRunsTable;
  import_launches: ImportLaunchesTable;
  catalog_state: CatalogStateTable;
  tool_search: ToolSearchTable;
  tool_search_gone: ToolSearchGoneTable;
  app_secrets: AppSecretsTable;
  jobs: JobsTable;
  audit_log: AuditLogTable;
  tool_claims: ToolClaimsTable;
  owner_edits: OwnerEditsTable;
  tool_views: ToolViewsTable;
  /** Clicks on "Visit website" by people, per tool and day: the same shape as the views. */
  tool_clicks: ToolViewsTable;
  search_days: SearchDaysTable;
  /** Times a featured placement was shown on a page served to a person, per tool and day. */
  tool_impressions: ToolViewsTable;
  /** Likes given less those taken back, per tool and day (an unlike from its like's day). */
  tool_like_days: ToolViewsTable;
  site_days: SiteDaysTable;
  digest_subscribers: DigestSubscribersTable;
  digest_issues: DigestIssuesTable;
  digest_deliveries: DigestDeliveriesTable;
  file_imports: FileImportsTable;
  listing_reports: ListingReportsTable;
  collections: CollectionsTable;
  collection_tools: CollectionToolsTable;
  reviews: ReviewsTable;
  review_votes: ReviewVotesTable;
  trending_likes: TrendingLikesTable;
  trending_scores: TrendingScoresTable;
  trending_state: TrendingStateTable;
}

export type ToolRow = Selectable<ToolsTable>;
export type NewToolRow = Insertable<ToolsTable>;
export type ToolUpdate = Updateable<ToolsTable>;
export type ContactRow = Selectable<ContactsTable>;
export type NewContactRow = Insertable<ContactsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
