import type { LikeIntent, LikeState } from "../../core/likes.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { changeCatalog, type CatalogChangeDeps } from "../catalog/change.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { moveLikeCount, moveLikesTotal } from "../catalog/write.ts";
import type { Database } from "../platform/db/index.ts";
import type { Metrics } from "../platform/metrics/index.ts";
import type { LikeCounts } from "../trending/like-counts.ts";
import { addressKey, type RateLimiter } from "../platform/ratelimit/index.ts";
import { createBatcher } from "./batcher.ts";
import type { VisitorCookies } from "./visitor.ts";

/** Most likes of one tool written in one transaction. */
const MAX_LIKE_BATCH = 100;

/** What became of a like request; `setCookie` is set when the visitor was given a (new) cookie. */
export type LikeOutcome = { setCookie: string | null } & (
  | { kind: "done"; state: LikeState }
  | { kind: "not-found" }
  | { kind: "limited"; retryAfterSec: number; reason: LikeLimit }
);

/** Which limit refused a like: requests in a short time, likes of this tool from this address today, or new visitors from it. */
export type LikeLimit = "rate" | "tool" | "new-visitors";

export interface LikeService {
  /** Likes, unlikes or toggles a public tool for the visitor of the request's cookie. */
  apply(request: {
    toolId: string;
    intent: LikeIntent;
    cookieHeader: string | undefined;
    ip: string;
    now: number;
  }): Promise<LikeOutcome>;
}

/**
 * Likes count once per visitor (docs/design.md#rule-6): the (tool, visitor) pair is the key of `likes`,
 * and a tool's count moves only when a pair was really added or removed, in the same transaction.
 * A visitor is only a cookie, so one address (an IPv4 address, or an IPv6 /64) adds at most a few
 * likes to one tool a day however many cookies it presents (net: an unlike gives its point back), and starts a bounded number of new
 * visitors an hour (docs/decisions/018). Likes of one tool that arrive together are written together
 * (docs/decisions/034).
 */
export function createLikeService(options: {
  database: Database;
  freshness: CatalogFreshness;
  metrics: Pick<Metrics, "likeAdded">;
  /** Where the likes added and taken back are counted (for trending and the charts), in memory. */
  counts: Pick<LikeCounts, "record">;
  cookies: () => Promise<VisitorCookies>;
  limiters: { ip: RateLimiter; visitor: RateLimiter; toolAddress: RateLimiter; newVisitor: RateLimiter };
}): LikeService {
  const { database, freshness, limiters, metrics } = options;
  const like = createBatcher<LikeRequest & { now: number }, LikeResult | null>({
    maxBatch: MAX_LIKE_BATCH,
    // The batch's time is its first like's.
    write: async (toolId, batch) =>
      (await setLikes({ database, freshness, now: () => batch[0]!.now }, toolId, batch)) ?? batch.map(() => null),
  });
  return {
    async apply({ toolId, intent, cookieHeader, ip, now }) {
      const cookies = await options.cookies();
      const address = addressKey(ip);
      // No cookie, or one that is not genuine: a new visitor, never the one the cookie names.
      let visitorId = cookies.read(cookieHeader);
      let setCookie: string | null = null;
      if (!visitorId) {
        const fresh = await limiters.newVisitor.consume(address);
        if (fresh.limited)
          return { kind: "limited", reason: "new-visitors", retryAfterSec: fresh.retryAfterSec, setCookie: null };
        ({ id: visitorId, setCookie } = cookies.issue());
      }

      // Both limits are spent on every request: a script without cookies meets the address limit.
      const [byIp, byVisitor] = await Promise.all([limiters.ip.consume(address), limiters.visitor.consume(visitorId)]);
      const limited = [byIp, byVisitor].find((l) => l.limited);
      if (limited?.limited) return { kind: "limited", reason: "rate", retryAfterSec: limited.retryAfterSec, setCookie };

      // A like that may add one spends the address's budget for this tool first (so parallel
      // requests cannot all pass), and gets it back if it added nothing.
      const mayAdd = intent === "like" || (intent === "toggle" && !(await hasLiked(database, toolId, visitorId)));
      const budgetKey = `${address}\n${toolId}`;
      if (mayAdd) {
        // A refused like takes nothing, so a point an unlike gives back is there for the next one.
        const budget = await limiters.toolAddress.consume(budgetKey, { refusedTakesNothing: true });
        if (budget.limited) return { kind: "limited", reason: "tool", retryAfterSec: budget.retryAfterSec, setCookie };
      }
      const result = await like(toolId, { visitorId, intent, now });
      const added = result?.changed === true && result.state.liked;
      const removed = result?.changed === true && !result.state.liked;
      if (added) metrics.likeAdded();
      if (result?.changed && result.likedAt !== null) options.counts.record(toolId, result.likedAt, added ? 1 : -1);
      if (mayAdd && !added) await limiters.toolAddress.refund(budgetKey);
      // The budget counts the likes an address adds and keeps: an unlike gives its point back, so
      // changing one's mind costs nothing; a like kept from an earlier day gives back none of today's.
      if (removed) await limiters.toolAddress.refund(budgetKey, { onlySpent: true });
      if (!result) return { kind: "not-found", setCookie };
      return { kind: "done", state: result.state, setCookie };
    },
  };
}

