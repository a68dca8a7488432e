import type { Request } from "express";

/** Whether a URL (an Origin or Referer) is of this site: the host the request was sent to. */
export function sameSite(url: string, req: Request): boolean {
  try {
    return new URL(url).host === req.get("host");
  } catch {
    return false;
  }
}

/** The path (and query) of a URL of this site, or undefined for another site's or a broken one. */
export function sameSitePath(url: string | undefined, req: Request): string | undefined {
  if (!url || !sameSite(url, req)) return undefined;
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}
