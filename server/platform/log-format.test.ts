import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { logsArePretty, prettyDestination } from "./log-format.ts";
import { startupBanner } from "./startup-banner.ts";

const at = new Date(2026, 10, 27, 9, 5, 7).getTime();

/** A pretty destination and what it has written so far. */
function terminal(color = false) {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { destination: prettyDestination(out, color), text: () => chunks.join("") };
}

/** What the pretty destination makes of one pino record. */
function formatted(record: Record<string, unknown>, color = false): string {
  const { destination, text } = terminal(color);
  destination.write(`${JSON.stringify(record)}\n`);
  return text();
}

describe("log lines for a terminal", () => {
  it("say time, level, message and the fields that matter, without pino's bookkeeping", () => {
    const line = formatted({
      level: 30,
      time: at,
      pid: 1,
      hostname: "h",
      service: "toolshelf",
      msg: "listening",
      port: 3000,
      url: "http://localhost:3000",
      note: "two words",
    });
    expect(line).toBe('[09:05:07] INFO: listening {"port":3000,"url":"http://localhost:3000","note":"two words"}\n');
  });

  it("put an error's stack under its line", () => {
    const line = formatted({
      level: 50,
      time: at,
      msg: "boom",
      err: { type: "Error", message: "bad", stack: "Error: bad\n    at x" },
      code: "E1",
    });
    const [first, ...rest] = line.trimEnd().split("\n");
    expect(first).toBe('[09:05:07] ERROR: boom {"code":"E1"}');
    expect(rest.map((l) => l.trim())).toEqual(expect.arrayContaining(["Error: bad", "at x"]));
    expect(rest.every((l) => l.startsWith("    "))).toBe(true);
  });

  it("colour the level only when asked", () => {
    expect(formatted({ level: 40, time: at, msg: "careful" }, true)).toContain("\x1b[33mWARN\x1b[39m");
    expect(formatted({ level: 40, time: at, msg: "careful" }, false)).not.toContain("\x1b");
  });

  it("are what the logger writes through the pretty destination, before the call returns", () => {
    const { destination, text } = terminal();
    const log = createLogger("info", destination);
    log.warn({ username: "admin" }, "first admin created");
    log.debug("not shown");
    // Written at once: a line logged just before process.exit is not lost.
    expect(text()).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: first admin created \{"username":"admin"\}\n$/);
  });

  it("pass on a line that is not a record as it is", () => {
    const { destination, text } = terminal();
    destination.write("plain text\n");
    expect(text()).toBe("plain text\n");
  });

  it("are chosen by LOG_FORMAT, or by a terminal on stdout", () => {
    expect([
      logsArePretty("auto", true),
      logsArePretty("auto", false),
      logsArePretty("pretty", false),
      logsArePretty("json", true),
    ]).toEqual([true, false, true, false]);
  });
});

describe("the startup banner", () => {
  it("shows the site, the admin sign-in, and a first start's credentials with how to change them", () => {
    const banner = startupBanner(
      {
        siteName: "toolshelf/",
        siteUrl: "http://localhost:3000",
        firstAdmin: { username: "admin", password: "s3cret-generated-pw_" },
      },
      false,
    );
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
