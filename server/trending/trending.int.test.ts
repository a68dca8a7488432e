import { beforeAll, describe, expect, it } from "vitest";
import { startOfDay } from "../../core/dates.ts";
import { TRENDING_WEIGHTS } from "../../core/trending.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { getPage, locationOf, sectionLabelledBy, textOf, toolSlugs } from "../../tests/support/html.ts";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";
import { createCatalogFreshness } from "../catalog/freshness.ts";
import { createPublicCatalog } from "../catalog/public.ts";
import type { NewTool } from "../catalog/write.ts";
import { lifecycleThresholds } from "../catalog/lifecycle.ts";

// Trending through the real endpoints against a real database (both engines): likes and page views
// sent as browsers send them, with the real rate limits, then the scheduled job, then the pages,
// the API and the browse sort read the order it made.

const HOUR = 60 * 60 * 1000;
// Six in the morning (UTC) of today: a day's views count at the day's middle or now, whichever is
// earlier, so before noon a view just counted has not decayed at all, whenever the suite runs.
let clock = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + 6 * HOUR;

let clients = 0;
/** A new client address: each call is another visitor on another network. */
function anotherAddress(): string {
  clients++;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

function like(server: TestServer, toolId: string, address = anotherAddress()) {
  return postForm(
    `${server.url}/like/${toolId}`,
    { intent: "like" },
    { Accept: "application/json", "X-Forwarded-For": address },
  );
}

/** A person's view of a tool page, from an address. */
async function view(server: TestServer, tool: NewTool, address = anotherAddress()) {
  const { res } = await getPage(server.url, `/tool/${tool.slug}`, { headers: { "X-Forwarded-For": address } });
  expect(res.status).toBe(200);
}

/** What the scheduler does: the views and likes counted so far written, then the scores worked out. */
async function runJobs(server: TestServer): Promise<void> {
  for (const job of ["counts-flush", "trending"]) {
    const outcome = await server.services.scheduler.run(job);
    expect(outcome.kind).toBe("finished");
    if (outcome.kind === "finished") expect(outcome.run.status).toBe("succeeded");
  }
}

/** The like counts trending holds for a tool, by hour. */
function likeHours(server: TestServer, toolId: string): Promise<{ hour: number; count: number }[]> {
  return server.services.database.db
    .selectFrom("trending_likes")
    .select(["hour", "count"])
    .where("tool_id", "=", toolId)
    .orderBy("hour")
    .execute()
    .then((rows) => rows.map((r) => ({ hour: Number(r.hour), count: Number(r.count) })));
}

/** A tool's likes per day, kept for the charts and owners. */
function likeDays(server: TestServer, toolId: string): Promise<{ day: number; count: number }[]> {
  return server.services.database.db
    .selectFrom("tool_like_days")
    .select(["day", "count"])
    .where("tool_id", "=", toolId)
    .orderBy("day")
    .execute()
    .then((rows) => rows.map((r) => ({ day: Number(r.day), count: Number(r.count) })));
}

async function trendingIds(server: TestServer, window: "week" | "today"): Promise<string[]> {
  const page = await server.services.catalog.trending(server.services.now(), window, { page: 1, pageSize: 50 });
  return page.items.map((t) => t.id);
}

async function scoreOf(server: TestServer, toolId: string): Promise<{ week: number; today: number } | undefined> {
  return server.services.database.db
    .selectFrom("trending_scores")
    .select(["week", "today"])
    .where("tool_id", "=", toolId)
    .executeTakeFirst()
    .then((row) => (row ? { week: Number(row.week), today: Number(row.today) } : undefined));
}

async function apiIds(server: TestServer, query: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/v1/tools?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string }[] }).data.map((t) => t.id);
}

