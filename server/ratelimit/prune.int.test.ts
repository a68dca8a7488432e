import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testEngine } from "../../tests/support/database.ts";
import { useTestServer } from "../../tests/support/server.ts";
import { createRateLimiter } from "./index.ts";
import { takeTurn } from "./queue.ts";

// Rows of `rate_limits` past their window: on PostgreSQL the limiters' counters, and on both
// engines the login queues. The limiter runs without its own clean-up timer, and nothing else
// deletes them. The limiter reads the time from Date.now(), so the tests move Date only.

const HOUR = 60 * 60 * 1000;
const START = Date.parse("2026-11-27T08:00:00Z");
const onPostgres = testEngine() === "postgres";

describe("expired rate-limit rows", () => {
  const getServer = useTestServer({ now: () => Date.now() });
  const rows = async () => {
    const result = await sql<{ key: string; expire: string | number | null }>`select key, expire from rate_limits order by key`.execute(getServer().services.database.db);
    return result.rows.map((row) => ({ key: row.key, expire: row.expire === null ? null : Number(row.expire) }));
  };
  const expiredKeys = async () => (await rows()).filter((row) => row.expire !== null && row.expire < Date.now()).map((row) => row.key);

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    await sql`delete from rate_limits`.execute(getServer().services.database.db);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stay in the table once their window has ended, whatever the limiters do next", async () => {
    const { database } = getServer().services;
    const limiter = createRateLimiter(database, "probe", { points: 5, durationSec: 60 });
    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) await limiter.consume(address);
    await takeTurn(database, "login_queue:probe", { spacingMs: 1000, maxWaitMs: 10_000, now: Date.now() });

    vi.setSystemTime(START + 3 * HOUR);
    // More work for the limiter and the queue, hours after those windows ended.
    await limiter.consume("198.51.100.4");
    await takeTurn(database, "login_queue:other", { spacingMs: 1000, maxWaitMs: 10_000, now: Date.now() });
    const counters = onPostgres ? ["probe:198.51.100.1", "probe:198.51.100.2", "probe:198.51.100.3"] : [];
    expect(await expiredKeys()).toEqual(["login_queue:probe", ...counters]);
  });
});
