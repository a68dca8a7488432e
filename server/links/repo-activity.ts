import type { Config } from "../platform/config.ts";
import { OutboundError, safeFetch } from "../platform/net/fetch.ts";

// A tool whose website is a public source repository (GitHub, GitLab, Codeberg): its last activity
// read from the forge's public API, without credentials (docs/decisions/047). Anonymous API calls
// are rate-limited by the forges; the weekly check asks once per such tool, and anything going
// wrong here just leaves the activity unknown: it never fails the link check.

export type Forge = "github" | "gitlab" | "codeberg";

/** A public repository a website address names. */
export interface PublicRepository {
  forge: Forge;
  /** owner/name (GitLab: the whole namespace path). */
  path: string;
}

const HOSTS: Record<string, Forge> = {
  "github.com": "github",
  "www.github.com": "github",
  "gitlab.com": "gitlab",
  "www.gitlab.com": "gitlab",
  "codeberg.org": "codeberg",
};

// Paths of these forges that are pages of the site, not a repository's owner.
const NOT_OWNERS = new Set(["about", "explore", "features", "marketplace", "orgs", "settings", "topics", "users"]);
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/** The repository a website address names, or null when it names none (a user page, a gist, another site). */
export function publicRepository(websiteUrl: string): PublicRepository | null {
  let url: URL;
  try {
    url = new URL(websiteUrl);
  } catch {
    return null;
  }
  const forge = HOSTS[url.hostname.toLowerCase()];
  if (!forge || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  let segments = url.pathname.split("/").filter((s) => s !== "");
  // GitLab's pages below a project follow "/-/"; GitHub's and Gitea's follow the repository's name.
  if (forge === "gitlab") {
    const dash = segments.indexOf("-");
    if (dash !== -1) segments = segments.slice(0, dash);
  } else {
    segments = segments.slice(0, 2);
  }
  if (segments.length < 2 || !segments.every((s) => SEGMENT.test(s))) return null;
  if (NOT_OWNERS.has(segments[0]!.toLowerCase())) return null;
  segments[segments.length - 1] = segments[segments.length - 1]!.replace(/\.git$/, "");
  return { forge, path: segments.join("/") };
}

/** The API address that tells a repository's last activity, and the field that holds it. */
function apiOf(repo: PublicRepository, bases: Config["lifecycle"]["repoApis"]): { url: string; field: string } {
  switch (repo.forge) {
    case "github":
      return { url: `${bases.github}/repos/${repo.path}`, field: "pushed_at" };
    case "gitlab":
      return { url: `${bases.gitlab}/api/v4/projects/${encodeURIComponent(repo.path)}`, field: "last_activity_at" };
    case "codeberg":
      return { url: `${bases.codeberg}/api/v1/repos/${repo.path}`, field: "updated_at" };
  }
}

/** A repository's last activity (epoch ms), or null when it cannot be read: not public, refused, rate-limited, no answer. */
export async function repositoryActivity(
  deps: { config: Pick<Config, "lifecycle" | "linkHealth" | "outboundAllow" | "siteUrl"> },
  repo: PublicRepository,
  signal?: AbortSignal,
): Promise<number | null> {
  const { url, field } = apiOf(repo, deps.config.lifecycle.repoApis);
  try {
    const response = await safeFetch(url, {
      signal,
      allow: deps.config.outboundAllow,
      timeoutMs: deps.config.linkHealth.timeoutMs,
      maxBytes: 256 * 1024,
      headers: {
        accept: "application/json",
        "user-agent": `toolshelf link check (+${deps.config.siteUrl})`,
      },
    });
    if (response.status !== 200) return null;
    const value: unknown = (JSON.parse(response.body.toString("utf8")) as Record<string, unknown>)[field];
    const time = typeof value === "string" ? Date.parse(value) : NaN;
    return Number.isFinite(time) ? time : null;
  } catch (error) {
    if (error instanceof OutboundError || error instanceof SyntaxError || error instanceof TypeError) return null;
    throw error;
  }
}
