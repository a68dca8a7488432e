import { createHmac, createSecretKey, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createToolCounts } from "../insights/tool-counts.ts";
import type { Database } from "../platform/db/index.ts";
import { createBotCheck } from "../platform/http/bots.ts";
import { lookupRoute, type PathRoute } from "../platform/http/routes.ts";
import { DAY_MS } from "../../core/dates.ts";

// Page views of tool pages and clicks on their "Visit website", for their owners. A view is a GET
// of /tool/<key> answered 200 — from the page cache or rendered — and a click a GET of /go/<key>
// answered with its redirect, to a browser that is not a bot, each counted once per visitor, tool
// and day. Counting is a Map increment in memory (../insights/tool-counts.ts); each instance
// writes its counts a batch at a time (by the scheduled counts-flush job, every minute on every
// instance, and when it stops) as upserts into tool_views or tool_clicks (tool_id, day, count). No
// request writes, and no count touches the catalogue's versions, so no cached page goes stale
// because it was viewed.
//
// A visitor is the client's address key (an IPv4 address, an IPv6 /64), which nothing stores:
// what is remembered, in memory and for the current day only, is an HMAC of the day, that key and
// the page under a key this process drew at random and never writes down. Once the day is over
// nothing links a view to an address; a restart forgets today's visitors, who then count again.

/** Today's (visitor, tool) pairs remembered at most (about 8 MB); past it, events are counted without being remembered. */
const MAX_SEEN = 100_000;

/** What a counter counts: where, which answer, and the table it writes. */
const KINDS = {
  /** Tool pages (the route counting views in core/route-table.ts), answered 200. */
  views: { key: (route: PathRoute) => route.toolKey, status: 200, table: "tool_views" },
  /** The way out to a tool's website (the route counting clicks), answered with its redirect. */
  clicks: { key: (route: PathRoute) => route.clickKey, status: 302, table: "tool_clicks" },
} as const;
export type ToolCountKind = keyof typeof KINDS;

export interface ViewCounter {
  /**
   * Watches a request: a GET of a counted address answered as counted (a tool page 200, a way out
   * 302) to a person counts once, the first time that day for the visitor (`visitor()`: the
   * client's address key).
   */
  track(req: IncomingMessage, res: ServerResponse, visitor: () => string): void;
  /** Adds one event for the tool with this key (its slug or id) on `day`. */
  record(key: string, at?: number): void;
  /** Events counted here and not yet written, for these keys (a tool's slug and id). */
  unwritten(keys: readonly string[]): number;
  /** Writes the counted events and says how many day counts it wrote; a failed write keeps them for the next one, and throws. */
  flush(): Promise<number>;
}

/**
 * The tool key of a counted path (decoded and lower-cased as the page reads it, query dropped), or
 * null for any other path and for a page's data URL (a client-side navigation is no page view of
 * its own).
 */
export function countedKey(kind: ToolCountKind, url: string): string | null {
  const route = lookupRoute(url);
  const key = KINDS[kind].key(route);
  if (key === null || route.data || key.length > 300) return null;
  return key;
}

/** The key of a tool page's path, or null (see countedKey). */
export const toolPageKey = (url: string) => countedKey("views", url);

/** Tool page views, counted for owners. */
export function createViewCounter(deps: { database: Database; now: () => number }): ViewCounter {
  return createToolCounter({ ...deps, kind: "views" });
}

/** Clicks on tools' "Visit website", counted for owners and sponsors. */
export function createClickCounter(deps: { database: Database; now: () => number }): ViewCounter {
  return createToolCounter({ ...deps, kind: "clicks" });
}

function createToolCounter(deps: { database: Database; now: () => number; kind: ToolCountKind }): ViewCounter {
  const kind = KINDS[deps.kind];
  const isBot = createBotCheck();
  // A KeyObject, made once: given raw bytes, createHmac checks and wraps the key on every call,
  // which cost a tool page served from memory a sixth of its time.
  const visitorKey = createSecretKey(randomBytes(32));
  let seenDay = -1;
  let seen = new Set<string>();

  /** Whether this is the visitor's first view of the page today (and remembers that it was). */
  const firstToday = (key: string, visitor: string, at: number) => {
    const day = Math.floor(at / DAY_MS);
    if (day !== seenDay) {
      seenDay = day;
      seen = new Set();
    }
    const mark = createHmac("sha256", visitorKey).update(`${day}\n${visitor}\n${key}`).digest("base64url").slice(0, 22);
    if (seen.has(mark)) return false;
    if (seen.size < MAX_SEEN) seen.add(mark);
    return true;
  };

  const counts = createToolCounts(deps.database, { table: kind.table, per: "day", site: deps.kind });
  const record = (key: string, at: number = deps.now()) => counts.add(key, at);

  return {
    track(req, res, visitor) {
      const key = countedKey(deps.kind, req.url ?? "");
      if (key === null || isBot(req.headers["user-agent"])) return;
      res.once("finish", () => {
        if (res.statusCode !== kind.status) return;
        const at = deps.now();
        if (firstToday(key, visitor(), at)) record(key, at);
      });
    },
    record,
    unwritten: counts.unwritten,
    flush: counts.flush,
  };
}
