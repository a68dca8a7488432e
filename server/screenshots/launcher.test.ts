import { describe, expect, it } from "vitest";
import { chooseLauncher, NOBODY, type LaunchFacts } from "./isolation.ts";

// Who Chromium runs as (docs/decisions/016), decided from who the server runs as, what it may do
// and whether setpriv is there. isolation.chromium.int.test.ts runs the real thing as root and as a user with
// the capabilities.

const SETPRIV = "/usr/bin/setpriv";
// Capability bits: CAP_KILL 5, CAP_SETGID 6, CAP_SETUID 7; CAP_NET_BIND_SERVICE 10.
const caps = (...bits: number[]) => bits.reduce((set, bit) => set | (1n << BigInt(bit)), 0n);
const SWITCH_AND_KILL = caps(5, 6, 7);
const SWITCH = caps(6, 7);

const facts = (overrides: Partial<LaunchFacts>): LaunchFacts => ({
  uid: 1000,
  capabilities: { effective: 0n, ambient: 0n },
  setpriv: SETPRIV,
  ...overrides,
});

describe("chooseLauncher", () => {
  it("switches users as root, and refuses to run Chromium as root when it cannot", () => {
    expect(chooseLauncher(facts({ uid: 0 }))).toEqual({
      kind: "setpriv",
      setpriv: SETPRIV,
      runAs: NOBODY,
      via: "root",
    });
    expect(chooseLauncher(facts({ uid: 0, setpriv: null }))).toMatchObject({
      kind: "refused",
      reason: expect.stringContaining("setpriv (util-linux) is not installed"),
    });
  });

  it("switches users as a user that holds CAP_SETUID, CAP_SETGID and CAP_KILL, the first two ambient", () => {
    const capable = facts({ capabilities: { effective: SWITCH_AND_KILL | caps(10), ambient: SWITCH_AND_KILL } });
    expect(chooseLauncher(capable)).toEqual({ kind: "setpriv", setpriv: SETPRIV, runAs: NOBODY, via: "capabilities" });
    expect(chooseLauncher(capable, { uid: 990, gid: 990 })).toEqual({
      kind: "setpriv",
      setpriv: SETPRIV,
      runAs: { uid: 990, gid: 990 },
      via: "capabilities",
    });
    expect(chooseLauncher(facts({ capabilities: { effective: SWITCH_AND_KILL, ambient: SWITCH } }))).toMatchObject({
      kind: "setpriv",
    });
  });

  it("runs Chromium as the server's own user otherwise, saying why", () => {
    const plain = chooseLauncher(facts({}));
    expect(plain).toEqual({
      kind: "as-is",
      uid: 1000,
      reason: expect.stringContaining("without the capabilities to switch users"),
    });
    // Effective but not ambient: lost on the way to setpriv (a file capability on node, say).
    expect(chooseLauncher(facts({ capabilities: { effective: SWITCH_AND_KILL, ambient: 0n } }))).toMatchObject({
      kind: "as-is",
    });
    // Without CAP_KILL its browser could not be stopped when its time or memory runs out.
    expect(chooseLauncher(facts({ capabilities: { effective: SWITCH, ambient: SWITCH } }))).toMatchObject({
      kind: "as-is",
    });
    expect(chooseLauncher(facts({ capabilities: null }))).toMatchObject({ kind: "as-is" });
    expect(
      chooseLauncher(facts({ capabilities: { effective: SWITCH_AND_KILL, ambient: SWITCH_AND_KILL }, setpriv: null })),
    ).toEqual({
      kind: "as-is",
      uid: 1000,
      reason: expect.stringContaining("setpriv (util-linux) is not installed"),
    });
    // Already the capture user: there is no one else to become.
    expect(
      chooseLauncher(facts({ uid: 65534, capabilities: { effective: SWITCH_AND_KILL, ambient: SWITCH_AND_KILL } })),
    ).toMatchObject({
      kind: "as-is",
      reason: expect.stringContaining("runs as the capture user"),
    });
  });
});
