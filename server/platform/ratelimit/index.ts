import ipaddr from "ipaddr.js";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { RateLimitRule } from "../config.ts";
import type { Database } from "../db/index.ts";

export type LimitState =
  { limited: false; consumed: number } | { limited: true; retryAfterSec: number; consumed: number };

/** Consumes one point for `key`; `limited` carries the seconds to wait when the budget is spent. */
export interface RateLimiter {
  /**
   * Spends a point (also when the budget is spent already) and says whether it was over. With
   * `refusedTakesNothing` a refused attempt gives its point back, for budgets of things kept (a
   * like) rather than attempts made, where a point given back must open the budget again.
   */
  consume(key: string, options?: { refusedTakesNothing?: boolean }): Promise<LimitState>;
  /**
   * Gives back a point spent by `consume` for something that turned out not to count (a login that
   * succeeded). With `onlySpent` a counter with nothing spent in its window is left alone, so a give-back
   * for something spent in an earlier window (an unlike of yesterday's like) adds nothing to today's budget.
   */
  refund(key: string, options?: { onlySpent?: boolean }): Promise<void>;
  /** Whether `key`'s budget is spent, without spending any. */
  check(key: string): Promise<{ limited: false } | { limited: true; retryAfterSec: number }>;
}

/**
 * How much more than one /64 the wider IPv6 prefixes around it may spend, for every per-address
 * limit: a /56 (one home or small office's allocation) 8 times as much, a /48 (a site's, or a
 * whole organisation's) 32 times. Whoever holds a /48 has 65,536 /64s to rotate through; past
 * these ceilings more of them gain nothing, while a household's or a campus's few /64s in use
 * never meet them.
 */
export const WIDER_PREFIXES = [
  { prefix: 56, factor: 8 },
  { prefix: 48, factor: 32 },
] as const;

/** The network an IPv6 address is in, at a prefix length, as `network/prefix`. */
function networkKey(address: ipaddr.IPv6, prefix: number): string {
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`).toString()}/${prefix}`;
}

/**
 * The key per-address limits count by: an IPv4 address, or the /64 an IPv6 address is in (one
 * subscriber gets a whole /64, and can rotate through it at will). IPv4-mapped IPv6 counts as the
 * IPv4 address it carries. Limiters also count the /56 and /48 around a /64 (WIDER_PREFIXES).
 */
export function addressKey(ip: string): string {
  const text = ip.replace(/%.*$/, "");
  if (!ipaddr.isValid(text)) return ip;
  const address = ipaddr.process(text);
  return address.kind() === "ipv6" ? networkKey(address as ipaddr.IPv6, 64) : address.toString();
}

/** The wider networks (WIDER_PREFIXES) an address key's /64 is in, as keys; none for IPv4 or anything else. */
export function widerAddressKeys(key: string): { key: string; prefix: number; factor: number }[] {
  if (!key.endsWith("/64") || !ipaddr.isValidCIDR(key)) return [];
  const [address] = ipaddr.parseCIDR(key);
  if (address.kind() !== "ipv6") return [];
  return WIDER_PREFIXES.map(({ prefix, factor }) => ({
    key: networkKey(address as ipaddr.IPv6, prefix),
    prefix,
    factor,
  }));
}

/**
 * A limiter shared by every instance: counted in PostgreSQL when the app runs on it (several
 * instances behind a proxy), in memory on the single-box SQLite setup. With `blockInMemory` a key
 * over its budget is refused from memory until its window ends, without asking the database again
 * (for limits hit on every request of a hot path: search tracking); refunds then cannot unblock it.
 *
 * A key that starts with an IPv6 address key (addressKey: its /64), alone or followed by a newline
 * and what else it counts (`<address>\n<tool id>`), is also counted for the /56 and the /48 around
 * it, at their higher ceilings (WIDER_PREFIXES): narrowest first, and an attempt refused by a
 * wider one gives back what it took at the narrower ones, as the login's walls do.
 */
export function createRateLimiter(
  database: Database,
  name: string,
  rule: RateLimitRule,
  extra: { blockInMemory?: boolean } = {},
): RateLimiter {
  const make = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const options = {
      keyPrefix,
      points,
      duration: rule.durationSec,
      // Blocked for the rest of its window (no inMemoryBlockDuration: the window's own end).
      ...(extra.blockInMemory ? { inMemoryBlockOnConsumed: points + 1 } : {}),
    };
    return database.pgPool
      ? new RateLimiterPostgres({
          ...options,
          storeClient: database.pgPool,
          tableName: "rate_limits",
          tableCreated: true,
          clearExpiredByTimeout: false,
        })
      : new RateLimiterMemory(options);
  };
  const own = make(name, rule.points);
  const wider = new Map<number, RateLimiterAbstract>(
    WIDER_PREFIXES.map(({ prefix, factor }) => [prefix, make(`${name}/${prefix}`, rule.points * factor)]),
  );
  /** The counters a key spends at: its own, then those of the wider networks its address is in. */
  const levels = (key: string): { limiter: RateLimiterAbstract; key: string; points: number }[] => {
    const newline = key.indexOf("\n");
    const [address, rest] = newline < 0 ? [key, ""] : [key.slice(0, newline), key.slice(newline)];
    return [
      { limiter: own, key, points: rule.points },
      ...widerAddressKeys(address).map((network) => ({
        limiter: wider.get(network.prefix)!,
        key: network.key + rest,
        points: rule.points * network.factor,
      })),
    ];
  };
  const retryAfter = (msBeforeNext: number) => Math.max(1, Math.ceil(msBeforeNext / 1000));
  return {
    async consume(key, { refusedTakesNothing = false } = {}) {
      const spent: ReturnType<typeof levels> = [];
      let consumed = 0;
      for (const level of levels(key)) {
        try {
          const state = await level.limiter.consume(level.key);
          if (spent.length === 0) consumed = state.consumedPoints;
          spent.push(level);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          // Refused: the narrower networks give back what this attempt took (the refusing one too, if asked).
          const giveBack = refusedTakesNothing ? [...spent, level] : spent;
          await Promise.all(giveBack.map((done) => done.limiter.reward(done.key, 1)));
          return {
            limited: true,
            retryAfterSec: retryAfter(error.msBeforeNext),
            consumed: spent.length === 0 ? error.consumedPoints : consumed,
          };
        }
      }
      return { limited: false, consumed };
    },
    async refund(key, { onlySpent = false } = {}) {
      await Promise.all(
        levels(key).map(async (level) => {
          if (onlySpent && !((await level.limiter.get(level.key))?.consumedPoints ?? 0)) return;
          await level.limiter.reward(level.key, 1);
        }),
      );
    },
    async check(key) {
      let wait = 0;
      for (const level of levels(key)) {
        const state = await level.limiter.get(level.key);
        if (state && state.consumedPoints >= level.points && state.msBeforeNext > 0)
          wait = Math.max(wait, state.msBeforeNext);
      }
      return wait > 0 ? { limited: true, retryAfterSec: retryAfter(wait) } : { limited: false };
    },
  };
}