describe("trending", () => {
  const testServer = useTestServer({
    now: () => clock,
    configure: (config) => {
      config.trustProxy = "loopback";
    },
  });
  let server: TestServer;
  const liked = makeTool({ name: "Trend Liked" });
  const viewed = makeTool({ name: "Trend Viewed" });
  const quiet = makeTool({ name: "Trend Quiet", createdAt: Date.UTC(2026, 5, 1) });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [liked, viewed, quiet]);
  });

  it("lists nothing before anyone did anything, and says so", async () => {
    await runJobs(server);
    expect(await trendingIds(server, "week")).toEqual([]);
    const { res, html } = await getPage(server.url, "/trending");
    expect(res.status).toBe(200);
    expect(textOf(html)).toContain("Nothing is trending this week yet");
  });

  it("raises the score of liked and viewed tools once the job has run, likes weighing more", async () => {
    for (let i = 0; i < 3; i++) expect((await like(server, liked.id)).status).toBe(200);
    for (let i = 0; i < 4; i++) await view(server, viewed);
    // Before the job nothing moved: a request never works a score out.
    expect(await trendingIds(server, "week")).toEqual([]);

    await runJobs(server);
    const likedScore = await scoreOf(server, liked.id);
    const viewedScore = await scoreOf(server, viewed.id);
    // Three likes, their age known to the hour (taken at its middle): at most half an hour old.
    expect(likedScore!.week).toBeLessThanOrEqual(3 * TRENDING_WEIGHTS.like);
    expect(likedScore!.week).toBeGreaterThanOrEqual(3 * TRENDING_WEIGHTS.like * Math.pow(2, -0.5 / 24));
    expect(viewedScore!.week).toBeGreaterThan(0);
    expect(viewedScore!.week).toBeLessThanOrEqual(4 * TRENDING_WEIGHTS.view);
    expect(await scoreOf(server, quiet.id)).toBeUndefined();
    expect(await trendingIds(server, "week")).toEqual([liked.id, viewed.id]);
    expect(await trendingIds(server, "today")).toEqual([liked.id, viewed.id]);
  });

  it("counts a visitor's views of a page once a day", async () => {
    const before = (await scoreOf(server, viewed.id))!.week;
    const address = anotherAddress();
    for (let i = 0; i < 5; i++) await view(server, viewed, address);
    await runJobs(server);
    const after = (await scoreOf(server, viewed.id))!.week;
    // One more view, however many times the page was opened (and nothing decayed: the clock stood still).
    expect(after - before).toBeCloseTo(TRENDING_WEIGHTS.view, 6);
  });

  it("shows the order on /trending, /trending/today, the home page, browse and the API", async () => {
    const week = await getPage(server.url, "/trending");
    expect(week.res.status).toBe(200);
    expect(toolSlugs(week.html)).toEqual([liked.slug, viewed.slug]);
    expect(week.html).toContain('aria-current="page"');

    const today = await getPage(server.url, "/trending/today");
    expect(today.res.status).toBe(200);
    expect(toolSlugs(today.html)).toEqual([liked.slug, viewed.slug]);

    const home = await getPage(server.url, "/");
    const section = sectionLabelledBy(home.html, "trending-title");
    expect(toolSlugs(section)).toEqual([liked.slug, viewed.slug]);

    const browse = await getPage(server.url, "/browse/all/trending");
    expect(browse.res.status).toBe(200);
    const listed = toolSlugs(browse.html);
    // The trending first, then the rest newest first.
    expect(listed.slice(0, 3)).toEqual([liked.slug, viewed.slug, quiet.slug]);

    expect((await apiIds(server, "sort=trending")).slice(0, 3)).toEqual([liked.id, viewed.id, quiet.id]);
  });

  it("gives each trending page one address and no page past the last", async () => {
    const week = await getPage(server.url, "/trending/week");
    expect(week.res.status).toBe(301);
    expect(locationOf(week.res, server.url)).toBe("/trending");
    const first = await getPage(server.url, "/trending/today?page=1");
    expect(locationOf(first.res, server.url)).toBe("/trending/today");
    expect((await getPage(server.url, "/trending/month")).res.status).toBe(404);
    expect((await getPage(server.url, "/trending?page=9")).res.status).toBe(404);
  });

  it("lets another instance on the same database read the same order", async () => {
    const { database, log, config, now } = server.services;
    const freshness = createCatalogFreshness(database, now, log, { pollMs: 0, countsLagMs: 0 });
    const other = createPublicCatalog(
      database,
      freshness,
      log,
      lifecycleThresholds(config),
      config.trending.halfLifeMs,
    );
    const page = await other.trending(now(), "week", { page: 1, pageSize: 10 });
    expect(page.items.map((t) => t.id)).toEqual(await trendingIds(server, "week"));
  });

  it("leaves the cached pages alone when a run changes the scores but not the order, and not otherwise", async () => {
    const catalogVersion = async () =>
      Number(
        (
          await server.services.database.db
            .selectFrom("catalog_state")
            .select("version")
            .where("id", "=", 1)
            .executeTakeFirstOrThrow()
        ).version,
      );
    const before = await catalogVersion();
    const likedBefore = (await scoreOf(server, liked.id))!.week;
    clock += HOUR;
    await runJobs(server);
    // Worked out and stored again (a little lower), yet no page went stale.
    expect((await scoreOf(server, liked.id))!.week).toBeLessThan(likedBefore);
    expect(await catalogVersion()).toBe(before);
    expect(toolSlugs((await getPage(server.url, "/trending")).html)).toEqual([liked.slug, viewed.slug]);

    // Enough new views for the viewed tool to overtake: the pages change at once.
    for (let i = 0; i < 6; i++) await view(server, viewed);
    await runJobs(server);
    expect(await catalogVersion()).toBeGreaterThan(before);
    expect(await trendingIds(server, "week")).toEqual([viewed.id, liked.id]);
    expect(toolSlugs((await getPage(server.url, "/trending")).html)).toEqual([viewed.slug, liked.slug]);
  });

  it("lowers scores as the clock moves on, and drops events past the window", async () => {
    const before = (await scoreOf(server, liked.id))!.week;
    // A little over one half-life later (the default, 24 hours): out of today, about halved in the
    // week (likes are read in hour buckets, so their age is known to the hour).
    clock += 25 * HOUR;
    await runJobs(server);
    const after = await scoreOf(server, liked.id);
    expect(after!.week).toBeLessThan(before * Math.pow(2, -24 / 24));
    expect(after!.week).toBeGreaterThan(before * Math.pow(2, -26 / 24));
    // The likes are out of the last 24 hours (a day's views, counted per day, may still reach into them).
    expect(after!.today).toBe(0);
    expect(await trendingIds(server, "today")).not.toContain(liked.id);

    // A week on, nothing is left.
    clock += 7 * 24 * HOUR;
    await runJobs(server);
    expect(await trendingIds(server, "week")).toEqual([]);
    expect(await trendingIds(server, "today")).toEqual([]);
    const today = await getPage(server.url, "/trending/today");
    expect(textOf(today.html)).toContain("Nothing is trending today yet");
  });

  it("cannot be pushed to the top by a burst from one network over a tool many people liked", async () => {
    const botted = makeTool({ name: "Trend Botted" });
    const loved = makeTool({ name: "Trend Loved" });
    await addTools(server.services, [botted, loved]);
    const { likeToolAddress } = server.services.config.rateLimits;

    // One network: 150 likes (no cookie kept, so each may be a new visitor) and 150 views.
    const network = "203.0.113.9";
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await like(server, botted.id, network)).status);
    for (let i = 0; i < 150; i++) await view(server, botted, network);
    // Many people: a few more than one network can add to a tool in a day, one like each.
    for (let i = 0; i < likeToolAddress.points + 5; i++) expect((await like(server, loved.id)).status).toBe(200);
    await runJobs(server);

    const accepted = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(likeToolAddress.points);
    const kept = await server.services.database.db
      .selectFrom("likes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tool_id", "=", botted.id)
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBeLessThanOrEqual(likeToolAddress.points);
    // The burst is worth at most the likes one network may add and one view.
    expect((await scoreOf(server, botted.id))!.week).toBeLessThanOrEqual(
      likeToolAddress.points * TRENDING_WEIGHTS.like + TRENDING_WEIGHTS.view + 1e-6,
    );
    expect((await trendingIds(server, "week"))[0]).toBe(loved.id);
    expect((await trendingIds(server, "today"))[0]).toBe(loved.id);
    const { html } = await getPage(server.url, "/trending");
    expect(toolSlugs(html).slice(0, 2)).toEqual([loved.slug, botted.slug]);
  });

  it("counts likes for trending in memory: a like writes no more than the like, the flush writes the count", async () => {
    const tool = makeTool({ name: "Trend Counted" });
    await addTools(server.services, [tool]);
    const first = await like(server, tool.id);
    expect(first.status).toBe(200);
    // The first visitor's cookie, to take the like back later.
    const cookie = first.headers.get("set-cookie")!.split(";")[0]!;
    expect((await like(server, tool.id)).status).toBe(200);
    // The requests wrote the likes, and nothing for trending or the charts.
    expect(await likeHours(server, tool.id)).toEqual([]);
    expect(await likeDays(server, tool.id)).toEqual([]);
    await runJobs(server);
    const hour = Math.floor(clock / HOUR) * HOUR;
    const day = startOfDay(clock);
    expect(await likeHours(server, tool.id)).toEqual([{ hour, count: 2 }]);
    expect(await likeDays(server, tool.id)).toEqual([{ day, count: 2 }]);
    expect((await scoreOf(server, tool.id))!.week).toBeCloseTo(2 * TRENDING_WEIGHTS.like, 6);

    // An unlike three hours later takes its like back from the hour the like was made in.
    clock += 3 * HOUR;
    const unlike = await postForm(
      `${server.url}/like/${tool.id}`,
      { intent: "unlike" },
      { Accept: "application/json", "X-Forwarded-For": anotherAddress(), Cookie: cookie },
    );
    expect(unlike.status).toBe(200);
    await runJobs(server);
    expect(await likeHours(server, tool.id)).toEqual([{ hour, count: 1 }]);
    expect(await likeDays(server, tool.id)).toEqual([{ day, count: 1 }]);
    expect((await scoreOf(server, tool.id))!.week).toBeLessThan(TRENDING_WEIGHTS.like);
    expect((await scoreOf(server, tool.id))!.week).toBeGreaterThan(TRENDING_WEIGHTS.like * Math.pow(2, -4 / 24));
  });

  it("weighs a published review more than a like, from the time it was published", async () => {
    const reviewed = makeTool({ name: "Trend Reviewed" });
    await addTools(server.services, [reviewed]);
    const review = (id: string, status: "published" | "pending") => ({
      id,
      tool_id: reviewed.id,
      mailbox_hash: `mailbox-${id}`,
      rating: 4,
      text: "Does what it says.",
      status,
      created_at: clock - HOUR,
      confirmed_at: clock - HOUR,
      decided_at: status === "published" ? clock : null,
    });
    await server.services.database.db
      .insertInto("reviews")
      .values([review("trendreview1", "published"), review("trendreview2", "pending")])
      .execute();
    await runJobs(server);
    // The published one counts, undecayed (the clock stood still); the waiting one not at all.
    expect((await scoreOf(server, reviewed.id))!.week).toBeCloseTo(TRENDING_WEIGHTS.review, 6);
    expect(TRENDING_WEIGHTS.review).toBeGreaterThan(TRENDING_WEIGHTS.like);
  });
});
