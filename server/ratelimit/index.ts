import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { RateLimitRule } from "../config.ts";
import type { Database } from "../db/index.ts";

/** Consumes one point for `key`; `limited` carries the seconds to wait when the budget is spent. */
export interface RateLimiter {
  consume(key: string): Promise<{ limited: false } | { limited: true; retryAfterSec: number }>;
  /** Whether `key`'s budget is spent, without spending any (limits that count failures only). */
  check(key: string): Promise<{ limited: false } | { limited: true; retryAfterSec: number }>;
}

/**
 * A limiter shared by every instance: counted in PostgreSQL when the app runs on it (several
 * instances behind a proxy), in memory on the single-box SQLite setup.
 */
export function createRateLimiter(database: Database, name: string, rule: RateLimitRule): RateLimiter {
  const options = { keyPrefix: name, points: rule.points, duration: rule.durationSec };
  const limiter: RateLimiterAbstract = database.pgPool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: database.pgPool,
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: false,
      })
    : new RateLimiterMemory(options);
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { limited: false };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { limited: true, retryAfterSec: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
        }
        throw error;
      }
    },
    async check(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= rule.points && state.msBeforeNext > 0) {
        return { limited: true, retryAfterSec: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
      }
      return { limited: false };
    },
  };
}
