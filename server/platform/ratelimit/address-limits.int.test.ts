import { describe, expect, it } from "vitest";
import { postForm, useTestServer } from "../../../tests/support/server.ts";

// Per-address limits and IPv6 (docs/decisions/018): one client is an IPv6 /64, and the /56 and
// /48 around it have ceilings of their own (8 and 32 times the /64's), so whoever holds a /48
// gains nothing past them by rotating through its 65,536 /64s. Shown here with the contact
// form's limit, one post per address; the likes' and the login's use the same limiter.

const FIELDS = { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" };

describe("per-address limits over IPv6", () => {
  const getServer = useTestServer({
    configure: (config) => {
      config.trustProxy = "loopback";
      config.rateLimits.contact = { points: 1, durationSec: 600 };
    },
  });
  const post = (from: string) =>
    postForm(`${getServer().url}/contact`, FIELDS, { "X-Forwarded-For": from }).then((res) => res.status);

  it("refuses the 9th /64 of one /56, each of which posted once", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push(await post(`2001:db8:1:${n.toString(16)}::7`));
    expect(statuses).toEqual([...Array(8).fill(303), 429, 429]);
    // A /64 of another /56 is not held back by this one.
    expect(await post("2001:db8:1:100::7")).toBe(303);
  });

  it("refuses past 32 posts from the /64s of one /48, spread over its /56s", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 36; n++) statuses.push(await post(`2001:db8:2:${(n * 0x100).toString(16)}::7`));
    expect(statuses.filter((status) => status === 303)).toHaveLength(32);
    expect(statuses.slice(32)).toEqual([429, 429, 429, 429]);
    // Another /48 is another network, and IPv4 clients count one by one as before.
    expect(await post("2001:db8:3::7")).toBe(303);
    expect(await post("198.51.100.1")).toBe(303);
    expect(await post("198.51.100.1")).toBe(429);
  });
});
