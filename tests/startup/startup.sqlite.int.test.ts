import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_ARGS } from "../../scripts/build-freshness.ts";

// What `npm start` prints (ADR 033): JSON lines for a log shipper when stdout is not a terminal,
// readable lines and a banner for a person (LOG_FORMAT=pretty stands in for a terminal here), and
// the generated admin credentials on the first start only.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the built server on DATA_DIR, waits for `ready` in its output, runs `during`, stops it, and returns its stdout. */
async function startOnce(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  options: { cwd?: string; during?: (out: () => string) => Promise<void> } = {},
): Promise<string> {
  const child = spawn(
    process.execPath,
    SERVER_ARGS.map((arg) => (arg.startsWith("-") ? arg : path.resolve(arg))),
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SEED_DEMO: "false",
        ADMIN_USERNAME: "",
        ADMIN_PASSWORD: "",
        SITE_URL: "http://shelf.test:8080",
        NO_COLOR: "1",
        ...env,
      },
      cwd: options.cwd,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
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
    await options.during?.(() => out);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  return out;
}

/** Starts the built server expecting it to refuse to start: its exit code and all it wrote. */
async function startRefused(dataDir: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [...SERVER_ARGS], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, out };
}

/** Every folder and file under `root` (itself included), with its permission bits. */
function modesUnder(root: string): { path: string; dir: boolean; mode: number }[] {
  const found: { path: string; dir: boolean; mode: number }[] = [];
  const visit = (at: string) => {
    const stat = fs.lstatSync(at);
    found.push({ path: at, dir: stat.isDirectory(), mode: stat.mode & 0o777 });
    if (stat.isDirectory()) for (const name of fs.readdirSync(at)) visit(path.join(at, name));
  };
  visit(root);
  return found;
}

/** The JSON lines of a server's output. */
const entriesOf = (out: string) =>
  out
    .trim()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
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
    const logLines = first.split("\n").filter((line) => /^\[\d\d:\d\d:\d\d\] /.test(line));
    expect(logLines.length).toBeGreaterThan(0);
    expect(
      logLines.some((line) => /^\[\d\d:\d\d:\d\d\] INFO: listening \{.*"url":"http:\/\/shelf\.test:8080"/.test(line)),
    ).toBe(true);
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

describe("what the server's start keeps private", () => {
  it("makes DATA_DIR 0700 and every file it writes there 0600, whatever the umask it was started with", async () => {
    // DATA_DIR does not exist yet; its parent is open to everyone, as /srv or /var/lib may be.
    const parent = dataDir();
    fs.chmodSync(parent, 0o755);
    const dir = path.join(parent, "data");
    const out = await startOnce(dir, { SEED_DEMO: "true" }, /"msg":"listening"/, {
      during: async (output) => {
        const port = entriesOf(output()).find((e) => e.msg === "listening")!.port as number;
        // A mail to the outbox: the digest's confirmation.
        const res = await fetch(`http://127.0.0.1:${port}/digest`, {
          method: "POST",
          body: new URLSearchParams({ email: "reader@example.com" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${port}` },
          redirect: "manual",
        });
        expect(res.status).toBe(303);
        for (
          let waited = 0;
          waited < 10_000 &&
          !(
            fs.existsSync(path.join(dir, "outbox")) &&
            fs.readdirSync(path.join(dir, "outbox")).some((name) => name.endsWith(".eml"))
          );
          waited += 50
        ) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
    });
    const found = modesUnder(dir);
    const names = found.map((entry) => path.relative(dir, entry.path));
    // What there is to keep private: the database (and SQLite's files), uploads, a mail.
    expect(names).toEqual(expect.arrayContaining(["", "toolshelf.db", "uploads", "outbox"]));
    expect(
      names.some((name) => name.startsWith("uploads/") && !found.find((e) => path.relative(dir, e.path) === name)!.dir),
    ).toBe(true);
    expect(names.some((name) => name.startsWith("outbox/") && name.endsWith(".eml"))).toBe(true);
    const open = found
      .filter((entry) => entry.mode !== (entry.dir ? 0o700 : 0o600))
      .map((entry) => `${path.relative(dir, entry.path) || "."} ${entry.mode.toString(8)}`);
    expect(open).toEqual([]);
    expect(out).not.toContain("can be read or entered by users other than its owner");
  });

  it("warns at start when DATA_DIR or .env are open to other users", async () => {
    const dir = dataDir();
    fs.chmodSync(dir, 0o755);
    const cwd = dataDir();
    fs.writeFileSync(path.join(cwd, ".env"), "SESSION_SECRET=not-read-from-here\n", { mode: 0o644 });
    fs.chmodSync(path.join(cwd, ".env"), 0o644);
    const out = await startOnce(dir, {}, /"msg":"listening"/, { cwd });
    const warnings = entriesOf(out).filter(
      (e) => e.level === 40 && /can be read or entered by users other than its owner/.test(String(e.msg)),
    );
    expect(warnings.map((e) => [e.path, e.mode])).toEqual([
      [dir, "0755"],
      [path.join(cwd, ".env"), "0644"],
    ]);
    expect(String(warnings[0]!.msg)).toContain(`chmod go= ${dir}`);

    // Closed, they are not warned about.
    fs.chmodSync(dir, 0o700);
    fs.chmodSync(path.join(cwd, ".env"), 0o600);
    const again = await startOnce(dir, {}, /"msg":"listening"/, { cwd });
    expect(again).not.toContain("can be read or entered by users other than its owner");
  });
});

describe("settings the server's start refuses or narrows", () => {
  it("refuses TRUST_PROXY=0.0.0.0/0 with a clear configuration error, not a stack trace", async () => {
    const { code, out } = await startRefused(dataDir(), { TRUST_PROXY: "0.0.0.0/0" });
    expect(code).toBe(1);
    expect(out.trim()).toBe(
      'Invalid configuration:\n  TRUST_PROXY: "0.0.0.0/0" would believe any client\'s X-Forwarded-For. Set the number of proxies in front of the site (e.g. 1) or their addresses (e.g. loopback, or 10.0.0.0/8)',
    );
  });

  it("binds the metrics listener to 127.0.0.1 when HOST is unset", async () => {
    const port = await freePort();
    const elsewhere = Object.values(os.networkInterfaces())
      .flat()
      .find((info) => info && info.family === "IPv4" && !info.internal)?.address;
    const out = await startOnce(dataDir(), { HOST: "", METRICS_PORT: String(port) }, /"msg":"metrics listening"/, {
      during: async () => {
        expect(await connects("127.0.0.1", port)).toBe(true);
        // This machine's other addresses are not served (where it has one).
        if (elsewhere) expect(await connects(elsewhere, port)).toBe(false);
      },
    });
    expect(entriesOf(out).find((e) => e.msg === "metrics listening")).toMatchObject({ host: "127.0.0.1", port });
  });
});
