import net from "node:net";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { RateLimitRule } from "../config.ts";
import type { Database } from "../db/index.ts";

export type LimitState = { limited: false; consumed: number } | { limited: true; retryAfterSec: number; consumed: number };

/** Consumes one point for `key`; `limited` carries the seconds to wait when the budget is spent. */
export interface RateLimiter {
  /** Spends a point (also when the budget is spent already) and says whether it was over. */
  consume(key: string): Promise<LimitState>;
  /** Gives back a point spent by `consume` for something that turned out not to count (a login that succeeded). */
  refund(key: string): Promise<void>;
  /** Whether `key`'s budget is spent, without spending any. */
  check(key: string): Promise<{ limited: false } | { limited: true; retryAfterSec: number }>;
}

/**
 * The key per-address limits count by: an IPv4 address, or the /64 an IPv6 address is in (one
 * subscriber gets a whole /64, and can rotate through it at will). IPv4-mapped IPv6 counts as the
 * IPv4 address it carries.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(ip)) {
    const bytes = new net.SocketAddress({ address: ip.replace(/%.*$/, ""), family: "ipv6" }).address;
    const groups = expandV6(bytes).slice(0, 4);
    return `${groups.join(":")}::/64`;
  }
  return ip;
}

/** The eight hextets of an IPv6 address, without leading zeros. */
function expandV6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((h) => parseInt(h || "0", 16).toString(16));
}

/**
 * A limiter shared by every instance: counted in PostgreSQL when the app runs on it (several
 * instances behind a proxy), in memory on the single-box SQLite setup. With `blockInMemory` a key
 * over its budget is refused from memory until its window ends, without asking the database again
 * (for limits hit on every request of a hot path: search tracking); refunds then cannot unblock it.
 */
export function createRateLimiter(database: Database, name: string, rule: RateLimitRule, extra: { blockInMemory?: boolean } = {}): RateLimiter {
  const options = {
    keyPrefix: name,
    points: rule.points,
    duration: rule.durationSec,
    // Blocked for the rest of its window (no inMemoryBlockDuration: the window's own end).
    ...(extra.blockInMemory ? { inMemoryBlockOnConsumed: rule.points + 1 } : {}),
  };
  const limiter: RateLimiterAbstract = database.pgPool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: database.pgPool,
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: false,
      })
    : new RateLimiterMemory(options);
  const retryAfter = (msBeforeNext: number) => Math.max(1, Math.ceil(msBeforeNext / 1000));
  return {
    async consume(key) {
      try {
        const state = await limiter.consume(key);
        return { limited: false, consumed: state.consumedPoints };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { limited: true, retryAfterSec: retryAfter(error.msBeforeNext), consumed: error.consumedPoints };
        }
        throw error;
      }
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
    async check(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= rule.points && state.msBeforeNext > 0) {
        return { limited: true, retryAfterSec: retryAfter(state.msBeforeNext) };
      }
      return { limited: false };
    },
  };
}
