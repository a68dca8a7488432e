import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { formatLogRecord, logsArePretty, prettyDestination } from "./log-format.ts";
import { startupBanner } from "./startup-banner.ts";

const at = new Date(2026, 10, 27, 9, 5, 7).getTime();

describe("log lines for a terminal", () => {
  it("say time, level, message and the fields that matter, without pino's bookkeeping", () => {
    const line = formatLogRecord({ level: 30, time: at, pid: 1, hostname: "h", service: "toolshelf", msg: "listening", port: 3000, url: "http://localhost:3000", note: "two words" }, false);
    expect(line).toBe('09:05:07 INFO  listening  port=3000 url=http://localhost:3000 note="two words"\n');
  });

  it("put an error's stack under its line, and cut long values", () => {
    const line = formatLogRecord({ level: 50, time: at, msg: "boom", err: { message: "bad", stack: "Error: bad\n    at x" }, big: "x".repeat(500) }, false);
    const [first, ...rest] = line.trimEnd().split("\n");
    expect(first).toMatch(/^09:05:07 ERROR boom {2}big=x{199}…$/);
    expect(rest).toEqual(["    Error: bad", "        at x"]);
  });

  it("colour the level only when asked", () => {
    expect(formatLogRecord({ level: 40, time: at, msg: "careful" }, true)).toContain("\x1b[33mWARN \x1b[0m");
    expect(formatLogRecord({ level: 40, time: at, msg: "careful" }, false)).not.toContain("\x1b");
  });

  it("are what the logger writes through the pretty destination", async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    const log = createLogger("info", prettyDestination(out, false));
    log.warn({ username: "admin" }, "first admin created");
    log.debug("not shown");
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks.join("")).toMatch(/^\d\d:\d\d:\d\d WARN {2}first admin created {2}username=admin\n$/);
  });

  it("are chosen by LOG_FORMAT, or by a terminal on stdout", () => {
    expect([logsArePretty("auto", true), logsArePretty("auto", false), logsArePretty("pretty", false), logsArePretty("json", true)]).toEqual([true, false, true, false]);
  });
});

describe("the startup banner", () => {
  it("shows the site, the admin sign-in, and a first start's credentials with how to change them", () => {
    const banner = startupBanner({ siteName: "toolshelf/", siteUrl: "http://localhost:3000", firstAdmin: { username: "admin", password: "s3cret-generated-pw_" } }, false);
    expect(banner).toContain("toolshelf/ is running");
    expect(banner).toMatch(/Site: +http:\/\/localhost:3000\n/);
    expect(banner).toMatch(/Admin sign-in: http:\/\/localhost:3000\/admin\/login\n/);
    expect(banner).toMatch(/Username: +admin\n/);
    expect(banner).toMatch(/Password: +s3cret-generated-pw_\n/);
    expect(banner).toContain("Change it: npm run admin -- reset-password admin");
    const later = startupBanner({ siteName: "toolshelf/", siteUrl: "http://localhost:3000", firstAdmin: null }, false);
    expect(later).toContain("Admin sign-in");
    expect(later).not.toContain("Password");
  });
});
