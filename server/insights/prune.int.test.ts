import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, startOfDay } from "../../core/dates.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { finishedRun, useTestServer, type TestServer } from "../../tests/support/server.ts";

// Daily counts are kept COUNTS_RETENTION_DAYS: the nightly counts-prune job deletes older days from
// every table of them, and keeps the rest (both engines).

const clock = { now: Date.UTC(2026, 10, 23, 2) };

describe("old daily counts", () => {
  const testServer = useTestServer({
    now: () => clock.now,
    configure: (config) => {
      config.countsRetentionMs = 30 * DAY_MS;
    },
  });
  let server: TestServer;
  const tool = makeTool({ name: "Counted Long Ago" });
  const today = startOfDay(clock.now);
  // The oldest day kept, and the one before it.
  const kept = today - 30 * DAY_MS;
  const gone = kept - DAY_MS;

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [tool]);
    const { db } = server.services.database;
    for (const table of ["tool_views", "tool_clicks", "tool_impressions", "tool_like_days"] as const)
      await db
        .insertInto(table)
        .values([gone - 200 * DAY_MS, gone, kept, today].map((day) => ({ tool_id: tool.id, day, count: 3 })))
        .execute();
    await db
      .insertInto("site_days")
      .values([gone, kept].flatMap((day) => (["views", "likes"] as const).map((kind) => ({ kind, day, count: 3 }))))
      .execute();
    await db
      .insertInto("search_days")
      .values([gone, kept].map((day) => ({ day, searches: 5, no_results: 1 })))
      .execute();
  });

  it("deletes the days before the retention from every table, and keeps the rest", async () => {
    const run = await finishedRun(server, "counts-prune");
    expect([run.status, run.summary]).toEqual(["succeeded", { deleted: 4 * 2 + 2 + 1 }]);
    const { db } = server.services.database;
    for (const table of ["tool_views", "tool_clicks", "tool_impressions", "tool_like_days"] as const) {
      const days = await db.selectFrom(table).select("day").where("tool_id", "=", tool.id).orderBy("day").execute();
      expect(days.map((r) => Number(r.day))).toEqual([kept, today]);
    }
    const site = await db.selectFrom("site_days").select(["day", "kind"]).orderBy("kind").execute();
    expect(site.map((r) => [Number(r.day), r.kind])).toEqual([
      [kept, "likes"],
      [kept, "views"],
    ]);
    expect((await db.selectFrom("search_days").select("day").execute()).map((r) => Number(r.day))).toEqual([kept]);
    // A second run finds nothing more to delete.
    expect((await finishedRun(server, "counts-prune")).summary).toEqual({ deleted: 0 });
  });
});
