import type { Request } from "express";

/** Whether a URL (an Origin or Referer) names `host`, the host the request was sent to. */
export function sameHost(url: string | null | undefined, host: string | null | undefined): boolean {
  if (!url || !host) return false;
  try {
    return new URL(url).host === host;
  } catch {
    return false;
  }
}

/** Whether a URL (an Origin or Referer) is of this site. */
export function sameSite(url: string, req: Request): boolean {
  return sameHost(url, req.get("host"));
}

/**
 * Whether a state-changing request comes from this site's own pages: its Origin (or, where a
 * browser sends none, its Referer) names this host. Admin changes need it besides the session.
 */
export function fromThisSite(headers: {
  get(name: "origin" | "referer" | "host"): string | null | undefined;
}): boolean {
  return sameHost(headers.get("origin") ?? headers.get("referer"), headers.get("host"));
}

/** The path (and query) of a URL of this site, or undefined for another site's or a broken one. */
export function sameSitePath(url: string | undefined, req: Request): string | undefined {
  if (!url || !sameSite(url, req)) return undefined;
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}
