import { describe, expect, it } from "vitest";
import { isPublicAddress, V4_BLOCKED, V6_BLOCKED, type BlockedRange } from "./address.ts";

// ——— Address arithmetic, independent of address.ts ———

type Family = 4 | 6;
const BITS: Record<Family, number> = { 4: 32, 6: 128 };

function toBig(address: string, family: Family): bigint {
  if (family === 4) return address.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
  const [head = "", tail] = address.split("::");
  const hextets = (text: string) => (text ? text.split(":") : []);
  const left = hextets(head);
  const right = tail === undefined ? [] : hextets(tail);
  const all =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  expect(all, address).toHaveLength(8);
  return all.reduce((n, h) => (n << 16n) | BigInt(parseInt(h, 16)), 0n);
}

function fromBig(n: bigint, family: Family): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 0xffn)).join(".");
  return Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(":");
}

const bounds = ([address, prefix]: BlockedRange, family: Family) => {
  const first = toBig(address, family);
  return { first, last: first + (1n << BigInt(BITS[family] - prefix)) - 1n };
};
const within = (n: bigint, ranges: readonly BlockedRange[], family: Family) =>
  ranges.some((range) => {
    const { first, last } = bounds(range, family);
    return n >= first && n <= last;
  });

/**
 * Whether an address just outside a range should be public, worked out from the tables alone:
 * not in any listed range, and (IPv6) when it is 6to4 or IPv4-compatible, its IPv4 address not either.
 */
function expectedPublic(n: bigint, family: Family): boolean {
  if (within(n, family === 4 ? V4_BLOCKED : V6_BLOCKED, family)) return false;
  if (family === 4) return true;
  if (n >> 112n === 0x2002n) return expectedPublic((n >> 80n) & 0xffffffffn, 4); // 6to4
  if (n >> 32n === 0n) return expectedPublic(n, 4); // IPv4-compatible
  return true;
}

const table = [
  ...V4_BLOCKED.map((range) => ({ range, family: 4 as const })),
  ...V6_BLOCKED.map((range) => ({ range, family: 6 as const })),
];

describe("isPublicAddress over the whole range table", () => {
  it("has ranges, each written as its first address", () => {
    expect(V4_BLOCKED.length).toBeGreaterThan(15);
    expect(V6_BLOCKED.length).toBeGreaterThan(15);
    for (const { range, family } of table) {
      const [address, prefix] = range;
      expect(prefix, address).toBeGreaterThanOrEqual(1);
      expect(prefix, address).toBeLessThanOrEqual(BITS[family]);
      const hostBits = (1n << BigInt(BITS[family] - prefix)) - 1n;
      expect(toBig(address, family) & hostBits, `${address}/${prefix} has host bits set`).toBe(0n);
    }
  });

  it.each(table.map(({ range, family }) => [`${range[0]}/${range[1]}`, range, family] as const))(
    "refuses the first, a middle and the last address of %s, and allows its public neighbours",
    (_name, range, family) => {
      const { first, last } = bounds(range, family);
      // The middle is the first of the upper half: ::ffff:128.0.0.0 for ::ffff:0:0/96, whose IPv4 address is public.
      for (const n of [first, first + (last - first + 1n) / 2n, last]) {
        expect(isPublicAddress(fromBig(n, family)), fromBig(n, family)).toBe(false);
      }
      const max = (1n << BigInt(BITS[family])) - 1n;
      const neighbours = [...(first > 0n ? [first - 1n] : []), ...(last < max ? [last + 1n] : [])];
      for (const n of neighbours) {
        expect(isPublicAddress(fromBig(n, family)), `${fromBig(n, family)} (next to ${range[0]}/${range[1]})`).toBe(
          expectedPublic(n, family),
        );
      }
    },
  );
});

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "10.0.0.1",
    "100.64.0.1",
    "100.127.255.255",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "192.0.2.10",
    "198.18.0.1",
    "203.0.113.7",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
    "2002:c0a8:101::1",
    "::127.0.0.1",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "fe80::1%eth0",
    "fec0::1",
    "ff02::1",
    "2001:db8::1",
    "100::1",
    "not an address",
    "",
    // Shorthand that some parsers (ipaddr.js among them) read as 127.0.0.1, but no socket dials as written.
    "127.1",
    "0x7f.0.0.1",
    "0177.0.0.1",
    "2130706433",
  ])("refuses %j", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    // IPv4-mapped (::ffff:0:0/96), whatever IPv4 address it carries.
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "::ffff:0.0.0.0",
    "::ffff:255.255.255.255",
    // IPv4-translated (::ffff:0:0:0/96, SIIT).
    "::ffff:0:7f00:1",
    "::ffff:0:127.0.0.1",
    "::ffff:0:a00:1",
    "::ffff:0:808:808",
    "0:0:0:0:ffff:0:ffff:ffff",
    // NAT64's well-known prefix (64:ff9b::/96), whatever IPv4 address it carries.
    "64:ff9b::7f00:1",
    "64:ff9b::10.0.0.1",
    "64:ff9b::808:808",
    "64:ff9b::8.8.8.8",
    "64:ff9b::",
    // Local-use NAT64 (64:ff9b:1::/48).
    "64:ff9b:1::a00:1",
    "64:ff9b:1:ffff:ffff:ffff:ffff:ffff",
    // Azure's wireserver.
    "168.63.129.16",
    // The rest of the special-purpose registries.
    "192.31.196.1",
    "192.52.193.1",
    "192.175.48.6",
    "2001:2::1",
    "2001:4:112::1",
    "2620:4f:8000::42",
    "3fff::1",
    "3fff:fff:ffff::1",
    "5f00::1",
    "100:0:0:1::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  ])("refuses the special-purpose address %j", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "8.8.4.4",
    "1.1.1.1",
    "1.0.0.1",
    "9.9.9.9",
    "208.67.222.222",
    "93.184.216.34",
    "140.82.112.3",
    "100.63.255.255",
    "100.128.0.1",
    "172.15.255.255",
    "172.32.0.1",
    "169.253.255.255",
    "198.20.0.1",
    "168.63.129.15",
    "168.63.129.17",
    "2606:4700:4700::1111",
    "2606:4700:4700::1001",
    "2001:4860:4860::8888",
    "2001:4860:4860::8844",
    "2620:fe::fe",
    "2a00:1450:4001:80b::200e",
    "2a03:2880:f10d:83:face:b00c:0:25de",
    "2002:808:808::1",
    "64:ff9a:ffff:ffff:ffff:ffff:ffff:ffff",
    "3ffe:ffff::1",
    "3fff:1000::1",
  ])("allows the public address %j", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
