import { setImmediate as yieldToEvents } from "node:timers/promises";
import { hiddenFromLists } from "../../core/lifecycle.ts";
import type { Database } from "../platform/db/index.ts";
import type { HeldPayment, MemoryCatalog } from "./memory-catalog.ts";
import { paidOrdersInForce, parseList } from "./queries.ts";

// Reading the catalogue into memory (docs/decisions/023): the whole of it at start, and what
// changed at each sync (server/catalog/synced-catalog.ts).

// Rows read per statement and added between two yields to the event loop: a load never holds
// many rows at once (their text dies young, so the heap stays small) and requests keep flowing.
const PAGE = 250;

/**
 * Reads what changed after version `since` into `target` and returns the version it is complete
 * up to: the tools that left (tombstones) and the search rows of the tools changed, a page at a
 * time, and the paid orders in force. Tombstones are read before rows, so a tool that left and
 * came back is dropped and then added, never the other way round; what commits meanwhile is read
 * again next time. `unreachableAfter`: the failed link checks in a row that leave a tool out of
 * lists (core/lifecycle.ts).
 */
export async function catchUp(
  database: Database,
  target: MemoryCatalog,
  since: number,
  now: number,
  unreachableAfter: number,
): Promise<number> {
  const upTo = await currentVersion(database);
  const gone = await database.db
    .selectFrom("tool_search_gone")
    .select("tool_id")
    .where("revision", ">", since)
    .execute();
  for (const { tool_id } of gone) target.remove(tool_id);
  await applyNewer(database, target, since, unreachableAfter);
  target.setPayments(await payments(database, now));
  await loadTrending(database, target);
  return Math.max(since, upTo);
}

/** The catalogue version now: every write that took a version up to it has committed (see markCatalogChanged). */
async function currentVersion(database: Database): Promise<number> {
  const row = await database.db.selectFrom("catalog_state").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Adds the search rows newer than `since` to `target`, in (revision, tool) order, a page at a time. */
async function applyNewer(
  database: Database,
  target: MemoryCatalog,
  since: number,
  unreachableAfter: number,
): Promise<void> {
  // Where the page before ended; the first page starts past every row of revision `since`.
  let after = { revision: since, id: "" };
  for (let first = true; ; first = false) {
    const page = await database.db
      .selectFrom("tool_search as s")
      .innerJoin("tools as t", "t.id", "s.tool_id")
      .select([
        "s.tool_id as id",
        "t.created_at as createdAt",
        "s.name",
        "s.tagline",
        "s.description",
        "s.categories",
        "s.tags",
        "t.pricing_model as pricingModel",
        "t.platforms",
        "t.lifecycle",
        "t.link_failures as linkFailures",
        "s.revision",
      ])
      .where((eb) =>
        first
          ? eb("s.revision", ">", since)
          : eb(eb.refTuple("s.revision", "s.tool_id"), ">", eb.tuple(after.revision, after.id)),
      )
      .orderBy("s.revision")
      .orderBy("s.tool_id")
      .limit(PAGE)
      .execute();
    for (const { lifecycle, linkFailures, ...row } of page)
      target.upsert({
        ...row,
        createdAt: Number(row.createdAt),
        platforms: parseList(row.platforms),
        inactive: hiddenFromLists({ manual: lifecycle, linkFailures }, unreachableAfter),
      });
    if (page.length < PAGE) return;
    const last = page[page.length - 1]!;
    after = { revision: Number(last.revision), id: last.id };
    await yieldToEvents();
  }
}

async function payments(database: Database, now: number): Promise<HeldPayment[]> {
  const rows = await paidOrdersInForce(database.db, now)
    // A payment weighs from the start of its featured year (approval, for a tool paid for while pending).
    .select(["orders.tool_id as toolId", "orders.amount_cents as amountCents", "orders.featured_from as paidAt"])
    .execute();
  // Orders outlive their tool (tool_id becomes null); the filter on featured_from already drops unpaid ones.
  return rows.flatMap(({ toolId, amountCents, paidAt }) =>
    toolId !== null && paidAt !== null ? [{ toolId, amountCents: Number(amountCents), paidAt: Number(paidAt) }] : [],
  );
}

/**
 * The trending scores (server/trending/job.ts), read again only when their version moved: the job
 * that stores them moves the catalogue version too, so every instance comes here within a poll.
 */
async function loadTrending(database: Database, target: MemoryCatalog): Promise<void> {
  const state = await database.db
    .selectFrom("trending_state")
    .select(["version", "computed_at"])
    .where("id", "=", 1)
    .executeTakeFirst();
  const version = Number(state?.version ?? 0);
  if (version === target.trendingVersion) return;
  const rows = await database.db.selectFrom("trending_scores").select(["tool_id", "week", "today"]).execute();
  target.setTrending({
    version,
    computedAt: Number(state?.computed_at ?? 0),
    scores: rows.map((r) => ({ toolId: r.tool_id, week: Number(r.week), today: Number(r.today) })),
  });
}
