import type { ChildProcess } from "node:child_process";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { makeTool } from "../../tests/support/catalog.ts";
import { createTestDatabase, databaseUrlOf, type TestDatabase } from "../../tests/support/database.ts";
import { listenLocal, type LocalServer } from "../../tests/support/listen.ts";
import { startServerProcess } from "../../tests/support/server-process.ts";
import { changeCatalog } from "../catalog/change.ts";
import { insertTools } from "../catalog/write.ts";

// SIGTERM on the production server (server/platform/shutdown.ts), as a restart or a scale-down sends it.

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/**
 * Sends the head and the first half of a form POST. `finish` sends the rest and resolves with the
 * whole answer; `closed` resolves with what was answered once the server closes the connection.
 */
async function formInFlight(port: number): Promise<{ finish: () => Promise<string>; closed: Promise<string> }> {
  const body = "name=&email=not-an-address&message=";
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let answer = "";
  socket.setEncoding("latin1").on("data", (chunk: string) => (answer += chunk));
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(
    `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  return {
    closed: ended.then(() => answer),
    async finish() {
      socket.write(body.slice(10));
      // The answer, then the connection closed by the server (the drain ends with it).
      await ended;
      return answer;
    },
  };
}

describe("SIGTERM", () => {
  let testDb: TestDatabase | undefined;
  let site: LocalServer | undefined;
  let child: ChildProcess | undefined;
  const others: { child: ChildProcess; testDb: TestDatabase }[] = [];
  afterAll(async () => {
    for (const running of [...(child ? [child] : []), ...others.map((other) => other.child)]) {
      if (running.exitCode === null && running.signalCode === null) running.kill("SIGKILL");
    }
    await site?.close();
    await testDb?.drop();
    for (const other of others) await other.testDb.drop();
  });

  /** A server with an empty catalogue and no scheduled work, stopping after `timeoutSec`. */
  async function quietServer(timeoutSec: number) {
    const db = await createTestDatabase();
    const started = await startServerProcess({
      DATA_DIR: db.dataDir,
      DATABASE_URL: databaseUrlOf(db.target),
      SEED_DEMO: "false",
      SHUTDOWN_TIMEOUT_SEC: String(timeoutSec),
    });
    others.push({ child: started.child, testDb: db });
    return started;
  }

  it("cuts a request still in flight when SHUTDOWN_TIMEOUT_SEC is up, and still exits 0", async () => {
    const started = await quietServer(1);
    const form = await formInFlight(started.port);
    await sleep(100);
    const stopping = Date.now();
    started.child.kill("SIGTERM");
    // Never finished by the client: no answer, the connection closed by the server after about a second.
    expect(await form.closed).toBe("");
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(900);
    expect(await exited(started.child)).toBe(0);
    const logged = started.lines.map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(logged.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(["shutdown: requests still in flight; closing their connections", "stopped"]),
    );
  });

  it("exits 1 at once on a second signal while requests drain", async () => {
    const started = await quietServer(30);
    const form = await formInFlight(started.port);
    await sleep(100);
    started.child.kill("SIGTERM");
    // The second signal once the first is being handled (two queued at once may arrive as one).
    while (!started.lines.some((line) => line.includes('"msg":"shutting down"'))) await sleep(20);
    const second = Date.now();
    started.child.kill("SIGTERM");
    expect(await exited(started.child)).toBe(1);
    expect(Date.now() - second).toBeLessThan(2000);
    await form.closed;
    const logged = started.lines.map((line) => JSON.parse(line) as { msg: string });
    expect(logged.map((entry) => entry.msg)).toContain("second signal while shutting down; exiting");
    expect(logged.map((entry) => entry.msg)).not.toContain("stopped");
  });

  it("finishes a request in flight, takes no new connection, gives a running job's lease back and exits 0", async () => {
    // The website the link check visits never answers: the run is under way, holding its lease.
    let visited!: () => void;
    const visiting = new Promise<void>((resolve) => (visited = resolve));
    site = await listenLocal(() => visited());
    testDb = await createTestDatabase();
    await changeCatalog({ database: testDb.database, now: Date.now }, (write) =>
      insertTools(write, [makeTool({ name: "Slow Site", websiteUrl: `${site!.url}/` })]),
    );
    const started = await startServerProcess({
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: databaseUrlOf(testDb.target),
      SEED_DEMO: "false",
      OUTBOUND_ALLOW: new URL(site.url).host,
      LINK_CHECK_ENABLED: "true",
      LINK_CHECK_SCHEDULE: "* * * * * *",
      LINK_CHECK_SPACING_MS: "0",
      SHUTDOWN_TIMEOUT_SEC: "10",
    });
    child = started.child;
    const { db } = testDb.database;
    await visiting;
    expect(await db.selectFrom("leases").select("name").where("name", "=", "link-health").execute()).toEqual([
      { name: "link-health" },
    ]);

    // A page view counted in memory, not yet written when the signal comes.
    const page = await fetch(`http://127.0.0.1:${started.port}/tool/slow-site`, {
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" },
    });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    const form = await formInFlight(started.port);
    await sleep(100);
    const stopping = Date.now();
    child.kill("SIGTERM");
    // No new connection is taken once the signal is handled.
    let refused: unknown = null;
    for (let tries = 0; tries < 50 && !refused; tries++) {
      await sleep(20);
      refused = await fetch(`http://127.0.0.1:${started.port}/healthz`).then(
        () => null,
        (error: unknown) => error,
      );
    }
    expect((refused as { cause?: { code?: string } } | null)?.cause?.code).toBe("ECONNREFUSED");

    // The request already in flight gets its whole answer.
    const answer = await form.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
    const [head = "", body = ""] = [
      answer.slice(0, answer.indexOf("\r\n\r\n")),
      answer.slice(answer.indexOf("\r\n\r\n") + 4),
    ];
    if (/\r\ntransfer-encoding: chunked/i.test(head)) expect(body.endsWith("\r\n0\r\n\r\n")).toBe(true);
    else expect(Buffer.byteLength(body, "latin1")).toBe(Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]));

    expect(await exited(child)).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(10_000);
    const logged = started.lines.map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(logged.map((entry) => entry.msg)).toEqual(expect.arrayContaining(["shutting down", "stopped"]));
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
    // The run stopped as interrupted and gave its lease back: another instance may take the job at once.
    expect(await db.selectFrom("leases").select("name").execute()).toEqual([]);
    const runs = await db.selectFrom("scheduled_runs").select(["job", "status"]).execute();
    // Jobs that run every minute on every instance (view flushing) may have run meanwhile: none is left running.
    expect(runs.filter((run) => run.job === "link-health")).toEqual([{ job: "link-health", status: "interrupted" }]);
    expect(runs.filter((run) => run.status === "running")).toEqual([]);
    // What was counted in memory was written as the server stopped, the site's day total with it.
    const viewed = await db
      .selectFrom("tool_views")
      .select((eb) => eb.fn.sum<number>("count").as("n"))
      .executeTakeFirst();
    expect(Number(viewed?.n)).toBe(1);
    const totals = await db.selectFrom("site_days").select(["kind", "count"]).execute();
    expect(totals.map((row) => [row.kind, Number(row.count)])).toEqual([["views", 1]]);
  });
});
