import path from "node:path";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import type { JobOverview, Scheduler } from "../platform/jobs/scheduler.ts";
import { recentIssues, type IssueView } from "./job.ts";
import { subscriberCounts } from "./subscribers.ts";

/** The digest's admin page: readers by state, where mails go, the job and the latest issues. */
export interface DigestOverview {
  counts: { confirmed: number; pending: number; unsubscribed: number };
  /** The SMTP server's scheme, host and port (never its credentials), or the outbox folder within DATA_DIR. */
  delivery: { kind: "smtp"; server: string } | { kind: "outbox"; folder: string };
  job: JobOverview | null;
  issues: IssueView[];
}

export const DIGEST_JOB = "weekly-digest";

/** Where mails go, in words an admin may see (the SMTP URL's host and port, without its credentials). */
export function mailDelivery(mail: Config["mail"], dataDir: string): DigestOverview["delivery"] {
  // Named within DATA_DIR: pages show no paths of the machine.
  if (!mail.smtpUrl)
    return { kind: "outbox", folder: path.relative(dataDir, mail.outboxDir).split(path.sep).join("/") };
  const url = URL.parse(mail.smtpUrl);
  return { kind: "smtp", server: url ? `${url.protocol}//${url.host}` : "SMTP_URL" };
}

export async function digestOverview(
  services: { database: Database; scheduler: Scheduler; config: Pick<Config, "mail" | "dataDir"> },
  issuesShown = 10,
): Promise<DigestOverview> {
  const [counts, jobs, issues] = await Promise.all([
    subscriberCounts(services.database),
    services.scheduler.overview(5),
    recentIssues(services.database, issuesShown),
  ]);
  return {
    counts,
    delivery: mailDelivery(services.config.mail, services.config.dataDir),
    job: jobs.find((job) => job.name === DIGEST_JOB) ?? null,
    issues,
  };
}
