import net from "node:net";
import ipaddr from "ipaddr.js";

// Addresses a server-side fetch of a user's URL must never reach (docs/design.md#rule-10): this machine,
// private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
// documentation and benchmark ranges, multicast and reserved space, in IPv4 and IPv6 — the IANA
// IPv4 and IPv6 Special-Purpose Address Registries, reviewed entry by entry, plus cloud addresses
// that look public but answer only inside the cloud. Exported so the tests cover every entry.

/** A blocked range: its first address and prefix length. */
export type BlockedRange = readonly [address: string, prefix: number];

export const V4_BLOCKED: readonly BlockedRange[] = [
  ["0.0.0.0", 8], // "this network" (RFC 791): 0.0.0.0 dials this machine on Linux
  ["10.0.0.0", 8], // private (RFC 1918)
  ["100.64.0.0", 10], // carrier-grade NAT (RFC 6598); also Alibaba Cloud's metadata at 100.100.100.200
  ["127.0.0.0", 8], // loopback
  ["168.63.129.16", 32], // Azure's wireserver: public-looking, but answers each VM privately (agent, health, metadata)
  ["169.254.0.0", 16], // link-local: cloud metadata (169.254.169.254, Tencent's 169.254.0.23), AWS DNS and time
  ["172.16.0.0", 12], // private (RFC 1918)
  ["192.0.0.0", 24], // IETF protocol assignments (RFC 6890): DS-Lite, NAT64 discovery, PCP/TURN anycast
  ["192.0.2.0", 24], // documentation, TEST-NET-1 (RFC 5737)
  ["192.31.196.0", 24], // AS112-v4 (RFC 7535): DNS sinks for private reverse zones, often a local instance; no web
  ["192.52.193.0", 24], // AMT relays (RFC 7450): multicast tunnelling, no web
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated, RFC 7526)
  ["192.168.0.0", 16], // private (RFC 1918)
  ["192.175.48.0", 24], // Direct Delegation AS112 (RFC 7534): DNS sinks, often a local instance; no web
  ["198.18.0.0", 15], // benchmarking (RFC 2544): test networks inside labs
  ["198.51.100.0", 24], // documentation, TEST-NET-2 (RFC 5737)
  ["203.0.113.0", 24], // documentation, TEST-NET-3 (RFC 5737)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 (limited broadcast)
];

export const V6_BLOCKED: readonly BlockedRange[] = [
  ["::", 128], // unspecified: dials this machine
  ["::1", 128], // loopback
  // The IPv4 address written inside these is where they lead, and a user's URL has no business
  // writing an IPv4 address that way (it can name the IPv4 address itself): all refused, whatever
  // address they carry, rather than trusting each stack and translator to route them as expected.
  ["::ffff:0:0", 96], // IPv4-mapped (RFC 4291): a dual-stack socket dials the IPv4 inside; some stacks route them oddly
  ["::ffff:0:0:0", 96], // IPv4-translated (RFC 2765, SIIT): a translator sends ::ffff:0:7f00:1 to 127.0.0.1
  ["64:ff9b::", 96], // NAT64 well-known prefix (RFC 6052): on a NAT64 network 64:ff9b::a00:1 reaches 10.0.0.1
  ["64:ff9b:1::", 48], // NAT64 for local use (RFC 8215): translated to IPv4 inside a network
  ["100::", 64], // discard-only (RFC 6666)
  ["100:0:0:1::", 64], // dummy prefix (RFC 9780): never routed
  // IETF protocol assignments (RFC 2928): Teredo 2001::/32 (a tunnel to an IPv4 host), PCP/TURN/DNS-SD
  // anycast 2001:1::1-3, benchmarking 2001:2::/48, AMT 2001:3::/32, AS112-v6 2001:4:112::/48,
  // ORCHID(v2) 2001:10::/28 and 2001:20::/28, drone remote ID 2001:30::/28: no web server among them.
  ["2001::", 23],
  ["2001:db8::", 32], // documentation (RFC 3849)
  ["2620:4f:8000::", 48], // Direct Delegation AS112 (RFC 7534): DNS sinks, often a local instance; no web
  ["3fff::", 20], // documentation (RFC 9637)
  ["5f00::", 16], // SRv6 segment identifiers (RFC 9602): meaningful only inside an operator's network
  ["fc00::", 7], // unique local (also cloud metadata such as AWS's fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];
// Not listed: 6to4 (2002::/16) and IPv4-compatible (::a.b.c.d, deprecated) addresses lead to the
// IPv4 address they carry, so they are judged by it (embeddedV4 below): 2002:7f00:1:: is refused
// as 127.0.0.1 is, 2002:808:808:: allowed as 8.8.8.8 is.

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const V4_CIDRS = V4_BLOCKED.map(([address, prefix]): [ipaddr.IPv4, number] => [ipaddr.IPv4.parse(address), prefix]);
const V6_CIDRS = V6_BLOCKED.map(([address, prefix]): [ipaddr.IPv6, number] => [ipaddr.IPv6.parse(address), prefix]);

/**
 * An address as Node's sockets read it, or null. net.isIP decides what counts as an address:
 * ipaddr.js on its own also reads `127.1`, `0x7f.0.0.1` and `0177.0.0.1`, which no socket dials.
 */
function parsed(address: string): Address | null {
  if (!net.isIP(address)) return null;
  try {
    return ipaddr.parse(address);
  } catch {
    return null;
  }
}

/** The IPv4 address a 6to4 (2002:aabb:ccdd::/48) or IPv4-compatible (::a.b.c.d) address leads to, if it is one. */
function embeddedV4({ parts }: ipaddr.IPv6): ipaddr.IPv4 | null {
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (parts[0] === 0x2002) return v4(parts[1]!, parts[2]!);
  if (parts.slice(0, 6).every((part) => part === 0)) return v4(parts[6]!, parts[7]!); // :: and ::1 are refused before
  return null;
}

function isPublic(address: Address): boolean {
  if (address.kind() === "ipv4") return !V4_CIDRS.some((range) => address.match(range));
  const v6 = address as ipaddr.IPv6;
  if (V6_CIDRS.some((range) => v6.match(range))) return false;
  const inner = embeddedV4(v6);
  return inner === null || isPublic(inner);
}

/** Whether an IP address is one a user-supplied URL may reach (a public unicast address). */
export function isPublicAddress(address: string): boolean {
  const ip = parsed(address);
  return ip !== null && isPublic(ip);
}

/** A range's first address as a number. */
const numberOf = (address: Address): bigint => address.toByteArray().reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);

