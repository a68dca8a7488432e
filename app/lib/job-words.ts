import { formatUtcStamp } from "../../core/dates.ts";
import { scrapeBusyMessage, scrapeFailedMessage } from "../../core/import.ts";
import type { Config } from "../../server/platform/config.ts";
import type { RunWords } from "../../server/platform/jobs/run-now.ts";
import type { RunSummary } from "../../server/platform/jobs/runs.ts";
import type { JobView } from "../../server/platform/jobs/scheduler.ts";

// What the admin pages call each scheduled job and how its figures and outcomes read, by the
// job's name. The server's definitions (server/platform/jobs/scheduler.ts) say when a job runs and what it
// does; a page's wording changes here without touching them.

/** Facts of the configuration that a job's description quotes. */
type Facts = Pick<Config, "productHunt" | "linkHealth" | "digest" | "countsRetentionMs">;

export interface JobWords extends RunWords {
  /** What pages call it ("Product Hunt import"). */
  label: string;
  /** What the job does, for the jobs screen. */
  description(facts: Facts): string;
  /** The line shown while a run started by hand is under way. */
  runningLabel: string;
  /** What each figure of its summary is called (figures not named read from their key). */
  figures: Record<string, string>;
}

/** "… already running (started …). Try again when it has finished." */
const busy = (what: string) => (startedAt: number | null) =>
  `${what}${startedAt === null ? "" : ` (started ${formatUtcStamp(startedAt)})`}. Try again when it has finished.`;

const figure = (summary: RunSummary, key: string) => summary[key] ?? 0;

const WORDS: Record<string, JobWords> = {
  "product-hunt-import": {
    label: "Product Hunt import",
    description: ({ productHunt }) =>
      `Imports new launches from Product Hunt (only ones not seen before, at most ${productHunt.importLimit} a run), approved and public.`,
    runningLabel: "Importing new launches from Product Hunt…",
    figures: { urlsFound: "Launches found", toolsProcessed: "Processed", savedCount: "Saved", timestamp: "Finished" },
    describe: (s) =>
      `Found ${figure(s, "urlsFound")} launches, processed ${figure(s, "toolsProcessed")}, saved ${figure(s, "savedCount")}.`,
    busyMessage: scrapeBusyMessage,
    failedMessage: scrapeFailedMessage,
  },
  "file-import": {
    label: "File import",
    description: () =>
      "Imports the catalogue files an admin confirmed on the import page, a batch at a time; each hour it also forgets previews left unconfirmed and resumes an import its server stopped.",
    runningLabel: "Importing confirmed files…",
    figures: {
      files: "Files",
      added: "Added",
      skipped: "Already listed",
      failed: "Refused or failed",
      forgotten: "Previews forgotten",
    },
    describe: (s) =>
      `Imported ${figure(s, "files")} files: ${figure(s, "added")} added, ${figure(s, "skipped")} already listed, ${figure(s, "failed")} refused or failed.`,
    busyMessage: busy("A file import is already running"),
    failedMessage: (reason) => `The file import failed: ${reason}`,
  },
  "link-health": {
    label: "Link check",
    description: ({ linkHealth }) =>
      `Visits every public tool's website; ${linkHealth.failuresToFlag} failures in a row flag the tool for admins.`,
    runningLabel: "Checking the websites of all public tools…",
    figures: { checked: "Checked", ok: "Reachable", failed: "Failed", flagged: "Flagged" },
    describe: (s) =>
      `Checked ${figure(s, "checked")} websites: ${figure(s, "ok")} reachable, ${figure(s, "failed")} failed, ${figure(s, "flagged")} flagged.`,
    busyMessage: busy("A link check is already running"),
    failedMessage: (reason) => `The link check failed: ${reason}`,
  },
  "weekly-digest": {
    label: "Weekly digest",
    description: ({ digest }) =>
      `Mails confirmed subscribers the week's new tools (at most ${digest.newToolsMax}) and the featured ones; each reader gets each week's issue once.`,
    runningLabel: "Sending the weekly digest…",
    figures: { week: "Week", sent: "Sent", failed: "Failed", outcome: "Outcome" },
    describe: (s) => `${figure(s, "week")}: ${figure(s, "outcome")}`,
    busyMessage: busy("The weekly digest is already being sent"),
    failedMessage: (reason) => `The weekly digest failed: ${reason}`,
  },
  trending: {
    label: "Trending scores",
    description: () =>
      "Works out each tool's trending score from the last week's reviews, likes and page views, newer ones weighing more, for the trending page and sort.",
    runningLabel: "Working out trending scores…",
    figures: { likes: "Likes read", reviews: "Reviews read", views: "Views read", tools: "Tools scored" },
    describe: (s) =>
      `Scored ${figure(s, "tools")} tools from ${figure(s, "reviews")} reviews, ${figure(s, "likes")} likes and ${figure(s, "views")} page views.`,
    busyMessage: busy("Trending scores are already being worked out"),
    failedMessage: (reason) => `Trending scores were not worked out (the last ones stay): ${reason}`,
  },
  "rate-limits-prune": {
    label: "Rate limit clean-up",
    description: () =>
      "Deletes the rate limits' counters whose window ended over an hour ago; counters still counting stay.",
    runningLabel: "Deleting expired rate limit counters…",
    figures: { deleted: "Counters deleted" },
    describe: (s) => `Deleted ${figure(s, "deleted")} expired rate limit counters.`,
    busyMessage: busy("Expired counters are already being deleted"),
    failedMessage: (reason) => `The rate limit clean-up failed: ${reason}`,
  },
  "unconfirmed-readers-prune": {
    label: "Unconfirmed digest readers",
    description: ({ digest }) =>
      `Forgets addresses that asked for the weekly digest and did not confirm within ${Math.round(digest.confirmTtlMs / 3_600_000)} hours, when their link expired.`,
    runningLabel: "Forgetting unconfirmed addresses…",
    figures: { forgotten: "Addresses forgotten" },
    describe: (s) => `Forgot ${figure(s, "forgotten")} unconfirmed addresses.`,
    busyMessage: busy("Unconfirmed addresses are already being forgotten"),
    failedMessage: (reason) => `Unconfirmed addresses were not forgotten: ${reason}`,
  },
  "unconfirmed-reviews-prune": {
    label: "Unconfirmed reviews",
    description: () =>
      "Forgets reviews whose writer did not use the confirmation link within 48 hours, once the link expired.",
    runningLabel: "Forgetting unconfirmed reviews…",
    figures: { forgotten: "Reviews forgotten" },
    describe: (s) => `Forgot ${figure(s, "forgotten")} unconfirmed reviews.`,
    busyMessage: busy("Unconfirmed reviews are already being forgotten"),
    failedMessage: (reason) => `Unconfirmed reviews were not forgotten: ${reason}`,
  },
  "counts-prune": {
    label: "Old daily counts",
    description: ({ countsRetentionMs }) =>
      `Deletes the daily counts of views, clicks, featured impressions, likes and searches older than ${Math.round(countsRetentionMs / 86_400_000)} days (COUNTS_RETENTION_DAYS).`,
    runningLabel: "Deleting old daily counts…",
    figures: { deleted: "Day counts deleted" },
    describe: (s) => `Deleted ${figure(s, "deleted")} day counts older than the retention.`,
    busyMessage: busy("Old daily counts are already being deleted"),
    failedMessage: (reason) => `Old daily counts were not deleted: ${reason}`,
  },
  "search-terms-prune": {
    label: "Search terms clean-up",
    description: () =>
      "Forgets search terms searched only once and not again for 30 days: noise, not what visitors look for.",
    runningLabel: "Forgetting one-off search terms…",
    figures: { forgotten: "Terms forgotten" },
    describe: (s) => `Forgot ${figure(s, "forgotten")} one-off search terms.`,
    busyMessage: busy("Search terms are already being cleaned up"),
    failedMessage: (reason) => `The search terms clean-up failed: ${reason}`,
  },
  "counts-flush": {
    label: "Counted views, clicks, impressions, likes and searches",
    description: () =>
      "Writes the tool page views, website clicks, featured impressions, likes and searches this server has counted in memory to the database, where owners, sponsors, the trending scores and the dashboard read them. Every server does it for its own counts, and once more when it stops.",
    runningLabel: "Writing counted views, clicks, impressions, likes and searches…",
    figures: {
      views: "View counts written",
      clicks: "Click counts written",
      impressions: "Impression counts written",
      likes: "Like counts written",
      searches: "Search counts written",
    },
    describe: (s) =>
      `Wrote ${figure(s, "views")} day counts of tool page views, ${figure(s, "clicks")} of website clicks, ${figure(s, "impressions")} of featured impressions, ${figure(s, "likes")} hour and day counts of likes and ${figure(s, "searches")} day counts of searches.`,
    busyMessage: busy("Counts are already being written"),
    failedMessage: (reason) => `Counts were not written (they are kept for the next run): ${reason}`,
  },
};