async function hasLiked(database: Database, toolId: string, visitorId: string): Promise<boolean> {
  const row = await database.db
    .selectFrom("likes")
    .select("tool_id")
    .where("tool_id", "=", toolId)
    .where("visitor_id", "=", visitorId)
    .executeTakeFirst();
  return row !== undefined;
}

/** One visitor's like or unlike of a tool, as a batch carries it. */
export interface LikeRequest {
  visitorId: string;
  intent: LikeIntent;
}

/**
 * What a like did: the state it left, whether a pair was really added or removed, and when the
 * like added or removed was made (an unlike takes back a like of its own time).
 */
export interface LikeResult {
  state: LikeState;
  changed: boolean;
  likedAt: number | null;
}

/**
 * Likes of one tool written as one catalogue change, in the order given; null when no public tool
 * has that id. Only pairs really added or removed move the count, once for the batch, and each
 * result carries the count as its own like left it: what the last one left, less the moves after it.
 */
export function setLikes(
  deps: CatalogChangeDeps,
  toolId: string,
  requests: readonly LikeRequest[],
): Promise<LikeResult[] | null> {
  return changeCatalog(deps, async (write) => {
    const trx = write.db;
    const tool = await trx.selectFrom("tools").select("status").where("id", "=", toolId).executeTakeFirst();
    if (!tool || !(PUBLIC_STATUSES as readonly string[]).includes(tool.status)) return null;
    const done: { liked: boolean; move: number; likedAt: number | null }[] = [];
    for (const { visitorId, intent } of requests) {
      let liked = intent === "like";
      if (intent === "toggle") {
        const existing = await trx
          .selectFrom("likes")
          .select("tool_id")
          .where("tool_id", "=", toolId)
          .where("visitor_id", "=", visitorId)
          .executeTakeFirst();
        liked = !existing;
      }
      if (liked) {
        const inserted = await trx
          .insertInto("likes")
          .values({ tool_id: toolId, visitor_id: visitorId, created_at: write.now })
          .onConflict((oc) => oc.columns(["tool_id", "visitor_id"]).doNothing())
          .executeTakeFirst();
        const added = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
        done.push({ liked, move: added ? 1 : 0, likedAt: added ? write.now : null });
      } else {
        const deleted = await trx
          .deleteFrom("likes")
          .where("tool_id", "=", toolId)
          .where("visitor_id", "=", visitorId)
          .returning("created_at")
          .executeTakeFirst();
        done.push({ liked, move: deleted ? -1 : 0, likedAt: deleted ? Number(deleted.created_at) : null });
      }
    }
    // The tool's row is locked last, for one statement: a like of it on another instance waits that long only.
    const by = done.reduce((sum, { move }) => sum + move, 0);
    let count =
      by !== 0
        ? await moveLikeCount(write, toolId, by)
        : (await trx.selectFrom("tools").select("upvotes_count").where("id", "=", toolId).executeTakeFirstOrThrow())
            .upvotes_count;
    // After the tool's row: every catalogue change takes the state row last, so none waits in a circle.
    await moveLikesTotal(write, by);
    const results: LikeResult[] = [];
    for (let i = done.length - 1; i >= 0; i--) {
      const { liked, move, likedAt } = done[i]!;
      results[i] = { state: { toolId, liked, count: Math.max(0, count) }, changed: move !== 0, likedAt };
      count -= move;
    }
    return results;
  });
}