type Interval = [first: bigint, last: bigint];

/**
 * A range as the interval of addresses it covers; with `asV4`, an IPv4-mapped IPv6 range of /96 or
 * narrower as the IPv4 range it stands for (Express's proxy-addr matches IPv4 clients against it).
 */
function intervalOf(text: string, prefix: number, asV4 = true): { family: 4 | 6; interval: Interval } {
  let address: Address = ipaddr.parse(text);
  if (asV4 && address.kind() === "ipv6" && prefix >= 96 && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
    prefix -= 96;
  }
  const bits = address.kind() === "ipv4" ? 32 : 128;
  const size = 1n << BigInt(bits - prefix);
  const first = (numberOf(address) / size) * size;
  return { family: bits === 32 ? 4 : 6, interval: [first, first + size - 1n] };
}

/** Sorted intervals, those that touch or overlap joined. */
function merged(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: Interval[] = [];
  for (const [first, last] of sorted) {
    const previous = out.at(-1);
    if (previous && first <= previous[1] + 1n) previous[1] = last > previous[1] ? last : previous[1];
    else out.push([first, last]);
  }
  return out;
}

/** How many addresses of `covered` (merged) lie outside `excluded` (merged). */
function countOutside(covered: Interval[], excluded: Interval[]): bigint {
  let total = 0n;
  for (const [first, last] of covered) {
    let size = last - first + 1n;
    for (const [from, to] of excluded) {
      const lo = from > first ? from : first;
      const hi = to < last ? to : last;
      if (lo <= hi) size -= hi - lo + 1n;
    }
    total += size;
  }
  return total;
}

const BLOCKED_INTERVALS = {
  4: merged(V4_BLOCKED.map(([address, prefix]) => intervalOf(address, prefix).interval)),
  6: merged(V6_BLOCKED.map(([address, prefix]) => intervalOf(address, prefix, false).interval)),
};

/**
 * How many public addresses (those isPublicAddress accepts, leaving aside the IPv4 address that a
 * 6to4 or IPv4-compatible address carries) a list of ranges covers together, per family; an
 * IPv4-mapped IPv6 range counts as the IPv4 range it matches.
 */
export function publicAddressesCovered(ranges: readonly BlockedRange[]): { v4: bigint; v6: bigint } {
  const byFamily: Record<4 | 6, Interval[]> = { 4: [], 6: [] };
  for (const [address, prefix] of ranges) {
    const { family, interval } = intervalOf(address, prefix);
    byFamily[family].push(interval);
  }
  return {
    v4: countOutside(merged(byFamily[4]), BLOCKED_INTERVALS[4]),
    v6: countOutside(merged(byFamily[6]), BLOCKED_INTERVALS[6]),
  };
}
