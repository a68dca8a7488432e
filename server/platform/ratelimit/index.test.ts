import { describe, expect, it } from "vitest";
import type { Database } from "../db/index.ts";
import { addressKey, createRateLimiter, widerAddressKeys } from "./index.ts";

// One box's limiters count in memory: no database is asked (PostgreSQL's are in the integration tests).
const memory = { pgPool: null } as unknown as Database;

describe("addressKey", () => {
  it("is an IPv4 address itself, and an IPv6 address's /64", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:aa:bb::1")).toBe("2001:db8:aa:bb::/64");
    expect(addressKey("2001:0db8:00aa:00bb:ffff:1:2:3")).toBe("2001:db8:aa:bb::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8::/64");
  });

  it("reads IPv4-mapped IPv6 as its IPv4 address, and drops a zone", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("fe80::1%eth0")).toBe("fe80::/64");
  });
});

describe("widerAddressKeys", () => {
  it("names the /56 and the /48 around a /64, with their factors", () => {
    expect(widerAddressKeys("2001:db8:aa:bb::/64")).toEqual([
      { key: "2001:db8:aa::/56", prefix: 56, factor: 8 },
      { key: "2001:db8:aa::/48", prefix: 48, factor: 32 },
    ]);
    expect(widerAddressKeys("2001:db8:aa:1ff::/64").map((k) => k.key)).toEqual([
      "2001:db8:aa:100::/56",
      "2001:db8:aa::/48",
    ]);
  });

  it("names none for IPv4 and for keys that are no address", () => {
    for (const key of ["203.0.113.7", "night-editor", "d_abc", "2001:db8::/48", "", "x/64"])
      expect(widerAddressKeys(key)).toEqual([]);
  });
});

describe("a limiter keyed by address", () => {
  const rule = { points: 2, durationSec: 60 };
  /** The nth /64 of the /48 2001:db8:aa::/48 (n < 65,536), as a client address in it. */
  const inside48 = (n: number) => `2001:db8:aa:${n.toString(16)}::1`;

  it("counts rotation through the /64s of one /56 against the /56's ceiling (8 times a /64's)", async () => {
    const limiter = createRateLimiter(memory, "t56", rule);
    const outcomes: boolean[] = [];
    for (let n = 0; n < 20; n++) outcomes.push((await limiter.consume(addressKey(inside48(n)))).limited);
    // 20 /64s of one /56 (0-ff), 1 attempt each: the /56 allows 16.
    expect(outcomes.filter((limited) => !limited)).toHaveLength(16);
    expect(outcomes.slice(16)).toEqual([true, true, true, true]);
    // Another /56 of the same /48 still has room.
    expect((await limiter.consume(addressKey(inside48(0x100)))).limited).toBe(false);
  });

  it("counts rotation through the /56s of one /48 against the /48's ceiling (32 times a /64's)", async () => {
    const limiter = createRateLimiter(memory, "t48", rule);
    let allowed = 0;
    // One /64 in each of 80 /56s: no /56 is full, the /48 allows 64.
    for (let n = 0; n < 80; n++) if (!(await limiter.consume(addressKey(inside48(n * 0x100)))).limited) allowed++;
    expect(allowed).toBe(64);
    expect((await limiter.consume(addressKey("2001:db8:ab::1"))).limited).toBe(false);
  });

  it("gives back the narrower points of an attempt a wider network refuses, and counts keys with more after the address", async () => {
    const limiter = createRateLimiter(memory, "tback", { points: 1, durationSec: 60 });
    // Fill the /56 (8) with 8 /64s, each spending its only point.
    for (let n = 0; n < 8; n++)
      expect((await limiter.consume(`${addressKey(inside48(n))}\ntool-1`)).limited).toBe(false);
    const refused = await limiter.consume(`${addressKey(inside48(8))}\ntool-1`);
    expect(refused.limited).toBe(true);
    // That /64 spent nothing: for another tool, its own point is still there.
    expect((await limiter.consume(`${addressKey(inside48(8))}\ntool-2`)).limited).toBe(false);
    expect(await limiter.check(`${addressKey(inside48(9))}\ntool-1`)).toMatchObject({ limited: true });
  });

  it("gives a refunded point back at every level", async () => {
    const limiter = createRateLimiter(memory, "trefund", { points: 1, durationSec: 60 });
    for (let n = 0; n < 8; n++) expect((await limiter.consume(addressKey(inside48(n)))).limited).toBe(false);
    expect(await limiter.check(addressKey(inside48(8)))).toMatchObject({ limited: true });
    await limiter.refund(addressKey(inside48(0)));
    expect(await limiter.check(addressKey(inside48(8)))).toEqual({ limited: false });
    expect((await limiter.consume(addressKey(inside48(8)))).limited).toBe(false);
    expect((await limiter.consume(addressKey(inside48(0)))).limited).toBe(true);
  });

  it("counts IPv4 addresses and other keys only as themselves", async () => {
    const limiter = createRateLimiter(memory, "tv4", rule);
    for (let n = 0; n < 50; n++) expect((await limiter.consume(`198.51.100.${n}`)).limited).toBe(false);
    expect((await limiter.consume("198.51.100.1")).limited).toBe(false);
    expect((await limiter.consume("198.51.100.1")).limited).toBe(true);
  });
});

describe("a budget of things kept (likes an address adds to a tool)", () => {
  const rule = { points: 2, durationSec: 60 };

  it("takes nothing for a refused attempt, so one point given back opens it again", async () => {
    const limiter = createRateLimiter(memory, "kept", rule);
    const key = "203.0.113.9\ntool";
    expect((await limiter.consume(key, { refusedTakesNothing: true })).limited).toBe(false);
    expect((await limiter.consume(key, { refusedTakesNothing: true })).limited).toBe(false);
    for (let i = 0; i < 5; i++) expect((await limiter.consume(key, { refusedTakesNothing: true })).limited).toBe(true);
    await limiter.refund(key, { onlySpent: true });
    expect((await limiter.consume(key, { refusedTakesNothing: true })).limited).toBe(false);
    expect((await limiter.consume(key, { refusedTakesNothing: true })).limited).toBe(true);
  });

  it("gives nothing back to a counter that has nothing spent in its window", async () => {
    const limiter = createRateLimiter(memory, "kept-empty", rule);
    const key = "2001:db8:bb:1::/64\ntool";
    await limiter.refund(key, { onlySpent: true });
    await limiter.refund(key, { onlySpent: true });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await limiter.consume(key, { refusedTakesNothing: true })).limited);
    expect(answers).toEqual([false, false, true]);
  });
});
