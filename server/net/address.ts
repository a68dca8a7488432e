import net from "node:net";

// Addresses a server-side fetch of a user's URL must never reach (DESIGN rule 10): this machine,
// private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
// documentation and benchmark ranges, multicast and reserved space, in IPv4 and IPv6.
const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255
];
const V6_BLOCKED: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID…)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (also cloud metadata such as fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

// Separate lists: a BlockList given an IPv6 rule for ::ffff:0:0/96 would match every IPv4 address.
const v4 = new net.BlockList();
for (const [address, prefix] of V4_BLOCKED) v4.addSubnet(address, prefix, "ipv4");
const v6 = new net.BlockList();
for (const [address, prefix] of V6_BLOCKED) v6.addSubnet(address, prefix, "ipv6");

/** The 16 bytes of an IPv6 address (which net.isIP has accepted). */
function v6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const hextets = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return hextets.flatMap((h) => {
    const n = parseInt(h || "0", 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4, compatible), if any. */
function embeddedV4(address: string): string | null {
  const b = v6Bytes(address);
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const quad = (at: number) => b.slice(at, at + 4).join(".");
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return quad(12); // ::ffff:a.b.c.d
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return quad(12); // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return quad(2); // 2002:aabb:ccdd::/48 (6to4)
  if (zero(0, 12) && !zero(12, 16) && !(zero(12, 15) && b[15] === 1)) return quad(12); // ::a.b.c.d (compatible)
  return null;
}

/** Whether an IP address is one a user-supplied URL may reach (a public unicast address). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !v4.check(address, "ipv4");
  if (family === 6) {
    const inner = embeddedV4(address);
    if (inner !== null) return isPublicAddress(inner);
    return !v6.check(address.replace(/%.*$/, ""), "ipv6");
  }
  return false;
}
