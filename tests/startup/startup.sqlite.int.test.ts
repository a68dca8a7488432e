import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_ARGS } from "../../scripts/build-freshness.ts";

// What `npm start` prints (issue 22): JSON lines for a log shipper when stdout is not a terminal,
// readable lines and a banner for a person (LOG_FORMAT=pretty stands in for a terminal here), and
// the generated admin credentials on the first start only.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the built server on DATA_DIR, waits for `ready` in its output, stops it, and returns its stdout. */
async function startOnce(dataDir: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<string> {
  const child = spawn(process.execPath, [...SERVER_ARGS], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false", ADMIN_USERNAME: "", ADMIN_PASSWORD: "", SITE_URL: "http://shelf.test:8080", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not get ready within 15 s:\n${out}`)), 15_000);
      child.stdout!.on("data", () => {
        if (ready.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
    });
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  return out;
}

// The banner is written at once: its sign-in line and the blank line after it mean all of it is in.
const BANNER = /Admin sign-in: \S+\n\n/;

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolshelf-startup-"));
  dirs.push(dir);
  return dir;
}

describe("the server's start", () => {
  it("writes JSON lines when stdout is not a terminal, the first admin's password in one of them on the first start only", async () => {
    const dir = dataDir();
    const first = (await startOnce(dir, {}, /"msg":"listening"/)).trim().split("\n");
    const entries = first.map((line) => JSON.parse(line) as Record<string, unknown>);
    const listening = entries.find((e) => e.msg === "listening")!;
    expect(listening).toMatchObject({ url: "http://shelf.test:8080", adminUrl: "http://shelf.test:8080/admin/login" });
    const admin = entries.find((e) => typeof e.password === "string")!;
    expect(admin).toMatchObject({ username: "admin", change: "npm run admin -- reset-password admin" });
    expect(admin.password).toMatch(/^[A-Za-z0-9_-]{20}$/);

    const second = await startOnce(dir, {}, /"msg":"listening"/);
    expect(second).not.toContain("password");
  });

  it("writes readable lines and a banner for a person: the addresses always, the credentials on the first start only", async () => {
    const dir = dataDir();
    const first = await startOnce(dir, { LOG_FORMAT: "pretty" }, BANNER);
    const logLines = first.split("\n").filter((line) => /^\d\d:\d\d:\d\d /.test(line));
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.some((line) => /^\d\d:\d\d:\d\d INFO {2}listening {2}.*url=http:\/\/shelf\.test:8080/.test(line))).toBe(true);
    expect(first).not.toMatch(/^\{/m);
    expect(first).toMatch(/^ {2}toolshelf\/ is running$/m);
    expect(first).toMatch(/^ {2}Site: +http:\/\/shelf\.test:8080$/m);
    expect(first).toMatch(/^ {2}Admin sign-in: http:\/\/shelf\.test:8080\/admin\/login$/m);
    expect(first).toMatch(/^ {4}Username: +admin$/m);
    expect(first).toMatch(/^ {4}Password: +[A-Za-z0-9_-]{20}$/m);
    expect(first).toContain("Change it: npm run admin -- reset-password admin");
    // Shown once, in the banner: not in a log line as well.
    expect(logLines.join("\n")).not.toMatch(/password/i);

    const second = await startOnce(dir, { LOG_FORMAT: "pretty" }, BANNER);
    expect(second).toContain("Admin sign-in: http://shelf.test:8080/admin/login");
    expect(second).not.toContain("Password:");
  });
});
