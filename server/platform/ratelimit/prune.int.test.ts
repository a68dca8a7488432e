import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testEngine } from "../../../tests/support/database.ts";
import { postForm, useTestServer } from "../../../tests/support/server.ts";
import { createRateLimiter } from "./index.ts";
import { takeTurn } from "./queue.ts";

// Rows of `rate_limits` past their window: on PostgreSQL the limiters' counters, and on both
// engines the login queues. The limiter runs without its own clean-up timer, so without the
// scheduled job they stay for ever; the job deletes the ones expired over an hour ago and
// leaves every counter still counting. The limiter reads the time from Date.now(), so the
// tests move Date only.

const HOUR = 60 * 60 * 1000;
const START = Date.parse("2026-11-27T08:00:00Z");
const onPostgres = testEngine() === "postgres";

describe("expired rate-limit rows", () => {
  const getServer = useTestServer({ now: () => Date.now() });
  const rows = async () => {
    const result = await sql<{
      key: string;
      expire: string | number | null;
    }>`select key, expire from rate_limits order by key`.execute(getServer().services.database.db);
    return result.rows.map((row) => ({ key: row.key, expire: row.expire === null ? null : Number(row.expire) }));
  };
  const expiredKeys = async () =>
    (await rows()).filter((row) => row.expire !== null && row.expire < Date.now()).map((row) => row.key);

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

  it("are deleted by the scheduled job once expired over an hour, while live counters stay and go on counting", async () => {
    const { database, scheduler } = getServer().services;
    const limiter = createRateLimiter(database, "probe", { points: 2, durationSec: 60 });
    await limiter.consume("198.51.100.1");
    await takeTurn(database, "login_queue:old", { spacingMs: 1000, maxWaitMs: 10_000, now: Date.now() });
    // Expired half an hour before the run: within the grace, kept.
    vi.setSystemTime(START + 2 * HOUR + 29 * 60_000);
    await limiter.consume("198.51.100.2");
    // Counting at the run.
    vi.setSystemTime(START + 3 * HOUR);
    await limiter.consume("198.51.100.3");
    await takeTurn(database, "login_queue:live", { spacingMs: 60_000, maxWaitMs: 120_000, now: Date.now() });
    // A counter without a window (duration 0) never expires.
    await sql`insert into rate_limits (key, points, expire) values ('forever:1', 1, null)`.execute(database.db);

    const outcome = await scheduler.run("rate-limits-prune");
    expect(outcome.kind === "finished" && outcome.run.status).toBe("succeeded");
    const left = (await rows()).map((row) => row.key);
    expect(left).toEqual([
      "forever:1",
      "login_queue:live",
      ...(onPostgres ? ["probe:198.51.100.2", "probe:198.51.100.3"] : []),
    ]);
    expect(outcome.kind === "finished" && outcome.run.summary).toEqual({ deleted: onPostgres ? 2 : 1 });
    // The live counter still holds what it counted: a second attempt spends its last point, a third is refused.
    expect(await limiter.consume("198.51.100.3")).toEqual({ limited: false, consumed: 2 });
    expect((await limiter.consume("198.51.100.3")).limited).toBe(true);
    // A deleted counter starts afresh, as an expired one would have.
    expect(await limiter.consume("198.51.100.1")).toEqual({ limited: false, consumed: 1 });
  });

  it("leave the app's own limits working after a clean-up", async () => {
    const server = getServer();
    const post = () =>
      postForm(`${server.url}/contact`, {
        name: "Ada",
        email: "ada@example.com",
        subject: "Hi",
        message: "Hello",
      }).then((res) => res.status);
    const allowed = server.services.config.rateLimits.contact.points;
    for (let i = 0; i < allowed; i++) expect(await post()).toBe(303);
    await server.services.scheduler.run("rate-limits-prune");
    expect(await post()).toBe(429);
  });
});
