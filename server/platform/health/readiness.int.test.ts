import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getPage } from "../../../tests/support/html.ts";
import { startTestServer, type TestServer } from "../../../tests/support/server.ts";

// /readyz through the real app (both engines): ready only with a reachable database, every
// migration applied, the catalogue in memory and the process not shutting down; never stored.

interface Readiness {
  status: string;
  checks: Record<string, string>;
  failing?: string[];
  error?: { code: string; message: string };
}

async function readyz(server: TestServer): Promise<{ res: Response; body: Readiness }> {
  const res = await fetch(`${server.url}/readyz`);
  return { res, body: (await res.json()) as Readiness };
}

/** /readyz once it says ready (the first probe starts the catalogue's load), or its last answer. */
async function readyWithin(server: TestServer, ms: number): Promise<{ res: Response; body: Readiness }> {
  const until = Date.now() + ms;
  for (;;) {
    const answer = await readyz(server);
    if (answer.res.status === 200 || Date.now() > until) return answer;
    await sleep(50);
  }
}

async function withServer(test: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startTestServer();
  try {
    await test(server);
  } finally {
    await server.close().catch(() => {});
  }
}

describe("/readyz", () => {
  it("is not ready until the catalogue is in memory, loads it, and is then ready, uncached", () =>
    withServer(async (server) => {
      // The test server, unlike server/main.ts, does not load the catalogue at start.
      expect(server.services.catalog.loaded()).toBe(false);
      const first = await readyz(server);
      expect(first.res.status).toBe(503);
      expect(first.res.headers.get("cache-control")).toBe("no-store");
      expect(first.body.failing).toEqual(["catalog"]);
      expect(first.body.checks).toEqual({ shutdown: "ok", database: "ok", migrations: "ok", catalog: "failing" });
      expect(first.body.error).toEqual({ code: "unavailable", message: "Not ready: the catalogue is not loaded yet." });

      const ready = await readyWithin(server, 10_000);
      expect(ready.res.status).toBe(200);
      expect(ready.body).toEqual({
        status: "ready",
        checks: { shutdown: "ok", database: "ok", migrations: "ok", catalog: "ok" },
      });
      expect(ready.res.headers.get("cache-control")).toBe("no-store");
      expect(ready.res.headers.get("content-type")).toMatch(/^application\/json/);
      // Never answered by the page cache, however often asked (a browser's agent included).
      for (let i = 0; i < 3; i++) {
        const { res } = await getPage(server.url, "/readyz");
        expect(res.status).toBe(200);
        expect(res.headers.get("x-cache")).toBeNull();
      }
    }));

  it("names the migrations when the database lacks one this code knows", () =>
    withServer(async (server) => {
      await server.services.catalog.warm(Date.now());
      expect((await readyz(server)).res.status).toBe(200);
      const { db } = server.services.database;
      const latest = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db);
      await sql`delete from kysely_migration where name = ${latest.rows[0]!.name}`.execute(db);

      const { res, body } = await readyz(server);
      expect(res.status).toBe(503);
      expect(body.failing).toEqual(["migrations"]);
      expect(body.checks.migrations).toBe("failing");
      expect(body.error?.message).toBe("Not ready: 1 database migration is not applied.");
    }));

  it("answers 503 naming the database once it is unreachable, without internals", () =>
    withServer(async (server) => {
      await server.services.catalog.warm(Date.now());
      expect((await readyz(server)).res.status).toBe(200);
      await server.services.database.close();

      const { res, body } = await readyz(server);
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(body.status).toBe("unavailable");
      expect(body.failing).toEqual(["database"]);
      expect(body.checks).toEqual({ shutdown: "ok", database: "failing", migrations: "unknown", catalog: "ok" });
      expect(body.error).toEqual({ code: "unavailable", message: "Not ready: the database is not reachable." });
      expect(JSON.stringify(body)).not.toMatch(/at .*\.[jt]s:\d+/);
    }));

  it("is not ready once the process is shutting down", () =>
    withServer(async (server) => {
      await server.services.catalog.warm(Date.now());
      expect((await readyz(server)).res.status).toBe(200);
      server.services.lifecycle.stopping = true;
      const { res, body } = await readyz(server);
      expect(res.status).toBe(503);
      expect(body.failing).toEqual(["shutdown"]);
      expect(body.error?.message).toBe("Not ready: the server is shutting down.");
    }));
});