/** The words of a job; a job without words of its own reads by its name. */
export function jobWords(name: string): JobWords {
  return (
    WORDS[name] ?? {
      label: name,
      description: () => "",
      runningLabel: "Running…",
      figures: {},
      describe: () => "Done.",
      busyMessage: busy(`${name} is already running`),
      failedMessage: (reason) => `${name} failed: ${reason}`,
    }
  );
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** When a croner pattern runs, in words: the everyday shapes, or the pattern itself ("Every Monday at 04:00, Amsterdam time"). */
export function scheduleInWords(pattern: string, timezone: string): string {
  const zone = `${timezone.split("/").at(-1)!.replace(/_/g, " ")} time`;
  const fields = pattern.trim().split(/\s+/);
  // A leading seconds field, when croner's six-field form is used.
  if (fields.length === 6 && fields[0] === "0") fields.shift();
  const [minute, hour, day, month, weekday] = fields;
  const number = /^\d{1,2}$/;
  if (fields.length === 5 && day === "*" && month === "*") {
    if (minute === "*" && hour === "*" && weekday === "*") return "Every minute";
    const every = /^\*\/(\d{1,2})$/.exec(minute!);
    if (every && hour === "*" && weekday === "*") return `Every ${every[1]} minutes`;
    if (number.test(minute!) && hour === "*" && weekday === "*")
      return `Every hour at ${minute!.padStart(2, "0")} past`;
    if (number.test(minute!) && number.test(hour!)) {
      const at = `${hour!.padStart(2, "0")}:${minute!.padStart(2, "0")}, ${zone}`;
      if (weekday === "*") return `Every day at ${at}`;
      if (/^[0-7]$/.test(weekday!)) return `Every ${WEEKDAYS[Number(weekday) % 7]} at ${at}`;
    }
  }
  return `On the schedule "${pattern}", ${zone}`;
}

/** A job as the admin pages show it: its schedule and state, and its words. */
export interface JobShown {
  label: string;
  description: string;
  when: string;
  runningLabel: string;
  figures: Record<string, string>;
}

/** The words a loader sends with a job (plain data; the outcome sentences stay on the server). */
export function jobShown(job: JobView, facts: Facts): JobShown {
  const words = jobWords(job.name);
  return {
    label: words.label,
    description: words.description(facts),
    when: scheduleInWords(job.pattern, job.timezone),
    runningLabel: words.runningLabel,
    figures: words.figures,
  };
}
