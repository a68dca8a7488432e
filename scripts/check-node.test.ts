import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const check = createRequire(import.meta.url)("./check-node.cjs") as {
  requiredVersion(root: string): number[];
  satisfies(version: string, required: number[]): boolean;
  message(version: string, required: number[], execPath: string): string;
};

describe("the Node version check (scripts/check-node.cjs)", () => {
  it("reads the lowest version package.json's engines allow", () => {
    const engines = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).engines.node as string;
    expect(check.requiredVersion(root).join(".")).toBe(/\d+\.\d+\.\d+/.exec(engines)![0]);
  });

  it("compares versions part by part", () => {
    const required = [22, 22, 0];
    expect(
      ["22.22.0", "22.22.1", "22.23.0", "24.0.0", "100.0.0"].filter((v) => check.satisfies(v, required)),
    ).toHaveLength(5);
    expect(
      ["22.21.9", "22.3.0", "20.20.2", "18.0.0", "0.12.18", "4.9.1"].filter((v) => check.satisfies(v, required)),
    ).toEqual([]);
  });

  it("says in one line what is needed, what runs, and the two ways out", () => {
    const line = check.message("20.20.2", [22, 22, 0], "/usr/bin/node");
    expect(line).not.toContain("\n");
    expect(line).toContain("needs Node.js 22.22.0 or newer");
    expect(line).toContain("this is Node.js 20.20.2 (/usr/bin/node)");
    expect(line).toContain("Install Node.js 24");
    expect(line).toContain("`. scripts/ensure-node.sh`");
  });

  it("lets this Node through without a word", async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(root, "scripts/check-node.cjs")]);
    expect(stdout + stderr).toBe("");
  });

  it("runs first in every npm script (CI runs them all on the machine's older Node: scripts/check-old-node.sh)", () => {
    const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts as Record<string, string>;
    // postinstall is the check alone: npm install on an old Node ends with its line.
    const unchecked = Object.entries(scripts).filter(
      ([, command]) =>
        command !== "node scripts/check-node.cjs" && !command.startsWith("node scripts/check-node.cjs && "),
    );
    expect(unchecked).toEqual([]);
  });
});
