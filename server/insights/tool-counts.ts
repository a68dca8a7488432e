import { sql, type Kysely } from "kysely";
import { DAY_MS, HOUR_MS } from "../../core/dates.ts";
import { createBatchedCounts } from "../platform/batched-counts.ts";
import type { Database } from "../platform/db/index.ts";
import type { DB, SiteDaysTable } from "../platform/db/types.ts";

// Counts per tool and period (a day, or an hour for trending's likes) that requests add to in
// memory and a scheduled job writes a batch at a time (../platform/batched-counts.ts): page views,
// website clicks, featured impressions, likes. A write adds to what is stored — other instances'
// counts included — in one transaction: the tools' rows, and for a daily count the site's total
// of each day (site_days), which the admin's charts read.

export type SiteCountKind = SiteDaysTable["kind"];

/** Where a count is kept: its table, and whether it counts per day or per hour. */
export type ToolCountsTable =
  | { table: "tool_views" | "tool_clicks" | "tool_impressions" | "tool_like_days"; per: "day"; site: SiteCountKind }
  | { table: "trending_likes"; per: "hour" };

export interface ToolCounts {
  /** Adds `n` (negative to take back) for the tool with this key (its id, or its slug lower-cased) at `at`. */
  add(key: string, at: number, n?: number): void;
  /** Counted here and not yet written, for these keys (a tool's slug and id). */
  unwritten(keys: readonly string[]): number;
  /** Writes what is held; how many (tool, period) rows it wrote. A failed write keeps them, and throws. */
  flush(): Promise<number>;
}

const CHUNK = 300;

export function createToolCounts(
  database: Database,
  where: ToolCountsTable,
  /** Distinct (period, tool) counts held between writes: a guard against a flood of keys, not a limit traffic meets. */
  maxEntries = 200_000,
): ToolCounts {
  const periodMs = where.per === "day" ? DAY_MS : HOUR_MS;
  const counts = createBatchedCounts({ maxEntries, write: (batch) => write(database, where, batch) });
  return {
    add(key, at, n = 1) {
      counts.add(`${Math.floor(at / periodMs) * periodMs} ${key}`, n);
    },
    unwritten(keys) {
      const wanted = new Set(keys.map((k) => k.toLowerCase()));
      let total = 0;
      for (const [entry, n] of counts.held())
        if (wanted.has(entry.slice(entry.indexOf(" ") + 1).toLowerCase())) total += n;
      return total;
    },
    flush: () => counts.flush(),
  };
}

/** Upserts a batch of `${period} ${key}` → n; how many (tool, period) rows it wrote. */
async function write(database: Database, where: ToolCountsTable, batch: ReadonlyMap<string, number>): Promise<number> {
  const byKey = new Map<string, { period: number; n: number }[]>();
  for (const [entry, n] of batch) {
    if (n === 0) continue;
    const space = entry.indexOf(" ");
    const key = entry.slice(space + 1);
    const list = byKey.get(key) ?? [];
    list.push({ period: Number(entry.slice(0, space)), n });
    byKey.set(key, list);
  }
  // A key names a tool by slug or id, as its page is looked up (slug first); a tool deleted since
  // is no longer there to count for.
  const keys = [...byKey.keys()];
  const rows = new Map<string, number>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const tools = await database.db
      .selectFrom("tools")
      .select(["id", "slug"])
      .where((eb) => eb.or([eb("slug", "in", chunk), eb("id", "in", chunk)]))
      .execute();
    const bySlug = new Map(tools.map((t) => [t.slug.toLowerCase(), t.id]));
    const ids = new Set(tools.map((t) => t.id));
    for (const key of chunk) {
      const id = bySlug.get(key) ?? (ids.has(key) ? key : undefined);
      if (!id) continue;
      for (const { period, n } of byKey.get(key)!) rows.set(`${period} ${id}`, (rows.get(`${period} ${id}`) ?? 0) + n);
    }
  }
  if (rows.size === 0) return 0;
  const column = where.per;
  const values: Record<string, string | number>[] = [];
  // A day's count for the whole site: the sum of what this batch adds to its tools' rows.
  const site = new Map<number, number>();
  for (const [entry, count] of rows) {
    const space = entry.indexOf(" ");
    const period = Number(entry.slice(0, space));
    values.push({ [column]: period, tool_id: entry.slice(space + 1), count });
    if (where.per === "day") site.set(period, (site.get(period) ?? 0) + count);
  }

  await database.db.transaction().execute(async (trx) => {
    // The table is one of a few of the same shape, chosen by the caller: typed loosely here.
    const loose = trx as unknown as Kysely<
      Record<string, { tool_id: string; day: number; hour: number; count: number }>
    >;
    for (let i = 0; i < values.length; i += CHUNK) {
      await loose
        .insertInto(where.table)
        .values(values.slice(i, i + CHUNK) as never)
        .onConflict((oc) =>
          oc
            .columns([column, "tool_id"])
            .doUpdateSet({ count: sql<number>`${sql.table(where.table)}.count + excluded.count` }),
        )
        .execute();
    }
    if (where.per === "day" && site.size > 0)
      await (trx as Kysely<DB>)
        .insertInto("site_days")
        .values([...site].map(([day, count]) => ({ kind: where.site, day, count })))
        .onConflict((oc) =>
          oc.columns(["kind", "day"]).doUpdateSet({ count: sql<number>`site_days.count + excluded.count` }),
        )
        .execute();
  });
  return values.length;
}
