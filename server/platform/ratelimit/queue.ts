import { sql } from "kysely";
import type { Database } from "../db/index.ts";

// A queue of turns per key, shared by every instance: each turn is one row of the limiters' own
// table (`rate_limits`: its key, and in `expire` the moment the queue is free again), moved on by
// one atomic upsert, so two instances never hand out the same turn and nobody holds a connection
// while waiting. The limiters' rows have prefixed keys of their own (`<name>:<key>`), so a queue's
// name keeps it apart from them.

/** A turn: when it starts, or that the queue is longer than the caller will wait. */
export type Turn = { kind: "turn"; at: number } | { kind: "full"; retryAfterSec: number };

/**
 * Takes the next turn of `key`'s queue: it starts `spacingMs` after the previous one (or after
 * `now`, when the queue is idle), so turns taken together start one after the other. A turn that
 * would start more than `maxWaitMs` from now is not taken: "full", with how long until one would.
 */
export async function takeTurn(
  database: Database,
  key: string,
  options: { spacingMs: number; maxWaitMs: number; now: number },
): Promise<Turn> {
  const { spacingMs, maxWaitMs, now } = options;
  const start = sql<number>`cast(${now} as bigint)`;
  const spacing = sql<number>`cast(${spacingMs} as bigint)`;
  const taken = await sql<{ expire: number | string }>`
    insert into rate_limits (key, points, expire) values (${key}, 0, ${start} + ${spacing})
    on conflict (key) do update
      set expire = (case when rate_limits.expire > ${start} then rate_limits.expire else ${start} end) + ${spacing}
      where rate_limits.expire is null or rate_limits.expire <= ${start} + cast(${maxWaitMs - spacingMs} as bigint)
    returning expire`.execute(database.db);
  const row = taken.rows[0];
  if (row) return { kind: "turn", at: Number(row.expire) };
  const queue = await sql<{
    expire: number | string | null;
  }>`select expire from rate_limits where key = ${key}`.execute(database.db);
  const freeAt = Number(queue.rows[0]?.expire ?? now);
  return { kind: "full", retryAfterSec: Math.max(1, Math.ceil((freeAt + spacingMs - maxWaitMs - now) / 1000)) };
}
