import type { ChildProcess } from "node:child_process";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseUrlOf, testEngine, type TestDatabase } from "../support/database.ts";
import { startServerProcess } from "../support/server-process.ts";
import {
  countMismatches,
  errorLines,
  missingWrites,
  seedForWriteStream,
  startWriteStream,
  WRITE_STREAM_SERVER_ENV,
  type AckedWrite,
  type EditState,
} from "../support/write-stream.ts";

// The production server killed outright (SIGKILL: no shutdown, no last flush) in the middle of a
// stream of likes, submissions and admin edits, again and again, on the same data. After every
// kill the database is intact (SQLite: PRAGMA integrity_check on the file as the kill left it;
// PostgreSQL: the server comes back and its queries work), holds every write a client was told
// had happened, and the server starts again without an error (docs/decisions/027).

const CYCLES = 20;

const stopped = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve),
  );

describe(`the server killed with SIGKILL during writes, ${CYCLES} times (${testEngine()})`, () => {
  let testDb: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    if (child) await stopped(child);
    await testDb?.drop();
  });

  it(
    "keeps the database intact and every acknowledged write, and restarts cleanly every time",
    { timeout: 120_000 },
    async () => {
      testDb = await createTestDatabase();
      const seeded = await seedForWriteStream(testDb.database);
      const env = { ...WRITE_STREAM_SERVER_ENV, DATA_DIR: testDb.dataDir, DATABASE_URL: databaseUrlOf(testDb.target) };
      const uploadsRoot = path.join(testDb.dataDir, "uploads");
      const editState: EditState = new Map();
      const acked: AckedWrite[] = [];
      // A fixed sequence of kill delays, so a failing run can be repeated.
      let seed = 7;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const started = Date.now();
      const startMs: number[] = [];
      // Edits the kill caught between sending and answering; some of them had committed.
      let editsInFlight = 0;
      let committedUnanswered = 0;

      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        const before = Date.now();
        const server = await startServerProcess(env);
        startMs.push(Date.now() - before);
        child = server.child;
        expect(errorLines(server.lines), `start ${cycle}`).toEqual([]);
        const url = `http://127.0.0.1:${server.port}`;
        const stream = startWriteStream(url, {
          ...seeded,
          editState,
          label: `c${cycle}`,
          likeWorkers: 3,
          submitWorkers: 1,
        });

        // Killed at a moment that varies, with every kind of write under way.
        const kinds = () => new Set(stream.acked.map((write) => write.kind)).size;
        for (const waitStart = Date.now(); kinds() < 3 && Date.now() - waitStart < 10_000;)
          await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, 50 + random() * 250));
        server.child.kill("SIGKILL");
        await stopped(server.child);
        await stream.stop();
        expect(server.child.signalCode).toBe("SIGKILL");
        expect(stream.unexpected, `cycle ${cycle}`).toEqual([]);
        expect(errorLines(server.lines), `cycle ${cycle}`).toEqual([]);
        expect(kinds(), `cycle ${cycle}: kinds of writes acknowledged`).toBe(3);
        acked.push(...stream.acked);
        const taglines = await testDb.database.db
          .selectFrom("tools")
          .select(["id", "tagline"])
          .where("id", "in", [...editState.keys()])
          .execute();
        for (const { id, tagline } of taglines) {
          const { sent, acked: answered } = editState.get(id)!;
          if (sent > answered) editsInFlight++;
          if (sent > answered && tagline === `Edit ${sent}`) committedUnanswered++;
        }

        if (testDb.target.engine === "sqlite") {
          // A connection of its own on the file as the kill left it (with its WAL).
          const file = new SQLite(testDb.target.file);
          try {
            expect(file.pragma("integrity_check", { simple: true }), `cycle ${cycle}`).toBe("ok");
          } finally {
            file.close();
          }
        }
        expect(await missingWrites(testDb.database, acked, uploadsRoot, editState), `cycle ${cycle}`).toEqual([]);
        expect(await countMismatches(testDb.database), `cycle ${cycle}`).toEqual([]);
      }

      // Once more after the last kill: it starts cleanly, serves, and stops as asked.
      const last = await startServerProcess(env);
      child = last.child;
      expect((await fetch(`http://127.0.0.1:${last.port}/`)).status).toBe(200);
      last.child.kill("SIGTERM");
      await stopped(last.child);
      expect(errorLines(last.lines)).toEqual([]);

      const count = (kind: AckedWrite["kind"]) => acked.filter((write) => write.kind === kind).length;
      const sorted = [...startMs].sort((a, b) => a - b);
      console.log(
        `${testEngine()}: ${CYCLES} kills in ${Date.now() - started} ms; acknowledged ${count("like")} likes, ${count("submission")} submissions, ` +
          `${count("edit")} edits, all present; ${editsInFlight} edits in flight at a kill (${committedUnanswered} of them committed); server start median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`,
      );
    },
  );
});
