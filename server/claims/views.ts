import type { IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import { sql } from "kysely";
import type { Database } from "../db/index.ts";
import type { Logger } from "../logger.ts";

// Page views of tool pages, for their owners (issue 21). A view is a GET of /tool/<key> answered
// 200 — from the page cache or rendered — to a browser that is not a bot. Counting is a Map
// increment in memory; each instance writes its counts a batch at a time (every minute, and when
// it stops) as upserts into tool_views(tool_id, day, count). No request writes, and no count
// touches the catalogue's versions, so no cached page goes stale because it was viewed.

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How often counted views are written. */
const FLUSH_MS = 60_000;
/** Distinct tool keys held between writes: only tool pages answered 200 are counted, so this is a guard, not a limit met. */
const MAX_KEYS = 200_000;

export interface ViewCounter {
  /** Watches a request: a GET of a tool page answered 200 to a person counts as one view. */
  track(req: IncomingMessage, res: ServerResponse): void;
  /** Adds one view of the tool page with this key (its slug or id) on `day`. */
  record(key: string, at?: number): void;
  /** Views counted here and not yet written, for these keys (a tool's slug and id). */
  unwritten(keys: readonly string[]): number;
  /** Writes the counted views; a failed write keeps them for the next one. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

/** The key of a tool page's path (`/tool/<key>`, query dropped), or null for any other path. */
export function toolPageKey(url: string): string | null {
  if (!url.startsWith("/tool/")) return null;
  const end = url.indexOf("?");
  const raw = url.slice(6, end === -1 ? undefined : end);
  if (raw === "" || raw.length > 300 || raw.includes("/") || raw.endsWith(".data")) return null;
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return null;
  }
}

export function createViewCounter(deps: { database: Database; log: Logger; now: () => number }): ViewCounter {
  /** `${day} ${key}` → views. */
  let counts = new Map<string, number>();
  const botByAgent = new Map<string, boolean>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;

  const isBot = (agent: string) => {
    let bot = botByAgent.get(agent);
    if (bot === undefined) {
      bot = isbot(agent);
      if (botByAgent.size >= 1000) botByAgent.clear();
      botByAgent.set(agent, bot);
    }
    return bot;
  };

  const add = (entry: string, n: number) => {
    const held = counts.get(entry);
    if (held === undefined && counts.size >= MAX_KEYS) return;
    counts.set(entry, (held ?? 0) + n);
  };

  const record = (key: string, at: number = deps.now()) => {
    add(`${Math.floor(at / DAY_MS) * DAY_MS} ${key}`, 1);
    // The timer runs only while there is something to write, and never keeps the process alive.
    timer ??= setTimeout(() => {
      timer = null;
      void flush();
    }, FLUSH_MS).unref();
  };

  async function write(batch: Map<string, number>): Promise<void> {
    const byKey = new Map<string, { day: number; n: number }[]>();
    for (const [entry, n] of batch) {
      const space = entry.indexOf(" ");
      const key = entry.slice(space + 1);
      const list = byKey.get(key) ?? [];
      list.push({ day: Number(entry.slice(0, space)), n });
      byKey.set(key, list);
    }
    const keys = [...byKey.keys()];
    const rows = new Map<string, number>();
    for (let i = 0; i < keys.length; i += 400) {
      const chunk = keys.slice(i, i + 400);
      const tools = await deps.database.db.selectFrom("tools").select(["id", "slug"]).where((eb) => eb.or([eb("slug", "in", chunk), eb("id", "in", chunk)])).execute();
      // As the tool page looks up: by slug first, then by id.
      const bySlug = new Map(tools.map((t) => [t.slug.toLowerCase(), t.id]));
      const byId = new Map(tools.map((t) => [t.id, t.id]));
      for (const key of chunk) {
        const id = bySlug.get(key) ?? byId.get(key);
        if (!id) continue;
        for (const { day, n } of byKey.get(key)!) rows.set(`${id} ${day}`, (rows.get(`${id} ${day}`) ?? 0) + n);
      }
    }
    const values = [...rows].map(([entry, count]) => {
      const [tool_id, day] = entry.split(" ") as [string, string];
      return { tool_id, day: Number(day), count };
    });
    if (values.length === 0) return;
    await deps.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < values.length; i += 300) {
        await trx
          .insertInto("tool_views")
          .values(values.slice(i, i + 300))
          .onConflict((oc) => oc.columns(["tool_id", "day"]).doUpdateSet({ count: sql<number>`tool_views.count + excluded.count` }))
          .execute();
      }
    });
  }

  function flush(): Promise<void> {
    // One write at a time: a second call waits for the first, then writes what came since.
    const run = async () => {
      if (flushing) await flushing.catch(() => undefined);
      if (counts.size === 0) return;
      const batch = counts;
      counts = new Map();
      try {
        await write(batch);
      } catch (error) {
        deps.log.warn({ err: error, entries: batch.size }, "tool views not written; kept for the next write");
        for (const [entry, n] of batch) add(entry, n);
      }
    };
    const current = run();
    flushing = current;
    return current.finally(() => {
      if (flushing === current) flushing = null;
    });
  }

  return {
    track(req, res) {
      const key = toolPageKey(req.url ?? "");
      if (key === null || isBot(req.headers["user-agent"] ?? "")) return;
      res.once("finish", () => {
        if (res.statusCode === 200) record(key);
      });
    },
    record,
    unwritten(keys) {
      let total = 0;
      const wanted = new Set(keys.map((k) => k.toLowerCase()));
      for (const [entry, n] of counts) if (wanted.has(entry.slice(entry.indexOf(" ") + 1))) total += n;
      return total;
    },
    flush,
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}
